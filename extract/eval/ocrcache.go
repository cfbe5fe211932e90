package eval

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/ocr"
)

// CachedOCR recognises an encoded image, reusing the page stored under dir
// for the same image bytes, engine key (ocr.Tesseract.CacheKey: version,
// languages, every option and the revision of the image preparation, so a
// change to either never reuses an older reading) and tag (anything else the
// caller wants kept apart) when dir is set. It reports whether the page came
// from the cache. For evaluation runs: the cache trusts its files.
//
// An engine with a check (ocr.Tesseract.WithCheck) chooses between readings
// by rules outside the engine (a receipt's arithmetic), which its key cannot
// name: its pages are never kept here, so a changed rule is always measured;
// give it a run cache (ocr.Tesseract.WithRunCache) to reuse tesseract's runs.
func CachedOCR(ctx context.Context, eng *ocr.Tesseract, dir, tag string, data []byte) (layout.Page, bool, error) {
	if eng.HasCheck() {
		dir = ""
	}
	var file string
	if dir != "" {
		h := sha256.New()
		fmt.Fprintf(h, "%s\x00%s\x00", eng.CacheKey(), tag)
		h.Write(data)
		file = filepath.Join(dir, hex.EncodeToString(h.Sum(nil))[:32]+".json")
		if b, err := os.ReadFile(file); err == nil {
			var p layout.Page
			if json.Unmarshal(b, &p) == nil {
				return p, true, nil
			}
		}
	}
	p, err := eng.RecognizeEncoded(ctx, data)
	if err != nil {
		return layout.Page{}, false, err
	}
	if file != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return layout.Page{}, false, err
		}
		b, err := json.Marshal(p)
		if err != nil {
			return layout.Page{}, false, err
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			return layout.Page{}, false, err
		}
	}
	return p, false, nil
}

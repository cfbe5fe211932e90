package receipt

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/ocr"
	"github.com/docextract/docextract/extract/textparse"
	"github.com/stretchr/testify/require"
)

const sroieDir = "../../../shared/corpus/receipts/sroie"

// corpusOCRConfig is the OCR configuration measured by TestSROIE: the
// engine's defaults unless DOCEXTRACT_SROIE_PSM, DOCEXTRACT_SROIE_LANGS
// ("eng+deu") or DOCEXTRACT_SROIE_MINH (Config.MinTextHeight) say otherwise,
// for comparing settings.
func corpusOCRConfig() ocr.Config {
	var cfg ocr.Config
	if v, err := strconv.Atoi(os.Getenv("DOCEXTRACT_SROIE_PSM")); err == nil {
		cfg.PSM = v
	}
	if v, err := strconv.ParseFloat(os.Getenv("DOCEXTRACT_SROIE_MINH"), 64); err == nil {
		cfg.MinTextHeight = v
	}
	if v := os.Getenv("DOCEXTRACT_SROIE_LANGS"); v != "" {
		cfg.Languages = strings.Split(v, "+")
	}
	return cfg
}

// ocrCorpus OCRs every SROIE image (one at a time), caching the pages as
// JSON in a directory under os.TempDir() keyed by the engine version and
// configuration, so that repeated runs of the test only pay for OCR once.
// DOCEXTRACT_OCR_NOCACHE=1 bypasses the cache.
func ocrCorpus(t *testing.T, names []string) map[string]layout.Page {
	t.Helper()
	cfg := corpusOCRConfig()
	e, err := ocr.NewTesseract(cfg)
	if err != nil {
		t.Skipf("tesseract not available, skipping SROIE corpus test: %v", err)
	}
	info := e.Info()
	key := fmt.Sprintf("%s-%s-psm%d-h%g", info.Version, strings.Join(info.Languages, "+"), cfg.PSM, cfg.MinTextHeight)
	cache := filepath.Join(os.TempDir(), "docextract-sroie-ocr", regexp.MustCompile(`[^A-Za-z0-9+.-]`).ReplaceAllString(key, "_"))
	require.NoError(t, os.MkdirAll(cache, 0o755))
	pages := map[string]layout.Page{}
	var ocrTime time.Duration
	ocred := 0
	defer func() {
		if ocred > 0 {
			t.Logf("OCR (%s %v): %d images in %v, %v per image", info.Version, info.Languages, ocred, ocrTime.Round(time.Millisecond), (ocrTime / time.Duration(ocred)).Round(time.Millisecond))
		}
	}()
	for _, n := range names {
		cf := filepath.Join(cache, n+".json")
		if os.Getenv("DOCEXTRACT_OCR_NOCACHE") == "" {
			if b, err := os.ReadFile(cf); err == nil {
				var p layout.Page
				if json.Unmarshal(b, &p) == nil {
					pages[n] = p
					continue
				}
			}
		}
		data, err := os.ReadFile(filepath.Join(sroieDir, "img", n+".jpg"))
		require.NoError(t, err)
		start := time.Now()
		p, err := e.RecognizeEncoded(context.Background(), data)
		require.NoError(t, err, n)
		ocrTime += time.Since(start)
		ocred++
		b, _ := json.Marshal(p)
		_ = os.WriteFile(cf, b, 0o644)
		pages[n] = p
	}
	return pages
}

var spaceRE = regexp.MustCompile(`\s+`)

func norm(s string) string {
	return strings.ToUpper(strings.TrimSpace(spaceRE.ReplaceAllString(s, " ")))
}

// TestSROIE measures extraction on the 30 SROIE receipts against their
// printed ground truth. Scores are exact matches after whitespace and case
// normalisation. The truth's printed date is normalised to YYYY-MM-DD with
// textparse.ParseDate (day-first, as printed in Malaysia), since the
// extractor outputs ISO dates; the total is compared as a decimal (the truth
// "9.00" equals the extracted 9.00). Set DOCEXTRACT_SROIE_VERBOSE=1 to see
// each miss.
func TestSROIE(t *testing.T) {
	keys, _ := filepath.Glob(filepath.Join(sroieDir, "key", "*.json"))
	if len(keys) == 0 {
		t.Skipf("SROIE corpus not found at %s, skipping", sroieDir)
	}
	if testing.Short() {
		t.Skip("corpus OCR is slow; skipped in -short mode")
	}
	// Only receipts with an image can be OCR'd: the corpus has truth for
	// more receipts (key/ and box/) than it has images (img/).
	var names []string
	for _, k := range keys {
		n := strings.TrimSuffix(filepath.Base(k), ".json")
		if _, err := os.Stat(filepath.Join(sroieDir, "img", n+".jpg")); err == nil {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		t.Skipf("no SROIE images under %s/img, skipping", sroieDir)
	}
	pages := ocrCorpus(t, names)
	verbose := os.Getenv("DOCEXTRACT_SROIE_VERBOSE") != ""
	var nTotal, nDate, nMerchant, nAddr int
	for _, n := range names {
		var truth struct{ Company, Date, Address, Total string }
		b, err := os.ReadFile(filepath.Join(sroieDir, "key", n+".json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &truth))
		got := Extract([]layout.Page{pages[n]}).General

		wantTotal, _ := textparse.ParseAmount(truth.Total)
		if got.TotalGrossPrice != nil && got.TotalGrossPrice.Dec().Equal(wantTotal.Value) {
			nTotal++
		} else if verbose {
			t.Logf("%s total: want %s got %v", n, truth.Total, amt(got.TotalGrossPrice))
		}
		wantDate, _ := textparse.ParseDate(truth.Date, textparse.DMY)
		if got.ReceiptDate != nil && *got.ReceiptDate == wantDate {
			nDate++
		} else if verbose {
			t.Logf("%s date: want %s (%s) got %v", n, wantDate, truth.Date, str(got.ReceiptDate))
		}
		if got.MerchantName != nil && norm(*got.MerchantName) == norm(truth.Company) {
			nMerchant++
		} else if verbose {
			t.Logf("%s merchant: want %q got %q", n, truth.Company, str(got.MerchantName))
		}
		if got.MerchantAddress != nil && norm(*got.MerchantAddress) == norm(truth.Address) {
			nAddr++
		} else if verbose {
			t.Logf("%s address: want %q got %q", n, truth.Address, str(got.MerchantAddress))
		}
	}
	pct := func(k int) float64 { return 100 * float64(k) / float64(len(names)) }
	t.Logf("SROIE %d receipts: total %.0f%%, date %.0f%%, merchant %.0f%%, address %.0f%%",
		len(names), pct(nTotal), pct(nDate), pct(nMerchant), pct(nAddr))
	// Floors a little under the measured accuracy: regressions fail.
	require.GreaterOrEqual(t, pct(nTotal), floorTotal, "total accuracy")
	require.GreaterOrEqual(t, pct(nDate), floorDate, "date accuracy")
	require.GreaterOrEqual(t, pct(nMerchant), floorMerchant, "merchant accuracy")
}

func str(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func amt(a *docextract.Amount) string {
	if a == nil {
		return "<nil>"
	}
	return a.String()
}

// Regression floors, under the accuracy measured with tesseract 5.3.0 and
// the default ocr.Config (total 80%, date 93%, merchant 63% of 30) to allow
// for other tesseract builds; the targets are 75/85/60.
const (
	floorTotal    = 70.0
	floorDate     = 83.0
	floorMerchant = 53.0
)

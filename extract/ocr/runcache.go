package ocr

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// runCache keeps the output of tesseract recognitions in a folder, one
// JSON file per run, keyed by the tesseract version, the arguments and the
// exact input bytes: a cached output is what the same run would print
// again, whatever code prepared the image.
type runCache struct {
	dir string
}

type runEntry struct {
	Args   []string `json:"args"`
	InSize int      `json:"in_size"` // bytes of the input image
	Out    []byte   `json:"out"`
	CPUNs  int64    `json:"cpu_ns"` // CPU time of the run when it was made
}

func (c *runCache) file(version string, args []string, input []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "tesseract %s\x00%s\x00", version, strings.Join(args, "\x00"))
	h.Write(input)
	return filepath.Join(c.dir, hex.EncodeToString(h.Sum(nil))[:32]+".json")
}

// WithRunCache returns an engine like t whose recognitions are kept in
// dir and reused: the output of each tesseract run is stored under the
// tesseract version, its arguments and the exact image bytes it was given,
// so a change to the code around tesseract (image preparation, second
// readings, merging) reuses every run it still makes the same way. Meant
// for evaluation runs that compare such changes; the cache trusts its
// files. "" disables it.
func (t *Tesseract) WithRunCache(dir string) *Tesseract {
	r := *t
	r.runs = nil
	if dir != "" {
		r.runs = &runCache{dir: dir}
	}
	return &r
}

// TesseractCPU returns the CPU time (user and system) of the tesseract
// processes run by t and by the engines derived from it (Receipts,
// WithRunCache), counting for a run served by a run cache the CPU time it
// took when it was made, and NewTesseract's version and language probes.
// For measuring what OCR costs: take the difference around the work.
func (t *Tesseract) TesseractCPU() time.Duration {
	if t.cpu == nil {
		return 0
	}
	return time.Duration(t.cpu.Load())
}

// recognition runs tesseract with args on input through the run cache, if
// any.
func (t *Tesseract) recognition(ctx context.Context, input []byte, args ...string) ([]byte, error) {
	if t.runs == nil {
		return t.run(ctx, input, args...)
	}
	file := t.runs.file(t.version, args, input)
	if b, err := os.ReadFile(file); err == nil {
		var e runEntry
		if json.Unmarshal(b, &e) == nil {
			if t.cpu != nil {
				t.cpu.Add(e.CPUNs)
			}
			return e.Out, nil
		}
	}
	out, cpu, err := t.runCPU(ctx, input, args...)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(runEntry{Args: args, InSize: len(input), Out: out, CPUNs: int64(cpu)})
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(t.runs.dir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(t.runs.dir, ".run-*")
	if err != nil {
		return nil, err
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return out, nil
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		os.Remove(tmp.Name())
	}
	return out, nil
}

// cpuCounter is shared by an engine and the engines derived from it.
type cpuCounter = atomic.Int64

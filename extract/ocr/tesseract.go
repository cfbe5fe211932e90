package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/docextract/docextract/extract/layout"
)

// Engine recognises the text of one page image.
type Engine interface {
	// Recognize returns the words of img with boxes in img's pixel space
	// (top-left origin; after any rotation the engine applied, Width and
	// Height are those of the upright page). Page.Number is 1 and OCR true.
	Recognize(ctx context.Context, img image.Image) (layout.Page, error)
	// Name identifies the engine, e.g. "tesseract".
	Name() string
}

// EncodedRecognizer is implemented by engines that can read an encoded
// image (JPEG, PNG, ...) directly, saving a decode and re-encode. Callers
// holding file bytes should prefer it when the engine has it.
type EncodedRecognizer interface {
	RecognizeEncoded(ctx context.Context, data []byte) (layout.Page, error)
}

// ErrNotInstalled is returned by NewTesseract when the tesseract program
// cannot be found.
var ErrNotInstalled = errors.New("ocr: tesseract is not installed (install tesseract-ocr, e.g. apt-get install tesseract-ocr, or set the path)")

// DefaultLanguages are the tesseract languages used when Config.Languages is
// empty, filtered to those installed.
var DefaultLanguages = []string{"eng", "deu", "fra", "nld", "spa", "ita"}

// Config configures Tesseract. The zero value means defaults throughout.
type Config struct {
	// Path is the tesseract program; "" looks up "tesseract" on PATH.
	Path string
	// Languages to recognise, as tesseract names ("eng", "deu", ...).
	// Empty means DefaultLanguages filtered to the installed ones. Every
	// language costs recognition time: the six default languages take about
	// four times as long as "eng" alone (1.7 s against 0.4 s for a SROIE
	// receipt on one core), and read those receipts better (total 77% vs
	// 70%, merchant 47% vs 40% at PSM 3).
	Languages []string
	// PSM is tesseract's page segmentation mode; 0 means 3 (automatic
	// layout analysis). 6 (one uniform block) alone reads receipts'
	// totals and dates better but drops large headings, the merchant's
	// name among them (SROIE tune part: merchant 69% vs 77%, date 91% vs
	// 87%, total 83% vs 80%); Receipts keeps 3 and reads the lines of
	// values again in 6. Mode 2 (no recognition) is refused.
	PSM int
	// Threads is OMP_THREAD_LIMIT for the process; 0 means 1, which keeps
	// CPU use predictable when many pages run side by side.
	Threads int
	// MinTextHeight: when the typical height of text lines, estimated from
	// the image's ink projection, is below it, the image is upscaled
	// (Catmull-Rom) before recognition so that lines reach about 1.25 times
	// this height (at most MaxUpscale, long side at most 4000 px). 0 means
	// 10; negative disables upscaling. Measured on the SROIE scans (text
	// lines of 13-20 px): upscaling to 20 px changed receipt accuracy
	// (total/date/merchant) from 77/93/47% to 77/90/50% for 35% more time,
	// so the default only rescues really small text.
	MinTextHeight float64
	// MaxUpscale caps the upscaling factor; 0 means 3.
	MaxUpscale float64
	// NoOrientation disables orientation detection (upside-down or
	// sideways pages).
	NoOrientation bool
	// NoDeskew disables skew correction.
	NoDeskew bool
	// RereadPSM is the page segmentation mode of a second reading of the
	// lines that hold values: lines ending in a value label without a
	// digit ("Total Amount:", "DATE": the value column was dropped or split
	// off), lines with a date label, a date-shaped token or a time of day.
	// Bands of the image around those lines, cut between text lines, are
	// stacked into one image and read in one run (English alone when it is
	// installed, as only the digits of this reading are kept); its words
	// holding a digit are merged into the first reading: one where the
	// first has none is added, one that covers words of the first replaces
	// them when tesseract is more confident of it. Rows of ink shaped like
	// a text line on which the first reading has no word at all (a large
	// dot-matrix "TOTAL 7.00") are read in the same mode in a stack of
	// their own, and their words are added whole. 0 means none (Receipts
	// sets 6), negative none even for Receipts.
	RereadPSM int
	// AltPSM is the page segmentation mode of a second reading of the
	// whole page; of the two readings the one with more words read (the
	// summed confidence of words holding a letter or digit) is kept. 0
	// means 6 (one uniform block), negative none; Receipts sets none (it
	// reads the lines of values again instead). Automatic layout analysis
	// (PSM 3) drops the words of sparse, small-print pages (a totals block
	// of labels far left of their amounts, a table of tax rates) that mode
	// 6 reads, and mode 6 drops large headings that mode 3 reads (its words
	// of letters read with under 50% confidence, a logo or a shaded box
	// read as text, are dropped before the two are compared). Measured
	// on the e-invoice corpus read as scans (TestCorpusScanned in
	// extract/invoice, 64 real invoices): PSM 3 alone 79.6% of fields
	// (tune 80.9%, report 77.7%), PSM 6 alone 85.8% (93.9%, 74.8%), both
	// with the better kept 89.4% (94.6%, 82.2%); tesseract's time per page
	// about 1.6 times PSM 3 alone. The generated scanned suites read 617 of
	// 654 invoice fields against 616 before, and 7 more statement fields.
	// The second reading is made only when the first left pieces of text
	// unread (ink as tall as the page's text and as dense as print outside
	// every word's box; about a third of the corpus pages have none): 90.8%
	// (tune 94.6%, report 85.6%) with 15% less tesseract time than reading
	// every page twice.
	AltPSM int
	// MinSkew is the skew in degrees from which an image is straightened
	// and read again; 0 means 1.5.
	MinSkew float64
	// Timeout bounds one tesseract run in addition to the context; 0
	// means 2 minutes.
	Timeout time.Duration
}

// Info describes the installed recogniser, for diagnostics (the CLI's
// doctor sub-command).
type Info struct {
	Name      string   // "tesseract"
	Path      string   // resolved program path
	Version   string   // e.g. "5.3.0"
	Installed []string // languages installed
	Languages []string // languages in use
	OSD       bool     // orientation and script detection data installed
}

// Tesseract is an Engine using the tesseract program. It is safe for
// concurrent use; each call runs its own process.
type Tesseract struct {
	cfg     Config
	path    string
	version string
	langs   []string
	inst    []string
	osd     bool
	// runs, when set, keeps each recognition's output: see WithRunCache.
	runs *runCache
	// cpu sums the CPU time of the tesseract runs: see TesseractCPU.
	cpu *cpuCounter
	// check rates a reading and asks for a second look: see WithCheck.
	check     Check
	checkName string
}

var (
	_ Engine            = (*Tesseract)(nil)
	_ EncodedRecognizer = (*Tesseract)(nil)
)

// NewTesseract finds the tesseract program, reads its version and installed
// languages and returns a ready engine. It returns an error wrapping
// ErrNotInstalled when the program is missing, and an error when none of the
// requested languages is installed.
func NewTesseract(cfg Config) (*Tesseract, error) {
	path := cfg.Path
	if path == "" {
		path = "tesseract"
	}
	resolved, err := exec.LookPath(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotInstalled, err)
	}
	if cfg.PSM == 0 || cfg.PSM == 2 {
		if cfg.PSM == 2 {
			return nil, fmt.Errorf("ocr: page segmentation mode %d does no recognition", cfg.PSM)
		}
		cfg.PSM = 3
	}
	if cfg.AltPSM == 0 {
		cfg.AltPSM = 6
	}
	if cfg.AltPSM == 2 || cfg.AltPSM > 13 {
		return nil, fmt.Errorf("ocr: whole-page second reading's page segmentation mode %d is not one of 1, 3..13", cfg.AltPSM)
	}
	if cfg.RereadPSM == 2 || cfg.RereadPSM > 13 {
		return nil, fmt.Errorf("ocr: second reading's page segmentation mode %d is not one of 1, 3..13", cfg.RereadPSM)
	}
	if cfg.PSM < 0 || cfg.PSM > 13 {
		return nil, fmt.Errorf("ocr: page segmentation mode %d out of range 1..13", cfg.PSM)
	}
	if cfg.Threads <= 0 {
		cfg.Threads = 1
	}
	if cfg.MinTextHeight == 0 {
		cfg.MinTextHeight = 10
	}
	if cfg.MaxUpscale <= 0 {
		cfg.MaxUpscale = 3
	}
	if cfg.MinSkew <= 0 {
		cfg.MinSkew = 1.5
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 2 * time.Minute
	}
	t := &Tesseract{cfg: cfg, path: resolved, cpu: new(cpuCounter)}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := t.run(ctx, nil, "--version")
	if err != nil {
		return nil, fmt.Errorf("%w: %s --version: %v", ErrNotInstalled, resolved, err)
	}
	t.version = parseVersion(out)
	out, err = t.run(ctx, nil, "--list-langs")
	if err != nil {
		return nil, fmt.Errorf("ocr: %s --list-langs: %w", resolved, err)
	}
	t.inst = parseLangs(out)
	t.osd = slices.Contains(t.inst, "osd")
	want := cfg.Languages
	if len(want) == 0 {
		want = DefaultLanguages
	}
	for _, l := range want {
		if slices.Contains(t.inst, l) && !slices.Contains(t.langs, l) {
			t.langs = append(t.langs, l)
		}
	}
	if len(t.langs) == 0 {
		return nil, fmt.Errorf("ocr: none of the languages %v is installed for tesseract (installed: %v)", want, t.inst)
	}
	return t, nil
}

// Name returns "tesseract".
func (t *Tesseract) Name() string { return "tesseract" }

// Version returns the tesseract version, e.g. "5.3.0".
func (t *Tesseract) Version() string { return t.version }

// Info describes the program, its languages and orientation support.
func (t *Tesseract) Info() Info {
	return Info{Name: t.Name(), Path: t.path, Version: t.version,
		Installed: slices.Clone(t.inst), Languages: slices.Clone(t.langs), OSD: t.osd}
}

var versionRE = regexp.MustCompile(`(?m)^tesseract\s+v?(\S+)`)

func parseVersion(out []byte) string {
	if m := versionRE.FindSubmatch(out); m != nil {
		return string(m[1])
	}
	return strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
}

func parseLangs(out []byte) []string {
	var langs []string
	for i, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		if i == 0 && strings.HasPrefix(l, "List of") || l == "" || strings.Contains(l, " ") {
			continue
		}
		langs = append(langs, l)
	}
	return langs
}

// run executes tesseract with input on standard input and returns standard
// output. The process is killed when ctx ends or the timeout passes.
func (t *Tesseract) run(ctx context.Context, input []byte, args ...string) ([]byte, error) {
	out, _, err := t.runCPU(ctx, input, args...)
	return out, err
}

// runCPU is run, also returning the CPU time of the process (added to
// t's TesseractCPU too).
func (t *Tesseract) runCPU(ctx context.Context, input []byte, args ...string) ([]byte, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, t.cfg.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, t.path, args...)
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT="+strconv.Itoa(t.cfg.Threads))
	cmd.WaitDelay = 2 * time.Second
	if input != nil {
		cmd.Stdin = bytes.NewReader(input)
	}
	var stdout bytes.Buffer
	stderr := &capped{max: 4096}
	cmd.Stdout = &stdout
	cmd.Stderr = stderr
	err := cmd.Run()
	var cpu time.Duration
	if cmd.ProcessState != nil {
		cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		if t.cpu != nil {
			t.cpu.Add(int64(cpu))
		}
	}
	if ctx.Err() != nil {
		return nil, cpu, fmt.Errorf("ocr: tesseract: %w", context.Cause(ctx))
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg != "" {
			return nil, cpu, fmt.Errorf("ocr: tesseract %s: %w: %s", strings.Join(args, " "), err, msg)
		}
		return nil, cpu, fmt.Errorf("ocr: tesseract %s: %w", strings.Join(args, " "), err)
	}
	// tesseract 4/5 prints a version listing to stderr for --version on
	// some builds: fall back to it.
	if stdout.Len() == 0 && len(args) == 1 && args[0] == "--version" {
		return []byte(stderr.String()), cpu, nil
	}
	return stdout.Bytes(), cpu, nil
}

// tsv runs one recognition of an encoded image and parses the words.
func (t *Tesseract) tsv(ctx context.Context, data []byte, psm int) ([]TSVWord, error) {
	return t.tsvLangs(ctx, data, psm, t.langs)
}

// tsvLangs is tsv with the given languages.
func (t *Tesseract) tsvLangs(ctx context.Context, data []byte, psm int, langs []string) ([]TSVWord, error) {
	out, err := t.recognition(ctx, data, "stdin", "stdout", "-l", strings.Join(langs, "+"),
		"--psm", strconv.Itoa(psm), "tsv")
	if err != nil {
		return nil, err
	}
	return ParseTSV(out)
}

var (
	osdRotateRE = regexp.MustCompile(`Rotate:\s*(\d+)`)
	osdConfRE   = regexp.MustCompile(`Orientation confidence:\s*([0-9.]+)`)
)

// osdRotate asks tesseract's orientation detection how many degrees
// (clockwise) the image must be turned to be upright, with its confidence.
func (t *Tesseract) osdRotate(ctx context.Context, data []byte) (int, float64, error) {
	out, err := t.recognition(ctx, data, "stdin", "stdout", "--psm", "0")
	if err != nil {
		return 0, 0, err
	}
	m := osdRotateRE.FindSubmatch(out)
	c := osdConfRE.FindSubmatch(out)
	if m == nil || c == nil {
		return 0, 0, nil
	}
	r, _ := strconv.Atoi(string(m[1]))
	conf, _ := strconv.ParseFloat(string(c[1]), 64)
	return r, conf, nil
}

// capped is a writer keeping the first max bytes.
type capped struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}

// prepVersion names the revision of the image preparation in recognize
// (Exif orientation, scaling, contrast, binarisation, rotation, deskew,
// second readings). Bump it whenever that code changes what tesseract is
// given, so a cache keyed by CacheKey never serves a reading made by older
// code.
const prepVersion = "prep-7"

// CacheKey identifies everything besides the image that decides what
// Recognize returns: the tesseract version and languages, every option of
// the configuration and the revision of the image preparation. A cache of
// OCR results keyed by the image bytes and CacheKey reuses a reading only
// when the same code would make it again.
func (t *Tesseract) CacheKey() string {
	c := t.cfg
	key := fmt.Sprintf("%s|tesseract %s|%s|psm=%d|minh=%g|maxup=%g|noorient=%t|nodeskew=%t|minskew=%g|reread=%d|rereadlangs=%s|alt=%d",
		prepVersion, t.version, strings.Join(t.langs, "+"), c.PSM, c.MinTextHeight, c.MaxUpscale,
		c.NoOrientation, c.NoDeskew, c.MinSkew, c.RereadPSM, strings.Join(t.valueLangs(), "+"), c.AltPSM)
	if t.check != nil {
		key += "|check=" + t.checkName
	}
	return key
}

// HasCheck reports whether t has a check (see WithCheck).
func (t *Tesseract) HasCheck() bool { return t.check != nil }

// Check rates a reading of a page for a document type's fields: a score
// (higher is better: more fields read and confirmed), whether the reading
// lacks a field that a second reading might find, and whether a field it
// read is weak: found, but not confirmed by the document's own figures (a
// receipt's total that no sum, cash less change or repetition gives a
// second way). See WithCheck.
type Check func(layout.Page) (score int, lacking, weak bool)

// WithCheck returns an engine like t that lets check decide which
// readings are read again and which reading is kept. When check says a
// reading lacks a field (a receipt without a total or a valid date), the
// image is read a second time in page segmentation mode 11 (sparse text),
// that reading's words holding a digit are merged into the first (the
// surer word winning) and the merged reading is kept only when check
// scores it higher. When a field is still weak after that, only the lines
// holding values are read again, at another scale (see recheckValues),
// and that reading is kept only when check scores it higher. Else the
// first reading stands: only readings that lack or doubt something pay
// for more tesseract runs. name identifies check's revision in CacheKey,
// so that a cache never serves a reading made with another. A nil check
// removes it.
func (t *Tesseract) WithCheck(name string, check Check) *Tesseract {
	r := *t
	r.check, r.checkName = check, name
	if check == nil {
		r.checkName = ""
	}
	return &r
}

// receiptRereadPSM is the page segmentation mode of the second reading of
// a receipt: see Receipts.
const receiptRereadPSM = 6

// Receipts returns an engine sharing t's program, languages and page
// segmentation, set up for shop receipts: the lines holding totals, dates
// and other values are read again in page segmentation mode 6 (one uniform
// block of text), which keeps a receipt's right-hand amount column that
// automatic layout analysis drops and reads digits more surely, and the
// digits of that reading are merged into the first (see Config.RereadPSM).
// A RereadPSM set in t's Config is kept (negative: no second reading).
// Measured on the SROIE receipts: see the README, "Receipts are scored the
// same way".
func (t *Tesseract) Receipts() *Tesseract {
	r := *t
	r.cfg.AltPSM = -1
	if r.cfg.RereadPSM == 0 {
		r.cfg.RereadPSM = receiptRereadPSM
	}
	if r.cfg.RereadPSM == r.cfg.PSM {
		r.cfg.RereadPSM = -1
	}
	return &r
}

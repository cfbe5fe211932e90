package ocr

import (
	"bufio"
	"bytes"
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/docextract/docextract/extract/layout"
	"github.com/docextract/docextract/extract/textparse"
)

// TSVWord is one word row of tesseract's TSV output, with the position of the
// word in tesseract's block / paragraph / line hierarchy.
type TSVWord struct {
	layout.Word
	Block, Par, Line int
}

// ErrBadTSV is returned by ParseTSV when the input is not tesseract TSV.
var ErrBadTSV = errors.New("ocr: not tesseract TSV output")

// tsvColumns are the column names of tesseract's TSV output, in order.
var tsvColumns = []string{"level", "page_num", "block_num", "par_num", "line_num",
	"word_num", "left", "top", "width", "height", "conf", "text"}

// ParseTSV parses the TSV output of tesseract (`tesseract IMG stdout tsv`)
// and returns its words (level 5 rows with non-blank text) in output order,
// which is tesseract's reading order. Columns are located by the header, so
// reordered or extra columns are accepted; malformed rows are skipped. A word
// box has the top-left origin of the image, in pixels; Size is its height.
// ParseTSV fails only when the header is missing.
func ParseTSV(data []byte) ([]TSVWord, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	idx := map[string]int{}
	var words []TSVWord
	header := false
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if !header {
			if strings.TrimSpace(line) == "" {
				continue
			}
			for i, name := range strings.Split(line, "\t") {
				idx[strings.TrimSpace(name)] = i
			}
			for _, c := range tsvColumns {
				if _, ok := idx[c]; !ok {
					return nil, ErrBadTSV
				}
			}
			header = true
			continue
		}
		f := strings.Split(line, "\t")
		get := func(name string) string {
			if i := idx[name]; i < len(f) {
				return f[i]
			}
			return ""
		}
		if get("level") != "5" {
			continue
		}
		// Ligatures and full-width forms as in a text layer (textparse.NormRune).
		text := textparse.NormWord(strings.TrimSpace(get("text")))
		if text == "" {
			continue
		}
		var nums [8]float64
		ok := true
		for i, c := range []string{"block_num", "par_num", "line_num", "left", "top", "width", "height", "conf"} {
			v, err := strconv.ParseFloat(strings.TrimSpace(get(c)), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				ok = false
				break
			}
			nums[i] = v
		}
		if !ok || nums[5] < 0 || nums[6] < 0 {
			continue
		}
		conf := math.Max(0, math.Min(100, nums[7]))
		w := TSVWord{
			Word: layout.Word{
				Text: text,
				X0:   nums[3], Y0: nums[4],
				X1: nums[3] + nums[5], Y1: nums[4] + nums[6],
				Conf: conf, Size: nums[6],
			},
			Block: int(nums[0]), Par: int(nums[1]), Line: int(nums[2]),
		}
		words = append(words, w)
	}
	if err := sc.Err(); err != nil {
		return words, err
	}
	if !header {
		if len(bytes.TrimSpace(data)) == 0 {
			return nil, nil
		}
		return nil, ErrBadTSV
	}
	return words, nil
}

package ocr

import (
	"reflect"
	"testing"

	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
)

func TestMergeWords(t *testing.T) {
	word := func(text string, x0, x1, conf float64) TSVWord {
		return TSVWord{Word: layout.Word{Text: text, X0: x0, Y0: 100, X1: x1, Y1: 112, Conf: conf}}
	}
	a := []TSVWord{word("TOTAL", 10, 60, 95), word("2O/O3/2Ol8", 100, 180, 40)}
	b := []TSVWord{
		word("TOTA1", 12, 61, 60),        // the same word, less sure: a's kept
		word("20/03/2018", 101, 181, 92), // the same word, surer: replaces a's
		word("9.00", 300, 340, 90),       // what a missed: added
		word("|", 200, 202, 99),          // no letter or digit: ignored
	}
	m := mergeWords(a, b)
	var texts []string
	for _, w := range m {
		texts = append(texts, w.Text)
	}
	require.Equal(t, []string{"TOTAL", "20/03/2018", "9.00"}, texts)
}

func TestCacheKeyNamesEveryOption(t *testing.T) {
	base := Tesseract{cfg: Config{PSM: 3, MinTextHeight: 10, MaxUpscale: 3, MinSkew: 1.5}, version: "5.3.0", langs: []string{"eng"}}
	// Options that cannot change a reading; Languages is resolved into
	// langs, checked below.
	inert := map[string]bool{"Path": true, "Threads": true, "Timeout": true, "Languages": true}
	rt := reflect.TypeOf(Config{})
	for i := 0; i < rt.NumField(); i++ {
		f := rt.Field(i)
		if inert[f.Name] {
			continue
		}
		e := base
		v := reflect.ValueOf(&e.cfg).Elem().Field(i)
		switch v.Kind() {
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Int, reflect.Int64:
			v.SetInt(v.Int() + 1)
		case reflect.Float64:
			v.SetFloat(v.Float() + 1.5)
		default:
			t.Fatalf("Config.%s: teach this test its kind %s", f.Name, v.Kind())
		}
		require.NotEqual(t, base.CacheKey(), e.CacheKey(), "Config.%s is not part of CacheKey", f.Name)
	}
	other := base
	other.version = "5.4.0"
	require.NotEqual(t, base.CacheKey(), other.CacheKey())
	other = base
	other.langs = []string{"eng", "deu"}
	require.NotEqual(t, base.CacheKey(), other.CacheKey())
}

func TestValueLines(t *testing.T) {
	line := func(y float64, texts ...string) []TSVWord {
		var out []TSVWord
		x := 10.0
		for _, s := range texts {
			out = append(out, TSVWord{Word: layout.Word{Text: s, X0: x, Y0: y, X1: x + 10*float64(len(s)), Y1: y + 12, Conf: 90}})
			x += 10*float64(len(s)) + 8
		}
		return out
	}
	texts := func(ws []TSVWord) []string {
		var out []string
		for _, l := range valueLines(ws) {
			out = append(out, l.Text())
		}
		return out
	}
	var ws []TSVWord
	ws = append(ws, line(10, "GROCERY", "MART")...)
	ws = append(ws, line(40, "Cashier:", "ANN")...)      // a value that is no number
	ws = append(ws, line(70, "TOTAL", "AMT", "9.00")...) // has its value
	require.Empty(t, texts(ws))
	ws = append(ws, line(100, "Total", "Amount:")...)
	ws = append(ws, line(130, "CHANGE", ":")...)
	ws = append(ws, line(160, "Please", "keep", "this", "receipt", "total")...) // a sentence
	ws = append(ws, line(190, "2O/O3/2018", "10:15")...)                        // a date, misread
	require.Equal(t, []string{"Total Amount:", "CHANGE :", "2O/O3/2018 10:15"}, texts(ws))
}

func TestReceipts(t *testing.T) {
	def := &Tesseract{cfg: Config{PSM: 3}, version: "5.3.0", langs: []string{"eng"}}
	r := def.Receipts()
	require.Equal(t, 3, r.cfg.PSM)
	require.Equal(t, 6, r.cfg.RereadPSM)
	require.Equal(t, 0, def.cfg.RereadPSM, "the original engine is unchanged")
	require.NotEqual(t, def.CacheKey(), r.CacheKey())

	// A second reading the caller chose is kept; one in the mode of the
	// first is none.
	own := &Tesseract{cfg: Config{PSM: 3, RereadPSM: 4}}
	require.Equal(t, 4, own.Receipts().cfg.RereadPSM)
	same := &Tesseract{cfg: Config{PSM: 6}}
	require.Equal(t, -1, same.Receipts().cfg.RereadPSM)
	off := &Tesseract{cfg: Config{PSM: 3, RereadPSM: -1}}
	require.Equal(t, -1, off.Receipts().cfg.RereadPSM)
}

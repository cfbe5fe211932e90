package eval_test

import (
	"testing"

	"github.com/docextract/docextract/extract/eval"
)

// FuzzTruth: the truth reader takes outside XML; it must never panic, and a
// successful read always carries LineCount.
func FuzzTruth(f *testing.F) {
	for _, s := range []string{cii("A", 2, true), zf1, ublCredit, orderX, "", "<Invoice/>"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := eval.Truth(data)
		if err == nil && got[eval.FieldLineCount] == "" {
			t.Fatalf("no LineCount in %v", got)
		}
	})
}

// FuzzScore: normalisation must not panic (or stall) on any pair of strings.
func FuzzScore(f *testing.F) {
	f.Add("InvoiceDate", "31.01.2024", "2024-01-31")
	f.Add("TotalGrossPrice", "1e5", "100000")
	f.Add("TotalNetPrice", "1e-99999999", "1")
	f.Fuzz(func(t *testing.T, field, got, want string) {
		eval.Score(field, got, want)
		for _, fl := range eval.Fields {
			eval.Score(fl, got, want)
		}
	})
}

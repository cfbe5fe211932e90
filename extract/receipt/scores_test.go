package receipt

import (
	"testing"

	"github.com/docextract/docextract/extract/layout"
	"github.com/stretchr/testify/require"
)

// withConf sets every word's OCR confidence.
func withConf(p layout.Page, c float64) layout.Page {
	for i := range p.Words {
		p.Words[i].Conf = c
	}
	return p
}

func TestExtractScoredEvidence(t *testing.T) {
	// Total confirmed by cash minus change, date on a labelled line,
	// merchant with a company form.
	strong := page(`
GROCERY MART SDN BHD
NO 5, JALAN BESAR, 81100 JOHOR
Date: 25/12/2018 20:13
MILK  6.50
BREAD  2.50
TOTAL  9.00
CASH  10.00
CHANGE  1.00
`)
	// Only a bare "total" label, a date printed alone, no company form.
	weak := page(`
Lucky Corner
12 High Road
25/12/2018
MILK  6.50
BREAD  2.00
TOTAL  9.00
`)
	ds, cs := ExtractScored([]layout.Page{strong})
	dw, cw := ExtractScored([]layout.Page{weak})
	require.Equal(t, "9", ds.General.TotalGrossPrice.String())
	require.Equal(t, "9", dw.General.TotalGrossPrice.String())
	require.Equal(t, "2018-12-25", *ds.General.ReceiptDate)
	require.Equal(t, "2018-12-25", *dw.General.ReceiptDate)
	require.NotNil(t, dw.General.MerchantName)
	for _, f := range []string{"TotalGrossPrice", "ReceiptDate", "MerchantName", "lineItems"} {
		require.Greater(t, cs[f], cw[f], f)
		require.LessOrEqual(t, cs[f], 1.0, f)
		require.Greater(t, cw[f], 0.0, f)
	}
	// Null fields have no entry.
	require.Nil(t, dw.General.ReceiptNumber)
	_, ok := cw["ReceiptNumber"]
	require.False(t, ok)

	// The same receipt read with unsure OCR scores lower.
	_, cl := ExtractScored([]layout.Page{withConf(page(`
GROCERY MART SDN BHD
NO 5, JALAN BESAR, 81100 JOHOR
Date: 25/12/2018 20:13
MILK  6.50
BREAD  2.50
TOTAL  9.00
CASH  10.00
CHANGE  1.00
`), 60)})
	for _, f := range []string{"TotalGrossPrice", "ReceiptDate", "MerchantName"} {
		require.Less(t, cl[f], cs[f], f)
		require.GreaterOrEqual(t, cl[f], 0.4, f)
	}
	// Extract returns the same data without the scores.
	require.Equal(t, ds, Extract([]layout.Page{strong}))
}

func TestFixDateDigits(t *testing.T) {
	for in, want := range map[string]string{
		"2O/03/2018": "20/03/2018",
		"20/O3/2Ol8": "20/03/2018",
		"l5.0l.19":   "15.01.19",
		"3I-12-2017": "31-12-2017",
		"25/12/2018": "25/12/2018", // nothing to repair
		"20/03-2Ol8": "20/03-2Ol8", // separators differ: not a date shape
		"1S/O3/2OlB": "15/03/2018",
		"SO/03/2018": "50/03/2018", // repaired, but no valid date: see below
		"SOME/03/18": "SOME/03/18", // other letters: no date shape
		"TOTAL":      "TOTAL",
		"Ol/Ol":      "Ol/Ol", // no year
	} {
		require.Equal(t, want, fixDateDigits(in), in)
	}
	d := Extract([]layout.Page{page("SHOP SDN BHD\nDate: 2O/03/2Ol8 10:15\nTOTAL  9.00\n")})
	require.Equal(t, "2018-03-20", *d.General.ReceiptDate)
	// A repair that makes no valid date is no date.
	d = Extract([]layout.Page{page("SHOP SDN BHD\nDate: SO/03/2018\nTOTAL  9.00\n")})
	require.Nil(t, d.General.ReceiptDate)
}

package eval_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/docextract/docextract"
	"github.com/docextract/docextract/extract/eval"
)

func TestReceiptTruth(t *testing.T) {
	for _, tc := range []struct{ date, want string }{
		{"25/12/2018", "2018-12-25"},
		{"25-12-18", "2018-12-25"},
		{"2/3/2018", "2018-03-02"},
		{"2018-03-02", "2018-03-02"},
		{"2018/03/02", "2018-03-02"},
		{"02 MAR 2018", "2018-03-02"},
		{"02-MAR-18", "2018-03-02"},
		{"02/Jan/2018", "2018-01-02"},
		{"02.03.18", "2018-03-02"},
		{"20180302", "2018-03-02"},
		{"02032018", "2018-03-02"},
		{"31/02x/2018", "31/02x/2018"}, // kept as printed: matches nothing
		{"32/01/2018", "32/01/2018"},
	} {
		got, err := eval.ReceiptTruth([]byte(`{"company":" ACME  SDN BHD ","date":"` + tc.date + `","address":"NO 1, JALAN","total":"$1,208.20"}`))
		require.NoError(t, err, tc.date)
		require.Equal(t, tc.want, got[eval.FieldReceiptDate], tc.date)
		require.Equal(t, "ACME SDN BHD", got[eval.FieldMerchantName])
		require.Equal(t, "1208.20", got[eval.FieldTotalGrossPrice])
	}
	got, err := eval.ReceiptTruth([]byte(`{"total":"RM 9.00"}`))
	require.NoError(t, err)
	require.Equal(t, map[string]string{eval.FieldTotalGrossPrice: "9.00"}, got)
	_, err = eval.ReceiptTruth([]byte(`{}`))
	require.ErrorIs(t, err, eval.ErrNoTruth)
	_, err = eval.ReceiptTruth([]byte(`[1]`))
	require.Error(t, err)
}

func TestParseBoxes(t *testing.T) {
	p, err := eval.ParseBoxes([]byte("\ufeff10,20,110,20,110,40,10,40,TOTAL 9,00\r\n\n5,50,45,50,45,60,5,60,RM\n"))
	require.NoError(t, err)
	require.Len(t, p.Words, 3)
	require.Equal(t, "TOTAL", p.Words[0].Text)
	require.InDelta(t, 10, p.Words[0].X0, 1e-9)
	require.InDelta(t, 60, p.Words[0].X1, 1e-9) // 5 of 10 characters
	require.Equal(t, "9,00", p.Words[1].Text)
	require.InDelta(t, 70, p.Words[1].X0, 1e-9)
	require.InDelta(t, 110, p.Words[1].X1, 1e-9)
	require.Equal(t, 20.0, p.Words[1].Size)
	require.Equal(t, 110.0, p.Width)
	require.Equal(t, 60.0, p.Height)
	for _, bad := range []string{"1,2,3,TEXT", "a,2,3,4,5,6,7,8,X", "NaN,2,3,4,5,6,7,8,X", "1e9,2,3,4,5,6,7,8,X"} {
		_, err := eval.ParseBoxes([]byte(bad))
		require.Error(t, err, bad)
	}
}

// FuzzParseBoxes: box files come from outside; parsing must not panic and
// every word must lie in the page.
func FuzzParseBoxes(f *testing.F) {
	f.Add([]byte("10,20,110,20,110,40,10,40,TOTAL 9,00\n"))
	f.Add([]byte("1,1,1,1,1,1,1,1,  \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := eval.ParseBoxes(data)
		if err != nil {
			return
		}
		for _, w := range p.Words {
			if w.X1 > p.Width+1e-6 || w.Y1 > p.Height+1e-6 || strings.TrimSpace(w.Text) == "" {
				t.Fatalf("word %+v outside page %vx%v", w, p.Width, p.Height)
			}
		}
	})
}

func TestLoadReceipts(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644))
	}
	// a folder of images with a truth beside each; a JSON without an image
	// is not a receipt
	write("a/r1.json", `{"company":"A","total":"1.00"}`)
	write("a/r1.png", "png")
	write("notes.json", `{"x":1}`)
	cases, err := eval.LoadReceipts(dir)
	require.NoError(t, err)
	require.Len(t, cases, 1)
	require.Equal(t, "a/r1", cases[0].Name)
	require.Equal(t, filepath.Join(dir, "a/r1.png"), cases[0].Image)

	// the SROIE layout
	s := t.TempDir()
	dir = s
	write("key/001.json", `{"company":"B","date":"01/02/2019","total":"2.00"}`)
	write("key/000.json", `{"company":"A","total":"1.00"}`)
	write("box/000.csv", "1,1,9,1,9,5,1,5,A\n")
	write("img/001.jpg", "jpg")
	cases, err = eval.LoadReceipts(s)
	require.NoError(t, err)
	require.Len(t, cases, 2)
	require.Equal(t, "000", cases[0].Name)
	require.NotEmpty(t, cases[0].Box)
	require.Empty(t, cases[0].Image)
	require.Empty(t, cases[1].Box)
	require.NotEmpty(t, cases[1].Image)
	require.Equal(t, "2019-02-01", cases[1].Truth[eval.FieldReceiptDate])

	write("key/002.json", `{`)
	_, err = eval.LoadReceipts(s)
	require.Error(t, err)
}

func TestReceiptReport(t *testing.T) {
	d := &docextract.ReceiptData{}
	d.General.MerchantName = docextract.Str("acme sdn  bhd")
	d.General.ReceiptDate = docextract.Str("2018-12-25")
	d.General.TotalGrossPrice = docextract.NewAmount(decimal.NewFromInt(9))
	got := eval.FieldsFromReceipt(d)
	require.Empty(t, eval.FieldsFromReceipt(nil))
	truth, err := eval.ReceiptTruth([]byte(`{"company":"ACME SDN BHD","date":"25/12/2018","total":"9.00","address":"1 JALAN"}`))
	require.NoError(t, err)
	rep := eval.Report{Fields: eval.ReceiptFields, Part: eval.Part}
	rep.Add(eval.PathOCR, "000", got, truth)
	for _, f := range []string{eval.FieldMerchantName, eval.FieldReceiptDate, eval.FieldTotalGrossPrice} {
		k, n := rep.Accuracy(eval.PathOCR, f)
		require.Equal(t, [2]int{1, 1}, [2]int{k, n}, f)
	}
	k, n := rep.Accuracy(eval.PathOCR, eval.FieldMerchantAddress)
	require.Equal(t, [2]int{0, 1}, [2]int{k, n})
	var b bytes.Buffer
	require.NoError(t, rep.Print(&b))
	require.Contains(t, b.String(), "MerchantAddress")
	require.NotContains(t, b.String(), "InvoiceNumber")
}

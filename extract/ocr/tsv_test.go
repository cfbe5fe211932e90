package ocr

import (
	"testing"

	"github.com/stretchr/testify/require"
)

const sampleTSV = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
	"1\t1\t0\t0\t0\t0\t0\t0\t463\t1013\t-1\t\n" +
	"4\t1\t1\t1\t1\t0\t75\t32\t244\t31\t-1\t\n" +
	"5\t1\t1\t1\t1\t1\t75\t32\t100\t31\t96.5\tTOTAL\n" +
	"5\t1\t1\t1\t1\t2\t200\t33\t60\t30\t91\t12.50\r\n" +
	"5\t1\t1\t1\t1\t3\t300\t33\t10\t30\t95\t \n" +
	"5\t1\t1\t2\t1\t1\tx\t33\t10\t30\t95\tbad\n" +
	"5\t1\t2\t1\t1\t1\t10\t50\t10\t30\t-1\tlow\n"

func TestParseTSV(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []string
		wantErr bool
	}{
		{"sample", sampleTSV, []string{"TOTAL", "12.50", "low"}, false},
		{"empty", "", nil, false},
		{"header only", "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n", nil, false},
		{"not tsv", "Error during processing.\n", nil, true},
		{"reordered columns", "text\tlevel\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\nHi\t5\t1\t1\t1\t1\t1\t1\t2\t3\t4\t50\n", []string{"Hi"}, false},
		{"short row", sampleTSV + "5\t1\t1\n", []string{"TOTAL", "12.50", "low"}, false},
		// Tesseract writes ligatures it recognised; readers see "Office".
		{"ligature", "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n5\t1\t1\t1\t1\t1\t1\t2\t3\t4\t50\tO\ufb03ce\n5\t1\t1\t1\t1\t2\t1\t2\t3\t4\t50\t\ufffd\n", []string{"Office"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			words, err := ParseTSV([]byte(tt.in))
			if tt.wantErr {
				require.ErrorIs(t, err, ErrBadTSV)
				return
			}
			require.NoError(t, err)
			var got []string
			for _, w := range words {
				got = append(got, w.Text)
			}
			require.Equal(t, tt.want, got)
		})
	}
	words, err := ParseTSV([]byte(sampleTSV))
	require.NoError(t, err)
	w := words[0]
	require.Equal(t, []float64{75, 32, 175, 63, 96.5, 31}, []float64{w.X0, w.Y0, w.X1, w.Y1, w.Conf, w.Size})
	require.Equal(t, [3]int{1, 1, 1}, [3]int{w.Block, w.Par, w.Line})
	require.Equal(t, 0.0, words[2].Conf, "negative confidence clamps to 0")
}

func FuzzParseTSV(f *testing.F) {
	f.Add([]byte(sampleTSV))
	f.Add([]byte(""))
	f.Add([]byte("level\ttext\n5\tx\n"))
	f.Add([]byte("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n5\t1\t1\t1\t1\t1\tNaN\t1e308\t-1\tInf\t50\tw\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		words, err := ParseTSV(data)
		if err != nil {
			return
		}
		for _, w := range words {
			if w.Text == "" || w.X1 < w.X0 || w.Y1 < w.Y0 || w.Conf < 0 || w.Conf > 100 {
				t.Fatalf("bad word %+v", w)
			}
		}
	})
}

func TestSkew(t *testing.T) {
	var words []TSVWord
	for line := 0; line < 3; line++ {
		for i := 0; i < 5; i++ {
			x := float64(i * 100)
			y := float64(line*50) + x*0.05 // ~2.86 degrees clockwise
			words = append(words, TSVWord{Line: line, Word: wordAt(x, y)})
		}
	}
	require.InDelta(t, 2.86, Skew(words), 0.05)
	require.Equal(t, 0.0, Skew(nil))
}

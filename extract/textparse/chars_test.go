package textparse

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNormRune(t *testing.T) {
	for _, tt := range []struct {
		r    rune
		act  CharAction
		repl string
	}{
		{'a', CharKeep, ""}, {'ä', CharKeep, ""}, {'€', CharKeep, ""}, {'−', CharKeep, ""},
		{' ', CharBreak, ""}, {'\u00a0', CharBreak, ""}, {'\u2009', CharBreak, ""}, {'\u200b', CharBreak, ""},
		{'\u202f', CharBreak, ""}, {'\u3000', CharBreak, ""}, {'\n', CharBreak, ""},
		{'\u00ad', CharDrop, ""}, {'\ufeff', CharDrop, ""}, {'\u200d', CharDrop, ""},
		{'\ufb00', CharReplace, "ff"}, {'\ufb01', CharReplace, "fi"}, {'\ufb02', CharReplace, "fl"},
		{'\ufb03', CharReplace, "ffi"}, {'\ufb04', CharReplace, "ffl"}, {'\ufb06', CharReplace, "st"},
		{'１', CharReplace, "1"}, {'Ｚ', CharReplace, "Z"}, {'％', CharReplace, "%"}, {'￡', CharReplace, "£"},
		{'\x02', CharReplace, "-"},
		{'\x03', CharUnreadable, ""}, {'\x7f', CharUnreadable, ""}, {'\u0085', CharUnreadable, ""},
		{'\ue000', CharUnreadable, ""}, {'\uf8ff', CharUnreadable, ""}, {'\U000F0001', CharUnreadable, ""},
		{'\ufffd', CharUnreadable, ""}, {'\uffff', CharUnreadable, ""},
	} {
		act, repl := NormRune(tt.r)
		require.Equal(t, tt.act, act, "%U", tt.r)
		require.Equal(t, tt.repl, repl, "%U", tt.r)
	}
}

func TestNormWord(t *testing.T) {
	require.Equal(t, "Total", NormWord("Total"))
	require.Equal(t, "Office", NormWord("O\ufb03ce"))
	require.Equal(t, "Rechnung", NormWord("Rech\u00adnung"))
	require.Equal(t, "EUR123", NormWord("ＥＵＲ１２３"))
	require.Equal(t, "", NormWord("\ue001\ufffd"))
}

func TestCompose(t *testing.T) {
	require.Equal(t, "Fälligkeit", Compose("Fa\u0308lligkeit"))
	require.True(t, IsCombining('\u0301'))
	require.False(t, IsCombining('a'))
}

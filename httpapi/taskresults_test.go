package httpapi

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCursorRoundTrip(t *testing.T) {
	t.Parallel()
	key := []byte("0123456789abcdef0123456789abcdef")
	c := encodeCursor(key, "task-1", []string{"g1", "g2"}, 7)
	pos, ok := decodeCursor(key, "task-1", []string{"g1", "g2"}, c)
	require.True(t, ok)
	require.EqualValues(t, 7, pos)
	for _, tc := range []struct {
		task   string
		groups []string
	}{{"task-2", []string{"g1", "g2"}}, {"task-1", []string{"g1"}}, {"task-1", nil}, {"task-1", []string{"g1g2"}}} {
		_, ok := decodeCursor(key, tc.task, tc.groups, c)
		require.False(t, ok, "%v", tc)
	}
	_, ok = decodeCursor([]byte("other key 0123456789abcdef012345"), "task-1", []string{"g1", "g2"}, c)
	require.False(t, ok)
	require.Equal(t, []string{"a", "b", "c"}, parseGroupFilter([]string{"c,a", " b ", "a", ""}))
}

// FuzzDecodeCursor: no input panics, and only cursors this server signed
// for the same task and filters are accepted.
func FuzzDecodeCursor(f *testing.F) {
	key := []byte("0123456789abcdef0123456789abcdef")
	f.Add(encodeCursor(key, "t", nil, 3))
	f.Add("")
	f.Add("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
	f.Add("!!")
	f.Fuzz(func(t *testing.T, c string) {
		pos, ok := decodeCursor(key, "t", nil, c)
		if ok && encodeCursor(key, "t", nil, pos) != c {
			t.Fatalf("accepted a cursor %q this server did not make", c)
		}
	})
}

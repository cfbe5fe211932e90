package registry

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

type entry struct {
	name string
	n    int
}

func TestList(t *testing.T) {
	l := List[string, entry]{Key: func(e entry) string { return e.name }}
	require.Empty(t, l.All())
	_, ok := l.Find("a")
	require.False(t, ok)

	l.Add("test", entry{"a", 1})
	before := l.All()
	l.Add("test", entry{"b", 2})
	require.Equal(t, []entry{{"a", 1}, {"b", 2}}, l.All())
	require.Equal(t, []entry{{"a", 1}}, before, "a reader's slice never changes under it")
	e, ok := l.Find("b")
	require.True(t, ok)
	require.Equal(t, 2, e.n)
	require.PanicsWithValue(t, `test: a registered twice`, func() { l.Add("test", entry{"a", 3}) })
}

func TestConcurrent(t *testing.T) {
	l := List[int, int]{Key: func(i int) int { return i }}
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() { l.Add("test", i) })
		wg.Go(func() { _ = len(l.All()); l.Find(i) })
	}
	wg.Wait()
	require.Len(t, l.All(), 50)
}

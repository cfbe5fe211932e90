package rank

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// planted builds groups in which the right candidate is the one with the
// largest first feature (the rule to learn) while the second feature is
// noise and the third misleads half the time.
func planted(seed uint64, n int) []Group {
	r := rand.New(rand.NewPCG(seed, 1))
	var gs []Group
	for range n {
		k := 2 + r.IntN(6)
		g := Group{Feats: make([][]float64, k), Gold: make([]bool, k)}
		best := 0
		for i := range k {
			g.Feats[i] = []float64{r.Float64(), r.Float64(), 0}
			if g.Feats[i][0] > g.Feats[best][0] {
				best = i
			}
		}
		g.Gold[best] = true
		if r.IntN(2) == 0 {
			g.Feats[best][2] = 1
		} else {
			g.Feats[(best+1)%k][2] = 1
		}
		gs = append(gs, g)
	}
	return gs
}

func accuracy(f *Field, gs []Group) float64 {
	ok := 0
	for _, g := range gs {
		if i, _ := f.Best(g.Feats); i >= 0 && g.Gold[i] {
			ok++
		}
	}
	return float64(ok) / float64(len(gs))
}

func TestTrainLearnsPlantedRule(t *testing.T) {
	names := []string{"signal", "noise", "decoy"}
	f, err := Train(names, planted(1, 300), Options{Iterations: 1500, Rate: 0.1, L2: 1e-5})
	require.NoError(t, err)
	// unseen groups from another seed
	acc := accuracy(f, planted(2, 300))
	require.Greater(t, acc, 0.95, "weights %v", f.Weights)
	require.Greater(t, f.Weights[0], 5*math.Abs(f.Weights[1]), "the signal outweighs the noise: %v", f.Weights)
	require.Less(t, math.Abs(f.Weights[2]), 1.0, "the decoy is right half the time: no strong weight: %v", f.Weights)
}

func TestGradientMatchesFiniteDifferences(t *testing.T) {
	gs := planted(3, 40)
	// several right candidates in one group
	gs[0].Gold[len(gs[0].Gold)-1] = true
	w := []float64{0.7, -0.3, 1.1}
	_, g := Loss(w, gs, 0.01)
	for j := range w {
		const h = 1e-6
		wp, wm := append([]float64(nil), w...), append([]float64(nil), w...)
		wp[j] += h
		wm[j] -= h
		lp, _ := Loss(wp, gs, 0.01)
		lm, _ := Loss(wm, gs, 0.01)
		require.InDelta(t, (lp-lm)/(2*h), g[j], 1e-5, "d loss / d w[%d]", j)
	}
}

func TestTrainReproducible(t *testing.T) {
	names := []string{"signal", "noise", "decoy"}
	var out [][]byte
	for range 2 {
		f, err := Train(names, planted(4, 200), Options{})
		require.NoError(t, err)
		b, err := (&Model{Version: 1, Fields: map[string]*Field{"x": f}}).Marshal()
		require.NoError(t, err)
		out = append(out, b)
	}
	require.True(t, bytes.Equal(out[0], out[1]))
	m, err := Parse(out[0])
	require.NoError(t, err)
	require.Equal(t, 200, m.Fields["x"].Groups)
}

func TestTrainSkipsGroupsWithoutAnswer(t *testing.T) {
	gs := planted(5, 50)
	gs = append(gs, Group{Feats: [][]float64{{9, 0, 0}}, Gold: []bool{false}})
	f, err := Train([]string{"a", "b", "c"}, gs, Options{Iterations: 50})
	require.NoError(t, err)
	require.Equal(t, 50, f.Groups)
	_, err = Train([]string{"a", "b", "c"}, gs[50:], Options{})
	require.Error(t, err)
	_, err = Train([]string{"a", "b"}, gs, Options{})
	require.Error(t, err, "feature count differs from names")
}

func TestCheckAndParse(t *testing.T) {
	m := &Model{Version: 1, Fields: map[string]*Field{"total": {Features: []string{"a", "b"}, Weights: []float64{1, 2}}}}
	require.NoError(t, m.Check(map[string][]string{"total": {"a", "b"}}))
	require.True(t, errors.Is(m.Check(map[string][]string{"total": {"b", "a"}}), ErrMismatch))
	require.True(t, errors.Is(m.Check(map[string][]string{"date": {"a"}}), ErrMismatch))
	b, err := m.Marshal()
	require.NoError(t, err)
	back, err := Parse(b)
	require.NoError(t, err)
	require.Equal(t, m.Fields["total"].Weights, back.Fields["total"].Weights)
	for _, bad := range []string{
		`{"version":2,"fields":{}}`,
		`{"version":1,"fields":{"t":{"features":["a"],"weights":[]}}}`,
		`{"version":1,"fields":{"t":{"features":["a","a"],"weights":[1,2]}}}`,
		`{"version":1,"fields":{},"extra":1}`,
	} {
		_, err := Parse([]byte(bad))
		require.Error(t, err, bad)
	}
}

func TestBestAndProbs(t *testing.T) {
	f := &Field{Features: []string{"a"}, Weights: []float64{2}}
	i, p := f.Best([][]float64{{0}, {1}, {0.5}})
	require.Equal(t, 1, i)
	ps := f.Probs([][]float64{{0}, {1}, {0.5}})
	require.InDelta(t, 1, ps[0]+ps[1]+ps[2], 1e-12)
	require.InDelta(t, math.Exp(2)/(1+math.Exp(2)+math.Exp(1)), p, 1e-12)
	i, _ = f.Best(nil)
	require.Equal(t, -1, i)
}

func BenchmarkBest(b *testing.B) {
	// a receipt's worth of total candidates with 40 features each
	feats := make([][]float64, 60)
	w := make([]float64, 40)
	for i := range feats {
		feats[i] = make([]float64, 40)
		for j := range feats[i] {
			feats[i][j] = float64((i*j)%7) / 7
		}
	}
	for j := range w {
		w[j] = float64(j%5) - 2
	}
	f := &Field{Weights: w}
	for b.Loop() {
		f.Best(feats)
	}
}

func TestBestValuePoolsProbability(t *testing.T) {
	f := &Field{Features: []string{"a"}, Weights: []float64{1}}
	feats := [][]float64{{1}, {0.8}, {0.8}}
	i, _ := f.Best(feats)
	require.Equal(t, 0, i)
	// the value printed twice wins over the single best candidate
	i, p := f.BestValue(feats, []string{"x", "y", "y"})
	require.Equal(t, 1, i)
	i, _ = f.BestValue([][]float64{{1}, {0.7}, {0.8}}, []string{"x", "y", "y"})
	require.Equal(t, 2, i, "the value's most probable candidate")
	ps := f.Probs(feats)
	require.InDelta(t, ps[1]+ps[2], p, 1e-12)
	i, _ = f.BestValue(feats, []string{"x", "y"})
	require.Equal(t, -1, i, "keys must match the candidates")
	// a "none" candidate is never chosen but takes its share
	i, p = f.BestValueExcept([][]float64{{0.5}, {3}}, []string{"x", "none"}, "none")
	require.Equal(t, 0, i)
	require.InDelta(t, f.Probs([][]float64{{0.5}, {3}})[0], p, 1e-12)
	i, _ = f.BestValueExcept([][]float64{{3}}, []string{"none"}, "none")
	require.Equal(t, -1, i)
}

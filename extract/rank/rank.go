// Package rank chooses one value of a document field among candidates with a
// small learned model: a conditional logit (a softmax over the candidates of
// one document for one field, a weight per named feature), trained with L2
// regularisation by full-batch Adam over a fixed number of iterations in a
// fixed order, so the same training data always gives the same weights.
//
// A model is stored as JSON (see Model) that names the features of each
// field; Model.Check refuses a model whose names differ from the ones the
// code computes, so a stale model fails loudly instead of weighting the
// wrong features. Pure Go, no cgo, no allocation per candidate beyond the
// probabilities.
package rank

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Group is one document's candidates for one field: Feats[i] holds the
// feature values of candidate i, in the order of the field's feature names;
// Gold[i] is true for each candidate whose value is right (several
// candidates may carry the same right value). A group without a right
// candidate teaches nothing and is skipped by Train.
type Group struct {
	Feats [][]float64
	Gold  []bool
}

// Options tune Train. The zero value means the defaults.
type Options struct {
	// Iterations of full-batch Adam (default 400).
	Iterations int
	// Rate is Adam's step size (default 0.05).
	Rate float64
	// L2 is the weight of the squared-weight penalty added to the mean
	// negative log-likelihood (default 0.001).
	L2 float64
}

func (o Options) withDefaults() Options {
	if o.Iterations <= 0 {
		o.Iterations = 400
	}
	if o.Rate <= 0 {
		o.Rate = 0.05
	}
	if o.L2 < 0 {
		o.L2 = 0
	} else if o.L2 == 0 {
		o.L2 = 0.001
	}
	return o
}

// Field is the model of one field: a weight per named feature.
type Field struct {
	Features []string  `json:"features"`
	Weights  []float64 `json:"weights"`
	// Groups is the number of documents the field was trained on (those
	// with a right candidate).
	Groups int `json:"groups"`
}

// Model holds the field models by field name.
type Model struct {
	// Version is the format version (1).
	Version int `json:"version"`
	// Source says what the model was trained from and how, for people.
	Source string            `json:"source,omitempty"`
	Fields map[string]*Field `json:"fields"`
}

// Parse reads a model from its JSON form, checking that every field has a
// weight per feature name and that no name repeats.
func Parse(data []byte) (*Model, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m Model
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("rank: model: %w", err)
	}
	if m.Version != 1 {
		return nil, fmt.Errorf("rank: model version %d, want 1", m.Version)
	}
	for name, f := range m.Fields {
		if f == nil || len(f.Features) != len(f.Weights) {
			return nil, fmt.Errorf("rank: model field %q: features and weights differ in number", name)
		}
		seen := map[string]bool{}
		for i, n := range f.Features {
			if seen[n] {
				return nil, fmt.Errorf("rank: model field %q: feature %q twice", name, n)
			}
			seen[n] = true
			if math.IsNaN(f.Weights[i]) || math.IsInf(f.Weights[i], 0) {
				return nil, fmt.Errorf("rank: model field %q: weight of %q is not finite", name, n)
			}
		}
	}
	return &m, nil
}

// ErrMismatch is returned by Check when a model's feature names are not the
// code's.
var ErrMismatch = errors.New("rank: model features differ from the code's")

// Check reports whether the model has each field of want with exactly the
// feature names given, in order.
func (m *Model) Check(want map[string][]string) error {
	for field, names := range want {
		f := m.Fields[field]
		if f == nil {
			return fmt.Errorf("%w: no field %q", ErrMismatch, field)
		}
		if !slices.Equal(f.Features, names) {
			return fmt.Errorf("%w: field %q has %v, code computes %v", ErrMismatch, field, f.Features, names)
		}
	}
	return nil
}

// Marshal writes the model as indented JSON with weights rounded to 6
// significant digits, so that the bytes do not depend on the last bits of
// floating-point arithmetic.
func (m *Model) Marshal() ([]byte, error) {
	c := Model{Version: m.Version, Source: m.Source, Fields: map[string]*Field{}}
	for k, f := range m.Fields {
		w := make([]float64, len(f.Weights))
		for i, v := range f.Weights {
			w[i] = round6(v)
		}
		c.Fields[k] = &Field{Features: f.Features, Weights: w, Groups: f.Groups}
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func round6(v float64) float64 {
	if v == 0 {
		return 0
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
	return r
}

// Score returns the candidates' scores (the linear predictor; higher is
// better).
func (f *Field) Score(feats [][]float64) []float64 {
	out := make([]float64, len(feats))
	for i, x := range feats {
		out[i] = dot(f.Weights, x)
	}
	return out
}

// Probs returns the probability of each candidate being the right one: the
// softmax of the scores over the group.
func (f *Field) Probs(feats [][]float64) []float64 {
	return softmax(f.Score(feats))
}

// Best returns the index of the most probable candidate and its
// probability; -1 when there is none. Ties go to the earlier candidate.
func (f *Field) Best(feats [][]float64) (int, float64) {
	if len(feats) == 0 {
		return -1, 0
	}
	p := f.Probs(feats)
	best := 0
	for i := range p {
		if p[i] > p[best] {
			best = i
		}
	}
	return best, p[best]
}

// BestValue is Best over values rather than candidates: candidates with
// the same key (the same amount printed twice, say) pool their
// probability, which is what training maximises for the right value. It
// returns the index of the most probable candidate of the most probable
// value and that value's probability; ties go to the value seen first.
func (f *Field) BestValue(feats [][]float64, keys []string) (int, float64) {
	return f.bestValue(feats, keys, "", false)
}

// BestValueExcept is BestValue with the candidates keyed skip (a "none of
// these" candidate) never chosen, though their probability still counts in
// the softmax.
func (f *Field) BestValueExcept(feats [][]float64, keys []string, skip string) (int, float64) {
	return f.bestValue(feats, keys, skip, true)
}

func (f *Field) bestValue(feats [][]float64, keys []string, skip string, skipping bool) (int, float64) {
	if len(feats) == 0 || len(keys) != len(feats) {
		return -1, 0
	}
	p := f.Probs(feats)
	sum := make(map[string]float64, len(keys))
	first := make(map[string]int, len(keys))
	for i, k := range keys {
		if _, ok := first[k]; !ok {
			first[k] = i
		}
		sum[k] += p[i]
	}
	best := -1
	for i, k := range keys {
		if skipping && k == skip || first[k] != i {
			continue
		}
		if best < 0 || sum[k] > sum[keys[best]] {
			best = i
		}
	}
	if best < 0 {
		return -1, 0
	}
	// the value's most probable candidate (its place on the page)
	k := keys[best]
	at := best
	for i := range keys {
		if keys[i] == k && p[i] > p[at] {
			at = i
		}
	}
	return at, sum[k]
}

func dot(w, x []float64) float64 {
	var s float64
	for i := range min(len(w), len(x)) {
		s += w[i] * x[i]
	}
	return s
}

func softmax(s []float64) []float64 {
	if len(s) == 0 {
		return s
	}
	m := slices.Max(s)
	var z float64
	p := make([]float64, len(s))
	for i, v := range s {
		p[i] = math.Exp(v - m)
		z += p[i]
	}
	for i := range p {
		p[i] /= z
	}
	return p
}

// Loss is the training objective at w: the mean over usable groups of
// -log(sum of the probabilities of the right candidates), plus L2/2 times
// the squared norm of w. It returns the gradient too.
func Loss(w []float64, groups []Group, l2 float64) (float64, []float64) {
	grad := make([]float64, len(w))
	var loss float64
	n := 0
	for _, g := range groups {
		if !usable(g) {
			continue
		}
		n++
		s := make([]float64, len(g.Feats))
		for i, x := range g.Feats {
			s[i] = dot(w, x)
		}
		p := softmax(s)
		var pg float64
		for i := range p {
			if g.Gold[i] {
				pg += p[i]
			}
		}
		loss -= math.Log(math.Max(pg, 1e-300))
		// d/dw of -log(sum_gold p) = sum_i (p_i - q_i) x_i, where q is p
		// restricted to the right candidates and renormalised.
		for i, x := range g.Feats {
			c := p[i]
			if g.Gold[i] {
				c -= p[i] / pg
			}
			for j := range min(len(w), len(x)) {
				grad[j] += c * x[j]
			}
		}
	}
	if n > 0 {
		loss /= float64(n)
		for j := range grad {
			grad[j] /= float64(n)
		}
	}
	for j, v := range w {
		loss += l2 / 2 * v * v
		grad[j] += l2 * v
	}
	return loss, grad
}

func usable(g Group) bool {
	return len(g.Feats) > 0 && len(g.Gold) == len(g.Feats) && slices.Contains(g.Gold, true)
}

// Train fits the weights of a field with features names on groups.
// Deterministic: no randomness, full batches in the given order.
func Train(names []string, groups []Group, opt Options) (*Field, error) {
	opt = opt.withDefaults()
	for gi, g := range groups {
		if len(g.Gold) != len(g.Feats) {
			return nil, fmt.Errorf("rank: group %d: %d candidates, %d gold marks", gi, len(g.Feats), len(g.Gold))
		}
		for _, x := range g.Feats {
			if len(x) != len(names) {
				return nil, fmt.Errorf("rank: group %d: %d features, want %d", gi, len(x), len(names))
			}
			for j, v := range x {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("rank: group %d: feature %q is not finite", gi, names[j])
				}
			}
		}
	}
	n := 0
	for _, g := range groups {
		if usable(g) {
			n++
		}
	}
	if n == 0 {
		return nil, errors.New("rank: no group has a right candidate")
	}
	w := make([]float64, len(names))
	m := make([]float64, len(names))
	v := make([]float64, len(names))
	const b1, b2, eps = 0.9, 0.999, 1e-8
	p1, p2 := 1.0, 1.0
	for range opt.Iterations {
		_, g := Loss(w, groups, opt.L2)
		p1 *= b1
		p2 *= b2
		for j := range w {
			m[j] = b1*m[j] + (1-b1)*g[j]
			v[j] = b2*v[j] + (1-b2)*g[j]*g[j]
			w[j] -= opt.Rate * (m[j] / (1 - p1)) / (math.Sqrt(v[j]/(1-p2)) + eps)
		}
	}
	return &Field{Features: slices.Clone(names), Weights: w, Groups: n}, nil
}

package reader

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/gradcheck"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// qGraph is the BiLSTM and the question attention in one graph, with the
// loss Σ cells ⊙ C for a fixed random C.
type qGraph struct {
	p    *Part
	qp   *QPart
	loss *G.Node
	grad G.Nodes
	vm   G.VM
}

func newQGraph(t *testing.T, r *BiLSTM, q *QAttention, B, T, K int) *qGraph {
	t.Helper()
	g := G.NewGraph()
	p, err := r.AddTo(g, B, T, K)
	if err != nil {
		t.Fatal(err)
	}
	qp, err := q.AddTo(g, p.States, p.Out, T, K)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := qp.Out.Shape(), (tensor.Shape{B, K * q.D}); !got.Eq(want) {
		t.Fatalf("cells of shape %v, want %v", got, want)
	}
	rng := rand.New(rand.NewSource(5))
	c := make([]float64, B*K*q.D)
	for i := range c {
		c[i] = rng.NormFloat64()
	}
	cn := G.NewMatrix(g, tensor.Float64, G.WithShape(B, K*q.D), G.WithName("C"), G.WithValue(tensor.New(tensor.WithShape(B, K*q.D), tensor.WithBacking(c))))
	prod, err := G.HadamardProd(qp.Out, cn)
	if err != nil {
		t.Fatal(err)
	}
	loss, err := G.Sum(prod)
	if err != nil {
		t.Fatal(err)
	}
	params := append(append(G.Nodes{}, p.Params...), qp.Params...)
	grads, err := G.Grad(loss, params...)
	if err != nil {
		t.Fatal(err)
	}
	return &qGraph{p: p, qp: qp, loss: loss, grad: grads, vm: G.NewTapeMachine(g)}
}

func (qg *qGraph) run(t *testing.T, lets map[*G.Node][]float64) float64 {
	t.Helper()
	for n, d := range lets {
		if err := G.Let(n, tensor.New(tensor.WithShape(n.Shape()...), tensor.WithBacking(d))); err != nil {
			t.Fatal(err)
		}
	}
	defer qg.vm.Reset()
	if err := qg.vm.RunAll(); err != nil {
		t.Fatal(err)
	}
	return qg.loss.Value().Data().(float64)
}

// The gradients of every parameter of the reader with the question
// attention (the BiLSTM's and A, U) agree with central finite
// differences, on stories of different lengths whose questions start at
// different tokens, with a cell that a story does not fill.
func TestQAttentionGradients(t *testing.T) {
	r, err := NewBiLSTM(6, 0, 3, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	q, err := NewQAttention(r.Width(), QFeatures, 2)
	if err != nil {
		t.Fatal(err)
	}
	const B, T, K = 2, 5, 3
	stories := []Story{{IDs: []int{1, 2, 3, 4}}, {IDs: []int{5, 4, 3, 2, 1}}}
	ids, classes, err := Batch(stories, T)
	if err != nil {
		t.Fatal(err)
	}
	f := func(v ...float64) []float64 { return v }
	span, feats, present, err := q.QBatch([]QInput{
		{Start: 2, Len: 4, Feats: [][]float64{f(0, 0, 0, 1), f(1, 0, 0, 0), nil}},
		{Start: 0, Len: 5, Feats: [][]float64{f(0, 0, 0, 1), f(0, 1, 0, 0), f(1, 1, 1, 0)}},
	}, T, K)
	if err != nil {
		t.Fatal(err)
	}
	pos := []float64{-4, 0, NoPick, -5, 4, 1}
	qg := newQGraph(t, r, q, B, T, K)
	lets := map[*G.Node][]float64{qg.p.IDs: ids, qg.p.Classes: classes, qg.p.Pos: pos, qg.qp.Span: span, qg.qp.Feats: feats, qg.qp.Present: present}
	qg.run(t, lets)
	out := qg.qp.Out.Value().Data().([]float64)
	if !slices.Equal(out[2*q.D:3*q.D], make([]float64, q.D)) {
		t.Fatal("the cell of a number the story does not have is not zero")
	}
	var analytic [][]float64
	for _, gn := range qg.grad {
		analytic = append(analytic, slices.Clone(gn.Value().Data().([]float64)))
	}
	const h = 1e-6
	for i, ten := range append(r.Params(), q.Params()...) {
		d := ten.Data().([]float64)
		for j := 0; j < len(d); j += 1 + j%3 {
			num := gradcheck.Central(func() float64 { return qg.run(t, lets) }, d, j, h)
			if !gradcheck.Agrees(analytic[i][j], num, 1e-6) {
				t.Fatalf("parameter %d[%d]: analytic %.9g, finite differences %.9g", i, j, analytic[i][j], num)
			}
		}
	}
}

// A number's cell changes when the question changes and not when a
// token before the question that the BiLSTM does not reach changes… the
// attention reads only the question's tokens: with the BiLSTM's states
// fixed, a change of a state outside the question changes no cell but the
// number's own.
func TestQAttentionReadsTheQuestion(t *testing.T) {
	const D, T, K = 4, 6, 2
	q, err := NewQAttention(D, QFeatures, 3)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	states := make([]float64, T*D)
	for i := range states {
		states[i] = rng.NormFloat64()
	}
	picked := [][]float64{append(slices.Clone(states[5*D:6*D]), states[1*D:2*D]...)}
	in := []QInput{{Start: 4, Len: 6, Feats: [][]float64{{0, 0, 0, 1}, {1, 0, 0, 0}}}}
	base, err := q.Apply(states, picked, T, in)
	if err != nil {
		t.Fatal(err)
	}
	moved := slices.Clone(states)
	moved[2*D] += 1 // a body token
	same, err := q.Apply(moved, picked, T, in)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(base[0], same[0]) {
		t.Fatal("a state outside the question changed a cell")
	}
	moved[4*D] += 1 // a question token
	other, err := q.Apply(moved, picked, T, in)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(base[0][D:], other[0][D:]) {
		t.Fatal("a state of the question did not change the number's cell")
	}
	in[0].Feats[1][FeatUnitAsked] = 0
	unasked, err := q.Apply(states, picked, T, in)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(base[0][D:], unasked[0][D:]) {
		t.Fatal("the feature FeatUnitAsked did not change the number's cell")
	}
}

// Bad sizes and inputs are errors, not panics.
func TestQAttentionBadInput(t *testing.T) {
	if _, err := NewQAttention(0, 4, 1); err == nil {
		t.Fatal("width 0 accepted")
	}
	q, err := NewQAttention(4, QFeatures, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []QInput{
		{Start: 3, Len: 3},                          // an empty question
		{Start: 0, Len: 7},                          // longer than the batch
		{Start: -1, Len: 2},                         // before the story
		{Start: 0, Len: 2, Feats: [][]float64{{1}}}, // too few features
	} {
		if _, _, _, err := q.QBatch([]QInput{in}, 6, 2); err == nil {
			t.Errorf("%+v accepted", in)
		}
	}
	if _, err := q.Apply(make([]float64, 6*4), [][]float64{make([]float64, 8)}, 5, []QInput{{Start: 0, Len: 2}}); err == nil {
		t.Error("states of the wrong length accepted")
	}
}

// The question attention's tensors and nodes have the shapes its
// documentation gives, for batches of stories of different lengths whose
// questions start at different tokens, with cells a story does not fill:
// A [D, D], U [D+F+1, D], the inputs span [B, 2], features [B, K·F] and
// presence [B, K], the cells [B, K·D] over the states [B, T·D], and each
// gradient the shape of its tensor.
func TestQAttentionShapes(t *testing.T) {
	for _, c := range []struct {
		hidden, F, T, K int
		stories         []QInput // Feats: K cells, nil where the story has no number
	}{
		{hidden: 2, F: QFeatures, T: 4, K: 2, stories: []QInput{{Start: 1, Len: 4, Feats: [][]float64{make([]float64, QFeatures), nil}}}},
		{hidden: 3, F: QFeatures, T: 7, K: 4, stories: []QInput{
			{Start: 5, Len: 7, Feats: [][]float64{{0, 0, 0, 1}, {1, 0, 0, 0}, {0, 1, 0, 0}, nil}},
			{Start: 0, Len: 3, Feats: [][]float64{{0, 0, 0, 1}, {1, 1, 0, 0}, nil, nil}},
			{Start: 2, Len: 6, Feats: [][]float64{{0, 0, 0, 1}, {0, 0, 1, 0}, {1, 0, 0, 0}, {0, 1, 1, 0}}},
		}},
		{hidden: 5, F: 2, T: 9, K: 3, stories: []QInput{
			{Start: 8, Len: 9, Feats: [][]float64{{1, 0}, {0, 1}, nil}},
			{Start: 1, Len: 2, Feats: [][]float64{{1, 0}, nil, nil}},
		}},
	} {
		B, D := len(c.stories), 2*c.hidden
		name := fmt.Sprintf("B %d, T %d, K %d, D %d, F %d", B, c.T, c.K, D, c.F)
		r, err := NewBiLSTM(11, 0, 3, c.hidden, 1)
		if err != nil {
			t.Fatal(err)
		}
		q, err := NewQAttention(r.Width(), c.F, 2)
		if err != nil {
			t.Fatal(err)
		}
		qg := newQGraph(t, r, q, B, c.T, c.K)
		p, qp := qg.p, qg.qp
		for _, s := range []struct {
			what string
			got  tensor.Shape
			want tensor.Shape
		}{
			{"A", q.A.Shape(), tensor.Shape{D, D}},
			{"U", q.U.Shape(), tensor.Shape{D + c.F + 1, D}},
			{"the node of A", qp.Params[0].Shape(), tensor.Shape{D, D}},
			{"the node of U", qp.Params[1].Shape(), tensor.Shape{D + c.F + 1, D}},
			{"the states", p.States.Shape(), tensor.Shape{B, c.T * D}},
			{"the picked vectors", p.Out.Shape(), tensor.Shape{B, c.K * D}},
			{"the spans", qp.Span.Shape(), tensor.Shape{B, 2}},
			{"the features", qp.Feats.Shape(), tensor.Shape{B, c.K * c.F}},
			{"the presence", qp.Present.Shape(), tensor.Shape{B, c.K}},
			{"the cells", qp.Out.Shape(), tensor.Shape{B, c.K * D}},
		} {
			if !s.got.Eq(s.want) {
				t.Errorf("%s: %s of shape %v, want %v", name, s.what, s.got, s.want)
			}
		}
		// Stories of their lengths, each number at a token of its story.
		stories := make([]Story, B)
		var pos []float64
		for b, s := range c.stories {
			for i := range s.Len {
				stories[b].IDs = append(stories[b].IDs, 1+(b+i)%10)
			}
			pos = append(pos, -float64(s.Len))
			for k := 1; k < c.K; k++ {
				if s.Feats[k] == nil {
					pos = append(pos, NoPick)
				} else {
					pos = append(pos, float64(k%s.Len))
				}
			}
		}
		ids, classes, err := Batch(stories, c.T)
		if err != nil {
			t.Fatal(err)
		}
		span, feats, present, err := q.QBatch(c.stories, c.T, c.K)
		if err != nil {
			t.Fatal(err)
		}
		if len(span) != 2*B || len(feats) != B*c.K*c.F || len(present) != B*c.K {
			t.Errorf("%s: QBatch gives %d, %d and %d values, want %d, %d and %d", name, len(span), len(feats), len(present), 2*B, B*c.K*c.F, B*c.K)
		}
		qg.run(t, map[*G.Node][]float64{p.IDs: ids, p.Classes: classes, p.Pos: pos, qp.Span: span, qp.Feats: feats, qp.Present: present})
		if got := qp.Out.Value().Shape(); !got.Eq(tensor.Shape{B, c.K * D}) {
			t.Errorf("%s: the cells' value has shape %v", name, got)
		}
		out := qp.Out.Value().Data().([]float64)
		for b, s := range c.stories {
			for k, f := range s.Feats {
				cell := out[(b*c.K+k)*D : (b*c.K+k+1)*D]
				if zero := slices.Equal(cell, make([]float64, D)); zero != (f == nil) {
					t.Errorf("%s: story %d, cell %d: zero %v, a number the story has %v", name, b, k, zero, f != nil)
				}
			}
		}
		params := append(append(G.Nodes{}, p.Params...), qp.Params...)
		for i, gn := range qg.grad {
			if got, want := gn.Value().Shape(), params[i].Shape(); !got.Eq(want) {
				t.Errorf("%s: the gradient of %s has shape %v, want %v", name, params[i].Name(), got, want)
			}
		}
	}
}

// Inputs whose dimensions do not match the attention's are refused with an
// error, at the graph's building or at its run, never a panic.
func TestQAttentionRefusesMismatches(t *testing.T) {
	const D, T, K = 4, 5, 3
	q, err := NewQAttention(D, QFeatures, 1)
	if err != nil {
		t.Fatal(err)
	}
	matrix := func(g *G.ExprGraph, rows, cols int) *G.Node {
		return G.NewMatrix(g, tensor.Float64, G.WithShape(rows, cols))
	}
	for _, c := range []struct {
		name           string
		states, picked func(*G.ExprGraph) *G.Node
	}{
		{"batches of 2 states and 3 picked vectors", func(g *G.ExprGraph) *G.Node { return matrix(g, 2, T*D) }, func(g *G.ExprGraph) *G.Node { return matrix(g, 3, K*D) }},
		{"states of a width that is not a multiple of D", func(g *G.ExprGraph) *G.Node { return matrix(g, 2, T*D+1) }, func(g *G.ExprGraph) *G.Node { return matrix(g, 2, K*D) }},
		{"picked vectors of another width", func(g *G.ExprGraph) *G.Node { return matrix(g, 2, T*D) }, func(g *G.ExprGraph) *G.Node { return matrix(g, 2, K*D+3) }},
		{"states of a reader of twice the width, whose sizes divide by D", func(g *G.ExprGraph) *G.Node { return matrix(g, 2, T*2*D) }, func(g *G.ExprGraph) *G.Node { return matrix(g, 2, K*2*D) }},
		{"states as a vector", func(g *G.ExprGraph) *G.Node { return G.NewVector(g, tensor.Float64, G.WithShape(2*T*D)) }, func(g *G.ExprGraph) *G.Node { return matrix(g, 2, K*D) }},
	} {
		g := G.NewGraph()
		if _, err := q.AddTo(g, c.states(g), c.picked(g), T, K); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	// At the run: a span past the batch's tokens, features of another
	// count, more cells than the batch takes.
	f := make([]float64, QFeatures)
	for _, in := range [][]QInput{
		{{Start: 1, Len: T + 1, Feats: [][]float64{f}}},
		{{Start: 1, Len: T, Feats: [][]float64{f, make([]float64, QFeatures+1)}}},
		{{Start: 1, Len: T, Feats: [][]float64{f, f, f, f}}},
	} {
		if _, _, _, err := q.QBatch(in, T, K); err == nil {
			t.Errorf("QBatch(%+v, %d, %d) accepted", in, T, K)
		}
		if _, err := q.Apply(make([]float64, T*D), [][]float64{make([]float64, K*D)}, T, in); err == nil {
			t.Errorf("Apply on %+v accepted", in)
		}
	}
	g := G.NewGraph()
	states, picked := matrix(g, 1, T*D), matrix(g, 1, K*D)
	qp, err := q.AddTo(g, states, picked, T, K)
	if err != nil {
		t.Fatal(err)
	}
	for n, d := range map[*G.Node][]float64{states: make([]float64, T*D), picked: make([]float64, K*D), qp.Feats: make([]float64, K*QFeatures), qp.Present: make([]float64, K),
		qp.Span: {2, T + 3}} { // a question that ends past the states' tokens
		if err := G.Let(n, tensor.New(tensor.WithShape(n.Shape()...), tensor.WithBacking(d))); err != nil {
			t.Fatal(err)
		}
	}
	vm := G.NewTapeMachine(g)
	defer vm.Close()
	if err := vm.RunAll(); err == nil || !strings.Contains(err.Error(), "question spans tokens") {
		t.Errorf("a span past the states: %v", err)
	}
	if _, err := q.Apply(make([]float64, T*D), [][]float64{make([]float64, K*D), make([]float64, K*D-1)}, T, make([]QInput, 2)); err == nil {
		t.Error("picked vectors of different lengths accepted")
	}
}

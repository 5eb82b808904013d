package lstm

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Cell computes the gates and the state of the package documentation with
// package math's exp and tanh, bit for bit.
func TestCell(t *testing.T) {
	s := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	cases := []struct {
		name        string
		a, cPrev    []float64
		gates, c, h []float64
	}{
		{"zero pre-activations, no previous cell", []float64{0, 0, 0, 0}, nil,
			[]float64{0.5, 0.5, 0, 0.5}, []float64{0}, []float64{0}},
		{"zero pre-activations keep half the previous cell", []float64{0, 0, 0, 0}, []float64{2},
			[]float64{0.5, 0.5, 0, 0.5}, []float64{1}, []float64{0.5 * math.Tanh(1)}},
		{"open input gate", []float64{20, -20, 1, 20}, []float64{5},
			[]float64{s(20), s(-20), math.Tanh(1), s(20)}, []float64{s(20)*math.Tanh(1) + s(-20)*5},
			[]float64{s(20) * math.Tanh(s(20)*math.Tanh(1)+s(-20)*5)}},
		{"two units", []float64{1, -1, 0, 2, 0.5, 0.5, -1, 1}, []float64{0.3, -0.4},
			[]float64{s(1), s(-1), s(0), s(2), math.Tanh(0.5), math.Tanh(0.5), s(-1), s(1)},
			[]float64{s(1)*math.Tanh(0.5) + s(0)*0.3, s(-1)*math.Tanh(0.5) + s(2)*-0.4},
			[]float64{s(-1) * math.Tanh(s(1)*math.Tanh(0.5)+s(0)*0.3), s(1) * math.Tanh(s(-1)*math.Tanh(0.5)+s(2)*-0.4)}},
	}
	for _, tc := range cases {
		H := len(tc.c)
		gates, c, tcv, h := make([]float64, 4*H), make([]float64, H), make([]float64, H), make([]float64, H)
		Cell(tc.a, tc.cPrev, gates, c, tcv, h)
		for _, got := range []struct {
			what      string
			got, want []float64
		}{{"gates", gates, tc.gates}, {"c", c, tc.c}, {"h", h, tc.h}} {
			for j := range got.want { // bit for bit: Step's results must not change
				if got.got[j] != got.want[j] {
					t.Errorf("%s: %s[%d] = %v, want %v", tc.name, got.what, j, got.got[j], got.want[j])
				}
			}
		}
		for j := range c {
			if tcv[j] != math.Tanh(c[j]) {
				t.Errorf("%s: tanh c[%d] = %v, want %v", tc.name, j, tcv[j], math.Tanh(c[j]))
			}
		}
	}
}

// cells on a block of rows is Cell on each row: bit for bit with package
// math's nonlinearities, within a few ulp of them with vecmath's.
func TestCells(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	const n, H = 3, 5
	a, cPrev := randoms(n*4*H, 4, rng), randoms(n*H, 2, rng)
	for _, prev := range [][]float64{nil, cPrev} {
		want := make([]float64, n*7*H) // by row: gates, c, tc, h
		for r := 0; r < n; r++ {
			w := want[r*7*H : (r+1)*7*H]
			var cp []float64
			if prev != nil {
				cp = prev[r*H : (r+1)*H]
			}
			Cell(a[r*4*H:(r+1)*4*H], cp, w[:4*H], w[4*H:5*H], w[5*H:6*H], w[6*H:])
		}
		for _, c := range []struct {
			name string
			nl   nonlinearities
			tol  float64
		}{{"math", mathGates, 0}, {"vecmath", vectorGates, 1e-15}} {
			gates, cs, tc, h := make([]float64, n*4*H), make([]float64, n*H), make([]float64, n*H), make([]float64, n*H)
			cells(c.nl, H, a, prev, gates, cs, tc, h)
			for r := 0; r < n; r++ {
				w := want[r*7*H : (r+1)*7*H]
				got := append(append(append(append([]float64{}, gates[r*4*H:(r+1)*4*H]...), cs[r*H:(r+1)*H]...), tc[r*H:(r+1)*H]...), h[r*H:(r+1)*H]...)
				for j := range w {
					if d := math.Abs(got[j] - w[j]); d > c.tol || math.IsNaN(d) {
						t.Errorf("%s, previous cell %t: row %d, value %d: %v, Cell %v", c.name, prev != nil, r, j, got[j], w[j])
					}
				}
			}
		}
	}
}

// seqs is a batch of input sequences of different lengths for the tests.
type seqs struct {
	l    Layer
	x    [][]float64 // x[e]: example e's inputs, len·In values
	lens []int
}

func newSeqs(l Layer, lens []int, rng *rand.Rand) *seqs {
	s := &seqs{l: l, lens: lens}
	for _, n := range lens {
		x := make([]float64, n*l.In)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		s.x = append(s.x, x)
	}
	return s
}

func (s *seqs) input(e, t int, x []float64) { copy(x, s.x[e][t*s.l.In:(t+1)*s.l.In]) }

func randoms(n int, scale float64, rng *rand.Rand) []float64 {
	d := make([]float64, n)
	for i := range d {
		d[i] = scale * rng.NormFloat64()
	}
	return d
}

// layerLoss runs Forward and returns Σ_e,t C_e,t·h_e,t.
func (s *seqs) layerLoss(t *testing.T, W []float64, c [][]float64) float64 {
	t.Helper()
	b, err := NewBatch(s.lens)
	if err != nil {
		t.Fatal(err)
	}
	H := s.l.Hidden
	h := make([][]float64, len(s.lens))
	for e, n := range s.lens {
		h[e] = make([]float64, n*H)
	}
	total := 0
	for _, n := range s.lens {
		total += n
	}
	s.l.Forward(W, b, s.input, func(e, t int) []float64 { return h[e][t*H : (t+1)*H] }, make([]float64, s.l.TapeLen(total)))
	loss := 0.0
	for e := range h {
		for i, v := range h[e] {
			loss += c[e][i] * v
		}
	}
	return loss
}

// Layer's backward pass agrees with central finite differences, for the
// weights and the inputs, on a batch whose examples are not ordered by
// length (so that the ordering and the finished rows are exercised).
func TestLayerGradients(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	l := Layer{In: 2, Hidden: 3}
	s := newSeqs(l, []int{3, 1, 4, 4}, rng)
	W := randoms((l.In+l.Hidden+1)*4*l.Hidden, 0.5, rng)
	c := make([][]float64, len(s.lens))
	for e, n := range s.lens {
		c[e] = randoms(n*l.Hidden, 1, rng)
	}
	b, _ := NewBatch(s.lens)
	tape := make([]float64, l.TapeLen(12))
	l.Forward(W, b, s.input, func(e, t int) []float64 { return make([]float64, l.Hidden) }, tape)
	dW := make([]float64, len(W))
	dx := make([][]float64, len(s.lens))
	for e, n := range s.lens {
		dx[e] = make([]float64, n*l.In)
	}
	l.Backward(W, b, s.input, tape, func(e, t int) []float64 { return c[e][t*l.Hidden : (t+1)*l.Hidden] }, dW,
		func(e, t int, g []float64) { copy(dx[e][t*l.In:], g) })
	check := func(what string, p []float64, analytic []float64) {
		for j := range p {
			old := p[j]
			p[j] = old + 1e-6
			up := s.layerLoss(t, W, c)
			p[j] = old - 1e-6
			down := s.layerLoss(t, W, c)
			p[j] = old
			num := (up - down) / 2e-6
			if math.Abs(num-analytic[j]) > 1e-6*math.Max(1, math.Abs(num)) {
				t.Fatalf("%s[%d]: analytic %.9g, finite differences %.9g", what, j, analytic[j], num)
			}
		}
	}
	check("W", W, dW)
	for e := range s.x {
		check("x", s.x[e], dx[e])
	}
}

// stepGraph unrolls Step over one batch of sequences of one length, the
// LSTM input rows [x_t, h_{t−1}, 1] made from Gorgonia's Slice and Concat.
type stepGraph struct {
	g     *G.ExprGraph
	w     *G.Node
	xs    G.Nodes // x_t [B, In]
	sts   G.Nodes // the packed states [B, Blocks·H]
	loss  *G.Node
	grads G.Nodes // of w, then of each x_t
	vm    G.VM
}

func newStepGraph(t *testing.T, l Layer, W []float64, x [][]float64, c []float64) *stepGraph {
	t.Helper()
	B, T, H := len(x), len(x[0])/l.In, l.Hidden
	sg := &stepGraph{g: G.NewGraph()}
	g := sg.g
	sg.w = G.NewMatrix(g, tensor.Float64, G.WithShape(l.In+H+1, 4*H), G.WithName("W"), G.WithValue(tensor.New(tensor.WithShape(l.In+H+1, 4*H), tensor.WithBacking(W))))
	ones := G.NewMatrix(g, tensor.Float64, G.WithShape(B, 1), G.WithName("ones"), G.WithInit(G.Ones()))
	zeros := G.NewMatrix(g, tensor.Float64, G.WithShape(B, H), G.WithName("zeros"), G.WithInit(G.Zeroes()))
	var st *G.Node
	var terms G.Nodes
	for step := 0; step < T; step++ {
		xd := make([]float64, B*l.In)
		for e := range x {
			copy(xd[e*l.In:], x[e][step*l.In:(step+1)*l.In])
		}
		xn := G.NewMatrix(g, tensor.Float64, G.WithShape(B, l.In), G.WithName(fmt.Sprintf("x%d", step)), G.WithValue(tensor.New(tensor.WithShape(B, l.In), tensor.WithBacking(xd))))
		sg.xs = append(sg.xs, xn)
		h := zeros
		if st != nil {
			h = G.Must(G.Slice(st, nil, G.S(BlockH*H, (BlockH+1)*H)))
		}
		pre := G.Must(G.Mul(G.Must(G.Concat(1, xn, h, ones)), sg.w))
		var err error
		if st, err = Step("step", H, pre, st); err != nil {
			t.Fatal(err)
		}
		hn := G.Must(G.Slice(st, nil, G.S(BlockH*H, (BlockH+1)*H)))
		sg.sts = append(sg.sts, st)
		cn := G.NewMatrix(g, tensor.Float64, G.WithShape(B, H), G.WithName(fmt.Sprintf("C%d", step)), G.WithValue(tensor.New(tensor.WithShape(B, H), tensor.WithBacking(c[step*B*H:(step+1)*B*H]))))
		terms = append(terms, G.Must(G.Sum(G.Must(G.HadamardProd(hn, cn)))))
	}
	sg.loss = G.Must(G.ReduceAdd(terms))
	var err error
	if sg.grads, err = G.Grad(sg.loss, append(G.Nodes{sg.w}, sg.xs...)...); err != nil {
		t.Fatal(err)
	}
	sg.vm = G.NewTapeMachine(g)
	return sg
}

func (sg *stepGraph) run(t *testing.T) float64 {
	t.Helper()
	defer sg.vm.Reset()
	if err := sg.vm.RunAll(); err != nil {
		t.Fatal(err)
	}
	return sg.loss.Value().Data().(float64)
}

// Step's backward Ops agree with central finite differences, through the
// previous state and the pre-activations.
func TestStepGradients(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	l := Layer{In: 2, Hidden: 3}
	const B, T = 2, 3
	W := randoms((l.In+l.Hidden+1)*4*l.Hidden, 0.5, rng)
	x := [][]float64{randoms(T*l.In, 1, rng), randoms(T*l.In, 1, rng)}
	sg := newStepGraph(t, l, W, x, randoms(T*B*l.Hidden, 1, rng))
	sg.run(t)
	var analytic [][]float64
	for _, gn := range sg.grads {
		analytic = append(analytic, append([]float64(nil), gn.Value().Data().([]float64)...))
	}
	params := [][]float64{W}
	for _, xn := range sg.xs {
		params = append(params, xn.Value().Data().([]float64))
	}
	for i, p := range params {
		for j := range p {
			old := p[j]
			p[j] = old + 1e-6
			up := sg.run(t)
			p[j] = old - 1e-6
			down := sg.run(t)
			p[j] = old
			num := (up - down) / 2e-6
			if math.Abs(num-analytic[i][j]) > 1e-6*math.Max(1, math.Abs(num)) {
				t.Fatalf("parameter %d[%d]: analytic %.9g, finite differences %.9g", i, j, analytic[i][j], num)
			}
		}
	}
}

// Layer and an unrolled graph of Steps are the same LSTM: the same hidden
// states and gradients of the inputs up to rounding (Layer sums a step's
// pre-activation in another order: the bias and x_t·W_x, then h_{t−1}·W_h,
// and its nonlinearities are vecmath's, a few ulp from package math's).
// The differences measured here are 1.1e-16 (h) and 2.2e-16 (gradients),
// on values of order 1; the bound is 1e-15.
func TestLayerEqualsSteps(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	l := Layer{In: 3, Hidden: 4}
	const B, T = 3, 5
	s := newSeqs(l, []int{T, T, T}, rng)
	W := randoms((l.In+l.Hidden+1)*4*l.Hidden, 0.5, rng)
	c := randoms(T*B*l.Hidden, 1, rng) // by step, then example
	sg := newStepGraph(t, l, W, s.x, c)
	sg.run(t)
	b, _ := NewBatch(s.lens)
	H := l.Hidden
	h := make([]float64, T*B*H)
	tape := make([]float64, l.TapeLen(B*T))
	at := func(e, t int) []float64 { return h[(t*B+e)*H : (t*B+e+1)*H] }
	l.Forward(W, b, s.input, at, tape)
	for step, st := range sg.sts {
		packed := st.Value().Data().([]float64)
		for e := 0; e < B; e++ {
			for j := 0; j < H; j++ {
				if v, w := packed[e*Blocks*H+BlockH*H+j], h[(step*B+e)*H+j]; math.Abs(v-w) > 1e-15 {
					t.Fatalf("h at step %d, example %d, unit %d: Step %v, Layer %v", step, e, j, v, w)
				}
			}
		}
	}
	dx := make([]float64, T*B*l.In)
	l.Backward(W, b, s.input, tape, func(e, t int) []float64 { return c[(t*B+e)*H : (t*B+e+1)*H] }, make([]float64, len(W)),
		func(e, t int, g []float64) { copy(dx[(t*B+e)*l.In:], g) })
	for step := 0; step < T; step++ {
		got := sg.grads[1+step].Value().Data().([]float64)
		for i, v := range got {
			if w := dx[step*B*l.In+i]; math.Abs(v-w) > 1e-15 {
				t.Fatalf("gradient of x at step %d, value %d: Step %v, Layer %v", step, i, v, w)
			}
		}
	}
}

func TestNewBatch(t *testing.T) {
	cases := []struct {
		lens          []int
		order, active []int
	}{
		{[]int{2, 3, 1}, []int{1, 0, 2}, []int{3, 2, 1}},
		{[]int{2, 2}, []int{0, 1}, []int{2, 2}},
		{[]int{1}, []int{0}, []int{1}},
	}
	for _, tc := range cases {
		b, err := NewBatch(tc.lens)
		if err != nil {
			t.Fatal(err)
		}
		if !equal(b.Order, tc.order) || !equal(b.Active, tc.active) {
			t.Errorf("lengths %v: order %v, active %v; want %v, %v", tc.lens, b.Order, b.Active, tc.order, tc.active)
		}
	}
	if _, err := NewBatch([]int{2, 0}); err == nil {
		t.Error("an empty sequence accepted")
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FLOPs counts the layer's matrix products: the arithmetic of the issue
// that asked for it (2 × (75+75+1) × 300 per token forward at 75 inputs
// and units, the bias aside), and small cases by hand.
func TestFLOPs(t *testing.T) {
	cases := []struct {
		name        string
		l           Layer
		steps, seqs int
		fwd, bwd    float64
	}{
		// forward 2·4·2·12 + 2·2·3·12; backward 2·4·6·12 + 2·4·2·12 + 2·2·12·3
		{"two inputs, three units, lengths 3 and 1", Layer{In: 2, Hidden: 3}, 4, 2, 336, 912},
		{"one step: no recurrent product", Layer{In: 2, Hidden: 3}, 1, 1, 48, 192},
		{"the reader's direction, 1000 tokens in one story", Layer{In: 75, Hidden: 75}, 1000, 1,
			2*1000*75*300 + 2*999*75*300, 2*1000*151*300 + 2*1000*75*300 + 2*999*300*75},
	}
	for _, c := range cases {
		f, b := c.l.FLOPs(c.steps, c.seqs)
		if f != c.fwd || b != c.bwd {
			t.Errorf("%s: %v forward, %v backward; want %v, %v", c.name, f, b, c.fwd, c.bwd)
		}
	}
	if f, _ := (Layer{In: 75, Hidden: 75}).FLOPs(1000, 1); math.Abs(f/1000-2*150*300) > 0.001*2*150*300 {
		t.Errorf("%v FLOPs a token forward, want about 2·150·300", f/1000)
	}
}

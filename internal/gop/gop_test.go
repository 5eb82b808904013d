package gop

import (
	"testing"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// doubleOp doubles a [2,3] matrix and counts how Gorgonia calls it.
type doubleOp struct {
	Base
	calls *counts
}

type counts struct{ do, prealloc int }

func (o *doubleOp) InferShape(...G.DimSizer) (tensor.Shape, error) { return tensor.Shape{2, 3}, nil }
func (o *doubleOp) Do(v ...G.Value) (G.Value, error) {
	o.calls.do++
	return o.UsePreallocDo(nil, v...)
}
func (o *doubleOp) UsePreallocDo(p G.Value, v ...G.Value) (G.Value, error) {
	if p != nil {
		o.calls.prealloc++
	}
	out, err := Output(p, 2, 3)
	if err != nil {
		return nil, err
	}
	for i, x := range v[0].Data().([]float64) {
		out.Float64s()[i] = 2 * x
	}
	return out, nil
}
func (o *doubleOp) DiffWRT(int) []bool { return []bool{true} }
func (o *doubleOp) SymDiff(_ G.Nodes, _, grad *G.Node) (G.Nodes, error) {
	n, err := G.ApplyOp(&doubleOp{Base: NewBase("doubleᵀ", 1), calls: o.calls}, grad)
	return G.Nodes{n}, err
}

// Gorgonia's TapeMachine (v0.9.18) never passes a preallocated value to a
// custom Op, from one run to the next or within a run (the premise of
// Base.Reused): a chain of Ops, their gradients and three runs.
func TestTapeMachinePreallocatesNothing(t *testing.T) {
	c := &counts{}
	g := G.NewGraph()
	x := G.NewMatrix(g, tensor.Float64, G.WithShape(2, 3), G.WithName("x"), G.WithValue(tensor.New(tensor.WithShape(2, 3), tensor.WithBacking([]float64{1, 2, 3, 4, 5, 6}))))
	y := x
	for i := 0; i < 5; i++ {
		y = G.Must(G.ApplyOp(&doubleOp{Base: NewBase("double", 1), calls: c}, y))
	}
	if _, err := G.Grad(G.Must(G.Sum(y)), x); err != nil {
		t.Fatal(err)
	}
	vm := G.NewTapeMachine(g)
	for r := 0; r < 3; r++ {
		if err := vm.RunAll(); err != nil {
			t.Fatal(err)
		}
		vm.Reset()
	}
	if c.do != 30 || c.prealloc != 0 {
		t.Errorf("%d calls of Do and %d with a preallocated value, want 30 and 0", c.do, c.prealloc)
	}
	if got := y.Value().Data().([]float64)[5]; got != 6*32 {
		t.Errorf("result %v, want %v", got, 6*32)
	}
}

func TestOutput(t *testing.T) {
	fresh, err := Output(nil, 2, 2)
	if err != nil || !fresh.Shape().Eq(tensor.Shape{2, 2}) {
		t.Fatalf("Output(nil): %v, %v", fresh, err)
	}
	p := tensor.New(tensor.WithShape(2, 2), tensor.WithBacking([]float64{1, 2, 3, 4}))
	got, err := Output(p, 2, 2)
	if err != nil || got != p {
		t.Fatalf("Output(prealloc) = %p, %v; want the preallocated tensor %p", got, err, p)
	}
	for _, v := range got.Float64s() {
		if v != 0 {
			t.Fatalf("preallocated output not zeroed: %v", got.Float64s())
		}
	}
	for _, bad := range []G.Value{
		tensor.New(tensor.WithShape(4), tensor.WithBacking([]float64{1, 2, 3, 4})),
		tensor.New(tensor.WithShape(2, 2), tensor.WithBacking([]float32{1, 2, 3, 4})),
		G.NewF64(1),
	} {
		if _, err := Output(bad, 2, 2); err == nil {
			t.Errorf("Output accepted %v of shape %v", bad, bad.Shape())
		}
	}
}

func TestReused(t *testing.T) {
	b := NewBase("op", 1)
	first, _ := b.Reused(nil, 2, 3)
	first.Float64s()[0] = 7
	second, _ := b.Reused(nil, 3, 2)
	if &second.Float64s()[0] != &first.Float64s()[0] || !second.Shape().Eq(tensor.Shape{3, 2}) {
		t.Error("the second result does not reuse the first one's buffer")
	}
	bigger, _ := b.Reused(nil, 4, 4)
	if len(bigger.Float64s()) != 16 {
		t.Errorf("a larger result has %d values", len(bigger.Float64s()))
	}
	p := tensor.New(tensor.WithShape(4, 4), tensor.Of(tensor.Float64))
	if got, err := b.Reused(p, 4, 4); err != nil || got != p {
		t.Errorf("Reused(prealloc) = %p, %v; want the preallocated tensor", got, err)
	}
}

// Every Op refuses automatic differentiation with an error that names it.
func TestDoDiff(t *testing.T) {
	op := &doubleOp{Base: NewBase("double", 1)}
	if err := op.DoDiff(G.ExecutionContext{}, nil, nil); err == nil || err.Error() != "double has no DoDiff; use symbolic differentiation" {
		t.Errorf("DoDiff: %v", err)
	}
}

// Batch is the shape of an output with a row for each input row.
func TestBatch(t *testing.T) {
	for _, tc := range []struct {
		in   tensor.Shape
		dims []int
		want tensor.Shape
	}{
		{tensor.Shape{4, 3}, []int{7}, tensor.Shape{4, 7}},
		{tensor.Shape{2, 5}, nil, tensor.Shape{2}},
		{tensor.Shape{1}, []int{2, 3}, tensor.Shape{1, 2, 3}},
	} {
		if got, err := Batch(tc.in, tc.dims...); err != nil || !got.Eq(tc.want) {
			t.Errorf("Batch(%v, %v) = %v, %v; want %v", tc.in, tc.dims, got, err, tc.want)
		}
	}
}

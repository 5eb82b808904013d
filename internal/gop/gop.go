// Package gop holds what the project's custom Gorgonia Ops share: a unique
// id (so that Gorgonia's deduplication of identical nodes never merges two
// of them), a name, an arity, the Op methods that do not depend on what
// the Op computes (DoDiff among them: the Ops are differentiated
// symbolically), and the output tensor of Do and UsePreallocDo (Output).
// Every input and the output have one element type.
//
// The Ops follow Gorgonia's contract: no call reads anything an earlier
// call left in the Op (what a backward Op needs of the forward pass is one
// of its inputs: the forward node's value or another node's), and
// UsePreallocDo writes into the value Gorgonia passes (Output). The one
// departure, kept where it is measured faster, is Reused: an Op writes its
// result into a buffer of its own that each call overwrites, as Gorgonia's
// TapeMachine passes it no preallocated value.
package gop

import (
	"fmt"
	"hash"
	"hash/fnv"
	"sync/atomic"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

var ids atomic.Int64

// Base is embedded by custom Ops.
type Base struct {
	ID     int64
	Name   string
	Inputs int

	out []float64 // the output buffer of Reused, reused from run to run
}

// Reused returns the float64 tensor of the given shape that an Op writes
// its result to: Output(prealloc) when Gorgonia passes a preallocated value,
// and otherwise a tensor over a buffer of the Op's that each call reuses.
// Its contents are stale: the Op must write every value.
//
// Gorgonia v0.9.18's TapeMachine never passes a preallocated value to
// these Ops (each node has a register of its own, and Reset empties every
// register between runs: TestTapeMachinePreallocatesNothing), so without
// the buffer every run would allocate and zero every output. An Op node
// runs once per run of its graph and its consumers read its value within
// the run, so reusing the buffer is safe; a value must not be kept past
// the node's next run. ∂4's kernel Ops use it (their outputs are the
// machine's states; allocating them made the static training step of the
// Compare sketch 22% slower, 3.3 → 4.0 ms, BenchmarkTrainStepSortCompare,
// medians of 8 interleaved runs), and so does the reader's LSTM run, whose
// tapes are sized for the longest story.
func (o *Base) Reused(prealloc G.Value, shape ...int) (*tensor.Dense, error) {
	if prealloc != nil {
		return Output(prealloc, shape...)
	}
	n := tensor.Shape(shape).TotalSize()
	if cap(o.out) < n {
		o.out = make([]float64, n)
	}
	return tensor.New(tensor.WithShape(shape...), tensor.WithBacking(o.out[:n])), nil
}

// Output returns the float64 tensor of the given shape that an Op writes
// its result to, zeroed: prealloc when it is one of that shape (the value
// Gorgonia passes to UsePreallocDo), a new one when prealloc is nil, and
// an error otherwise (Gorgonia then calls Do).
func Output(prealloc G.Value, shape ...int) (*tensor.Dense, error) {
	if prealloc == nil {
		return tensor.New(tensor.Of(tensor.Float64), tensor.WithShape(shape...)), nil
	}
	t, ok := prealloc.(*tensor.Dense)
	if !ok || t.Dtype() != tensor.Float64 || !t.Shape().Eq(tensor.Shape(shape)) || t.IsView() || !t.IsNativelyAccessible() {
		return nil, fmt.Errorf("gop: preallocated %T of shape %v, want float64 %v", prealloc, prealloc.Shape(), tensor.Shape(shape))
	}
	clear(t.Float64s())
	return t, nil
}

// Batch returns the shape of an Op's output that has a row for each row of
// the input d (a batch of B) and the given further dimensions: [B, dims…]
// (InferShape).
func Batch(d G.DimSizer, dims ...int) (tensor.Shape, error) {
	b, err := d.DimSize(0)
	if err != nil {
		return nil, err
	}
	return append(tensor.Shape{b}, dims...), nil
}

// Floats returns the data of a float64 value.
func Floats(v G.Value) ([]float64, error) {
	d, ok := v.Data().([]float64)
	if !ok {
		return nil, fmt.Errorf("gop: value of %T, want float64 data", v.Data())
	}
	return d, nil
}

// NewBase returns a Base with a fresh id.
func NewBase(name string, arity int) Base {
	return Base{ID: ids.Add(1), Name: name, Inputs: arity}
}

func (o Base) Arity() int { return o.Inputs }

// Type is a → a → … → a.
func (o Base) Type() hm.Type {
	a := hm.TypeVariable('a')
	ts := make([]hm.Type, o.Inputs+1)
	for i := range ts {
		ts[i] = a
	}
	return hm.NewFnType(ts...)
}

func (o Base) ReturnsPtr() bool      { return false }
func (o Base) CallsExtern() bool     { return false }
func (o Base) OverwritesInput() int  { return -1 }
func (o Base) WriteHash(h hash.Hash) { fmt.Fprintf(h, "%s#%d", o.Name, o.ID) }
func (o Base) Hashcode() uint32 {
	h := fnv.New32a()
	o.WriteHash(h)
	return h.Sum32()
}
func (o Base) String() string { return o.Name }

// DoDiff refuses automatic differentiation: the Ops are differentiated
// symbolically (SymDiff, run by a TapeMachine).
func (o Base) DoDiff(G.ExecutionContext, G.Nodes, *G.Node) error {
	return fmt.Errorf("%s has no DoDiff; use symbolic differentiation", o.Name)
}

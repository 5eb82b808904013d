// Package gop holds what the project's custom Gorgonia Ops share: a unique
// id (so that Gorgonia's deduplication of identical nodes never merges two
// of them), a name, an arity, and the Op methods that do not depend on what
// the Op computes. Every input and the output have one element type.
package gop

import (
	"fmt"
	"hash"
	"hash/fnv"
	"sync/atomic"

	"github.com/chewxy/hm"
)

var ids atomic.Int64

// Base is embedded by custom Ops.
type Base struct {
	ID     int64
	Name   string
	Inputs int

	out []float64 // the output buffer, reused from run to run (Out)
}

// Out returns an output buffer of n values for the Op's next result. An Op
// node runs once per run of its graph and every consumer reads its value
// within the run, so the buffer is reused across runs instead of
// allocating (and zeroing) a large slice each time. The contents are
// stale: the Op must write every value.
func (o *Base) Out(n int) []float64 {
	if cap(o.out) < n {
		o.out = make([]float64, n)
	}
	return o.out[:n]
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

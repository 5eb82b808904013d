package model

import (
	"fmt"

	"github.com/d4lang/d4/internal/gop"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// fillOp places the reader's vectors on the heap: from base states [B,S]
// and K picked vectors of width V per example [B, K·V], the initial states
// with vector k added at column offs[k]. Only the vectors are
// differentiated (the base holds the data: the numbers and the machine's
// start).
type fillOp struct {
	gop.Base
	offs []int
	v    int
}

func newFillOp(offs []int, v int) *fillOp {
	return &fillOp{Base: gop.NewBase("heap", 2), offs: offs, v: v}
}

func (o *fillOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	b, err := ds[0].DimSize(0)
	if err != nil {
		return nil, err
	}
	s, err := ds[0].DimSize(1)
	if err != nil {
		return nil, err
	}
	return tensor.Shape{b, s}, nil
}

func (o *fillOp) DiffWRT(int) []bool { return []bool{false, true} }

func (o *fillOp) Do(vals ...G.Value) (G.Value, error) {
	base, vecs := vals[0].Data().([]float64), vals[1].Data().([]float64)
	B, S := vals[0].Shape()[0], vals[0].Shape()[1]
	K := len(o.offs)
	if len(vecs) != B*K*o.v {
		return nil, fmt.Errorf("wap: %d reader values for %d examples of %d vectors of %d", len(vecs), B, K, o.v)
	}
	res, err := o.Reused(nil, B, S)
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	copy(out, base)
	for b := 0; b < B; b++ {
		for k, off := range o.offs {
			dst := out[b*S+off : b*S+off+o.v]
			src := vecs[(b*K+k)*o.v : (b*K+k+1)*o.v]
			for j := range dst {
				dst[j] += src[j]
			}
		}
	}
	return res, nil
}

func (o *fillOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	g, err := G.ApplyOp(&gatherOp{Base: gop.NewBase("heapᵀ", 1), fill: o}, grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{nil, g}, nil
}

// gatherOp is fillOp's backward: the state gradient's columns at each
// vector's place, [B, K·V].
type gatherOp struct {
	gop.Base
	fill *fillOp
}

func (o *gatherOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], len(o.fill.offs)*o.fill.v)
}

func (o *gatherOp) Do(vals ...G.Value) (G.Value, error) {
	grad := vals[0].Data().([]float64)
	B, S := vals[0].Shape()[0], vals[0].Shape()[1]
	K, V := len(o.fill.offs), o.fill.v
	res, err := o.Reused(nil, B, K*V) // every value is written
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	for b := 0; b < B; b++ {
		for k, off := range o.fill.offs {
			copy(out[(b*K+k)*V:(b*K+k+1)*V], grad[b*S+off:b*S+off+V])
		}
	}
	return res, nil
}

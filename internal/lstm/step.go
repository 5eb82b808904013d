package lstm

import (
	"fmt"

	"github.com/d4lang/d4/internal/gop"
	"github.com/d4lang/d4/internal/par"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// The packed state of Step: seven blocks of H columns per example, the
// state proper (h, c) and the tape of the step that made it (the gates and
// tanh c), which the backward Ops read.
const (
	BlockH  = 0 // h_t
	BlockC  = 1 // c_t
	blockI  = 2 // the gates i, f, g, o (blocks 2 to 5), as Cell writes them
	blockO  = 5
	blockTC = 6 // tanh c_t
	Blocks  = 7 // the number of blocks: a packed state is Blocks·H wide
)

// Step adds one LSTM step to a graph: from the pre-activations pre [B,4H]
// (the caller's product [x_t, h_{t−1}, 1]·W) and the previous packed state
// prev [B, Blocks·H] (nil: h and c zero), the packed state [B, Blocks·H].
// Its gradient flows to pre and to the c block of prev.
func Step(name string, H int, pre, prev *G.Node) (*G.Node, error) {
	op := &stepOp{Base: gop.NewBase(name, 1), h: H}
	if prev == nil {
		return G.ApplyOp(op, pre)
	}
	op.Inputs = 2
	return G.ApplyOp(op, pre, prev)
}

// stepOp is Step's node: inputs pre and (unless it has one input) prev.
type stepOp struct {
	gop.Base
	h int
}

func (o *stepOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], Blocks*o.h)
}

// parallelRows runs f on every row, split over as many CPUs as the batch
// is worth (cost is a rough per-row cost, in units of ~100 ns). Rows are
// independent and written by one goroutine each, so the result does not
// depend on the scheduling.
func parallelRows(batch, cost int, f func(b int)) { par.ForAtMost(batch, batch*cost/256, f) }

// matrices returns the data of the values, which must be matrices of
// batch rows and the given widths.
func matrices(name string, vals []G.Value, widths ...int) ([][]float64, int, error) {
	out := make([][]float64, len(vals))
	batch := -1
	for i, v := range vals {
		d, err := gop.Floats(v)
		if err != nil {
			return nil, 0, fmt.Errorf("lstm: %s: input %d: %w", name, i, err)
		}
		s := v.Shape()
		if len(s) != 2 || s[1] != widths[i] || len(d) != s[0]*s[1] {
			return nil, 0, fmt.Errorf("lstm: %s: input %d of shape %v, want %d columns", name, i, s, widths[i])
		}
		if batch >= 0 && s[0] != batch {
			return nil, 0, fmt.Errorf("lstm: %s: input %d has %d rows, input 0 %d", name, i, s[0], batch)
		}
		out[i], batch = d, s[0]
	}
	return out, batch, nil
}

func (o *stepOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *stepOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	H, S := o.h, Blocks*o.h
	widths := []int{4 * H, S}
	in, batch, err := matrices(o.Name, vals, widths[:len(vals)]...)
	if err != nil {
		return nil, err
	}
	out, err := gop.Output(prealloc, batch, S)
	if err != nil {
		return nil, err
	}
	d := out.Float64s()
	parallelRows(batch, H, func(b int) {
		s := d[b*S : (b+1)*S]
		var cPrev []float64
		if len(in) > 1 {
			cPrev = in[1][b*S+BlockC*H : b*S+(BlockC+1)*H]
		}
		Cell(in[0][b*4*H:(b+1)*4*H], cPrev, s[blockI*H:(blockO+1)*H], s[BlockC*H:(BlockC+1)*H], s[blockTC*H:], s[BlockH*H:(BlockH+1)*H])
	})
	return out, nil
}

func (o *stepOp) DiffWRT(n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	return out
}

// SymDiff reads the gates from the step's own value (out): the gradient of
// pre from (prev,) out and grad, that of prev from out and grad.
func (o *stepOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	args := append(append(G.Nodes{}, in[1:]...), out, grad)
	dpre, err := G.ApplyOp(&stepBackOp{Base: gop.NewBase(o.Name+"ᵀpre", len(args)), h: o.h, pre: true}, args...)
	if err != nil {
		return nil, err
	}
	if len(in) == 1 {
		return G.Nodes{dpre}, nil
	}
	dprev, err := G.ApplyOp(&stepBackOp{Base: gop.NewBase(o.Name+"ᵀprev", 2), h: o.h}, out, grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{dpre, dprev}, nil
}

// stepBackOp is a stepOp's backward pass. With pre it is the gradient of
// the pre-activations [B,4H], from the inputs (prev,) out, grad; otherwise
// the gradient of the previous packed state [B, Blocks·H] (nonzero in the
// c block only), from out and grad.
type stepBackOp struct {
	gop.Base
	h   int
	pre bool
}

func (o *stepBackOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	b, err := ds[0].DimSize(0)
	if o.pre {
		return tensor.Shape{b, 4 * o.h}, err
	}
	return tensor.Shape{b, Blocks * o.h}, err
}

func (o *stepBackOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *stepBackOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	H, S := o.h, Blocks*o.h
	widths := make([]int, len(vals))
	for i := range widths {
		widths[i] = S
	}
	in, batch, err := matrices(o.Name, vals, widths...)
	if err != nil {
		return nil, err
	}
	var prev []float64
	if len(in) == 3 {
		prev, in = in[0], in[1:]
	}
	st, gr := in[0], in[1]
	width, cost := S, 0
	if o.pre {
		width, cost = 4*H, H/4
	}
	out, err := gop.Output(prealloc, batch, width)
	if err != nil {
		return nil, err
	}
	d := out.Float64s()
	parallelRows(batch, cost, func(b int) {
		s, gs := st[b*S:(b+1)*S], gr[b*S:(b+1)*S]
		gates, tc := s[blockI*H:(blockO+1)*H], s[blockTC*H:]
		dh, dc := gs[BlockH*H:(BlockH+1)*H], gs[BlockC*H:(BlockC+1)*H]
		if !o.pre {
			CellBack(gates, tc, nil, dh, dc, nil, d[b*S+BlockC*H:b*S+(BlockC+1)*H])
			return
		}
		var cPrev []float64
		if prev != nil {
			cPrev = prev[b*S+BlockC*H : b*S+(BlockC+1)*H]
		}
		CellBack(gates, tc, cPrev, dh, dc, d[b*4*H:(b+1)*4*H], nil)
	})
	return out, nil
}

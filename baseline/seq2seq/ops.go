package seq2seq

import (
	"fmt"
	"math"

	"github.com/d4lang/d4/internal/gop"
	"github.com/d4lang/d4/internal/mathx"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// The model enters Gorgonia through a few custom Ops, so that an unrolled
// step costs 3 forward nodes in the encoder and 5 in the decoder (Gorgonia
// costs microseconds a node):
//
//	catOp     builds the LSTM input row [x_t, h_{t−1}, 1] from token
//	          columns (one-hot), an argmax (greedy decoding), the h part of
//	          a packed state, zeros and a ones column (the bias row);
//	lstm.Step pre-activations [B,4H] (and the previous state) → the packed
//	          state [B,7H] = [h, c, i, f, g, o, tanh c], the gates kept so
//	          that the backward pass reads them from the node's value;
//	xentOp    the step logits and the targets → mean cross-entropy (scalar);
//	argmaxOp  the step logits → the greedy tokens [B,T] (inference only).
//
// The matrix products (and their gradients) are Gorgonia's. catOp and
// xentOp stay custom because Gorgonia's own do not pay (BenchmarkTrainBatch,
// a batch of 128 at input length 4 and output length 3, interleaved runs on
// the shared 2-core machine): building the rows with Gorgonia's Slice and
// Concat (the one-hot tokens still a catOp) took 21.8–22.2 ms a batch
// against 17.1–17.4 ms; the loss as LogSoftMax, HadamardProd and Sum of
// one-hot targets 14.0–14.3 ms against 13.2–14.5 ms, and it rounds
// differently (log-softmax, not log-sum-exp minus the logit), so the
// trained figures would change.

// baseOp is the plumbing every custom Op shares (package gop).
type baseOp = gop.Base

func newBase(name string, arity int) baseOp { return gop.NewBase(name, arity) }

// matType is the type of a float64 matrix.
var matType = G.TensorType{Dims: 2, Of: tensor.Float64}

// matrix returns the data and the shape [rows, cols] of a matrix value.
func matrix(v G.Value) ([]float64, int, int, error) {
	d, ok := v.Data().([]float64)
	if !ok {
		return nil, 0, 0, fmt.Errorf("seq2seq: value is %T, want []float64", v.Data())
	}
	s := v.Shape()
	if len(s) != 2 || s[0]*s[1] != len(d) {
		return nil, 0, 0, fmt.Errorf("seq2seq: value of shape %v, want a matrix", s)
	}
	return d, s[0], s[1], nil
}

// scalar returns the value of a scalar (or one-element) value.
func scalar(v G.Value) (float64, error) {
	switch d := v.Data().(type) {
	case float64:
		return d, nil
	case []float64:
		if len(d) == 1 {
			return d[0], nil
		}
	}
	return 0, fmt.Errorf("seq2seq: value %v is not a float64 scalar", v.Shape())
}

func dense(rows, cols int, d []float64) *tensor.Dense {
	return tensor.New(tensor.WithShape(rows, cols), tensor.WithBacking(d))
}

// partKind is what a part of a catOp row is made of.
type partKind int

const (
	partTok    partKind = iota // one-hot of the token in column col of a token matrix
	partArgmax                 // one-hot of the argmax of a row of logits
	partCols                   // columns [col, col+width) of a matrix (differentiable)
	partZeros                  // width zeros
	partOne                    // a single 1 (the bias input)
)

type part struct {
	kind  partKind
	input int // the op input the part reads (partTok, partArgmax, partCols)
	col   int // token column (partTok) or first column (partCols)
	width int // width of the part in the output row
}

// catOp lays parts side by side: [B, Σ width].
type catOp struct {
	baseOp
	parts []part
	width int
	inW   []int // widths of the inputs, for the gradients
}

func newCat(name string, inW []int, parts ...part) *catOp {
	o := &catOp{baseOp: newBase(name, len(inW)), parts: parts, inW: inW}
	for _, p := range parts {
		o.width += p.width
	}
	return o
}

func (o *catOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.width)
}

func (o *catOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *catOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	ins := make([][]float64, len(vals))
	batch := -1
	for i, v := range vals {
		d, r, c, err := matrix(v)
		if err != nil {
			return nil, err
		}
		if c != o.inW[i] || (batch >= 0 && r != batch) {
			return nil, fmt.Errorf("seq2seq: %s: input %d is %d×%d", o.Name, i, r, c)
		}
		ins[i], batch = d, r
	}
	res, err := gop.Output(prealloc, batch, o.width)
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	for b := 0; b < batch; b++ {
		row := out[b*o.width : (b+1)*o.width]
		off := 0
		for _, p := range o.parts {
			dst := row[off : off+p.width]
			switch p.kind {
			case partTok:
				w := o.inW[p.input]
				tok := int(ins[p.input][b*w+p.col])
				if tok < 0 || tok >= p.width {
					return nil, fmt.Errorf("seq2seq: %s: token %d out of range [0,%d)", o.Name, tok, p.width)
				}
				dst[tok] = 1
			case partArgmax:
				w := o.inW[p.input]
				dst[mathx.Argmax(ins[p.input][b*w:(b+1)*w])] = 1
			case partCols:
				w := o.inW[p.input]
				copy(dst, ins[p.input][b*w+p.col:b*w+p.col+p.width])
			case partOne:
				dst[0] = 1
			}
			off += p.width
		}
	}
	return res, nil
}

func (o *catOp) DiffWRT(n int) []bool {
	out := make([]bool, n)
	for _, p := range o.parts {
		if p.kind == partCols {
			out[p.input] = true
		}
	}
	return out
}

// SymDiff places the gradient of each partCols part back into the columns
// of its input (each input is read by at most one partCols part).
func (o *catOp) SymDiff(in G.Nodes, _, grad *G.Node) (G.Nodes, error) {
	out := make(G.Nodes, len(in))
	off := 0
	for _, p := range o.parts {
		if p.kind == partCols {
			op := &placeOp{baseOp: newBase(o.Name+"ᵀ", 1), from: off, width: p.width, to: p.col, outW: o.inW[p.input]}
			n, err := G.ApplyOp(op, grad)
			if err != nil {
				return nil, err
			}
			out[p.input] = n
		}
		off += p.width
	}
	return out, nil
}

// placeOp copies columns [from, from+width) of its input to columns
// [to, to+width) of a zero matrix [B, outW].
type placeOp struct {
	baseOp
	from, width, to, outW int
}

func (o *placeOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.outW)
}

func (o *placeOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *placeOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	d, batch, n, err := matrix(vals[0])
	if err != nil {
		return nil, err
	}
	res, err := gop.Output(prealloc, batch, o.outW)
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	for b := 0; b < batch; b++ {
		copy(out[b*o.outW+o.to:b*o.outW+o.to+o.width], d[b*n+o.from:b*n+o.from+o.width])
	}
	return res, nil
}

// xentOp is the loss: inputs the logits of T steps [B,V] and the targets
// [B,T] (token indices as float64); output the cross-entropy of the
// softmax against the targets, averaged over the B·T tokens (a scalar).
type xentOp struct {
	baseOp
	steps int
}

func (o *xentOp) Type() hm.Type {
	ts := make([]hm.Type, o.Inputs+1)
	for i := range ts {
		ts[i] = matType
	}
	ts[o.Inputs] = tensor.Float64
	return hm.NewFnType(ts...)
}

func (o *xentOp) InferShape(...G.DimSizer) (tensor.Shape, error) { return tensor.ScalarShape(), nil }

func (o *xentOp) Do(vals ...G.Value) (G.Value, error) {
	tg, batch, T, err := matrix(vals[o.steps])
	if err != nil {
		return nil, err
	}
	sum := 0.0
	for t := 0; t < o.steps; t++ {
		lg, _, V, err := matrix(vals[t])
		if err != nil {
			return nil, err
		}
		for b := 0; b < batch; b++ {
			row := lg[b*V : (b+1)*V]
			sum += logSumExp(row) - row[int(tg[b*T+t])]
		}
	}
	return G.NewF64(sum / float64(batch*o.steps)), nil
}

func logSumExp(x []float64) float64 {
	m := x[0]
	for _, v := range x {
		m = max(m, v)
	}
	s := 0.0
	for _, v := range x {
		s += math.Exp(v - m)
	}
	return m + math.Log(s)
}

func (o *xentOp) DiffWRT(n int) []bool {
	out := make([]bool, n)
	for i := 0; i < o.steps; i++ {
		out[i] = true
	}
	return out
}

func (o *xentOp) SymDiff(in G.Nodes, _, grad *G.Node) (G.Nodes, error) {
	out := make(G.Nodes, len(in))
	for t := 0; t < o.steps; t++ {
		n, err := G.ApplyOp(&xentGradOp{baseOp: newBase(fmt.Sprintf("%sᵀ%d", o.Name, t), 3), t: t, steps: o.steps}, in[t], in[o.steps], grad)
		if err != nil {
			return nil, err
		}
		out[t] = n
	}
	return out, nil
}

// xentGradOp is the gradient of the loss with respect to the logits of
// step t: inputs logits [B,V], targets [B,T], the loss gradient (scalar).
type xentGradOp struct {
	baseOp
	t, steps int
}

func (o *xentGradOp) Type() hm.Type { return hm.NewFnType(matType, matType, tensor.Float64, matType) }
func (o *xentGradOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	b, err := ds[0].DimSize(0)
	if err != nil {
		return nil, err
	}
	v, err := ds[0].DimSize(1)
	return tensor.Shape{b, v}, err
}

func (o *xentGradOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *xentGradOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	lg, batch, V, err := matrix(vals[0])
	if err != nil {
		return nil, err
	}
	tg, _, T, err := matrix(vals[1])
	if err != nil {
		return nil, err
	}
	g, err := scalar(vals[2])
	if err != nil {
		return nil, err
	}
	scale := g / float64(batch*o.steps)
	res, err := gop.Output(prealloc, batch, V)
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	for b := 0; b < batch; b++ {
		row, d := lg[b*V:(b+1)*V], out[b*V:(b+1)*V]
		lse := logSumExp(row)
		for k, v := range row {
			d[k] = scale * math.Exp(v-lse)
		}
		d[int(tg[b*T+o.t])] -= scale
	}
	return res, nil
}

// argmaxOp collects the greedy tokens of T steps: inputs the logits
// [B,V] of each step; output [B,T].
type argmaxOp struct {
	baseOp
}

func (o *argmaxOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.Inputs)
}

func (o *argmaxOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *argmaxOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	T := len(vals)
	var res *tensor.Dense
	for t, v := range vals {
		lg, batch, V, err := matrix(v)
		if err != nil {
			return nil, err
		}
		if res == nil {
			if res, err = gop.Output(prealloc, batch, T); err != nil {
				return nil, err
			}
		}
		out := res.Float64s()
		for b := 0; b < batch; b++ {
			out[b*T+t] = float64(mathx.Argmax(lg[b*V : (b+1)*V]))
		}
	}
	return res, nil
}

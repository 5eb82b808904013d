package reader

import (
	"fmt"

	"github.com/d4lang/d4/internal/gop"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// The reader enters a Gorgonia graph through two custom Ops, so that the
// whole BiLSTM costs two nodes however long the story (Gorgonia costs
// microseconds a node; an unrolled LSTM of primitives would take hundreds):
//
//	bilstmOp  E, W→, W←, ids [B,T] → token states [B, T·2H]
//	pickOp    token states, positions [B,K] → picked states [B, K·2H]
//
// with their backward Ops. The matrix products inside run on gonum's BLAS.

// Pad marks the positions after the end of a story in a batch of token ids.
const Pad = -1

// bilstmOp runs both directions over a batch of token ids. ids[b,t] is
// the t-th token of example b, or Pad after its end. The output row of
// example b holds, for each position p < len_b, [h→_p, h←_p] (zeros after
// the end). The op keeps the tapes of its last run for its backward Op.
type bilstmOp struct {
	gop.Base
	r        *BiLSTM
	T        int
	order    []int
	lens     []int
	fwd, bwd *tape
}

func (o *bilstmOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	b, err := ds[3].DimSize(0)
	if err != nil {
		return nil, err
	}
	return tensor.Shape{b, o.T * o.r.Width()}, nil
}

func (o *bilstmOp) DiffWRT(int) []bool { return []bool{true, true, true, false} }

// lengths reads the stories' lengths from a batch of ids.
func lengths(ids []float64, B, T int) ([]int, error) {
	lens := make([]int, B)
	for b := 0; b < B; b++ {
		lens[b] = T
		for t := 0; t < T; t++ {
			if ids[b*T+t] == Pad {
				lens[b] = t
				break
			}
		}
		if lens[b] == 0 {
			return nil, fmt.Errorf("reader: example %d of the batch has no tokens", b)
		}
	}
	return lens, nil
}

func (o *bilstmOp) Do(vals ...G.Value) (G.Value, error) {
	e, wf, wb := floats(vals[0]), floats(vals[1]), floats(vals[2])
	ids := floats(vals[3])
	B, T := vals[3].Shape()[0], o.T
	lens, err := lengths(ids, B, T)
	if err != nil {
		return nil, err
	}
	for i, v := range ids {
		if v != Pad && (v < 0 || int(v) >= o.r.Vocab || v != float64(int(v))) {
			return nil, fmt.Errorf("reader: token id %v at %d outside the vocabulary of %d", v, i, o.r.Vocab)
		}
	}
	W2 := o.r.Width()
	H := o.r.Hidden
	out := make([]float64, B*T*W2)
	o.order, _ = batchOrder(lens, T)
	_, active := batchOrder(lens, T)
	o.lens = lens
	fid := func(b, t int) int { return int(ids[b*T+t]) }
	bid := func(b, t int) int { return int(ids[b*T+lens[b]-1-t]) }
	o.fwd = o.r.runDir(wf, e, o.order, active, fid, func(b, t int) []float64 {
		return out[b*T*W2+t*W2 : b*T*W2+t*W2+H]
	})
	o.bwd = o.r.runDir(wb, e, o.order, active, bid, func(b, t int) []float64 {
		p := lens[b] - 1 - t
		return out[b*T*W2+p*W2+H : b*T*W2+(p+1)*W2]
	})
	return tensor.New(tensor.WithShape(B, T*W2), tensor.WithBacking(out)), nil
}

func (o *bilstmOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	back := &bilstmBackOp{Base: gop.NewBase(o.Name+"ᵀ", 5), fwd: o}
	packed, err := G.ApplyOp(back, in[0], in[1], in[2], in[3], grad)
	if err != nil {
		return nil, err
	}
	r := o.r
	in2 := r.Embed + r.Hidden + 1
	shapes := []tensor.Shape{{r.Vocab, r.Embed}, {in2, 4 * r.Hidden}, {in2, 4 * r.Hidden}}
	res := make(G.Nodes, 4)
	off := 0
	for i, s := range shapes {
		p := &partOp{Base: gop.NewBase(fmt.Sprintf("%s.part%d", o.Name, i), 1), from: off, shape: s}
		if res[i], err = G.ApplyOp(p, packed); err != nil {
			return nil, err
		}
		off += s.TotalSize()
	}
	return res, nil
}

func (o *bilstmOp) DoDiff(G.ExecutionContext, G.Nodes, *G.Node) error {
	return fmt.Errorf("reader: bilstm has no DoDiff; use symbolic differentiation")
}

// bilstmBackOp returns the gradients of E, W→ and W← flattened and
// concatenated, as one row [1, N].
type bilstmBackOp struct {
	gop.Base
	fwd *bilstmOp
}

func (o *bilstmBackOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	r := o.fwd.r
	return tensor.Shape{1, r.Vocab*r.Embed + 2*(r.Embed+r.Hidden+1)*4*r.Hidden}, nil
}

func (o *bilstmBackOp) Do(vals ...G.Value) (G.Value, error) {
	f := o.fwd
	r := f.r
	if f.fwd == nil {
		return nil, fmt.Errorf("reader: bilstm backward before forward")
	}
	wf, wb := floats(vals[1]), floats(vals[2])
	ids, grad := floats(vals[3]), floats(vals[4])
	T, W2, H := f.T, r.Width(), r.Hidden
	lens := f.lens
	nE := r.Vocab * r.Embed
	nW := (r.Embed + r.Hidden + 1) * 4 * r.Hidden
	out := make([]float64, nE+2*nW)
	dE, dWf, dWb := out[:nE], out[nE:nE+nW], out[nE+nW:]
	fid := func(b, t int) int { return int(ids[b*T+t]) }
	bid := func(b, t int) int { return int(ids[b*T+lens[b]-1-t]) }
	r.backDir(wf, f.fwd, f.order, fid, func(b, t int) []float64 {
		return grad[b*T*W2+t*W2 : b*T*W2+t*W2+H]
	}, dWf, dE)
	r.backDir(wb, f.bwd, f.order, bid, func(b, t int) []float64 {
		p := lens[b] - 1 - t
		return grad[b*T*W2+p*W2+H : b*T*W2+(p+1)*W2]
	}, dWb, dE)
	return tensor.New(tensor.WithShape(1, len(out)), tensor.WithBacking(out)), nil
}

// partOp cuts shape.TotalSize() values from offset from of a vector and
// gives them a shape.
type partOp struct {
	gop.Base
	from  int
	shape tensor.Shape
}

func (o *partOp) InferShape(...G.DimSizer) (tensor.Shape, error) { return o.shape.Clone(), nil }

func (o *partOp) Do(vals ...G.Value) (G.Value, error) {
	d := floats(vals[0])
	out := make([]float64, o.shape.TotalSize())
	copy(out, d[o.from:])
	return tensor.New(tensor.WithShape(o.shape.Clone()...), tensor.WithBacking(out)), nil
}

// pickOp gathers token states: for example b and k < K, the 2H values of
// its position pos[b,k] (a token index), except that a negative position
// −n picks the question vector of a story of n tokens: the last forward
// state and the first backward state, [h→_{n−1}, h←_0].
type pickOp struct {
	gop.Base
	T, H, K int
}

func (o *pickOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	b, err := ds[0].DimSize(0)
	if err != nil {
		return nil, err
	}
	return tensor.Shape{b, o.K * 2 * o.H}, nil
}

func (o *pickOp) DiffWRT(int) []bool { return []bool{true, false} }

// sources returns where the two halves of picked vector k of example b
// come from: offsets into the example's row of token states.
func (o *pickOp) sources(pos float64) (fwd, bwd int, err error) {
	W2 := 2 * o.H
	p := int(pos)
	if float64(p) != pos || p >= o.T || p < -o.T {
		return 0, 0, fmt.Errorf("reader: position %v outside a story of %d tokens", pos, o.T)
	}
	if p < 0 {
		return (-p - 1) * W2, o.H, nil
	}
	return p * W2, p*W2 + o.H, nil
}

func (o *pickOp) Do(vals ...G.Value) (G.Value, error) {
	states, pos := floats(vals[0]), floats(vals[1])
	B := vals[0].Shape()[0]
	W2 := 2 * o.H
	out := make([]float64, B*o.K*W2)
	for b := 0; b < B; b++ {
		row := states[b*o.T*W2 : (b+1)*o.T*W2]
		for k := 0; k < o.K; k++ {
			f, bw, err := o.sources(pos[b*o.K+k])
			if err != nil {
				return nil, err
			}
			dst := out[(b*o.K+k)*W2:]
			copy(dst[:o.H], row[f:f+o.H])
			copy(dst[o.H:W2], row[bw:bw+o.H])
		}
	}
	return tensor.New(tensor.WithShape(B, o.K*W2), tensor.WithBacking(out)), nil
}

func (o *pickOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	back := &scatterOp{Base: gop.NewBase(o.Name+"ᵀ", 2), pick: o}
	d, err := G.ApplyOp(back, in[1], grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{d, nil}, nil
}

func (o *pickOp) DoDiff(G.ExecutionContext, G.Nodes, *G.Node) error {
	return fmt.Errorf("reader: pick has no DoDiff; use symbolic differentiation")
}

// scatterOp is pickOp's backward: it adds each picked vector's gradient
// back at the positions it was picked from.
type scatterOp struct {
	gop.Base
	pick *pickOp
}

func (o *scatterOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	b, err := ds[0].DimSize(0)
	if err != nil {
		return nil, err
	}
	return tensor.Shape{b, o.pick.T * 2 * o.pick.H}, nil
}

func (o *scatterOp) Do(vals ...G.Value) (G.Value, error) {
	p := o.pick
	pos, grad := floats(vals[0]), floats(vals[1])
	B := vals[0].Shape()[0]
	W2 := 2 * p.H
	out := make([]float64, B*p.T*W2)
	for b := 0; b < B; b++ {
		row := out[b*p.T*W2 : (b+1)*p.T*W2]
		for k := 0; k < p.K; k++ {
			f, bw, err := p.sources(pos[b*p.K+k])
			if err != nil {
				return nil, err
			}
			src := grad[(b*p.K+k)*W2:]
			for j := 0; j < p.H; j++ {
				row[f+j] += src[j]
				row[bw+j] += src[p.H+j]
			}
		}
	}
	return tensor.New(tensor.WithShape(B, p.T*W2), tensor.WithBacking(out)), nil
}

func floats(v G.Value) []float64 { return v.Data().([]float64) }

// Part is the reader added to a Gorgonia graph (BiLSTM.AddTo).
type Part struct {
	IDs    *G.Node // input: token ids [B,T], Pad after each story's end
	Pos    *G.Node // input: the positions to pick [B,K] (pickOp: −n is the question vector)
	Out    *G.Node // the picked states [B, K·2H]
	Params G.Nodes // E, W→, W← (the BiLSTM's tensors, shared)
}

// AddTo adds the reader to g for batches of B stories of at most T tokens
// from which K states are picked. The parameter nodes share the BiLSTM's
// tensors, so an update of the tensors is seen by the graph.
func (r *BiLSTM) AddTo(g *G.ExprGraph, B, T, K int) (*Part, error) {
	if B < 1 || T < 1 || K < 1 {
		return nil, fmt.Errorf("reader: graph needs positive batch, length and picks, got %d, %d, %d", B, T, K)
	}
	f64 := tensor.Float64
	p := &Part{
		IDs: G.NewMatrix(g, f64, G.WithShape(B, T), G.WithName("ids")),
		Pos: G.NewMatrix(g, f64, G.WithShape(B, K), G.WithName("pos")),
	}
	for i, t := range []*tensor.Dense{r.E, r.Fwd, r.Bwd} {
		name := []string{"reader.E", "reader.W→", "reader.W←"}[i]
		p.Params = append(p.Params, G.NewMatrix(g, f64, G.WithShape(t.Shape()...), G.WithName(name), G.WithValue(t)))
	}
	states, err := G.ApplyOp(&bilstmOp{Base: gop.NewBase("bilstm", 4), r: r, T: T}, p.Params[0], p.Params[1], p.Params[2], p.IDs)
	if err != nil {
		return nil, fmt.Errorf("reader: %w", err)
	}
	if p.Out, err = G.ApplyOp(&pickOp{Base: gop.NewBase("pick", 2), T: T, H: r.Hidden, K: K}, states, p.Pos); err != nil {
		return nil, fmt.Errorf("reader: %w", err)
	}
	return p, nil
}

// Params lists the BiLSTM's tensors in the order of Part.Params.
func (r *BiLSTM) Params() []*tensor.Dense { return []*tensor.Dense{r.E, r.Fwd, r.Bwd} }

// Read runs the reader without a graph (inference): for each story (token
// ids) the states at its positions (as in Part.Pos: −n is the question
// vector of a story of n tokens), [len(stories)][K·2H].
func (r *BiLSTM) Read(stories [][]int, pos [][]float64) ([][]float64, error) {
	B := len(stories)
	if B == 0 || len(pos) != B {
		return nil, fmt.Errorf("reader: %d stories and %d position lists", B, len(pos))
	}
	T, K := 0, len(pos[0])
	for b, s := range stories {
		T = max(T, len(s))
		if len(pos[b]) != K {
			return nil, fmt.Errorf("reader: story %d has %d positions, want %d", b, len(pos[b]), K)
		}
	}
	ids := make([]float64, B*T)
	flat := make([]float64, 0, B*K)
	for b, s := range stories {
		for t := 0; t < T; t++ {
			ids[b*T+t] = Pad
			if t < len(s) {
				ids[b*T+t] = float64(s[t])
			}
		}
		flat = append(flat, pos[b]...)
	}
	st, err := (&bilstmOp{r: r, T: T}).Do(r.E, r.Fwd, r.Bwd, tensor.New(tensor.WithShape(B, T), tensor.WithBacking(ids)))
	if err != nil {
		return nil, err
	}
	v, err := (&pickOp{T: T, H: r.Hidden, K: K}).Do(st, tensor.New(tensor.WithShape(B, K), tensor.WithBacking(flat)))
	if err != nil {
		return nil, err
	}
	d := v.Data().([]float64)
	out := make([][]float64, B)
	for b := range out {
		out[b] = d[b*K*r.Width() : (b+1)*K*r.Width()]
	}
	return out, nil
}

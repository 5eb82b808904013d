package reader

import (
	"fmt"
	"math"

	"github.com/d4lang/d4/internal/gop"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// The reader enters a Gorgonia graph through a few custom Ops, so that the
// whole BiLSTM costs a handful of nodes however long the story (Gorgonia
// costs microseconds a node; an unrolled LSTM of primitives would take
// hundreds):
//
//	runOp     E, W→, W←, ids [B,T], classes [B,T·MaxClasses] → the run: token states and both tapes
//	statesOp  E, W→, W←, ids, classes, run → the token states [B, T·2H] (a view)
//	pickOp    token states, positions [B,K] → picked states [B, K·2H]
//
// and their backward Ops. No Op keeps anything between calls: the LSTM's
// tapes are the run node's value, which the backward Op of statesOp takes
// as an input. runOp is not differentiated; statesOp, whose value is a
// view of the run, carries the gradient of E, W→ and W← (their derivative
// through the run), so the tapes never get a gradient of their own.

// Pad marks the positions after the end of a story in a batch of token ids.
const Pad = -1

// opBase is what runOp, statesOp and backOp share: the BiLSTM and the
// length T of the batches of stories (their ids are input 3, their classes
// input 4).
type opBase struct {
	gop.Base
	r *BiLSTM
	T int
}

// shape is [B, n/B] for a batch of B stories, n(B) values in all.
func (o *opBase) shape(ds []G.DimSizer, n func(B int) int) (tensor.Shape, error) {
	b, err := ds[3].DimSize(0)
	if err != nil {
		return nil, err
	}
	return tensor.Shape{b, n(b) / b}, nil
}

// runOp runs both directions over a batch of token ids: ids[b,t] is the
// t-th token of example b, or Pad after its end. Its value (BiLSTM.runLen)
// holds the token states, then the tapes. The run is sized for stories of
// T tokens, of which a batch fills a part, so it is written to a reused
// buffer (gop.Base.Reused): allocating it made a word-problem training run
// (wap train --updates 20) 2% slower. The picks and the backward Ops reuse
// theirs too: allocated at every batch, the gradients of the embeddings
// and of the token states were most of a training run's garbage.
type runOp struct{ opBase }

func (o *runOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return o.shape(ds, func(B int) int { return o.r.runLen(B, o.T) })
}

func (o *runOp) DiffWRT(n int) []bool { return make([]bool, n) }

func (o *runOp) SymDiff(G.Nodes, *G.Node, *G.Node) (G.Nodes, error) {
	return nil, fmt.Errorf("reader: %s is differentiated through its states node", o.Name)
}

func (o *runOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *runOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	s, err := o.r.readStories(vals[3], vals[4], o.T)
	if err != nil {
		return nil, err
	}
	out, err := o.Reused(prealloc, s.B, o.r.runLen(s.B, o.T)/s.B)
	if err != nil {
		return nil, err
	}
	states, tapes := o.r.split(out.Float64s(), s.B, o.T)
	o.r.forward(floats(vals[0]), floats(vals[1]), floats(vals[2]), s, states, tapes)
	return out, nil
}

// statesOp gives the token states of a run, [B, T·2H]: the row of example
// b holds, for each position p < len_b, [h→_p, h←_p] (zeros after the
// end). Its inputs are runOp's and the run; it is differentiated with
// respect to E, W→ and W←.
type statesOp struct{ opBase }

func (o *statesOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return o.shape(ds, func(B int) int { return B * o.T * o.r.Width() })
}

func (o *statesOp) DiffWRT(int) []bool { return []bool{true, true, true, false, false, false} }

func (o *statesOp) Do(vals ...G.Value) (G.Value, error) {
	B := vals[3].Shape()[0]
	n := B * o.T * o.r.Width()
	run := floats(vals[5])
	if len(run) != o.r.runLen(B, o.T) {
		return nil, fmt.Errorf("reader: run of %d values, want %d", len(run), o.r.runLen(B, o.T))
	}
	return tensor.New(tensor.WithShape(B, o.T*o.r.Width()), tensor.WithBacking(run[:n:n])), nil
}

func (o *statesOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	back := &backOp{opBase{Base: gop.NewBase(o.Name+"ᵀ", 7), r: o.r, T: o.T}}
	packed, err := G.ApplyOp(back, append(in[:6:6], grad)...)
	if err != nil {
		return nil, err
	}
	res := make(G.Nodes, len(in))
	off := 0
	for i, t := range o.r.Params() {
		s := t.Shape()
		p := &partOp{Base: gop.NewBase(fmt.Sprintf("%s.part%d", o.Name, i), 1), from: off, shape: s}
		if res[i], err = G.ApplyOp(p, packed); err != nil {
			return nil, err
		}
		off += s.TotalSize()
	}
	return res, nil
}

// backOp returns the gradients of E, W→ and W← flattened and concatenated,
// as one row [1, N], from statesOp's inputs and the states' gradient.
type backOp struct{ opBase }

func (o *backOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	n := 0
	for _, t := range o.r.Params() {
		n += t.Shape().TotalSize()
	}
	return tensor.Shape{1, n}, nil
}

func (o *backOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *backOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	r := o.r
	s, err := r.readStories(vals[3], vals[4], o.T)
	if err != nil {
		return nil, err
	}
	nE := (r.Vocab + r.Classes) * r.Embed
	nW := (r.Embed + r.Hidden + 1) * 4 * r.Hidden
	out, err := o.Reused(prealloc, 1, nE+2*nW)
	if err != nil {
		return nil, err
	}
	d := out.Float64s()
	clear(d) // the gradients are sums
	r.backward(floats(vals[0]), floats(vals[1]), floats(vals[2]), s, floats(vals[5]), floats(vals[6]), d[:nE], d[nE:nE+nW], d[nE+nW:])
	return out, nil
}

// partOp is a view of shape.TotalSize() values from offset from of a
// vector, in that shape. Gorgonia's Slice and Reshape would copy (Reshape
// materialises a slice) and cost a node more: BenchmarkBiLSTM 131 against
// 124 ms (medians of 5 interleaved runs).
type partOp struct {
	gop.Base
	from  int
	shape tensor.Shape
}

func (o *partOp) InferShape(...G.DimSizer) (tensor.Shape, error) { return o.shape.Clone(), nil }

func (o *partOp) Do(vals ...G.Value) (G.Value, error) {
	d := floats(vals[0])
	to := o.from + o.shape.TotalSize()
	return tensor.New(tensor.WithShape(o.shape.Clone()...), tensor.WithBacking(d[o.from:to:to])), nil
}

// pickOp gathers token states: for example b and k < K, the 2H values of
// its position pos[b,k] (a token index), except that a negative position
// −n picks the question vector of a story of n tokens: the last forward
// state and the first backward state, [h→_{n−1}, h←_0], and NoPick picks
// nothing: zeros (a number the story does not have).
type pickOp struct {
	gop.Base
	T, H, K int
}

func (o *pickOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.K*2*o.H)
}

func (o *pickOp) DiffWRT(int) []bool { return []bool{true, false} }

// sources returns where the two halves of picked vector k of example b
// come from: offsets into the example's row of token states.
func (o *pickOp) sources(pos float64) (fwd, bwd int, err error) {
	W2 := 2 * o.H
	if math.IsNaN(pos) {
		return -1, -1, nil
	}
	p := int(pos)
	if float64(p) != pos || p >= o.T || p < -o.T {
		return 0, 0, fmt.Errorf("reader: position %v outside a story of %d tokens", pos, o.T)
	}
	if p < 0 {
		return (-p - 1) * W2, o.H, nil
	}
	return p * W2, p*W2 + o.H, nil
}

func (o *pickOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *pickOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	states, pos := floats(vals[0]), floats(vals[1])
	B := vals[0].Shape()[0]
	W2 := 2 * o.H
	res, err := o.Reused(prealloc, B, o.K*W2) // every value is written
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	for b := 0; b < B; b++ {
		row := states[b*o.T*W2 : (b+1)*o.T*W2]
		for k := 0; k < o.K; k++ {
			f, bw, err := o.sources(pos[b*o.K+k])
			if err != nil {
				return nil, err
			}
			dst := out[(b*o.K+k)*W2:]
			if f < 0 {
				clear(dst[:W2])
				continue
			}
			copy(dst[:o.H], row[f:f+o.H])
			copy(dst[o.H:W2], row[bw:bw+o.H])
		}
	}
	return res, nil
}

func (o *pickOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	back := &scatterOp{Base: gop.NewBase(o.Name+"ᵀ", 2), pick: o}
	d, err := G.ApplyOp(back, in[1], grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{d, nil}, nil
}

// scatterOp is pickOp's backward: it adds each picked vector's gradient
// back at the positions it was picked from.
type scatterOp struct {
	gop.Base
	pick *pickOp
}

func (o *scatterOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.pick.T*2*o.pick.H)
}

func (o *scatterOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *scatterOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	p := o.pick
	pos, grad := floats(vals[0]), floats(vals[1])
	B := vals[0].Shape()[0]
	W2 := 2 * p.H
	res, err := o.Reused(prealloc, B, p.T*W2)
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	clear(out) // the gradients are sums
	for b := 0; b < B; b++ {
		row := out[b*p.T*W2 : (b+1)*p.T*W2]
		for k := 0; k < p.K; k++ {
			f, bw, err := p.sources(pos[b*p.K+k])
			if err != nil {
				return nil, err
			}
			if f < 0 {
				continue // NoPick: nothing was picked
			}
			src := grad[(b*p.K+k)*W2:]
			for j := 0; j < p.H; j++ {
				row[f+j] += src[j]
				row[bw+j] += src[p.H+j]
			}
		}
	}
	return res, nil
}

func floats(v G.Value) []float64 { return v.Data().([]float64) }

// NoPick is the position that picks nothing: its picked vector is zeros,
// and it takes no gradient (a number a story does not have).
var NoPick = math.NaN()

// Part is the reader added to a Gorgonia graph (BiLSTM.AddTo).
type Part struct {
	IDs     *G.Node // input: token ids [B,T], Pad after each story's end
	Classes *G.Node // input: each token's classes [B, T·MaxClasses], NoClass where it has fewer
	Pos     *G.Node // input: the positions to pick [B,K] (pickOp: −n is the question vector, NoPick nothing)
	Out     *G.Node // the picked states [B, K·2H]
	States  *G.Node // the token states [B, T·2H] (QAttention reads them)
	Params  G.Nodes // E, W→, W← (the BiLSTM's tensors, shared)
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
		IDs:     G.NewMatrix(g, f64, G.WithShape(B, T), G.WithName("ids")),
		Classes: G.NewMatrix(g, f64, G.WithShape(B, T*MaxClasses), G.WithName("classes")),
		Pos:     G.NewMatrix(g, f64, G.WithShape(B, K), G.WithName("pos")),
	}
	for i, t := range []*tensor.Dense{r.E, r.Fwd, r.Bwd} {
		name := []string{"reader.E", "reader.W→", "reader.W←"}[i]
		p.Params = append(p.Params, G.NewMatrix(g, f64, G.WithShape(t.Shape()...), G.WithName(name), G.WithValue(t)))
	}
	ins := append(append(G.Nodes{}, p.Params...), p.IDs, p.Classes)
	run, err := G.ApplyOp(&runOp{opBase{Base: gop.NewBase("bilstm", 5), r: r, T: T}}, ins...)
	if err != nil {
		return nil, fmt.Errorf("reader: %w", err)
	}
	states, err := G.ApplyOp(&statesOp{opBase{Base: gop.NewBase("bilstm.states", 6), r: r, T: T}}, append(ins, run)...)
	if err != nil {
		return nil, fmt.Errorf("reader: %w", err)
	}
	p.States = states
	if p.Out, err = G.ApplyOp(&pickOp{Base: gop.NewBase("pick", 2), T: T, H: r.Hidden, K: K}, states, p.Pos); err != nil {
		return nil, fmt.Errorf("reader: %w", err)
	}
	return p, nil
}

// states runs the reader without a graph over a batch of token ids [B,T]
// (Pad after each story's end) and their classes [B, T·MaxClasses], and
// returns the token states [B, T·2H], as statesOp does; the tapes take only
// what the stories need.
func (r *BiLSTM) states(ids, classes G.Value) (G.Value, error) {
	T := ids.Shape()[1]
	s, err := r.readStories(ids, classes, T)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, l := range s.lens {
		n += l
	}
	tl := r.layer().TapeLen(n)
	tape := make([]float64, 2*tl)
	states := make([]float64, s.B*T*r.Width())
	r.forward(floats(r.E), floats(r.Fwd), floats(r.Bwd), s, states, [2][]float64{tape[:tl], tape[tl:]})
	return tensor.New(tensor.WithShape(s.B, T*r.Width()), tensor.WithBacking(states)), nil
}

// Params lists the BiLSTM's tensors in the order of Part.Params.
func (r *BiLSTM) Params() []*tensor.Dense { return []*tensor.Dense{r.E, r.Fwd, r.Bwd} }

// Story is a story as the reader reads it: its token ids and, when the
// reader has classes, each token's classes (at most MaxClasses; Classes
// nil or shorter than IDs: none).
type Story struct {
	IDs     []int
	Classes [][]int
}

// Batch lays out stories as the reader's inputs for stories of at most T
// tokens: the token ids [B,T] (Pad after each story's end) and their
// classes [B, T·MaxClasses] (NoClass where a token has fewer).
func Batch(stories []Story, T int) (ids, classes []float64, err error) {
	B := len(stories)
	ids = make([]float64, B*T)
	classes = make([]float64, B*T*MaxClasses)
	for i := range classes {
		classes[i] = NoClass
	}
	for b, s := range stories {
		if len(s.IDs) > T {
			return nil, nil, fmt.Errorf("reader: story %d has %d tokens, the batch takes %d", b, len(s.IDs), T)
		}
		for t := 0; t < T; t++ {
			ids[b*T+t] = Pad
			if t >= len(s.IDs) {
				continue
			}
			ids[b*T+t] = float64(s.IDs[t])
			if t >= len(s.Classes) {
				continue
			}
			if len(s.Classes[t]) > MaxClasses {
				return nil, nil, fmt.Errorf("reader: story %d: token %d has %d classes, at most %d are read", b, t, len(s.Classes[t]), MaxClasses)
			}
			for k, c := range s.Classes[t] {
				classes[(b*T+t)*MaxClasses+k] = float64(c)
			}
		}
	}
	return ids, classes, nil
}

// Read runs the reader without a graph (inference): for each story the
// states at its positions (as in Part.Pos: −n is the question vector of a
// story of n tokens), [len(stories)][K·2H].
func (r *BiLSTM) Read(stories []Story, pos [][]float64) ([][]float64, error) {
	out, _, _, err := r.ReadAll(stories, pos)
	return out, err
}

// ReadAll is Read that also returns the token states [B, T·2H] of the
// stories, T the longest story's length (what QAttention.Apply reads).
func (r *BiLSTM) ReadAll(stories []Story, pos [][]float64) (picked [][]float64, states []float64, T int, err error) {
	B := len(stories)
	if B == 0 || len(pos) != B {
		return nil, nil, 0, fmt.Errorf("reader: %d stories and %d position lists", B, len(pos))
	}
	K := len(pos[0])
	for b, s := range stories {
		T = max(T, len(s.IDs))
		if len(pos[b]) != K {
			return nil, nil, 0, fmt.Errorf("reader: story %d has %d positions, want %d", b, len(pos[b]), K)
		}
	}
	ids, classes, err := Batch(stories, T)
	if err != nil {
		return nil, nil, 0, err
	}
	flat := make([]float64, 0, B*K)
	for b := range stories {
		flat = append(flat, pos[b]...)
	}
	st, err := r.states(tensor.New(tensor.WithShape(B, T), tensor.WithBacking(ids)), tensor.New(tensor.WithShape(B, T*MaxClasses), tensor.WithBacking(classes)))
	if err != nil {
		return nil, nil, 0, err
	}
	v, err := (&pickOp{T: T, H: r.Hidden, K: K}).Do(st, tensor.New(tensor.WithShape(B, K), tensor.WithBacking(flat)))
	if err != nil {
		return nil, nil, 0, err
	}
	d := v.Data().([]float64)
	out := make([][]float64, B)
	for b := range out {
		out[b] = d[b*K*r.Width() : (b+1)*K*r.Width()]
	}
	return out, floats(st), T, nil
}

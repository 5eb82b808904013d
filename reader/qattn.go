package reader

import (
	"fmt"
	"math"
	"math/rand"

	"github.com/d4lang/d4/internal/gop"
	"github.com/d4lang/d4/internal/mathx"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// QAttention makes the reader's heap cells read the question: each picked
// vector p (the question vector, and each number's context vector: the
// BiLSTM's state at the number) attends over the states s_t of the
// question's tokens (QuestionStart … the story's end), and what it reads,
// with the cell's features f (QFeatures: NumberFeatures), is added to it:
//
//	e_t = p·A·s_t    a = softmax_t(e)    c = Σ_t a_t s_t
//	u   = tanh([c, f, 1]·U)              out = p + u
//
// with A [D, D] and U [D+F+1, D], D the states' width (2·Hidden) and F
// the features' count. A cell the story does not fill (a number it does
// not have) stays zero. The question vector's cell is conditioned on the
// question the same way (its feature FeatQuestionCell tells it apart), so
// that the slots, which observe it, see what is asked.
type QAttention struct {
	D, F int
	A, U *tensor.Dense
}

// NewQAttention draws the weights from a seeded generator: A from
// N(0, 1/D), U uniform in ±1/√(D+F+1).
func NewQAttention(d, f int, seed int64) (*QAttention, error) {
	q, err := ZeroQAttention(d, f)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewSource(seed))
	a := q.A.Float64s()
	for i := range a {
		a[i] = rng.NormFloat64() / math.Sqrt(float64(d))
	}
	s := 1 / math.Sqrt(float64(d+f+1))
	for i := range q.U.Float64s() {
		q.U.Float64s()[i] = s * (2*rng.Float64() - 1)
	}
	return q, nil
}

// ZeroQAttention returns a QAttention of these sizes whose weights are
// zero (what a loader fills).
func ZeroQAttention(d, f int) (*QAttention, error) {
	if d < 1 || f < 0 || d > 1<<12 || f > 1<<12 {
		return nil, fmt.Errorf("reader: question attention of width %d and %d features (want 1 … 4096 and 0 … 4096)", d, f)
	}
	return &QAttention{D: d, F: f,
		A: tensor.New(tensor.WithShape(d, d), tensor.WithBacking(make([]float64, d*d))),
		U: tensor.New(tensor.WithShape(d+f+1, d), tensor.WithBacking(make([]float64, (d+f+1)*d))),
	}, nil
}

// Params lists the tensors: A, U.
func (q *QAttention) Params() []*tensor.Dense { return []*tensor.Dense{q.A, q.U} }

// QInput is what QAttention reads of one story beside its states: where its
// question starts (its end is the story's), the length of the story, and
// each cell's features (nil: a cell the story does not fill).
type QInput struct {
	Start, Len int
	Feats      [][]float64
}

// qBatch is a batch's QAttention inputs as the Op reads them: spans [B,2]
// (start, end), features [B, K·F] and presence [B, K] (1: a cell the
// story fills).
type qBatch struct {
	span, feats, present []float64
}

// QBatch lays out the inputs of B stories of at most T tokens, K cells
// each: spans [B·2], features [B·K·F], presence [B·K].
func (q *QAttention) QBatch(in []QInput, T, K int) (span, feats, present []float64, err error) {
	span = make([]float64, 2*len(in))
	feats = make([]float64, len(in)*K*q.F)
	present = make([]float64, len(in)*K)
	for b, x := range in {
		if x.Start < 0 || x.Start >= x.Len || x.Len > T {
			return nil, nil, nil, fmt.Errorf("reader: story %d: question from token %d in a story of %d (the batch takes %d)", b, x.Start, x.Len, T)
		}
		if len(x.Feats) > K {
			return nil, nil, nil, fmt.Errorf("reader: story %d has %d cells, the batch takes %d", b, len(x.Feats), K)
		}
		span[2*b], span[2*b+1] = float64(x.Start), float64(x.Len)
		for k, f := range x.Feats {
			if f == nil {
				continue
			}
			if len(f) != q.F {
				return nil, nil, nil, fmt.Errorf("reader: story %d, cell %d: %d features, want %d", b, k, len(f), q.F)
			}
			present[b*K+k] = 1
			copy(feats[(b*K+k)*q.F:], f)
		}
	}
	return span, feats, present, nil
}

// qdims are the sizes of one application: B stories of T tokens, K cells.
type qdims struct{ B, T, K int }

// check validates the inputs' lengths and spans.
func (q *QAttention) check(d qdims, states, picked []float64, x qBatch) error {
	D := q.D
	switch {
	case len(states) != d.B*d.T*D:
		return fmt.Errorf("reader: question attention: %d state values, want %d·%d·%d", len(states), d.B, d.T, D)
	case len(picked) != d.B*d.K*D:
		return fmt.Errorf("reader: question attention: %d picked values, want %d·%d·%d", len(picked), d.B, d.K, D)
	case len(x.span) != 2*d.B || len(x.feats) != d.B*d.K*q.F || len(x.present) != d.B*d.K:
		return fmt.Errorf("reader: question attention: inputs of %d, %d and %d values for %d stories of %d cells", len(x.span), len(x.feats), len(x.present), d.B, d.K)
	}
	for b := 0; b < d.B; b++ {
		s, e := x.span[2*b], x.span[2*b+1]
		if s != math.Trunc(s) || e != math.Trunc(e) || s < 0 || e <= s || e > float64(d.T) {
			return fmt.Errorf("reader: question attention: story %d's question spans tokens %v … %v of %d", b, s, e, d.T)
		}
	}
	return nil
}

// cell is the forward pass of one cell: from p and its question's states
// S (Tq rows) and their products AS = A·s_t, the attention a, the read c,
// the input z = [c, f, 1] and the update u.
type cell struct {
	a, c, z, u []float64
}

func (q *QAttention) cellForward(p, f, S, AS []float64, tq int, out *cell) {
	D, U := q.D, q.U.Float64s()
	out.a = out.a[:0]
	mx := math.Inf(-1)
	for t := 0; t < tq; t++ {
		e := mathx.Dot(p, AS[t*D:(t+1)*D])
		out.a = append(out.a, e)
		mx = math.Max(mx, e)
	}
	sum := 0.0
	for t := range out.a {
		out.a[t] = math.Exp(out.a[t] - mx)
		sum += out.a[t]
	}
	out.c = resize(out.c, D)
	clear(out.c)
	for t := range out.a {
		out.a[t] /= sum
		axpy(out.a[t], S[t*D:(t+1)*D], out.c)
	}
	out.z = append(append(append(out.z[:0], out.c...), f...), 1)
	out.u = resize(out.u, D)
	clear(out.u)
	for i, zi := range out.z {
		axpy(zi, U[i*D:(i+1)*D], out.u)
	}
	for j := range out.u {
		out.u[j] = math.Tanh(out.u[j])
	}
}

// products returns A·s_t for the question's states of example b: its
// states S (the question's rows of states) and AS, tq rows each.
func (q *QAttention) products(d qdims, states []float64, x qBatch, b int, AS []float64) (S []float64, tq int) {
	D, A := q.D, q.A.Float64s()
	s, e := int(x.span[2*b]), int(x.span[2*b+1])
	tq = e - s
	S = states[(b*d.T+s)*D : (b*d.T+e)*D]
	for t := 0; t < tq; t++ {
		st, dst := S[t*D:(t+1)*D], AS[t*D:(t+1)*D]
		for i := 0; i < D; i++ {
			dst[i] = mathx.Dot(A[i*D:(i+1)*D], st)
		}
	}
	return S, tq
}

// forward writes the cells [B, K·D] read from the states [B, T·D] and the
// picked vectors [B, K·D].
func (q *QAttention) forward(d qdims, states, picked []float64, x qBatch, out []float64) error {
	if err := q.check(d, states, picked, x); err != nil {
		return err
	}
	D, F := q.D, q.F
	AS := make([]float64, d.T*D)
	var c cell
	for b := 0; b < d.B; b++ {
		S, tq := q.products(d, states, x, b, AS)
		for k := 0; k < d.K; k++ {
			i := b*d.K + k
			dst := out[i*D : (i+1)*D]
			if x.present[i] == 0 {
				clear(dst)
				continue
			}
			p := picked[i*D : (i+1)*D]
			q.cellForward(p, x.feats[i*F:(i+1)*F], S, AS, tq, &c)
			for j := range dst {
				dst[j] = p[j] + c.u[j]
			}
		}
	}
	return nil
}

// backward adds the gradients of A, U, the states and the picked vectors
// from the cells' gradient g [B, K·D].
func (q *QAttention) backward(d qdims, states, picked []float64, x qBatch, g, dA, dU, dStates, dPicked []float64) error {
	if err := q.check(d, states, picked, x); err != nil {
		return err
	}
	D, F, A, U := q.D, q.F, q.A.Float64s(), q.U.Float64s()
	AS := make([]float64, d.T*D)
	w := make([]float64, d.T*D) // Σ_k de_kt p_k, by question token
	du := make([]float64, D)
	dc := make([]float64, D)
	da := make([]float64, d.T)
	var c cell
	for b := 0; b < d.B; b++ {
		S, tq := q.products(d, states, x, b, AS)
		s0 := int(x.span[2*b])
		dS := dStates[(b*d.T+s0)*D : (b*d.T+s0+tq)*D]
		clear(w[:tq*D])
		for k := 0; k < d.K; k++ {
			i := b*d.K + k
			if x.present[i] == 0 {
				continue
			}
			p, gi := picked[i*D:(i+1)*D], g[i*D:(i+1)*D]
			q.cellForward(p, x.feats[i*F:(i+1)*F], S, AS, tq, &c)
			dp := dPicked[i*D : (i+1)*D]
			for j := range du {
				dp[j] += gi[j]
				du[j] = gi[j] * (1 - c.u[j]*c.u[j])
			}
			for r, zr := range c.z {
				axpy(zr, du, dU[r*D:(r+1)*D])
			}
			for r := 0; r < D; r++ {
				dc[r] = mathx.Dot(U[r*D:(r+1)*D], du)
			}
			mean := 0.0
			for t := 0; t < tq; t++ {
				da[t] = mathx.Dot(S[t*D:(t+1)*D], dc)
				mean += c.a[t] * da[t]
				axpy(c.a[t], dc, dS[t*D:(t+1)*D])
			}
			for t := 0; t < tq; t++ {
				de := c.a[t] * (da[t] - mean)
				axpy(de, AS[t*D:(t+1)*D], dp)
				axpy(de, p, w[t*D:(t+1)*D])
			}
		}
		// e_kt = p_k·A·s_t: dA += Σ_t w_t s_tᵀ, ds_t += Aᵀ w_t.
		for t := 0; t < tq; t++ {
			wt, st, ds := w[t*D:(t+1)*D], S[t*D:(t+1)*D], dS[t*D:(t+1)*D]
			for r, wr := range wt {
				if wr == 0 {
					continue
				}
				axpy(wr, st, dA[r*D:(r+1)*D])
				axpy(wr, A[r*D:(r+1)*D], ds)
			}
		}
	}
	return nil
}

// axpy adds a·x to y.
func axpy(a float64, x, y []float64) {
	for i, v := range x {
		y[i] += a * v
	}
}

func resize(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// QPart is QAttention added to a Gorgonia graph (QAttention.AddTo).
type QPart struct {
	Span    *G.Node // input: each story's question, [B, 2]: its first token and the story's length
	Feats   *G.Node // input: the cells' features [B, K·F]
	Present *G.Node // input: 1 for a cell the story fills, 0 for one it does not [B, K]
	Out     *G.Node // the cells [B, K·D]
	Params  G.Nodes // A, U (the tensors, shared)
}

// AddTo adds the attention to g over the reader's states of T tokens
// [B, T·D] and its K picked vectors [B, K·D] (Part.States, Part.Out).
// States of another width are refused, even where their sizes divide by
// D.
func (q *QAttention) AddTo(g *G.ExprGraph, states, picked *G.Node, T, K int) (*QPart, error) {
	ss, ps := states.Shape(), picked.Shape()
	if len(ss) != 2 || len(ps) != 2 || ss[0] != ps[0] || T < 1 || K < 1 || ss[1] != T*q.D || ps[1] != K*q.D {
		return nil, fmt.Errorf("reader: question attention of width %d over %d tokens and %d cells: states %v and picked vectors %v, want [B %d] and [B %d]", q.D, T, K, ss, ps, T*q.D, K*q.D)
	}
	d := qdims{B: ss[0], T: T, K: K}
	f64 := tensor.Float64
	p := &QPart{
		Span:    G.NewMatrix(g, f64, G.WithShape(d.B, 2), G.WithName("qspan")),
		Feats:   G.NewMatrix(g, f64, G.WithShape(d.B, d.K*q.F), G.WithName("qfeats")),
		Present: G.NewMatrix(g, f64, G.WithShape(d.B, d.K), G.WithName("qpresent")),
	}
	for i, t := range q.Params() {
		p.Params = append(p.Params, G.NewMatrix(g, f64, G.WithShape(t.Shape()...), G.WithName([]string{"reader.qattn.A", "reader.qattn.U"}[i]), G.WithValue(t)))
	}
	op := &qattnOp{Base: gop.NewBase("qattn", 7), q: q, d: d}
	var err error
	if p.Out, err = G.ApplyOp(op, p.Params[0], p.Params[1], states, picked, p.Span, p.Feats, p.Present); err != nil {
		return nil, fmt.Errorf("reader: %w", err)
	}
	return p, nil
}

// qattnOp applies QAttention: inputs A, U, states [B,T·D], picked [B,K·D],
// span [B,2], features [B,K·F], presence [B,K]; output the cells [B,K·D].
type qattnOp struct {
	gop.Base
	q *QAttention
	d qdims
}

func (o *qattnOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{o.d.B, o.d.K * o.q.D}, nil
}

func (o *qattnOp) DiffWRT(int) []bool { return []bool{true, true, true, true, false, false, false} }

func (o *qattnOp) batch(vals []G.Value) qBatch {
	return qBatch{span: floats(vals[4]), feats: floats(vals[5]), present: floats(vals[6])}
}

func (o *qattnOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *qattnOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	out, err := o.Reused(prealloc, o.d.B, o.d.K*o.q.D)
	if err != nil {
		return nil, err
	}
	if err := o.q.forward(o.d, floats(vals[2]), floats(vals[3]), o.batch(vals), out.Float64s()); err != nil {
		return nil, err
	}
	return out, nil
}

func (o *qattnOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	back := &qattnBackOp{Base: gop.NewBase(o.Name+"ᵀ", 8), fwd: o}
	packed, err := G.ApplyOp(back, append(in[:7:7], grad)...)
	if err != nil {
		return nil, err
	}
	res := make(G.Nodes, len(in))
	off := 0
	for i, s := range o.gradShapes() {
		p := &partOp{Base: gop.NewBase(fmt.Sprintf("%s.part%d", o.Name, i), 1), from: off, shape: s}
		if res[i], err = G.ApplyOp(p, packed); err != nil {
			return nil, err
		}
		off += s.TotalSize()
	}
	return res, nil
}

// gradShapes are the shapes of the gradients of A, U, the states and the
// picked vectors, packed in that order by qattnBackOp.
func (o *qattnOp) gradShapes() []tensor.Shape {
	D := o.q.D
	return []tensor.Shape{{D, D}, {D + o.q.F + 1, D}, {o.d.B, o.d.T * D}, {o.d.B, o.d.K * D}}
}

// qattnBackOp returns the gradients of A, U, the states and the picked
// vectors, flattened and concatenated as one row [1, N].
type qattnBackOp struct {
	gop.Base
	fwd *qattnOp
}

func (o *qattnBackOp) size() int {
	n := 0
	for _, s := range o.fwd.gradShapes() {
		n += s.TotalSize()
	}
	return n
}

func (o *qattnBackOp) InferShape(...G.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{1, o.size()}, nil
}

func (o *qattnBackOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *qattnBackOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	out, err := o.Reused(prealloc, 1, o.size())
	if err != nil {
		return nil, err
	}
	d := out.Float64s()
	clear(d) // the gradients are sums
	var parts [4][]float64
	off := 0
	for i, s := range o.fwd.gradShapes() {
		parts[i] = d[off : off+s.TotalSize()]
		off += s.TotalSize()
	}
	f := o.fwd
	err = f.q.backward(f.d, floats(vals[2]), floats(vals[3]), f.batch(vals), floats(vals[7]), parts[0], parts[1], parts[2], parts[3])
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Apply runs the attention without a graph (inference) on one batch: the
// token states [B, T·D] and the picked vectors [B, K·D] (BiLSTM.ReadAll),
// and the stories' inputs; it returns the cells [B][K·D].
func (q *QAttention) Apply(states []float64, picked [][]float64, T int, in []QInput) ([][]float64, error) {
	B := len(picked)
	if B == 0 || len(in) != B {
		return nil, fmt.Errorf("reader: question attention over %d stories with %d inputs", B, len(in))
	}
	K := len(picked[0]) / q.D
	flat := make([]float64, 0, B*K*q.D)
	for _, p := range picked {
		if len(p) != K*q.D {
			return nil, fmt.Errorf("reader: question attention: picked vectors of %d and %d values", len(p), K*q.D)
		}
		flat = append(flat, p...)
	}
	span, feats, present, err := q.QBatch(in, T, K)
	if err != nil {
		return nil, err
	}
	out := make([]float64, B*K*q.D)
	if err := q.forward(qdims{B: B, T: T, K: K}, states, flat, qBatch{span, feats, present}, out); err != nil {
		return nil, err
	}
	res := make([][]float64, B)
	for b := range res {
		res[b] = out[b*K*q.D : (b+1)*K*q.D]
	}
	return res, nil
}

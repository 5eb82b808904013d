package d4

import (
	"fmt"

	"github.com/d4lang/d4/internal/gop"
	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/internal/par"

	"github.com/chewxy/hm"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// The machine enters the Gorgonia graph through a few custom Ops whose
// forward and backward passes run the kernel on each example of the batch:
//
//	stepOp     state [B,S], slot outputs [B,K_i]…  → next state [B,S]
//	observeOp  state [B,S]                         → observed elements [B,E]
//	lossOp     state [B,S], target [B,L·V+2L]       → loss per example [B]
//	groupSoftmaxOp  logits [B,n·k] → softmax over each group of k [B,n·k]
//
// Each but the softmax has a backward Op that recomputes the forward pass
// on a recording tape and returns the gradients of every input packed side
// by side, [B, ΣN_i]; colsOp nodes cut the packed gradient into one per
// input. The softmax's backward Op reads the softmax's output instead. No
// Op keeps anything of one call for the next but its output buffer
// (gop.Base.Reused): what a backward Op needs is among its inputs. A
// primitive-by-primitive graph of the same machine would take hundreds of
// nodes per step (DEVELOPERS.md: Gorgonia costs microseconds a node).

// kernelOp is what the forward Ops share: a function of the example's
// inputs, written on a tape, that returns the output variable.
type kernelOp interface {
	G.Op
	// run writes the example's computation on t from inputs (one slice per
	// graph input) and returns the output variable and the input variables.
	run(t *tape, inputs [][]float64) (out vr, ins []vr)
	outWidth() int
	Reused(prealloc G.Value, shape ...int) (*tensor.Dense, error) // gop.Base
}

// baseOp holds what every custom Op has: a unique id (so that Gorgonia's
// node deduplication never merges two of them) and a name.
// baseOp is the plumbing every custom Op shares (package gop).
type baseOp = gop.Base

func newBase(name string, arity int) baseOp { return gop.NewBase(name, arity) }

// matrices returns the float64 data of each input value and the batch size.
func matrices(vals []G.Value) ([][]float64, int, error) {
	out := make([][]float64, len(vals))
	batch := -1
	for i, v := range vals {
		d, ok := v.Data().([]float64)
		if !ok {
			return nil, 0, fmt.Errorf("d4: input %d is %T, want float64 data", i, v.Data())
		}
		out[i] = d
		if s := v.Shape(); len(s) >= 1 {
			if batch >= 0 && s[0] != batch {
				return nil, 0, fmt.Errorf("d4: input %d has batch %d, want %d", i, s[0], batch)
			}
			batch = s[0]
		}
	}
	return out, batch, nil
}

// rows returns the b-th row of each input (inputs are [B, n] row-major).
func rows(data [][]float64, batch, b int) [][]float64 {
	out := make([][]float64, len(data))
	for i, d := range data {
		n := len(d) / batch
		out[i] = d[b*n : (b+1)*n]
	}
	return out
}

// freeTapes keeps tapes between Ops with their arenas grown (a sync.Pool
// would drop them at every collection and make them grow again).
var freeTapes = make(chan *tape, 16)

func getTape() *tape {
	select {
	case t := <-freeTapes:
		return t
	default:
		return newTape()
	}
}

func putTape(t *tape) {
	select {
	case freeTapes <- t:
	default:
	}
}

// parallel runs f(b) for every example, spread over the CPUs, each
// goroutine with a tape of its own. Examples are independent and write
// disjoint rows, so the result does not depend on the scheduling.
func parallel(batch int, f func(t *tape, b int)) {
	par.Workers(batch, batch, func() (func(int), func()) {
		t := getTape()
		return func(b int) { f(t, b) }, func() { putTape(t) }
	})
}

// forward runs a kernelOp on every example, into prealloc if it is not nil
// (UsePreallocDo).
func forward(o kernelOp, prealloc G.Value, vals []G.Value) (G.Value, error) {
	data, batch, err := matrices(vals)
	if err != nil {
		return nil, err
	}
	w := o.outWidth()
	shape := []int{batch, w}
	if _, ok := o.(*lossOp); ok { // one scalar per example
		shape = []int{batch}
	}
	res, err := o.Reused(prealloc, shape...)
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	parallel(batch, func(t *tape, b int) {
		t.reset(false)
		z, _ := o.run(t, rows(data, batch, b))
		copy(out[b*w:(b+1)*w], t.v(z))
	})
	return res, nil
}

// backOp computes the gradients of a kernelOp's inputs. Its output is
// nominally [B, ΣN_i] but laid out input-major: the B×N_0 gradients of
// input 0, then the B×N_1 of input 1, …, so that the colsOp reading input
// i's gradient is a view, not a copy.
type backOp struct {
	baseOp
	fwd    kernelOp
	widths []int // width of each forward input
}

func (o *backOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	total := 0
	for _, w := range o.widths {
		total += w
	}
	return gop.Batch(ds[0], total)
}

func (o *backOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }

func (o *backOp) UsePreallocDo(prealloc G.Value, vals ...G.Value) (G.Value, error) {
	data, batch, err := matrices(vals)
	if err != nil {
		return nil, err
	}
	ins, grad := data[:len(data)-1], data[len(data)-1]
	total := 0
	for _, w := range o.widths {
		total += w
	}
	res, err := o.Reused(prealloc, batch, total)
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	gw := len(grad) / batch
	parallel(batch, func(t *tape, b int) {
		t.reset(true)
		z, inVars := o.fwd.run(t, rows(ins, batch, b))
		t.zeroGrad()
		copy(t.g(z), grad[b*gw:(b+1)*gw])
		t.backward()
		off := 0
		for i, x := range inVars {
			w := o.widths[i]
			copy(out[off+b*w:off+(b+1)*w], t.g(x))
			off += batch * w
		}
	})
	return res, nil
}

// colsOp gives the gradient of one input from a backOp's output: the
// block of B×(to−from) values at offset B·from, as a [B, to−from] view.
type colsOp struct {
	baseOp
	from, to int
}

func (o *colsOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.to-o.from)
}

func (o *colsOp) Do(vals ...G.Value) (G.Value, error) {
	d := vals[0].Data().([]float64)
	batch := vals[0].Shape()[0]
	w := o.to - o.from
	view := d[batch*o.from : batch*o.to : batch*o.to]
	return tensor.New(tensor.WithShape(batch, w), tensor.WithBacking(view)), nil
}

// symDiff builds the gradient nodes of a kernelOp: one backOp node fed by
// every input and the output gradient, and one colsOp per differentiable
// input. widths are the widths of the differentiable inputs, which come
// first and are the variables run returns.
func symDiff(fwd kernelOp, widths []int, inputs G.Nodes, grad *G.Node) (G.Nodes, error) {
	back := &backOp{baseOp: newBase(fwd.String()+"ᵀ", len(inputs)+1), fwd: fwd, widths: widths}
	packed, err := G.ApplyOp(back, append(append(G.Nodes{}, inputs...), grad)...)
	if err != nil {
		return nil, err
	}
	out := make(G.Nodes, len(inputs))
	if len(widths) == 1 {
		// One differentiable input: the packed gradient is its gradient.
		out[0] = packed
		return out, nil
	}
	off := 0
	for i, w := range widths {
		if out[i], err = G.ApplyOp(&colsOp{baseOp: newBase(fmt.Sprintf("cols[%d:%d]", off, off+w), 1), from: off, to: off + w}, packed); err != nil {
			return nil, err
		}
		off += w
	}
	return out, nil
}

func allTrue(n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = true
	}
	return out
}

// stepOp is one step of the execution RNN. Its inputs are the state and
// the decoder outputs of the slots listed in slots, in that order. With
// instrs nil it is the naive step: every instruction's next state weighted
// by the program counter. Otherwise it executes the instructions at the
// addresses in instrs one after the other (a stretch of a static trace).
type stepOp struct {
	baseOp
	m      *Machine
	instrs []int
	slots  []int
	blocks *blockPlan // for the naive step: run blocks (§3.4) instead of words
}

func (o *stepOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.m.Sizes.Len())
}
func (o *stepOp) Do(vals ...G.Value) (G.Value, error) { return forward(o, nil, vals) }
func (o *stepOp) UsePreallocDo(p G.Value, vals ...G.Value) (G.Value, error) {
	return forward(o, p, vals)
}
func (o *stepOp) outWidth() int        { return o.m.Sizes.Len() }
func (o *stepOp) DiffWRT(n int) []bool { return allTrue(n) }
func (o *stepOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	widths := []int{o.m.Sizes.Len()}
	for _, i := range o.slots {
		widths = append(widths, o.m.Slots[i].OutDim)
	}
	return symDiff(o, widths, in, grad)
}

func (o *stepOp) run(t *tape, inputs [][]float64) (vr, []vr) {
	t.constPtr = o.instrs != nil // a static trace: addresses are constants
	ins := make([]vr, len(inputs))
	for i, d := range inputs {
		ins[i] = t.input(d)
	}
	k := &kernel{t: t, sz: o.m.Sizes, prog: o.m.Code}
	outs := make([]vr, len(o.m.Slots))
	for j, i := range o.slots {
		outs[i] = ins[1+j]
	}
	s := o.m.Sizes.split(ins[0])
	switch {
	case o.instrs == nil && o.blocks != nil:
		s = k.stepBlocks(s, o.blocks, outs)
	case o.instrs == nil:
		s = k.step(s, outs)
	default:
		for _, pc := range o.instrs {
			s = k.instr(s, pc, o.m.Code.Instrs[pc], outs)
		}
	}
	return k.pack(s), ins
}

// pack copies a state's components into one new variable.
func (k *kernel) pack(s tapeState) vr {
	z := k.t.allocRaw(k.sz.Len()) // every component is copied in
	for i, c := range s.components() {
		k.t.copyInto(z.sub(offsetOf(k.sz, i), c.n), c)
	}
	return z
}

// observeOp reads a slot's observed elements.
type observeOp struct {
	baseOp
	m    *Machine
	slot *SlotNet
}

func (o *observeOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.slot.InDim)
}
func (o *observeOp) Do(vals ...G.Value) (G.Value, error) { return forward(o, nil, vals) }
func (o *observeOp) UsePreallocDo(p G.Value, vals ...G.Value) (G.Value, error) {
	return forward(o, p, vals)
}
func (o *observeOp) outWidth() int        { return o.slot.InDim }
func (o *observeOp) DiffWRT(n int) []bool { return allTrue(n) }
func (o *observeOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	return symDiff(o, []int{o.m.Sizes.Len()}, in, grad)
}

func (o *observeOp) run(t *tape, inputs [][]float64) (vr, []vr) {
	// The addresses of heap cells are constants: the backward pass then
	// skips their gradients and the rows they do not touch.
	t.constPtr = true
	for _, e := range o.slot.Slot.Enc.Observe {
		t.constPtr = t.constPtr && e.Space == 'H'
	}
	x := t.input(inputs[0])
	k := &kernel{t: t, sz: o.m.Sizes, prog: o.m.Code}
	z := t.alloc(o.slot.InDim)
	k.observe(o.m.Sizes.split(x), o.slot.Slot.Enc.Observe, z)
	return z, []vr{x}
}

// groupSoftmaxOp applies a softmax to each group of k consecutive columns.
// Gorgonia's SoftMax over the logits reshaped to [B·n, k] is no faster
// (static training step of Compare 3.51 ms both, BenchmarkStaticStepWAP
// 31.9 against 30.8 ms, medians of 6 interleaved runs) and rounds
// differently (it multiplies by 1/Σ), so the trained figures would change.
type groupSoftmaxOp struct {
	baseOp
	k, width int
}

func (o *groupSoftmaxOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.width)
}
func (o *groupSoftmaxOp) Do(vals ...G.Value) (G.Value, error) { return forward(o, nil, vals) }
func (o *groupSoftmaxOp) UsePreallocDo(p G.Value, vals ...G.Value) (G.Value, error) {
	return forward(o, p, vals)
}
func (o *groupSoftmaxOp) outWidth() int        { return o.width }
func (o *groupSoftmaxOp) DiffWRT(n int) []bool { return allTrue(n) }

// SymDiff differentiates through the softmax's own output (softmaxBackOp).
func (o *groupSoftmaxOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	back := &softmaxBackOp{baseOp: newBase(o.Name+"ᵀ", 2), k: o.k, width: o.width}
	d, err := G.ApplyOp(back, out, grad)
	if err != nil {
		return nil, err
	}
	return G.Nodes{d}, nil
}

// softmaxBackOp is groupSoftmaxOp's backward pass: from the softmax z and
// the gradient reaching it, the gradient of the logits (mathx.SoftmaxBack).
type softmaxBackOp struct {
	baseOp
	k, width int
}

func (o *softmaxBackOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0], o.width)
}
func (o *softmaxBackOp) Do(vals ...G.Value) (G.Value, error) { return o.UsePreallocDo(nil, vals...) }
func (o *softmaxBackOp) UsePreallocDo(p G.Value, vals ...G.Value) (G.Value, error) {
	data, batch, err := matrices(vals)
	if err != nil {
		return nil, err
	}
	res, err := o.Reused(p, batch, o.width)
	if err != nil {
		return nil, err
	}
	out := res.Float64s()
	clear(out)
	for b := 0; b < batch; b++ {
		r := data[0][b*o.width : (b+1)*o.width]
		mathx.SoftmaxBack(out[b*o.width:(b+1)*o.width], r, data[1][b*o.width:(b+1)*o.width], o.k)
	}
	return res, nil
}

func (o *groupSoftmaxOp) run(t *tape, inputs [][]float64) (vr, []vr) {
	x := t.input(inputs[0])
	return t.softmax(x, o.k), []vr{x}
}

// lossOp is the training loss of §3.5 for each example: the cross-entropy
// of the masked final data stack against the target values plus the
// cross-entropy of the data-stack pointer against the target pointer. The
// target row packs Y (L×V one-hot target values), the mask K (L: 1 for the
// cells that count) and the target pointer (L).
type lossOp struct {
	baseOp
	sz Sizes
}

func (o *lossOp) Type() hm.Type {
	m := G.TensorType{Dims: 2, Of: tensor.Float64}
	return hm.NewFnType(m, m, G.TensorType{Dims: 1, Of: tensor.Float64})
}
func (o *lossOp) InferShape(ds ...G.DimSizer) (tensor.Shape, error) {
	return gop.Batch(ds[0])
}
func (o *lossOp) Do(vals ...G.Value) (G.Value, error) { return forward(o, nil, vals) }
func (o *lossOp) UsePreallocDo(p G.Value, vals ...G.Value) (G.Value, error) {
	return forward(o, p, vals)
}
func (o *lossOp) outWidth() int        { return 1 }
func (o *lossOp) DiffWRT(n int) []bool { return []bool{true, false} }
func (o *lossOp) SymDiff(in G.Nodes, out, grad *G.Node) (G.Nodes, error) {
	return symDiff(o, []int{o.sz.Len()}, in, grad)
}

// TargetWidth is the width of a loss target row.
func (sz Sizes) TargetWidth() int { return sz.L*sz.V + 2*sz.L }

func (o *lossOp) run(t *tape, inputs [][]float64) (vr, []vr) {
	x := t.input(inputs[0])
	s := o.sz.split(x)
	tg := inputs[1]
	L, V := o.sz.L, o.sz.V
	y, mask, yd := tg[:L*V], tg[L*V:L*V+L], tg[L*V+L:]
	return t.crossEntropy(s.dStack, s.dPtr, y, mask, yd, V), []vr{x}
}

var _ = []kernelOp{(*stepOp)(nil), (*observeOp)(nil), (*groupSoftmaxOp)(nil), (*lossOp)(nil)}

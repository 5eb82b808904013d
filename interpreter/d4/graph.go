package d4

import (
	"fmt"

	"github.com/d4lang/d4/interpreter/forth"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Graph is the execution RNN of a machine unrolled for a batch size and a
// number of steps T, as one Gorgonia graph: T step nodes, each fed by the
// networks of every slot reading the state before it, and the loss on the
// final state. It is built once per shape and reused for every batch; the
// parameter nodes share their tensors with the Machine, so an update of the
// Machine's parameters is seen by every graph.
type Graph struct {
	M            *Machine
	Batch, Steps int

	g         *G.ExprGraph
	input     *G.Node // initial states [B, S]
	target    *G.Node // loss targets [B, L·V+2L]
	finalNode *G.Node // state after T steps [B, S]
	loss      *G.Node // mean loss over the batch (scalar)
	params    []*G.Node
	grads     G.Nodes // gradients of the loss: parameters, then (if asked) the input
	wrtIn     bool
	vm        G.VM
	ones      *G.Node // [B,1] constant input of static encoders
	slotOuts  G.Nodes // along a trace: each slot execution's decoder output [B,K], in order
	outs      G.Nodes // every slot network's output, in the order added
	Nodes     int     // nodes of the forward graph
	PerStep   float64 // forward nodes per unrolled step (under 1 on a static trace, where a stretch of words between slots is one node)
}

// GraphOpts selects how a graph executes the machine: the naive execution
// RNN of §3.3 for Steps steps; over blocks (§3.4) with Optim.Collapse, for
// Steps block steps (see BlockSteps); or along a static trace (the address
// executed at each step, from symbolic.StaticTrace), where each step runs
// only the word on the trace, the words between two slots run as one node
// and only the slot on the trace evaluates its network (when the trace is
// static, the loss and its gradients equal the naive execution's).
type GraphOpts struct {
	Steps int   // steps of the execution RNN (block steps with Optim.Collapse)
	Trace []int // a static trace: run only its words (Steps is then ignored); nil: none
	// Tail makes Trace a static prefix: after its words, Tail steps of the
	// execution RNN follow (naive, or over blocks with Optim.Collapse): the
	// soft execution from the first word whose control depends on a slot
	// (see symbolic.StaticTrace).
	Tail  int
	Optim Optim // the paper's optimisations of the execution RNN
	// InputGrad also differentiates the loss with respect to the initial
	// states (the reader of the word algebra task feeds the heap through
	// it).
	InputGrad bool
	NoGrad    bool // forward only
	// SlotsOnly makes Unroll add only the networks of the slots on Trace,
	// each reading the initial states, and no execution (Part.Final and
	// Part.Loss are nil): what a caller needs that scores the slots'
	// distributions itself, when each slot observes only heap cells that
	// no word before it changes (the caller establishes it; Unroll refuses
	// a slot that observes a stack).
	SlotsOnly bool
}

// NewGraph unrolls the machine as opts say, for batches of batch examples.
func (m *Machine) NewGraph(batch int, opts GraphOpts) (*Graph, error) {
	return m.buildGraph(batch, opts.plan(m), opts.InputGrad, !opts.NoGrad)
}

// unrollPlan is what a graph unrolls: steps of the execution RNN (over
// blocks when blocks is set), or the words of a trace followed by tail
// naive steps.
type unrollPlan struct {
	steps  int
	trace  []int
	tail   int
	blocks *blockPlan
}

func (opts GraphOpts) plan(m *Machine) unrollPlan {
	p := unrollPlan{steps: opts.Steps}
	if opts.Optim.Collapse {
		p.blocks = plan(m.Code, opts.Optim)
	}
	if opts.Trace != nil {
		p = unrollPlan{steps: len(opts.Trace), trace: opts.Trace, tail: max(opts.Tail, 0), blocks: p.blocks}
	}
	return p
}

func (m *Machine) buildGraph(batch int, p unrollPlan, wantInputGrad, grads bool) (*Graph, error) {
	if batch < 1 || p.steps < 0 {
		return nil, fmt.Errorf("d4: graph needs a positive batch and steps ≥ 0, got %d and %d", batch, p.steps)
	}
	g := G.NewGraph()
	input := G.NewMatrix(g, tensor.Float64, G.WithShape(batch, m.Sizes.Len()), G.WithName("state0"))
	target := G.NewMatrix(g, tensor.Float64, G.WithShape(batch, m.Sizes.TargetWidth()), G.WithName("target"))
	gr, err := m.unrollSteps(g, input, target, p)
	if err != nil {
		return nil, err
	}
	gr.wrtIn = wantInputGrad
	wrt := append(G.Nodes{}, gr.params...)
	if wantInputGrad {
		wrt = append(wrt, gr.input)
	}
	if len(wrt) > 0 && grads {
		if gr.grads, err = G.Grad(gr.loss, wrt...); err != nil {
			return nil, fmt.Errorf("d4: gradients: %w", err)
		}
	}
	gr.vm = G.NewTapeMachine(g)
	return gr, nil
}

// Part is a machine unrolled inside a caller's Gorgonia graph (Unroll): the
// word algebra model feeds it the initial states that its reader computes,
// so that reader and interpreter are one graph and train end to end.
type Part struct {
	Final *G.Node // state after the last step [B,S]
	Loss  *G.Node // mean loss over the batch (scalar)
	// Slots are, along a static trace, the outputs of the slots' decoders
	// [B,K] of each slot execution, in the trace's order: the
	// distributions over each slot's decisions (a caller may score them
	// itself, as the word-problem model's exact answer loss does).
	Slots   G.Nodes
	Params  G.Nodes // the slot networks' parameters, in Machine.Params order
	Nodes   int     // nodes the machine added to the graph
	PerStep float64 // of which per unrolled step
}

// Unroll adds the machine's execution RNN to g, reading the initial states
// input [B,S] and scoring the final states against target [B,TargetWidth]
// (both nodes of g). opts.InputGrad and opts.NoGrad are ignored: the
// caller differentiates the returned loss with respect to what it wants.
func (m *Machine) Unroll(g *G.ExprGraph, input, target *G.Node, opts GraphOpts) (*Part, error) {
	if input.Dims() != 2 || input.Shape()[1] != m.Sizes.Len() {
		return nil, fmt.Errorf("d4: initial states have shape %v, want [B %d]", input.Shape(), m.Sizes.Len())
	}
	if opts.SlotsOnly {
		return m.slotsOnly(g, input, opts.Trace)
	}
	before := len(g.AllNodes())
	gr, err := m.unrollSteps(g, input, target, opts.plan(m))
	if err != nil {
		return nil, err
	}
	return &Part{Final: gr.finalNode, Loss: gr.loss, Slots: gr.slotOuts, Params: gr.params, Nodes: len(g.AllNodes()) - before, PerStep: gr.PerStep}, nil
}

// unrollSteps adds the execution RNN to g: T steps from input and the loss on
// the final state against target.
func (m *Machine) unrollSteps(g *G.ExprGraph, input, target *G.Node, p unrollPlan) (*Graph, error) {
	steps, trace, blocks := p.steps, p.trace, p.blocks
	batch := input.Shape()[0]
	if batch < 1 || steps < 0 {
		return nil, fmt.Errorf("d4: graph needs a positive batch and steps ≥ 0, got %d and %d", batch, steps)
	}
	if err := SoftPicks(m.Code); err != nil {
		return nil, err
	}
	gr, weights := m.onGraph(g, input, target)
	gr.Steps = steps
	before := len(g.AllNodes())
	state := gr.input
	var err error
	if trace == nil {
		if state, err = gr.rnnSteps(state, 0, steps, blocks, weights); err != nil {
			return nil, err
		}
	} else {
		if state, err = gr.traceSteps(state, trace[:min(len(trace), steps)], weights); err != nil {
			return nil, err
		}
		if state, err = gr.rnnSteps(state, len(trace), p.tail, blocks, weights); err != nil {
			return nil, err
		}
		steps += p.tail
		gr.Steps = steps
	}
	if steps > 0 {
		gr.PerStep = float64(len(g.AllNodes())-before) / float64(steps)
	}
	gr.finalNode = state
	losses, err := G.ApplyOp(&lossOp{baseOp: newBase("loss", 2), sz: m.Sizes}, state, gr.target)
	if err != nil {
		return nil, err
	}
	if gr.loss, err = G.Mean(losses); err != nil {
		return nil, err
	}
	gr.Nodes = len(g.AllNodes())
	return gr, nil
}

// onGraph starts a Graph in g reading input [B,S]: the constant ones and
// one node per parameter tensor, bound to the Machine's tensor.
func (m *Machine) onGraph(g *G.ExprGraph, input, target *G.Node) (*Graph, map[*tensor.Dense]*G.Node) {
	batch := input.Shape()[0]
	gr := &Graph{M: m, Batch: batch, g: g, input: input, target: target}
	ones := make([]float64, batch)
	for i := range ones {
		ones[i] = 1
	}
	gr.ones = G.NewMatrix(g, tensor.Float64, G.WithShape(batch, 1), G.WithName(fmt.Sprintf("ones%d", len(g.AllNodes()))),
		G.WithValue(tensor.New(tensor.WithShape(batch, 1), tensor.WithBacking(ones))))
	weights := map[*tensor.Dense]*G.Node{}
	for _, p := range m.Params() {
		var n *G.Node
		if p.T.Dims() == 2 {
			n = G.NewMatrix(g, tensor.Float64, G.WithShape(p.T.Shape()...), G.WithName(p.Name), G.WithValue(p.T))
		} else {
			n = G.NewVector(g, tensor.Float64, G.WithShape(p.T.Shape()...), G.WithName(p.Name), G.WithValue(p.T))
		}
		weights[p.T] = n
		gr.params = append(gr.params, n)
	}
	return gr, weights
}

// slotsOnly adds, for each slot on a static trace, its network reading
// the initial states (GraphOpts.SlotsOnly).
func (m *Machine) slotsOnly(g *G.ExprGraph, input *G.Node, trace []int) (*Part, error) {
	if trace == nil {
		return nil, fmt.Errorf("d4: the slots alone need a static trace")
	}
	before := len(g.AllNodes())
	gr, weights := m.onGraph(g, input, nil)
	for _, pc := range trace {
		in := m.Code.Instrs[pc]
		if in.Op != forth.OpSlot {
			continue
		}
		s := m.Slots[in.Arg]
		for _, el := range s.Slot.Enc.Observe {
			if el.Space != 'H' {
				return nil, fmt.Errorf("d4: slot %d observes %s: the slots alone read only the initial heap", in.Arg, el)
			}
		}
		h, err := gr.slotNet(s, input, weights)
		if err != nil {
			return nil, err
		}
		gr.slotOuts = append(gr.slotOuts, h)
	}
	return &Part{Slots: gr.slotOuts, Params: gr.params, Nodes: len(g.AllNodes()) - before}, nil
}

// rnnSteps adds n steps of the execution RNN (over blocks when blocks is
// set), numbered from first, every slot's network feeding each.
func (gr *Graph) rnnSteps(state *G.Node, first, n int, blocks *blockPlan, weights map[*tensor.Dense]*G.Node) (*G.Node, error) {
	all := make([]int, len(gr.M.Slots))
	for i := range all {
		all[i] = i
	}
	var err error
	for t := first; t < first+n; t++ {
		if state, err = gr.step(state, nil, all, blocks, weights, t); err != nil {
			return nil, err
		}
	}
	return state, nil
}

// traceSteps adds the words of a static trace: each slot on it is one
// node fed by its network, and each maximal stretch of words between slots
// one node.
func (gr *Graph) traceSteps(state *G.Node, trace []int, weights map[*tensor.Dense]*G.Node) (*G.Node, error) {
	var block []int
	var err error
	flush := func(t int) error {
		if len(block) == 0 {
			return nil
		}
		state, err = gr.step(state, block, nil, nil, weights, t)
		block = nil
		return err
	}
	for t, pc := range trace {
		in := gr.M.Code.Instrs[pc]
		if in.Op != forth.OpSlot {
			block = append(block, pc)
			continue
		}
		if err := flush(t); err != nil {
			return nil, err
		}
		n := len(gr.outs)
		if state, err = gr.step(state, []int{pc}, []int{in.Arg}, nil, weights, t); err != nil {
			return nil, err
		}
		gr.slotOuts = append(gr.slotOuts, gr.outs[n:]...)
	}
	if err := flush(len(trace)); err != nil {
		return nil, err
	}
	return state, nil
}

// step adds the node of one step (or one static stretch of instructions)
// and the networks of the slots it needs.
func (gr *Graph) step(state *G.Node, instrs, slots []int, blocks *blockPlan, weights map[*tensor.Dense]*G.Node, t int) (*G.Node, error) {
	children := G.Nodes{state}
	for _, i := range slots {
		h, err := gr.slotNet(gr.M.Slots[i], state, weights)
		if err != nil {
			return nil, err
		}
		children = append(children, h)
		gr.outs = append(gr.outs, h)
	}
	op := &stepOp{baseOp: newBase(fmt.Sprintf("step%d", t), len(children)), m: gr.M, instrs: instrs, slots: slots, blocks: blocks}
	next, err := G.ApplyOp(op, children...)
	if err != nil {
		return nil, fmt.Errorf("d4: step %d: %w", t, err)
	}
	return next, nil
}

// slotNet adds the nodes of a slot's network reading state.
func (gr *Graph) slotNet(s *SlotNet, state *G.Node, weights map[*tensor.Dense]*G.Node) (*G.Node, error) {
	var h *G.Node
	var err error
	if s.Slot.Enc.Static {
		h = gr.ones
	} else {
		op := &observeOp{baseOp: newBase(fmt.Sprintf("observe%d", s.Slot.Index), 1), m: gr.M, slot: s}
		if h, err = G.ApplyOp(op, state); err != nil {
			return nil, err
		}
	}
	for _, st := range s.Stages {
		switch st.Kind {
		case forth.Linear:
			if h, err = G.Mul(h, weights[st.W]); err != nil {
				return nil, err
			}
			if h, err = G.BroadcastAdd(h, weights[st.B], nil, []byte{0}); err != nil {
				return nil, err
			}
		case forth.Tanh:
			h, err = G.Tanh(h)
		case forth.Sigmoid:
			h, err = G.Sigmoid(h)
		}
		if err != nil {
			return nil, err
		}
	}
	op := &groupSoftmaxOp{baseOp: newBase("softmax", 1), k: s.Group, width: s.OutDim}
	return G.ApplyOp(op, h)
}

// Run evaluates the graph on a batch: inputs is B packed initial states,
// targets B loss targets (nil: zeros, when only the final state is wanted).
// It returns the mean loss; gradients are then available from Grads.
func (gr *Graph) Run(inputs, targets []float64) (float64, error) {
	S := gr.M.Sizes.Len()
	if len(inputs) != gr.Batch*S {
		return 0, fmt.Errorf("d4: %d input values, want %d×%d", len(inputs), gr.Batch, S)
	}
	if targets == nil {
		targets = make([]float64, gr.Batch*gr.M.Sizes.TargetWidth())
	}
	if len(targets) != gr.Batch*gr.M.Sizes.TargetWidth() {
		return 0, fmt.Errorf("d4: %d target values, want %d×%d", len(targets), gr.Batch, gr.M.Sizes.TargetWidth())
	}
	if err := G.Let(gr.input, tensor.New(tensor.WithShape(gr.Batch, S), tensor.WithBacking(inputs))); err != nil {
		return 0, err
	}
	if err := G.Let(gr.target, tensor.New(tensor.WithShape(gr.Batch, gr.M.Sizes.TargetWidth()), tensor.WithBacking(targets))); err != nil {
		return 0, err
	}
	defer gr.vm.Reset()
	if err := gr.vm.RunAll(); err != nil {
		return 0, fmt.Errorf("d4: running the graph: %w", err)
	}
	return gr.loss.Value().Data().(float64), nil
}

// Final returns the final states of the last Run, [B×S]. The slice is the
// Op's reused output buffer: it is valid until the next Run (copy it to
// keep it). ParamGrads and InputGrad are alike.
func (gr *Graph) Final() []float64 { return gr.finalNode.Value().Data().([]float64) }

// ParamGrads returns the gradient of each parameter (in Machine.Params
// order) from the last Run.
func (gr *Graph) ParamGrads() [][]float64 {
	out := make([][]float64, len(gr.params))
	for i := range gr.params {
		out[i] = gr.grads[i].Value().Data().([]float64)
	}
	return out
}

// InputGrad returns the gradient with respect to the initial states from
// the last Run (the graph must have been built with wantInputGrad).
func (gr *Graph) InputGrad() []float64 {
	if !gr.wrtIn {
		return nil
	}
	return gr.grads[len(gr.params)].Value().Data().([]float64)
}

// Target returns the loss target of a final data stack holding vals (bottom
// first): the values in cells 0 … n−1, the mask on those cells, and the
// pointer on cell n−1.
func (sz Sizes) Target(vals []int) ([]float64, error) {
	t := make([]float64, sz.TargetWidth())
	if err := sz.targetInto(t, vals); err != nil {
		return nil, err
	}
	return t, nil
}

// targetInto writes Target(vals) into t (of length TargetWidth).
func (sz Sizes) targetInto(t []float64, vals []int) error {
	if len(vals) > sz.L-1 {
		return fmt.Errorf("target of %d values does not fit a stack of size %d", len(vals), sz.L)
	}
	clear(t)
	L, V := sz.L, sz.V
	for i, v := range vals {
		t[i*V+mod(v, V)] = 1
		t[L*V+i] = 1
	}
	t[L*V+L+mod(len(vals)-1, L)] = 1
	return nil
}

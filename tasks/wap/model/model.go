package model

import (
	"fmt"
	"math/big"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// The sizes of the paper's experimental details for the CC task.
const (
	Embed     = 75  // word vectors
	Hidden    = 75  // each LSTM direction: a token's state has 2·75 = 150 values
	ValueSize = 150 // ∂4's value size v (the heap's width): holds the states and the numbers
	StackSize = 5   // ∂4's stack size l
	Numbers   = 3   // numbers in a problem (the sketch loads three)
)

// Layout names the heap cells the reader fills: the sketch's variables
// QUESTION (the question vector), REPR_BUFFER (the numbers' context vectors,
// in text order) and NUM_BUFFER (the numbers, one-hot).
type Layout struct {
	Question, Repr, Num int
}

// LayoutOf finds the reader's cells in a compiled sketch. A sketch that does
// not declare them, or gives them too few cells, is an error.
func LayoutOf(code *forth.Code) (Layout, error) {
	need := map[string]int{"QUESTION": 1, "REPR_BUFFER": Numbers, "NUM_BUFFER": Numbers}
	addr := map[string]int{}
	for _, v := range code.Prog.Vars {
		if n, ok := need[v.Name]; ok {
			if v.Cells < n {
				return Layout{}, fmt.Errorf("%s:%d:%d: %s has %d cells, the reader fills %d", code.Prog.File, v.Pos.Line, v.Pos.Col, v.Name, v.Cells, n)
			}
			addr[v.Name] = v.Addr
		}
	}
	for _, name := range []string{"QUESTION", "REPR_BUFFER", "NUM_BUFFER"} {
		if _, ok := addr[name]; !ok {
			return Layout{}, fmt.Errorf("%s: the sketch declares no %s (the word algebra reader fills QUESTION, REPR_BUFFER and NUM_BUFFER)", code.Prog.File, name)
		}
	}
	return Layout{Question: addr["QUESTION"], Repr: addr["REPR_BUFFER"], Num: addr["NUM_BUFFER"]}, nil
}

// Problem is one problem as the model reads it: the token ids of the
// story, the token positions and the values of its three numbers, and the
// answer (−1 when unknown). Numbers are the values ∂4 trains on (0 …
// ValueSize−1); Quantities, when set, are the exact numbers of a question
// (any size, fractions) that Solve answers with, and Numbers then hold
// their values where they are in range and 0 elsewhere.
type Problem struct {
	ID         int64
	IDs        []int
	Classes    [][]int // each token's classes (lexicon.Default)
	NumPos     [Numbers]int
	Numbers    [Numbers]int
	Quantities []reader.Quantity
	Answer     int
	// Generated marks a problem of the generator (package synth).
	Generated bool
	// Views are other readings of the same question (see NewProblem):
	// Solve averages the slots' distributions over the problem and its
	// views.
	Views []*Problem
	// Order is nil for a problem and for a view with the problem's numbers
	// in the problem's order; a view that tells them in another order has
	// Order[k] = the problem's number that its number k is.
	Order []int
}

// Model is the word algebra solver: the reader, the ∂4 machine of the
// sketch, and where the reader's outputs go on the heap.
type Model struct {
	Reader  *reader.BiLSTM
	Machine *d4.Model
	Layout  Layout
	Trace   []int // the sketch's static trace: the words executed, in order
	// NumbersObserved lists the slots whose decisions may depend on the
	// numbers' values: when it is empty, a question's numbers need not be
	// values ∂4 holds, since only the reader's vectors decide the formula.
	NumbersObserved []int

	evalGraphs map[[2]int]*graph // forward-only graphs by (batch, length)
}

// NewModel compiles the sketch for the paper's sizes and draws the reader's
// and the slots' weights from seed; with lex, the reader reads the words'
// classes of lexicon.Default beside their embeddings.
func NewModel(sketchFile, sketch string, vocab int, lex bool, seed int64) (*Model, error) {
	mach, err := d4.NewModel(sketchFile, sketch, ValueSize, StackSize, 0, seed)
	if err != nil {
		return nil, err
	}
	classes := 0
	if lex {
		classes = lexicon.Default().Size()
	}
	r, err := reader.NewBiLSTM(vocab, classes, Embed, Hidden, seed+1)
	if err != nil {
		return nil, err
	}
	return assemble(r, mach)
}

// assemble checks that the sketch suits the reader and finds its trace.
func assemble(r *reader.BiLSTM, mach *d4.Model) (*Model, error) {
	if r.Width() != mach.Sizes.V {
		return nil, fmt.Errorf("the reader's states have %d values but the machine's value size is %d", r.Width(), mach.Sizes.V)
	}
	lay, err := LayoutOf(mach.Code)
	if err != nil {
		return nil, err
	}
	// The control flow must not depend on the slots or on the reader's
	// cells: the machine then runs exactly the words of one trace.
	learned := make([]bool, mach.Sizes.H)
	learned[lay.Question] = true
	for k := 0; k < Numbers; k++ {
		learned[lay.Repr+k], learned[lay.Num+k] = true, true
	}
	cfg := symbolic.Config{ValueSize: mach.Sizes.V, StackSize: mach.Sizes.L, HeapSize: mach.Sizes.H, MaxSteps: 100000}
	trace, err := symbolic.StaticTrace(mach.Code, cfg, nil, symbolic.FirstChoice{}, learned)
	if err != nil {
		return nil, fmt.Errorf("%s: the word algebra model needs a sketch whose control flow does not depend on the slots or the reader: %w", mach.SketchFile, err)
	}
	// Which slots may see the numbers: taint NUM_BUFFER alone.
	nums := make([]bool, mach.Sizes.H)
	for k := 0; k < Numbers; k++ {
		nums[lay.Num+k] = true
	}
	an, err := symbolic.Analyze(mach.Code, cfg, nil, symbolic.FirstChoice{}, nums)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", mach.SketchFile, err)
	}
	return &Model{Reader: r, Machine: mach, Layout: lay, Trace: trace, NumbersObserved: an.Observing}, nil
}

// base returns the packed initial state of a problem without the reader's
// vectors: empty stacks, the numbers one-hot in NUM_BUFFER, and zeros in
// the cells that the reader's vectors are added to.
func (m *Model) base(p *Problem) ([]float64, error) {
	sz := m.Machine.Sizes
	x, err := sz.InitialState(nil)
	if err != nil {
		return nil, err
	}
	s := sz.Unpack(x)
	V := sz.V
	cell := func(a int) []float64 { return s.Heap[a*V : (a+1)*V] }
	clear(cell(m.Layout.Question))
	for k := 0; k < Numbers; k++ {
		clear(cell(m.Layout.Repr + k))
		if p.Numbers[k] < 0 || p.Numbers[k] >= V {
			return nil, fmt.Errorf("problem %d: number %d is outside the value range 0…%d", p.ID, p.Numbers[k], V-1)
		}
		if k < len(p.Quantities) && !InRange(p.Quantities[k], V) && len(m.NumbersObserved) > 0 {
			return nil, fmt.Errorf("the number %s is not an integer in 0…%d, and slot %d of %s may depend on it: this sketch answers only such numbers",
				p.Quantities[k].Text, V-1, m.NumbersObserved[0], m.Machine.SketchFile)
		}
		c := cell(m.Layout.Num + k)
		clear(c)
		c[p.Numbers[k]] = 1
	}
	return x, nil
}

// picks returns the reader positions of a problem: the question vector
// (−length) and the numbers' positions.
func picks(p *Problem) []float64 {
	out := []float64{-float64(len(p.IDs))}
	for _, q := range p.NumPos {
		out = append(out, float64(q))
	}
	return out
}

// offsets returns where the picked vectors go in the packed state, in
// the order of picks.
func (m *Model) offsets() []int {
	sz := m.Machine.Sizes
	heap := sz.Len() - sz.P - sz.H*sz.V // the heap comes before the program counter
	out := []int{heap + m.Layout.Question*sz.V}
	for k := 0; k < Numbers; k++ {
		out = append(out, heap+(m.Layout.Repr+k)*sz.V)
	}
	return out
}

// check validates a problem against the model.
func (m *Model) check(p *Problem) error {
	if len(p.IDs) == 0 {
		return fmt.Errorf("problem %d has no tokens", p.ID)
	}
	for _, id := range p.IDs {
		if id < 0 || id >= m.Reader.Vocab {
			return fmt.Errorf("problem %d: token id %d outside the vocabulary of %d", p.ID, id, m.Reader.Vocab)
		}
	}
	for k, q := range p.NumPos {
		if q < 0 || q >= len(p.IDs) {
			return fmt.Errorf("problem %d: number %d at token %d of %d", p.ID, k+1, q, len(p.IDs))
		}
	}
	if p.Answer >= m.Machine.Sizes.V {
		return fmt.Errorf("problem %d: answer %d is outside the value range 0…%d", p.ID, p.Answer, m.Machine.Sizes.V-1)
	}
	return nil
}

// graph is the reader and the machine as one Gorgonia graph for a batch
// shape: token ids → BiLSTM → picked states → heap → ∂4 along the static
// trace → loss, differentiated with respect to every parameter.
type graph struct {
	B, T   int
	g      *G.ExprGraph
	rd     *reader.Part
	base   *G.Node // [B,S] initial states without the reader's vectors
	target *G.Node
	part   *d4.Part
	params G.Nodes // reader's, then the machine's
	grads  G.Nodes
	vm     G.VM
}

func (m *Model) newGraph(B, T int, withGrads bool) (*graph, error) {
	sz := m.Machine.Sizes
	gr := &graph{B: B, T: T, g: G.NewGraph()}
	g := gr.g
	var err error
	if gr.rd, err = m.Reader.AddTo(g, B, T, 1+Numbers); err != nil {
		return nil, err
	}
	gr.base = G.NewMatrix(g, tensor.Float64, G.WithShape(B, sz.Len()), G.WithName("base"))
	gr.target = G.NewMatrix(g, tensor.Float64, G.WithShape(B, sz.TargetWidth()), G.WithName("target"))
	state, err := G.ApplyOp(newFillOp(m.offsets(), sz.V), gr.base, gr.rd.Out)
	if err != nil {
		return nil, fmt.Errorf("wap: heap: %w", err)
	}
	if gr.part, err = m.Machine.Unroll(g, state, gr.target, d4.GraphOpts{Trace: m.Trace}); err != nil {
		return nil, err
	}
	gr.params = append(append(G.Nodes{}, gr.rd.Params...), gr.part.Params...)
	if withGrads {
		if gr.grads, err = G.Grad(gr.part.Loss, gr.params...); err != nil {
			return nil, fmt.Errorf("wap: gradients: %w", err)
		}
	}
	gr.vm = G.NewTapeMachine(g)
	return gr, nil
}

// tensors lists the trained tensors in the order of graph.params.
func (m *Model) tensors() []*tensor.Dense {
	out := m.Reader.Params()
	for _, p := range m.Machine.Params() {
		out = append(out, p.T)
	}
	return out
}

// run evaluates the graph on a batch of exactly B problems and returns the
// mean loss and the final states [B×S].
func (m *Model) run(gr *graph, ps []*Problem) (float64, []float64, error) {
	sz := m.Machine.Sizes
	B, T, S, TW := gr.B, gr.T, sz.Len(), sz.TargetWidth()
	stories := make([]reader.Story, B)
	pos := make([]float64, 0, B*(1+Numbers))
	base := make([]float64, 0, B*S)
	target := make([]float64, B*TW)
	if len(ps) != B {
		return 0, nil, fmt.Errorf("wap: batch of %d problems for a graph of %d", len(ps), B)
	}
	for b, p := range ps {
		if err := m.check(p); err != nil {
			return 0, nil, err
		}
		if len(p.IDs) > T {
			return 0, nil, fmt.Errorf("problem %d has %d tokens, the graph takes %d", p.ID, len(p.IDs), T)
		}
		stories[b] = m.story(p)
		pos = append(pos, picks(p)...)
		x, err := m.base(p)
		if err != nil {
			return 0, nil, err
		}
		base = append(base, x...)
		if p.Answer >= 0 {
			tg, err := sz.Target([]int{p.Answer})
			if err != nil {
				return 0, nil, err
			}
			copy(target[b*TW:], tg)
		}
	}
	ids, classes, err := reader.Batch(stories, T)
	if err != nil {
		return 0, nil, fmt.Errorf("wap: %w", err)
	}
	lets := []struct {
		n    *G.Node
		d    []float64
		rows int
	}{{gr.rd.IDs, ids, T}, {gr.rd.Classes, classes, T * reader.MaxClasses}, {gr.rd.Pos, pos, 1 + Numbers}, {gr.base, base, S}, {gr.target, target, TW}}
	for _, l := range lets {
		if err := G.Let(l.n, tensor.New(tensor.WithShape(B, l.rows), tensor.WithBacking(l.d))); err != nil {
			return 0, nil, err
		}
	}
	defer gr.vm.Reset()
	if err := gr.vm.RunAll(); err != nil {
		return 0, nil, fmt.Errorf("wap: running the graph: %w", err)
	}
	final := append([]float64(nil), gr.part.Final.Value().Data().([]float64)...)
	return gr.part.Loss.Value().Data().(float64), final, nil
}

// story is a problem as the model's reader reads it: its ids, and its
// classes if the reader reads them.
func (m *Model) story(p *Problem) reader.Story {
	s := reader.Story{IDs: p.IDs}
	if m.Reader.Classes > 0 {
		s.Classes = p.Classes
	}
	return s
}

// InRange reports whether a quantity is an integer value of ∂4 (0 … V−1).
func InRange(q reader.Quantity, V int) bool {
	return q.Value.IsInt() && q.Value.Sign() >= 0 && q.Value.Cmp(big.NewRat(int64(V), 1)) < 0
}

// MaxLen is the longest story of a set of problems.
func MaxLen(ps []*Problem) int {
	n := 0
	for _, p := range ps {
		n = max(n, len(p.IDs))
	}
	return n
}

// ParamData returns the data of the model's tensors (the reader's, then
// the slots'), shared, not copied: what an optimiser updates.
func (m *Model) ParamData() [][]float64 {
	var out [][]float64
	for _, t := range m.tensors() {
		out = append(out, t.Data().([]float64))
	}
	return out
}

// Trainer computes the mean loss of batches of problems and its gradient
// with respect to the model's tensors (ParamData), on one graph per batch
// size, built once and reused (package training's driver takes the
// optimiser's steps).
type Trainer struct {
	m      *Model
	steps  int               // the graphs' time steps
	graphs map[[2]int]*graph // by (batch, steps)
}

// NewTrainer returns a trainer whose graphs read stories of up to steps
// tokens.
func (m *Model) NewTrainer(steps int) *Trainer {
	return &Trainer{m: m, steps: steps, graphs: map[[2]int]*graph{}}
}

// Gradient returns the mean loss of a batch and its gradient (one slice
// per tensor, owned by the trainer until its next call).
func (tr *Trainer) Gradient(batch []*Problem) (float64, [][]float64, error) {
	key := [2]int{len(batch), tr.steps}
	gr, ok := tr.graphs[key]
	if !ok {
		var err error
		if gr, err = tr.m.newGraph(len(batch), tr.steps, true); err != nil {
			return 0, nil, err
		}
		tr.graphs[key] = gr
	}
	loss, _, err := tr.m.run(gr, batch)
	if err != nil {
		return 0, nil, err
	}
	grads := make([][]float64, len(gr.grads))
	for i, g := range gr.grads {
		grads[i] = g.Value().Data().([]float64)
	}
	return loss, grads, nil
}

// evalBatch is the batch size of forward-only evaluation.
const evalBatch = 100

// Answers runs ∂4 on the problems' graphs (forward only, in batches) and
// returns each problem's answer, the argmax of its final top of stack, and
// the mean loss (over problems with a known answer).
func (m *Model) Answers(ps []*Problem) ([]int, float64, error) {
	T := MaxLen(ps)
	if m.evalGraphs == nil {
		m.evalGraphs = map[[2]int]*graph{}
	}
	sz := m.Machine.Sizes
	S := sz.Len()
	var out []int
	total := 0.0
	for lo := 0; lo < len(ps); lo += evalBatch {
		chunk := ps[lo:min(len(ps), lo+evalBatch)]
		key := [2]int{len(chunk), T}
		gr, ok := m.evalGraphs[key]
		if !ok {
			var err error
			if gr, err = m.newGraph(len(chunk), T, false); err != nil {
				return nil, 0, err
			}
			m.evalGraphs[key] = gr
		}
		loss, final, err := m.run(gr, chunk)
		if err != nil {
			return nil, 0, err
		}
		total += loss * float64(len(chunk))
		for b := range chunk {
			out = append(out, mathx.Argmax(final[b*S:b*S+sz.V]))
		}
	}
	return out, total / float64(len(ps)), nil
}

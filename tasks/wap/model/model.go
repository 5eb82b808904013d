package model

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"

	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/internal/par"
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
)

// MaxNumbers bounds the numbers of a problem any sketch takes (an Exact
// term tells this many inputs apart, and a decision is one of them).
const MaxNumbers = 16

// Layout names the heap cells the reader fills: the sketch's variables
// QUESTION (the question vector), REPR_BUFFER (the numbers' context vectors,
// in text order) and NUM_BUFFER (the numbers, one-hot), and how many
// numbers the sketch takes.
type Layout struct {
	Question, Repr, Num int
	// Cells is the number of number cells: NUM_BUFFER's, with as many of
	// REPR_BUFFER.
	Cells int
	// Fixed is the count of numbers that every path of the sketch reads,
	// the first cells of NUM_BUFFER (the paper's sketch: 3): a problem
	// must have exactly that many. 0: the paths read different cells, and
	// a problem may have 1 to Cells numbers, the cells past them left
	// empty; a decision that reads one of those is never taken (package
	// answer) and takes no probability in training (the exact loss).
	Fixed int
}

// Numbers is the most numbers a problem may have: Fixed, or Cells.
func (l Layout) Numbers() int {
	if l.Fixed > 0 {
		return l.Fixed
	}
	return l.Cells
}

// Takes reports whether a problem of n numbers fits the sketch.
func (l Layout) Takes(n int) bool {
	if l.Fixed > 0 {
		return n == l.Fixed
	}
	return n >= 1 && n <= l.Cells
}

// Wants says what counts of numbers the sketch takes: "exactly 3", "1 to
// 8".
func (l Layout) Wants() string {
	if l.Fixed > 0 {
		return fmt.Sprintf("exactly %d", l.Fixed)
	}
	return fmt.Sprintf("1 to %d", l.Cells)
}

// LayoutOf finds the reader's cells in a compiled sketch (Fixed is found by
// running it: see assemble). A sketch that does not declare them is an
// error.
func LayoutOf(code *forth.Code) (Layout, error) {
	cells := map[string]int{}
	addr := map[string]int{}
	for _, v := range code.Prog.Vars {
		switch v.Name {
		case "QUESTION", "REPR_BUFFER", "NUM_BUFFER":
			addr[v.Name], cells[v.Name] = v.Addr, v.Cells
		}
	}
	for _, name := range []string{"QUESTION", "REPR_BUFFER", "NUM_BUFFER"} {
		if _, ok := addr[name]; !ok {
			return Layout{}, fmt.Errorf("%s: the sketch declares no %s (the word algebra reader fills QUESTION, REPR_BUFFER and NUM_BUFFER)", code.Prog.File, name)
		}
	}
	n := cells["NUM_BUFFER"]
	if r := cells["REPR_BUFFER"]; r < n {
		return Layout{}, fmt.Errorf("%s: REPR_BUFFER (%d cells) is smaller than NUM_BUFFER (%d): the reader puts a context vector beside each number", code.Prog.File, r, n)
	}
	if n > MaxNumbers {
		return Layout{}, fmt.Errorf("%s: REPR_BUFFER and NUM_BUFFER have %d cells, more than the %d numbers a problem may have", code.Prog.File, n, MaxNumbers)
	}
	return Layout{Question: addr["QUESTION"], Repr: addr["REPR_BUFFER"], Num: addr["NUM_BUFFER"], Cells: n}, nil
}

// Problem is one problem as the model reads it: the token ids of the
// story, the token positions and values of its numbers in text order, and
// its answer. Numbers are the values ∂4 holds (0 … ValueSize−1; 0 for a
// number that is none); Quantities, when set, are the exact numbers (any
// size, fractions), which the exact loss and Solve use. Answer is the
// answer as ∂4 holds it (−1: unknown, or none), Exact the exact answer
// (nil: unknown; then Answer, if known).
type Problem struct {
	ID         int64
	IDs        []int
	Classes    [][]int // each token's classes (lexicon.Default)
	NumPos     []int
	Numbers    []int
	Quantities []reader.Quantity
	Answer     int
	Exact      *big.Rat
	// Generated marks a problem of the generator (package synth).
	Generated bool
	// Equation is the problem's equation over its numbers (nil: none),
	// what equation supervision trains on (Supervision).
	Equation *Equation
	// Views are other readings of the same question (see NewProblem):
	// Solve averages the slots' distributions over the problem and its
	// views.
	Views []*Problem
	// Order is nil for a problem and for a view with the problem's numbers
	// in the problem's order; a view that tells them in another order has
	// Order[k] = the problem's number that its number k is.
	Order []int
	// Pieces are the WordPiece pieces of IDs, from which a model with a
	// question reader (Model.Question) reads the question: QStart is its
	// first token (reader.QuestionStart) and Feats the features of the
	// heap cells (reader.NumberFeatures: the question's, then each
	// number's). ReadQuestion sets them, ReadQuestions when the model
	// needs them (the tagger is not loaded for a model without).
	Pieces []string
	QStart int
	Feats  [][]float64
	// table is the problem's decisions that give its answer (the exact
	// loss), made once, or tableErr why it has none.
	table    *Table
	tableErr error
}

// ReadQuestions reads the questions of the problems that have Pieces and
// no Feats yet (ReadQuestion, spread over the CPUs), when the model has a
// question reader.
func (m *Model) ReadQuestions(ps []*Problem) error {
	if m.Question == nil {
		return nil
	}
	errs := make([]error, len(ps))
	par.For(len(ps), func(i int) {
		if p := ps[i]; p.Feats == nil && p.Pieces != nil {
			errs[i] = p.ReadQuestion(p.Pieces)
		}
	})
	return errors.Join(errs...)
}

// ReadQuestion finds the question of the problem, whose tokens are
// pieces (WordPiece pieces, as its IDs), and the features of its heap
// cells: what a model with a question reader reads of it.
func (p *Problem) ReadQuestion(pieces []string) error {
	if len(pieces) != len(p.IDs) {
		return fmt.Errorf("problem %d: %d pieces for %d token ids", p.ID, len(pieces), len(p.IDs))
	}
	p.QStart = reader.QuestionStart(pieces)
	var err error
	if p.Feats, err = reader.NumberFeatures(pieces, p.NumPos, p.QStart); err != nil {
		return fmt.Errorf("problem %d: %w", p.ID, err)
	}
	return nil
}

// Values returns the problem's numbers exactly: its Quantities, or else
// its Numbers.
func (p *Problem) Values() []*big.Rat {
	out := make([]*big.Rat, len(p.NumPos))
	for k := range out {
		if k < len(p.Quantities) {
			out[k] = p.Quantities[k].Value
		} else if k < len(p.Numbers) {
			out[k] = big.NewRat(int64(p.Numbers[k]), 1)
		}
	}
	return out
}

// ExactAnswer returns the problem's exact answer: Exact, or Answer; nil
// when it is unknown.
func (p *Problem) ExactAnswer() *big.Rat {
	switch {
	case p.Exact != nil:
		return p.Exact
	case p.Answer >= 0:
		return big.NewRat(int64(p.Answer), 1)
	}
	return nil
}

// Loss is what a model trains on.
type Loss int

const (
	// LossMachine is ∂4's own loss (§3.5): the cross-entropy of the
	// answer on top of the soft machine's final data stack. The numbers
	// and the answer must be values ∂4 holds. The loss of the paper's
	// sketch, which takes a fixed count of numbers.
	LossMachine Loss = iota
	// LossExact is −log of the probability that the slots' decisions give
	// the exact answer: the sum, over the combinations of decisions whose
	// exact result is the answer (on the symbolic machine, any size), of
	// the product of the decisions' probabilities, divided by the product
	// of the slots' masses on the decisions that read only the problem's
	// numbers (Table). The loss of a sketch that takes a varying count of
	// numbers; its slots must not observe the numbers.
	LossExact
)

var lossNames = enum.Names[Loss]{What: "loss", Names: []string{LossMachine: "machine", LossExact: "exact"}}

// String names the loss.
func (l Loss) String() string { return lossNames.String(l) }

// Model is the word algebra solver: the reader, the ∂4 machine of the
// sketch, and where the reader's outputs go on the heap.
type Model struct {
	Reader *reader.BiLSTM
	// Question, when not nil, makes the heap's cells read the question
	// (reader.QAttention over the reader's states; AddQuestionReader):
	// the problems must have been read with Problem.ReadQuestion.
	Question *reader.QAttention
	// Prior, when not nil, is the learned prior over the result
	// (AddPrior): the exact loss and package answer's decoding weigh each
	// formula by it.
	Prior   *Prior
	Machine *d4.Model
	Layout  Layout
	Loss    Loss
	// Supervision is what the exact loss trains on: answers (the
	// default) or equations (set it with Supervise; a loaded model has the
	// one it was trained with, so that it scores problems as it did).
	Supervision Supervision
	Trace       []int // the sketch's static trace: the words executed, in order
	// Execs are the slot executions on the trace: the slot of each, in
	// order.
	Execs []int
	// NumbersObserved lists the slots whose decisions may depend on the
	// numbers' values: when it is empty, a question's numbers need not be
	// values ∂4 holds, since only the reader's vectors decide the formula.
	NumbersObserved []int

	// observed are the heap cells the slots observe, when every slot on
	// the trace observes only heap cells (or nothing); slotsOnly is set
	// when the exact loss's graph needs only the slots' networks on the
	// initial heap: no run of the sketch changes an observed cell before a
	// slot (found by Outcomes).
	observed  []int
	slotsOnly bool

	runs []countRuns // by count of numbers, for the exact loss's tables
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

// AddQuestionReader gives the model a question reader
// (reader.QAttention, of reader.QFeatures features) drawn from seed.
func (m *Model) AddQuestionReader(seed int64) error {
	q, err := reader.NewQAttention(m.Reader.Width(), reader.QFeatures, seed)
	if err != nil {
		return err
	}
	m.Question = q
	return nil
}

// assemble checks that the sketch suits the reader, finds its trace, and
// finds how many numbers it takes and so its loss.
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
	for k := 0; k < lay.Cells; k++ {
		learned[lay.Repr+k], learned[lay.Num+k] = true, true
	}
	cfg := symbolic.Config{ValueSize: mach.Sizes.V, StackSize: mach.Sizes.L, HeapSize: mach.Sizes.H, MaxSteps: 100000}
	trace, err := symbolic.StaticTrace(mach.Code, cfg, nil, symbolic.FirstChoice{}, learned)
	if err != nil {
		return nil, fmt.Errorf("%s: the word algebra model needs a sketch whose control flow does not depend on the slots or the reader: %w", mach.SketchFile, err)
	}
	// Which slots may see the numbers: taint NUM_BUFFER alone.
	nums := make([]bool, mach.Sizes.H)
	for k := 0; k < lay.Cells; k++ {
		nums[lay.Num+k] = true
	}
	an, err := symbolic.Analyze(mach.Code, cfg, nil, symbolic.FirstChoice{}, nums)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", mach.SketchFile, err)
	}
	m := &Model{Reader: r, Machine: mach, Layout: lay, Trace: trace, NumbersObserved: an.Observing, runs: make([]countRuns, lay.Cells+1)}
	for _, pc := range trace {
		if in := mach.Code.Instrs[pc]; in.Op == forth.OpSlot {
			m.Execs = append(m.Execs, in.Arg)
		}
	}
	m.observed = observedHeap(mach.Code, m.Execs)
	if err := m.findFixed(); err != nil {
		return nil, fmt.Errorf("%s: %w", mach.SketchFile, err)
	}
	return m, nil
}

// withWeights returns a model of m's sketch with another reader and
// machine (another model's weights of the same sketch and sizes): the
// analysis of the sketch (trace, layout, loss, the exact loss's runs) is
// m's, shared, and the graphs are its own.
func (m *Model) withWeights(r *reader.BiLSTM, mach *d4.Model) (*Model, error) {
	if r.Width() != mach.Sizes.V {
		return nil, fmt.Errorf("the reader's states have %d values but the machine's value size is %d", r.Width(), mach.Sizes.V)
	}
	out := *m
	out.Reader, out.Machine = r, mach
	return &out, nil
}

// findFixed finds Layout.Fixed by running every combination of the
// slots' decisions with a number in every cell: when every path reads the
// same first cells, the sketch takes exactly that many numbers and trains
// on ∂4's loss; otherwise it takes any count up to its cells and trains on
// the exact loss, which needs slots that do not observe the numbers and
// decisions that can be run.
func (m *Model) findFixed() error {
	values := standIns(m.Layout.Cells)
	s, err := m.outcomes(values)
	if err != nil && !errors.Is(err, ErrTooMany) {
		return err
	}
	var outs []Outcome
	if s != nil {
		outs = s.out
	}
	if len(outs) == 0 {
		return errors.New("the sketch has no run to an answer")
	}
	first := outs[0].Term.Inputs
	read := uint64(0)
	for _, o := range outs {
		read |= o.Term.Inputs
	}
	if read == 0 {
		return errors.New("no run of the sketch reads a number of NUM_BUFFER")
	}
	fixed := err == nil && first&(first+1) == 0 // the first cells: 0…01…1
	for _, o := range outs {
		fixed = fixed && o.Term.Inputs == first
	}
	if fixed {
		m.Layout.Fixed, m.Loss = bits.OnesCount64(first), LossMachine
		return nil
	}
	if err != nil {
		return err
	}
	if len(m.NumbersObserved) > 0 {
		return fmt.Errorf("slot %d may depend on the numbers' values: a sketch that takes a varying count of numbers trains on the exact loss, and its slots must observe only the reader's vectors", m.NumbersObserved[0])
	}
	m.Loss = LossExact
	m.slotsOnly = m.observed != nil && !s.written
	return nil
}

// observedHeap returns the heap cells that the slots of execs observe,
// or nil when one of them observes a stack.
func observedHeap(code *forth.Code, execs []int) []int {
	cells := []int{}
	for _, i := range execs {
		for _, el := range code.Slots[i].Enc.Observe {
			if el.Space != 'H' {
				return nil
			}
			if !slices.Contains(cells, el.Index) {
				cells = append(cells, el.Index)
			}
		}
	}
	slices.Sort(cells)
	return cells
}

// base returns the packed initial state of a problem without the reader's
// vectors: empty stacks, the numbers one-hot in NUM_BUFFER (zeros past
// them), and zeros in the cells that the reader's vectors are added to.
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
	for k := 0; k < m.Layout.Numbers(); k++ {
		clear(cell(m.Layout.Repr + k))
		c := cell(m.Layout.Num + k)
		clear(c)
		if k >= len(p.Numbers) {
			continue // no such number
		}
		if p.Numbers[k] < 0 || p.Numbers[k] >= V {
			return nil, fmt.Errorf("problem %d: number %d is outside the value range 0…%d", p.ID, p.Numbers[k], V-1)
		}
		if k < len(p.Quantities) && !InRange(p.Quantities[k], V) && len(m.NumbersObserved) > 0 {
			return nil, fmt.Errorf("the number %s is not an integer in 0…%d, and slot %d of %s may depend on it: this sketch answers only such numbers",
				p.Quantities[k].Text, V-1, m.NumbersObserved[0], m.Machine.SketchFile)
		}
		c[p.Numbers[k]] = 1
	}
	return x, nil
}

// picks returns the reader positions of a problem: the question vector
// (−length), the numbers' positions, and reader.NoPick for the cells past
// them.
func (m *Model) picks(p *Problem) []float64 {
	out := []float64{-float64(len(p.IDs))}
	for k := range m.Layout.Numbers() {
		if k < len(p.NumPos) {
			out = append(out, float64(p.NumPos[k]))
		} else {
			out = append(out, reader.NoPick)
		}
	}
	return out
}

// offsets returns where the picked vectors go in the packed state, in
// the order of picks.
func (m *Model) offsets() []int {
	sz := m.Machine.Sizes
	heap := sz.Len() - sz.P - sz.H*sz.V // the heap comes before the program counter
	out := []int{heap + m.Layout.Question*sz.V}
	for k := 0; k < m.Layout.Numbers(); k++ {
		out = append(out, heap+(m.Layout.Repr+k)*sz.V)
	}
	return out
}

// Check validates a problem against the model: its tokens, and a count of
// numbers the sketch takes; for ∂4's loss, numbers and an answer that ∂4
// holds.
func (m *Model) Check(p *Problem) error {
	if len(p.IDs) == 0 {
		return fmt.Errorf("problem %d has no tokens", p.ID)
	}
	for _, id := range p.IDs {
		if id < 0 || id >= m.Reader.Vocab {
			return fmt.Errorf("problem %d: token id %d outside the vocabulary of %d", p.ID, id, m.Reader.Vocab)
		}
	}
	if !m.Layout.Takes(len(p.NumPos)) || len(p.Numbers) != len(p.NumPos) {
		return fmt.Errorf("problem %d has %d numbers; %s takes %s", p.ID, len(p.NumPos), m.Machine.SketchFile, m.Layout.Wants())
	}
	for k, q := range p.NumPos {
		if q < 0 || q >= len(p.IDs) {
			return fmt.Errorf("problem %d: number %d at token %d of %d", p.ID, k+1, q, len(p.IDs))
		}
	}
	if p.Answer >= m.Machine.Sizes.V {
		return fmt.Errorf("problem %d: answer %d is outside the value range 0…%d", p.ID, p.Answer, m.Machine.Sizes.V-1)
	}
	if m.Question != nil && (len(p.Feats) != 1+len(p.NumPos) || p.QStart < 0 || p.QStart >= len(p.IDs)) {
		return fmt.Errorf("problem %d: its question was not read (Problem.ReadQuestion): %d cells' features for %d numbers, question from token %d of %d",
			p.ID, len(p.Feats), len(p.NumPos), p.QStart, len(p.IDs))
	}
	return nil
}

// qinput is what the question reader reads of a problem beside its
// tokens: its question and its cells' features (nil past its numbers).
func (m *Model) qinput(p *Problem) reader.QInput {
	feats := make([][]float64, 1+m.Layout.Numbers())
	copy(feats, p.Feats)
	return reader.QInput{Start: p.QStart, Len: len(p.IDs), Feats: feats}
}

// graphKey identifies a graph: the batch, the story length, and for the
// exact loss the most good combinations of a problem it takes.
type graphKey struct{ B, T, G int }

// graph is the reader and the machine as one Gorgonia graph for a batch
// shape: token ids → BiLSTM → picked states → heap → ∂4 along the static
// trace → loss (∂4's on the final stack, or the exact loss on the slots'
// decisions), differentiated with respect to every parameter.
type graph struct {
	graphKey
	g      *G.ExprGraph
	rd     *reader.Part
	qp     *reader.QPart // the question reader's, or nil
	base   *G.Node       // [B,S] initial states without the reader's vectors
	target *G.Node       // ∂4's loss: [B, TargetWidth]
	good   *G.Node       // the exact loss: the good combinations [B, G·E] (Table.encode)
	valid  *G.Node       // the exact loss: the decisions that read only present numbers [B, ΣK]
	prior  *priorGraph   // the exact loss's learned prior (nil: none)
	part   *d4.Part
	loss   *G.Node
	params G.Nodes // reader's, then the machine's
	grads  G.Nodes
	vm     G.VM
}

func (m *Model) newGraph(k graphKey, withGrads bool) (*graph, error) {
	sz := m.Machine.Sizes
	gr := &graph{graphKey: k, g: G.NewGraph()}
	g := gr.g
	var err error
	if gr.rd, err = m.Reader.AddTo(g, k.B, k.T, 1+m.Layout.Numbers()); err != nil {
		return nil, err
	}
	gr.base = G.NewMatrix(g, tensor.Float64, G.WithShape(k.B, sz.Len()), G.WithName("base"))
	gr.target = G.NewMatrix(g, tensor.Float64, G.WithShape(k.B, sz.TargetWidth()), G.WithName("target"))
	cells := gr.rd.Out
	if m.Question != nil {
		if gr.qp, err = m.Question.AddTo(g, gr.rd.States, gr.rd.Out, k.T, 1+m.Layout.Numbers()); err != nil {
			return nil, err
		}
		cells = gr.qp.Out
	}
	state, err := G.ApplyOp(newFillOp(m.offsets(), sz.V), gr.base, cells)
	if err != nil {
		return nil, fmt.Errorf("wap: heap: %w", err)
	}
	if gr.part, err = m.Machine.Unroll(g, state, gr.target, d4.GraphOpts{Trace: m.Trace, SlotsOnly: m.slotsOnly}); err != nil {
		return nil, err
	}
	gr.loss = gr.part.Loss
	if m.Loss == LossExact {
		if gr.loss, err = m.exactLoss(gr); err != nil {
			return nil, err
		}
	}
	gr.params = append(G.Nodes{}, gr.rd.Params...)
	if gr.qp != nil {
		gr.params = append(gr.params, gr.qp.Params...)
	}
	gr.params = append(gr.params, gr.part.Params...)
	if gr.prior != nil {
		gr.params = append(gr.params, gr.prior.w)
	}
	if withGrads {
		if gr.grads, err = G.Grad(gr.loss, gr.params...); err != nil {
			return nil, fmt.Errorf("wap: gradients: %w", err)
		}
	}
	gr.vm = G.NewTapeMachine(g)
	return gr, nil
}

// tensors lists the trained tensors in the order of graph.params.
func (m *Model) tensors() []*tensor.Dense {
	out := m.Reader.Params()
	if m.Question != nil {
		out = append(out, m.Question.Params()...)
	}
	for _, p := range m.Machine.Params() {
		out = append(out, p.T)
	}
	if m.Prior != nil {
		out = append(out, m.Prior.W)
	}
	return out
}

// run evaluates the graph on a batch of exactly B problems and returns the
// mean loss and the final states [B×S] (nil for a graph of the slots
// alone).
func (m *Model) run(gr *graph, ps []*Problem) (float64, []float64, error) {
	sz := m.Machine.Sizes
	B, T, S, TW := gr.B, gr.T, sz.Len(), sz.TargetWidth()
	K := 1 + m.Layout.Numbers()
	stories := make([]reader.Story, B)
	qins := make([]reader.QInput, B)
	pos := make([]float64, 0, B*K)
	base := make([]float64, 0, B*S)
	target := make([]float64, B*TW)
	if len(ps) != B {
		return 0, nil, fmt.Errorf("wap: batch of %d problems for a graph of %d", len(ps), B)
	}
	for b, p := range ps {
		if err := m.Check(p); err != nil {
			return 0, nil, err
		}
		if len(p.IDs) > T {
			return 0, nil, fmt.Errorf("problem %d has %d tokens, the graph takes %d", p.ID, len(p.IDs), T)
		}
		stories[b], qins[b] = m.story(p), m.qinput(p)
		pos = append(pos, m.picks(p)...)
		x, err := m.base(p)
		if err != nil {
			return 0, nil, err
		}
		base = append(base, x...)
		if p.Answer >= 0 { // ∂4's loss, also computed beside the exact loss

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
	type let struct {
		n    *G.Node
		d    []float64
		rows int
	}
	lets := []let{{gr.rd.IDs, ids, T}, {gr.rd.Classes, classes, T * reader.MaxClasses}, {gr.rd.Pos, pos, K}, {gr.base, base, S}, {gr.target, target, TW}}
	if gr.qp != nil {
		span, feats, present, err := m.Question.QBatch(qins, T, K)
		if err != nil {
			return 0, nil, fmt.Errorf("wap: %w", err)
		}
		lets = append(lets, let{gr.qp.Span, span, 2}, let{gr.qp.Feats, feats, K * m.Question.F}, let{gr.qp.Present, present, K})
	}
	if m.Loss == LossExact {
		good, valid, err := m.tableInputs(ps, gr.G)
		if err != nil {
			return 0, nil, err
		}
		lets = append(lets, let{gr.good, good, len(good) / B}, let{gr.valid, valid, len(valid) / B})
		if gr.prior != nil {
			pb := &gr.prior.batch
			pb.tabs, pb.fresh = pb.tabs[:0], false
			for _, p := range ps {
				t, err := m.Table(p) // made by tableInputs
				if err != nil {
					return 0, nil, err
				}
				pb.tabs = append(pb.tabs, t)
			}
		}
	}
	for _, l := range lets {
		if err := G.Let(l.n, tensor.New(tensor.WithShape(B, l.rows), tensor.WithBacking(l.d))); err != nil {
			return 0, nil, err
		}
	}
	defer gr.vm.Reset()
	if err := gr.vm.RunAll(); err != nil {
		return 0, nil, fmt.Errorf("wap: running the graph: %w", err)
	}
	var final []float64
	if gr.part.Final != nil {
		final = slices.Clone(gr.part.Final.Value().Data().([]float64))
	}
	return gr.loss.Value().Data().(float64), final, nil
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
	steps  int // the graphs' time steps
	good   int // the least bound of the graphs' good combinations (the exact loss)
	graphs map[graphKey]*graph
}

// NewTrainer returns a trainer for batches of the problems: its graphs
// read stories as long as the longest, and take as many good combinations
// as the problem with the most (rounded up: GoodBound), so that batches of
// one size share one graph. A problem that the exact loss does not score
// (Scorable) is left out of the bound.
func (m *Model) NewTrainer(problems []*Problem) *Trainer {
	_ = m.ReadQuestions(problems) // a problem it cannot read is refused by Check, naming it
	tr := &Trainer{m: m, steps: MaxLen(problems), graphs: map[graphKey]*graph{}}
	if m.Loss == LossExact {
		var scored []*Problem
		for _, p := range problems {
			if _, err := m.Table(p); err == nil {
				scored = append(scored, p)
			}
		}
		tr.good, _ = m.GoodBound(scored) // the tables are made: no error
	}
	return tr
}

// Gradient returns the mean loss of a batch and its gradient (one slice
// per tensor, owned by the trainer until its next call).
func (tr *Trainer) Gradient(batch []*Problem) (float64, [][]float64, error) {
	key, err := tr.m.key(batch, tr.steps)
	if err != nil {
		return 0, nil, err
	}
	key.G = max(key.G, tr.good)
	gr, ok := tr.graphs[key]
	if !ok {
		if gr, err = tr.m.newGraph(key, true); err != nil {
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
const evalBatch = 50

// Scorable reports whether the model's loss scores a problem, and if not
// why: its count of numbers is one the sketch does not take (ErrCount);
// for ∂4's loss, a number or the answer is not a value ∂4 holds
// (ErrRange); for the exact loss, no decisions give the answer
// (ErrNoAnswer), or with equation supervision the problem has no
// equation (ErrNoEquation) or no decisions make it (ErrEquation). Such a problem is not trained on; it still counts in
// accuracy, as a problem the model answers wrong.
func (m *Model) Scorable(p *Problem) error {
	if !m.Layout.Takes(len(p.NumPos)) {
		return fmt.Errorf("problem %d: %w: it has %d, %s takes %s", p.ID, ErrCount, len(p.NumPos), m.Machine.SketchFile, m.Layout.Wants())
	}
	if m.Loss == LossExact {
		_, err := m.Table(p)
		return err
	}
	for k, q := range p.Quantities {
		if !InRange(q, m.Machine.Sizes.V) {
			return fmt.Errorf("problem %d: %w: number %d is %s", p.ID, ErrRange, k+1, q.Text)
		}
	}
	if p.Answer < 0 || p.Answer >= m.Machine.Sizes.V {
		return fmt.Errorf("problem %d: %w: its answer is not an integer in 0…%d", p.ID, ErrRange, m.Machine.Sizes.V-1)
	}
	return nil
}

// Why a problem is not scored (Scorable).
var (
	ErrCount = errors.New("a count of numbers the sketch does not take")
	ErrRange = errors.New("beyond ∂4's values")
)

// MeanLoss runs the problems' graphs forward, in batches, and returns the
// mean loss of those the loss scores (Scorable) and their number.
func (m *Model) MeanLoss(ps []*Problem) (float64, int, error) {
	if err := m.ReadQuestions(ps); err != nil {
		return 0, 0, err
	}
	var scored []*Problem
	for _, p := range ps {
		if m.Scorable(p) == nil {
			scored = append(scored, p)
		}
	}
	if len(scored) == 0 {
		return math.NaN(), 0, nil
	}
	T := MaxLen(scored)
	// The graphs live for the call: kept on the model, a forward graph of
	// each split's length held its buffers (100 MB a model) to the end.
	graphs := map[graphKey]*graph{}
	all, err := m.key(scored, T) // one bound of good combinations for every chunk
	if err != nil {
		return 0, 0, err
	}
	total := 0.0
	for lo := 0; lo < len(scored); lo += evalBatch {
		chunk := scored[lo:min(len(scored), lo+evalBatch)]
		key := graphKey{B: len(chunk), T: T, G: all.G}
		gr, ok := graphs[key]
		if !ok {
			if gr, err = m.newGraph(key, false); err != nil {
				return 0, 0, err
			}
			graphs[key] = gr
		}
		loss, _, err := m.run(gr, chunk)
		if err != nil {
			return 0, 0, err
		}
		total += loss * float64(len(chunk))
	}
	return total / float64(len(scored)), len(scored), nil
}

// MachineLoss returns ∂4's own loss of a batch of problems (LossMachine:
// the mean over them of the cross-entropy of the answer on top of the soft
// machine's final data stack) from a graph of the sketch's whole soft
// execution, whatever loss the model trains on. Where no decision with
// any probability reads an absent number or one an earlier decision read,
// and every value the sketch computes fits ∂4's value size, it is the
// exact loss less log(1+ε) (∂4's pointer term): the yardstick the tests of
// the exact loss measure it by. A sketch that ∂4's soft execution does not
// run (a group of picks, d4.SoftPicks) is an error.
func (m *Model) MachineLoss(ps []*Problem) (float64, error) {
	if err := m.ReadQuestions(ps); err != nil {
		return 0, err
	}
	key, err := m.key(ps, MaxLen(ps))
	if err != nil {
		return 0, err
	}
	whole := *m
	whole.slotsOnly = false
	gr, err := whole.newGraph(key, false)
	if err != nil {
		return 0, err
	}
	if _, _, err := whole.run(gr, ps); err != nil {
		return 0, err
	}
	return gr.part.Loss.Value().Data().(float64), nil
}

// key is the graph a batch runs on, with stories of up to T tokens.
func (m *Model) key(batch []*Problem, T int) (graphKey, error) {
	k := graphKey{B: len(batch), T: T}
	if m.Loss == LossExact {
		var err error
		if k.G, err = m.GoodBound(batch); err != nil {
			return k, err
		}
	}
	return k, nil
}

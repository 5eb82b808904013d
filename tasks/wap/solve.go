package wap

import (
	"errors"
	"fmt"
	"math/big"

	"d4/interpreter/d4"
	"d4/interpreter/forth"
	"d4/interpreter/symbolic"
	"d4/reader"
)

// Solution is what the model makes of one problem.
type Solution struct {
	// Answer is the exact value of Formula: the sketch run on the symbolic
	// machine with exact arithmetic (symbolic.Exact), with the decisions
	// of the model's Decoding.
	Answer *big.Rat
	// Formula writes how the program computed Answer from the question's
	// numbers, e.g. "(50 - 15) + 21".
	Formula string
	// Confidence is the probability, under the slots' distributions (each
	// deciding independently), of the combinations of decisions that give
	// Answer (every combination is run when there are at most
	// maxCombinations; otherwise the probability of the decisions taken).
	Confidence float64
	// Choices are the decisions taken, one per slot execution in order:
	// the index of the chosen word, or of the permutation
	// (d4.Permutations).
	Choices []int
	// Slots are the slot of each decision.
	Slots []int
	// Err, when not nil, says why the problem has no answer (an error
	// wrapping ErrDivZero); Answer is then nil.
	Err error
}

// maxCombinations bounds the decision combinations Solve runs for the
// confidence (the paper's sketch has 6·4·2·4 = 192).
const maxCombinations = 4096

// ErrDivZero is wrapped by Solve's error for a formula that divides by
// zero: it has no answer.
var ErrDivZero = errors.New("the formula divides by zero")

// execution is one slot execution of a soft run: the slot and the
// distribution of its decoder.
type execution struct {
	slot  int
	probs []float64
}

// Ensemble is one or more models of the same sketch and vocabulary that
// answer together (the restarts of a training run): each slot's
// distribution is the mean of the models' distributions.
type Ensemble struct {
	Models []*Model
	// Decode is how the ensemble decides.
	Decode Decoding
}

// Solve answers problems without building a graph: each model's reader
// fills the heap, ∂4 runs the sketch step by step (Machine.RunWatch) and
// records each slot's distribution; the distributions are averaged over
// the models; then the symbolic machine runs the sketch again with exact
// arithmetic on the problem's numbers (its Quantities, or its Numbers),
// with the decisions of e.Decode. A problem whose formula divides by zero
// has no answer: its Solution's Err wraps ErrDivZero.
func (e *Ensemble) Solve(ps []*Problem) ([]Solution, error) {
	execs, err := e.executions(ps)
	if err != nil {
		return nil, err
	}
	return e.Models[0].exactAnswers(ps, execs, e.Decode, true)
}

// executions returns each problem's slot executions, averaged over the
// models.
func (e *Ensemble) executions(ps []*Problem) ([][]execution, error) {
	if len(e.Models) == 0 {
		return nil, errors.New("an ensemble of no models")
	}
	first := e.Models[0].Machine
	mean, err := e.Models[0].executions(ps)
	if err != nil {
		return nil, err
	}
	for _, m := range e.Models[1:] {
		if d4.SketchHash(m.Machine.Sketch) != d4.SketchHash(first.Sketch) || m.Reader.Vocab != e.Models[0].Reader.Vocab {
			return nil, errors.New("the models of an ensemble must share their sketch and vocabulary")
		}
		execs, err := m.executions(ps)
		if err != nil {
			return nil, err
		}
		for i := range mean {
			for j := range mean[i] {
				for k, v := range execs[i][j].probs {
					mean[i][j].probs[k] += v
				}
			}
		}
	}
	n := float64(len(e.Models))
	for i := range mean {
		for j := range mean[i] {
			for k := range mean[i][j].probs {
				mean[i][j].probs[k] /= n
			}
		}
	}
	return mean, nil
}

// Solve answers problems as an ensemble of m alone, decoding sensibly.
func (m *Model) Solve(ps []*Problem) ([]Solution, error) {
	return (&Ensemble{Models: []*Model{m}}).Solve(ps)
}

// executions reads the problems and runs ∂4 on each: the slot executions
// of every problem.
func (m *Model) executions(ps []*Problem) ([][]execution, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	stories := make([][]int, len(ps))
	pos := make([][]float64, len(ps))
	for i, p := range ps {
		if err := m.check(p); err != nil {
			return nil, err
		}
		stories[i], pos[i] = p.IDs, picks(p)
	}
	vecs, err := m.Reader.Read(stories, pos)
	if err != nil {
		return nil, err
	}
	out := make([][]execution, len(ps))
	for i, p := range ps {
		if out[i], _, err = m.softRun(p, vecs[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// exactAnswers decodes each problem's decisions and replays them on the
// exact machine; the confidences are computed only when asked for (the
// product of the decisions' probabilities otherwise).
func (m *Model) exactAnswers(ps []*Problem, execs [][]execution, dec Decoding, confidence bool) ([]Solution, error) {
	out := make([]Solution, len(ps))
	for i, p := range ps {
		var err error
		if out[i], err = m.exactAnswer(p, execs[i], dec, confidence); err != nil && !errors.Is(err, ErrDivZero) {
			return nil, fmt.Errorf("problem %d: %w", p.ID, err)
		}
		out[i].Err = err
	}
	return out, nil
}

// softRun runs ∂4 from a problem's filled heap and returns its slot
// executions in order (the static trace runs each with all the mass) and
// the final state.
func (m *Model) softRun(p *Problem, vec []float64) ([]execution, []float64, error) {
	x, err := m.base(p)
	if err != nil {
		return nil, nil, err
	}
	V := m.Machine.Sizes.V
	for k, off := range m.offsets() {
		for j := 0; j < V; j++ {
			x[off+j] += vec[k*V+j]
		}
	}
	var execs []execution
	final, _, err := m.Machine.RunWatch(x, len(m.Trace)+1, false, func(slot int, mass float64, o []float64) {
		pr := make([]float64, len(o))
		for j, v := range o {
			pr[j] = mass * v
		}
		execs = append(execs, execution{slot, pr})
	})
	return execs, final, err
}

// Decoding says how Solve turns the slots' distributions into decisions.
type Decoding int

const (
	// DecodeSensible takes the most probable answer that a word problem
	// can have: of every combination of decisions, those whose answer is
	// negative, divides by zero, or is a fraction although every number of
	// the question is whole are set aside, and the answer with the largest
	// total probability among the rest is chosen, with the most probable
	// combination that gives it. When no combination is sensible, or there
	// are more than maxCombinations, it decodes as DecodeArgmax.
	DecodeSensible Decoding = iota
	// DecodeArgmax takes each slot's most probable decision.
	DecodeArgmax
)

// String returns the decoding's name.
func (d Decoding) String() string {
	if d == DecodeArgmax {
		return "argmax"
	}
	return "sensible"
}

// ParseDecoding reads a decoding's name: "sensible" or "argmax".
func ParseDecoding(s string) (Decoding, error) {
	switch s {
	case "sensible":
		return DecodeSensible, nil
	case "argmax":
		return DecodeArgmax, nil
	}
	return 0, fmt.Errorf("unknown decoding %q (want sensible or argmax)", s)
}

// outcome is an exact answer and what gives it: its total probability over
// the combinations of decisions, and the most probable of them.
type outcome struct {
	term     symbolic.Term
	prob     float64
	best     []int
	bestProb float64
}

// exactAnswer decodes a problem's decisions and replays them on the exact
// machine. With confidence (or DecodeSensible), every
// combination of decisions is run, and the confidence is the total
// probability of the answer; otherwise it is the probability of the
// decisions taken.
func (m *Model) exactAnswer(p *Problem, execs []execution, dec Decoding, confidence bool) (Solution, error) {
	choices := make([]int, len(execs))
	sol := Solution{Choices: choices, Confidence: 1}
	for j, e := range execs {
		choices[j] = argmax(e.probs)
		sol.Slots = append(sol.Slots, e.slot)
		sol.Confidence *= e.probs[choices[j]]
	}
	var outs map[string]*outcome
	if confidence || dec == DecodeSensible {
		var err error
		if outs, err = m.outcomes(p, execs); err != nil {
			return sol, err
		}
	}
	if dec == DecodeSensible {
		if o := sensible(outs, wholeNumbers(p)); o != nil {
			copy(choices, o.best)
		}
	}
	t, err := m.replay(p, execs, choices)
	if err != nil {
		return sol, err
	}
	sol.Formula = t.Formula
	if t.DivZero {
		return sol, fmt.Errorf("%w: %s", ErrDivZero, t.Formula)
	}
	sol.Answer = t.Value
	if outs != nil {
		sol.Confidence = outs[t.Value.RatString()].prob
	}
	return sol, nil
}

// wholeNumbers reports whether every number of a problem is an integer.
func wholeNumbers(p *Problem) bool {
	for _, q := range p.Quantities {
		if !q.Value.IsInt() {
			return false
		}
	}
	return true
}

// sensible returns the most probable outcome that is not negative, does not
// divide by zero, and is whole when whole is set; nil when there is none.
func sensible(outs map[string]*outcome, whole bool) *outcome {
	var best *outcome
	for _, o := range outs {
		v := o.term.Value
		if o.term.DivZero || v.Sign() < 0 || whole && !v.IsInt() {
			continue
		}
		if best == nil || o.prob > best.prob || o.prob == best.prob && v.Cmp(best.term.Value) < 0 {
			best = o
		}
	}
	return best
}

// outcomes runs every combination of decisions, each with the product of
// its decisions' probabilities (the slots decide independently), and
// returns the outcomes by the RatString of their answer ("DivZero" for the
// formulas that divide by zero). It returns nil when there are more than
// maxCombinations.
func (m *Model) outcomes(p *Problem, execs []execution) (map[string]*outcome, error) {
	combos := 1
	for _, e := range execs {
		combos *= len(e.probs)
		if combos > maxCombinations {
			return nil, nil
		}
	}
	outs := map[string]*outcome{}
	alt := make([]int, len(execs))
	for c := 0; c < combos; c++ {
		prob, rest := 1.0, c
		for j, e := range execs {
			alt[j] = rest % len(e.probs)
			rest /= len(e.probs)
			prob *= e.probs[alt[j]]
		}
		if prob == 0 {
			continue
		}
		u, err := m.replay(p, execs, alt)
		if err != nil {
			return nil, err
		}
		key := u.Value.RatString()
		if u.DivZero {
			key = "DivZero"
		}
		o := outs[key]
		if o == nil {
			o = &outcome{term: u}
			outs[key] = o
		}
		o.prob += prob
		if prob > o.bestProb {
			o.best, o.bestProb, o.term = append([]int(nil), alt...), prob, u
		}
	}
	return outs, nil
}

// replay runs the sketch on the symbolic machine with exact arithmetic:
// the question and the numbers' context vectors read as 0 (the decisions
// are given), the numbers as their exact values. It returns the term on top
// of the final data stack.
func (m *Model) replay(p *Problem, execs []execution, choices []int) (symbolic.Term, error) {
	sz := m.Machine.Sizes
	ex := symbolic.NewExact()
	sm, err := symbolic.New(m.Machine.Code, symbolic.Config{ValueSize: sz.V, StackSize: sz.L, HeapSize: sz.H, MaxSteps: len(m.Trace) + 1, Arith: ex})
	if err != nil {
		return symbolic.Term{}, err
	}
	for k := 0; k < Numbers; k++ {
		q := reader.Quantity{Text: fmt.Sprint(p.Numbers[k]), Value: big.NewRat(int64(p.Numbers[k]), 1)}
		if k < len(p.Quantities) {
			q = p.Quantities[k]
		}
		sm.H[m.Layout.Num+k] = ex.Const(q.Value, reader.FormatRat(q.Value))
	}
	sm.Decider = &replayDecider{execs: execs, choices: choices}
	if err := sm.Run(); err != nil {
		return symbolic.Term{}, fmt.Errorf("replaying the decisions: %w", err)
	}
	if sm.D.Depth() == 0 {
		return symbolic.Term{}, errors.New("the sketch leaves no answer on the data stack")
	}
	return ex.Term(sm.D.Cells[sm.D.Top]), nil
}

// replayDecider gives the symbolic machine the decisions of a soft run,
// in order.
type replayDecider struct {
	execs   []execution
	choices []int
	next    int
}

// Decide implements symbolic.Decider.
func (r *replayDecider) Decide(s *forth.SlotCode, _ *symbolic.Machine) (symbolic.Decision, error) {
	if r.next >= len(r.execs) || r.execs[r.next].slot != s.Index {
		return symbolic.Decision{}, fmt.Errorf("slot %d runs where ∂4 ran another (the trace is not static)", s.Index)
	}
	c := r.choices[r.next]
	r.next++
	switch s.Dec.Kind {
	case forth.Choose:
		return symbolic.Decision{Choice: c}, nil
	case forth.Permute:
		return symbolic.Decision{Perm: d4.Permutations(len(s.Dec.Elems))[c]}, nil
	}
	return symbolic.Decision{}, fmt.Errorf("slot %d: a %s slot writes values, which an exact answer cannot replay", s.Index, s.Dec.Kind)
}

func argmax(x []float64) int {
	k := 0
	for i, v := range x {
		if v > x[k] {
			k = i
		}
	}
	return k
}

// ExactAccuracy returns the percentage of problems whose exact answer
// (Solve: the value of the formula `wap answer` prints) is their answer.
func (e *Ensemble) ExactAccuracy(ps []*Problem) (float64, error) {
	if len(ps) == 0 {
		return 0, errors.New("no problems to score")
	}
	execs, err := e.executions(ps)
	if err != nil {
		return 0, err
	}
	sols, err := e.Models[0].exactAnswers(ps, execs, e.Decode, false)
	if err != nil {
		return 0, err
	}
	right := 0
	for i, s := range sols {
		if s.Err == nil && s.Answer.Cmp(big.NewRat(int64(ps[i].Answer), 1)) == 0 {
			right++
		}
	}
	return 100 * float64(right) / float64(len(ps)), nil
}

// accuracyWith is a model's ExactAccuracy with the given decoding.
func (m *Model) accuracyWith(ps []*Problem, dec Decoding) (float64, error) {
	return (&Ensemble{Models: []*Model{m}, Decode: dec}).ExactAccuracy(ps)
}

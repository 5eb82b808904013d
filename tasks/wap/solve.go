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
	// machine with exact arithmetic (symbolic.Exact), each slot deciding
	// by the argmax of its distribution in ∂4.
	Answer *big.Rat
	// Formula writes how the program computed Answer from the question's
	// numbers, e.g. "(50 - 15) + 21".
	Formula string
	// Confidence is the probability, under the slots' distributions, of
	// the decisions that give Answer (every combination of decisions is
	// run when there are at most maxCombinations; otherwise the
	// probability of the argmax decisions alone).
	Confidence float64
	// Choices are the argmax decisions, one per slot execution in order:
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

// Solve answers problems without building a graph: the reader's forward
// pass fills the heap, ∂4 runs the sketch step by step (Machine.RunWatch)
// and records each slot's distribution; then the symbolic machine runs the
// sketch again with exact arithmetic on the problem's numbers (its
// Quantities, or its Numbers), each slot taking its argmax decision. A
// problem whose formula divides by zero has no answer: its Solution's Err
// wraps ErrDivZero.
func (m *Model) Solve(ps []*Problem) ([]Solution, error) {
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
	out := make([]Solution, len(ps))
	for i, p := range ps {
		execs, _, err := m.softRun(p, vecs[i])
		if err != nil {
			return nil, err
		}
		if out[i], err = m.exactAnswer(p, execs); err != nil && !errors.Is(err, ErrDivZero) {
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

// exactAnswer replays the sketch on the exact machine with the argmax
// decisions, and sums the probability of every combination of decisions
// that gives the same answer.
func (m *Model) exactAnswer(p *Problem, execs []execution) (Solution, error) {
	choices := make([]int, len(execs))
	sol := Solution{Choices: choices, Confidence: 1}
	for j, e := range execs {
		choices[j] = argmax(e.probs)
		sol.Slots = append(sol.Slots, e.slot)
		sol.Confidence *= e.probs[choices[j]]
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
	dist, err := m.answerDistribution(p, execs)
	if err != nil {
		return sol, err
	}
	if dist != nil {
		sol.Confidence = dist[sol.Answer.RatString()]
	}
	return sol, nil
}

// answerDistribution runs every combination of decisions, each with the
// product of its decisions' probabilities (the slots decide
// independently), and returns the probability of each exact answer by its
// RatString ("DivZero" for the formulas that divide by zero). It returns
// nil when there are more than maxCombinations.
func (m *Model) answerDistribution(p *Problem, execs []execution) (map[string]float64, error) {
	combos := 1
	for _, e := range execs {
		combos *= len(e.probs)
		if combos > maxCombinations {
			return nil, nil
		}
	}
	dist := map[string]float64{}
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
		dist[key] += prob
	}
	return dist, nil
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

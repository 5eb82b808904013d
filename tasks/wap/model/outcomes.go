package model

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/reader"
)

// Outcome is one combination of the slots' decisions — Choices[i] the
// decision of the trace's slot execution i (an alternative of a choose
// slot, a permutation's index in d4.Permutations) — and the exact term it
// leaves on top of the data stack.
type Outcome struct {
	Choices []int
	Term    symbolic.Term
	index   int // the mixed-radix index of Choices, the first fastest
	cell    int // the handle of Term in the search's arithmetic
}

// maxOutcomes bounds the combinations Outcomes runs (the general sketch
// has 28·8³ = 14336 for eight numbers).
const maxOutcomes = 1 << 16

// ErrTooMany is wrapped by the error of Outcomes for a sketch with more
// combinations of decisions than it runs.
var ErrTooMany = errors.New("too many combinations of decisions to run each")

// Outcomes runs the sketch on the symbolic machine with exact arithmetic,
// the heap's number cells holding values (number k an input of its own:
// Term.Inputs; any size or fraction) and the cells past them
// absent, for every combination of the slots' decisions that reads no
// absent cell, and returns the outcomes. They come in the order of the
// combinations' mixed-radix index with the first slot execution's
// decision varying fastest. The run is a depth-first search: the words
// before a slot run once for all the combinations that share them, and a
// decision that reads an absent cell is cut where it does.
//
// A pick (a slot of a distinct decoder) takes none of the alternatives the
// earlier picks of the combination took. When every alternative left to it
// reads an absent cell (three picks of a story with two numbers), the pick
// is empty: it takes the first of them, and only the combinations whose
// answer does not use that cell are run to the end (the sketch's "r
// alone").
func (m *Model) Outcomes(values []*big.Rat) ([]Outcome, error) {
	s, err := m.outcomes(values)
	if err != nil {
		return nil, err
	}
	return s.out, nil
}

// outcomes is Outcomes, with the search's other findings.
func (m *Model) outcomes(values []*big.Rat) (*search, error) {
	if len(values) > m.Layout.Cells {
		return nil, fmt.Errorf("%d numbers for %d cells", len(values), m.Layout.Cells)
	}
	w := &watch{Exact: symbolic.NewExact(), absent: map[int]bool{}}
	sz := m.Machine.Sizes
	sm, err := symbolic.New(m.Machine.Code, symbolic.Config{ValueSize: sz.V, StackSize: sz.L, HeapSize: sz.H, MaxSteps: len(m.Trace) + 1, Arith: w})
	if err != nil {
		return nil, err
	}
	for k := range m.Layout.Cells {
		if k < len(values) {
			sm.H[m.Layout.Num+k] = w.Input(values[k], reader.FormatRat(values[k]), k)
		} else {
			// an input of its own, so that a term computed from it says so
			h := w.Input(new(big.Rat), "_", k)
			w.absent[h] = true
			w.absentInputs |= 1 << k
			sm.H[m.Layout.Num+k] = h
		}
	}
	s := &search{m: m, w: w, picks: m.Picks()}
	// The cells the slots observe get handles of their own, so that a
	// write to one shows.
	for _, c := range m.observed {
		sm.H[c] = w.Const(new(big.Rat), fmt.Sprintf("H%d", c))
		s.marks = append(s.marks, sm.H[c])
	}
	if ok, err := s.toSlot(sm); err != nil || !ok {
		return s, err
	}
	if err := s.walk(sm, 0, 1); err != nil {
		return s, err
	}
	slices.SortFunc(s.out, func(a, b Outcome) int { return a.index - b.index })
	return s, nil
}

// watch is exact arithmetic that notes a read of an absent number's cell.
type watch struct {
	*symbolic.Exact
	absent       map[int]bool // the handles of the absent numbers
	absentInputs uint64       // their inputs (symbolic.Term.Inputs)
	read         bool
}

// Reduce implements symbolic.Arith: @ moves a heap cell to the stack.
func (w *watch) Reduce(c, width int) int {
	if w.absent[c] {
		w.read = true
	}
	return c
}

// search is one depth-first search of Outcomes.
type search struct {
	m       *Model
	w       *watch
	choices []int
	out     []Outcome
	marks   []int  // the handles the observed cells start with
	picks   []bool // the slot executions of a distinct decoder (Model.Picks)
	// written is set when a slot is reached with an observed cell
	// changed: the slot does not observe the initial heap.
	written bool
}

// toSlot runs sm to its next slot or to its end, and reports whether it
// read no absent cell.
func (s *search) toSlot(sm *symbolic.Machine) (bool, error) {
	s.w.read = false
	for !sm.Halted() && sm.Code.Instrs[sm.PC].Op != forth.OpSlot {
		if err := sm.Step(); err != nil {
			return false, err
		}
	}
	return !s.w.read, nil
}

// walk tries every decision of the slot sm stands at, and records the
// outcome of a halted machine: index is the mixed-radix index of the
// decisions so far, and weight that of the slot's.
func (s *search) walk(sm *symbolic.Machine, index, weight int) error {
	if sm.Halted() {
		if sm.D.Depth() == 0 {
			return errors.New("the sketch leaves no answer on the data stack")
		}
		if len(s.out) == maxOutcomes {
			return fmt.Errorf("%w (more than %d)", ErrTooMany, maxOutcomes)
		}
		c := sm.D.Cells[sm.D.Top]
		t := s.w.Term(c)
		if t.Inputs&s.w.absentInputs != 0 {
			return nil // the answer reads an empty pick's absent number
		}
		s.out = append(s.out, Outcome{Choices: slices.Clone(s.choices), Term: t, index: index, cell: c})
		return nil
	}
	for i, c := range s.m.observed {
		s.written = s.written || sm.H[c] != s.marks[i]
	}
	sc := &sm.Code.Slots[sm.Code.Instrs[sm.PC].Arg]
	n, err := s.m.Alternatives(sc)
	if err != nil {
		return err
	}
	free := sm.Untaken(sc) // a pick takes none of the earlier picks' alternatives
	ran := false
	for c := range n {
		if free != nil && !free[c] {
			continue
		}
		ok, err := s.try(sm, sc, c, index, weight, n, false)
		if err != nil {
			return err
		}
		ran = ran || ok
	}
	if ran || s.picks == nil || !s.picks[len(s.choices)] {
		return nil
	}
	// An empty pick: every alternative it may take reads an absent number
	// (a story with fewer numbers than the sketch picks). It takes the
	// first, and only the combinations whose answer does not use that
	// number count (walk's end).
	first := slices.Index(free, true)
	if first < 0 {
		return fmt.Errorf("slot %d: every alternative was picked before it", sc.Index)
	}
	_, err = s.try(sm, sc, first, index, weight, n, true)
	return err
}

// try runs decision c of the slot sm stands at on a copy of sm, and walks
// on when it reads no absent cell before the next slot (or absent is
// set: an empty pick); it reports whether it walked on.
func (s *search) try(sm *symbolic.Machine, sc *forth.SlotCode, c, index, weight, n int, absent bool) (bool, error) {
	mc := sm.Clone()
	d, err := s.m.Machine.Sizes.Decision(sc, []int{c})
	if err != nil {
		return false, err
	}
	mc.Decider = fixedDecision(d)
	s.w.read = false
	if err := mc.Step(); err != nil {
		return false, err
	}
	ok, err := s.toSlot(mc)
	if err != nil || !ok && !absent {
		return false, err
	}
	s.choices = append(s.choices, c)
	err = s.walk(mc, index+c*weight, weight*n)
	s.choices = s.choices[:len(s.choices)-1]
	return true, err
}

// Picks reports, for each slot execution on the trace (Execs), whether
// its slot is of a distinct decoder (pick): its decision takes none of
// the alternatives the earlier picks took. It is nil when none is.
func (m *Model) Picks() []bool {
	var picks []bool
	for i, slot := range m.Execs {
		if forth.Decoders[m.Machine.Code.Slots[slot].Dec.Kind].Distinct {
			if picks == nil {
				picks = make([]bool, len(m.Execs))
			}
			picks[i] = true
		}
	}
	return picks
}

// Alternatives is the number of decisions of a slot: a choose slot's
// alternatives, a permute slot's permutations. A manipulate slot writes
// values, whose combinations are not run: an error.
func (m *Model) Alternatives(sc *forth.SlotCode) (int, error) {
	width, group, err := m.Machine.Sizes.Outputs(sc)
	if err != nil {
		return 0, err
	}
	if width != group {
		return 0, fmt.Errorf("slot %d is a %s slot: its decisions write values, which an exact answer cannot run", sc.Index, sc.Dec.Kind)
	}
	return width, nil
}

// fixedDecision decides a slot with one decision.
type fixedDecision symbolic.Decision

// Decide implements symbolic.Decider.
func (d fixedDecision) Decide(*forth.SlotCode, *symbolic.Machine) (symbolic.Decision, error) {
	return symbolic.Decision(d), nil
}

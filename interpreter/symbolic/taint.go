package symbolic

import (
	"errors"
	"fmt"

	"github.com/d4lang/d4/interpreter/forth"
)

// ErrDynamicControl reports that a conditional jump, a return or a stack
// pointer depends on what a slot decides (or on a learned input): the
// program counter's path cannot be fixed before training.
var ErrDynamicControl = errors.New("control flow depends on a slot")

// taint marks, for every cell of the state, whether its value may depend
// on a slot's decision or on a learned input. It follows the machine step
// by step: exactly for the words that move values (DUP SWAP OVER >R R> …),
// conservatively for those that compute them (a result is tainted when any
// operand is).
type taint struct {
	d, r, h []bool
}

// StaticTrace runs code on init with the decider's decisions and returns
// the address executed at each step, as long as no control decision
// depends on a slot: every conditional jump pops an untainted value, every
// return pops an untainted address, and every slot's alternatives move the
// stack pointers alike. Otherwise it returns an error wrapping
// ErrDynamicControl that names the word. Heap cells marked in learned
// start tainted (inputs computed by a network, such as the reader's).
// The trace is then the same for every decision, so ∂4 can execute exactly
// the words on it. With an ErrDynamicControl error, the returned addresses
// are the prefix of the path executed before the word whose control is
// dynamic: a static prefix that every decision shares.
func StaticTrace(code *forth.Code, cfg Config, init []int, d Decider, learned []bool) ([]int, error) {
	a, err := Analyze(code, cfg, init, d, learned)
	return a.Trace, err
}

// Analysis is what Analyze finds out about a run.
type Analysis struct {
	// Trace is the address executed at each step (see StaticTrace).
	Trace []int
	// Observing lists the slots, in the order they first do so, that
	// observe an element that may depend on a learned input or on an
	// earlier slot's decision when they run.
	Observing []int
}

// Analyze runs code as StaticTrace does and also records which slots
// observe tainted elements. A slot that observes none decides from the
// untainted state alone: with the learned inputs replaced by anything, its
// network sees the same values.
func Analyze(code *forth.Code, cfg Config, init []int, d Decider, learned []bool) (Analysis, error) {
	cfg.OnStep = nil
	cfg.Arith = nil
	var a Analysis
	m, err := New(code, cfg)
	if err != nil {
		return a, err
	}
	m.Decider = d
	if err := m.Push(init...); err != nil {
		return a, err
	}
	tt := taint{d: make([]bool, len(m.D.Cells)), r: make([]bool, len(m.R.Cells)), h: make([]bool, len(m.H))}
	copy(tt.h, learned)
	seen := map[int]bool{}
	for !m.Halted() {
		if m.Steps >= m.Cfg.MaxSteps {
			return Analysis{}, fmt.Errorf("%w (%d steps)", ErrNoHalt, m.Cfg.MaxSteps)
		}
		pc := m.PC
		in := m.Code.Instrs[pc]
		if in.Op == forth.OpSlot && !seen[in.Arg] && m.observesTaint(&tt, &m.Code.Slots[in.Arg]) {
			seen[in.Arg] = true
			a.Observing = append(a.Observing, in.Arg)
		}
		if err := m.propagate(&tt, in); err != nil {
			return a, fmt.Errorf("%s: %s: %w", in.Pos, in.Text, err)
		}
		if err := m.Step(); err != nil {
			return Analysis{}, err
		}
		a.Trace = append(a.Trace, pc)
	}
	return a, nil
}

// observesTaint reports whether a slot observes a tainted element.
func (m *Machine) observesTaint(tt *taint, s *forth.SlotCode) bool {
	for _, e := range s.Enc.Observe {
		st, i, err := m.cell(e)
		if err != nil {
			return true
		}
		switch {
		case st == nil && tt.h[i], st == &m.R && tt.r[i], st == &m.D && tt.d[i]:
			return true
		}
	}
	return false
}

// propagate updates the taints for the instruction about to run.
func (m *Machine) propagate(tt *taint, in forth.Instr) error {
	switch in.Op {
	case forth.OpLit:
		tt.d[m.D.at(1)] = false
	case forth.OpPrim:
		m.taintPrim(tt, in.Prim)
	case forth.OpJumpZ:
		if tt.d[m.D.Top] {
			return fmt.Errorf("%w: the condition comes from a slot", ErrDynamicControl)
		}
	case forth.OpCall:
		tt.r[m.R.at(1)] = false
	case forth.OpExit:
		if tt.r[m.R.Top] {
			return fmt.Errorf("%w: the return address comes from a slot", ErrDynamicControl)
		}
	case forth.OpSlot:
		return m.taintSlot(tt, &m.Code.Slots[in.Arg])
	}
	return nil
}

func (m *Machine) taintPrim(tt *taint, p forth.Prim) {
	d, r := m.D.at, m.R.at
	switch p {
	case forth.Dup:
		tt.d[d(1)] = tt.d[d(0)]
	case forth.Swap:
		tt.d[d(0)], tt.d[d(-1)] = tt.d[d(-1)], tt.d[d(0)]
	case forth.Over:
		tt.d[d(1)] = tt.d[d(-1)]
	case forth.Add, forth.Sub, forth.Mul, forth.Div, forth.Gt, forth.Lt, forth.Eq:
		tt.d[d(-1)] = tt.d[d(-1)] || tt.d[d(0)]
	case forth.Fetch:
		a := m.D.Cells[m.D.Top] % len(m.H)
		tt.d[d(0)] = tt.d[d(0)] || tt.h[a]
	case forth.Store:
		a := m.D.Cells[m.D.Top] % len(m.H)
		if tt.d[d(0)] { // which cell is written depends on a slot
			for i := range tt.h {
				tt.h[i] = true
			}
		} else {
			tt.h[a] = tt.d[d(-1)]
		}
	case forth.ToR:
		tt.r[r(1)] = tt.d[d(0)]
	case forth.RFrom, forth.RFetch:
		tt.d[d(1)] = tt.r[r(0)]
	}
}

// taintSlot marks what a slot may change. A choose whose alternatives move
// a stack pointer differently, or call, makes the control flow dynamic.
func (m *Machine) taintSlot(tt *taint, s *forth.SlotCode) error {
	switch s.Dec.Kind {
	case forth.Choose:
		dNet, rNet, dMax, rMax := 0, 0, 0, 0
		for i, in := range s.Choices {
			var dIn, dOut, rIn, rOut int
			switch in.Op {
			case forth.OpLit:
				dOut = 1
			case forth.OpPrim:
				dIn, dOut, rIn, rOut = in.Prim.Effect()
			default:
				return fmt.Errorf("%w: a chosen word is a call", ErrDynamicControl)
			}
			if i > 0 && (dOut-dIn != dNet || rOut-rIn != rNet) {
				return fmt.Errorf("%w: the alternatives move the stack pointers differently", ErrDynamicControl)
			}
			dNet, rNet = dOut-dIn, rOut-rIn
			dMax, rMax = max(dMax, dIn, dOut), max(rMax, rIn, rOut)
			if in.Op == forth.OpPrim && in.Prim == forth.Store {
				for j := range tt.h {
					tt.h[j] = true
				}
			}
		}
		// The cells any alternative may write: the top ones after the step.
		for k := 0; k < dMax; k++ {
			tt.d[m.D.at(dNet-k)] = true
		}
		for k := 0; k < rMax; k++ {
			tt.r[m.R.at(rNet-k)] = true
		}
	default: // permute and manipulate write their elements
		for _, e := range s.Dec.Elems {
			st, i, err := m.cell(e)
			if err != nil {
				return err
			}
			switch {
			case st == nil:
				tt.h[i] = true
			case st == &m.R:
				tt.r[i] = true
			default:
				tt.d[i] = true
			}
		}
	}
	return nil
}

// FirstChoice decides every slot with its first alternative, the identity
// permutation or zeros. With StaticTrace it yields the path of a sketch
// whose control flow does not depend on its slots.
type FirstChoice struct{}

// Decide implements Decider.
func (FirstChoice) Decide(s *forth.SlotCode, m *Machine) (Decision, error) {
	perm := make([]int, len(s.Dec.Elems))
	for i := range perm {
		perm[i] = i
	}
	return Decision{Perm: perm, Values: make([]int, len(s.Dec.Elems))}, nil
}

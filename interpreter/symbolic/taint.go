package symbolic

import (
	"errors"
	"fmt"
	"slices"

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
	dStack, rStack, heap []bool
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
	tt := taint{dStack: make([]bool, len(m.D.Cells)), rStack: make([]bool, len(m.R.Cells)), heap: make([]bool, len(m.H))}
	copy(tt.heap, learned)
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
		case st == nil && tt.heap[i], st == &m.R && tt.rStack[i], st == &m.D && tt.dStack[i]:
			return true
		}
	}
	return false
}

// propagate updates the taints for the instruction about to run.
func (m *Machine) propagate(tt *taint, in forth.Instr) error {
	switch in.Op {
	case forth.OpLit:
		tt.dStack[m.D.at(1)] = false
	case forth.OpPrim:
		return m.taintPrim(tt, in.Prim)
	case forth.OpJumpZ:
		if tt.dStack[m.D.Top] {
			return fmt.Errorf("%w: the condition comes from a slot", ErrDynamicControl)
		}
	case forth.OpCall:
		tt.rStack[m.R.at(1)] = false
	case forth.OpExit:
		if tt.rStack[m.R.Top] {
			return fmt.Errorf("%w: the return address comes from a slot", ErrDynamicControl)
		}
	case forth.OpSlot:
		return m.taintSlot(tt, &m.Code.Slots[in.Arg])
	}
	return nil
}

// taintPrim marks what primitive word p changes, as forth.Prims describes
// it: a copied value keeps its taint, a computed one is tainted when an
// operand is (constants are not), a value loaded from the heap when its
// address or the cell is, and a heap write at a tainted address taints the
// whole heap.
func (m *Machine) taintPrim(tt *taint, p forth.Prim) error {
	w, err := p.Def()
	if err != nil {
		return err
	}
	var ops [forth.MaxOperands]int // the popped values
	var in [forth.MaxOperands]bool // the taint of each operand
	for i := range w.DIn {
		c := m.D.at(i + 1 - w.DIn)
		ops[i], in[i] = m.D.Cells[c], tt.dStack[c]
	}
	for i := range w.RIn {
		c := m.R.at(i + 1 - w.RIn)
		ops[w.DIn+i], in[w.DIn+i] = m.R.Cells[c], tt.rStack[c]
	}
	var dOut, rOut [forth.MaxPush]bool
	for i := range w.Push {
		dOut[i] = m.resultTaint(tt, &w.Push[i], &in, &ops)
	}
	for i := range w.RPush {
		rOut[i] = m.resultTaint(tt, &w.RPush[i], &in, &ops)
	}
	if hw := w.Write; hw != nil {
		if in[hw.Addr] { // which cell is written depends on a slot
			for i := range tt.heap {
				tt.heap[i] = true
			}
		} else {
			tt.heap[forth.Mod(ops[hw.Addr], len(m.H))] = in[hw.Value]
		}
	}
	for i := range w.Push {
		tt.dStack[m.D.at(i+1-w.DIn)] = dOut[i]
	}
	for i := range w.RPush {
		tt.rStack[m.R.at(i+1-w.RIn)] = rOut[i]
	}
	return nil
}

// resultTaint tells whether a result may depend on a slot, given the
// operands' taints in and values ops.
func (m *Machine) resultTaint(tt *taint, r *forth.Result, in *[forth.MaxOperands]bool, ops *[forth.MaxOperands]int) bool {
	switch r.Kind {
	case forth.CopyOperand:
		return in[r.X]
	case forth.LoadHeap:
		return in[r.X] || tt.heap[forth.Mod(ops[r.X], len(m.H))]
	}
	return in[r.X] || in[r.Y]
}

// taintSlot marks what a slot may change: the elements a decoder with
// elements writes, or what any alternative of one with alternatives may
// change (taintChoice).
func (m *Machine) taintSlot(tt *taint, s *forth.SlotCode) error {
	d, err := s.Dec.Kind.Def()
	if err != nil {
		return err
	}
	if d.Args == forth.Alternatives {
		return m.taintChoice(tt, s)
	}
	for _, e := range s.Dec.Elems {
		st, i, err := m.cell(e)
		if err != nil {
			return err
		}
		switch {
		case st == nil:
			tt.heap[i] = true
		case st == &m.R:
			tt.rStack[i] = true
		default:
			tt.dStack[i] = true
		}
	}
	return nil
}

// taintChoice marks what any alternative of a slot may change. Alternatives
// that move a stack pointer differently, or call, make the control flow
// dynamic.
func (m *Machine) taintChoice(tt *taint, s *forth.SlotCode) error {
	dNet, rNet, dMax, rMax := 0, 0, 0, 0
	for i, in := range s.Choices {
		var dIn, dOut, rIn, rOut int
		switch in.Op {
		case forth.OpLit:
			dOut = 1
		case forth.OpPrim:
			w, err := in.Prim.Def()
			if err != nil {
				return err
			}
			dIn, dOut, rIn, rOut = in.Prim.Effect()
			if w.Write != nil {
				for j := range tt.heap {
					tt.heap[j] = true
				}
			}
		default:
			return fmt.Errorf("%w: a chosen word is a call", ErrDynamicControl)
		}
		if i > 0 && (dOut-dIn != dNet || rOut-rIn != rNet) {
			return fmt.Errorf("%w: the alternatives move the stack pointers differently", ErrDynamicControl)
		}
		dNet, rNet = dOut-dIn, rOut-rIn
		dMax, rMax = max(dMax, dIn, dOut), max(rMax, rIn, rOut)
	}
	// The cells any alternative may write: the top ones after the step.
	for k := 0; k < dMax; k++ {
		tt.dStack[m.D.at(dNet-k)] = true
	}
	for k := 0; k < rMax; k++ {
		tt.rStack[m.R.at(rNet-k)] = true
	}
	return nil
}

// FirstChoice decides every slot with its first alternative it may take
// (Machine.Untaken: a pick's first alternative no earlier pick took), the
// identity permutation or zeros. With StaticTrace it yields the path of a
// sketch whose control flow does not depend on its slots.
type FirstChoice struct{}

// Decide implements Decider.
func (FirstChoice) Decide(s *forth.SlotCode, m *Machine) (Decision, error) {
	perm := make([]int, len(s.Dec.Elems))
	for i := range perm {
		perm[i] = i
	}
	choice := 0
	if free := m.Untaken(s); free != nil {
		choice = slices.Index(free, true)
		if choice < 0 {
			return Decision{}, runtimeError(fmt.Sprintf("slot %d: every alternative was picked before it", s.Index))
		}
	}
	return Decision{Choice: choice, Perm: perm, Values: make([]int, len(s.Dec.Elems))}, nil
}

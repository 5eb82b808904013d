package tasks

import (
	"slices"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// A snapshot is ∂4's soft run of one example at one stage of training,
// recorded step by step: the program counter, the slots' outputs where
// they run, and the final data stack. Package figures draws the stages of
// a run side by side (figures.TracePNG).

// TraceStage is ∂4's soft run of one example at one stage of training.
type TraceStage struct {
	Caption string // the stage, e.g. "before training"
	// PC is the program counter before the first step and after each step:
	// steps+1 rows, each a distribution over the compiled instructions.
	PC [][]float64
	// Visits are the slots' outputs at every step where a slot holds
	// program-counter mass, in order.
	Visits []SlotVisit
	// Stack is the final data stack, one distribution over the values per
	// cell, bottom first (every cell of the machine's stack); Depth is the
	// number of values on it by the argmax of its pointer.
	Stack [][]float64
	Depth int
}

// SlotVisit is a slot's output at one step: for choose, a distribution
// over its alternatives; for permute, over the permutations
// (d4.Permutations); for manipulate, one distribution over the values per
// written element, concatenated.
type SlotVisit struct {
	Step int // the program counter's row in TraceStage.PC
	Slot int
	Mass float64 // the program-counter mass on the slot
	Out  []float64
}

// Snapshot runs the soft machine (no discretisation) with the current
// weights on one input for the given number of steps and records the
// stage.
func (r *D4Run) Snapshot(input []int, steps int, caption string) (TraceStage, error) {
	st := TraceStage{Caption: caption}
	sh, err := r.Measure(input)
	if err != nil {
		return st, err
	}
	m, err := r.Model.Resized(sh.StackSize())
	if err != nil {
		return st, err
	}
	x, err := m.Sizes.InitialState(input)
	if err != nil {
		return st, err
	}
	for t := 0; ; t++ {
		st.PC = append(st.PC, slices.Clone(m.Sizes.Unpack(x).C))
		if t == steps {
			break
		}
		watch := func(slot int, mass float64, out []float64) {
			st.Visits = append(st.Visits, SlotVisit{Step: t, Slot: slot, Mass: mass, Out: slices.Clone(out)})
		}
		if x, _, err = m.RunWatch(x, 1, false, watch); err != nil {
			return st, err
		}
	}
	s := m.Sizes.Unpack(x)
	for i := 0; i < s.L; i++ {
		st.Stack = append(st.Stack, slices.Clone(s.D[i*s.V:(i+1)*s.V]))
	}
	st.Depth = (mathx.Argmax(s.DPtr()) + 1) % s.L
	return st, nil
}

// PCTrace runs the soft machine (no discretisation) on one input for the
// given number of steps and returns the program counter after each step
// (steps+1 rows × program length, the first row the start).
func (r *D4Run) PCTrace(input []int, steps int) ([][]float64, error) {
	st, err := r.Snapshot(input, steps, "")
	return st.PC, err
}

// RightDecisions returns, for each step at which a slot runs when the
// task's sketches decide right (their oracles, which Measure uses), the
// indices of the right outputs in that slot's SlotVisit.Out. It returns
// nil for a sketch the task does not know.
func (r *D4Run) RightDecisions(input []int) (map[int][]int, error) {
	if !r.known {
		return nil, nil
	}
	sh, err := r.Measure(input)
	if err != nil {
		return nil, err
	}
	m, err := symbolic.New(r.Code, symbolic.Config{ValueSize: r.V, StackSize: sh.StackSize(), MaxSteps: sh.Steps + 1})
	if err != nil {
		return nil, err
	}
	rec := &recordingOracle{oracle: r.oracle, sizes: r.Model.Sizes, right: map[int][]int{}}
	m.Decider = rec
	if err := m.Push(input...); err != nil {
		return nil, err
	}
	return rec.right, m.Run()
}

// recordingOracle decides as its oracle does and records each decision as the
// indices of the right outputs of the slot's network.
type recordingOracle struct {
	oracle Oracle
	sizes  d4.Sizes
	right  map[int][]int
}

// Decide implements symbolic.Decider.
func (o *recordingOracle) Decide(s *forth.SlotCode, m *symbolic.Machine) (symbolic.Decision, error) {
	d := o.oracle(s, m)
	idx, err := o.sizes.DecisionIndex(s, d)
	if err != nil {
		return d, err
	}
	_, group, err := o.sizes.Outputs(s)
	if err != nil {
		return d, err
	}
	for j := range idx {
		idx[j] += j * group
	}
	o.right[m.Steps] = idx
	return d, nil
}

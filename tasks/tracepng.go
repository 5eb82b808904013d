package tasks

import (
	"fmt"
	"slices"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// A trace figure follows one example through ∂4's soft machine at a few
// stages of training (the paper's appendix figure of program-counter
// traces). D4Run.Snapshot records a stage; TracePNG draws the stages side
// by side. When the control flow depends on the slots (Permute), the
// program counter is what learning changes, and each stage's panel is the
// program counter as a heat map: the compiled words top to bottom, the
// steps left to right. When it does not (Compare, Choose, Manipulate), the
// program counter is the same at every stage; it is drawn once, and each
// stage's panel shows instead what changes: the slots' decisions at the
// steps where they run. Every panel also shows the final data stack, with
// the target outlined, so that learning is visible either way.

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
	sh, err := Measure(r.Code, r.sketchName, r.V, input)
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
	st.Depth = (argmaxOf(s.DPtr()) + 1) % s.L
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
// paper's sketches decide right (the oracle that Measure uses), the
// indices of the right outputs in that slot's SlotVisit.Out. It returns
// nil for a sketch the oracle does not know.
func (r *D4Run) RightDecisions(input []int) (map[int][]int, error) {
	switch r.sketchName {
	case "sort_compare", "sort_permute", "add_choose", "add_manipulate":
	default:
		return nil, nil
	}
	sh, err := Measure(r.Code, r.sketchName, r.V, input)
	if err != nil {
		return nil, err
	}
	m, err := symbolic.New(r.Code, symbolic.Config{ValueSize: r.V, StackSize: sh.StackSize(), MaxSteps: sh.Steps + 1})
	if err != nil {
		return nil, err
	}
	rec := &recordingOracle{Oracle: Oracle{Sketch: r.sketchName}, v: r.V, right: map[int][]int{}}
	m.Decider = rec
	if err := m.Push(input...); err != nil {
		return nil, err
	}
	return rec.right, m.Run()
}

// recordingOracle decides as Oracle does and records each decision as the
// indices of the right outputs of the slot's network.
type recordingOracle struct {
	Oracle
	v     int
	right map[int][]int
}

func (o *recordingOracle) Decide(s *forth.SlotCode, m *symbolic.Machine) (symbolic.Decision, error) {
	d, err := o.Oracle.Decide(s, m)
	if err != nil {
		return d, err
	}
	var idx []int
	switch s.Dec.Kind {
	case forth.Choose:
		idx = []int{d.Choice}
	case forth.Permute:
		idx = []int{slices.IndexFunc(d4.Permutations(len(d.Perm)), func(p []int) bool { return slices.Equal(p, d.Perm) })}
	case forth.Manipulate:
		for j, v := range d.Values {
			idx = append(idx, j*o.v+forth.Mod(v, o.v))
		}
	}
	o.right[m.Steps] = idx
	return d, nil
}

// argmaxOf is the index of the largest value of x (0 if that is NaN).
func argmaxOf(x []float64) int { return max(slices.Index(x, slices.Max(x)), 0) }

// TraceFigure is what TracePNG draws: one example's run at each stage.
type TraceFigure struct {
	Title string      // the figure's title
	Code  *forth.Code // the compiled sketch (its words name the rows)
	Input []int       // the example's initial data stack, bottom first
	// Target is the expected final data stack, bottom first; Right (from
	// RightDecisions, may be nil) the right decisions. Both are outlined.
	Target []int
	Right  map[int][]int
	Stages []TraceStage
}

// TracePNG draws a trace figure as a PNG image: a title, a colour scale of
// probability (program-counter mass is one too), and one captioned panel
// per stage, each holding the program counter (or, when it is the same at
// every stage, the slots' decisions, beside one panel of the program
// counter) above the final data stack. An empty figure or stages of
// different shapes are an error.
func TracePNG(f TraceFigure) ([]byte, error) {
	lay, err := traceLayout(f)
	if err != nil {
		return nil, err
	}
	return lay.png()
}

// check reports what makes a figure impossible to draw.
func (f TraceFigure) check() error {
	if f.Code == nil || f.Code.Len() == 0 {
		return fmt.Errorf("trace figure: no compiled code to name the rows")
	}
	if len(f.Stages) == 0 {
		return fmt.Errorf("trace figure: no trace to draw")
	}
	first := f.Stages[0]
	if len(first.PC) == 0 || len(first.Stack) == 0 {
		return fmt.Errorf("trace figure: stage %q has no steps or no final data stack", first.Caption)
	}
	for _, st := range f.Stages {
		if len(st.PC) != len(first.PC) {
			return fmt.Errorf("trace figure: stage %q has %d steps, stage %q %d", st.Caption, len(st.PC), first.Caption, len(first.PC))
		}
		for _, row := range st.PC {
			if len(row) != f.Code.Len() {
				return fmt.Errorf("trace figure: stage %q has a program counter over %d instructions, the code has %d", st.Caption, len(row), f.Code.Len())
			}
		}
		if err := st.checkStack(len(first.Stack[0])); err != nil {
			return err
		}
	}
	return nil
}

// checkStack reports a final stack whose cells do not all hold v values.
func (st TraceStage) checkStack(v int) error {
	if len(st.Stack) == 0 {
		return fmt.Errorf("trace figure: stage %q has no final data stack", st.Caption)
	}
	for _, cell := range st.Stack {
		if len(cell) != v || v == 0 {
			return fmt.Errorf("trace figure: stage %q has data-stack cells of %d values, the first stage %d", st.Caption, len(cell), v)
		}
	}
	if st.Depth < 0 || st.Depth > len(st.Stack) {
		return fmt.Errorf("trace figure: stage %q has a stack depth %d outside its %d cells", st.Caption, st.Depth, len(st.Stack))
	}
	return nil
}

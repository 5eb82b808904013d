package tasks

import (
	"fmt"
	"math/rand"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/sketches"
)

// Task is one of the paper's algorithmic tasks as the harness runs it: how
// its examples are drawn, the paper's split sizes and training settings,
// and the sketches it knows by name. Packages sorting and addition define
// the two of the paper.
type Task struct {
	// Name names the task on the command line and in the records of its
	// datasets (dataset.json) and models (meta "task"): "sort", "add".
	Name string
	// Title is the task's name in prose and figures: "sort", "addition".
	Title string
	// Unit is what Generate's lengths count: "values", "digit pairs".
	Unit string
	// PaperUnit is how many of the paper's length units make one of
	// Generate's: 1 for sorting (values), 2 for addition (the paper counts
	// input digits, two a digit pair).
	PaperUnit int
	// Example draws one example of length n (in Generate's units).
	Example func(rng *rand.Rand, n int) data.Example
	// Sizes are the paper's split sizes.
	Sizes Sizes
	// Options are the task's training settings.
	Options D4Options
	// Sketches are the paper's sketches of the task.
	Sketches []Sketch
}

// Sketch is one of a task's sketches: the name the command line gives it,
// the embedded sketch it stands for, its title in figures, and the oracle
// that decides its slots right.
type Sketch struct {
	Name  string // on the command line: "compare"
	File  string // the embedded sketch (package sketches): "sort_compare"
	Title string // in figures: "Compare"
	// Oracle decides the slots as a right run does. It only measures runs
	// (the step budget T of the execution RNN, the stack size, the right
	// decisions a figure outlines), never trains.
	Oracle Oracle
}

// Oracle decides a sketch's slots from the machine's state; it is a
// symbolic.Decider that never fails.
type Oracle func(s *forth.SlotCode, m *symbolic.Machine) symbolic.Decision

// Decide implements symbolic.Decider.
func (o Oracle) Decide(s *forth.SlotCode, m *symbolic.Machine) (symbolic.Decision, error) {
	return o(s, m), nil
}

// FirstAlternative decides a slot by its first alternative: the first
// word, the identity permutation, zeros. It is the oracle of a user's
// sketch, exact when the sketch's control flow does not depend on its
// slots.
func FirstAlternative(s *forth.SlotCode, _ *symbolic.Machine) symbolic.Decision {
	perm := make([]int, len(s.Dec.Elems))
	for i := range perm {
		perm[i] = i
	}
	return symbolic.Decision{Perm: perm, Values: make([]int, len(s.Dec.Elems))}
}

// Cell is the value of a stack or heap cell as a slot observes it (space
// 'D', 'R' or 'H'; 0 when the cell is out of range): what an oracle reads.
func Cell(m *symbolic.Machine, space byte, i int) int {
	x, _ := m.Elem(forth.Elem{Space: space, Index: i})
	return x
}

// Sketch returns the task's sketch that name stands for, by its name on
// the command line or its embedded file; ok is false for any other name
// (a user's sketch).
func (t Task) Sketch(name string) (s Sketch, ok bool) {
	for _, s := range t.Sketches {
		if name == s.Name || name == s.File {
			return s, true
		}
	}
	return Sketch{}, false
}

// SketchFile maps a sketch name of the command line to the embedded
// sketch; any other name is a path to a user's sketch (or another embedded
// sketch) and is returned as it is.
func (t Task) SketchFile(name string) string {
	if s, ok := t.Sketch(name); ok && name == s.Name {
		return s.File
	}
	return name
}

// SketchTitle is a sketch's name in a figure: the task's sketches by their
// titles (Compare, Permute, Choose, Manipulate), a user's as given.
func (t Task) SketchTitle(name string) string {
	if s, ok := t.Sketch(name); ok && name == s.Name {
		return s.Title
	}
	return name
}

// OracleOf is the oracle of the named sketch: the task's, or
// FirstAlternative for a user's sketch (known is then false).
func (t Task) OracleOf(name string) (o Oracle, known bool) {
	if s, ok := t.Sketch(name); ok {
		return s.Oracle, true
	}
	return FirstAlternative, false
}

// LoadSketch reads and compiles the named sketch (see SketchFile).
func (t Task) LoadSketch(name string) (file, src string, code *forth.Code, err error) {
	file, src, err = sketches.Load(t.SketchFile(name))
	if err != nil {
		return "", "", nil, err
	}
	code, err = forth.ParseAndCompile(file, src)
	return file, src, code, err
}

// Units converts a length as the paper counts it to Generate's units.
func (t Task) Units(paperLen int) int { return paperLen / max(t.PaperUnit, 1) }

// ValueSize is the value size for a task: it must hold the digits and the
// largest counter the sketch will see, and it is shared by training and
// testing because the slots' inputs depend on it.
func ValueSize(trainLen, testLen int) int {
	return max(10, trainLen+2, testLen+2)
}

// Shape is what running a sketch on an input takes: steps, and the deepest
// data and return stacks.
type Shape struct {
	Steps, MaxD, MaxR int
	Path              []int // the address executed at each step
}

// maxMeasureSteps bounds the run that Measure makes.
const maxMeasureSteps = 1 << 24

// Measure runs the sketch on input with the oracle's decisions and returns
// its shape.
func Measure(code *forth.Code, oracle symbolic.Decider, v int, input []int) (Shape, error) {
	return measure(code, oracle, v, input, maxMeasureSteps)
}

// measure is Measure within a budget of maxSteps steps.
func measure(code *forth.Code, oracle symbolic.Decider, v int, input []int, maxSteps int) (Shape, error) {
	l := 4*len(input) + 16
	var sh Shape
	cfg := symbolic.Config{ValueSize: v, StackSize: l, MaxSteps: maxSteps, Strict: true}
	var m *symbolic.Machine
	cfg.OnStep = func(st symbolic.Step) {
		sh.Path = append(sh.Path, st.PC)
		sh.MaxD = max(sh.MaxD, m.D.Depth())
		sh.MaxR = max(sh.MaxR, m.R.Depth())
	}
	m, err := symbolic.New(code, cfg)
	if err != nil {
		return sh, err
	}
	m.Decider = oracle
	if err := m.Push(input...); err != nil {
		return sh, err
	}
	sh.MaxD = len(input)
	if err := m.Run(); err != nil {
		return sh, fmt.Errorf("measuring the sketch on an input of length %d: %w", len(input), err)
	}
	sh.Steps = m.Steps
	return sh, nil
}

// StackSize is the stack size that holds a run of this shape, with room
// to spare (a stack of l cells holds l−1 values).
func (s Shape) StackSize() int { return max(s.MaxD, s.MaxR) + 3 }

package tasks

import (
	"fmt"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/sketches"
)

// SketchFile maps the sketch names of the command line to the embedded
// sketches; any other name is a path to a user's sketch.
func SketchFile(task, name string) string {
	switch task + "/" + name {
	case "sort/permute":
		return "sort_permute"
	case "sort/compare":
		return "sort_compare"
	case "add/choose":
		return "add_choose"
	case "add/manipulate":
		return "add_manipulate"
	}
	return name
}

// LoadSketch reads and compiles a task's sketch.
func LoadSketch(task, name string) (file, src string, code *forth.Code, err error) {
	file, src, err = sketches.Load(SketchFile(task, name))
	if err != nil {
		return "", "", nil, err
	}
	code, err = forth.ParseAndCompile(file, src)
	return file, src, code, err
}

// ValueSize is the value size for a task: it must hold the digits and the
// largest counter the sketch will see, and it is shared by training and
// testing because the slots' inputs depend on it.
func ValueSize(trainLen, testLen int) int {
	return max(10, trainLen+2, testLen+2)
}

// Oracle decides the paper's sketches' slots correctly. It is used only to
// count the steps a sketch takes on an input (the step budget T of the
// execution RNN), never for training.
type Oracle struct{ Sketch string }

// Decide implements symbolic.Decider.
func (o Oracle) Decide(s *forth.SlotCode, m *symbolic.Machine) (symbolic.Decision, error) {
	el := func(space byte, i int) int {
		x, _ := m.Elem(forth.Elem{Space: space, Index: i})
		return x
	}
	switch o.Sketch {
	case "sort_compare":
		if el('D', -1) < el('D', 0) {
			return symbolic.Decision{Choice: 1}, nil
		}
		return symbolic.Decision{Choice: 0}, nil
	case "sort_permute":
		// permute D-1 D0 R0: the larger value stays on the data stack for
		// the next comparison, the counter goes on top, the smaller to R.
		if el('D', 0) > el('D', -1) {
			return symbolic.Decision{Perm: []int{1, 2, 0}}, nil
		}
		return symbolic.Decision{Perm: []int{0, 2, 1}}, nil
	case "add_choose":
		if s.Index == 0 {
			return symbolic.Decision{Choice: (el('D', 0) + el('D', -1) + el('D', -2)) / 10}, nil
		}
		return symbolic.Decision{Choice: (el('D', -1) + el('D', -2) + el('D', -3)) % 10}, nil
	case "add_manipulate":
		sum := el('D', 0) + el('D', -1) + el('D', -2)
		return symbolic.Decision{Values: []int{sum % 10, sum / 10}}, nil
	}
	// A user's sketch: the first alternative, the identity, zeros. Exact
	// when the sketch's control flow does not depend on its slots.
	perm := make([]int, len(s.Dec.Elems))
	for i := range perm {
		perm[i] = i
	}
	return symbolic.Decision{Perm: perm, Values: make([]int, len(s.Dec.Elems))}, nil
}

// Shape is what running a sketch on an input takes: steps, and the deepest
// data and return stacks.
type Shape struct {
	Steps, MaxD, MaxR int
	Path              []int // the address executed at each step
}

// Measure runs the sketch on input with the oracle's decisions and returns
// its shape.
func Measure(code *forth.Code, sketch string, v int, input []int) (Shape, error) {
	l := 4*len(input) + 16
	var sh Shape
	cfg := symbolic.Config{ValueSize: v, StackSize: l, MaxSteps: 1 << 24, Strict: true}
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
	m.Decider = Oracle{Sketch: sketch}
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

package learn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// maxMeasureSteps bounds the symbolic runs that find the step budget.
const maxMeasureSteps = 1 << 22

// Budget is what training a sketch on a set of inputs takes: the steps T of
// the execution RNN, the path of the longest run (for the paper's block
// optimisation), the stack size, and whether the control flow is static
// (it does not depend on the slots, so every run follows one path that a
// symbolic run finds).
type Budget struct {
	Steps     int
	Path      []int
	StackSize int
	Static    bool
}

// shape is one symbolic run: its path and the deepest stacks.
type shape struct {
	path       []int
	maxD, maxR int
}

// measure runs code on input with the slots decided by d (non-strict, on
// generous stacks) and returns its shape; a run that does not halt within
// maxSteps is an error wrapping symbolic.ErrNoHalt.
func measure(code *forth.Code, v, h int, input []int, d symbolic.Decider, maxSteps int) (shape, error) {
	m, err := symbolic.New(code, symbolic.Config{ValueSize: v, StackSize: 4*len(input) + 16, HeapSize: h, MaxSteps: maxSteps})
	if err != nil {
		return shape{}, err
	}
	m.Decider = d
	if err := m.Push(input...); err != nil {
		return shape{}, err
	}
	return walk(m)
}

// walk runs a machine to the halt, recording its path and the deepest
// stacks (without the cost of symbolic.Config.OnStep's step records).
func walk(m *symbolic.Machine) (shape, error) {
	sh := shape{maxD: m.D.Depth(), maxR: m.R.Depth()}
	for !m.Halted() {
		if m.Steps >= m.Cfg.MaxSteps {
			return sh, fmt.Errorf("%w (%d steps)", symbolic.ErrNoHalt, m.Cfg.MaxSteps)
		}
		pc := m.PC
		if err := m.Step(); err != nil {
			return sh, err
		}
		sh.path = append(sh.path, pc)
		sh.maxD, sh.maxR = max(sh.maxD, m.D.Depth()), max(sh.maxR, m.R.Depth())
	}
	return sh, nil
}

// FindBudget measures the sketch on every distinct input (rows name where
// each came from, for errors). The control flow is static when
// symbolic.StaticTrace finds a path on every input; T is then the longest
// path. Otherwise T starts as the longest run with every slot taking its
// first alternative, and training lets it grow (see Train). A non-zero
// steps or stackSize is used as given.
func FindBudget(code *forth.Code, v, h int, inputs [][]int, rows []string, steps, stackSize int) (Budget, error) {
	b := Budget{Static: true}
	seen := map[string]bool{}
	maxD, maxR := 0, 0
	for i, in := range inputs {
		key := intsKey(in)
		if seen[key] {
			continue
		}
		seen[key] = true
		cfg := symbolic.Config{ValueSize: v, StackSize: 4*len(in) + 16, HeapSize: h, MaxSteps: maxMeasureSteps}
		if _, err := symbolic.StaticTrace(code, cfg, in, symbolic.FirstChoice{}, nil); errors.Is(err, symbolic.ErrDynamicControl) {
			b.Static = false
		}
		sh, err := measure(code, v, h, in, symbolic.FirstChoice{}, maxMeasureSteps)
		switch {
		case errors.Is(err, symbolic.ErrNoHalt) && steps > 0:
			// The budget is given; the stacks are as deep as measured.
			maxD, maxR = max(maxD, 4*len(in)+13), max(maxR, 4*len(in)+13)
			continue
		case errors.Is(err, symbolic.ErrNoHalt) && b.Static:
			return b, fmt.Errorf("%s: the sketch does not halt within %d steps on this input", rows[i], maxMeasureSteps)
		case errors.Is(err, symbolic.ErrNoHalt):
			return b, fmt.Errorf("%s: with every slot taking its first alternative the sketch does not halt within %d steps; give the step budget with --steps", rows[i], maxMeasureSteps)
		case err != nil:
			return b, fmt.Errorf("%s: running the sketch on this input: %w", rows[i], err)
		}
		if len(sh.path) > len(b.Path) {
			b.Path = sh.path
		}
		maxD, maxR = max(maxD, sh.maxD), max(maxR, sh.maxR)
	}
	b.Steps, b.StackSize = len(b.Path), max(maxD, maxR)+3
	if steps > 0 {
		b.Steps = steps
	}
	if stackSize > 0 {
		b.StackSize = stackSize
	}
	return b, nil
}

func intsKey(xs []int) string {
	var b strings.Builder
	for _, x := range xs {
		b.WriteString(strconv.Itoa(x))
		b.WriteByte(' ')
	}
	return b.String()
}

package learn

import (
	"errors"
	"fmt"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/eval"
	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/internal/par"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// Limits are the stack size and step budget of one run of a trained sketch.
type Limits struct {
	StackSize, Steps int
}

// RunLimits returns the limits of running a trained sketch on an input of n
// values: stacks of 3(n+8) cells (at least trained, the stack size it was
// trained with) and 16(n+8)²+1000 steps, generous because the learned
// slots may take another path than the intended one. A non-zero stackSize
// or steps replaces the computed one. Every command that runs a model
// (eval, run, export) uses these limits, so they give the same answers.
func RunLimits(n, trained, stackSize, steps int) Limits {
	m := n + 8
	lim := Limits{StackSize: max(3*m, trained), Steps: 16*m*m + 1000}
	if stackSize > 0 {
		lim.StackSize = stackSize
	}
	if steps > 0 {
		lim.Steps = steps
	}
	return lim
}

// Execution is how a trained sketch runs at test time.
type Execution int

const (
	// Hybrid runs the symbolic machine, each slot deciding by the argmax
	// of its network.
	Hybrid Execution = iota
	// Discretised runs ∂4 with the state rounded to one-hot after every
	// step (§4.1).
	Discretised
)

// executionNames are the executions' names, as flags and JSON files hold
// them.
var executionNames = enum.Names[Execution]{What: "execution", Names: []string{Hybrid: "hybrid", Discretised: "discretised"}}

// ParseExecution reads an execution's name.
func ParseExecution(s string) (Execution, error) { return executionNames.Parse(s) }

// String returns the execution's name.
func (e Execution) String() string { return executionNames.String(e) }

// MarshalText writes the execution's name.
func (e Execution) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText reads an execution's name.
func (e *Execution) UnmarshalText(b []byte) error { return executionNames.Unmarshal(e, b) }

// Run is the outcome of one run: the final data stack and the steps taken.
type Run struct {
	Stack []int
	Steps int
}

// Predict runs the model on one input with the given execution and limits.
// A run that does not halt within lim.Steps returns an error wrapping
// symbolic.ErrNoHalt.
func Predict(m *d4.Model, input []int, exec Execution, lim Limits) (Run, error) {
	switch exec {
	case Hybrid:
		return predictHybrid(m, input, lim)
	case Discretised:
		return predictDiscretised(m, input, lim)
	}
	return Run{}, fmt.Errorf("unknown execution %v (want %s)", exec, executionNames.List())
}

// predictHybrid runs the symbolic machine with the networks deciding the
// slots.
func predictHybrid(m *d4.Model, input []int, lim Limits) (Run, error) {
	sm, err := newHybrid(m, input, lim)
	if err != nil {
		return Run{}, err
	}
	err = sm.Run()
	return Run{Stack: sm.D.Values(), Steps: sm.Steps}, err
}

// newHybrid returns the symbolic machine of a hybrid run, input pushed.
func newHybrid(m *d4.Model, input []int, lim Limits) (*symbolic.Machine, error) {
	sm, err := symbolic.New(m.Code, symbolic.Config{ValueSize: m.Sizes.V, StackSize: lim.StackSize, HeapSize: m.Sizes.H, MaxSteps: lim.Steps})
	if err != nil {
		return nil, err
	}
	sm.Decider = d4.Hybrid{M: m.Machine}
	return sm, pushInput(sm, input)
}

// pushInput puts an input on a machine's data stack, refusing one that the
// stack cannot hold.
func pushInput(sm *symbolic.Machine, input []int) error {
	if l := len(sm.D.Cells); len(input) > l-1 {
		return fmt.Errorf("the input of %d values does not fit a stack of size %d (it holds %d values)", len(input), l, l-1)
	}
	return sm.Push(input...)
}

// predictDiscretised runs ∂4 from the one-hot initial state, rounding the
// state after every step, until the program counter is on the halt.
func predictDiscretised(m *d4.Model, input []int, lim Limits) (Run, error) {
	mm, err := m.Resized(lim.StackSize)
	if err != nil {
		return Run{}, err
	}
	x, err := mm.Sizes.InitialState(input)
	if err != nil {
		return Run{}, err
	}
	out, steps, err := mm.Run(x, lim.Steps, true)
	if err != nil {
		return Run{}, err
	}
	final := mm.Sizes.Unpack(out)
	r := Run{Stack: final.Stack(), Steps: steps}
	if !final.Halted(m.Code.Halt, 1e-6) {
		return r, fmt.Errorf("%w (%d steps)", symbolic.ErrNoHalt, steps)
	}
	return r, nil
}

// Accuracy is the accuracy of a model on a set of examples, in percent.
type Accuracy struct {
	N        int     `json:"n"`
	Hamming  float64 `json:"hamming_accuracy"`
	Sequence float64 `json:"sequence_accuracy"`
	// NoHalt counts the runs that did not halt within their step budget
	// (they count as wrong); MaxSteps is the most steps a halting run took.
	NoHalt   int `json:"no_halt"`
	MaxSteps int `json:"max_steps"`
	// Longest is the input of the halting run that took MaxSteps.
	Longest []int `json:"-"`
}

// PredictAll runs the model on every input, spread over the CPUs (the
// networks are only read), each with RunLimits (stackSize and steps
// override them when not 0). progress, if not nil, is called after each
// run; runs[i] and errs[i] are input i's.
func PredictAll(m *d4.Model, inputs [][]int, exec Execution, stackSize, steps int, progress func()) (runs []Run, errs []error) {
	runs, errs = make([]Run, len(inputs)), make([]error, len(inputs))
	par.For(len(inputs), func(i int) {
		runs[i], errs[i] = Predict(m, inputs[i], exec, RunLimits(len(inputs[i]), m.Sizes.L, stackSize, steps))
		if progress != nil {
			progress()
		}
	})
	return runs, errs
}

// Evaluate runs the model on every example (PredictAll) and scores the
// final stacks against the outputs; a run that does not halt counts as
// wrong.
func Evaluate(m *d4.Model, exs []data.Example, exec Execution, stackSize, steps int, progress func()) (Accuracy, error) {
	inputs := make([][]int, len(exs))
	for i, ex := range exs {
		inputs[i] = ex.Input
	}
	runs, errs := PredictAll(m, inputs, exec, stackSize, steps, progress)
	sc := Accuracy{N: len(exs)}
	preds := make([][]int, len(exs))
	targets := make([][]int, len(exs))
	for i, r := range runs {
		targets[i] = exs[i].Output
		switch {
		case errors.Is(errs[i], symbolic.ErrNoHalt):
			sc.NoHalt++ // predicts nothing
		case errs[i] != nil:
			return sc, fmt.Errorf("example %d: %w", i+1, errs[i])
		default:
			preds[i] = r.Stack
			if r.Steps > sc.MaxSteps {
				sc.MaxSteps, sc.Longest = r.Steps, exs[i].Input
			}
		}
	}
	h, s := eval.Accuracy(preds, targets)
	sc.Hamming, sc.Sequence = 100*h, 100*s
	return sc, nil
}

// hybridPath returns the addresses a hybrid run of the model executes on
// input.
func hybridPath(m *d4.Model, input []int, lim Limits) ([]int, error) {
	sm, err := newHybrid(m, input, lim)
	if err != nil {
		return nil, err
	}
	sh, err := walk(sm)
	return sh.path, err
}

// literalMax is the largest literal of the compiled code (numbers and
// variable addresses, also among choose alternatives), or -1.
func literalMax(code *forth.Code) int {
	best := -1
	for _, in := range code.Instrs {
		if in.Op == forth.OpLit {
			best = max(best, in.Arg)
		}
	}
	for _, s := range code.Slots {
		for _, in := range s.Choices {
			if in.Op == forth.OpLit {
				best = max(best, in.Arg)
			}
		}
	}
	return best
}

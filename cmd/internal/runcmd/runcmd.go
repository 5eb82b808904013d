// Package runcmd is the command that runs a Forth program and prints its
// final data stack, bottom to top, as the last line of stdout: `d4 run`,
// and its alias `wap run`. The program is a path or an embedded sketch
// (package sketches), or the sketch of a trained model (package learn's
// model directory, --model). It runs on the symbolic machine (with
// --model, each slot decided by the argmax of its network: hybrid
// execution), optionally strict, with a trace of its steps or as a listing
// of its compiled code, or on ∂4 (--machine d4) from the one-hot image of
// its initial state, one step at a time, printing the argmax of each cell;
// --discretise rounds the state to one-hot after every step. Every error
// is one line; a bad command line is a cli.UsageError.
package runcmd

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/sketches"
)

// usage is the help text of the command NAME (%[1]s), with the embedded
// sketches (%[2]s).
const usage = `usage: %[1]s [flags] FILE
       %[1]s --model DIR [flags] [FILE]
Runs a Forth program and prints its final data stack, bottom to top, as the
last line of stdout. FILE is a path or an embedded sketch (%[2]s).
With --model, runs a trained sketch (the model keeps its source; a FILE given
must be that sketch): on the symbolic machine each slot decides by the argmax
of its network (hybrid execution), with stacks of max(3(n+8), trained) cells
and 16(n+8)²+1000 steps for n input values unless --stack-size and --steps
say otherwise, as 'd4 eval' and 'd4 export' do.`

// maxD4Work bounds --machine d4: steps times the floats of the state
// (about 5·10⁸ a second on one core of this project's machines, so a
// few minutes).
const maxD4Work = 1e11

// runFlags are the flags of the command.
type runFlags struct {
	v, l, h, steps          int
	stack, model            string
	machine                 machine
	trace, strict, list, dz bool
}

// machine is the machine a program runs on: the symbolic machine, or ∂4.
type machine int

const (
	symbolicMachine machine = iota
	d4Machine
)

// machines names the machines for --machine.
var machines = enum.Names[machine]{What: "machine", Names: []string{symbolicMachine: "symbolic", d4Machine: "d4"}}

// Run runs the command line args of the command named name ("d4 run",
// "wap run": its usage and errors say it) and writes the final data stack
// (or the trace and the stack, or the listing) to stdout; --help goes to
// stderr.
func Run(name string, args []string, stdout, stderr io.Writer) error {
	var f runFlags
	fs := cli.NewFlagSet(name, fmt.Sprintf(usage, name, strings.Join(sketches.Names(), ", ")), stderr)
	fs.IntVar(&f.v, "value-size", 256, "value size v: values are integers modulo v (with --model: the model's)")
	fs.IntVar(&f.l, "stack-size", 256, "stack size l: cells in each stack, holding l-1 values (with --model: see above)")
	fs.IntVar(&f.h, "heap-size", 0, "heap cells (0: the cells the program's variables take)")
	fs.IntVar(&f.steps, "steps", 1_000_000, "step budget (--machine d4: 100000; with --model: see above)")
	fs.StringVar(&f.stack, "stack", "", "initial data stack, bottom to top, e.g. \"2 4 2 7 4\"")
	machines.Var(fs, &f.machine, "machine", symbolicMachine, "machine: symbolic, or d4 (the differentiable machine from the one-hot initial state)")
	fs.StringVar(&f.model, "model", "", "trained model directory (of 'd4 train' or 'tasks --save')")
	fs.BoolVar(&f.trace, "trace", false, "print the step table (pc, word, data and return stacks) before the result (symbolic machine)")
	fs.BoolVar(&f.strict, "strict", false, "report stack underflow and overflow and out-of-range addresses as errors")
	fs.BoolVar(&f.list, "list", false, "print the compiled code and exit")
	fs.BoolVar(&f.dz, "discretise", false, "with --machine d4: round the state to one-hot after every step (§4.1)")
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	r, err := prepareRun(fs, f, pos)
	if err != nil {
		return err
	}
	if f.list {
		fmt.Fprint(stdout, r.code.Listing())
		return nil
	}
	if f.machine == d4Machine {
		return r.runD4(stdout, f.dz)
	}
	return r.runSymbolic(stdout, f.trace, f.strict)
}

// aRun is a run to make: the code, the model (if any), the input, the sizes.
type aRun struct {
	code        *forth.Code
	model       *learn.Model
	init        []int
	v, l, h, st int
}

// prepareRun checks the command line and loads what the run needs.
func prepareRun(fs *flag.FlagSet, f runFlags, pos []string) (*aRun, error) {
	switch {
	case len(pos) > 1:
		return nil, cli.Usagef("expected one FILE argument, got %d: %s", len(pos), strings.Join(pos, " "))
	case len(pos) == 0 && f.model == "":
		return nil, cli.Usagef("expected a FILE argument (a path or an embedded sketch: %s), or --model DIR", strings.Join(sketches.Names(), ", "))
	case f.trace && f.machine == d4Machine:
		return nil, cli.Usagef("--trace prints the symbolic machine's steps; it is not available with --machine d4")
	case f.dz && f.machine != d4Machine:
		return nil, cli.Usagef("--discretise rounds the state of ∂4; it needs --machine d4")
	}
	if err := checkSizes(f); err != nil {
		return nil, err
	}
	init, err := cli.Ints("--stack", f.stack)
	if err != nil {
		return nil, err
	}
	r := &aRun{init: init, v: f.v, l: f.l, h: f.h, st: f.steps}
	if f.model != "" {
		err = r.loadModel(fs, f, pos)
	} else {
		err = r.loadProgram(fs, f, pos[0])
	}
	if err != nil {
		return nil, err
	}
	// A value the machine cannot hold is a mistake (a data file, or a
	// model, refuses it too); a negative one counts modulo the value
	// size, as a negative literal does (-1 is v-1).
	for i, x := range init {
		if x >= r.v {
			return nil, cli.Usagef("--stack value %d is %d, outside the value size %d (values 0 … %d); give a larger --value-size", i+1, x, r.v, r.v-1)
		}
	}
	if len(init) > r.l-1 {
		return nil, cli.Usagef("--stack holds %d values, more than a stack of size %d holds (%d); give a larger --stack-size", len(init), r.l, r.l-1)
	}
	return r, nil
}

// checkSizes checks the size flags against the machines' limits.
func checkSizes(f runFlags) error {
	switch {
	case f.v < 2 || f.v > symbolic.MaxValueSize:
		return cli.Usagef("--value-size %d out of range: it must lie between 2 and %d", f.v, symbolic.MaxValueSize)
	case f.l < 2:
		return cli.Usagef("--stack-size %d out of range: it must lie between 2 and %d", f.l, symbolic.MaxStackSize)
	case f.h < 0 || f.h > symbolic.MaxHeapSize:
		return cli.Usagef("--heap-size %d out of range: it must lie between 0 (the cells the variables take) and %d", f.h, symbolic.MaxHeapSize)
	}
	return CheckLimits(f.l, f.steps)
}

// CheckLimits checks the limits of runs that flags give: --stack-size 2 to
// symbolic.MaxStackSize (0: not given), --steps not negative. `d4 run`,
// `d4 eval` and `d4 export` share it.
func CheckLimits(stackSize, steps int) error {
	switch {
	case stackSize != 0 && (stackSize < 2 || stackSize > symbolic.MaxStackSize):
		return cli.Usagef("--stack-size %d out of range: it must lie between 2 and %d", stackSize, symbolic.MaxStackSize)
	case steps < 0:
		return cli.Usagef("--steps %d: the step budget must not be negative", steps)
	}
	return nil
}

// loadProgram compiles a program to run without a model.
func (r *aRun) loadProgram(fs *flag.FlagSet, f runFlags, name string) error {
	if name == "-" {
		return cli.Usagef("FILE \"-\": reading the program from standard input is not supported; give a path or an embedded sketch name")
	}
	file, src, err := sketches.Load(name)
	if err != nil {
		return err
	}
	if r.code, err = forth.ParseAndCompile(file, src); err != nil {
		return err
	}
	if n := len(r.code.Slots); n > 0 && !f.list {
		return fmt.Errorf("%s has %d slots: running it needs a trained model (--model DIR)", file, n)
	}
	if f.h != 0 && f.h < r.code.HeapCells {
		return cli.Usagef("--heap-size %d is smaller than the %d cells the variables of %s take", f.h, r.code.HeapCells, file)
	}
	if f.machine == d4Machine && !cli.Given(fs, "steps") {
		r.st = 100_000
	}
	return nil
}

// loadModel loads a trained model and sets the run's sizes from it.
func (r *aRun) loadModel(fs *flag.FlagSet, f runFlags, pos []string) error {
	m, err := learn.Load(f.model)
	if err != nil {
		return err
	}
	if len(pos) == 1 {
		file, src, err := sketches.Load(pos[0])
		if err != nil {
			return err
		}
		if err := m.CheckSketch(file, src); err != nil {
			return fmt.Errorf("model %s: %w", f.model, err)
		}
	}
	switch {
	case cli.Given(fs, "value-size") && f.v != m.Sizes.V:
		return cli.Usagef("--value-size %d: the model was trained with value size %d", f.v, m.Sizes.V)
	case cli.Given(fs, "heap-size") && f.h != m.Sizes.H:
		return cli.Usagef("--heap-size %d: the model was trained with %d heap cells", f.h, m.Sizes.H)
	}
	for i, x := range r.init {
		if x < 0 || x >= m.Sizes.V {
			return cli.Usagef("--stack value %d is %d, outside the model's value size %d (values 0 … %d)", i+1, x, m.Sizes.V, m.Sizes.V-1)
		}
	}
	lim := learn.RunLimits(len(r.init), m.Sizes.L, stackFlag(fs, f), stepsFlag(fs, f))
	r.model, r.code, r.v, r.h, r.l, r.st = m, m.Code, m.Sizes.V, m.Sizes.H, lim.StackSize, lim.Steps
	return nil
}

// stackFlag and stepsFlag are the flags' values when given, else 0.
func stackFlag(fs *flag.FlagSet, f runFlags) int {
	if cli.Given(fs, "stack-size") {
		return f.l
	}
	return 0
}

func stepsFlag(fs *flag.FlagSet, f runFlags) int {
	if cli.Given(fs, "steps") {
		return f.steps
	}
	return 0
}

// runSymbolic runs on the symbolic machine (hybrid with a model), through
// a buffer that is flushed even when the run fails, so that a trace shows
// the steps up to the failure.
func (r *aRun) runSymbolic(stdout io.Writer, trace, strict bool) error {
	out := bufio.NewWriter(stdout)
	err := r.symbolic(out, trace, strict)
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing to stdout: %w", ferr)
	}
	return err
}

// symbolic runs on the symbolic machine and writes the trace, if asked
// for, and the final data stack to out.
func (r *aRun) symbolic(out io.Writer, trace, strict bool) error {
	cfg := symbolic.Config{ValueSize: r.v, StackSize: r.l, HeapSize: r.h, MaxSteps: r.st, Strict: strict}
	if trace {
		symbolic.WriteTraceHeader(out)
		cfg.OnStep = func(s symbolic.Step) { symbolic.WriteTraceRow(out, s) }
	}
	m, err := symbolic.New(r.code, cfg)
	if err != nil {
		return err
	}
	if r.model != nil {
		m.Decider = d4.Hybrid{M: r.model.Machine}
	}
	if err := m.Push(r.init...); err != nil {
		return err
	}
	if err := m.Run(); err != nil {
		if errors.Is(err, symbolic.ErrNoHalt) {
			return fmt.Errorf("the program did not halt within the step budget of %d steps (--steps)", r.st)
		}
		return err
	}
	fmt.Fprintln(out, joinInts(m.D.Values()))
	return nil
}

// runD4 runs ∂4 from the one-hot image of the initial state, one step at a
// time, and prints the argmax of each cell of the final data stack. The
// work (steps times the state's floats) is bounded up front; a program
// without slots is first run on the symbolic machine, which ∂4 follows
// exactly from a one-hot state, so that the bound counts the steps it
// takes and a program that never halts is refused at once.
func (r *aRun) runD4(stdout io.Writer, discretise bool) error {
	sz, err := d4.NewSizes(r.code, r.v, r.l, r.h)
	if err != nil {
		return err
	}
	m := &d4.Machine{Code: r.code, Sizes: sz}
	steps := r.st
	if r.model != nil {
		if m, err = r.model.Resized(r.l); err != nil {
			return err
		}
	} else if steps, err = r.symbolicSteps(int(maxD4Work / float64(sz.Len()))); err != nil {
		return err
	}
	if work := float64(steps) * float64(sz.Len()); work > maxD4Work {
		return fmt.Errorf("--machine d4: %d steps of a state of %d floats (value size %d, stack size %d) would take about %s; at most %.0e float-steps run (lower --steps, --value-size or --stack-size)",
			steps, sz.Len(), r.v, r.l, time.Duration(work/5e8*float64(time.Second)).Round(time.Minute), maxD4Work)
	}
	x, err := sz.InitialState(r.init)
	if err != nil {
		return err
	}
	out, n, err := m.Run(x, r.st, discretise)
	if err != nil {
		return err
	}
	final := sz.Unpack(out)
	if !final.Halted(r.code.Halt, 1e-6) {
		return fmt.Errorf("the program did not halt within the step budget of %d steps (--steps): %.3g of the program counter's mass is on the halt", n, final.C[r.code.Halt])
	}
	fmt.Fprintln(stdout, joinInts(final.Stack()))
	return nil
}

// symbolicSteps returns the steps a slot-free program takes (plus one, the
// check of the halt), or an error if it does not halt within the budget
// or within the steps that ∂4 can afford at these sizes.
func (r *aRun) symbolicSteps(afford int) (int, error) {
	m, err := symbolic.New(r.code, symbolic.Config{ValueSize: r.v, StackSize: r.l, HeapSize: r.h, MaxSteps: min(r.st, afford)})
	if err != nil {
		return 0, err
	}
	if err := m.Push(r.init...); err != nil {
		return 0, err
	}
	err = m.Run()
	switch {
	case errors.Is(err, symbolic.ErrNoHalt) && r.st <= afford:
		return 0, fmt.Errorf("the program does not halt within the step budget of %d steps (--steps; found on the symbolic machine, which ∂4 follows from a one-hot state)", r.st)
	case errors.Is(err, symbolic.ErrNoHalt):
		return r.st, nil // the work bound refuses it
	case err != nil:
		return 0, err
	}
	return m.Steps + 1, nil
}

// joinInts renders a stack bottom to top, space-separated.
func joinInts(xs []int) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/sketches"
)

func runCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	valueSize := fs.Int("value-size", 256, "value size v: values are integers modulo v")
	stackSize := fs.Int("stack-size", 256, "stack size l: cells in each stack (holds l-1 values)")
	heapSize := fs.Int("heap-size", 0, "heap cells (0: the cells the program's variables take)")
	steps := fs.Int("steps", 1_000_000, "step budget T (with --machine d4 the default is 100000: a ∂4 step costs far more)")
	stack := fs.String("stack", "", "initial data stack, bottom to top, e.g. \"2 4 2 7 4\"")
	machine := fs.String("machine", "symbolic", "machine to run on: symbolic or d4")
	trace := fs.Bool("trace", false, "print the step table (pc, word, data and return stacks) before the result")
	strict := fs.Bool("strict", false, "report stack underflow/overflow and out-of-range addresses as errors")
	list := fs.Bool("list", false, "print the compiled low-level code and exit")
	modelPath := fs.String("model", "", "trained model directory (of 'd4 train' or 'tasks --save'): runs the sketch's slots with its networks (hybrid on the symbolic machine)")
	discretise := fs.Bool("discretise", false, "with --machine d4: round the state to one-hot after every step (§4.1)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap run [flags] FILE")
		fmt.Fprintln(stderr, "Runs a Forth program and prints its final data stack, bottom to top, as the last line.")
		fmt.Fprintf(stderr, "FILE is a path or the name of an embedded sketch (%s).\n", strings.Join(sketches.Names(), ", "))
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		return usageError{fmt.Errorf("expected a FILE argument (a path or an embedded sketch: %s)", strings.Join(sketches.Names(), ", "))}
	case len(pos) > 1:
		return usageError{fmt.Errorf("expected one FILE argument, got %d: %s", len(pos), strings.Join(pos, " "))}
	case pos[0] == "-":
		return usageError{fmt.Errorf("FILE \"-\": reading the program from standard input is not supported; give a path or an embedded sketch name")}
	}
	if err := checkSizes(*valueSize, *stackSize, *heapSize, *steps); err != nil {
		return usageError{err}
	}
	switch *machine {
	case "symbolic", "d4":
	default:
		return usageError{fmt.Errorf("--machine must be symbolic or d4, got %q", *machine)}
	}
	init, err := parseStack(*stack)
	if err != nil {
		return usageError{err}
	}
	file, src, err := sketches.Load(pos[0])
	if err != nil {
		return err
	}
	code, err := forth.ParseAndCompile(file, src)
	if err != nil {
		return err
	}
	if *list {
		fmt.Fprint(stdout, code.Listing())
		return nil
	}
	if *heapSize != 0 && *heapSize < code.HeapCells {
		return usageError{fmt.Errorf("--heap-size %d is smaller than the %d cells the variables of %s take", *heapSize, code.HeapCells, file)}
	}
	var model *d4.Model
	if *modelPath != "" {
		if model, err = d4.LoadModel(*modelPath); err != nil {
			return err
		}
		if err := model.CheckSketch(file, src); err != nil {
			return err
		}
		if flagSet(fs, "value-size") && *valueSize != model.Sizes.V {
			return usageError{fmt.Errorf("--value-size %d: the model was trained with value size %d", *valueSize, model.Sizes.V)}
		}
		*valueSize = model.Sizes.V
	}
	if *machine == "d4" {
		if !flagSet(fs, "steps") {
			*steps = 100_000
		}
		if *trace {
			return usageError{fmt.Errorf("--trace prints the symbolic machine's steps; it is not available with --machine d4")}
		}
		return runD4(stdout, code, model, init, *valueSize, *stackSize, *heapSize, *steps, *discretise)
	}
	cfg := symbolic.Config{ValueSize: *valueSize, StackSize: *stackSize, HeapSize: *heapSize, MaxSteps: *steps, Strict: *strict}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	if *trace {
		symbolic.WriteTraceHeader(out)
		cfg.OnStep = func(s symbolic.Step) { symbolic.WriteTraceRow(out, s) }
	}
	m, err := symbolic.New(code, cfg)
	if err != nil {
		return err
	}
	if model != nil {
		m.Decider = d4.Hybrid{M: model.Machine}
	}
	if err := m.Push(init...); err != nil {
		return err
	}
	if err := m.Run(); err != nil {
		return err
	}
	fmt.Fprintln(out, joinInts(m.D.Values()))
	return nil
}

// runD4 runs the program on ∂4 from the one-hot image of its initial state
// and prints the argmax of the final data stack.
func runD4(stdout io.Writer, code *forth.Code, model *d4.Model, init []int, v, l, h, steps int, discretise bool) error {
	sz, err := d4.NewSizes(code, v, l, h)
	if err != nil {
		return err
	}
	m := &d4.Machine{Code: code, Sizes: sz}
	if model != nil {
		if m, err = model.Resized(l); err != nil {
			return err
		}
	} else if len(code.Slots) > 0 {
		return fmt.Errorf("the program has %d slots: running it needs a trained model (--model FILE)", len(code.Slots))
	}
	x, err := sz.InitialState(init)
	if err != nil {
		return err
	}
	out, n, err := m.Run(x, steps, discretise)
	if err != nil {
		return err
	}
	final := sz.Unpack(out)
	if !final.Halted(code.Halt, 1e-6) {
		return fmt.Errorf("%w (%d steps): %.3g of the program counter's mass is on the halt", symbolic.ErrNoHalt, n, final.C[code.Halt])
	}
	fmt.Fprintln(stdout, joinInts(final.Stack()))
	return nil
}

// flagSet reports whether a flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// checkSizes checks the size flags against the machine's limits, naming the
// flag at fault.
func checkSizes(valueSize, stackSize, heapSize, steps int) error {
	switch {
	case valueSize < 2 || valueSize > symbolic.MaxValueSize:
		return fmt.Errorf("--value-size %d out of range: it must lie between 2 and %d", valueSize, symbolic.MaxValueSize)
	case stackSize < 2 || stackSize > symbolic.MaxStackSize:
		return fmt.Errorf("--stack-size %d out of range: it must lie between 2 and %d", stackSize, symbolic.MaxStackSize)
	case heapSize < 0 || heapSize > symbolic.MaxHeapSize:
		return fmt.Errorf("--heap-size %d out of range: it must lie between 0 (the cells the variables take) and %d", heapSize, symbolic.MaxHeapSize)
	case steps < 0:
		return fmt.Errorf("--steps %d: the step budget must not be negative", steps)
	}
	return nil
}

// parseStack reads space-separated integers.
func parseStack(s string) ([]int, error) {
	var vals []int
	for i, f := range strings.Fields(s) {
		x, err := strconv.Atoi(f)
		if errors.Is(err, strconv.ErrRange) {
			return nil, fmt.Errorf("--stack: value %d, %s, is out of range for an integer", i+1, f)
		}
		if err != nil {
			return nil, fmt.Errorf("--stack: value %d, %q, is not an integer", i+1, f)
		}
		vals = append(vals, x)
	}
	return vals, nil
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"d4/interpreter/forth"
	"d4/interpreter/symbolic"
	"d4/sketches"
)

func runCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	valueSize := fs.Int("value-size", 256, "value size v: values are integers modulo v")
	stackSize := fs.Int("stack-size", 256, "stack size l: cells in each stack (holds l-1 values)")
	heapSize := fs.Int("heap-size", 0, "heap cells (0: the cells the program's variables take)")
	steps := fs.Int("steps", 1_000_000, "step budget T")
	stack := fs.String("stack", "", "initial data stack, bottom to top, e.g. \"2 4 2 7 4\"")
	machine := fs.String("machine", "symbolic", "machine to run on: symbolic or d4")
	trace := fs.Bool("trace", false, "print the step table (pc, word, data and return stacks) before the result")
	strict := fs.Bool("strict", false, "report stack underflow/overflow and out-of-range addresses as errors")
	list := fs.Bool("list", false, "print the compiled low-level code and exit")
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
	if len(pos) != 1 {
		return usageError{fmt.Errorf("expected one FILE argument, got %d", len(pos))}
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
	switch *machine {
	case "symbolic":
	case "d4":
		return fmt.Errorf("--machine d4: the differentiable machine is not built yet; use --machine symbolic")
	default:
		return usageError{fmt.Errorf("--machine must be symbolic or d4, got %q", *machine)}
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
	if err := m.Push(init...); err != nil {
		return err
	}
	if err := m.Run(); err != nil {
		return err
	}
	fmt.Fprintln(out, joinInts(m.D.Values()))
	return nil
}

// parseStack reads space-separated integers.
func parseStack(s string) ([]int, error) {
	var vals []int
	for _, f := range strings.Fields(s) {
		x, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("--stack: %q is not an integer", f)
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

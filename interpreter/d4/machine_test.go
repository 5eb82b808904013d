package d4

import (
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/sketches"
)

// newMachine compiles the program src (name.fth in errors) and makes its
// ∂4 machine of value size v and stack size l, the weights drawn from
// seed; an error fails the test.
func newMachine(tb testing.TB, name, src string, v, l int, seed int64) (*forth.Code, Sizes, *Machine) {
	tb.Helper()
	code, err := forth.ParseAndCompile(name+".fth", src)
	if err != nil {
		tb.Fatal(err)
	}
	sz, err := NewSizes(code, v, l, 0)
	if err != nil {
		tb.Fatal(err)
	}
	m, err := NewMachine(code, sz, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return code, sz, m
}

// sketchMachine is newMachine of the embedded sketch name.
func sketchMachine(tb testing.TB, name string, v, l int, seed int64) (*forth.Code, Sizes, *Machine) {
	tb.Helper()
	src, ok := sketches.Embedded(name)
	if !ok {
		tb.Fatalf("no embedded sketch %q", name)
	}
	return newMachine(tb, name, src, v, l, seed)
}

// runHybrid runs input on the symbolic machine of code and cfg, m deciding
// the slots (Hybrid), and returns the machine.
func runHybrid(code *forth.Code, m *Machine, cfg symbolic.Config, input []int) (*symbolic.Machine, error) {
	sm, err := symbolic.New(code, cfg)
	if err != nil {
		return nil, err
	}
	sm.Decider = Hybrid{m}
	if err := sm.Push(input...); err != nil {
		return nil, err
	}
	return sm, sm.Run()
}

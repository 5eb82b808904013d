package symbolic

import (
	"math/big"
	"slices"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
)

// A clone runs on from where the machine stood, and neither disturbs the
// other: the same program from a clone and from the original ends alike.
func TestCloneRunsIndependently(t *testing.T) {
	code := mustCompile(t, "t.fth", "VARIABLE X 1 2 + DUP X ! 3 *")
	m := mustNew(t, code, Config{ValueSize: 100, StackSize: 8, HeapSize: 1, MaxSteps: 100})
	for range 3 {
		if err := m.Step(); err != nil {
			t.Fatal(err)
		}
	}
	c := m.Clone()
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	c.H[0] = 42 // a change to the clone's heap before X ! does not reach m
	if err := c.Run(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.D.Values(), c.D.Values()) || m.H[0] != 3 || c.H[0] != 3 || m.Steps != c.Steps {
		t.Errorf("original %v heap %v, clone %v heap %v", m.D.Values(), m.H, c.D.Values(), c.H)
	}
}

// Exact terms record their inputs.
func TestExactInputs(t *testing.T) {
	e := NewExact()
	a := e.Input(big.NewRat(6, 1), "6", 0)
	b := e.Input(big.NewRat(3, 1), "3", 1)
	c := e.Const(big.NewRat(2, 1), "2")
	for _, tc := range []struct {
		h      int
		inputs uint64
	}{
		{e.Apply(forth.Add, a, b), 0b11},
		{e.Apply(forth.Mul, a, c), 0b01},
		{e.Apply(forth.Div, a, a), 0b01},
		{e.Apply(forth.Sub, e.Apply(forth.Div, a, a), b), 0b11},
		{c, 0},
	} {
		if got := e.Term(tc.h); got.Inputs != tc.inputs {
			t.Errorf("%s: inputs %b, want %b", got.Formula, got.Inputs, tc.inputs)
		}
	}
}

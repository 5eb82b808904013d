package symbolic

import (
	"math/big"
	"testing"

	"github.com/d4lang/d4/interpreter/internal/corpus"
)

// runExact runs src on exact arithmetic from the initial stack and returns
// the final data stack's terms, bottom to top.
func runExact(t *testing.T, src string, init ...int) []Term {
	t.Helper()
	code := mustCompile(t, "exact.fth", src)
	ex := NewExact()
	m := mustNew(t, code, Config{ValueSize: 10, StackSize: 16, MaxSteps: 100000, Arith: ex})
	if err := m.Push(init...); err != nil {
		t.Fatal(err)
	}
	if err := m.Run(); err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	var out []Term
	for _, c := range m.D.Values() {
		out = append(out, ex.Term(c))
	}
	return out
}

func TestExact(t *testing.T) {
	tests := []struct {
		src     string
		init    []int
		values  []string // exact values, bottom to top
		formula string   // of the top
		divZero bool
	}{
		{src: "50 15 - 21 +", values: []string{"56"}, formula: "(50 - 15) + 21"},
		{src: "50 15 21 + -", values: []string{"14"}, formula: "50 - (15 + 21)"},
		{src: "7 2 /", values: []string{"7/2"}, formula: "7 / 2"},
		{src: "3 5 -", values: []string{"-2"}, formula: "3 - 5"},
		{src: "1000000 1000000 * 1+", values: []string{"1000000000001"}, formula: "(1000000 * 1000000) + 1"},
		{src: "9 1+", values: []string{"10"}},
		{src: "0 1-", values: []string{"-1"}},
		{src: "5 0 /", values: []string{"0"}, formula: "5 / 0", divZero: true},
		{src: "5 0 / 1 +", values: []string{"1"}, divZero: true},
		{src: "1 3 / 1 3 / + 2 3 / =", values: []string{"1"}},
		{src: "7 2 / 3 > 7 2 / 4 <", values: []string{"1", "1"}},
		// A fraction is a true condition; values move through R and the
		// heap unchanged; a call returns through an exact address.
		{src: "1 2 / IF 11 ELSE 12 THEN", values: []string{"11"}},
		{src: "1 3 / >R 5 R@ R> +", values: []string{"5", "2/3"}},
		{src: "VARIABLE X 200 7 / X ! X @ X @ *", values: []string{"40000/49"}},
		{src: ": HALF 2 / ; 15 HALF HALF", values: []string{"15/4"}, formula: "(15 / 2) / 2"},
		{src: "SWAP OVER -", init: []int{3, 8}, values: []string{"8", "-5"}, formula: "3 - 8"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			got := runExact(t, tt.src, tt.init...)
			if len(got) != len(tt.values) {
				t.Fatalf("%d values, want %d", len(got), len(tt.values))
			}
			for i, v := range tt.values {
				if got[i].Value.RatString() != v {
					t.Errorf("value %d = %s, want %s", i, got[i].Value.RatString(), v)
				}
			}
			top := got[len(got)-1]
			if tt.formula != "" && top.Formula != tt.formula {
				t.Errorf("formula %q, want %q", top.Formula, tt.formula)
			}
			if top.DivZero != tt.divZero {
				t.Errorf("DivZero = %v, want %v", top.DivZero, tt.divZero)
			}
		})
	}
}

// TestExactAgreesWithModular runs the corpus on both arithmetics in
// lockstep: the machines take the same path and hold the same data stack,
// step by step, until an exact value leaves 0…v−1 (after which wrapping
// may send the modular machine elsewhere).
func TestExactAgreesWithModular(t *testing.T) {
	steps := 0
	for _, c := range corpus.Cases() {
		t.Run(c.Name, func(t *testing.T) {
			code := mustCompile(t, c.Name+".fth", c.Src)
			ex := NewExact()
			var ms [2]*Machine
			for i, a := range []Arith{nil, ex} {
				ms[i] = mustNew(t, code, Config{ValueSize: c.V, StackSize: 64, MaxSteps: 1 << 20, Arith: a})
				if err := ms[i].Push(c.Init...); err != nil {
					t.Fatal(err)
				}
			}
			mod, exa := ms[0], ms[1]
			inRange := func() bool {
				for _, h := range exa.D.Values() {
					v := ex.Term(h).Value
					if !v.IsInt() || v.Sign() < 0 || v.Cmp(big.NewRat(int64(c.V), 1)) >= 0 {
						return false
					}
				}
				return true
			}
			for !mod.Halted() && inRange() && steps < 1<<20 {
				if mod.PC != exa.PC {
					t.Fatalf("step %d: modular at %d, exact at %d", mod.Steps, mod.PC, exa.PC)
				}
				md, ed := mod.D.Values(), exa.D.Values()
				for i, h := range ed {
					if n, _ := ex.Int(h); n != md[i] {
						t.Fatalf("step %d: data stacks %v and cell %d = %s", mod.Steps, md, i, ex.Term(h).Value.RatString())
					}
				}
				if err := mod.Step(); err != nil {
					t.Fatal(err)
				}
				if err := exa.Step(); err != nil {
					t.Fatal(err)
				}
				steps++
			}
		})
	}
	if steps < 1000 {
		t.Errorf("only %d steps compared", steps)
	}
}

// For other input values, ExactWith gives each term of a straight-line
// run exactly, and Approximate an interval that holds it: on the inputs
// of a run on 50, 15, 21, each term equals (lies within the interval of)
// the term of a fresh run on the other values, divisions by zero and by
// differences of near-equal values too.
func TestExactWithApproximate(t *testing.T) {
	const src = ">R OVER OVER - R@ + >R / 1+ R> * R> SWAP OVER OVER > >R = R>"
	code := mustCompile(t, "rebind.fth", src)
	run := func(values []*big.Rat) (*Exact, []int) {
		ex := NewExact()
		m := mustNew(t, code, Config{ValueSize: 10, StackSize: 16, MaxSteps: 1000, Arith: ex})
		for k, v := range values {
			m.D.Cells[k] = ex.Input(v, v.RatString(), k)
		}
		m.D.Top = len(values) - 1
		if err := m.Run(); err != nil {
			t.Fatal(err)
		}
		return ex, m.D.Values()
	}
	rats := func(s ...string) []*big.Rat {
		var out []*big.Rat
		for _, x := range s {
			r, ok := new(big.Rat).SetString(x)
			if !ok {
				t.Fatalf("bad rational %q", x)
			}
			out = append(out, r)
		}
		return out
	}
	ex, cells := run(rats("50", "15", "21"))
	for _, values := range [][]*big.Rat{rats("7", "2", "1/3"), rats("4", "0", "9"), rats("4", "4", "9"),
		rats("-1", "1000000000000", "5/7"), rats("10000000000000001", "10000000000000000", "3"), rats("1/3", "1/3", "1/3")} {
		fresh, want := run(values)
		approx, ok := ex.Approximate(values, nil)
		if !ok {
			t.Fatalf("%v: Approximate failed", values)
		}
		for i, c := range cells {
			w := fresh.Term(want[i])
			if v, div := ex.ExactWith(c, values); v.Cmp(w.Value) != 0 || div != w.DivZero {
				t.Errorf("%v: ExactWith cell %d = %v %v, a fresh run gives %v %v", values, i, v, div, w.Value, w.DivZero)
			}
			f, _ := w.Value.Float64()
			if a := approx[c]; !w.DivZero && !a.Within(f, 0) {
				t.Errorf("%v: cell %d approximated %v ± %v, exactly %s", values, i, a.Value, a.Err, w.Value.RatString())
			}
		}
	}
	if _, ok := ex.Approximate(rats("1", "2"), nil); ok {
		t.Error("Approximate with two values for three inputs succeeded")
	}
}

// Term.Reads counts the inputs read into a value, an input read twice
// twice: y + (x + y) reads x once and y twice.
func TestExactReads(t *testing.T) {
	code := mustCompile(t, "reads.fth", "OVER OVER + +")
	ex := NewExact()
	m := mustNew(t, code, Config{ValueSize: 10, StackSize: 16, MaxSteps: 100, Arith: ex})
	m.D.Cells[0], m.D.Cells[1] = ex.Input(big.NewRat(2, 1), "x", 0), ex.Input(big.NewRat(3, 1), "y", 1)
	m.D.Top = 1
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	vals := m.D.Values()
	if top := ex.Term(vals[len(vals)-1]); top.Reads != 3 || top.Inputs != 0b11 || top.Formula != "y + (x + y)" {
		t.Errorf("top %+v, want y + (x + y) reading 3 inputs of 2", top)
	}
	if x := ex.Term(vals[0]); x.Reads != 1 {
		t.Errorf("an input reads %d, want 1", x.Reads)
	}
}

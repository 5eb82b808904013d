package model

import (
	"errors"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
)

// num and op write equations in the tests.
func num(v int64) *Equation { return &Equation{Value: big.NewRat(v, 1)} }

func op(p forth.Prim, l, r *Equation) *Equation { return &Equation{Op: p, L: l, R: r} }

// withEquation is a problem of the numbers with an equation and no answer.
func withEquation(id int64, numbers []int, e *Equation) *Problem {
	p := &Problem{ID: id, Answer: -1, Equation: e}
	for k, n := range numbers {
		p.IDs = append(p.IDs, k+1)
		p.NumPos, p.Numbers = append(p.NumPos, k), append(p.Numbers, n)
	}
	return p
}

// The general sketch's decisions that make an equation, checked by hand:
// the slots are the first pick (0…7), the second pick, the operation
// (+ − × ÷: 0…3), the third pick and how it meets the first result r
// (r+c r−c c−r r×c r/c c/r, r alone: 0…6). Every equivalent combination
// counts: both orders of + and ×'s operands, the third pick (a number the
// first two left) for r alone, either of two equal numbers. No combination
// reads a number twice: the picks take distinct numbers.
func TestEquationDecisionsSteps(t *testing.T) {
	m := stepsModel(t, 10, 1)
	if err := m.Supervise(SuperviseEquations); err != nil {
		t.Fatal(err)
	}
	anyThird := func(a, b, o int, n int) [][]int {
		var out [][]int
		for k := range n {
			if k != a && k != b {
				out = append(out, []int{a, b, o, k, 6})
			}
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		numbers []int
		eq      *Equation
		want    [][]int
	}{
		{"3 + 5", []int{3, 5, 7}, op(forth.Add, num(3), num(5)),
			append(anyThird(0, 1, 0, 3), anyThird(1, 0, 0, 3)...)},
		{"5 - 3", []int{3, 5, 7}, op(forth.Sub, num(5), num(3)), anyThird(1, 0, 1, 3)},
		{"(3 + 5) - 7", []int{3, 5, 7}, op(forth.Sub, op(forth.Add, num(3), num(5)), num(7)),
			[][]int{{0, 1, 0, 2, 1}, {1, 0, 0, 2, 1}}},
		{"7 - (3 + 5)", []int{3, 5, 7}, op(forth.Sub, num(7), op(forth.Add, num(3), num(5))),
			[][]int{{0, 1, 0, 2, 2}, {1, 0, 0, 2, 2}}},
		{"7 * (3 - 5): × commutes", []int{3, 5, 7}, op(forth.Mul, num(7), op(forth.Sub, num(3), num(5))),
			[][]int{{0, 1, 1, 2, 3}}},
		{"7 / (5 / 3)", []int{3, 5, 7}, op(forth.Div, num(7), op(forth.Div, num(5), num(3))),
			[][]int{{1, 0, 3, 2, 5}}},
		{"4 / 2, two 4s", []int{4, 2, 4}, op(forth.Div, num(4), num(2)),
			append(anyThird(0, 1, 3, 3), anyThird(2, 1, 3, 3)...)},
	} {
		p := withEquation(1, tc.numbers, tc.eq)
		tab, err := m.Table(p)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		got := slices.Clone(tab.Good)
		slices.SortFunc(got, slices.Compare)
		want := slices.Clone(tc.want)
		slices.SortFunc(want, slices.Compare)
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: decisions %v, want %v", tc.name, got, want)
		}
	}
}

// Equations the sketch cannot make, and problems without one, are
// errors that name the problem and say why.
func TestEquationRefused(t *testing.T) {
	m := stepsModel(t, 10, 1)
	if err := m.Supervise(SuperviseEquations); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		numbers []int
		eq      *Equation
		want    error
	}{
		{"none", []int{3, 5}, nil, ErrNoEquation},
		{"a constant", []int{3, 5}, op(forth.Mul, num(3), num(100)), ErrEquation},
		{"a number read twice (the picks take distinct numbers)", []int{2, 9}, op(forth.Add, num(2), num(2)), ErrEquation},
		{"three operations", []int{1, 2, 3, 4}, op(forth.Add, op(forth.Add, num(1), num(2)), op(forth.Add, num(3), num(4))), ErrEquation},
	} {
		_, err := m.Table(withEquation(41, tc.numbers, tc.eq))
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		} else if msg := err.Error(); !strings.HasPrefix(msg, "problem 41: ") {
			t.Errorf("%s: error %q does not name the problem", tc.name, msg)
		}
	}
}

// The paper's sketch trains on the exact loss with equations; its good
// decisions are those whose program is the equation, modulo the order of
// + and ×'s operands: here the four ways to write (2 + 3) × 4.
func TestEquationDecisionsPaper(t *testing.T) {
	m := paperModel(t, 10, 1)
	if m.Loss != LossMachine {
		t.Fatalf("the paper's sketch trains on %v, want machine", m.Loss)
	}
	if err := m.Supervise(SuperviseEquations); err != nil {
		t.Fatal(err)
	}
	if m.Loss != LossExact {
		t.Fatalf("with equations the paper's sketch trains on %v, want exact", m.Loss)
	}
	p := withEquation(1, []int{2, 3, 4}, op(forth.Mul, op(forth.Add, num(2), num(3)), num(4)))
	tab, err := m.Table(p)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := m.Outcomes(p.Values())
	if err != nil {
		t.Fatal(err)
	}
	same := map[string]bool{"(2 + 3) * 4": true, "(3 + 2) * 4": true, "4 * (2 + 3)": true, "4 * (3 + 2)": true}
	var want [][]int
	for _, o := range outs {
		if same[o.Term.Formula] {
			want = append(want, o.Choices)
		}
	}
	if len(want) == 0 || !slices.EqualFunc(tab.Good, want, slices.Equal) {
		t.Errorf("decisions %v, want those of the formulas %v: %v", tab.Good, same, want)
	}
}

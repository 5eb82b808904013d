package symbolic

import (
	"math/big"

	"github.com/d4lang/d4/interpreter/forth"
)

// Exact is exact rational arithmetic for the machine (Config.Arith): a
// cell is a handle on a Term, a value with no modulus and the formula that
// computed it. Division is exact (7 2 / is 7/2); x/0 is 0, as on the
// modular machine, and marks the term DivZero. Comparisons give 1 or 0.
// Handle 0 is the constant 0, which every cell of a new machine holds.
//
// An Exact belongs to one machine at a time: it records every term the
// machine makes.
type Exact struct {
	terms []Term
}

// Term is the value of an Exact cell.
type Term struct {
	// Value is the exact value.
	Value *big.Rat
	// Formula writes how the value was computed from constants, with the
	// operands of an operator in parentheses when they are formulas
	// themselves: "(50 - 15) + 21".
	Formula string
	// Compound is true for the result of an operator.
	Compound bool
	// DivZero is true when a division by zero went into the value.
	DivZero bool
	// Inputs is the set of inputs (Input: bit k for input k) the value was
	// computed from.
	Inputs uint64
}

// MaxInputs is the number of inputs an Exact tells apart.
const MaxInputs = 64

// NewExact returns exact arithmetic with only the constant 0.
func NewExact() *Exact {
	return &Exact{terms: []Term{{Value: new(big.Rat), Formula: "0"}}}
}

// Const returns a handle on the constant v, written as text in formulas.
func (e *Exact) Const(v *big.Rat, text string) int {
	e.terms = append(e.terms, Term{Value: new(big.Rat).Set(v), Formula: text})
	return len(e.terms) - 1
}

// Input returns a handle on the constant v as input k (0 ≤ k <
// MaxInputs): terms computed from it say so (Term.Inputs).
func (e *Exact) Input(v *big.Rat, text string, k int) int {
	c := e.Const(v, text)
	e.terms[c].Inputs = 1 << uint(k)
	return c
}

// Term returns the term of handle c.
func (e *Exact) Term(c int) Term { return e.terms[c] }

// Value implements Arith: the integer x itself, whatever the width.
func (e *Exact) Value(x, width int) int {
	return e.Const(new(big.Rat).SetInt64(int64(x)), big.NewInt(int64(x)).String())
}

// Reduce implements Arith: values are not reduced.
func (e *Exact) Reduce(c, width int) int { return c }

// Int implements Arith.
func (e *Exact) Int(c int) (int, bool) {
	v := e.terms[c].Value
	if !v.IsInt() || !v.Num().IsInt64() {
		return 0, false
	}
	n := v.Num().Int64()
	if int64(int(n)) != n {
		return 0, false
	}
	return int(n), true
}

// Apply implements Arith, with the rational form of p
// (forth.PrimDef.Rat).
func (e *Exact) Apply(p forth.Prim, x, y int) int {
	w, err := p.Def()
	if err != nil || w.Rat == nil {
		panic("symbolic.Exact: not a binary primitive: " + p.String())
	}
	a, b := e.terms[x], e.terms[y]
	t := Term{Value: new(big.Rat), Compound: true, DivZero: a.DivZero || b.DivZero,
		Inputs: a.Inputs | b.Inputs}
	if !w.Rat(t.Value, a.Value, b.Value) {
		t.DivZero = true
	}
	t.Formula = operand(a) + " " + p.String() + " " + operand(b)
	e.terms = append(e.terms, t)
	return len(e.terms) - 1
}

// operand writes a term as the operand of an operator.
func operand(t Term) string {
	if t.Compound {
		return "(" + t.Formula + ")"
	}
	return t.Formula
}

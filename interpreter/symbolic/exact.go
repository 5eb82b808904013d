package symbolic

import (
	"math/big"
	"math/bits"
	"strconv"

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
	terms []node
	ints  map[int]int // the handles of Value's integers, made once
}

// node is a term as Exact keeps it: its formula is written when Term asks
// for it, from the operator and the operands' handles.
type node struct {
	value         *big.Rat
	text          string // a constant's
	op            forth.Prim
	x, y          int // an operator's operands
	compound, div bool
	inputs        uint64
	reads         int // inputs read into the value, counted as often as read
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
	// Reads counts the inputs read into the value, an input read twice
	// twice.
	Reads int
}

// MaxInputs is the number of inputs an Exact tells apart.
const MaxInputs = 64

// NewExact returns exact arithmetic with only the constant 0.
func NewExact() *Exact {
	return &Exact{terms: []node{{value: new(big.Rat), text: "0"}}, ints: map[int]int{0: 0}}
}

// Const returns a handle on the constant v, written as text in formulas.
func (e *Exact) Const(v *big.Rat, text string) int {
	e.terms = append(e.terms, node{value: new(big.Rat).Set(v), text: text})
	return len(e.terms) - 1
}

// Input returns a handle on the constant v as input k (0 ≤ k <
// MaxInputs): terms computed from it say so (Term.Inputs).
func (e *Exact) Input(v *big.Rat, text string, k int) int {
	c := e.Const(v, text)
	e.terms[c].inputs, e.terms[c].reads = 1<<uint(k), 1
	return c
}

// Term returns the term of handle c.
func (e *Exact) Term(c int) Term {
	n := e.terms[c]
	return Term{Value: n.value, Formula: e.formula(c), Compound: n.compound, DivZero: n.div, Inputs: n.inputs, Reads: n.reads}
}

// formula writes the formula of handle c.
func (e *Exact) formula(c int) string {
	n := e.terms[c]
	if !n.compound {
		return n.text
	}
	return e.operand(n.x) + " " + n.op.String() + " " + e.operand(n.y)
}

// operand writes a term as the operand of an operator.
func (e *Exact) operand(c int) string {
	if e.terms[c].compound {
		return "(" + e.formula(c) + ")"
	}
	return e.terms[c].text
}

// Value implements Arith: the integer x itself, whatever the width (terms
// are never changed, so one handle serves every push of x).
func (e *Exact) Value(x, width int) int {
	if c, ok := e.ints[x]; ok {
		return c
	}
	c := e.Const(new(big.Rat).SetInt64(int64(x)), strconv.Itoa(x))
	e.ints[x] = c
	return c
}

// Reduce implements Arith: values are not reduced.
func (e *Exact) Reduce(c, width int) int { return c }

// Int implements Arith.
func (e *Exact) Int(c int) (int, bool) {
	v := e.terms[c].value
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
	t := node{value: new(big.Rat), op: p, x: x, y: y, compound: true, div: a.div || b.div, inputs: a.inputs | b.inputs, reads: a.reads + b.reads}
	if !w.Rat(t.value, a.value, b.value) {
		t.div = true
	}
	e.terms = append(e.terms, t)
	return len(e.terms) - 1
}

// Operation returns the operator and operands of handle c, the result
// of Apply; ok is false for a constant or an input.
func (e *Exact) Operation(c int) (p forth.Prim, x, y int, ok bool) {
	n := e.terms[c]
	return n.op, n.x, n.y, n.compound
}

// InputOf returns k for a handle made by Input(v, text, k); ok is false
// for any other handle.
func (e *Exact) InputOf(c int) (k int, ok bool) {
	n := e.terms[c]
	if n.compound || n.inputs == 0 {
		return 0, false
	}
	return bits.TrailingZeros64(n.inputs), true
}

// ValueOf returns the value of handle c and whether a division by zero
// went into it: Term without the formula.
func (e *Exact) ValueOf(c int) (v *big.Rat, divZero bool) {
	return e.terms[c].value, e.terms[c].div
}

package model

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// Supervision is what the exact loss counts as a good combination of
// decisions (Table.Good): one whose result is the answer (SuperviseAnswers,
// ∂4's setting and the default), or one whose program is the problem's
// equation (SuperviseEquations, the literature's setting).
//
// With equations, the good combinations are those whose term on the exact
// machine (Outcomes) is the equation's tree, modulo the order of the
// operands of + and ×: a number of the equation is any of the text's
// numbers of that value (the prepared equations name numbers by value, so
// two equal numbers of a text are not told apart), and nothing else is
// equivalent ((a+b)+c is not a+(b+c), a−(b+c) is not (a−b)−c). Every such
// combination counts: the loss is −log of the sum of their probabilities
// (the same sum as an answer's, over fewer combinations), so that the
// model is free to write a+b or b+a, and with the general sketch a one-step
// equation is any third number with the last slot's "r alone".
type Supervision int

// The supervisions.
const (
	SuperviseAnswers Supervision = iota
	SuperviseEquations
)

var supervisionNames = enum.Names[Supervision]{What: "supervision", Names: []string{SuperviseAnswers: "answers", SuperviseEquations: "equations"}}

// String names the supervision: "answers" or "equations".
func (s Supervision) String() string { return supervisionNames.String(s) }

// ParseSupervision reads a supervision's name.
func ParseSupervision(name string) (Supervision, error) { return supervisionNames.Parse(name) }

// Supervise sets what the model trains on. Equations need the exact loss:
// a sketch that trains on ∂4's loss (the paper's, of a fixed count of
// numbers) trains on the exact loss with them, which needs decisions that
// can be run (no manipulate slot).
func (m *Model) Supervise(s Supervision) error {
	if s == SuperviseEquations && m.Loss == LossMachine {
		for _, slot := range m.Execs {
			if _, err := m.Alternatives(&m.Machine.Code.Slots[slot]); err != nil {
				return fmt.Errorf("%s: equation supervision runs every combination of decisions: %w", m.Machine.SketchFile, err)
			}
		}
		m.Loss = LossExact
	}
	m.Supervision = s
	return nil
}

// Equation is a problem's equation as a tree over its numbers: a number
// (Value set) or the operation Op (forth.Add, Sub, Mul or Div) on L and R.
type Equation struct {
	Op    forth.Prim
	Value *big.Rat
	L, R  *Equation
}

// Operations counts the equation's operations.
func (e *Equation) Operations() int {
	if e.Value != nil {
		return 0
	}
	return 1 + e.L.Operations() + e.R.Operations()
}

// Numbers appends the equation's numbers, in the order they are written.
func (e *Equation) Numbers(out []*big.Rat) []*big.Rat {
	if e.Value != nil {
		return append(out, e.Value)
	}
	return e.R.Numbers(e.L.Numbers(out))
}

// String writes the equation with its numbers as rationals: "(50 + 21) - 15".
func (e *Equation) String() string {
	if e.Value != nil {
		return e.Value.RatString()
	}
	return e.L.operand() + " " + e.Op.String() + " " + e.R.operand()
}

// operand writes the equation as an operand of an operation.
func (e *Equation) operand() string {
	if e.Value != nil {
		return e.String()
	}
	return "(" + e.String() + ")"
}

// Why a problem is not trained on with equations (Scorable).
var (
	// ErrNoEquation: the problem has no equation.
	ErrNoEquation = errors.New("no equation")
	// ErrEquation: no decisions of the sketch make the equation (a
	// constant, a number that is not the text's, more operations than the
	// sketch takes).
	ErrEquation = errors.New("no decisions of the sketch make the equation")
)

// equationGood returns the indices (in s.out) of the combinations of
// decisions of the runs s whose term is the problem's equation (see
// Supervision), its numbers being values; an error wrapping ErrNoEquation
// or ErrEquation when there are none.
func equationGood(p *Problem, s *search, values []*big.Rat) ([]int, error) {
	e := p.Equation
	if e == nil {
		return nil, fmt.Errorf("problem %d: %w", p.ID, ErrNoEquation)
	}
	for _, v := range e.Numbers(nil) {
		if !hasValue(values, v) {
			return nil, fmt.Errorf("problem %d: %w: %s uses %s, which is not a number of the text", p.ID, ErrEquation, e, v.RatString())
		}
	}
	var good []int
	for j, o := range s.out {
		if isEquation(s.w.Exact, o.cell, e, values) {
			good = append(good, j)
		}
	}
	if len(good) == 0 {
		return nil, fmt.Errorf("problem %d: %w: %s (%d operations)", p.ID, ErrEquation, e, e.Operations())
	}
	return good, nil
}

// hasValue reports whether v is among values.
func hasValue(values []*big.Rat, v *big.Rat) bool {
	for _, x := range values {
		if x != nil && x.Cmp(v) == 0 {
			return true
		}
	}
	return false
}

// isEquation reports whether the term of handle c is the equation e, its
// inputs being values: the same tree, a number an input of that value,
// the operands of + and × in either order.
func isEquation(x *symbolic.Exact, c int, e *Equation, values []*big.Rat) bool {
	if e.Value != nil {
		k, ok := x.InputOf(c)
		return ok && k < len(values) && values[k] != nil && values[k].Cmp(e.Value) == 0
	}
	op, a, b, ok := x.Operation(c)
	if !ok || op != e.Op {
		return false
	}
	if isEquation(x, a, e.L, values) && isEquation(x, b, e.R, values) {
		return true
	}
	return (op == forth.Add || op == forth.Mul) && isEquation(x, a, e.R, values) && isEquation(x, b, e.L, values)
}

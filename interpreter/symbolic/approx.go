package symbolic

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/d4lang/d4/interpreter/forth"
)

// Approx is a term of an Exact computed in floating point, with a bound
// on its distance from the exact value: the exact value lies in [Value −
// Err, Value + Err]. Err is +Inf when nothing is known (a division by a
// value that may be zero, a word Approximate does not bound).
type Approx struct {
	Value, Err float64
}

// Within reports whether the exact value may be within tol of x.
func (a Approx) Within(x, tol float64) bool {
	return !(math.Abs(a.Value-x) > a.Err+tol) // NaN and Inf may be
}

// roundoff bounds the relative rounding error of one float64 operation,
// with a margin for the rounding of the bounds themselves.
const roundoff = 4 * 0x1p-53

// Approximate computes every term of e in floating point, with input k
// (Input) holding values[k], into buf (grown as needed), indexed by
// handle: a filter that tells which terms cannot equal a value without
// exact arithmetic (ExactWith then computes the few that may). The
// terms are those a run made: a run whose control flow does not depend on
// its inputs' values makes the same terms for any values. It returns
// false when an input has no value.
func (e *Exact) Approximate(values []*big.Rat, buf []Approx) ([]Approx, bool) {
	if cap(buf) < len(e.terms) {
		buf = make([]Approx, len(e.terms))
	}
	buf = buf[:len(e.terms)]
	for c, n := range e.terms {
		switch {
		case !n.compound && n.inputs == 0:
			buf[c] = ratApprox(n.value)
		case !n.compound:
			k := bits.TrailingZeros64(n.inputs)
			if k >= len(values) {
				return nil, false
			}
			buf[c] = ratApprox(values[k])
		default:
			buf[c] = applyApprox(n.op, buf[n.x], buf[n.y])
		}
	}
	return buf, true
}

// ratApprox is the float64 nearest to v, with its rounding error.
func ratApprox(v *big.Rat) Approx {
	f, _ := v.Float64()
	return Approx{f, math.Abs(f) * roundoff}
}

// applyApprox applies the word p to approximations, bounding the error:
// for + and −, the operands' errors add; for ×, |x|·ey + |y|·ex + ex·ey;
// for ÷, the bound of x/y over the operands' intervals, unbounded when
// the divisor's may hold 0; a comparison is certain when the operands'
// intervals do not meet (and equality never is, unless both are exact).
// Each adds its own rounding.
func applyApprox(p forth.Prim, x, y Approx) Approx {
	var v, err float64
	switch p {
	case forth.Add:
		v, err = x.Value+y.Value, x.Err+y.Err
	case forth.Sub:
		v, err = x.Value-y.Value, x.Err+y.Err
	case forth.Mul:
		v, err = x.Value*y.Value, math.Abs(x.Value)*y.Err+math.Abs(y.Value)*x.Err+x.Err*y.Err
	case forth.Div:
		low := math.Abs(y.Value) - y.Err
		if !(low > 0) {
			return Approx{0, math.Inf(1)}
		}
		v = x.Value / y.Value
		err = (math.Abs(x.Value)*y.Err + math.Abs(y.Value)*x.Err) / (math.Abs(y.Value) * low)
	case forth.Gt, forth.Lt, forth.Eq:
		return compareApprox(p, x, y)
	default:
		return Approx{0, math.Inf(1)}
	}
	return Approx{v, err + math.Abs(v)*roundoff}
}

// compareApprox is a comparison word on approximations: 1 or 0, exact
// when the operands' intervals decide it, else 0.5 ± 0.5.
func compareApprox(p forth.Prim, x, y Approx) Approx {
	d, sep := x.Value-y.Value, x.Err+y.Err+math.Abs(x.Value-y.Value)*roundoff
	unsure := Approx{0.5, 0.5}
	switch {
	case math.IsNaN(d) || math.IsInf(sep, 0):
		return unsure
	case p == forth.Eq && d == 0 && sep == 0:
		return Approx{1, 0}
	case p == forth.Eq && math.Abs(d) > sep:
		return Approx{0, 0}
	case p == forth.Gt && d > sep, p == forth.Lt && -d > sep:
		return Approx{1, 0}
	case p == forth.Gt && -d > sep, p == forth.Lt && d > sep:
		return Approx{0, 0}
	}
	return unsure
}

// ExactWith computes the term of handle c exactly with input k holding
// values[k], and whether a division by zero went into it: the term
// computed anew for these values, this one term only.
func (e *Exact) ExactWith(c int, values []*big.Rat) (*big.Rat, bool) {
	n := e.terms[c]
	switch {
	case !n.compound && n.inputs == 0:
		return n.value, n.div
	case !n.compound:
		return values[bits.TrailingZeros64(n.inputs)], false
	}
	x, dx := e.ExactWith(n.x, values)
	y, dy := e.ExactWith(n.y, values)
	w, _ := n.op.Def() // Apply made it: a binary primitive
	z := new(big.Rat)
	ok := w.Rat(z, x, y)
	return z, dx || dy || !ok
}

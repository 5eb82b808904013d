// Package vecmath computes e^x, the logistic sigmoid 1/(1+e^−x) and tanh x
// elementwise over slices of float64, several values per instruction: on
// amd64 with AVX2 and FMA four at a time in assembly, elsewhere (and with
// the purego build tag) one at a time with package math (MathExp,
// MathSigmoid, MathTanh, which are also the reference the tests measure
// the assembly against).
//
// The assembly computes e^x as 2^n·e^r, n = round(x·log₂e) and
// r = x − n·ln 2 (ln 2 split in two parts, so that r carries the bits the
// product loses), e^r by its Taylor polynomial of degree 13 on
// |r| ≤ ln2/2 (Horner's scheme, one fused multiply-add per term), and 2^n
// written into the exponent bits as the product of two powers of two, so
// that results below 2^−1022 come out subnormal as with math.Exp. x is
// first clamped to [−746, 710], where e^x has already rounded to 0 or
// overflowed to +Inf; NaN stays NaN. The sigmoid is 1/(1+e^−x), which is
// exactly 0 or 1 for large |x|. tanh x is x + x³·P(x²)/Q(x²) for
// |x| < 0.625 (the rational function of package math, accurate relative to
// x near zero) and ±(1 − 2/(e^{2|x|}+1)) beyond, so ±1 for large |x|.
//
// Accuracy, measured over grids of [−750, 750], [−20, 20] and [−1, 1],
// tiny and special values (the tests assert the distances from package
// math): Exp is within 2 ulp of math.Exp, Sigmoid within 4 ulp of
// 1/(1+math.Exp(−x)) and Tanh within 2 ulp of math.Tanh. Against values
// computed to 200 bits (mpmath, 20,000 random points in each range) the
// largest errors were 0.84 ulp for Exp (math.Exp: 1.48), 1.91 ulp for
// Sigmoid where its result is normal (the formula's own: 2.04) and 1.26
// ulp for Tanh (math.Tanh: 1.37). Where e^−x overflows (x < −709.78) the
// sigmoid is 0, as the formula is in package math, although its true value
// is a subnormal number. math.Exp on amd64 returns +Inf for x in
// (709.43, 709.78], where e^x is still finite; Exp does not.
package vecmath

import (
	"fmt"
	"math"
)

// Exp sets dst[i] = e^x[i]. dst must be as long as x; it may be x itself
// (no other overlap).
func Exp(dst, x []float64) {
	check("Exp", dst, x)
	fast.exp(dst, x)
}

// Sigmoid sets dst[i] = 1/(1+e^−x[i]). dst must be as long as x; it may be
// x itself (no other overlap).
func Sigmoid(dst, x []float64) {
	check("Sigmoid", dst, x)
	fast.sigmoid(dst, x)
}

// Tanh sets dst[i] = tanh x[i]. dst must be as long as x; it may be x
// itself (no other overlap).
func Tanh(dst, x []float64) {
	check("Tanh", dst, x)
	fast.tanh(dst, x)
}

// MathExp is Exp with math.Exp: dst[i] = math.Exp(x[i]), bit for bit.
func MathExp(dst, x []float64) { each("MathExp", dst, x, math.Exp) }

// MathSigmoid is Sigmoid with math.Exp: dst[i] = 1/(1+math.Exp(−x[i])),
// bit for bit.
func MathSigmoid(dst, x []float64) {
	each("MathSigmoid", dst, x, func(v float64) float64 { return 1 / (1 + math.Exp(-v)) })
}

// MathTanh is Tanh with math.Tanh: dst[i] = math.Tanh(x[i]), bit for bit.
func MathTanh(dst, x []float64) { each("MathTanh", dst, x, math.Tanh) }

// each sets dst[i] = f(x[i]), for the function called name.
func each(name string, dst, x []float64, f func(float64) float64) {
	check(name, dst, x)
	for i, v := range x {
		dst[i] = f(v)
	}
}

// check panics unless dst is as long as x.
func check(name string, dst, x []float64) {
	if len(dst) != len(x) {
		panic(fmt.Sprintf("vecmath.%s: len(dst) = %d, len(x) = %d: they must be equal", name, len(dst), len(x)))
	}
}

// impl is one implementation of the three functions, for slices of equal
// lengths.
type impl struct {
	name               string
	exp, sigmoid, tanh func(dst, x []float64)
}

// mathImpl is package math's implementation.
var mathImpl = impl{name: "math", exp: MathExp, sigmoid: MathSigmoid, tanh: MathTanh}

// fast is the fastest implementation this CPU runs.
var fast = append(impls(), &mathImpl)[0]

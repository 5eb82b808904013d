package vecmath

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
)

// implementations are every implementation this CPU runs, package math's
// last.
func implementations() []*impl {
	return append(impls(), &mathImpl)
}

// function is one of the package's functions: its implementation in an
// impl and its reference, one value at a time.
type function struct {
	name string
	of   func(*impl) func(dst, x []float64)
	ref  func(float64) float64
}

var functions = []function{
	{"exp", func(m *impl) func(dst, x []float64) { return m.exp }, math.Exp},
	{"sigmoid", func(m *impl) func(dst, x []float64) { return m.sigmoid }, func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }},
	{"tanh", func(m *impl) func(dst, x []float64) { return m.tanh }, math.Tanh},
}

// ulps is the distance of a and b in units in the last place: the number
// of float64 values between them, 0 if both are NaN, MaxInt64 if one is.
func ulps(a, b float64) int64 {
	if math.IsNaN(a) || math.IsNaN(b) {
		if math.IsNaN(a) && math.IsNaN(b) {
			return 0
		}
		return math.MaxInt64
	}
	d := ordinal(a) - ordinal(b)
	if d < 0 {
		return -d
	}
	return d
}

// ordinal numbers the float64 values in their order, ±0 as 0.
func ordinal(a float64) int64 {
	b := int64(math.Float64bits(a))
	if b < 0 {
		return -(b &^ math.MinInt64)
	}
	return b
}

// grid is n evenly spaced values from lo to hi.
func grid(lo, hi float64, n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = lo + (hi-lo)*float64(i)/float64(n-1)
	}
	return x
}

// special are values every function must get right.
var special = []float64{0, math.Copysign(0, -1), 1, -1, 1e-300, -1e-300, 5e-324, -5e-324, 1e-20, -1e-20, 1e-8, -1e-8,
	0.625, -0.625, math.Nextafter(0.625, 0), math.Nextafter(-0.625, 0), 22, -22, 700, -700, 708.3, -708.3, 709.78, -709.78,
	709.8, -709.8, 745.1, -745.1, 745.2, -745.2, 1e10, -1e10, math.MaxFloat64, -math.MaxFloat64,
	math.Inf(1), math.Inf(-1), math.NaN()}

// overflowsEarly tells the values where math.Exp on amd64 (whose 2^n
// overflows at n = 1024) returns +Inf below e^x's true overflow threshold;
// TestExact checks those against exact values instead.
func overflowsEarly(x float64) bool { return x > 709.43 && x <= 709.782712893384 }

// TestAccuracy compares every function of every implementation with
// package math over grids, small values and special values.
func TestAccuracy(t *testing.T) {
	tiny := make([]float64, 0, 2*1100)
	for e := -1074; e < 0; e++ {
		tiny = append(tiny, math.Ldexp(1.37, e), -math.Ldexp(1.37, e))
	}
	inputs := []struct {
		name string
		x    []float64
	}{
		{"[−750, 750]", grid(-750, 750, 600001)},
		{"[−20, 20]", grid(-20, 20, 400001)},
		{"[−1, 1]", grid(-1, 1, 200001)},
		{"subnormal e^x [−745.2, −708]", grid(-745.2, -708, 100001)},
		{"tiny", tiny},
		{"special", special},
	}
	// The largest distance from package math, in ulps, measured over these
	// inputs and asserted.
	maxULP := map[string]int64{"exp": 2, "sigmoid": 4, "tanh": 2}
	for _, m := range implementations() {
		for _, f := range functions {
			for _, in := range inputs {
				t.Run(m.name+"/"+f.name+"/"+in.name, func(t *testing.T) {
					got := make([]float64, len(in.x))
					f.of(m)(got, in.x)
					worst, at := int64(0), 0.0
					for i, x := range in.x {
						if overflowsEarly(x) || (f.name == "sigmoid" && overflowsEarly(-x)) {
							continue
						}
						want := f.ref(x)
						if d := ulps(got[i], want); d > worst {
							worst, at = d, x
						}
						if want == 0 && math.Signbit(got[i]) != math.Signbit(want) {
							t.Errorf("%s(%g) = %g, want %g", f.name, x, got[i], want)
						}
					}
					if worst > maxULP[f.name] {
						t.Errorf("%d ulp from package math at x = %g (%s(x) = %g, math's %g), want ≤ %d",
							worst, at, f.name, got[slicesIndex(in.x, at)], f.ref(at), maxULP[f.name])
					}
				})
			}
		}
	}
}

func slicesIndex(x []float64, v float64) int {
	for i, w := range x {
		if w == v {
			return i
		}
	}
	return 0
}

// TestExact compares with values rounded from 200-bit computations
// (mpmath) where math.Exp on amd64 overflows early.
func TestExact(t *testing.T) {
	cases := []struct {
		f    string
		x    float64
		bits uint64 // of the correctly rounded result
	}{
		{"exp", 709.5, 0x7fe81e9b4b52d0c9},         // 1.3549863193146328e+308
		{"exp", 709.6, 0x7feaa7fee3e4b2b8},         // 1.4974914744969294e+308
		{"exp", 709.7, 0x7fed75ae7a50ee14},         // 1.6549840276802644e+308
		{"exp", 709.78, 0x7fefe9ce5c4c52b4},        // 1.7928227943945156e+308
		{"exp", 709.782712893, 0x7fefffffffcb3b2a}, // 1.7976931341721021e+308
		{"sigmoid", -709.5, 0x00054e90c99fb878},    // 7.3801483140125808e-309
		{"sigmoid", -709.6, 0x0004cd47ed8d5054},    // 6.677834345173432e-309
		{"sigmoid", -709.7, 0x0004584ca6a179a6},    // 6.0423543869584437e-309
		{"sigmoid", -709.78, 0x000402c8225ec681},   // 5.5777961052627448e-309
	}
	for _, m := range impls() {
		for _, c := range cases {
			for _, f := range functions {
				if f.name != c.f {
					continue
				}
				got := []float64{0}
				f.of(m)(got, []float64{c.x})
				if want := math.Float64frombits(c.bits); ulps(got[0], want) > 1 {
					t.Errorf("%s: %s(%v) = %v, want %v", m.name, c.f, c.x, got[0], want)
				}
			}
		}
	}
}

// TestLengths runs every length from 0 to 33, so every tail, checking
// that each value is the one computed alone, that nothing past dst's end
// is written, and that dst may be x itself.
func TestLengths(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, m := range implementations() {
		for _, f := range functions {
			fn := f.of(m)
			for n := 0; n <= 33; n++ {
				x := make([]float64, n)
				for i := range x {
					x[i] = 30 * (r.Float64() - 0.5)
				}
				buf := make([]float64, n+4)
				for i := range buf {
					buf[i] = -7
				}
				fn(buf[:n], x)
				for i, v := range x {
					one := []float64{0}
					fn(one, []float64{v})
					if math.Float64bits(buf[i]) != math.Float64bits(one[0]) {
						t.Errorf("%s %s, length %d: [%d] = %v, alone %v", m.name, f.name, n, i, buf[i], one[0])
					}
				}
				for i := n; i < len(buf); i++ {
					if buf[i] != -7 {
						t.Errorf("%s %s, length %d: wrote past the end at %d", m.name, f.name, n, i)
					}
				}
				fn(x, x)
				for i := range x {
					if math.Float64bits(x[i]) != math.Float64bits(buf[i]) {
						t.Errorf("%s %s, length %d, in place: [%d] = %v, want %v", m.name, f.name, n, i, x[i], buf[i])
					}
				}
			}
		}
	}
}

// TestExported checks that the exported functions run the fastest
// implementation, package math's on a CPU without one, and panic on
// slices of different lengths.
func TestExported(t *testing.T) {
	want := implementations()[0]
	x := grid(-30, 30, 1001)
	exported := map[string][2]func(dst, x []float64){
		"exp":     {Exp, MathExp},
		"sigmoid": {Sigmoid, MathSigmoid},
		"tanh":    {Tanh, MathTanh},
	}
	for _, f := range functions {
		got, ref := make([]float64, len(x)), make([]float64, len(x))
		exported[f.name][0](got, x)
		f.of(want)(ref, x)
		for i := range x {
			if math.Float64bits(got[i]) != math.Float64bits(ref[i]) {
				t.Fatalf("%s(%v) = %v, %s's %v", f.name, x[i], got[i], want.name, ref[i])
			}
		}
		for j, fn := range exported[f.name] {
			msg := panicked(func() { fn(make([]float64, 3), make([]float64, 4)) })
			if !strings.Contains(msg, "len(dst) = 3, len(x) = 4") {
				t.Errorf("%s #%d on lengths 3 and 4: panic %q, want one naming both lengths", f.name, j, msg)
			}
		}
	}
}

// panicked runs f and returns its panic's message ("" if none).
func panicked(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// BenchmarkFunctions times every implementation of every function on a
// row of the reader's gates (300 values); ns/op divided by 300 is the
// time per value.
func BenchmarkFunctions(b *testing.B) {
	x := grid(-8, 8, 300)
	dst := make([]float64, len(x))
	for _, m := range implementations() {
		for _, f := range functions {
			fn := f.of(m)
			b.Run(m.name+"/"+f.name, func(b *testing.B) {
				for b.Loop() {
					fn(dst, x)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(x)), "ns/value")
			})
		}
	}
}

package mathx

import (
	"math"
	"testing"
)

func TestArgmax(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		x    []float64
		want int
	}{
		{nil, 0},
		{[]float64{3}, 0},
		{[]float64{1, 5, 2}, 1},
		{[]float64{4, 4, 1}, 0}, // the first of equal maxima
		{[]float64{-3, -1, -2}, 1},
		{[]float64{1, nan, 2}, 2}, // NaN is never larger
		{[]float64{nan, 1, 2}, 0},
		{[]float64{math.Inf(-1), math.Inf(1)}, 1},
	}
	for _, c := range cases {
		if got := Argmax(c.x); got != c.want {
			t.Errorf("Argmax(%v) = %d, want %d", c.x, got, c.want)
		}
	}
}

func TestSoftmax(t *testing.T) {
	e := math.E
	s2 := 1 + e
	cases := []struct {
		name string
		x    []float64
		k    int
		want []float64
	}{
		{"one group", []float64{0, 1}, 2, []float64{1 / s2, e / s2}},
		{"two groups", []float64{0, 1, 5, 5}, 2, []float64{1 / s2, e / s2, 0.5, 0.5}},
		{"shifted logits", []float64{1000, 1001}, 2, []float64{1 / s2, e / s2}},
		{"a shorter last group is left", []float64{0, 0, 9}, 2, []float64{0.5, 0.5, -1}},
		{"groups of one", []float64{-3, 7}, 1, []float64{1, 1}},
	}
	for _, c := range cases {
		z := []float64{-1, -1, -1, -1}[:len(c.x)]
		Softmax(z, c.x, c.k)
		for i := range z {
			if math.Abs(z[i]-c.want[i]) > 1e-15 {
				t.Errorf("%s: z = %v, want %v", c.name, z, c.want)
				break
			}
		}
	}
	x := []float64{0.5, -2, 3}
	Softmax(x, x, 3) // in place
	if s := x[0] + x[1] + x[2]; math.Abs(s-1) > 1e-15 {
		t.Errorf("in place: %v sums to %v", x, s)
	}
}

// SoftmaxBack agrees with central finite differences of Σ c_i z_i.
func TestSoftmaxBack(t *testing.T) {
	x := []float64{0.3, -1.2, 2.0, 0.7, 0.1, -0.4}
	c := []float64{1.5, -0.5, 0.25, 2, -1, 0.75}
	const k = 3
	loss := func() float64 {
		z := make([]float64, len(x))
		Softmax(z, x, k)
		s := 0.0
		for i := range z {
			s += c[i] * z[i]
		}
		return s
	}
	z := make([]float64, len(x))
	Softmax(z, x, k)
	gx := []float64{1, 1, 1, 1, 1, 1} // SoftmaxBack adds
	SoftmaxBack(gx, z, c, k)
	for i := range x {
		old := x[i]
		x[i] = old + 1e-6
		up := loss()
		x[i] = old - 1e-6
		down := loss()
		x[i] = old
		if num := (up - down) / 2e-6; math.Abs(gx[i]-1-num) > 1e-8 {
			t.Errorf("gradient %d: %v, finite differences %v", i, gx[i]-1, num)
		}
	}
}

func TestWilson(t *testing.T) {
	// Expected values computed apart from this code, with a separate
	// implementation of Wilson's closed form; 0 of 10 gives the textbook
	// upper bound 0.2775.
	for _, c := range []struct {
		right, n int
		lo, hi   float64
	}{
		{81, 100, 0.7222, 0.8749},
		{192, 200, 0.9231, 0.9796},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{1, 2, 0.0945, 0.9055},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(c.right, c.n)
		if math.Abs(lo-c.lo) > 1e-4 || math.Abs(hi-c.hi) > 1e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", c.right, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// Dot sums in order, so that its bits are those of the plain loop: with
// 1e16, 1 and -1e16 it is 0 (1 is lost to 1e16 first), not 1.
func TestDot(t *testing.T) {
	for _, tc := range []struct {
		a, b []float64
		want float64
	}{
		{nil, nil, 0},
		{[]float64{1, 2, 3}, []float64{4, 5, 6, 7}, 32},
		{[]float64{1e16, 1, -1e16}, []float64{1, 1, 1}, 0},
	} {
		if got := Dot(tc.a, tc.b); got != tc.want {
			t.Errorf("Dot(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

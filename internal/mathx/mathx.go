// Package mathx holds the small numeric functions that several packages
// use on plain float64 slices: the dot product, the argmax and the softmax over groups of
// consecutive entries with its backward pass; the Wilson interval of an
// accuracy; rounding to decimal digits.
package mathx

import "math"

// Argmax returns the index of the first largest entry of x (0 for an
// empty x; NaN entries are never larger).
func Argmax(x []float64) int {
	best := 0
	for i, v := range x {
		if v > x[best] {
			best = i
		}
	}
	return best
}

// Dot returns Σ a_i·b_i over the entries of a (b at least as long), summed
// in order: the same bits on every machine, unlike a kernel that sums in
// blocks (gonum's floats.Dot).
func Dot(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// Softmax writes to z the softmax of each group of k consecutive entries
// of x (z may be x): exp(x_i − m)/Σ exp(x_j − m) with m the group's
// largest entry. A shorter last group is left as it is.
func Softmax(z, x []float64, k int) {
	for g := 0; g+k <= len(x); g += k {
		m := x[g]
		for _, xi := range x[g : g+k] {
			m = max(m, xi)
		}
		s := 0.0
		for i := g; i < g+k; i++ {
			z[i] = math.Exp(x[i] - m)
			s += z[i]
		}
		for i := g; i < g+k; i++ {
			z[i] /= s
		}
	}
}

// SoftmaxBack is Softmax's backward pass: from its output z and the
// gradient gz reaching z, it adds the gradient of x, z_i·(gz_i − Σ_j gz_j
// z_j) within each group, to gx.
func SoftmaxBack(gx, z, gz []float64, k int) {
	for g := 0; g+k <= len(z); g += k {
		dot := 0.0
		for i := g; i < g+k; i++ {
			dot += gz[i] * z[i]
		}
		for i := g; i < g+k; i++ {
			gx[i] += z[i] * (gz[i] - dot)
		}
	}
}

// Wilson returns the 95% Wilson score interval of a proportion of right
// answers out of n, as fractions: the range of true accuracies that right
// of n is not unlikely under (Wilson 1927; z = 1.96). It is (0, 1) when n
// is 0.
func Wilson(right, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, fn := float64(right)/float64(n), float64(n)
	d := 1 + z*z/fn
	center := (p + z*z/(2*fn)) / d
	half := z / d * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn))
	return max(0, center-half), min(1, center+half)
}

// Round rounds x to the given number of decimal digits (half away from
// zero): what the commands' JSON output shows of a probability.
func Round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}

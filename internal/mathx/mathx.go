// Package mathx holds the small numeric functions that several packages
// use on plain float64 slices: the argmax and the softmax over groups of
// consecutive entries with its backward pass.
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

// Package lstm is the project's LSTM (Hochreiter & Schmidhuber 1997, with
// the forget gate of Gers et al. 2000, as in Sutskever et al. 2014): the
// word-problem reader's two directions and the Seq2Seq baseline's encoder
// and decoder all run its one forward pass (Cell) and its one backward
// pass (CellBack).
//
// # Weights and gates
//
// A layer of In inputs and H hidden units has one weight matrix W
// [In+H+1, 4H]: its rows multiply the input x_t, the previous hidden state
// h_{t−1} and a constant 1 (the last row is the bias); its columns are the
// pre-activations a = [a_i, a_f, a_g, a_o] of the gates i, f, g, o in that
// order:
//
//	i = σ(a_i)  f = σ(a_f)  g = tanh(a_g)  o = σ(a_o)
//	c_t = f⊙c_{t−1} + i⊙g    h_t = o⊙tanh(c_t)
//
// with h and c zero before the first step unless the caller starts from
// another state.
//
// # Two ways in
//
// Layer runs the recurrence over a whole batch of sequences of different
// lengths in plain Go, the matrix products on gonum's BLAS: Forward writes
// the hidden states and a tape (the gates, c_t and tanh c_t of every step),
// Backward reads that tape and returns the gradients. Neither keeps
// anything between calls; the caller holds the tape (the reader passes it
// from one Gorgonia node to the next as a node value).
//
// Step is one step as a Gorgonia node, for graphs unrolled by the caller
// (the matrix product is the caller's node): its value is the packed state
// [h, c, i, f, g, o, tanh c], so that its backward Ops read the gates from
// the node they differentiate.
//
// The two are not merged into one sequence Op for the Seq2Seq baseline:
// its gradients of W are summed by Gorgonia step by step, the reader's by
// one running matrix product, and the two orders of summation round
// differently; keeping each keeps every trained figure bit for bit.
package lstm

import (
	"math"
)

// sigmoid is the logistic function 1/(1+e^−x).
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Cell is one step of one example. a holds the pre-activations
// [a_i a_f a_g a_o] (4H values) and cPrev the previous cell state c_{t−1}
// (nil: zero). It writes the gates i, f, g, o after their nonlinearities to
// gates (4H values; it may be a itself), c_t to c, tanh c_t to tc and h_t
// to h (H values each).
func Cell(a, cPrev, gates, c, tc, h []float64) {
	H := len(c)
	ai, af, ag, ao := a[:H], a[H:2*H], a[2*H:3*H], a[3*H:4*H]
	gi, gf, gg, og := gates[:H], gates[H:2*H], gates[2*H:3*H], gates[3*H:4*H]
	tc, h = tc[:H], h[:H]
	for j := range c {
		i := sigmoid(ai[j])
		f := sigmoid(af[j])
		g := math.Tanh(ag[j])
		o := sigmoid(ao[j])
		cv := i * g
		if cPrev != nil {
			cv += f * cPrev[j]
		}
		tcv := math.Tanh(cv)
		gi[j], gf[j], gg[j], og[j] = i, f, g, o
		c[j], tc[j], h[j] = cv, tcv, o*tcv
	}
}

// CellBack is Cell's backward pass for one example. gates and tc are what
// Cell wrote, cPrev what it read (nil: zero); dh is the gradient reaching
// h_t and dc the gradient reaching c_t from later steps (not through h_t).
// It writes the gradient of the pre-activations to da (4H values) unless da
// is nil, and the gradient reaching c_{t−1} to dcPrev (H values; it may be
// dc itself) unless dcPrev is nil.
func CellBack(gates, tc, cPrev, dh, dc, da, dcPrev []float64) {
	H := len(tc)
	for j := 0; j < H; j++ {
		i, f, g, o := gates[j], gates[H+j], gates[2*H+j], gates[3*H+j]
		tcv := tc[j]
		dct := dc[j] + dh[j]*o*(1-tcv*tcv)
		if da != nil {
			cp := 0.0
			if cPrev != nil {
				cp = cPrev[j]
			}
			da[j] = dct * g * i * (1 - i)
			da[H+j] = dct * cp * f * (1 - f)
			da[2*H+j] = dct * i * (1 - g*g)
			da[3*H+j] = dh[j] * tcv * o * (1 - o)
		}
		if dcPrev != nil {
			dcPrev[j] = dct * f
		}
	}
}

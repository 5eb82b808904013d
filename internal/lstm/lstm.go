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
// lengths in plain Go, the matrix products on package gemm: Forward writes
// the hidden states and a tape (the gates, c_t and tanh c_t of every step),
// Backward reads that tape and returns the gradients. Neither keeps
// anything between calls; the caller holds the tape (the reader passes it
// from one Gorgonia node to the next as a node value). Its nonlinearities
// are package vecmath's, over all the rows of a step at once, several
// values per instruction: its sigmoid is within 4 ulp of
// 1/(1+math.Exp(−x)) and its tanh within 2 ulp of math.Tanh.
//
// Step is one step as a Gorgonia node, for graphs unrolled by the caller
// (the matrix product is the caller's node): its value is the packed state
// [h, c, i, f, g, o, tanh c], so that its backward Ops read the gates from
// the node they differentiate.
//
// The two are not merged into one sequence Op for the Seq2Seq baseline:
// its gradients of W are summed by Gorgonia step by step, the reader's by
// one running matrix product, and the two orders of summation round
// differently; keeping each keeps every trained figure bit for bit. For
// the same reason Step keeps package math's exp and tanh (Cell), so that
// the baseline's trained figures stay bit for bit.
package lstm

import "github.com/d4lang/d4/internal/vecmath"

// nonlinearities are the gates' functions over slices.
type nonlinearities struct{ sigmoid, tanh func(dst, x []float64) }

var (
	// mathGates are package math's, one value at a time: Cell's, so
	// Step's.
	mathGates = nonlinearities{vecmath.MathSigmoid, vecmath.MathTanh}
	// vectorGates are package vecmath's, several values per instruction:
	// Layer's.
	vectorGates = nonlinearities{vecmath.Sigmoid, vecmath.Tanh}
)

// Cell is one step of one example, with package math's exp and tanh. a
// holds the pre-activations [a_i a_f a_g a_o] (4H values) and cPrev the
// previous cell state c_{t−1} (nil: zero). It writes the gates i, f, g, o
// after their nonlinearities to gates (4H values; it may be a itself), c_t
// to c, tanh c_t to tc and h_t to h (H values each).
func Cell(a, cPrev, gates, c, tc, h []float64) {
	cells(mathGates, len(c), a, cPrev, gates, c, tc, h)
}

// cells is Cell for n examples at once with the nonlinearities nl: a and
// gates hold n rows of 4H values, cPrev (nil: zero), c, tc and h n rows of
// H values, n = len(c)/H.
func cells(nl nonlinearities, H int, a, cPrev, gates, c, tc, h []float64) {
	G, n := 4*H, len(c)/H
	for r := 0; r < n; r++ {
		ar, gr := a[r*G:(r+1)*G], gates[r*G:(r+1)*G]
		nl.sigmoid(gr[:2*H], ar[:2*H]) // i, f
		nl.tanh(gr[2*H:3*H], ar[2*H:3*H])
		nl.sigmoid(gr[3*H:], ar[3*H:]) // o
		i, f, g, cr := gr[:H], gr[H:2*H], gr[2*H:3*H], c[r*H:(r+1)*H]
		for j := range cr {
			cv := i[j] * g[j]
			if cPrev != nil {
				cv += f[j] * cPrev[r*H+j]
			}
			cr[j] = cv
		}
	}
	tc, h = tc[:n*H], h[:n*H]
	nl.tanh(tc, c[:n*H])
	for r := 0; r < n; r++ {
		o := gates[r*G+3*H : (r+1)*G]
		for j, v := range o {
			h[r*H+j] = v * tc[r*H+j]
		}
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

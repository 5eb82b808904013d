package reader

import (
	"fmt"
	"math"
	"math/rand"
	"sort"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gorgonia.org/tensor"
)

// BiLSTM is the reader's network (§4.4 of the paper): word embeddings read
// by one LSTM left to right and one right to left. The state of a token is
// the concatenation [h→, h←] of the two directions' hidden states there
// (2·Hidden values).
//
// Each direction's weights are one matrix W [Embed+Hidden+1, 4·Hidden]: the
// rows multiply the input x_t, the previous hidden state h_{t−1} and a
// constant 1 (the bias row); the columns are the pre-activations of the
// gates i, f, g, o in that order:
//
//	i = σ(a_i)  f = σ(a_f)  g = tanh(a_g)  o = σ(a_o)
//	c_t = f⊙c_{t−1} + i⊙g    h_t = o⊙tanh(c_t)
//
// with h and c zero before the first token.
type BiLSTM struct {
	Vocab, Embed, Hidden int
	E                    *tensor.Dense // embeddings [Vocab, Embed]
	Fwd, Bwd             *tensor.Dense // the two directions' W [Embed+Hidden+1, 4·Hidden]
}

// NewBiLSTM draws the weights from a seeded generator: embeddings from
// N(0, 0.1²) (the paper initialises word vectors randomly), W uniform in
// ±1/√Hidden, and the forget gates' biases at 1 so that early training
// keeps what it has read.
func NewBiLSTM(vocab, embed, hidden int, seed int64) (*BiLSTM, error) {
	if vocab < 1 || embed < 1 || hidden < 1 {
		return nil, fmt.Errorf("reader: BiLSTM sizes must be positive, got vocabulary %d, embedding %d, hidden %d", vocab, embed, hidden)
	}
	rng := rand.New(rand.NewSource(seed))
	e := make([]float64, vocab*embed)
	for i := range e {
		e[i] = 0.1 * rng.NormFloat64()
	}
	w := func() *tensor.Dense {
		rows, cols := embed+hidden+1, 4*hidden
		d := make([]float64, rows*cols)
		a := 1 / math.Sqrt(float64(hidden))
		for i := range d {
			d[i] = a * (2*rng.Float64() - 1)
		}
		bias := d[(rows-1)*cols:]
		for j := 0; j < 4*hidden; j++ {
			bias[j] = 0
		}
		for j := hidden; j < 2*hidden; j++ {
			bias[j] = 1
		}
		return tensor.New(tensor.WithShape(rows, cols), tensor.WithBacking(d))
	}
	r := &BiLSTM{Vocab: vocab, Embed: embed, Hidden: hidden,
		E: tensor.New(tensor.WithShape(vocab, embed), tensor.WithBacking(e))}
	r.Fwd = w()
	r.Bwd = w()
	return r, nil
}

// Width is the width of a token's state: 2·Hidden.
func (r *BiLSTM) Width() int { return 2 * r.Hidden }

// tape is what the forward pass of one direction keeps for the backward
// pass. Rows are the batch's examples ordered by decreasing length, so
// that the examples still reading at step t are the first n[t] rows.
type tape struct {
	n    []int       // active rows at each step
	x    [][]float64 // [n_t, Embed+Hidden+1]: x_t, h_{t−1}, 1
	gate [][]float64 // [n_t, 4H]: i, f, g, o after their nonlinearities
	c    [][]float64 // [n_t, H]
	tc   [][]float64 // [n_t, H]: tanh c_t
}

// batchOrder sorts the examples by decreasing length (stably) and returns
// the order and the number of examples longer than t for every t < T.
func batchOrder(lens []int, T int) (order, active []int) {
	order = make([]int, len(lens))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return lens[order[a]] > lens[order[b]] })
	active = make([]int, T)
	for t := range active {
		for _, b := range order {
			if lens[b] > t {
				active[t]++
			}
		}
	}
	return order, active
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// runDir runs one direction over token ids. ids(b, t) is the token that
// example b reads at its step t (for the backward direction, the tokens in
// reverse). It returns the tape and writes h_t of example b at step t to
// out(b, t).
func (r *BiLSTM) runDir(W []float64, emb []float64, order, active []int, id func(b, t int) int, out func(b, t int) []float64) *tape {
	H, Ein := r.Hidden, r.Embed
	in := Ein + H + 1
	T := len(active)
	tp := &tape{n: active, x: make([][]float64, T), gate: make([][]float64, T), c: make([][]float64, T), tc: make([][]float64, T)}
	for t := 0; t < T; t++ {
		n := active[t]
		x := make([]float64, n*in)
		for k := 0; k < n; k++ {
			b := order[k]
			row := x[k*in : (k+1)*in]
			copy(row[:Ein], emb[id(b, t)*Ein:(id(b, t)+1)*Ein])
			row[in-1] = 1
		}
		if t > 0 {
			// h_{t−1} of the rows still active.
			for k := 0; k < n; k++ {
				prevO := tp.gate[t-1][k*4*H+3*H : k*4*H+4*H]
				prevTC := tp.tc[t-1][k*H : (k+1)*H]
				row := x[k*in+Ein : k*in+Ein+H]
				for j := range row {
					row[j] = prevO[j] * prevTC[j]
				}
			}
		}
		a := make([]float64, n*4*H)
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1,
			blas64.General{Rows: n, Cols: in, Stride: in, Data: x},
			blas64.General{Rows: in, Cols: 4 * H, Stride: 4 * H, Data: W},
			0, blas64.General{Rows: n, Cols: 4 * H, Stride: 4 * H, Data: a})
		c := make([]float64, n*H)
		tc := make([]float64, n*H)
		for k := 0; k < n; k++ {
			g := a[k*4*H : (k+1)*4*H]
			for j := 0; j < H; j++ {
				g[j] = sigmoid(g[j])
				g[H+j] = sigmoid(g[H+j])
				g[2*H+j] = math.Tanh(g[2*H+j])
				g[3*H+j] = sigmoid(g[3*H+j])
				cv := g[j] * g[2*H+j]
				if t > 0 {
					cv += g[H+j] * tp.c[t-1][k*H+j]
				}
				c[k*H+j] = cv
				tc[k*H+j] = math.Tanh(cv)
			}
			h := out(order[k], t)
			for j := 0; j < H; j++ {
				h[j] = g[3*H+j] * tc[k*H+j]
			}
		}
		tp.x[t], tp.gate[t], tp.c[t], tp.tc[t] = x, a, c, tc
	}
	return tp
}

// backDir is the backward pass of runDir: dh(b, t) is the gradient of the
// loss with respect to h_t of example b at its step t. It adds the
// gradients of W to dW and of the embeddings to dE.
func (r *BiLSTM) backDir(W []float64, tp *tape, order []int, id func(b, t int) int, dh func(b, t int) []float64, dW, dE []float64) {
	H, Ein := r.Hidden, r.Embed
	in := Ein + H + 1
	T := len(tp.n)
	B := len(order)
	dhNext := make([]float64, B*H) // gradient reaching h_t from step t+1 (rows in order)
	dcNext := make([]float64, B*H)
	for t := T - 1; t >= 0; t-- {
		n := tp.n[t]
		da := make([]float64, n*4*H)
		for k := 0; k < n; k++ {
			g := tp.gate[t][k*4*H : (k+1)*4*H]
			d := da[k*4*H : (k+1)*4*H]
			up := dh(order[k], t)
			for j := 0; j < H; j++ {
				dhv := up[j] + dhNext[k*H+j]
				i, f, gg, o := g[j], g[H+j], g[2*H+j], g[3*H+j]
				tcv := tp.tc[t][k*H+j]
				dc := dcNext[k*H+j] + dhv*o*(1-tcv*tcv)
				cPrev := 0.0
				if t > 0 {
					cPrev = tp.c[t-1][k*H+j]
				}
				d[j] = dc * gg * i * (1 - i)
				d[H+j] = dc * cPrev * f * (1 - f)
				d[2*H+j] = dc * i * (1 - gg*gg)
				d[3*H+j] = dhv * tcv * o * (1 - o)
				dcNext[k*H+j] = dc * f
			}
		}
		// dW += xᵀ·da; dx = da·Wᵀ.
		blas64.Gemm(blas.Trans, blas.NoTrans, 1,
			blas64.General{Rows: n, Cols: in, Stride: in, Data: tp.x[t]},
			blas64.General{Rows: n, Cols: 4 * H, Stride: 4 * H, Data: da},
			1, blas64.General{Rows: in, Cols: 4 * H, Stride: 4 * H, Data: dW})
		dx := make([]float64, n*in)
		blas64.Gemm(blas.NoTrans, blas.Trans, 1,
			blas64.General{Rows: n, Cols: 4 * H, Stride: 4 * H, Data: da},
			blas64.General{Rows: in, Cols: 4 * H, Stride: 4 * H, Data: W},
			0, blas64.General{Rows: n, Cols: in, Stride: in, Data: dx})
		for k := 0; k < n; k++ {
			row := dx[k*in : (k+1)*in]
			w := id(order[k], t)
			de := dE[w*Ein : (w+1)*Ein]
			for j := 0; j < Ein; j++ {
				de[j] += row[j]
			}
			copy(dhNext[k*H:(k+1)*H], row[Ein:Ein+H])
		}
	}
}

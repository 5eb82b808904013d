package lstm

import (
	"fmt"
	"sort"
	"sync"

	"github.com/d4lang/d4/internal/gemm"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Layer is an LSTM layer of In inputs and Hidden units, run over a batch of
// sequences (see the package documentation for W and the gates).
//
// Only the recurrent product h_{t−1}·W_h is computed step by step: the
// inputs' products x_t·W_x of all steps are one matrix product before the
// recurrence (Forward), and the gradients of W and of the inputs one
// product each after it (Backward), so that the kernels (package gemm)
// see matrices of Σ lengths rows instead of a batch's.
type Layer struct {
	In, Hidden int
}

// Batch is a batch of sequences ordered by decreasing length (stably), so
// that the examples still reading at step t are the first Active[t] rows.
type Batch struct {
	Order  []int // the example read by each row
	Active []int // the number of rows still reading at each step
}

// NewBatch orders a batch of sequences of the given lengths (each ≥ 1).
func NewBatch(lens []int) (Batch, error) {
	steps := 0
	for e, n := range lens {
		if n < 1 {
			return Batch{}, fmt.Errorf("lstm: example %d of the batch has %d steps", e, n)
		}
		steps = max(steps, n)
	}
	order := make([]int, len(lens))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return lens[order[a]] > lens[order[b]] })
	active := make([]int, steps)
	for t := range active {
		for _, e := range order {
			if lens[e] > t {
				active[t]++
			}
		}
	}
	return Batch{Order: order, Active: active}, nil
}

// rows is the number of example steps of the batch: Σ lengths.
func (b Batch) rows() int {
	n := 0
	for _, a := range b.Active {
		n += a
	}
	return n
}

// rowTape is the tape width of one example step: the gates (4H), c_t and
// tanh c_t.
func (l Layer) rowTape() int { return 6 * l.Hidden }

// TapeLen is the length of the tape of a batch whose sequences are n steps
// long in all (Σ of the lengths).
func (l Layer) TapeLen(n int) int { return n * l.rowTape() }

// tape is a batch's tape cut into its three blocks, each with a row per
// example step, step after step (step t's rows start at first[t]): the
// gates [N,4H] as Cell writes them, c_t [N,H] and tanh c_t [N,H].
type tape struct {
	gates, c, tc []float64
	first        []int
}

// cut lays out the tape of batch b on data (at least TapeLen(Σ lengths)
// values).
func (l Layer) cut(b Batch, data []float64) tape {
	H, N := l.Hidden, b.rows()
	tp := tape{gates: data[:N*4*H], c: data[N*4*H : N*5*H], tc: data[N*5*H : N*6*H], first: make([]int, len(b.Active))}
	for t := 1; t < len(b.Active); t++ {
		tp.first[t] = tp.first[t-1] + b.Active[t-1]
	}
	return tp
}

// h writes h_t = o ⊙ tanh c_t of the example step at tape row r to h.
func (l Layer) h(tp tape, r int, h []float64) {
	H := l.Hidden
	o, tc := tp.gates[r*4*H+3*H:(r+1)*4*H], tp.tc[r*H:(r+1)*H]
	for j := range h[:H] {
		h[j] = o[j] * tc[j]
	}
}

// inputRows writes every example step's row [x_t, h_{t−1}, 1] into x
// (N rows of In+H+1), x_t from input and h_{t−1} from the tape (zero at
// t = 0).
func (l Layer) inputRows(x []float64, b Batch, tp tape, input func(e, t int, x []float64)) {
	H, in := l.Hidden, l.In+l.Hidden+1
	for t, n := range b.Active {
		for k := 0; k < n; k++ {
			row := x[(tp.first[t]+k)*in : (tp.first[t]+k+1)*in]
			input(b.Order[k], t, row[:l.In])
			if t == 0 {
				clear(row[l.In : l.In+H])
			} else {
				l.h(tp, tp.first[t-1]+k, row[l.In:l.In+H])
			}
			row[in-1] = 1
		}
	}
}

func general(rows, cols int, d []float64) blas64.General {
	return blas64.General{Rows: rows, Cols: cols, Stride: cols, Data: d}
}

// weights cuts W [In+H+1, 4H] into its input rows W_x [In,4H], its
// recurrent rows W_h [H,4H] and its bias row [4H].
func (l Layer) weights(W []float64) (wx, wh blas64.General, bias []float64) {
	H, G := l.Hidden, 4*l.Hidden
	return general(l.In, G, W[:l.In*G]), general(H, G, W[l.In*G:(l.In+H)*G]), W[(l.In+H)*G : (l.In+H+1)*G]
}

// Forward runs the layer over a batch. input(e, t, x) writes example e's
// input at its step t to x (In values); W is [In+H+1, 4H] row-major; h(e, t)
// is where h_t of example e goes (H values). The tape (TapeLen(Σ lengths)
// values) receives what Backward reads; every value of it is written.
func (l Layer) Forward(W []float64, b Batch, input func(e, t int, x []float64), h func(e, t int) []float64, tape []float64) {
	H, G, N := l.Hidden, 4*l.Hidden, b.rows()
	tp := l.cut(b, tape)
	wx, wh, bias := l.weights(W)
	buf := Scratch(N*l.In + len(b.Order)*H)
	defer Release(buf)
	x, hPrev := (*buf)[:N*l.In], (*buf)[N*l.In:]
	// The products of every step's inputs at once: x_t·W_x.
	for t, n := range b.Active {
		for k := 0; k < n; k++ {
			input(b.Order[k], t, x[(tp.first[t]+k)*l.In:(tp.first[t]+k+1)*l.In])
		}
	}
	gemm.Gemm(blas.NoTrans, blas.NoTrans, 1, general(N, l.In, x), wx, 0, general(N, G, tp.gates))
	// The recurrence: h_{t−1}·W_h and the bias added step by step.
	for t, n := range b.Active {
		a := tp.gates[tp.first[t]*G : (tp.first[t]+n)*G]
		if t > 0 {
			gemm.Gemm(blas.NoTrans, blas.NoTrans, 1, general(n, H, hPrev[:n*H]), wh, 1, general(n, G, a))
		}
		for k := 0; k < n; k++ {
			ak := a[k*G : (k+1)*G]
			for j, v := range bias {
				ak[j] += v
			}
		}
		var cPrev []float64 // the first n rows of step t−1
		if t > 0 {
			cPrev = tp.c[tp.first[t-1]*H : (tp.first[t-1]+n)*H]
		}
		rows := tp.first[t] * H
		cells(vectorGates, H, a, cPrev, a, tp.c[rows:rows+n*H], tp.tc[rows:rows+n*H], hPrev[:n*H])
		for k := 0; k < n; k++ {
			copy(h(b.Order[k], t), hPrev[k*H:(k+1)*H])
		}
	}
}

// Backward is Forward's backward pass over the same batch, weights, input
// and tape. dh(e, t) is the gradient of the loss with respect to h_t of
// example e. The gradient of W is added to dW, and dx(e, t, g) is called
// with the gradient g of example e's input at its step t (In values, valid
// during the call), for every example step.
func (l Layer) Backward(W []float64, b Batch, input func(e, t int, x []float64), tape []float64, dh func(e, t int) []float64, dW []float64, dx func(e, t int, g []float64)) {
	H, G, N, in := l.Hidden, 4*l.Hidden, b.rows(), l.In+l.Hidden+1
	tp := l.cut(b, tape)
	wx, wh, _ := l.weights(W)
	B := len(b.Order)
	buf := Scratch(N*G + 2*B*H + N*in + G*H)
	defer Release(buf)
	// da: the gradient of every step's pre-activations; dhNext, dcNext:
	// the gradients reaching h_t and c_t from step t+1, by row; x: the
	// rows [x_t, h_{t−1}, 1], then the inputs' gradient; whT: W_hᵀ, which
	// the steps read in place (a transposed operand is packed anew at
	// every product).
	da, next, x, whT := (*buf)[:N*G], (*buf)[N*G:N*G+2*B*H], (*buf)[N*G+2*B*H:N*G+2*B*H+N*in], (*buf)[N*G+2*B*H+N*in:]
	clear(next)
	dhNext, dcNext := next[:B*H], next[B*H:]
	for i := 0; i < H; i++ {
		for j := 0; j < G; j++ {
			whT[j*H+i] = wh.Data[i*wh.Stride+j]
		}
	}
	for t := len(b.Active) - 1; t >= 0; t-- {
		n := b.Active[t]
		for k := 0; k < n; k++ {
			r := tp.first[t] + k
			dhk, dck := dhNext[k*H:(k+1)*H], dcNext[k*H:(k+1)*H]
			for j, v := range dh(b.Order[k], t) {
				dhk[j] += v
			}
			var cPrev []float64
			if t > 0 {
				cPrev = tp.c[(tp.first[t-1]+k)*H : (tp.first[t-1]+k+1)*H]
			}
			CellBack(tp.gates[r*G:(r+1)*G], tp.tc[r*H:(r+1)*H], cPrev, dhk, dck, da[r*G:(r+1)*G], dck)
		}
		if t > 0 { // dh_{t−1} = da_t·W_hᵀ
			gemm.Gemm(blas.NoTrans, blas.NoTrans, 1, general(n, G, da[tp.first[t]*G:(tp.first[t]+n)*G]), general(G, H, whT),
				0, general(n, H, dhNext[:n*H]))
		}
	}
	// dW += [x, h, 1]ᵀ·da over every example step; dx = da·W_xᵀ.
	l.inputRows(x, b, tp, input)
	gemm.Gemm(blas.Trans, blas.NoTrans, 1, general(N, in, x), general(N, G, da), 1, general(in, G, dW))
	gx := x[:N*l.In]
	gemm.Gemm(blas.NoTrans, blas.Trans, 1, general(N, G, da), wx, 0, general(N, l.In, gx))
	for t, n := range b.Active {
		for k := 0; k < n; k++ {
			r := tp.first[t] + k
			dx(b.Order[k], t, gx[r*l.In:(r+1)*l.In])
		}
	}
}

// buffers holds scratch vectors for Forward and Backward and their
// callers, so that a training run does not allocate them at every batch.
var buffers sync.Pool

// Scratch returns a vector of n values from the package's pool of scratch
// vectors (its values are whatever they were); Release returns it.
func Scratch(n int) *[]float64 {
	if p, ok := buffers.Get().(*[]float64); ok {
		if cap(*p) >= n {
			*p = (*p)[:n]
			return p
		}
	}
	s := make([]float64, n)
	return &s
}

// Release returns a vector that Scratch gave to the pool.
func Release(p *[]float64) { buffers.Put(p) }

// FLOPs is the work of Forward and of Backward on a batch of seqs
// sequences of steps steps in all, counted from the shapes of the matrix
// products (2 per multiply-add; the gates' element-wise arithmetic is
// not counted): forward x_t·W_x at every step and h_{t−1}·W_h at every
// step but the first; backward [x, h, 1]ᵀ·da for dW, da·W_xᵀ for the
// inputs and da·W_hᵀ for h_{t−1}.
func (l Layer) FLOPs(steps, seqs int) (forward, backward float64) {
	N, N1 := float64(steps), float64(steps-seqs)
	in, H, G := float64(l.In), float64(l.Hidden), float64(4*l.Hidden)
	forward = 2*N*in*G + 2*N1*H*G
	backward = 2*N*(in+H+1)*G + 2*N*in*G + 2*N1*G*H
	return forward, backward
}

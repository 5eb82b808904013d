package lstm

import (
	"fmt"
	"sort"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Layer is an LSTM layer of In inputs and Hidden units, run over a batch of
// sequences (see the package documentation for W and the gates).
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

// rowTape is the tape width of one example step: the gates (4H), c_t and
// tanh c_t.
func (l Layer) rowTape() int { return 6 * l.Hidden }

// TapeLen is the length of the tape of a batch whose sequences are n steps
// long in all (Σ of the lengths).
func (l Layer) TapeLen(n int) int { return n * l.rowTape() }

// stepTape is the tape of step t: for each active row, its gates [n,4H], c [n,H]
// and tanh c [n,H], each block row-major.
type stepTape struct {
	gates, c, tc []float64
}

// steps cuts the tape into its steps.
func (l Layer) steps(b Batch, tape []float64) []stepTape {
	H := l.Hidden
	out := make([]stepTape, len(b.Active))
	off := 0
	for t, n := range b.Active {
		s := &out[t]
		s.gates = tape[off : off+n*4*H]
		off += n * 4 * H
		s.c = tape[off : off+n*H]
		off += n * H
		s.tc = tape[off : off+n*H]
		off += n * H
	}
	return out
}

// inputRows writes the rows [x_t, h_{t−1}, 1] of step t into x: x_t from
// input, h_{t−1} from the tape of step t−1 (zero at t = 0).
func (l Layer) inputRows(x []float64, b Batch, t int, st []stepTape, input func(e, t int, x []float64)) {
	H, in := l.Hidden, l.In+l.Hidden+1
	for k := 0; k < b.Active[t]; k++ {
		row := x[k*in : (k+1)*in]
		input(b.Order[k], t, row[:l.In])
		hp := row[l.In : l.In+H]
		if t == 0 {
			clear(hp)
		} else {
			o := st[t-1].gates[k*4*H+3*H : (k+1)*4*H]
			tc := st[t-1].tc[k*H : (k+1)*H]
			for j := range hp {
				hp[j] = o[j] * tc[j]
			}
		}
		row[in-1] = 1
	}
}

func general(rows, cols int, d []float64) blas64.General {
	return blas64.General{Rows: rows, Cols: cols, Stride: cols, Data: d}
}

// Forward runs the layer over a batch. input(e, t, x) writes example e's
// input at its step t to x (In values); W is [In+H+1, 4H] row-major; h(e, t)
// is where h_t of example e goes (H values). The tape (TapeLen(Σ lengths)
// values) receives what Backward reads; every value of it is written.
func (l Layer) Forward(W []float64, b Batch, input func(e, t int, x []float64), h func(e, t int) []float64, tape []float64) {
	H, in := l.Hidden, l.In+l.Hidden+1
	st := l.steps(b, tape)
	x := make([]float64, len(b.Order)*in)
	for t, n := range b.Active {
		l.inputRows(x, b, t, st, input)
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, general(n, in, x[:n*in]), general(in, 4*H, W),
			0, general(n, 4*H, st[t].gates))
		for k := 0; k < n; k++ {
			a := st[t].gates[k*4*H : (k+1)*4*H]
			var cPrev []float64
			if t > 0 {
				cPrev = st[t-1].c[k*H : (k+1)*H]
			}
			Cell(a, cPrev, a, st[t].c[k*H:(k+1)*H], st[t].tc[k*H:(k+1)*H], h(b.Order[k], t))
		}
	}
}

// Backward is Forward's backward pass over the same batch, weights, input
// and tape. dh(e, t) is the gradient of the loss with respect to h_t of
// example e. The gradient of W is added to dW, and dx(e, t, g) is called
// with the gradient g of example e's input at its step t (In values, valid
// during the call), for every step from the last to the first.
func (l Layer) Backward(W []float64, b Batch, input func(e, t int, x []float64), tape []float64, dh func(e, t int) []float64, dW []float64, dx func(e, t int, g []float64)) {
	H, in := l.Hidden, l.In+l.Hidden+1
	st := l.steps(b, tape)
	B := len(b.Order)
	x := make([]float64, B*in)
	gx := make([]float64, B*in)
	da := make([]float64, B*4*H)
	dhNext := make([]float64, B*H) // the gradient reaching h_t from step t+1, by row
	dcNext := make([]float64, B*H) // the gradient reaching c_t from step t+1, by row
	for t := len(b.Active) - 1; t >= 0; t-- {
		n := b.Active[t]
		for k := 0; k < n; k++ {
			dhk, dck := dhNext[k*H:(k+1)*H], dcNext[k*H:(k+1)*H]
			for j, v := range dh(b.Order[k], t) {
				dhk[j] += v
			}
			var cPrev []float64
			if t > 0 {
				cPrev = st[t-1].c[k*H : (k+1)*H]
			}
			CellBack(st[t].gates[k*4*H:(k+1)*4*H], st[t].tc[k*H:(k+1)*H], cPrev, dhk, dck, da[k*4*H:(k+1)*4*H], dck)
		}
		// dW += xᵀ·da; gx = da·Wᵀ.
		l.inputRows(x, b, t, st, input)
		blas64.Gemm(blas.Trans, blas.NoTrans, 1, general(n, in, x[:n*in]), general(n, 4*H, da[:n*4*H]),
			1, general(in, 4*H, dW))
		blas64.Gemm(blas.NoTrans, blas.Trans, 1, general(n, 4*H, da[:n*4*H]), general(in, 4*H, W),
			0, general(n, in, gx[:n*in]))
		for k := 0; k < n; k++ {
			row := gx[k*in : (k+1)*in]
			dx(b.Order[k], t, row[:l.In])
			copy(dhNext[k*H:(k+1)*H], row[l.In:l.In+H])
		}
	}
}

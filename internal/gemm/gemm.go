package gemm

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/d4lang/d4/internal/par"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Blocking: a KC×NC block of op(B) is packed once per step of the k loop
// and an MC×KC block of op(A) once per block of rows; the micro-kernel
// then runs over MR×NR tiles of C with the A block in L2 and one KC×NR
// panel of B in L1.
const (
	blockK = 192  // KC
	blockM = 96   // MC, a multiple of every kernel's mr
	blockN = 1536 // NC, a multiple of every kernel's nr
)

// parallelFLOP is the least work (2mnk FLOP, some 25 µs) worth a
// goroutine: a product is split over at most 2mnk/parallelFLOP goroutines,
// so one below 2·parallelFLOP runs on the caller's goroutine alone.
const parallelFLOP = 2_000_000

// directB is the largest m for which a row-major op(B) is read in place
// instead of packed: packing costs k·n copies, worth it only when each
// packed panel is reused over many rows of A.
const directB = 64

// dotRows is the largest m for which a product with op(B) = Bᵀ is left to
// gonum: its dot products read the rows of B in place, where packing Bᵀ
// would cost more than the product.
const dotRows = 2

// inUse is the kernel Gemm runs, chosen once from the CPU's features; nil
// when there is no assembly kernel for this CPU and gonum does the work.
var inUse = fastest(kernels())

func fastest(ks []*kernel) *kernel {
	if len(ks) == 0 {
		return nil
	}
	return ks[0]
}

// Kernel names the micro-kernel Gemm runs on this CPU: "avx512 8x16",
// "avx2-fma 6x8", or "gonum" when Gemm calls blas64.Gemm.
func Kernel() string {
	if inUse == nil {
		return "gonum"
	}
	return inUse.name
}

// Gemm computes C = alpha·op(A)·op(B) + beta·C for row-major matrices, as
// blas64.Gemm does: op(X) is X or Xᵀ as tA and tB say (blas.ConjTrans is
// blas.Trans), op(A) is m×k, op(B) is k×n and C is m×n. When beta is zero C
// is only written. Mismatched dimensions, strides below the column count or
// data too short for the rows panic: they are programming errors.
func Gemm(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	p := newProduct(tA, tB, alpha, a, b, beta, c)
	if p.trivial() {
		return
	}
	if inUse == nil || p.transB && p.m <= dotRows {
		blas64.Gemm(tA, tB, alpha, a, b, beta, c)
		return
	}
	p.run(inUse, runtime.GOMAXPROCS(0))
}

// product is one call of Gemm with its arguments checked.
type product struct {
	transA, transB bool
	m, n, k        int
	alpha, beta    float64
	a, b, c        blas64.General
}

func newProduct(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) product {
	p := product{transA: isTrans(tA, "A"), transB: isTrans(tB, "B"), alpha: alpha, beta: beta, a: a, b: b, c: c}
	checkGeneral("A", a)
	checkGeneral("B", b)
	checkGeneral("C", c)
	p.m, p.k = a.Rows, a.Cols
	if p.transA {
		p.m, p.k = a.Cols, a.Rows
	}
	kb, n := b.Rows, b.Cols
	if p.transB {
		kb, n = b.Cols, b.Rows
	}
	p.n = n
	if kb != p.k {
		panic(fmt.Sprintf("gemm: op(A) is %d×%d but op(B) is %d×%d: inner dimensions differ", p.m, p.k, kb, n))
	}
	if c.Rows != p.m || c.Cols != p.n {
		panic(fmt.Sprintf("gemm: C is %d×%d, want %d×%d (op(A) is %d×%d, op(B) is %d×%d)", c.Rows, c.Cols, p.m, p.n, p.m, p.k, p.k, p.n))
	}
	return p
}

func isTrans(t blas.Transpose, name string) bool {
	switch t {
	case blas.NoTrans:
		return false
	case blas.Trans, blas.ConjTrans:
		return true
	}
	panic(fmt.Sprintf("gemm: bad transpose %d for %s", t, name))
}

func checkGeneral(name string, g blas64.General) {
	if g.Rows < 0 || g.Cols < 0 {
		panic(fmt.Sprintf("gemm: %s is %d×%d: negative dimension", name, g.Rows, g.Cols))
	}
	if g.Stride < max(1, g.Cols) {
		panic(fmt.Sprintf("gemm: %s has stride %d, less than its %d columns", name, g.Stride, g.Cols))
	}
	if g.Rows > 0 && g.Cols > 0 && len(g.Data) < (g.Rows-1)*g.Stride+g.Cols {
		panic(fmt.Sprintf("gemm: %s is %d×%d with stride %d but has only %d values", name, g.Rows, g.Cols, g.Stride, len(g.Data)))
	}
}

// trivial does the product if it needs no multiplication (C is empty, or
// op(A)·op(B) is zero and C only scaled by beta) and reports whether it did.
func (p product) trivial() bool {
	if p.m == 0 || p.n == 0 {
		return true
	}
	if p.k == 0 || p.alpha == 0 {
		scale(p.beta, p.c)
		return true
	}
	return false
}

// scale sets C = beta·C (C = 0 when beta is zero, whatever C held).
func scale(beta float64, c blas64.General) {
	if beta == 1 {
		return
	}
	for i := 0; i < c.Rows; i++ {
		row := c.Data[i*c.Stride : i*c.Stride+c.Cols]
		if beta == 0 {
			clear(row)
			continue
		}
		for j := range row {
			row[j] *= beta
		}
	}
}

// run computes the product with kernel kn on up to procs goroutines.
func (p product) run(kn *kernel, procs int) {
	workers := min(procs, int(2*float64(p.m)*float64(p.n)*float64(p.k)/parallelFLOP))
	if workers <= 1 {
		p.band(kn, 0, p.m, 0, p.n)
		return
	}
	p.split(kn, workers)
}

// split gives each of up to workers goroutines a band of C's rows or of
// its columns, whichever has more tiles, the bands' edges on tile edges.
func (p product) split(kn *kernel, workers int) {
	rowTiles, colTiles := ceilDiv(p.m, kn.mr), ceilDiv(p.n, kn.nr)
	byRows := rowTiles >= colTiles
	tiles, step, size := colTiles, kn.nr, p.n
	if byRows {
		tiles, step, size = rowTiles, kn.mr, p.m
	}
	workers = min(workers, tiles)
	par.For(workers, func(w int) {
		lo, hi := min(size, tiles*w/workers*step), min(size, tiles*(w+1)/workers*step)
		if byRows {
			p.band(kn, lo, hi, 0, p.n)
		} else {
			p.band(kn, 0, p.m, lo, hi)
		}
	})
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// band computes rows i0…i1−1 and columns j0…j1−1 of C: the blocked loops
// around the micro-kernel, with its own packing buffers.
func (p product) band(kn *kernel, i0, i1, j0, j1 int) {
	m := i1 - i0
	ws := getWorkspace(kn, min(blockM, m), min(blockK, p.k), min(blockN, j1-j0))
	defer workspaces.Put(ws)
	for jc := j0; jc < j1; jc += blockN {
		nc := min(blockN, j1-jc)
		for pc := 0; pc < p.k; pc += blockK {
			kc := min(blockK, p.k-pc)
			beta := p.beta
			if pc > 0 {
				beta = 1 // the first block of k applied beta
			}
			direct := !p.transB && m <= directB
			if !direct {
				packB(ws.b, p.b, p.transB, pc, kc, jc, nc, kn.nr)
			}
			for ic := i0; ic < i1; ic += blockM {
				mc := min(blockM, i1-ic)
				packA(ws.a, p.a, p.transA, ic, mc, pc, kc, kn.mr)
				p.macro(kn, ws, direct, ic, mc, jc, nc, pc, kc, beta)
			}
		}
	}
}

// macro runs the kernel over the mc×nc block of C at (ic, jc), from the
// packed A block and the packed B block (or op(B) itself when direct).
func (p product) macro(kn *kernel, ws *workspace, direct bool, ic, mc, jc, nc, pc, kc int, beta float64) {
	mr, nr := kn.mr, kn.nr
	ldc := p.c.Stride
	for jr := 0; jr < nc; jr += nr {
		nw := min(nr, nc-jr)
		bp, ldb := ws.b[jr*kc:], nr
		if direct && nw == nr {
			bp, ldb = p.b.Data[pc*p.b.Stride+jc+jr:], p.b.Stride
		} else if direct {
			packB(ws.b, p.b, false, pc, kc, jc+jr, nw, nr)
			bp = ws.b
		}
		for ir := 0; ir < mc; ir += mr {
			mh := min(mr, mc-ir)
			ap := ws.a[ir*kc:]
			at := (ic+ir)*ldc + jc + jr
			if mh == mr && nw == nr {
				kn.tile(kc, ap, bp, ldb, p.c.Data[at:], ldc, p.alpha, beta)
				continue
			}
			// An edge tile: compute it whole into the buffer, keep what is in C.
			kn.tile(kc, ap, bp, ldb, ws.tile, nr, 1, 0)
			for i := 0; i < mh; i++ {
				row, t := p.c.Data[at+i*ldc:at+i*ldc+nw], ws.tile[i*nr:i*nr+nw]
				if beta == 0 {
					for j, v := range t {
						row[j] = p.alpha * v
					}
				} else {
					for j, v := range t {
						row[j] = p.alpha*v + beta*row[j]
					}
				}
			}
		}
	}
}

// workspace holds one goroutine's packing buffers, grown to the largest
// blocks asked for and reused through workspaces, so that a call in the
// steady state does not allocate.
type workspace struct {
	a, b, tile []float64
}

var workspaces sync.Pool

// getWorkspace returns buffers for blocks of up to mc×kc of A and kc×nc
// of B, padded to whole panels of kernel kn.
func getWorkspace(kn *kernel, mc, kc, nc int) *workspace {
	ws, _ := workspaces.Get().(*workspace)
	if ws == nil {
		ws = new(workspace)
	}
	grow(&ws.a, ceilDiv(mc, kn.mr)*kn.mr*kc)
	grow(&ws.b, ceilDiv(nc, kn.nr)*kn.nr*kc)
	grow(&ws.tile, kn.mr*kn.nr)
	return ws
}

func grow(s *[]float64, n int) {
	if len(*s) < n {
		*s = make([]float64, n)
	}
}

package gemm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/d4lang/d4/internal/testskip"
)

var transposes = []blas.Transpose{blas.NoTrans, blas.Trans}

// testKernels are the assembly kernels this CPU can run and the portable
// test kernel, which runs the blocked loops on any CPU.
func testKernels() []*kernel { return append(kernels(), &goKernel) }

// anyKernel is the kernel Gemm runs, or the portable one where gonum does.
func anyKernel() *kernel { return testKernels()[0] }

// padding fills the values of a matrix's data outside the matrix itself
// (past the columns in each stride): a kernel that reads them gets NaN into
// C, one that writes them is caught by the check that the padding kept its
// values.
var padding = math.Float64frombits(0x7ff8dead0000beef)

// newMatrix is a rows×cols matrix of values in [−1, 1) with stride
// cols+extra, the gaps filled with padding.
func newMatrix(rng *rand.Rand, rows, cols, extra int) blas64.General {
	stride := max(1, cols+extra)
	g := blas64.General{Rows: rows, Cols: cols, Stride: stride, Data: make([]float64, rows*stride)}
	for i := range g.Data {
		g.Data[i] = padding
		if i%stride < cols {
			g.Data[i] = 2*rng.Float64() - 1
		}
	}
	return g
}

func clone(g blas64.General) blas64.General {
	g.Data = append([]float64(nil), g.Data...)
	return g
}

// shape is op(A) m×k times op(B) k×n.
type shape struct{ m, n, k int }

// operands makes A, B and C for a product of the given shape, each with
// its own extra stride.
func operands(rng *rand.Rand, s shape, tA, tB blas.Transpose, extra int) (a, b, c blas64.General) {
	if tA == blas.NoTrans {
		a = newMatrix(rng, s.m, s.k, extra)
	} else {
		a = newMatrix(rng, s.k, s.m, extra+1)
	}
	if tB == blas.NoTrans {
		b = newMatrix(rng, s.k, s.n, extra+2)
	} else {
		b = newMatrix(rng, s.n, s.k, extra)
	}
	return a, b, newMatrix(rng, s.m, s.n, extra+3)
}

// bound is, per element of C, Σ_p |op(A)[i][p]|·|op(B)[p][j]|·|alpha| +
// |beta·C[i][j]|: the scale of the rounding errors of any order of sums.
func bound(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) []float64 {
	abs := func(g blas64.General) blas64.General {
		g = clone(g)
		for i, v := range g.Data {
			g.Data[i] = math.Abs(v)
		}
		return g
	}
	out := clone(c)
	for i := range out.Data {
		out.Data[i] = 0
	}
	if beta != 0 {
		out = abs(c)
	}
	blas64.Gemm(tA, tB, math.Abs(alpha), abs(a), abs(b), math.Abs(beta), out)
	return out.Data
}

// compare reports the elements of got that differ from want by more than
// a few roundings of bound, and any change to the padding of C.
func compare(t *testing.T, name string, got, want blas64.General, bnd []float64) {
	t.Helper()
	bad := 0
	for i := range got.Data {
		g, w := got.Data[i], want.Data[i]
		if i%got.Stride >= got.Cols {
			if math.Float64bits(g) != math.Float64bits(padding) {
				t.Errorf("%s: padding at %d written: %v", name, i, g)
				return
			}
			continue
		}
		if !(math.Abs(g-w) <= 1e-14*bnd[i]+1e-300) {
			if bad++; bad <= 3 {
				t.Errorf("%s: C[%d][%d] = %v, want %v (bound %g)", name, i/got.Stride, i%got.Stride, g, w, bnd[i])
			}
		}
	}
}

// The product agrees with gonum's for every transpose, alpha, beta, stride
// and every size around the kernels' tile and block edges.
func TestGemmAgreesWithGonum(t *testing.T) {
	small := []int{0, 1, 2, 5, 6, 7, 8, 13}
	var shapes []shape
	for _, m := range small {
		for _, n := range small {
			for _, k := range small {
				shapes = append(shapes, shape{m, n, k})
			}
		}
	}
	for _, m := range []int{1, 13, 75, 151, 301} {
		for _, n := range []int{8, 75, 300, 301} {
			for _, k := range []int{75, 257, 301} {
				shapes = append(shapes, shape{m, n, k})
			}
		}
	}
	shapes = append(shapes, shape{7, 1601, 13}, shape{100, 1601, 5}) // more than one block of n
	if testing.Short() {
		shapes = shapes[:len(small)*len(small)*len(small)]
	}
	scalars := [][2]float64{{1, 0}, {0.5, 1}, {-2, 0.3}, {1, 1}, {0.5, 0}, {-2, 1}, {1, 0.3}, {0.5, 0.3}, {-2, 0}}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, kn := range testKernels() {
		for _, tA := range transposes {
			for _, tB := range transposes {
				for si, s := range shapes {
					ab := scalars[si%len(scalars)]
					if s.m*s.n*s.k < 1000 {
						for _, ab := range scalars {
							checkProduct(t, rng, kn, s, tA, tB, ab[0], ab[1], si%3)
						}
						continue
					}
					checkProduct(t, rng, kn, s, tA, tB, ab[0], ab[1], si%3)
				}
			}
		}
	}
}

// checkProduct runs one product with kernel kn on the caller's goroutine
// and compares it with gonum's; beta = 0 gets a C full of NaNs.
func checkProduct(t *testing.T, rng *rand.Rand, kn *kernel, s shape, tA, tB blas.Transpose, alpha, beta float64, extra int) {
	t.Helper()
	a, b, c := operands(rng, s, tA, tB, extra)
	if beta == 0 {
		for i := range c.Data {
			if i%c.Stride < c.Cols {
				c.Data[i] = math.NaN()
			}
		}
	}
	want, got := clone(c), clone(c)
	blas64.Gemm(tA, tB, alpha, a, b, beta, want)
	gemmWith(kn, 1, tA, tB, alpha, a, b, beta, got)
	name := fmt.Sprintf("%s %v%v %dx%dx%d alpha=%v beta=%v stride+%d", kn.name, tA, tB, s.m, s.n, s.k, alpha, beta, extra)
	compare(t, name, got, want, bound(tA, tB, alpha, a, b, beta, c))
}

// gemmWith is Gemm with the kernel and the number of goroutines given.
func gemmWith(kn *kernel, procs int, tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	if p := newProduct(tA, tB, alpha, a, b, beta, c); !p.trivial() {
		p.run(kn, procs)
	}
}

// Gemm itself (the chosen kernel, GOMAXPROCS goroutines) agrees with gonum,
// including alpha = 0 and k = 0, where C is only scaled.
func TestGemmEntryPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		s           shape
		alpha, beta float64
	}{
		{shape{50, 300, 75}, 1, 1}, {shape{2000, 300, 75}, 1, 0}, {shape{75, 300, 400}, 1, 1},
		{shape{1, 75, 300}, 1, 0}, {shape{2, 75, 300}, -2, 0.3}, {shape{3, 75, 300}, 0.5, 1},
		{shape{9, 10, 11}, 0, 0.3}, {shape{9, 10, 11}, 0, 0}, {shape{9, 10, 0}, 1, 0.3}, {shape{9, 10, 0}, 1, 0},
	} {
		for _, tA := range transposes {
			for _, tB := range transposes {
				a, b, c := operands(rng, tc.s, tA, tB, 1)
				want, got := clone(c), clone(c)
				blas64.Gemm(tA, tB, tc.alpha, a, b, tc.beta, want)
				Gemm(tA, tB, tc.alpha, a, b, tc.beta, got)
				name := fmt.Sprintf("Gemm %v%v %v alpha=%v beta=%v", tA, tB, tc.s, tc.alpha, tc.beta)
				compare(t, name, got, want, bound(tA, tB, tc.alpha, a, b, tc.beta, c))
			}
		}
	}
}

// The assembly kernels and the portable one compute the same tiles (up to
// the rounding FMA saves), called directly on packed panels.
func TestKernelsAgree(t *testing.T) {
	if len(kernels()) == 0 {
		testskip.Skip(t, "no assembly kernel for this CPU")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, kn := range kernels() {
		testKernelAgrees(t, rng, kn)
	}
}

func testKernelAgrees(t *testing.T, rng *rand.Rand, kn *kernel) {
	for _, kc := range []int{1, 2, 3, 75, 256} {
		for _, beta := range []float64{0, 1, 0.3} {
			mr, nr := kn.mr, kn.nr
			a, b := newMatrix(rng, kc, mr, 0).Data, newMatrix(rng, kc, nr+3, 0).Data // b read with ldb = nr+3
			c := newMatrix(rng, mr, nr, 2)
			want, got := clone(c), clone(c)
			kn.tile(kc, a, b, nr+3, got.Data, got.Stride, -2, beta)
			// The portable kernel is 4×4: cover the tile with it.
			for i := 0; i < mr; i += goKernel.mr {
				for j := 0; j < nr; j += goKernel.nr {
					ap := make([]float64, kc*goKernel.mr)
					for p := 0; p < kc; p++ {
						for r := 0; r < goKernel.mr; r++ {
							if i+r < mr {
								ap[p*goKernel.mr+r] = a[p*mr+i+r]
							}
						}
					}
					tile := make([]float64, goKernel.mr*goKernel.nr)
					goKernel.tile(kc, ap, b[j:], nr+3, tile, goKernel.nr, -2, 0)
					for r := 0; r < goKernel.mr && i+r < mr; r++ {
						for q := 0; q < goKernel.nr && j+q < nr; q++ {
							at := (i+r)*want.Stride + j + q
							want.Data[at] = tile[r*goKernel.nr+q] + beta*want.Data[at]
						}
					}
				}
			}
			bnd := make([]float64, len(c.Data))
			for i := range bnd {
				bnd[i] = 4 * float64(kc) // |a|, |b| ≤ 1, alpha = −2, |beta·c| ≤ 1
			}
			compare(t, fmt.Sprintf("%s kc=%d beta=%v", kn.name, kc, beta), got, want, bnd)
		}
	}
}

// Split over goroutines (by rows or by columns, whichever has more tiles),
// a product gives exactly the same values as on one goroutine: every
// element is summed in the same order.
func TestParallelSplit(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	rng := rand.New(rand.NewPCG(7, 8))
	for _, s := range []shape{{2000, 300, 75}, {75, 300, 2000}, {301, 302, 303}, {40, 1601, 300}} {
		for _, tA := range transposes {
			for _, tB := range transposes {
				a, b, c := operands(rng, s, tA, tB, 1)
				serial := clone(c)
				gemmWith(anyKernel(), 1, tA, tB, 0.5, a, b, 0.3, serial)
				for _, procs := range []int{2, 3} {
					got := clone(c)
					gemmWith(anyKernel(), procs, tA, tB, 0.5, a, b, 0.3, got)
					for i := range got.Data {
						if math.Float64bits(got.Data[i]) != math.Float64bits(serial.Data[i]) {
							t.Fatalf("%v%v %v on %d goroutines: element %d is %v, on one %v", tA, tB, s, procs, i, got.Data[i], serial.Data[i])
						}
					}
				}
				got := clone(c)
				Gemm(tA, tB, 0.5, a, b, 0.3, got) // GOMAXPROCS = 2
				want := clone(c)
				blas64.Gemm(tA, tB, 0.5, a, b, 0.3, want)
				compare(t, fmt.Sprintf("Gemm %v%v %v", tA, tB, s), got, want, bound(tA, tB, 0.5, a, b, 0.3, c))
			}
		}
	}
}

// Mismatched arguments panic with a message that says what is wrong.
func TestGemmPanics(t *testing.T) {
	g := func(r, c, stride, n int) blas64.General {
		return blas64.General{Rows: r, Cols: c, Stride: stride, Data: make([]float64, n)}
	}
	for _, tc := range []struct {
		name    string
		tA, tB  blas.Transpose
		a, b, c blas64.General
		want    string
	}{
		{"inner", blas.NoTrans, blas.NoTrans, g(2, 3, 3, 6), g(4, 5, 5, 20), g(2, 5, 5, 10), "inner dimensions differ"},
		{"inner trans", blas.Trans, blas.NoTrans, g(2, 3, 3, 6), g(3, 5, 5, 15), g(3, 5, 5, 15), "inner dimensions differ"},
		{"C rows", blas.NoTrans, blas.NoTrans, g(2, 3, 3, 6), g(3, 5, 5, 15), g(3, 5, 5, 15), "C is 3×5, want 2×5"},
		{"C cols", blas.NoTrans, blas.Trans, g(2, 3, 3, 6), g(5, 3, 3, 15), g(2, 3, 3, 6), "C is 2×3, want 2×5"},
		{"stride", blas.NoTrans, blas.NoTrans, g(2, 3, 2, 6), g(3, 5, 5, 15), g(2, 5, 5, 10), "A has stride 2"},
		{"short", blas.NoTrans, blas.NoTrans, g(2, 3, 3, 6), g(3, 5, 5, 14), g(2, 5, 5, 10), "B is 3×5 with stride 5 but has only 14 values"},
		{"transpose", blas.Transpose('x'), blas.NoTrans, g(2, 3, 3, 6), g(3, 5, 5, 15), g(2, 5, 5, 10), "bad transpose"},
		{"negative", blas.NoTrans, blas.NoTrans, g(2, 3, 3, 6), g(3, 5, 5, 15), g(2, -5, 5, 10), "negative dimension"},
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, tc.want) {
					t.Errorf("%s: panic %q, want one containing %q", tc.name, msg, tc.want)
				}
			}()
			Gemm(tc.tA, tc.tB, 1, tc.a, tc.b, 0, tc.c)
		}()
	}
}

// A product on the caller's goroutine allocates nothing once the buffers
// exist (with an assembly kernel: gonum's Gemm, the fallback, allocates its
// own).
func TestGemmSteadyStateAllocates(t *testing.T) {
	if raceEnabled {
		testskip.Skip(t, "the race detector allocates")
	}
	if len(kernels()) == 0 {
		testskip.Skip(t, "no assembly kernel (purego build or another CPU): Gemm is gonum's")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	a, b, c := operands(rng, shape{32, 300, 75}, blas.NoTrans, blas.Trans, 0)
	Gemm(blas.NoTrans, blas.Trans, 1, a, b, 1, c)
	if n := testing.AllocsPerRun(20, func() { Gemm(blas.NoTrans, blas.Trans, 1, a, b, 1, c) }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}

// Kernel names the kernel in use, or gonum.
func TestKernelName(t *testing.T) {
	want := "gonum"
	if ks := kernels(); len(ks) > 0 {
		want = ks[0].name
	}
	if Kernel() != want {
		t.Errorf("Kernel() = %q, want %q", Kernel(), want)
	}
}

package gemm

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// benchShapes are the BiLSTM reader's products (75 inputs, 75 units, so
// 300 gate values) and 512³ for comparison with other BLAS figures.
var benchShapes = []struct {
	name        string
	s           shape
	tA, tB      blas.Transpose
	alpha, beta float64
}{
	{"input_N=400", shape{400, 300, 75}, blas.NoTrans, blas.NoTrans, 1, 0},
	{"input_N=2000", shape{2000, 300, 75}, blas.NoTrans, blas.NoTrans, 1, 0},
	{"input_N=2500", shape{2500, 300, 75}, blas.NoTrans, blas.NoTrans, 1, 0},
	{"recurrent_n=1", shape{1, 300, 75}, blas.NoTrans, blas.NoTrans, 1, 1},
	{"recurrent_n=8", shape{8, 300, 75}, blas.NoTrans, blas.NoTrans, 1, 1},
	{"recurrent_n=32", shape{32, 300, 75}, blas.NoTrans, blas.NoTrans, 1, 1},
	{"recurrent_n=50", shape{50, 300, 75}, blas.NoTrans, blas.NoTrans, 1, 1},
	{"backstep_n=1", shape{1, 75, 300}, blas.NoTrans, blas.Trans, 1, 0},
	{"backstep_n=8", shape{8, 75, 300}, blas.NoTrans, blas.Trans, 1, 0},
	{"backstep_n=32", shape{32, 75, 300}, blas.NoTrans, blas.Trans, 1, 0},
	{"backstep_n=50", shape{50, 75, 300}, blas.NoTrans, blas.Trans, 1, 0},
	{"backall_N=400", shape{400, 75, 300}, blas.NoTrans, blas.Trans, 1, 0},
	{"backall_N=2000", shape{2000, 75, 300}, blas.NoTrans, blas.Trans, 1, 0},
	{"wgrad_N=400", shape{75, 300, 400}, blas.Trans, blas.NoTrans, 1, 1},
	{"wgrad_N=2000", shape{75, 300, 2000}, blas.Trans, blas.NoTrans, 1, 1},
	{"512_NN", shape{512, 512, 512}, blas.NoTrans, blas.NoTrans, 1, 0},
	{"512_NT", shape{512, 512, 512}, blas.NoTrans, blas.Trans, 1, 0},
	{"512_TN", shape{512, 512, 512}, blas.Trans, blas.NoTrans, 1, 0},
	{"512_TT", shape{512, 512, 512}, blas.Trans, blas.Trans, 1, 0},
}

// BenchmarkGemm runs each shape with this package's Gemm and with
// gonum's blas64.Gemm, reporting GFLOP/s (2mnk per product). Run with
// -cpu 1,2 to see both the single-threaded and the split rate.
func BenchmarkGemm(b *testing.B) {
	impls := []struct {
		name string
		gemm func(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General)
	}{{"gemm", Gemm}, {"gonum", blas64.Gemm}}
	rng := rand.New(rand.NewPCG(1, 1))
	for _, bs := range benchShapes {
		x, y, z := operands(rng, bs.s, bs.tA, bs.tB, 0)
		for _, im := range impls {
			b.Run(fmt.Sprintf("%s/%s", bs.name, im.name), func(b *testing.B) {
				for b.Loop() {
					im.gemm(bs.tA, bs.tB, bs.alpha, x, y, bs.beta, z)
				}
				reportRate(b, bs.s)
			})
		}
	}
}

// BenchmarkKernel runs a few of the shapes with each kernel this CPU can
// run, on one goroutine, to compare the kernels themselves.
func BenchmarkKernel(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, bs := range benchShapes {
		switch bs.name {
		case "input_N=2000", "recurrent_n=32", "backstep_n=32", "wgrad_N=2000", "512_NN":
		default:
			continue
		}
		x, y, z := operands(rng, bs.s, bs.tA, bs.tB, 0)
		for _, kn := range testKernels() {
			b.Run(fmt.Sprintf("%s/%s", bs.name, strings.ReplaceAll(kn.name, " ", "_")), func(b *testing.B) {
				for b.Loop() {
					gemmWith(kn, 1, bs.tA, bs.tB, bs.alpha, x, y, bs.beta, z)
				}
				reportRate(b, bs.s)
			})
		}
	}
}

// reportRate reports the rate of b's products of shape s in GFLOP/s.
func reportRate(b *testing.B, s shape) {
	flop := 2 * float64(s.m) * float64(s.n) * float64(s.k)
	b.ReportMetric(flop*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

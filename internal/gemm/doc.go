// Package gemm is a fast float64 matrix product with the contract of
// gonum's blas64.Gemm: C = alpha·op(A)·op(B) + beta·C on row-major
// matrices, for the shapes of the BiLSTM reader (75 inputs, 300 gate
// values, batches of 1 to 2500 rows) and general ones alike.
//
// It is built the way of GotoBLAS and BLIS. op(B) is packed, a block of
// KC rows at a time, into column panels NR wide and op(A) into row panels
// MR high, transposes undone and edges zero-padded while packing, so that
// a micro-kernel reads both contiguously: it keeps an MR×NR tile of C in
// registers over the KC steps of k and then writes alpha·tile + beta·C
// (edge tiles go through a small buffer). The micro-kernels are amd64
// assembly: 8×16 on AVX-512 (sixteen zmm accumulators) or else 6×8 on
// AVX2 with FMA (twelve ymm accumulators), each step of k one broadcast of
// A per row and two loads of B per row's pair of fused multiply-adds;
// on a CPU with neither, or when built with the purego tag, Gemm calls
// blas64.Gemm itself (a kernel in plain Go, without vector instructions,
// would be slower than gonum's). The
// blocks (a KC×NR panel of B and an MR×KC panel of A in L1, the MC×KC block of A
// in L2) are sized for the caches. Where packing would cost as much as the
// product it is skipped: a row-major op(B) times at most 64 rows of A is
// read in place, and a product of one or two rows with op(B) = Bᵀ is left
// to gonum, whose dot products read B's rows as they are. A product of
// 2·10⁶ FLOP or more per goroutine is split over up to GOMAXPROCS
// goroutines by bands of C's rows or columns (whichever has more tiles),
// each with its own packing buffers from a sync.Pool; a smaller one runs
// on the caller's goroutine and allocates nothing. Every element is summed
// in the same order however the work is split, so the result does not
// depend on GOMAXPROCS.
//
// It is written here rather than taken from a library because gonum's
// pure-Go Dgemm is built on its AXPY and DOT kernels (SSE2, two float64
// per instruction, no FMA) and reaches 9–15 GFLOP/s on a core that can do
// several times that, and an optimised BLAS through cgo would need a
// system library that the default build must not require. The tests
// compare every kernel the CPU can run with gonum's blas64.Gemm for every
// transpose, alpha, beta, stride and the sizes around the tile and block
// edges, the blocked loops also with a plain Go test kernel (so on any
// CPU), and the assembly kernels with that one tile by tile.
package gemm

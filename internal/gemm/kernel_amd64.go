package gemm

import "golang.org/x/sys/cpu"

// tile6x8 is the AVX2+FMA micro-kernel of kernel_amd64.s: the contract of
// kernel.tile with mr = 6 and nr = 8, on raw pointers (ldb and ldc in
// elements).
//
//go:noescape
func tile6x8(kc int, a, b *float64, ldb int, c *float64, ldc int, alpha, beta float64)

var avx2Kernel = kernel{name: "avx2-fma 6x8", mr: 6, nr: 8, tile: tileAVX2}

// tileAVX2 checks the bounds the assembly relies on, then runs it.
func tileAVX2(kc int, a, b []float64, ldb int, c []float64, ldc int, alpha, beta float64) {
	_ = a[kc*6-1]
	_ = b[(kc-1)*ldb+7]
	_ = c[5*ldc+7]
	tile6x8(kc, &a[0], &b[0], ldb, &c[0], ldc, alpha, beta)
}

// bestKernel is the fastest kernel this CPU can run.
func bestKernel() *kernel {
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		return &avx2Kernel
	}
	return &goKernel
}

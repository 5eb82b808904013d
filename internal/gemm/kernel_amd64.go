//go:build !purego

package gemm

import "golang.org/x/sys/cpu"

// tile6x8 is the AVX2+FMA micro-kernel of kernel_amd64.s: the contract of
// kernel.tile with mr = 6 and nr = 8, on raw pointers (ldb and ldc in
// elements).
//
//go:noescape
func tile6x8(kc int, a, b *float64, ldb int, c *float64, ldc int, alpha, beta float64)

// tile8x16 is the AVX-512 micro-kernel of kernel_amd64.s: the contract of
// kernel.tile with mr = 8 and nr = 16.
//
//go:noescape
func tile8x16(kc int, a, b *float64, ldb int, c *float64, ldc int, alpha, beta float64)

var (
	avx2Kernel   = kernel{name: "avx2-fma 6x8", mr: 6, nr: 8, tile: tileAVX2}
	avx512Kernel = kernel{name: "avx512 8x16", mr: 8, nr: 16, tile: tileAVX512}
)

// tileAVX2 checks the bounds the assembly relies on, then runs it.
func tileAVX2(kc int, a, b []float64, ldb int, c []float64, ldc int, alpha, beta float64) {
	_ = a[kc*6-1]
	_ = b[(kc-1)*ldb+7]
	_ = c[5*ldc+7]
	tile6x8(kc, &a[0], &b[0], ldb, &c[0], ldc, alpha, beta)
}

// tileAVX512 checks the bounds the assembly relies on, then runs it.
func tileAVX512(kc int, a, b []float64, ldb int, c []float64, ldc int, alpha, beta float64) {
	_ = a[kc*8-1]
	_ = b[(kc-1)*ldb+15]
	_ = c[7*ldc+15]
	tile8x16(kc, &a[0], &b[0], ldb, &c[0], ldc, alpha, beta)
}

// kernels lists the assembly kernels this CPU can run, the fastest first.
func kernels() []*kernel {
	var ks []*kernel
	if cpu.X86.HasAVX512F && cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		ks = append(ks, &avx512Kernel)
	}
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		ks = append(ks, &avx2Kernel)
	}
	return ks
}

package gemm

// A kernel computes one mr×nr block of C from packed panels:
//
//	C[i][j] = alpha·Σ_p a[p·mr+i]·b[p·ldb+j] + beta·C[i][j]   (i < mr, j < nr, p < kc)
//
// a is a row panel of op(A) packed p-major (mr values per step of k), b is
// kc rows of nr values ldb apart (a packed column panel of op(B), ldb = nr,
// or op(B) itself when it is stored row-major), and c is row-major with
// row stride ldc. When beta is zero C is only written, never read, so that
// NaNs in it do not survive (as in BLAS). kc is at least 1.
type kernel struct {
	name   string
	mr, nr int
	tile   func(kc int, a, b []float64, ldb int, c []float64, ldc int, alpha, beta float64)
}

// goKernel is the portable kernel: plain Go, 4×4, accumulating in
// variables so that the compiler keeps them in registers.
var goKernel = kernel{name: "go 4x4", mr: 4, nr: 4, tile: tileGo4x4}

func tileGo4x4(kc int, a, b []float64, ldb int, c []float64, ldc int, alpha, beta float64) {
	a = a[:kc*4]
	var c00, c01, c02, c03, c10, c11, c12, c13 float64
	var c20, c21, c22, c23, c30, c31, c32, c33 float64
	for p := 0; p < kc; p++ {
		ap := a[p*4 : p*4+4 : p*4+4]
		bp := b[p*ldb : p*ldb+4 : p*ldb+4]
		a0, a1, a2, a3 := ap[0], ap[1], ap[2], ap[3]
		b0, b1, b2, b3 := bp[0], bp[1], bp[2], bp[3]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		c20 += a2 * b0
		c21 += a2 * b1
		c22 += a2 * b2
		c23 += a2 * b3
		c30 += a3 * b0
		c31 += a3 * b1
		c32 += a3 * b2
		c33 += a3 * b3
	}
	acc := [4][4]float64{
		{c00, c01, c02, c03},
		{c10, c11, c12, c13},
		{c20, c21, c22, c23},
		{c30, c31, c32, c33},
	}
	for i := range acc {
		row := c[i*ldc : i*ldc+4 : i*ldc+4]
		if beta == 0 {
			for j, v := range acc[i] {
				row[j] = alpha * v
			}
		} else {
			for j, v := range acc[i] {
				row[j] = alpha*v + beta*row[j]
			}
		}
	}
}

package gemm

// goKernel is a plain Go 4×4 kernel, for the tests: it runs the blocked
// loops, the packing and the edges on any CPU, and is the reference the
// assembly kernels are compared with tile by tile. (It is far slower than
// gonum, which is why Gemm leaves products to gonum on a CPU without an
// assembly kernel.)
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

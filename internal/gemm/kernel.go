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

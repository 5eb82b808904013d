package gemm

import "gonum.org/v1/gonum/blas/blas64"

// packA copies rows i0…i0+mc−1 and columns p0…p0+kc−1 of op(A) (A itself,
// or Aᵀ when trans) into dst as row panels of height mr: panel r holds, for
// each step p of k, the mr values op(A)[i0+r·mr+i][p0+p], i < mr, at
// dst[r·mr·kc + p·mr + i]. Rows past mc are zero.
func packA(dst []float64, a blas64.General, trans bool, i0, mc, p0, kc, mr int) {
	pack(dst, a, trans, i0, mc, p0, kc, mr)
}

// packB copies rows p0…p0+kc−1 and columns j0…j0+nc−1 of op(B) (B itself,
// or Bᵀ when trans) into dst as column panels of width nr: panel q holds,
// for each step p of k, the nr values op(B)[p0+p][j0+q·nr+j], j < nr, at
// dst[q·nr·kc + p·nr + j]. Columns past nc are zero.
func packB(dst []float64, b blas64.General, trans bool, p0, kc, j0, nc, nr int) {
	pack(dst, b, !trans, j0, nc, p0, kc, nr)
}

// pack is packA and packB: it packs the values x holds for indices
// w0…w0+wn−1 across the panels and p0…p0+kc−1 along k into panels of the
// given width, zero-padded. byK says x's rows are indexed by k (x is Aᵀ or
// B, and each step of k is a contiguous run of one row); otherwise they
// are indexed across the panels (x is A or Bᵀ).
func pack(dst []float64, x blas64.General, byK bool, w0, wn, p0, kc, width int) {
	for r := 0; r < wn; r += width {
		h := min(width, wn-r)
		panel := dst[r*kc : (r+width)*kc]
		if h < width {
			clear(panel)
		}
		if byK {
			copyRuns(panel, width, x, p0, kc, w0+r, h)
		} else {
			interleave(panel, width, x, w0+r, h, p0, kc)
		}
	}
}

// copyRuns sets panel[p·width + j] = x[r0+p][c0+j] for p < kc, j < w: each
// step of k is a contiguous run of x's row.
func copyRuns(panel []float64, width int, x blas64.General, r0, kc, c0, w int) {
	for p := 0; p < kc; p++ {
		at := (r0+p)*x.Stride + c0
		copy(panel[p*width:p*width+w], x.Data[at:at+w])
	}
}

// interleave sets panel[p·width + i] = x[r0+i][c0+p] for i < h, p < kc:
// rows of x become columns of the panel, four rows at a time so that the
// panel is written in order.
func interleave(panel []float64, width int, x blas64.General, r0, h, c0, kc int) {
	i := 0
	for ; i+4 <= h; i += 4 {
		at := (r0+i)*x.Stride + c0
		x0 := x.Data[at : at+kc]
		x1 := x.Data[at+x.Stride:][:len(x0)]
		x2 := x.Data[at+2*x.Stride:][:len(x0)]
		x3 := x.Data[at+3*x.Stride:][:len(x0)]
		for p := range x0 {
			d := panel[p*width+i : p*width+i+4 : p*width+i+4]
			d[0], d[1], d[2], d[3] = x0[p], x1[p], x2[p], x3[p]
		}
	}
	for ; i < h; i++ {
		at := (r0+i)*x.Stride + c0
		for p, v := range x.Data[at : at+kc] {
			panel[p*width+i] = v
		}
	}
}

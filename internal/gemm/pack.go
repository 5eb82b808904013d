package gemm

import "gonum.org/v1/gonum/blas/blas64"

// packA copies rows i0…i0+mc−1 and columns p0…p0+kc−1 of op(A) (A itself,
// or Aᵀ when trans) into dst as row panels of height mr: panel r holds, for
// each step p of k, the mr values op(A)[i0+r·mr+i][p0+p], i < mr, at
// dst[r·mr·kc + p·mr + i]. Rows past mc are zero.
func packA(dst []float64, a blas64.General, trans bool, i0, mc, p0, kc, mr int) {
	for r := 0; r < mc; r += mr {
		h := min(mr, mc-r)
		panel := dst[r*kc : (r+mr)*kc]
		if h < mr {
			clear(panel)
		}
		if trans { // op(A)[i][p] = A[p][i]: each step of k is a contiguous run
			for p := 0; p < kc; p++ {
				src := a.Data[(p0+p)*a.Stride+i0+r:]
				copy(panel[p*mr:p*mr+h], src[:h])
			}
			continue
		}
		for i := 0; i < h; i++ { // op(A)[i][p] = A[i][p]: scatter each row
			src := a.Data[(i0+r+i)*a.Stride+p0:]
			src = src[:kc]
			for p, v := range src {
				panel[p*mr+i] = v
			}
		}
	}
}

// packB copies rows p0…p0+kc−1 and columns j0…j0+nc−1 of op(B) (B itself,
// or Bᵀ when trans) into dst as column panels of width nr: panel q holds,
// for each step p of k, the nr values op(B)[p0+p][j0+q·nr+j], j < nr, at
// dst[q·nr·kc + p·nr + j]. Columns past nc are zero.
func packB(dst []float64, b blas64.General, trans bool, p0, kc, j0, nc, nr int) {
	for q := 0; q < nc; q += nr {
		w := min(nr, nc-q)
		panel := dst[q*kc : (q+nr)*kc]
		if w < nr {
			clear(panel)
		}
		if !trans { // op(B)[p][j] = B[p][j]: each step of k is a contiguous run
			for p := 0; p < kc; p++ {
				src := b.Data[(p0+p)*b.Stride+j0+q:]
				copy(panel[p*nr:p*nr+w], src[:w])
			}
			continue
		}
		for j := 0; j < w; j++ { // op(B)[p][j] = B[j][p]: scatter each row
			src := b.Data[(j0+q+j)*b.Stride+p0:]
			src = src[:kc]
			for p, v := range src {
				panel[p*nr+j] = v
			}
		}
	}
}

package vectors

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sort"

	"github.com/d4lang/d4/internal/mathx"

	"gonum.org/v1/gonum/mat"
)

// PretrainConfig sets Pretrain's work: vectors of Dim values for the
// Words most frequent words (those seen at least twice; Words < 1: all
// of them), their Body
// contexts the words within Window of them, a random projection drawn
// from Seed.
type PretrainConfig struct {
	Dim, Words, Window int
	Seed               int64
}

// The settings of PPMI and of the truncated SVD (Levy, Goldberg and Dagan,
// TACL 2015: context distribution smoothing 0.75, the singular values'
// square roots in the vectors; Halko, Martinsson and Tropp, SIAM Review
// 2011: oversampling and power iterations).
const (
	contextAlpha = 0.75
	oversample   = 10
	powerIters   = 3
)

// Pretrain learns word vectors from docs by PPMI and a truncated SVD: the
// positive pointwise mutual information of each word and its contexts
// (within a doc: a Head word and every other word, a Body word and its
// neighbours within Window), factorised by a randomized SVD of Dim
// components; a word's vector is its row of U·√Σ, scaled as Reduce scales
// (RMS). The same docs and config give the same vectors.
func Pretrain(docs []Doc, cfg PretrainConfig) (*Set, error) {
	if cfg.Dim < 1 || cfg.Window < 1 {
		return nil, fmt.Errorf("vectors: pretraining needs dim ≥ 1 and window ≥ 1, got %d and %d", cfg.Dim, cfg.Window)
	}
	vocab, index := countWords(docs, cfg.Words)
	if len(vocab) < cfg.Dim+oversample {
		return nil, fmt.Errorf("vectors: %d words seen twice, too few for vectors of %d values", len(vocab), cfg.Dim)
	}
	m := ppmi(cooccurrences(docs, index, cfg.Window), len(vocab))
	u, err := truncatedSVD(m, len(vocab), cfg.Dim, rand.New(rand.NewSource(cfg.Seed)))
	if err != nil {
		return nil, err
	}
	s := &Set{Words: vocab, Dim: cfg.Dim, Data: u}
	s.scale()
	return s, nil
}

// countWords returns the (at most) n most frequent words seen at least
// twice (n < 1: all), most frequent first (ties in byte order), and their
// indices.
func countWords(docs []Doc, n int) ([]string, map[string]int) {
	counts := map[string]int{}
	for _, d := range docs {
		for _, ws := range [][]string{d.Head, d.Body} {
			for _, w := range ws {
				counts[w]++
			}
		}
	}
	var words []string
	for w, c := range counts {
		if c >= 2 {
			words = append(words, w)
		}
	}
	sort.Slice(words, func(i, j int) bool {
		a, b := words[i], words[j]
		if counts[a] != counts[b] {
			return counts[a] > counts[b]
		}
		return a < b
	})
	if n > 0 {
		words = words[:min(n, len(words))]
	}
	index := make(map[string]int, len(words))
	for i, w := range words {
		index[w] = i
	}
	return words, index
}

// pair is a (word, context) pair of indices, word in the high half.
type pair = uint64

// cooccurrences lists the (word, context) pairs of the docs, sorted, one
// entry per occurrence, both ways round.
func cooccurrences(docs []Doc, index map[string]int, window int) []pair {
	var out []pair
	add := func(a, b int) {
		if a >= 0 && b >= 0 && a != b {
			out = append(out, pair(a)<<32|pair(b), pair(b)<<32|pair(a))
		}
	}
	ids := func(ws []string) []int {
		out := make([]int, len(ws))
		for i, w := range ws {
			out[i] = -1
			if k, ok := index[w]; ok {
				out[i] = k
			}
		}
		return out
	}
	for _, d := range docs {
		head, body := ids(d.Head), ids(d.Body)
		for i, a := range head {
			for _, b := range head[i+1:] {
				add(a, b)
			}
			for _, b := range body {
				add(a, b)
			}
		}
		for i, a := range body {
			for _, b := range body[i+1 : min(len(body), i+1+window)] {
				add(a, b)
			}
		}
	}
	slices.Sort(out)
	return out
}

// sparse is a matrix in compressed rows: row i's columns col[start[i]:
// start[i+1]] hold val.
type sparse struct {
	rows, cols int
	start      []int
	col        []int
	val        []float64
}

// ppmi returns the positive PMI of the sorted pairs as a sparse n×n
// matrix, with the contexts' counts smoothed by contextAlpha.
func ppmi(pairs []pair, n int) *sparse {
	row := make([]float64, n)
	ctx := make([]float64, n)
	for _, p := range pairs {
		row[p>>32]++
		ctx[p&0xffffffff]++
	}
	total, smooth := 0.0, 0.0
	for i := range ctx {
		total += row[i]
		ctx[i] = math.Pow(ctx[i], contextAlpha)
		smooth += ctx[i]
	}
	m := &sparse{rows: n, cols: n, start: make([]int, n+1)}
	for i := 0; i < len(pairs); {
		j := i
		for j < len(pairs) && pairs[j] == pairs[i] {
			j++
		}
		a, b := int(pairs[i]>>32), int(pairs[i]&0xffffffff)
		// PMI = log P(a,b) / (P(a) P_α(b)).
		if v := math.Log(float64(j-i) / total / (row[a] / total) / (ctx[b] / smooth)); v > 0 {
			m.col = append(m.col, b)
			m.val = append(m.val, v)
			m.start[a+1] = len(m.col)
		}
		i = j
	}
	for a := 1; a <= n; a++ {
		m.start[a] = max(m.start[a], m.start[a-1])
	}
	return m
}

// mul returns m·x (transpose false) or mᵀ·x for a dense x.
func (m *sparse) mul(x *mat.Dense, transpose bool) *mat.Dense {
	_, k := x.Dims()
	outRows := m.rows
	if transpose {
		outRows = m.cols
	}
	out := mat.NewDense(outRows, k, nil)
	xr, or := x.RawMatrix(), out.RawMatrix()
	for i := 0; i < m.rows; i++ {
		for p := m.start[i]; p < m.start[i+1]; p++ {
			j, v := m.col[p], m.val[p]
			src, dst := j, i
			if transpose {
				src, dst = i, j
			}
			xs := xr.Data[src*xr.Stride : src*xr.Stride+k]
			ds := or.Data[dst*or.Stride : dst*or.Stride+k]
			for c, xv := range xs {
				ds[c] += v * xv
			}
		}
	}
	return out
}

// orthonormal returns an orthonormal basis of x's columns, by modified
// Gram–Schmidt twice over (a column that vanishes stays zero).
func orthonormal(x *mat.Dense) *mat.Dense {
	r, c := x.Dims()
	cols := make([][]float64, c)
	for j := range cols {
		cols[j] = mat.Col(nil, j, x)
	}
	for range 2 {
		for j, v := range cols {
			for _, u := range cols[:j] {
				d := mathx.Dot(u, v)
				for i := range v {
					v[i] -= d * u[i]
				}
			}
			if n := math.Sqrt(mathx.Dot(v, v)); n > 0 {
				for i := range v {
					v[i] /= n
				}
			}
		}
	}
	out := mat.NewDense(r, c, nil)
	for j, v := range cols {
		out.SetCol(j, v)
	}
	return out
}

// truncatedSVD returns the rows of U·√Σ [n, dim] of the n×n matrix m's
// dim largest singular values, by a randomized SVD (a Gaussian sketch
// from rng, powerIters power iterations); each column's sign is chosen so
// that its largest component is positive.
func truncatedSVD(m *sparse, n, dim int, rng *rand.Rand) ([]float64, error) {
	k := dim + oversample
	omega := mat.NewDense(n, k, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < k; j++ {
			omega.Set(i, j, rng.NormFloat64())
		}
	}
	q := orthonormal(m.mul(omega, false))
	for range powerIters {
		q = orthonormal(m.mul(orthonormal(m.mul(q, true)), false))
	}
	// B = Qᵀ M, k×n: its SVD B = Ub Σ Vᵀ gives M ≈ (Q Ub) Σ Vᵀ.
	bt := m.mul(q, true) // Mᵀ Q = Bᵀ, n×k
	var svd mat.SVD
	if !svd.Factorize(bt.T(), mat.SVDThin) {
		return nil, errors.New("vectors: the SVD did not converge")
	}
	var ub mat.Dense
	svd.UTo(&ub)
	sv := svd.Values(nil)
	var u mat.Dense
	u.Mul(q, &ub)
	out := make([]float64, n*dim)
	for j := 0; j < dim; j++ {
		sign, big := 1.0, 0.0
		for i := 0; i < n; i++ {
			if a := u.At(i, j); math.Abs(a) > big {
				big, sign = math.Abs(a), math.Copysign(1, a)
			}
		}
		f := sign * math.Sqrt(sv[j])
		for i := 0; i < n; i++ {
			out[i*dim+j] = f * u.At(i, j)
		}
	}
	return out, nil
}

package d4

import (
	"fmt"
	"math"
	"sync"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/forth"
)

// The kernel is a small reverse-mode differentiator over dense float64
// vectors, specialised to the handful of operations ∂4's words are made of
// (§3.1 and appendix A): reading and writing a memory buffer through a soft
// address, shifting pointers, arithmetic and comparison of value
// distributions, folding a distribution into a smaller range, and mixing
// vectors by weights. Every word's transition is written once with these
// operations (words.go); the forward pass runs them on an arena and, when
// recording, appends them to a tape that the backward pass walks in reverse.
//
// A variable (vr) is a range of the arena. A sub-range of a variable is a
// variable too, and gradients of overlapping ranges accumulate in the same
// place, so concatenation and slicing cost nothing.

// vr is a variable: n floats of the arena starting at off.
type vr struct{ off, n int }

// sub returns the sub-variable [i, i+n).
func (x vr) sub(i, n int) vr { return vr{x.off + i, n} }

type opKind uint8

const (
	kRead    opKind = iota // z = aᵀM               a: rows, M: rows×w, z: w
	kWrite                 // Z = M + a(x − M)ᵀ rows
	kShift                 // z_i = a_{(i−k) mod n}
	kBinary                // z_k = Σ_{f(i,j)=k} x_i y_j   (f = + − * / mod v)
	kGt                    // z = (1−p)e0 + p e1, p = clamp(E[x]−E[y], 0, 1)
	kEq                    // z = (1−p)e0 + p e1, p = xᵀy
	kFold                  // z_k = Σ_{i ≡ k mod n} x_i
	kBranch                // z = (1−x0) e_next + x0 e_target
	kMix                   // z = Σ_k w_k x_k
	kCopy                  // z = x (into a range of a larger variable)
	kSoftmax               // softmax over each group of k
	kXent                  // cross-entropy of D and d against targets
	kNorm                  // z = x / Σx
)

// Eps keeps the logarithm of the loss finite when a probability is 0.
const Eps = 1e-10

// xent holds the constant targets of a cross-entropy.
type xent struct {
	y, mask, yd []float64
	v           int
}

// op is one recorded operation.
type op struct {
	kind    opKind
	a, b, c vr  // operands (meaning by kind)
	z       vr  // result
	k       int // shift amount, fold size, arithmetic word (forth.Prim), branch targets
	k2      int
	rows    int   // rows of a buffer
	xs      []vr  // kMix inputs (deduplicated)
	groups  []int // kMix: for each weight, the index of its input in xs
	wsum    []float64
	weights vr // kMix weights
	ce      *xent
	scale   float64 // kNorm: the sum divided by
}

// tape is the arena and the record of operations of one example.
type tape struct {
	val    []float64
	grad   []float64
	ops    []op
	record bool
	consts map[[2]int]vr
	// constPtr says that no address vector depends on what is
	// differentiated (a static trace): the backward pass then skips the
	// gradients of addresses and the rows they do not touch.
	constPtr bool
}

func newTape() *tape { return &tape{consts: map[[2]int]vr{}} }

// reset empties the arena and the record.
func (t *tape) reset(record bool) {
	t.val = t.val[:0]
	t.ops = t.ops[:0]
	t.record = record
	t.constPtr = false
	clear(t.consts)
}

func (t *tape) alloc(n int) vr {
	x := t.allocRaw(n)
	clear(t.val[x.off:])
	return x
}

// allocRaw is alloc for a result that the caller overwrites entirely.
func (t *tape) allocRaw(n int) vr {
	off := len(t.val)
	if cap(t.val)-off < n {
		nv := make([]float64, off, 2*cap(t.val)+n)
		copy(nv, t.val)
		t.val = nv
	}
	t.val = t.val[:off+n]
	return vr{off, n}
}

func (t *tape) v(x vr) []float64 { return t.val[x.off : x.off+x.n] }
func (t *tape) g(x vr) []float64 { return t.grad[x.off : x.off+x.n] }

func (t *tape) push(o op) {
	if t.record {
		t.ops = append(t.ops, o)
	}
}

// input copies data into a new variable.
func (t *tape) input(data []float64) vr {
	x := t.allocRaw(len(data))
	copy(t.v(x), data)
	return x
}

// onehot returns a constant one-hot vector of size n at index i (shared
// between uses within one example).
func (t *tape) onehot(n, i int) vr {
	key := [2]int{n, i}
	if x, ok := t.consts[key]; ok {
		return x
	}
	x := t.alloc(n)
	t.val[x.off+i] = 1
	t.consts[key] = x
	return x
}

// read returns aᵀM for a buffer M (buf) of len(a) rows and an address a
// (ptr).
func (t *tape) read(buf, ptr vr) vr {
	rows := ptr.n
	z := t.alloc(buf.n / rows)
	addVecMat(t.v(z), t.v(ptr), t.v(buf))
	t.push(op{kind: kRead, a: buf, b: ptr, z: z, rows: rows})
	return z
}

// addVecMat adds aᵀM to z for a matrix M (m) of len(a) rows of len(z)
// values: row i times a_i, in order, a row whose a_i is 0 skipped (a
// distribution is mostly zeros).
func addVecMat(z, a, m []float64) {
	w := len(z)
	for i, ai := range a {
		if ai == 0 {
			continue
		}
		row := m[i*w : (i+1)*w]
		for j, mij := range row {
			z[j] += ai * mij
		}
	}
}

// addOuter adds a·gᵀ to M (m, of len(a) rows of len(g) values): g times
// a_i to row i, a row whose a_i is 0 skipped. It is addVecMat's gradient
// with respect to M.
func addOuter(m, a, g []float64) {
	w := len(g)
	for i, ai := range a {
		if ai == 0 {
			continue
		}
		row := m[i*w : (i+1)*w]
		for j, gj := range g {
			row[j] += ai * gj
		}
	}
}

// write returns the buffer M (buf) with each row i moved towards x by a_i,
// for the address a (ptr).
func (t *tape) write(buf, x, ptr vr) vr {
	rows := ptr.n
	w := x.n
	if buf.n != rows*w {
		panic(fmt.Sprintf("d4: write of %d values into a %d-cell buffer of %d rows", w, buf.n, rows))
	}
	z := t.allocRaw(buf.n)
	mv, xv, av, zv := t.v(buf), t.v(x), t.v(ptr), t.v(z)
	copy(zv, mv)
	for i := 0; i < rows; i++ {
		ai := av[i]
		if ai == 0 {
			continue
		}
		row := zv[i*w : (i+1)*w]
		for j := range row {
			row[j] += ai * (xv[j] - row[j])
		}
	}
	t.push(op{kind: kWrite, a: buf, b: x, c: ptr, z: z, rows: rows})
	return z
}

// shift returns the circular shift z_i = a_{i−k}: k = +1 is inc, −1 dec.
func (t *tape) shift(a vr, k int) vr {
	n := a.n
	z := t.allocRaw(n)
	av, zv := t.v(a), t.v(z)
	for i := 0; i < n; i++ {
		zv[i] = av[mod(i-k, n)]
	}
	t.push(op{kind: kShift, a: a, z: z, k: k})
	return z
}

// arithRows gives the results of an arithmetic word on all pairs of
// values below v, row by row: row(i)[j] = f(i, j), for f the word's one
// integer definition (forth.PrimDef.Int). For value sizes up to
// maxArithTable the rows come from a table computed once per word and
// size, which is faster than computing them.
type arithRows struct {
	v     int
	table []int32 // v×v results, or nil
	f     func(x, y, v int) int
	buf   []int32
}

// maxArithTable bounds the entries of a table of arithRows (4 MB each).
const maxArithTable = 1 << 20

// arithTables caches the tables by word and value size.
var arithTables sync.Map // arithKey → []int32

type arithKey struct {
	p forth.Prim
	v int
}

// rowsOf returns the rows of arithmetic word p on values below v.
func rowsOf(p forth.Prim, v int) *arithRows {
	f := forth.Prims[p].Int
	if f == nil {
		panic("d4: not an arithmetic word: " + p.String())
	}
	r := &arithRows{v: v, f: f}
	if v*v > maxArithTable {
		r.buf = make([]int32, v)
		return r
	}
	key := arithKey{p, v}
	if tab, ok := arithTables.Load(key); ok {
		r.table = tab.([]int32)
		return r
	}
	tab := make([]int32, v*v)
	for i := 0; i < v; i++ {
		for j := 0; j < v; j++ {
			tab[i*v+j] = int32(f(i, j, v))
		}
	}
	arithTables.Store(key, tab)
	r.table = tab
	return r
}

// row returns f(i, j) for j = 0 … v−1.
func (r *arithRows) row(i int) []int32 {
	if r.table != nil {
		return r.table[i*r.v : (i+1)*r.v]
	}
	for j := range r.buf {
		r.buf[j] = int32(r.f(i, j, r.v))
	}
	return r.buf
}

// binary returns the distribution of p(x, y) for independent x and y, for
// an arithmetic word p, in O(v²) without materialising the v³ tensor of
// the appendix.
func (t *tape) binary(p forth.Prim, x, y vr) vr {
	v := x.n
	z := t.alloc(v)
	xv, yv, zv := t.v(x), t.v(y), t.v(z)
	rows := rowsOf(p, v)
	for i, xi := range xv {
		if xi == 0 {
			continue
		}
		row := rows.row(i)
		for j, yj := range yv {
			if yj == 0 {
				continue
			}
			zv[row[j]] += xi * yj
		}
	}
	t.push(op{kind: kBinary, a: x, b: y, z: z, k: int(p)})
	return z
}

func expect(x []float64) float64 {
	e := 0.0
	for i, xi := range x {
		e += float64(i) * xi
	}
	return e
}

// gt returns the truth value of x > y: p = clamp(E[x] − E[y], 0, 1), the
// piecewise-linear φ of the appendix, as the distribution (1−p)·0 + p·1.
func (t *tape) gt(x, y vr) vr {
	z := t.alloc(x.n)
	p := min(max(expect(t.v(x))-expect(t.v(y)), 0), 1)
	zv := t.v(z)
	zv[0], zv[1] = 1-p, p
	t.push(op{kind: kGt, a: x, b: y, z: z})
	return z
}

// eq returns the truth value of x = y: p = xᵀy, the probability that two
// independent values agree.
func (t *tape) eq(x, y vr) vr {
	z := t.alloc(x.n)
	p := 0.0
	xv, yv := t.v(x), t.v(y)
	for i := range xv {
		p += xv[i] * yv[i]
	}
	zv := t.v(z)
	zv[0], zv[1] = 1-p, p
	t.push(op{kind: kEq, a: x, b: y, z: z})
	return z
}

// fold maps a distribution over 0 … x.n−1 to one over 0 … n−1 by reducing
// modulo n (padding with zeros when n > x.n).
func (t *tape) fold(x vr, n int) vr {
	if x.n == n {
		return x
	}
	z := t.alloc(n)
	xv, zv := t.v(x), t.v(z)
	for i, xi := range xv {
		zv[i%n] += xi
	}
	t.push(op{kind: kFold, a: x, z: z, k: n})
	return z
}

// branch returns the program counter after a conditional jump on x: to
// target with probability x_0 (the popped value is 0), else to next.
func (t *tape) branch(x vr, p, next, target int) vr {
	z := t.alloc(p)
	zv := t.v(z)
	x0 := t.val[x.off]
	zv[next] += 1 - x0
	zv[target] += x0
	t.push(op{kind: kBranch, a: x, z: z, k: next, k2: target})
	return z
}

// normalize returns x / Σx (x itself when Σx is not positive). The
// program counter and the stack pointers are distributions: the execution
// RNN keeps their mass at 1 in exact arithmetic, and normalising them after
// each step keeps rounding from growing (in long soft runs the drift of the
// mass feeds back through the branch probabilities and grows exponentially).
// On the simplex it is the identity, so it changes neither the results nor
// the gradients along the simplex (those of every parameter); the gradient
// with respect to an input pointer is the projected one.
func (t *tape) normalize(x vr) vr {
	xv := t.v(x)
	sum := 0.0
	for _, v := range xv {
		sum += v
	}
	if !(sum > 0) {
		return x
	}
	z := t.allocRaw(x.n)
	zv := t.v(z)
	for i, v := range xv {
		zv[i] = v / sum
	}
	t.push(op{kind: kNorm, a: x, z: z, scale: sum})
	return z
}

// mix returns Σ_k w_k xs_k. Repeated inputs are combined first. The
// weights are a distribution (a softmax output or the program counter), so
// when every input is the same vector the mixture is that vector: passing it
// through is exact, where multiplying by Σ_k w_k = 1 ± rounding would let
// the soft program counter amplify the drift over many steps. (Its gradient
// with respect to the weights is then dropped; through a softmax, or any
// mass-preserving map, that part of the gradient sums to zero.)
func (t *tape) mix(w vr, xs []vr) vr {
	if allSame(xs) {
		return xs[0]
	}
	n := xs[0].n
	z := t.alloc(n)
	uniq := make([]vr, 0, len(xs))
	groups := make([]int, len(xs))
	for k, x := range xs {
		if x.n != n {
			panic("d4: mix of vectors of different sizes")
		}
		g := -1
		for u, y := range uniq {
			if y == x {
				g = u
				break
			}
		}
		if g < 0 {
			g = len(uniq)
			uniq = append(uniq, x)
		}
		groups[k] = g
	}
	wsum := make([]float64, len(uniq))
	wv := t.v(w)
	for k, g := range groups {
		wsum[g] += wv[k]
	}
	zv := t.v(z)
	for u, x := range uniq {
		s := wsum[u]
		if s == 0 {
			continue
		}
		for i, xi := range t.v(x) {
			zv[i] += s * xi
		}
	}
	t.push(op{kind: kMix, weights: w, xs: uniq, groups: groups, wsum: wsum, z: z})
	return z
}

func allSame(xs []vr) bool {
	for _, x := range xs[1:] {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// copyInto copies x into the range z (a range of a larger variable).
func (t *tape) copyInto(z, x vr) {
	copy(t.v(z), t.v(x))
	t.push(op{kind: kCopy, a: x, z: z})
}

// softmax returns the softmax of each group of k consecutive entries.
func (t *tape) softmax(x vr, k int) vr {
	z := t.alloc(x.n)
	mathx.Softmax(t.v(z), t.v(x), k)
	t.push(op{kind: kSoftmax, a: x, z: z, k: k})
	return z
}

// logProb is log(p + Eps), where a probability that rounding has made
// slightly negative counts as 0, so that the logarithm stays finite.
func logProb(p float64) float64 { return math.Log(max(p, 0) + Eps) }

// dLogProb is the derivative of logProb (0 where p is negative).
func dLogProb(p float64) float64 {
	if p < 0 {
		return 0
	}
	return 1 / (p + Eps)
}

// crossEntropy returns −Σ_i mask_i Σ_j y_ij log D_ij − Σ_i yd_i log d_i
// for the data stack D (stack) and its pointer d (ptr) (logProb: with Eps
// added inside the logarithms).
func (t *tape) crossEntropy(stack, ptr vr, y, mask, yd []float64, v int) vr {
	z := t.alloc(1)
	dv, pv := t.v(stack), t.v(ptr)
	loss := 0.0
	for i, m := range mask {
		if m == 0 {
			continue
		}
		for j := 0; j < v; j++ {
			if yij := y[i*v+j]; yij != 0 {
				loss -= m * yij * logProb(dv[i*v+j])
			}
		}
	}
	for i, yi := range yd {
		if yi != 0 {
			loss -= yi * logProb(pv[i])
		}
	}
	t.val[z.off] = loss
	t.push(op{kind: kXent, a: stack, b: ptr, z: z, ce: &xent{y: y, mask: mask, yd: yd, v: v}})
	return z
}

// backward propagates the gradients in t.grad (seeded by the caller on the
// outputs) back through the recorded operations.
func (t *tape) backward() {
	for n := len(t.ops) - 1; n >= 0; n-- {
		o := &t.ops[n]
		gz := t.g(o.z)
		switch o.kind {
		case kRead:
			t.backRead(o, gz)
		case kWrite:
			t.backWrite(o, gz)
		case kShift:
			t.backShift(o, gz)
		case kBinary:
			t.backBinary(o, gz)
		case kGt:
			t.backGt(o, gz)
		case kEq:
			t.backEq(o, gz)
		case kFold:
			t.backFold(o, gz)
		case kBranch:
			t.backBranch(o, gz)
		case kNorm:
			t.backNorm(o, gz)
		case kMix:
			t.backMix(o, gz)
		case kCopy:
			t.backCopy(o, gz)
		case kSoftmax:
			t.backSoftmax(o, gz)
		case kXent:
			t.backXent(o, gz)
		}
	}
}

// backRead adds the gradients of a read: of the buffer rows it read and,
// unless the addresses are constants, of the address.
func (t *tape) backRead(o *op, gz []float64) {
	buf, ptr := o.a, o.b
	w := buf.n / o.rows
	mv, av := t.v(buf), t.v(ptr)
	gm, ga := t.g(buf), t.g(ptr)
	if t.constPtr {
		addOuter(gm, av, gz)
		return
	}
	for i := 0; i < o.rows; i++ {
		row := mv[i*w : (i+1)*w]
		grow := gm[i*w : (i+1)*w]
		s := 0.0
		ai := av[i]
		for j, gj := range gz {
			s += gj * row[j]
			grow[j] += ai * gj
		}
		ga[i] += s
	}
}

// backWrite adds the gradients of a write: of the old buffer, the value
// written and, unless the addresses are constants, the address.
func (t *tape) backWrite(o *op, gz []float64) {
	buf, x, ptr := o.a, o.b, o.c
	w := x.n
	mv, xv, av := t.v(buf), t.v(x), t.v(ptr)
	gm, gx, ga := t.g(buf), t.g(x), t.g(ptr)
	for i := 0; i < o.rows; i++ {
		ai := av[i]
		grow := gm[i*w : (i+1)*w]
		gzr := gz[i*w : (i+1)*w]
		if t.constPtr {
			if ai == 0 {
				for j, gj := range gzr {
					grow[j] += gj
				}
				continue
			}
			for j, gj := range gzr {
				grow[j] += (1 - ai) * gj
				gx[j] += ai * gj
			}
			continue
		}
		row := mv[i*w : (i+1)*w]
		s := 0.0
		for j, gj := range gzr {
			grow[j] += (1 - ai) * gj
			gx[j] += ai * gj
			s += gj * (xv[j] - row[j])
		}
		ga[i] += s
	}
}

// backShift adds the gradient of a shift.
func (t *tape) backShift(o *op, gz []float64) {
	ga := t.g(o.a)
	n := o.a.n
	for i, gi := range gz {
		ga[mod(i-o.k, n)] += gi
	}
}

// backBinary adds the gradients of an arithmetic word's operands.
func (t *tape) backBinary(o *op, gz []float64) {
	v := o.a.n
	xv, yv := t.v(o.a), t.v(o.b)
	gx, gy := t.g(o.a), t.g(o.b)
	rows := rowsOf(forth.Prim(o.k), v)
	for i := 0; i < v; i++ {
		row := rows.row(i)
		for j := 0; j < v; j++ {
			g := gz[row[j]]
			gx[i] += yv[j] * g
			gy[j] += xv[i] * g
		}
	}
}

// backGt adds the gradients of a comparison x > y, nonzero where φ is not
// clamped.
func (t *tape) backGt(o *op, gz []float64) {
	d := expect(t.v(o.a)) - expect(t.v(o.b))
	if d > 0 && d < 1 {
		gp := gz[1] - gz[0]
		gx, gy := t.g(o.a), t.g(o.b)
		for i := range gx {
			gx[i] += float64(i) * gp
			gy[i] -= float64(i) * gp
		}
	}
}

// backEq adds the gradients of x = y.
func (t *tape) backEq(o *op, gz []float64) {
	gp := gz[1] - gz[0]
	xv, yv := t.v(o.a), t.v(o.b)
	gx, gy := t.g(o.a), t.g(o.b)
	for i := range xv {
		gx[i] += yv[i] * gp
		gy[i] += xv[i] * gp
	}
}

// backFold adds the gradient of a fold.
func (t *tape) backFold(o *op, gz []float64) {
	gx := t.g(o.a)
	for i := range gx {
		gx[i] += gz[i%o.k]
	}
}

// backBranch adds the gradient of a conditional jump with respect to x₀.
func (t *tape) backBranch(o *op, gz []float64) {
	t.grad[o.a.off] += gz[o.k2] - gz[o.k]
}

// backNorm adds the gradient of a normalisation.
func (t *tape) backNorm(o *op, gz []float64) {
	zv, ga := t.v(o.z), t.g(o.a)
	dot := 0.0
	for i, g := range gz {
		dot += g * zv[i]
	}
	for i, g := range gz {
		ga[i] += (g - dot) / o.scale
	}
}

// backMix adds the gradients of a mixture: of the inputs and of the weights.
func (t *tape) backMix(o *op, gz []float64) {
	gw := t.g(o.weights)
	dots := make([]float64, len(o.xs))
	for u, x := range o.xs {
		xv, gx := t.v(x), t.g(x)
		s := 0.0
		ws := o.wsum[u]
		for i, gi := range gz {
			s += gi * xv[i]
			gx[i] += ws * gi
		}
		dots[u] = s
	}
	for k, g := range o.groups {
		gw[k] += dots[g]
	}
}

// backCopy adds the gradient of a copy.
func (t *tape) backCopy(o *op, gz []float64) {
	gx := t.g(o.a)
	for i, gi := range gz {
		gx[i] += gi
	}
}

// backSoftmax adds the gradients of a group softmax.
func (t *tape) backSoftmax(o *op, gz []float64) {
	mathx.SoftmaxBack(t.g(o.a), t.v(o.z), gz, o.k)
}

// backXent adds the gradients of the cross-entropy: of the data stack and
// its pointer.
func (t *tape) backXent(o *op, gz []float64) {
	g := gz[0]
	ce := o.ce
	dv, pv := t.v(o.a), t.v(o.b)
	gStack, gPtr := t.g(o.a), t.g(o.b)
	for i, m := range ce.mask {
		if m == 0 {
			continue
		}
		for j := 0; j < ce.v; j++ {
			if yij := ce.y[i*ce.v+j]; yij != 0 {
				gStack[i*ce.v+j] -= g * m * yij * dLogProb(dv[i*ce.v+j])
			}
		}
	}
	for i, yi := range ce.yd {
		if yi != 0 {
			gPtr[i] -= g * yi * dLogProb(pv[i])
		}
	}
}

// zeroGrad sizes and clears the gradient arena.
func (t *tape) zeroGrad() {
	if cap(t.grad) < len(t.val) {
		t.grad = make([]float64, len(t.val))
	}
	t.grad = t.grad[:len(t.val)]
	clear(t.grad)
}

func mod(x, m int) int {
	r := x % m
	if r < 0 {
		r += m
	}
	return r
}

package reader

import (
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/gradcheck"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// readerLoss builds Σ picked ⊙ C for a fixed random C, so that every
// picked value has its own weight in the loss.
type readerLoss struct {
	g    *G.ExprGraph
	p    *Part
	loss *G.Node
	grad G.Nodes
	vm   G.VM
}

func newReaderLoss(t testing.TB, r *BiLSTM, B, T, K int, seed int64) *readerLoss {
	t.Helper()
	g := G.NewGraph()
	p, err := r.AddTo(g, B, T, K)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(seed))
	c := make([]float64, B*K*r.Width())
	for i := range c {
		c[i] = rng.NormFloat64()
	}
	cn := G.NewMatrix(g, tensor.Float64, G.WithShape(B, K*r.Width()), G.WithName("C"), G.WithValue(tensor.New(tensor.WithShape(B, K*r.Width()), tensor.WithBacking(c))))
	prod, err := G.HadamardProd(p.Out, cn)
	if err != nil {
		t.Fatal(err)
	}
	loss, err := G.Sum(prod)
	if err != nil {
		t.Fatal(err)
	}
	grads, err := G.Grad(loss, p.Params...)
	if err != nil {
		t.Fatal(err)
	}
	return &readerLoss{g: g, p: p, loss: loss, grad: grads, vm: G.NewTapeMachine(g)}
}

// run evaluates the loss on a batch of token ids, their classes (nil:
// none) and positions.
func (rl *readerLoss) run(t testing.TB, ids, classes, pos []float64) float64 {
	t.Helper()
	B, T := rl.p.IDs.Shape()[0], rl.p.IDs.Shape()[1]
	K := rl.p.Pos.Shape()[1]
	if err := G.Let(rl.p.IDs, tensor.New(tensor.WithShape(B, T), tensor.WithBacking(ids))); err != nil {
		t.Fatal(err)
	}
	if classes == nil {
		classes = noClasses(B, T)
	}
	if err := G.Let(rl.p.Classes, tensor.New(tensor.WithShape(B, T*MaxClasses), tensor.WithBacking(classes))); err != nil {
		t.Fatal(err)
	}
	if err := G.Let(rl.p.Pos, tensor.New(tensor.WithShape(B, K), tensor.WithBacking(pos))); err != nil {
		t.Fatal(err)
	}
	defer rl.vm.Reset()
	if err := rl.vm.RunAll(); err != nil {
		t.Fatal(err)
	}
	return rl.loss.Value().Data().(float64)
}

// noClasses is a batch's classes when no token has any.
func noClasses(B, T int) []float64 {
	c := make([]float64, B*T*MaxClasses)
	for i := range c {
		c[i] = NoClass
	}
	return c
}

// The gradients of the reader's parameters agree with central finite
// differences, on a batch of stories of different lengths (so that the
// length ordering and the padding are exercised) with tokens of no, one
// and two classes, and picks of numbers and of the question vector; with
// fixed word vectors too, which the weights' gradients must see.
func TestBiLSTMGradients(t *testing.T) {
	for _, fixed := range []bool{false, true} {
		t.Run(map[bool]string{false: "embeddings", true: "fixed vectors"}[fixed], func(t *testing.T) {
			r, err := NewBiLSTM(6, 2, 3, 4, 1)
			if err != nil {
				t.Fatal(err)
			}
			if fixed {
				useSomeVectors(t, r, true)
			}
			checkGradients(t, r)
		})
	}
}

// useSomeVectors gives r vectors (drawn) for its words 1, 3 and 4.
func useSomeVectors(t *testing.T, r *BiLSTM, fixed bool) (rows []float64, found []bool) {
	t.Helper()
	rng := rand.New(rand.NewSource(7))
	rows = make([]float64, r.Vocab*r.Embed)
	for i := range rows {
		rows[i] = rng.NormFloat64()
	}
	found = make([]bool, r.Vocab)
	found[1], found[3], found[4] = true, true, true
	if err := r.UseVectors(rows, found, fixed); err != nil {
		t.Fatal(err)
	}
	return rows, found
}

// checkGradients is TestBiLSTMGradients's check of r, of vocabulary 6, 2
// classes and embeddings of 3.
func checkGradients(t *testing.T, r *BiLSTM) {
	// The classes' vectors start at zero: draw them, so that the test
	// sees them.
	e := r.E.Data().([]float64)
	for i := 6 * 3; i < len(e); i++ {
		e[i] = 0.1 * float64(i%5-2)
	}
	const B, T, K = 3, 5, 3
	ids := []float64{
		1, 2, 3, Pad, Pad,
		5, 4, 3, 2, 1,
		0, 3, Pad, Pad, Pad,
	}
	_, classes, err := Batch([]Story{
		{IDs: []int{1, 2, 3}, Classes: [][]int{{0}, nil, {0, 1}}},
		{IDs: []int{5, 4, 3, 2, 1}, Classes: [][]int{nil, {1}}},
		{IDs: []int{0, 3}},
	}, T)
	if err != nil {
		t.Fatal(err)
	}
	pos := []float64{
		-3, 0, 2,
		-5, 4, 1,
		-2, 1, 1,
	}
	rl := newReaderLoss(t, r, B, T, K, 2)
	rl.run(t, ids, classes, pos)
	var analytic [][]float64
	for _, gn := range rl.grad {
		analytic = append(analytic, append([]float64(nil), gn.Value().Data().([]float64)...))
	}
	const h = 1e-6
	loss := func() float64 { return rl.run(t, ids, classes, pos) }
	worst := 0.0
	for i, ten := range r.Params() {
		d := ten.Data().([]float64)
		for j := range d {
			num := gradcheck.Central(loss, d, j, h)
			worst = math.Max(worst, math.Abs(num-analytic[i][j])/math.Max(1, math.Abs(num)))
			if !gradcheck.Agrees(analytic[i][j], num, 1e-6) {
				t.Fatalf("parameter %d[%d]: analytic %.9g, finite differences %.9g", i, j, analytic[i][j], num)
			}
		}
	}
	t.Logf("worst relative difference %.2g", worst)
}

// A token's forward state depends only on the tokens before it, its
// backward state only on the tokens after it, and padding changes nothing:
// a story read alone or in a batch with longer ones gives the same states.
func TestBiLSTMDirections(t *testing.T) {
	r, err := NewBiLSTM(8, 0, 3, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	states := func(ids []float64, B, T int) []float64 {
		t.Helper()
		v, err := r.states(tensor.New(tensor.WithShape(B, T), tensor.WithBacking(ids)), tensor.New(tensor.WithShape(B, T*MaxClasses), tensor.WithBacking(noClasses(B, T))))
		if err != nil {
			t.Fatal(err)
		}
		return v.Data().([]float64)
	}
	W2, H := r.Width(), r.Hidden
	alone := states([]float64{1, 2, 3, 4}, 1, 4)
	batched := states([]float64{7, 7, 7, 7, 7, 7, 1, 2, 3, 4, Pad, Pad}, 2, 6)
	for i, v := range alone {
		if w := batched[6*W2+i]; math.Abs(v-w) > 1e-12 {
			t.Fatalf("state value %d: alone %v, in a padded batch %v", i, v, w)
		}
	}
	for i := 4 * W2; i < 6*W2; i++ {
		if batched[6*W2+i] != 0 {
			t.Fatalf("padding position value %d is %v, want 0", i, batched[6*W2+i])
		}
	}
	changedEnd := states([]float64{1, 2, 3, 5}, 1, 4)
	for p := 0; p < 3; p++ {
		for j := 0; j < H; j++ {
			if alone[p*W2+j] != changedEnd[p*W2+j] {
				t.Fatalf("forward state at %d changed when only the last token changed", p)
			}
		}
	}
	changedStart := states([]float64{5, 2, 3, 4}, 1, 4)
	for p := 1; p < 4; p++ {
		for j := H; j < W2; j++ {
			if alone[p*W2+j] != changedStart[p*W2+j] {
				t.Fatalf("backward state at %d changed when only the first token changed", p)
			}
		}
	}
}

func TestBiLSTMBadInput(t *testing.T) {
	if _, err := NewBiLSTM(0, 0, 3, 4, 1); err == nil {
		t.Fatal("vocabulary 0 accepted")
	}
	if _, err := NewBiLSTM(4, -1, 3, 4, 1); err == nil {
		t.Fatal("-1 classes accepted")
	}
	if _, err := NewBiLSTM(4, 0, 1<<40, 1<<40, 1); err == nil || !strings.Contains(err.Error(), "weights, more than") {
		t.Fatalf("sizes past an int's range: %v", err)
	}
	r, _ := NewBiLSTM(4, 2, 2, 2, 1)
	none := tensor.New(tensor.WithShape(1, 2*MaxClasses), tensor.WithBacking(noClasses(1, 2)))
	for _, ids := range [][]float64{{9, 1}, {Pad, Pad}, {0.5, 1}} {
		if _, err := r.states(tensor.New(tensor.WithShape(1, 2), tensor.WithBacking(ids)), none); err == nil {
			t.Errorf("ids %v accepted", ids)
		}
	}
	for _, c := range []float64{2, -2, 0.5} {
		cl := noClasses(1, 2)
		cl[3] = c
		if _, err := r.states(tensor.New(tensor.WithShape(1, 2), tensor.WithBacking([]float64{1, 2})), tensor.New(tensor.WithShape(1, 2*MaxClasses), tensor.WithBacking(cl))); err == nil {
			t.Errorf("class %v accepted", c)
		}
	}
	if _, _, err := Batch([]Story{{IDs: []int{1}, Classes: [][]int{make([]int, MaxClasses+1)}}}, 1); err == nil {
		t.Errorf("a token of %d classes accepted", MaxClasses+1)
	}
}

// NumWeights counts the embeddings and both directions' matrices, and
// refuses sizes of more weights than the limit, however large.
func TestNumWeights(t *testing.T) {
	tests := []struct {
		vocab, classes, embed, hidden, limit int
		want                                 int // -1: an error
	}{
		{10, 0, 2, 3, 1000, 10*2 + 2*(2+3+1)*12},
		{10, 4, 2, 3, 1000, 14*2 + 2*(2+3+1)*12},
		{10, 0, 2, 3, 10*2 + 2*(2+3+1)*12, 164},
		{10, 0, 2, 3, 163, -1},
		{10, 0, 1 << 62, 3, math.MaxInt, -1},
		{math.MaxInt, math.MaxInt, math.MaxInt, math.MaxInt, math.MaxInt, -1},
		{10, 0, 0, 3, 1000, -1},
		{10, -1, 2, 3, 1000, -1},
	}
	for _, tt := range tests {
		n, err := NumWeights(tt.vocab, tt.classes, tt.embed, tt.hidden, tt.limit)
		if tt.want < 0 && err == nil || tt.want >= 0 && (err != nil || n != tt.want) {
			t.Errorf("NumWeights(%d, %d, %d, %d, %d) = %d, %v; want %d", tt.vocab, tt.classes, tt.embed, tt.hidden, tt.limit, n, err, tt.want)
		}
	}
	r, err := NewBiLSTM(10, 4, 2, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := 0
	for _, p := range r.Params() {
		got += p.Shape().TotalSize()
	}
	if want, _ := NumWeights(10, 4, 2, 3, math.MaxInt); got != want {
		t.Errorf("a BiLSTM has %d weights, NumWeights says %d", got, want)
	}
}

// The reader's backward Op keeps nothing between calls: it reads the tapes
// from its input, so a batch's gradients do not depend on what the Op
// computed before (here another batch's), nor on how many runOp nodes ran.
func TestBackwardStateless(t *testing.T) {
	r, err := NewBiLSTM(6, 0, 3, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	const T = 4
	batch := func(ids ...float64) G.Value {
		return tensor.New(tensor.WithShape(len(ids)/T, T), tensor.WithBacking(ids))
	}
	none := func(B int) G.Value {
		return tensor.New(tensor.WithShape(B, T*MaxClasses), tensor.WithBacking(noClasses(B, T)))
	}
	grad := func(B int) G.Value {
		g := make([]float64, B*T*r.Width())
		for i := range g {
			g[i] = float64(i%7) - 3
		}
		return tensor.New(tensor.WithShape(B, T*r.Width()), tensor.WithBacking(g))
	}
	ops := func() (*runOp, *backOp) { return &runOp{opBase{r: r, T: T}}, &backOp{opBase{r: r, T: T}} }
	call := func(op interface {
		Do(...G.Value) (G.Value, error)
	}, vals ...G.Value) []float64 {
		t.Helper()
		v, err := op.Do(vals...)
		if err != nil {
			t.Fatal(err)
		}
		return v.Data().([]float64)
	}
	a, b := batch(1, 2, 3, Pad, 5, 4, 3, 2), batch(0, Pad, Pad, Pad, 3, 3, Pad, Pad, 2, 1, 0, 5)
	runA, back := ops()
	runB, _ := ops()
	ra, rb := call(runA, r.E, r.Fwd, r.Bwd, a, none(2)), call(runB, r.E, r.Fwd, r.Bwd, b, none(3))
	va := tensor.New(tensor.WithShape(2, len(ra)/2), tensor.WithBacking(ra))
	vb := tensor.New(tensor.WithShape(3, len(rb)/3), tensor.WithBacking(rb))
	call(back, r.E, r.Fwd, r.Bwd, b, none(3), vb, grad(3))
	after := call(back, r.E, r.Fwd, r.Bwd, a, none(2), va, grad(2))
	_, fresh := ops()
	alone := call(fresh, r.E, r.Fwd, r.Bwd, a, none(2), va, grad(2))
	for i := range alone {
		if alone[i] != after[i] {
			t.Fatalf("gradient %d: %v from a fresh Op, %v after another batch's", i, alone[i], after[i])
		}
	}
}

// Pretrained vectors: fine-tuned, the words found start from their
// vectors and the others keep their drawn embeddings; fixed, a word found
// reads its vector in place of its embedding (the states are those of a
// reader whose embeddings hold the vectors), whose row is zero and gets
// no gradient, and the states keep their shape. Vectors of another size
// are refused.
func TestUseVectors(t *testing.T) {
	for _, fixed := range []bool{false, true} {
		r, err := NewBiLSTM(6, 0, 3, 4, 1)
		if err != nil {
			t.Fatal(err)
		}
		drawn := append([]float64(nil), r.E.Float64s()...)
		rows, found := useSomeVectors(t, r, fixed)
		e := r.E.Float64s()
		for w := 0; w < r.Vocab; w++ {
			got, want := e[w*3:(w+1)*3], drawn[w*3:(w+1)*3]
			switch {
			case found[w] && fixed:
				want = make([]float64, 3)
			case found[w]:
				want = rows[w*3 : (w+1)*3]
			}
			if !slices.Equal(got, want) {
				t.Errorf("fixed %v: word %d's embedding %v, want %v", fixed, w, got, want)
			}
		}
		if (r.Fixed != nil) != fixed {
			t.Fatalf("fixed %v: Fixed set %v", fixed, r.Fixed != nil)
		}
		if !fixed {
			continue
		}
		// Training would not move the words found: their rows of E get no
		// gradient.
		rl := newReaderLoss(t, r, 2, 4, 3, 2)
		ids := []float64{1, 2, 3, 5, 4, 0, Pad, Pad}
		rl.run(t, ids, nil, []float64{-4, 0, 2, -2, 1, 0})
		dE := rl.grad[0].Value().Data().([]float64)
		for w := 0; w < r.Vocab; w++ {
			zero := slices.Equal(dE[w*3:(w+1)*3], make([]float64, 3))
			if zero != found[w] { // every word is read
				t.Errorf("word %d (found %v): gradient %v", w, found[w], dE[w*3:(w+1)*3])
			}
		}
		// The same reader with the vectors summed into its embeddings.
		sum, err := ZeroBiLSTM(6, 0, 3, 4)
		if err != nil {
			t.Fatal(err)
		}
		copy(sum.Fwd.Float64s(), r.Fwd.Float64s())
		copy(sum.Bwd.Float64s(), r.Bwd.Float64s())
		for i, v := range e {
			sum.E.Float64s()[i] = v + r.Fixed.Float64s()[i] // one of the two is zero
		}
		stories := []Story{{IDs: []int{1, 2, 3, 5}}, {IDs: []int{4, 0}}}
		pos := [][]float64{{-4, 0, 2}, {-2, 1, 0}}
		got, err := r.Read(stories, pos)
		if err != nil {
			t.Fatal(err)
		}
		want, err := sum.Read(stories, pos)
		if err != nil {
			t.Fatal(err)
		}
		for b := range got {
			if len(got[b]) != 3*r.Width() {
				t.Errorf("story %d: %d values picked, want %d", b, len(got[b]), 3*r.Width())
			}
			for i := range got[b] {
				if math.Abs(got[b][i]-want[b][i]) > 1e-12 {
					t.Fatalf("story %d value %d: %v with fixed vectors, %v with them in the embeddings", b, i, got[b][i], want[b][i])
				}
			}
		}
	}
	r, err := NewBiLSTM(6, 0, 3, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.UseVectors(make([]float64, 6*4), make([]bool, 6), true); err == nil || !strings.Contains(err.Error(), "want 6 words of 3") {
		t.Errorf("vectors of 4 values for embeddings of 3: %v", err)
	}
}

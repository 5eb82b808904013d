package bench

import (
	"fmt"
	"math/rand"
	"slices"
	"sync"

	"github.com/d4lang/d4/internal/gemm"
	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/optim"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/sketches"
	"github.com/d4lang/d4/tasks/wap/model"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// product returns a run of product p in kernel k (an index of Kernels)
// on random matrices.
func product(p Product, k int) func() error {
	rng := rand.New(rand.NewSource(1))
	rows := func(r, c int, t bool) (int, int) { // op(X) is r×c
		if t {
			return c, r
		}
		return r, c
	}
	ar, ac := rows(p.M, p.K, p.TransA)
	br, bc := rows(p.K, p.N, p.TransB)
	tr := func(t bool) blas.Transpose {
		if t {
			return blas.Trans
		}
		return blas.NoTrans
	}
	if k == 2 {
		f := func(r, c int) blas32.General {
			d := make([]float32, r*c)
			for i := range d {
				d[i] = float32(rng.NormFloat64())
			}
			return blas32.General{Rows: r, Cols: c, Stride: c, Data: d}
		}
		a, b, c := f(ar, ac), f(br, bc), f(p.M, p.N)
		return func() error { blas32.Gemm(tr(p.TransA), tr(p.TransB), 1, a, b, 0, c); return nil }
	}
	f := func(r, c int) blas64.General {
		d := make([]float64, r*c)
		for i := range d {
			d[i] = rng.NormFloat64()
		}
		return blas64.General{Rows: r, Cols: c, Stride: c, Data: d}
	}
	a, b, c := f(ar, ac), f(br, bc), f(p.M, p.N)
	mul := gemm.Gemm
	if k == 1 {
		mul = blas64.Gemm
	}
	return func() error { mul(tr(p.TransA), tr(p.TransB), 1, a, b, 0, c); return nil }
}

// lengths draws the token counts of a batch of stories, uniform in
// [Tokens/2, 3·Tokens/2].
func lengths(c Config, rng *rand.Rand) []int {
	lens := make([]int, c.Batch)
	for i := range lens {
		lens[i] = c.Tokens/2 + rng.Intn(c.Tokens+1)
	}
	return lens
}

// readerStep is the reader's forward and backward pass in a graph of its
// own, as training runs it (its loss: the sum of the picked states).
func readerStep(c Config) (float64, func() error, error) {
	rng := rand.New(rand.NewSource(2))
	r, err := reader.NewBiLSTM(c.Vocab, 0, model.Embed, model.Hidden, 1)
	if err != nil {
		return 0, nil, err
	}
	lens := lengths(c, rng)
	T := 0
	for _, n := range lens {
		T = max(T, n)
	}
	const K = 4
	g := G.NewGraph()
	part, err := r.AddTo(g, c.Batch, T, K)
	if err != nil {
		return 0, nil, err
	}
	loss, err := G.Sum(part.Out)
	if err != nil {
		return 0, nil, err
	}
	if _, err := G.Grad(loss, part.Params...); err != nil {
		return 0, nil, err
	}
	stories := make([]reader.Story, c.Batch)
	pos := make([]float64, 0, c.Batch*K)
	for b, n := range lens {
		for range n {
			stories[b].IDs = append(stories[b].IDs, rng.Intn(c.Vocab))
		}
		pos = append(pos, float64(-n))
		for range K - 1 {
			pos = append(pos, float64(rng.Intn(n)))
		}
	}
	ids, classes, err := reader.Batch(stories, T)
	if err != nil {
		return 0, nil, err
	}
	for _, l := range []struct {
		n    *G.Node
		d    []float64
		cols int
	}{{part.IDs, ids, T}, {part.Classes, classes, T * reader.MaxClasses}, {part.Pos, pos, K}} {
		if err := G.Let(l.n, tensor.New(tensor.WithShape(c.Batch, l.cols), tensor.WithBacking(l.d))); err != nil {
			return 0, nil, err
		}
	}
	vm := G.NewTapeMachine(g)
	f, b := r.FLOPs(lens)
	return f + b, func() error {
		defer vm.Reset()
		return vm.RunAll()
	}, nil
}

// traceStep is ∂4 running the paper's sketch along its static trace,
// forward and backward, from states whose heap cells hold random
// distributions (every value soft, as the work is counted).
func traceStep(c Config) (float64, func() error, error) {
	rng := rand.New(rand.NewSource(3))
	m, err := newModel("wap", c, 1)
	if err != nil {
		return 0, nil, err
	}
	gr, err := m.Machine.NewGraph(c.Batch, d4.GraphOpts{Trace: m.Trace, InputGrad: true})
	if err != nil {
		return 0, nil, err
	}
	sz := m.Machine.Sizes
	var inputs, targets []float64
	for range c.Batch {
		x, err := sz.InitialState(nil)
		if err != nil {
			return 0, nil, err
		}
		heap := sz.Unpack(x).Heap // random distributions, one a cell
		logits := make([]float64, len(heap))
		for i := range logits {
			logits[i] = 2 * rng.NormFloat64()
		}
		mathx.Softmax(heap, logits, sz.V)
		t, err := sz.Target([]int{rng.Intn(sz.V)})
		if err != nil {
			return 0, nil, err
		}
		inputs, targets = append(inputs, x...), append(targets, t...)
	}
	w, err := m.Work(lengths(c, rng)) // its machine part, which the lengths do not change
	if err != nil {
		return 0, nil, err
	}
	return w.Machine, func() error {
		_, err := gr.Run(inputs, targets)
		return err
	}, nil
}

// newModel is a word-problem model of an embedded sketch for the
// benchmark's vocabulary.
func newModel(sketch string, c Config, seed int64) (*model.Model, error) {
	src, ok := sketches.Embedded(sketch)
	if !ok {
		return nil, fmt.Errorf("no embedded sketch %s", sketch)
	}
	return model.NewModel(sketch+".fth", src, c.Vocab, false, seed)
}

// problems draws a batch of random stories with three numbers below 50
// and the sum of the first two as the answer (a problem either sketch
// scores).
func problems(c Config, rng *rand.Rand) []*model.Problem {
	var out []*model.Problem
	for i, n := range lengths(c, rng) {
		p := &model.Problem{ID: int64(i)}
		for range n {
			p.IDs = append(p.IDs, rng.Intn(c.Vocab))
		}
		p.NumPos = append(p.NumPos, rng.Perm(n)[:3]...)
		slices.Sort(p.NumPos)
		for range 3 {
			p.Numbers = append(p.Numbers, 1+rng.Intn(49))
		}
		p.Answer = p.Numbers[0] + p.Numbers[1]
		out = append(out, p)
	}
	return out
}

// trainStep is a whole training step of n models at once, each on its
// own goroutine: the graph's forward and backward pass on a batch and
// Adam's update, as wap train runs them.
func trainStep(sketch string, n int) func(Config) (float64, func() error, error) {
	return func(c Config) (float64, func() error, error) {
		type member struct {
			tr    *model.Trainer
			adam  *optim.Adam
			batch []*model.Problem
		}
		ms := make([]member, n)
		work := 0.0
		for k := range ms {
			m, err := newModel(sketch, c, int64(1+k))
			if err != nil {
				return 0, nil, err
			}
			batch := problems(c, rand.New(rand.NewSource(int64(4+k))))
			lens := make([]int, len(batch))
			for i, p := range batch {
				if err := m.Scorable(p); err != nil {
					return 0, nil, err
				}
				lens[i] = len(p.IDs)
			}
			w, err := m.Work(lens)
			if err != nil {
				return 0, nil, err
			}
			work += w.Total()
			ms[k] = member{tr: m.NewTrainer(batch), adam: optim.New(m.ParamData(), optim.Config{LR: 1e-4, Clip: 1}, 1), batch: batch}
		}
		step := func(m member) error {
			_, grads, err := m.tr.Gradient(m.batch)
			if err != nil {
				return err
			}
			_, err = m.adam.Update(grads)
			return err
		}
		return work, func() error {
			if n == 1 {
				return step(ms[0])
			}
			errs := make([]error, n)
			var wg sync.WaitGroup
			for k := range ms {
				wg.Go(func() { errs[k] = step(ms[k]) })
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					return err
				}
			}
			return nil
		}, nil
	}
}

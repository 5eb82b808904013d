package bench

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/d4lang/d4/internal/gemm"
	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/sketches"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/training"

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
func readerStep(c Config) (float64, timer, error) {
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
	return f + b, repeated(func() error {
		defer vm.Reset()
		return vm.RunAll()
	}), nil
}

// traceStep is ∂4 running the paper's sketch along its static trace,
// forward and backward, from states whose heap cells hold random
// distributions (every value soft, as the work is counted).
func traceStep(c Config) (float64, timer, error) {
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
	return w.Machine, repeated(func() error {
		_, err := gr.Run(inputs, targets)
		return err
	}), nil
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
// scores), numbered from first: generated problems, as wap train bags
// them (training.TrainConfig.Bag).
func problems(c Config, rng *rand.Rand, first int) []*model.Problem {
	var out []*model.Problem
	for i, n := range lengths(c, rng) {
		p := &model.Problem{ID: int64(first + i), Generated: true}
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

// Each model of trainers has poolBatches batches of problems, whose bag an
// epoch holds (a third of them with wap train's defaults): baseBatches
// distinct ones, repeated, so that an epoch (whose end is an evaluation,
// not a step) outlasts any measurement but the longest.
const baseBatches, poolBatches = 8, 1024

// trainers is n word-problem models that train at once, each on its own
// goroutine and its own problems, as wap train trains its models: each
// with training.Train and wap train's settings (training's defaults, the
// benchmark's batch), so that a step is the step wap train takes (its
// batch's word dropout, the graph's forward and backward pass, the
// driver's update of Adam).
type trainers struct {
	models []*model.Model
	pools  [][]*model.Problem
	cfgs   []training.TrainConfig
	work   float64 // a step of every model, counted (model.Work)
}

// newTrainers builds n models of an embedded sketch, seeds 1…n, and their
// problems.
func newTrainers(sketch string, n int, c Config) (*trainers, error) {
	t := &trainers{}
	for k := range n {
		cfg := trainConfig(c, int64(1+k))
		m, err := newModel(sketch, c, cfg.Seed)
		if err != nil {
			return nil, err
		}
		rng := rand.New(rand.NewSource(int64(4 + k)))
		var base []*model.Problem
		for b := range baseBatches {
			batch := problems(c, rng, b*c.Batch)
			lens := make([]int, len(batch))
			for i, p := range batch {
				if err := m.Scorable(p); err != nil {
					return nil, err
				}
				lens[i] = len(p.IDs)
			}
			w, err := m.Work(lens)
			if err != nil {
				return nil, err
			}
			t.work += w.Total() / baseBatches
			base = append(base, batch...)
		}
		pool := make([]*model.Problem, 0, poolBatches*c.Batch)
		for range poolBatches / baseBatches {
			pool = append(pool, base...)
		}
		t.models, t.pools, t.cfgs = append(t.models, m), append(t.pools, pool), append(t.cfgs, cfg)
	}
	return t, nil
}

// trainConfig is wap train's configuration (training.DefaultTrainConfig,
// what its flags default to) with the benchmark's batch, for a model of
// the seed, training epochs until it is stopped.
func trainConfig(c Config, seed int64) training.TrainConfig {
	cfg := training.DefaultTrainConfig()
	cfg.Batch, cfg.Seed, cfg.Epochs = c.Batch, seed, 1000000 // the most learn allows
	return cfg
}

// time trains the models at once, each with training.Train, and returns
// the median time of a step of all of them over three rounds of at least
// d: a round's time over the updates the models finished in it, times
// their number. A round starts when every model has finished an update
// since its last evaluation (the first update builds the graphs), so that
// rounds hold steps only; observe (when not nil) is told of each update.
func (t *trainers) time(d time.Duration, observe func(k int, u fit.Update)) (float64, error) {
	n := len(t.models)
	clock := &stepClock{round: d, n: n, busy: n, waiting: make([]bool, n)}
	for k := range clock.waiting {
		clock.waiting[k] = true
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for k := range n {
		wg.Go(func() {
			run := training.Run{Progress: updates{k: k, clock: clock, observe: observe}, Stop: clock.halt.Load}
			_, errs[k] = training.Train(t.models[k], t.cfgs[k], t.pools[k], nil, run)
			if errs[k] != nil {
				clock.halt.Store(true) // the others stop too
			}
		})
	}
	wg.Wait()
	times, done := clock.result()
	if done {
		return times, nil // every model stopped because the rounds were measured
	}
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}
	return 0, errors.New("training ended before its steps were measured")
}

// stepClock times the rounds of trainers.time from the updates the
// driver reports.
type stepClock struct {
	mu      sync.Mutex
	round   time.Duration
	n       int
	waiting []bool // a model that has not updated since it began or evaluated
	busy    int    // how many are waiting
	start   time.Time
	count   int // updates in the round so far
	times   []float64
	halt    atomic.Bool // the models stop before their next update
}

// update is model k's finished update.
func (c *stepClock) update(k int, u fit.Update) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	switch {
	case c.waiting[k]:
		c.waiting[k] = false
		c.busy--
		c.start, c.count = now, 0
	case c.busy == 0:
		c.count++
		if el := now.Sub(c.start); el >= c.round && len(c.times) < 3 {
			c.times = append(c.times, el.Seconds()*float64(c.n)/float64(c.count))
			c.start, c.count = now, 0
			if len(c.times) == 3 {
				c.halt.Store(true)
			}
		}
	}
	if u.Batch == u.Batches { // it evaluates next: no round spans that
		c.waiting[k] = true
		c.busy++
	}
}

// result is the median of the rounds, and whether all three were timed.
func (c *stepClock) result() (float64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.times) < 3 {
		return 0, false
	}
	ts := slices.Clone(c.times)
	slices.Sort(ts)
	return ts[1], true
}

// updates is the progress of model k (fit.Progress): its updates go to
// the clock.
type updates struct {
	k       int
	clock   *stepClock
	observe func(k int, u fit.Update)
}

func (p updates) Update(u fit.Update) {
	p.clock.update(p.k, u)
	if p.observe != nil {
		p.observe(p.k, u)
	}
}
func (updates) Epoch(fit.EpochEnd)  {}
func (updates) Resumed(fit.Resumed) {}

// trainStep is a whole training step of n models at once (trainers).
func trainStep(sketch string, n int) func(Config) (float64, timer, error) {
	return func(c Config) (float64, timer, error) {
		t, err := newTrainers(sketch, n, c)
		if err != nil {
			return 0, nil, err
		}
		return t.work, func(d time.Duration) (float64, error) { return t.time(d, nil) }, nil
	}
}

package seq2seq

import (
	"errors"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/gradcheck"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/optim"
)

// allSequences lists the V^n sequences of length n in a shuffled order.
func allSequences(v, n int, rng *rand.Rand) [][]int {
	total := 1
	for i := 0; i < n; i++ {
		total *= v
	}
	out := make([][]int, total)
	for k := range out {
		s := make([]int, n)
		x := k
		for i := range s {
			s[i] = x % v
			x /= v
		}
		out[k] = s
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func reversed(s []int) []int {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

func pairsOf(seqs [][]int, f func([]int) []int) []data.Example {
	out := make([]data.Example, len(seqs))
	for i, s := range seqs {
		out[i] = data.Example{Input: s, Output: f(s)}
	}
	return out
}

// TestLearns trains on 512 of the 1000 sequences of length 3 over V=10 and
// tests on 200 held-out ones. The batch is 32 rather than the paper's 128
// (more updates per second: the test stays within a few seconds).
func TestLearns(t *testing.T) {
	tests := []struct {
		name      string
		f         func([]int) []int
		embed     int
		maxEpochs int
	}{
		{"reverse", reversed, 0, 40},
		{"copy", slices.Clone[[]int], 0, 40},
		{"reverse-embedding", reversed, 16, 40},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seqs := allSequences(10, 3, rand.New(rand.NewSource(7)))
			train, test := pairsOf(seqs[:512], tc.f), pairsOf(seqs[512:712], tc.f)
			cfg := DefaultConfig(10)
			cfg.Embed, cfg.Batch, cfg.Epochs = tc.embed, 32, tc.maxEpochs
			start := time.Now()
			m, res, err := Train(cfg, train, test, nil)
			if err != nil {
				t.Fatal(err)
			}
			ham, exact, err := Evaluate(m, test)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d epochs (%v), best at epoch %d, held-out per-token %.3f, exact %.3f", tc.name, res.Epochs, time.Since(start).Round(time.Millisecond), res.BestEpoch, ham, exact)
			if exact < 0.95 {
				t.Errorf("held-out exact match %.3f after %d epochs, want ≥ 0.95", exact, res.Epochs)
			}
		})
	}
}

// TestDeterministic: the same seed gives the same parameters and
// predictions, a different seed different ones.
func TestDeterministic(t *testing.T) {
	seqs := allSequences(5, 3, rand.New(rand.NewSource(3)))
	train := pairsOf(seqs[:100], reversed)
	inputs := make([][]int, 25)
	for i := range inputs {
		inputs[i] = seqs[100+i]
	}
	run := func(seed int64) ([]float64, [][]int) {
		cfg := DefaultConfig(5)
		cfg.Hidden, cfg.Batch, cfg.Seed = 8, 32, seed
		return trainThree(t, cfg, seed, train, inputs, 3)
	}
	tests := []struct {
		name   string
		a, b   int64
		sameAs bool
	}{
		{"same seed", 1, 1, true},
		{"different seed", 1, 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wa, pa := run(tc.a)
			wb, pb := run(tc.b)
			sameParams := slices.Equal(wa, wb)
			if sameParams != tc.sameAs {
				t.Errorf("parameters equal: %v, want %v", sameParams, tc.sameAs)
			}
			if tc.sameAs && !slices.EqualFunc(pa, pb, slices.Equal[[]int]) {
				t.Errorf("predictions differ under the same seed")
			}
		})
	}
}

// trainThree trains a model of cfg for three epochs on train (Train,
// shuffled by a stream seeded with seed) and returns its parameters,
// concatenated, and its predictions of outLen tokens for inputs.
func trainThree(t *testing.T, cfg Config, seed int64, train []data.Example, inputs [][]int, outLen int) ([]float64, [][]int) {
	t.Helper()
	cfg.Epochs, cfg.Seed = 3, seed
	m, _, err := Train(cfg, train, train, nil)
	if err != nil {
		t.Fatal(err)
	}
	pred, err := m.Predict(inputs, outLen)
	if err != nil {
		t.Fatal(err)
	}
	var w []float64
	for _, p := range m.params {
		w = append(w, p.w...)
	}
	return w, pred
}

// TestReverseSource checks that a model with ReverseSource trains and
// predicts exactly as a model without it that is given reversed inputs.
func TestReverseSource(t *testing.T) {
	seqs := allSequences(5, 3, rand.New(rand.NewSource(4)))
	// Targets that depend on the input's order: the first token, twice.
	first := func(s []int) []int { return []int{s[0], s[0]} }
	train := pairsOf(seqs[:100], first)
	flipped := make([]data.Example, len(train))
	for i, p := range train {
		flipped[i] = data.Example{Input: reversed(p.Input), Output: p.Output}
	}
	inputs, flippedInputs := seqs[100:125], make([][]int, 25)
	for i, s := range inputs {
		flippedInputs[i] = reversed(s)
	}
	run := func(reverse bool, pairs []data.Example, in [][]int) ([]float64, [][]int) {
		cfg := DefaultConfig(5)
		cfg.Hidden, cfg.Batch, cfg.ReverseSource = 8, 32, reverse
		return trainThree(t, cfg, 1, pairs, in, 2)
	}
	wa, pa := run(true, train, inputs)
	wb, pb := run(false, flipped, flippedInputs)
	wc, _ := run(false, train, inputs)
	if !slices.Equal(wa, wb) || !slices.EqualFunc(pa, pb, slices.Equal[[]int]) {
		t.Errorf("ReverseSource differs from reversing the inputs by hand")
	}
	if slices.Equal(wa, wc) {
		t.Errorf("ReverseSource changed nothing")
	}
}

// TestGradient compares the gradient of the loss with central finite
// differences on a tiny model (H=3, V=4, length 2), for every parameter.
func TestGradient(t *testing.T) {
	tests := []struct {
		name  string
		embed int
		in    int
	}{
		{"one-hot", 0, 2},
		{"embedding", 2, 2},
		{"longer input", 0, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig(4)
			cfg.Hidden, cfg.Embed, cfg.Seed = 3, tc.embed, 5
			m := mustNew(t, cfg)
			// Larger weights than the initialisation, so that the
			// nonlinearities are exercised.
			rng := rand.New(rand.NewSource(9))
			for _, p := range m.params {
				for i := range p.w {
					p.w[i] = rng.NormFloat64() * 0.7
				}
			}
			batch := make([]data.Example, 3)
			for i := range batch {
				in := make([]int, tc.in)
				for j := range in {
					in[j] = rng.Intn(4)
				}
				batch[i] = data.Example{Input: in, Output: []int{rng.Intn(4), rng.Intn(4)}}
			}
			_, grads, err := m.lossGrad(batch)
			if err != nil {
				t.Fatal(err)
			}
			analytic := make([][]float64, len(grads))
			for i, g := range grads {
				analytic[i] = slices.Clone(g)
			}
			loss := gradcheck.LossOrFail(t, func() (float64, [][]float64, error) { return m.lossGrad(batch) })
			const h = 1e-5
			worst := 0.0
			for pi, p := range m.params {
				for j := range p.w {
					num := gradcheck.Central(loss, p.w, j, h)
					diff := math.Abs(num - analytic[pi][j])
					worst = max(worst, diff)
					if diff > 1e-7+1e-5*math.Abs(num) {
						t.Errorf("%s[%d]: analytic %.9g, numeric %.9g", p.name, j, analytic[pi][j], num)
					}
				}
			}
			t.Logf("largest difference %.2g", worst)
		})
	}
}

func TestErrors(t *testing.T) {
	m := mustNew(t, DefaultConfig(4))
	ok := data.Example{Input: []int{1, 2}, Output: []int{3, 0}}
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"no pairs", func() error { _, err := m.Method(nil, nil); return err }, "no pairs"},
		{"input lengths", func() error {
			_, err := m.Method([]data.Example{ok, {Input: []int{1}, Output: []int{3, 0}}}, nil)
			return err
		}, "lengths"},
		{"target lengths", func() error {
			_, err := m.Method([]data.Example{ok, {Input: []int{1, 2}, Output: []int{3}}}, nil)
			return err
		}, "lengths"},
		{"empty target", func() error {
			_, err := m.Method([]data.Example{{Input: []int{1}, Output: nil}}, nil)
			return err
		}, "want ≥ 1"},
		{"input token too large", func() error {
			_, err := m.Method([]data.Example{ok, {Input: []int{1, 4}, Output: []int{3, 0}}}, nil)
			return err
		}, "outside [0,4)"},
		{"negative target token", func() error {
			_, err := m.Method([]data.Example{ok, {Input: []int{1, 2}, Output: []int{-1, 0}}}, nil)
			return err
		}, "outside [0,4)"},
		{"predict lengths", func() error { _, err := m.Predict([][]int{{1, 2}, {1}}, 2); return err }, "length"},
		{"predict token", func() error { _, err := m.Predict([][]int{{1, 5}}, 2); return err }, "outside [0,4)"},
		{"predict output length", func() error { _, err := m.Predict([][]int{{1, 2}}, 0); return err }, "want ≥ 1"},
		{"evaluate target token", func() error {
			_, _, err := Evaluate(m, []data.Example{{Input: []int{1}, Output: []int{9}}})
			return err
		}, "outside [0,4)"},
		{"bad config", func() error {
			_, err := New(Config{Vocab: 4, Hidden: 0, Batch: 1, Config: optim.Config{LR: 0.1}})
			return err
		}, "hidden"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestNotFinite: a NaN weight makes the loss NaN; training stops with
// ErrNotFinite and leaves the parameters as they were.
func TestNotFinite(t *testing.T) {
	m := mustNew(t, DefaultConfig(4))
	m.out.w[0] = math.NaN()
	before := slices.Clone(m.enc.w)
	meth, err := m.Method([]data.Example{{Input: []int{1, 2}, Output: []int{0, 1}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = fit.Run(func(int, int64) (fit.Method, error) { return meth, nil }, 1, fit.Config{Config: m.cfg.Config, Batch: 1, Epochs: 1}, nil)
	if !errors.Is(err, ErrNotFinite) {
		t.Fatalf("error %v, want ErrNotFinite", err)
	}
	if !slices.Equal(before, m.enc.w) {
		t.Errorf("parameters changed")
	}
}

// TestClipping: with a tiny threshold in the model's optimiser settings,
// the first update's moments hold the clipped gradient.
func TestClipping(t *testing.T) {
	pairs := []data.Example{{Input: []int{1, 2}, Output: []int{0, 1}}, {Input: []int{3, 0}, Output: []int{2, 2}}}
	cfg := DefaultConfig(4)
	cfg.Hidden, cfg.Clip = 4, 1e-3
	m := mustNew(t, cfg)
	_, grads, err := m.lossGrad(pairs)
	if err != nil {
		t.Fatal(err)
	}
	norm := 0.0
	for _, g := range grads {
		for _, x := range g {
			norm += x * x
		}
	}
	norm = math.Sqrt(norm)
	if norm <= cfg.Clip {
		t.Fatalf("gradient norm %g not above the threshold", norm)
	}
	want := make([][]float64, len(grads))
	for i, g := range grads {
		want[i] = make([]float64, len(g))
		for j, x := range g {
			want[i][j] = 0.1 * x * cfg.Clip / norm // (1−β1)·clipped gradient
		}
	}
	opt := optim.New(m.Params(), cfg.Config, 1)
	if _, err := opt.Update(grads); err != nil {
		t.Fatal(err)
	}
	for i, p := range m.params {
		moment := opt.FirstMoment(i)
		for j := range moment {
			if math.Abs(moment[j]-want[i][j]) > 1e-15 {
				t.Fatalf("%s: first moment %g, want %g", p.name, moment[j], want[i][j])
			}
		}
	}
}

func TestPartialBatch(t *testing.T) {
	// 5 pairs with batch 2: batches of 2, 2 and 1; all are used.
	cfg := DefaultConfig(3)
	cfg.Hidden, cfg.Batch = 4, 2
	m := mustNew(t, cfg)
	var pairs []data.Example
	for i := 0; i < 5; i++ {
		pairs = append(pairs, data.Example{Input: []int{i % 3, (i + 1) % 3}, Output: []int{i % 3}})
	}
	meth, err := m.Method(pairs, pairs)
	if err != nil {
		t.Fatal(err)
	}
	res, err := fit.Run(func(int, int64) (fit.Method, error) { return meth, nil }, len(pairs), fit.Config{Config: cfg.Config, Batch: 2, Epochs: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Updates != 3 {
		t.Errorf("%d updates, want 3", res.Updates)
	}
	pred, err := m.Predict([][]int{{0, 1}, {1, 2}, {2, 0}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(pred) != 3 || len(pred[0]) != 4 {
		t.Errorf("predictions %v, want 3 of length 4", pred)
	}
}

// BenchmarkTrainBatch is one training batch of 128 with input length 4 and
// output length 3.
func BenchmarkTrainBatch(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	batch := make([]data.Example, 128)
	for i := range batch {
		batch[i] = data.Example{Input: []int{rng.Intn(10), rng.Intn(10), rng.Intn(10), rng.Intn(10)}, Output: []int{rng.Intn(10), rng.Intn(10), rng.Intn(10)}}
	}
	m := mustNew(b, DefaultConfig(10))
	opt := optim.New(m.Params(), m.cfg.Config, 1)
	step := func() {
		_, grads, err := m.lossGrad(batch)
		if err == nil {
			_, err = opt.Update(grads)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	step()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		step()
	}
}

// BenchmarkPredict is greedy decoding of 32 sequences of length 65 into 64
// tokens.
func BenchmarkPredict(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	inputs := make([][]int, 32)
	for i := range inputs {
		inputs[i] = make([]int, 65)
		for j := range inputs[i] {
			inputs[i][j] = rng.Intn(10)
		}
	}
	m := mustNew(b, DefaultConfig(10))
	start := time.Now()
	if _, err := m.Predict(inputs, 64); err != nil {
		b.Fatal(err)
	}
	b.Logf("first call (builds the graph): %v", time.Since(start))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := m.Predict(inputs, 64); err != nil {
			b.Fatal(err)
		}
	}
}

// TestEvaluate checks Evaluate against Predict on pairs of two lengths.
func TestEvaluate(t *testing.T) {
	cfg := DefaultConfig(3)
	cfg.Hidden, cfg.Batch = 4, 2
	m := mustNew(t, cfg)
	inputs := [][]int{{0, 1}, {1, 2, 0}, {2, 2}, {0, 0, 1}, {1, 0}}
	outLen := map[int]int{2: 2, 3: 1}
	var pairs []data.Example
	right, tokens, whole := 0, 0, 0
	for i, in := range inputs {
		pred, err := m.Predict([][]int{in}, outLen[len(in)])
		if err != nil {
			t.Fatal(err)
		}
		// Make some targets right and some wrong.
		target := slices.Clone(pred[0])
		if i%2 == 1 {
			target[0] = (target[0] + 1) % 3
		}
		pairs = append(pairs, data.Example{Input: in, Output: target})
		ok := true
		for j := range target {
			if target[j] == pred[0][j] {
				right++
			} else {
				ok = false
			}
		}
		tokens += len(target)
		if ok {
			whole++
		}
	}
	ham, exact, err := Evaluate(m, pairs)
	if err != nil {
		t.Fatal(err)
	}
	if want := float64(right) / float64(tokens); ham != want {
		t.Errorf("per-token accuracy %v, want %v", ham, want)
	}
	if want := float64(whole) / float64(len(pairs)); exact != want {
		t.Errorf("exact match %v, want %v", exact, want)
	}
}

// mustNew returns New(cfg), failing the test on an error.
func mustNew(tb testing.TB, cfg Config) *Model {
	tb.Helper()
	m, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

package bench

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/training"
)

// A product's work is 2mnk, and its shape prints the transposed operand.
func TestProducts(t *testing.T) {
	ps := Products(50, 2000)
	if got, want := ps[0].FLOPs(), 2.0*2000*75*300; got != want {
		t.Errorf("%s: %v FLOPs, want %v", ps[0].Name, got, want)
	}
	for _, c := range []struct {
		p    Product
		want string
	}{
		{ps[0], "[2000×75]·[75×300]"},
		{ps[2], "[50×300]·[300×75]"},
		{ps[3], "[2000×300]·[300×75]ᵀ"},
		{ps[4], "[151×2000]ᵀ·[2000×300]"},
		{ps[5], "[512×512]·[512×512]"},
	} {
		if got := c.p.Shape(); got != c.want {
			t.Errorf("%s: shape %s, want %s", c.p.Name, got, c.want)
		}
	}
}

// A short run measures every product in every kernel and every part of
// training, each a positive rate that is its counted work over its time;
// the reader's work is what its FLOPs count for stories of the lengths
// drawn, and several models at once do that many times one model's work.
func TestRun(t *testing.T) {
	c := Config{Seconds: 0.03, Batch: 4, Tokens: 12, Models: 2, Vocab: 100}
	var seen []string
	r, err := Run(c, func(done int, what string) { seen = append(seen, what) })
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != Figures() || len(r.Products)+len(r.Steps) != Figures() {
		t.Fatalf("%d figures told, %d products and %d steps measured, want %d", len(seen), len(r.Products), len(r.Steps), Figures())
	}
	for _, p := range r.Products {
		if len(p.GFLOPS) != len(Kernels) {
			t.Fatalf("%s: %d rates for %d kernels", p.Name, len(p.GFLOPS), len(Kernels))
		}
		for k, g := range p.GFLOPS {
			if !(g > 0) || math.IsInf(g, 0) {
				t.Errorf("%s in %s: %v GFLOP/s", p.Name, Kernels[k], g)
			}
		}
	}
	for _, s := range r.Steps {
		if !(s.FLOPs > 0 && s.Seconds > 0) || math.Abs(s.GFLOPS-s.FLOPs/s.Seconds/1e9) > 1e-9*s.GFLOPS {
			t.Errorf("%s: %v FLOPs in %v s at %v GFLOP/s", s.Name, s.FLOPs, s.Seconds, s.GFLOPS)
		}
	}
	// Stories of 6 to 18 tokens: the reader's work lies between those of
	// all stories at either length.
	m, err := newModel("wap_steps", c, 1)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := work(t, m, 6, c.Batch), work(t, m, 18, c.Batch)
	if rd := r.Steps[0].FLOPs; rd < lo.Reader || rd > hi.Reader {
		t.Errorf("the reader's work %v, want between %v and %v", rd, lo.Reader, hi.Reader)
	}
	one, two := r.Steps[2], r.Steps[4]
	if !strings.Contains(two.Name, "2 models") || two.FLOPs < 1.5*lo.Total() || two.FLOPs > 2*hi.Total() || one.FLOPs < lo.Total() || one.FLOPs > hi.Total() {
		t.Errorf("one model's step %v FLOPs, two models' %v (%s); a step is %v to %v", one.FLOPs, two.FLOPs, two.Name, lo.Total(), hi.Total())
	}
}

// A training step of the benchmark is the step wap train takes: the
// losses of the benchmark's first updates are those of training.Train
// with wap train's default settings on the same model and problems (word
// dropout, the order of the batches and Adam's steps included), and the
// rounds it times hold those steps.
func TestTrainStepIsWapTrains(t *testing.T) {
	c := Config{Seconds: 0.03, Batch: 4, Tokens: 12, Models: 1, Vocab: 100}
	const k = 4 // the least a measurement makes: one to build the graphs, three rounds
	tr, err := newTrainers("wap_steps", 1, c)
	if err != nil {
		t.Fatal(err)
	}
	var got []float64
	secs, err := tr.time(10*time.Millisecond, func(_ int, u fit.Update) { got = append(got, u.Loss) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < k || !(secs > 0) {
		t.Fatalf("%d updates, a step of %v s; want at least %d updates and a positive time", len(got), secs, k)
	}

	ref, err := newTrainers("wap_steps", 1, c) // the same model and problems, afresh
	if err != nil {
		t.Fatal(err)
	}
	cfg := training.DefaultTrainConfig()
	cfg.Batch, cfg.Epochs = c.Batch, 1
	var want []float64
	rec := &losses{stop: k}
	if _, err := training.Train(ref.models[0], cfg, ref.pools[0], nil, training.Run{Progress: rec, Stop: rec.done}); err != nil && len(rec.losses) < k {
		t.Fatal(err)
	}
	want = rec.losses
	for i := range k {
		if got[i] != want[i] {
			t.Fatalf("update %d: the benchmark's loss %v, wap train's %v (the benchmark's %v, wap train's %v)", i+1, got[i], want[i], got[:k], want[:k])
		}
	}
}

// losses records the losses of a training run and stops it after stop
// updates.
type losses struct {
	stop   int
	losses []float64
}

func (l *losses) Update(u fit.Update) { l.losses = append(l.losses, u.Loss) }
func (*losses) Epoch(fit.EpochEnd)    {}
func (*losses) Resumed(fit.Resumed)   {}
func (l *losses) done() bool          { return len(l.losses) >= l.stop }

// work is the model's work on n stories of length tokens.
func work(t *testing.T, m *model.Model, tokens, n int) model.Work {
	t.Helper()
	lens := make([]int, n)
	for i := range lens {
		lens[i] = tokens
	}
	w, err := m.Work(lens)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		c    Config
		want string
	}{
		{Config{Seconds: 0, Batch: 1, Tokens: 8, Models: 1, Vocab: 10}, "--seconds must be in (0, 600], got 0"},
		{Config{Seconds: math.NaN(), Batch: 1, Tokens: 8, Models: 1, Vocab: 10}, "--seconds"},
		{Config{Seconds: 1, Batch: 0, Tokens: 8, Models: 1, Vocab: 10}, "--batch must be in 1…10000, got 0"},
		{Config{Seconds: 1, Batch: 1, Tokens: 8, Models: 65, Vocab: 10}, "--models must be in 1…64, got 65"},
		{Config{Seconds: 1, Batch: 1, Tokens: 7, Models: 1, Vocab: 10}, "--tokens must be in 8…1000, got 7"},
	} {
		if err := c.c.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.c, err, c.want)
		}
	}
	if err := Default.Check(); err != nil {
		t.Errorf("the default: %v", err)
	}
}

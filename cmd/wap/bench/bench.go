// Package bench measures, on the machine at hand, the rates that bound
// word-problem training (wap bench): the matrix products of the BiLSTM
// reader's shapes, and of 512³, in the kernel the reader uses
// (internal/gemm) beside gonum's float64 and float32 kernels; then the
// rate of the reader's forward and backward pass, of ∂4's static trace of
// the paper's sketch and of whole training steps of both sketches, one
// model and several at once: wap train's own steps (word dropout, the
// graph's forward and backward pass, the driver's update of Adam), taken
// by training.Train with wap train's settings and timed between the
// updates it reports. A rate is a work divided by a time: the work is
// counted from the shapes (model.Work, reader.BiLSTM.FLOPs,
// d4.Machine.TraceFLOPs), never from the timings, so that the figures
// compare what a machine does with what its kernels can do.
//
// Each figure is the median of three rounds after an untimed warm-up run
// (which builds the graphs and grows the buffers: a training step's first
// update); a round repeats the work for at least a third of
// Config.Seconds.
package bench

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/d4lang/d4/internal/gemm"
)

// Config is what a run measures.
type Config struct {
	Seconds float64 `json:"seconds"` // each figure is timed for at least this long
	Batch   int     `json:"batch"`   // problems a training step (wap train's --batch)
	Tokens  int     `json:"tokens"`  // the stories' mean length in tokens
	Models  int     `json:"models"`  // models trained at once in the last figure (wap train's --models)
	Vocab   int     `json:"vocab"`   // the reader's vocabulary
}

// Default is wap bench's configuration: wap train's batch and models, and
// stories of the generated problems' length.
var Default = Config{Seconds: 1, Batch: 50, Tokens: 40, Models: 5, Vocab: 2000}

// Check refuses a configuration that measures nothing, naming the flag of
// wap bench that sets the setting.
func (c Config) Check() error {
	if !(c.Seconds > 0) || c.Seconds > 600 {
		return fmt.Errorf("--seconds must be in (0, 600], got %v", c.Seconds)
	}
	for _, f := range []struct {
		name     string
		v, least int
		most     int
	}{{"--batch", c.Batch, 1, 10000}, {"--tokens", c.Tokens, 8, 1000}, {"--models", c.Models, 1, 64}, {"the vocabulary", c.Vocab, 1, 1 << 20}} {
		if f.v < f.least || f.v > f.most {
			return fmt.Errorf("%s must be in %d…%d, got %d", f.name, f.least, f.most, f.v)
		}
	}
	return nil
}

// MemoryNeeded is the estimated peak memory of a run: its last figure,
// Models models' training steps at once, holds each model's graph and the
// activations of its batch. Fitted to the peaks of `wap bench --seconds
// 0.3` (206, 831, 167 and 957 MB with 1×50, 8×50, 4×10 and 4×100 models ×
// batch; 7.3 GB reported with 64×50), it is 1.0–1.3× of them.
func (c Config) MemoryNeeded() uint64 {
	const base, perProblem = 120 << 20, 2.3 * (1 << 20)
	return base + uint64(float64(c.Models*c.Batch)*perProblem)
}

// Product is one matrix product C = op(A)·op(B) of the benchmark: op(A)
// is M×K, op(B) K×N.
type Product struct {
	Name   string `json:"name"`
	M      int    `json:"m"`
	N      int    `json:"n"`
	K      int    `json:"k"`
	TransA bool   `json:"trans_a"`
	TransB bool   `json:"trans_b"`
}

// FLOPs is the product's work: a multiply-add is two.
func (p Product) FLOPs() float64 { return 2 * float64(p.M) * float64(p.N) * float64(p.K) }

// Shape prints the product as [M×K]·[K×N], with ᵀ on a transposed
// operand.
func (p Product) Shape() string {
	t := func(b bool) string {
		if b {
			return "ᵀ"
		}
		return ""
	}
	return fmt.Sprintf("[%d×%d]%s·[%d×%d]%s", p.M, p.K, t(p.TransA), p.K, p.N, t(p.TransB))
}

// Products are the reader's products (internal/lstm's Layer) for a batch
// of batch stories of tokens tokens in all, at 75 inputs and units, as
// the reader calls them, and 512³.
func Products(batch, tokens int) []Product {
	const in, H = 75, 75
	return []Product{
		{Name: "inputs, all steps: x·W_x", M: tokens, K: in, N: 4 * H},
		{Name: "recurrent step: h·W_h", M: batch, K: H, N: 4 * H},
		{Name: "recurrent step back: da·W_hᵀ (W_hᵀ stored)", M: batch, K: 4 * H, N: H},
		{Name: "inputs' gradient: da·W_xᵀ", M: tokens, K: 4 * H, N: in, TransB: true},
		{Name: "weights' gradient: [x,h,1]ᵀ·da", M: in + H + 1, K: tokens, N: 4 * H, TransA: true},
		{Name: "square", M: 512, K: 512, N: 512},
	}
}

// Kernels are the matrix products measured: the one in use, gonum's
// float64 and gonum's float32 kernels.
var Kernels = []string{"in use (" + gemm.Kernel() + ")", "gonum float64", "gonum float32"}

// ProductRow is a product's rate in each of Kernels, in GFLOP/s.
type ProductRow struct {
	Product
	GFLOPS []float64 `json:"gflops"`
}

// StepRow is the rate of a part of training: its work (counted), the
// median time it took and their ratio.
type StepRow struct {
	Name    string  `json:"name"`
	FLOPs   float64 `json:"flops"`
	Seconds float64 `json:"seconds"`
	GFLOPS  float64 `json:"gflops"`
}

// Report is what a run measured.
type Report struct {
	Config
	Procs    int          `json:"gomaxprocs"`
	CPUs     int          `json:"cpus"`
	Kernels  []string     `json:"kernels"` // Kernels: the columns of GFLOPS
	Products []ProductRow `json:"products"`
	Steps    []StepRow    `json:"training"`
}

// Figures is the number of figures a run measures.
func Figures() int { return len(Products(1, 1)) + len(steps) }

// Run measures everything, telling progress how many figures it has
// measured and what it measures now.
func Run(c Config, progress func(done int, what string)) (*Report, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	r := &Report{Config: c, Procs: runtime.GOMAXPROCS(0), CPUs: runtime.NumCPU(), Kernels: Kernels}
	round := time.Duration(c.Seconds / 3 * float64(time.Second))
	products := Products(c.Batch, c.Batch*c.Tokens)
	for i, p := range products {
		progress(i, p.Name)
		row := ProductRow{Product: p}
		for k := range Kernels {
			secs, err := measure(round, product(p, k))
			if err != nil {
				return nil, err
			}
			row.GFLOPS = append(row.GFLOPS, p.FLOPs()/secs/1e9)
		}
		r.Products = append(r.Products, row)
	}
	for i, s := range steps {
		name := s.name(c)
		progress(len(products)+i, name)
		work, timeIt, err := s.run(c)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		secs, err := timeIt(round)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		r.Steps = append(r.Steps, StepRow{Name: name, FLOPs: work, Seconds: secs, GFLOPS: work / secs / 1e9})
	}
	return r, nil
}

// steps are the parts of training measured: each a name, and a function
// that builds its work and returns its count and its timer.
var steps = []struct {
	name func(Config) string
	run  func(Config) (float64, timer, error)
}{
	{func(c Config) string {
		return fmt.Sprintf("reader, forward and backward, %d stories of ~%d tokens", c.Batch, c.Tokens)
	}, readerStep},
	{func(c Config) string {
		return fmt.Sprintf("∂4's static trace of the paper's sketch, forward and backward, %d problems", c.Batch)
	}, traceStep},
	{func(c Config) string {
		return fmt.Sprintf("training step, general sketch (wap_steps.fth), %d problems", c.Batch)
	}, trainStep("wap_steps", 1)},
	{func(c Config) string {
		return fmt.Sprintf("training step, paper's sketch (wap.fth), %d problems", c.Batch)
	}, trainStep("wap", 1)},
	{func(c Config) string {
		return fmt.Sprintf("training steps of %d models at once, general sketch, %d problems each", c.Models, c.Batch)
	}, func(c Config) (float64, timer, error) { return trainStep("wap_steps", c.Models)(c) }},
}

// timer returns the median time of a piece of work over three rounds of
// at least d each, after an untimed run of it.
type timer func(d time.Duration) (float64, error)

// repeated is the timer of f: three rounds of runs of f (measure).
func repeated(f func() error) timer {
	return func(d time.Duration) (float64, error) { return measure(d, f) }
}

// measure runs f once untimed, then three rounds of at least d each, and
// returns the median time of a run.
func measure(d time.Duration, f func() error) (float64, error) {
	if err := f(); err != nil {
		return 0, err
	}
	var times []float64
	for range 3 {
		n, start := 0, time.Now()
		for n == 0 || time.Since(start) < d {
			if err := f(); err != nil {
				return 0, err
			}
			n++
		}
		times = append(times, time.Since(start).Seconds()/float64(n))
	}
	slices.Sort(times)
	return times[1], nil
}

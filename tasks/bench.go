package tasks

import (
	"fmt"
	"math/rand"
	"time"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// BenchRow is the time of one execution mode at one length: a forward pass
// and a forward+backward pass of a batch, in milliseconds (the median of
// Reps runs after an untimed warm-up run), and the speed-ups over the naive
// execution RNN.
type BenchRow struct {
	Task         string  `json:"task"`
	Sketch       string  `json:"sketch"`
	Len          int     `json:"length"` // as the paper counts it
	Mode         string  `json:"mode"`
	Steps        int     `json:"steps"` // RNN steps (block steps, trace words)
	Nodes        int     `json:"nodes"` // forward nodes of the graph
	ForwardMs    float64 `json:"forward_ms"`
	TrainMs      float64 `json:"forward_backward_ms"`
	SpeedupFwd   float64 `json:"speedup_forward"`
	SpeedupTrain float64 `json:"speedup_forward_backward"`
}

// BenchModes are the execution modes the benchmark compares.
var BenchModes = []string{"naive", "collapse", "interpolate", "static", "all"}

// Bench times every execution mode of a task's sketch at each length with
// a batch of the given size. A mode that does not apply (static on a
// sketch whose control depends on its slots) is reported as its fallback.
func Bench(task, sketch string, lens []int, batch, reps int, progress func(string)) ([]BenchRow, error) {
	var rows []BenchRow
	for _, n := range lens {
		u := n
		if task == "add" {
			u = n / 2
		}
		run, err := NewD4Run(task, sketch, u, u, 1)
		if err != nil {
			return nil, err
		}
		rng := rand.New(rand.NewSource(1))
		var exs []d4.Example
		for i := 0; i < batch; i++ {
			var ex Example
			if task == "add" {
				ex = AddExample(rng, u)
			} else {
				ex = SortExample(rng, u)
			}
			exs = append(exs, d4.Example{Init: ex.Input, Target: ex.Target})
		}
		m := run.Model.Machine
		sh, err := Measure(run.Code, run.sketchName, run.V, exs[0].Init)
		if err != nil {
			return nil, err
		}
		in, tg, err := m.Batch(exs)
		if err != nil {
			return nil, err
		}
		trace, static := m.SharedTrace(exs, sh.Steps)
		var naiveF, naiveT float64
		for _, mode := range BenchModes {
			opts := d4.GraphOpts{Steps: sh.Steps}
			switch mode {
			case "collapse":
				opts.Optim = d4.Optim{Collapse: true}
			case "interpolate", "all":
				opts.Optim = d4.Optim{Collapse: true, Interpolate: true}
			}
			if mode == "static" || mode == "all" {
				if static {
					opts.Trace = trace
				}
			}
			if opts.Optim.Collapse && opts.Trace == nil {
				opts.Steps = d4.BlockSteps(run.Code, opts.Optim, sh.Path)
			}
			if progress != nil {
				progress(fmt.Sprintf("%s %s length %d %s", task, sketch, n, mode))
			}
			time1 := func(noGrad bool) (float64, int, error) {
				o := opts
				o.NoGrad = noGrad
				g, err := m.NewGraphOpts(batch, o)
				if err != nil {
					return 0, 0, err
				}
				// One untimed run first: the first run of a graph allocates
				// its buffers and tapes, which training pays once.
				if _, err := g.Run(in, tg); err != nil {
					return 0, 0, err
				}
				var ts []float64
				for r := 0; r < reps; r++ {
					start := time.Now()
					if _, err := g.Run(in, tg); err != nil {
						return 0, 0, err
					}
					ts = append(ts, float64(time.Since(start).Microseconds())/1000)
				}
				return median(ts), g.Nodes, nil
			}
			f, nodes, err := time1(true)
			if err != nil {
				return nil, err
			}
			t, _, err := time1(false)
			if err != nil {
				return nil, err
			}
			steps := opts.Steps
			if opts.Trace != nil {
				steps = len(opts.Trace)
			}
			if mode == "naive" {
				naiveF, naiveT = f, t
			}
			rows = append(rows, BenchRow{Task: task, Sketch: sketch, Len: n, Mode: mode, Steps: steps, Nodes: nodes,
				ForwardMs: f, TrainMs: t, SpeedupFwd: naiveF / f, SpeedupTrain: naiveT / t})
		}
	}
	return rows, nil
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}

// HybridRate trains nothing: it times hybrid execution (the symbolic machine
// with each slot decided by its network's argmax) of the sort Compare
// sketch on sequences of length n, and returns sequences and machine steps
// per second.
func HybridRate(n, count int) (seqPerSec, stepsPerSec float64, err error) {
	run, err := NewD4Run("sort", "compare", 2, n, 1)
	if err != nil {
		return 0, 0, err
	}
	rng := rand.New(rand.NewSource(1))
	var exs []Example
	for i := 0; i < count; i++ {
		exs = append(exs, SortExample(rng, n))
	}
	start := time.Now()
	if _, err := run.PredictAll(exs, "hybrid"); err != nil {
		return 0, 0, err
	}
	sec := time.Since(start).Seconds()
	// The steps of one run, times the runs (the control flow of the
	// Compare sketch does not depend on its decisions).
	m, err := symbolic.New(run.Code, symbolic.Config{ValueSize: run.V, StackSize: 2*n + 8, MaxSteps: 1 << 30})
	if err != nil {
		return 0, 0, err
	}
	m.Decider = d4.Hybrid{M: run.Model.Machine}
	if err := m.Push(exs[0].Input...); err != nil {
		return 0, 0, err
	}
	if err := m.Run(); err != nil {
		return 0, 0, err
	}
	return float64(count) / sec, float64(m.Steps*count) / sec, nil
}

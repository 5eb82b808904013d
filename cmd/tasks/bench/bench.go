// Package bench times ∂4's execution on the paper's sorting and addition
// tasks: a training step (forward, and forward and backward, of a batch)
// in each execution mode of package d4, by length, as speed-ups over the
// naive execution RNN (the paper's appendix figure of run times; package
// figures draws it), and hybrid test-time execution in sequences and
// machine steps a second.
//
// The modes are the training modes of package d4 (d4.Mode): the naive
// execution RNN of §3.3 (naive), straight-line code collapsed into one
// step (collapse, §3.4), collapsing with if-branch interpolation
// (interpolate, §3.4), only the words on the static trace when the control
// flow does not depend on the slots (static), and the static trace, else
// interpolation (all). Each
// figure is the median of a number of timed runs after an untimed warm-up
// run (the first run of a graph allocates its buffers and tapes, which
// training pays once).
package bench

import (
	"fmt"
	"math/rand"
	"slices"
	"time"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/sorting"
)

// Row is the time of one execution mode at one length: a forward pass
// and a forward+backward pass of a batch, in milliseconds (the median of
// Reps runs after an untimed warm-up run), and the speed-ups over the naive
// execution RNN.
type Row struct {
	Task         string  `json:"task"`
	Sketch       string  `json:"sketch"`
	Len          int     `json:"length"` // as the paper counts it
	Mode         d4.Mode `json:"mode"`
	Steps        int     `json:"steps"` // RNN steps (block steps, trace words)
	Nodes        int     `json:"nodes"` // forward nodes of the graph
	ForwardMs    float64 `json:"forward_ms"`
	TrainMs      float64 `json:"forward_backward_ms"`
	SpeedupFwd   float64 `json:"speedup_forward"`
	SpeedupTrain float64 `json:"speedup_forward_backward"`
}

// Modes are the execution modes the benchmark compares: every mode of
// package d4, in its order (d4.Modes), which puts naive, the reference,
// first.
var Modes = modes()

// modes parses the names of d4.Modes.
func modes() []d4.Mode {
	var out []d4.Mode
	for _, name := range d4.Modes() {
		m, err := d4.ParseMode(name)
		if err != nil {
			panic(err) // d4.Modes lists names ParseMode reads
		}
		out = append(out, m)
	}
	return out
}

// Run times every execution mode of a task's sketch at each length (as
// the paper counts it) with a batch of the given size, reps timed runs
// each. A mode that does not apply (static on a sketch whose control
// depends on its slots) is reported as its fallback. progress, when set,
// is told what is being timed.
func Run(t tasks.Task, sketch string, lens []int, batch, reps int, progress func(string)) ([]Row, error) {
	var rows []Row
	for _, n := range lens {
		s, err := newSetup(t, sketch, t.Units(n), batch)
		if err != nil {
			return nil, err
		}
		var naiveF, naiveT float64
		for _, mode := range Modes {
			if progress != nil {
				progress(fmt.Sprintf("%s %s length %d %s", t.Name, sketch, n, mode))
			}
			opts := s.graphOpts(mode)
			f, nodes, err := s.time(opts, true, reps)
			if err != nil {
				return nil, err
			}
			tr, _, err := s.time(opts, false, reps)
			if err != nil {
				return nil, err
			}
			steps := opts.Steps
			if opts.Trace != nil {
				steps = len(opts.Trace)
			}
			if mode == d4.ModeNaive {
				naiveF, naiveT = f, tr
			}
			rows = append(rows, Row{Task: t.Name, Sketch: sketch, Len: n, Mode: mode, Steps: steps, Nodes: nodes,
				ForwardMs: f, TrainMs: tr, SpeedupFwd: naiveF / f, SpeedupTrain: naiveT / tr})
		}
	}
	return rows, nil
}

// setup is a sketch's machine and one batch at one length, ready to time.
type setup struct {
	run    *tasks.D4Run
	batch  int
	in, tg []float64
	steps  int   // the oracle's run on the first example
	path   []int // its addresses
	trace  []int // the shared static trace, if static
	static bool
}

// newSetup builds the sketch's model for length u (Generate's units) and
// draws a batch of its examples.
func newSetup(t tasks.Task, sketch string, u, batch int) (*setup, error) {
	run, err := tasks.NewD4Run(t, sketch, u, u, 1)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewSource(1))
	var exs []data.Example
	for i := 0; i < batch; i++ {
		exs = append(exs, t.Example(rng, u))
	}
	sh, err := run.Measure(exs[0].Input)
	if err != nil {
		return nil, err
	}
	s := &setup{run: run, batch: batch, steps: sh.Steps, path: sh.Path}
	if s.in, s.tg, err = run.Model.Machine.Batch(exs); err != nil {
		return nil, err
	}
	s.trace, s.static = run.Model.Machine.SharedTrace(exs, sh.Steps)
	return s, nil
}

// graphOpts are the graph options of an execution mode, as d4.Trainer
// builds them: the optimisations of §3.4 of each mode, and the static trace
// of static and all when the control flow does not depend on the slots.
func (s *setup) graphOpts(mode d4.Mode) d4.GraphOpts {
	opts := d4.GraphOpts{Steps: s.steps}
	switch mode {
	case d4.ModeCollapse:
		opts.Optim = d4.Optim{Collapse: true}
	case d4.ModeInterpolate, d4.ModeAll:
		opts.Optim = d4.Optim{Collapse: true, Interpolate: true}
	}
	if (mode == d4.ModeStatic || mode == d4.ModeAll) && s.static {
		opts.Trace = s.trace
	}
	if opts.Optim.Collapse && opts.Trace == nil {
		opts.Steps = d4.BlockSteps(s.run.Code, opts.Optim, s.path)
	}
	return opts
}

// time builds the graph and returns the median time of reps runs in
// milliseconds (after one untimed run: the first run of a graph allocates
// its buffers and tapes, which training pays once) and its forward nodes.
func (s *setup) time(opts d4.GraphOpts, noGrad bool, reps int) (float64, int, error) {
	opts.NoGrad = noGrad
	g, err := s.run.Model.Machine.NewGraph(s.batch, opts)
	if err != nil {
		return 0, 0, err
	}
	if _, err := g.Run(s.in, s.tg); err != nil {
		return 0, 0, err
	}
	var ts []float64
	for r := 0; r < reps; r++ {
		start := time.Now()
		if _, err := g.Run(s.in, s.tg); err != nil {
			return 0, 0, err
		}
		ts = append(ts, float64(time.Since(start).Microseconds())/1000)
	}
	return median(ts), g.Nodes, nil
}

// median is the middle value of xs (the upper one of an even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// HybridRate trains nothing: it times hybrid execution (the symbolic machine
// with each slot decided by its network's argmax) of the sort Compare
// sketch on count sequences of length n, and returns sequences and machine
// steps per second.
func HybridRate(n, count int) (seqPerSec, stepsPerSec float64, err error) {
	run, err := tasks.NewD4Run(sorting.Task, "compare", 2, n, 1)
	if err != nil {
		return 0, 0, err
	}
	rng := rand.New(rand.NewSource(1))
	var exs []data.Example
	for i := 0; i < count; i++ {
		exs = append(exs, sorting.Example(rng, n))
	}
	start := time.Now()
	if _, err := run.PredictAll(exs, learn.Hybrid); err != nil {
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

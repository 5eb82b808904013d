package d4

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/d4lang/d4/internal/optim"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// TrainConfig sets the optimiser (§3.5 and the paper's experimental
// details): Adam, gradient clipping to a global norm, and annealed gradient
// noise (Neelakantan et al., 2015) with variance η/(1+t)^0.55 at update t.
type TrainConfig struct {
	LearningRate float64 // Adam step size
	Clip         float64 // global-norm clipping threshold; 0 disables
	NoiseEta     float64 // gradient noise η; 0 disables
	WeightDecay  float64 // decoupled weight decay λ (optim.Adam); 0 disables
	Seed         int64   // seeds the gradient noise
}

// DefaultTrainConfig is the paper's setting for the sort sketches
// (learning rate 1.0, clipping 1.0) with gradient noise η = 0.01.
func DefaultTrainConfig() TrainConfig {
	return TrainConfig{LearningRate: 1.0, Clip: 1.0, NoiseEta: 0.01, Seed: 1}
}

// ErrNotFinite is returned when the loss or a gradient is NaN or infinite;
// the parameters are left as they were.
var ErrNotFinite = optim.ErrNotFinite

// Adam is the optimiser over a machine's parameters (package optim).
type Adam struct{ *optim.Adam }

// NewAdam prepares Adam for params.
func NewAdam(params []Param, cfg TrainConfig) *Adam {
	data := make([][]float64, len(params))
	for i, p := range params {
		data[i] = p.T.Data().([]float64)
	}
	a := optim.New(data, cfg.LearningRate, cfg.Clip, cfg.NoiseEta, cfg.Seed)
	a.WeightDecay = cfg.WeightDecay
	return &Adam{Adam: a}
}

// Example is one training pair: the initial data stack and the target
// final data stack (bottom first), and optionally a prepared initial
// state (for inputs that are not one-hot, such as the reader's heap).
type Example struct {
	Init   []int
	Target []int
	State  []float64
}

// Trainer trains a machine's slots on batches of examples, executing T
// steps. Graphs are built once per shape and reused. With Static set (the
// default), a batch whose examples share a static trace (the control flow
// does not depend on the slots: symbolic.StaticTrace) runs on the static
// graph of that trace; any other batch runs on the naive execution RNN.
type Trainer struct {
	M      *Machine
	Steps  int
	Opt    *Adam
	Static bool
	// Optim applies the paper's optimisations to the execution RNN (naive
	// batches) over BlockSteps block steps.
	Optim      Optim
	BlockSteps int
	graphs     map[string]*Graph
	traces     map[string]traceEntry // static traces by initial stack
	names      map[string]string     // names of the traces by their text
	inBuf      []float64             // batch inputs, reused
	tgBuf      []float64             // batch targets, reused
	// LastStatic tells whether the last batch ran on a static graph, and
	// LastPrefix how many words of a static prefix it ran before soft
	// execution took over (0: none).
	LastStatic bool
	LastPrefix int
}

// NewTrainer returns a trainer running steps RNN steps per example.
func NewTrainer(m *Machine, steps int, cfg TrainConfig) *Trainer {
	return &Trainer{M: m, Steps: steps, Opt: NewAdam(m.Params(), cfg), Static: true, graphs: map[string]*Graph{}, traces: map[string]traceEntry{}}
}

// Graph returns the naive unrolled graph for a batch size, building it once.
func (tr *Trainer) Graph(batch int) (*Graph, error) {
	key := fmt.Sprint("naive/", batch)
	if g, ok := tr.graphs[key]; ok {
		return g, nil
	}
	var g *Graph
	var err error
	if tr.Optim.Collapse {
		g, err = tr.M.NewBlockGraph(batch, tr.BlockSteps, tr.Optim, false)
	} else {
		g, err = tr.M.NewGraph(batch, tr.Steps, false)
	}
	if err != nil {
		return nil, err
	}
	tr.graphs[key] = g
	return g, nil
}

// graphFor returns the graph a batch runs on: the static graph of the trace
// its examples share; else, when they share a static prefix (control
// becomes dynamic only later, as in the Permute sketch), the prefix's words
// followed by steps of the naive (or block) RNN; else the naive (or block)
// graph.
func (tr *Trainer) graphFor(exs []Example) (*Graph, error) {
	tr.LastStatic, tr.LastPrefix = false, 0
	if !tr.Static {
		return tr.Graph(len(exs))
	}
	e, ok := tr.sharedTrace(exs)
	tail := 0 // steps after a static prefix
	if ok && !e.full {
		tail = tr.Steps - len(e.trace)
		if tr.Optim.Collapse {
			// The block steps the rest of the path takes, and one for
			// program-counter mass inside a block where the prefix ends.
			tail = tr.BlockSteps - BlockSteps(tr.M.Code, tr.Optim, e.trace) + 1
		}
	}
	if !ok || !e.full && (len(e.trace) == 0 || tail < 1) {
		return tr.Graph(len(exs))
	}
	key := fmt.Sprint("static/", len(exs), "/", e.name)
	g, found := tr.graphs[key]
	if !found {
		opts := GraphOpts{Trace: e.trace, Optim: tr.Optim}
		if !e.full {
			opts.Tail = tail
		}
		var err error
		if g, err = tr.M.NewGraphOpts(len(exs), opts); err != nil {
			return nil, err
		}
		tr.graphs[key] = g
	}
	if e.full {
		tr.LastStatic = true
	} else {
		tr.LastPrefix = len(e.trace)
	}
	return g, nil
}

// traceEntry is a cached trace: the static trace (full) or the static
// prefix before the first word whose control depends on a slot, and a
// short name for it (ok false: neither).
type traceEntry struct {
	trace []int
	name  string
	full  bool
	ok    bool
}

// exampleTrace finds an example's static trace or prefix.
func (m *Machine) exampleTrace(ex Example, steps int) traceEntry {
	cfg := symbolic.Config{ValueSize: m.Sizes.V, StackSize: m.Sizes.L, HeapSize: m.Sizes.H, MaxSteps: steps}
	t, err := symbolic.StaticTrace(m.Code, cfg, ex.Init, symbolic.FirstChoice{}, nil)
	switch {
	case err == nil:
		return traceEntry{trace: t, full: true, ok: true}
	case errors.Is(err, symbolic.ErrDynamicControl):
		return traceEntry{trace: t, ok: true}
	}
	return traceEntry{}
}

// sharedTrace returns the trace every example of the batch shares: the
// full static trace if they have one in common, else the longest static
// prefix they share. Traces are cached by initial stack (the symbolic run
// that finds one costs more than the lookup).
func (tr *Trainer) sharedTrace(exs []Example) (traceEntry, bool) {
	var shared traceEntry
	var key []byte
	for i, ex := range exs {
		if ex.State != nil {
			return traceEntry{}, false // a prepared state: its inputs may be learned
		}
		key = key[:0]
		for _, v := range ex.Init {
			key = strconv.AppendInt(key, int64(v), 36)
			key = append(key, ' ')
		}
		e, found := tr.traces[string(key)]
		if !found {
			e = tr.M.exampleTrace(ex, tr.Steps)
			if e.ok {
				e.name = tr.nameTrace(e)
			}
			tr.traces[string(key)] = e
		}
		switch {
		case !e.ok:
			return traceEntry{}, false
		case i == 0:
			shared = e
		case e.name == shared.name:
		default:
			// Different traces: their common prefix, a static prefix of each.
			n := 0
			for n < len(e.trace) && n < len(shared.trace) && e.trace[n] == shared.trace[n] {
				n++
			}
			shared = traceEntry{trace: shared.trace[:n], ok: true}
			shared.name = tr.nameTrace(shared)
		}
	}
	return shared, true
}

// nameTrace returns the name of a trace (full or prefix), numbering new ones.
func (tr *Trainer) nameTrace(e traceEntry) string {
	if tr.names == nil {
		tr.names = map[string]string{}
	}
	var b []byte
	if e.full {
		b = append(b, 'F')
	}
	for _, pc := range e.trace {
		b = strconv.AppendInt(append(b, ' '), int64(pc), 36)
	}
	name, ok := tr.names[string(b)]
	if !ok {
		name = strconv.Itoa(len(tr.names))
		tr.names[string(b)] = name
	}
	return name
}

// SharedTrace returns the static trace (cut at steps) that every example
// follows, if there is one.
func (m *Machine) SharedTrace(exs []Example, steps int) ([]int, bool) {
	var trace []int
	for i, ex := range exs {
		if ex.State != nil {
			return nil, false // a prepared state: its inputs may be learned
		}
		cfg := symbolic.Config{ValueSize: m.Sizes.V, StackSize: m.Sizes.L, HeapSize: m.Sizes.H, MaxSteps: steps}
		t, err := symbolic.StaticTrace(m.Code, cfg, ex.Init, symbolic.FirstChoice{}, nil)
		if err != nil && !errors.Is(err, symbolic.ErrNoHalt) {
			return nil, false
		}
		if errors.Is(err, symbolic.ErrNoHalt) {
			return nil, false
		}
		if i == 0 {
			trace = t
		} else if !slices.Equal(t, trace) {
			return nil, false
		}
	}
	return trace, true
}

// Batch packs examples into graph inputs and targets.
func (m *Machine) Batch(exs []Example) (inputs, targets []float64, err error) {
	return m.batchInto(exs, nil, nil)
}

// batchInto is Batch writing into the given buffers (grown as needed).
func (m *Machine) batchInto(exs []Example, inputs, targets []float64) ([]float64, []float64, error) {
	S, TW := m.Sizes.Len(), m.Sizes.TargetWidth()
	inputs, targets = slices.Grow(inputs[:0], len(exs)*S)[:len(exs)*S], slices.Grow(targets[:0], len(exs)*TW)[:len(exs)*TW]
	for i, ex := range exs {
		x := inputs[i*S : (i+1)*S]
		if ex.State != nil {
			if len(ex.State) != S {
				return nil, nil, fmt.Errorf("example %d: state of %d values, want %d", i, len(ex.State), S)
			}
			copy(x, ex.State)
		} else if err := m.Sizes.initialStateInto(x, ex.Init); err != nil {
			return nil, nil, fmt.Errorf("example %d: %w", i, err)
		}
		if err := m.Sizes.targetInto(targets[i*TW:(i+1)*TW], ex.Target); err != nil {
			return nil, nil, fmt.Errorf("example %d: %w", i, err)
		}
	}
	return inputs, targets, nil
}

// TrainBatch runs one optimisation step on a batch and returns its loss.
func (tr *Trainer) TrainBatch(exs []Example) (float64, error) {
	g, err := tr.graphFor(exs)
	if err != nil {
		return 0, err
	}
	in, tg, err := tr.M.batchInto(exs, tr.inBuf, tr.tgBuf)
	if err != nil {
		return 0, err
	}
	tr.inBuf, tr.tgBuf = in, tg
	loss, err := g.Run(in, tg)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(loss) || math.IsInf(loss, 0) {
		return loss, fmt.Errorf("training step %d: %w (loss %v)", tr.Opt.Steps()+1, ErrNotFinite, loss)
	}
	if _, err := tr.Opt.Update(g.ParamGrads()); err != nil {
		return loss, fmt.Errorf("training step %d: %w", tr.Opt.Steps()+1, err)
	}
	return loss, nil
}

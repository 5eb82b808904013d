package d4

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"d4/internal/optim"
	"d4/interpreter/symbolic"
)

// TrainConfig sets the optimiser (§3.5 and the paper's experimental
// details): Adam, gradient clipping to a global norm, and annealed gradient
// noise (Neelakantan et al., 2015) with variance η/(1+t)^0.55 at update t.
type TrainConfig struct {
	LearningRate float64 // Adam step size
	Clip         float64 // global-norm clipping threshold; 0 disables
	NoiseEta     float64 // gradient noise η; 0 disables
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
	return &Adam{Adam: optim.New(data, cfg.LearningRate, cfg.Clip, cfg.NoiseEta, cfg.Seed)}
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
	inBuf      []float64             // batch inputs, reused
	tgBuf      []float64             // batch targets, reused
	// LastStatic tells whether the last batch ran on a static graph.
	LastStatic bool
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
// its examples share, or the naive graph.
func (tr *Trainer) graphFor(exs []Example) (*Graph, error) {
	tr.LastStatic = false
	if !tr.Static {
		return tr.Graph(len(exs))
	}
	trace, key, ok := tr.sharedTrace(exs)
	if !ok {
		return tr.Graph(len(exs))
	}
	key = fmt.Sprint("static/", len(exs), "/", key)
	g, found := tr.graphs[key]
	if !found {
		var err error
		if g, err = tr.M.NewStaticGraph(len(exs), trace, false); err != nil {
			return nil, err
		}
		tr.graphs[key] = g
	}
	tr.LastStatic = true
	return g, nil
}

// traceEntry is a cached static trace: the trace and a short name for it
// (ok false: the example has no static trace).
type traceEntry struct {
	trace []int
	name  string
	ok    bool
}

// sharedTrace is SharedTrace with the traces cached by initial stack (the
// symbolic run that finds a trace costs more than the lookup).
func (tr *Trainer) sharedTrace(exs []Example) ([]int, string, bool) {
	var first traceEntry
	var key []byte
	for i, ex := range exs {
		if ex.State != nil {
			return nil, "", false
		}
		key = key[:0]
		for _, v := range ex.Init {
			key = strconv.AppendInt(key, int64(v), 36)
			key = append(key, ' ')
		}
		e, found := tr.traces[string(key)]
		if !found {
			t, ok := tr.M.SharedTrace(exs[i:i+1], tr.Steps)
			e = traceEntry{trace: t, ok: ok}
			if ok {
				// Traces are named by their first appearance.
				for _, other := range tr.traces {
					if other.ok && slices.Equal(other.trace, t) {
						e = other
						break
					}
				}
				if e.name == "" {
					e.name = strconv.Itoa(len(tr.traces))
				}
			}
			tr.traces[string(key)] = e
		}
		if !e.ok {
			return nil, "", false
		}
		if i == 0 {
			first = e
		} else if e.name != first.name {
			return nil, "", false
		}
	}
	return first.trace, first.name, true
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

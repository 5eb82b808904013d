package d4

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// Mode is how a Trainer executes the sketch: the execution RNN of §3.3,
// the optimisations of §3.4, or only the words of a static trace.
type Mode int

const (
	// ModeAll runs a batch on its static trace when its control flow does
	// not depend on the slots, else ModeInterpolate.
	ModeAll Mode = iota
	// ModeNaive runs the execution RNN of §3.3, one step a word.
	ModeNaive
	// ModeCollapse runs straight-line code as one step.
	ModeCollapse
	// ModeInterpolate collapses straight-line code and interpolates the
	// two branches of an if.
	ModeInterpolate
	// ModeStatic runs a batch on its static trace when its control flow
	// does not depend on the slots, else ModeNaive.
	ModeStatic
)

// modeNames are the modes' names, as flags and JSON files hold them.
var modeNames = enum.Names[Mode]{What: "execution mode", Names: []string{ModeAll: "all", ModeNaive: "naive", ModeCollapse: "collapse", ModeInterpolate: "interpolate", ModeStatic: "static"}}

// modeOrder is the order Modes lists the modes in: naive, the reference,
// first, and all, which picks among the others, last.
var modeOrder = [...]Mode{ModeNaive, ModeCollapse, ModeInterpolate, ModeStatic, ModeAll}

// Modes lists the names of the modes, naive first and all last.
func Modes() []string {
	out := make([]string, len(modeOrder))
	for i, m := range modeOrder {
		out[i] = m.String()
	}
	return out
}

// ParseMode reads a mode's name.
func ParseMode(s string) (Mode, error) { return modeNames.Parse(s) }

// String returns the mode's name.
func (m Mode) String() string { return modeNames.String(m) }

// MarshalText writes the mode's name (JSON files hold modes by name).
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a mode's name.
func (m *Mode) UnmarshalText(b []byte) error { return modeNames.Unmarshal(m, b) }

// static reports whether the mode runs static traces, and optim the
// optimisations of §3.4 it applies to the execution RNN.
func (m Mode) static() bool { return m == ModeStatic || m == ModeAll }

func (m Mode) optim() Optim {
	switch m {
	case ModeCollapse:
		return Optim{Collapse: true}
	case ModeInterpolate, ModeAll:
		return Optim{Collapse: true, Interpolate: true}
	}
	return Optim{}
}

// TrainerConfig is what a Trainer needs: the step budget, the execution
// mode and, for the modes that collapse straight-line code, a path the
// sketch executes on a training input (its block steps bound the block
// RNN; nil: as many block steps as Steps).
type TrainerConfig struct {
	Steps int
	Mode  Mode
	Path  []int
}

// Trainer computes the loss of batches of examples and its gradient with
// respect to a machine's slots (package learn/fit's driver takes the
// optimiser's steps), executing Steps steps. Graphs are built once per shape and reused. In ModeStatic
// and ModeAll a batch whose examples share a static trace (the control
// flow does not depend on the slots: symbolic.StaticTrace) runs on the
// static graph of that trace, a batch that shares a static prefix runs
// the prefix's words and then the execution RNN, and any other batch runs
// on the execution RNN alone.
type Trainer struct {
	m          *Machine
	steps      int
	mode       Mode
	static     bool  // mode.static()
	optim      Optim // mode.optim(): the optimisations of the execution RNN
	blockSteps int   // steps of the block RNN (with Optim.Collapse)
	graphs     map[string]*Graph
	traces     map[string]traceEntry // static traces by initial stack
	names      map[string]string     // names of the traces by their text
	inBuf      []float64             // batch inputs, reused
	tgBuf      []float64             // batch targets, reused
	lastStatic bool
	lastPrefix int
}

// NewTrainer returns a trainer of m's slots.
func NewTrainer(m *Machine, cfg TrainerConfig) *Trainer {
	tr := &Trainer{m: m, steps: cfg.Steps, mode: cfg.Mode, static: cfg.Mode.static(), optim: cfg.Mode.optim(), blockSteps: cfg.Steps,
		graphs: map[string]*Graph{}, traces: map[string]traceEntry{}}
	if cfg.Path != nil {
		tr.blockSteps = BlockSteps(m.Code, tr.optim, cfg.Path)
	}
	return tr
}

// Steps returns the trainer's step budget.
func (tr *Trainer) Steps() int { return tr.steps }

// LastRun tells how the last batch ran: on a static graph, or with a
// static prefix of prefix words before soft execution took over (0:
// none).
func (tr *Trainer) LastRun() (static bool, prefix int) { return tr.lastStatic, tr.lastPrefix }

// Graph returns the graph of the execution RNN (naive, or over blocks)
// for a batch size, building it once.
func (tr *Trainer) Graph(batch int) (*Graph, error) {
	key := fmt.Sprint("naive/", batch)
	if g, ok := tr.graphs[key]; ok {
		return g, nil
	}
	steps := tr.steps
	if tr.optim.Collapse {
		steps = tr.blockSteps
	}
	g, err := tr.m.NewGraph(batch, GraphOpts{Steps: steps, Optim: tr.optim})
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
func (tr *Trainer) graphFor(exs []data.Example) (*Graph, error) {
	tr.lastStatic, tr.lastPrefix = false, 0
	if !tr.static {
		return tr.Graph(len(exs))
	}
	e, ok := tr.sharedTrace(exs)
	tail := 0 // steps after a static prefix
	if ok && !e.full {
		tail = tr.steps - len(e.trace)
		if tr.optim.Collapse {
			// The block steps the rest of the path takes, and one for
			// program-counter mass inside a block where the prefix ends.
			tail = tr.blockSteps - BlockSteps(tr.m.Code, tr.optim, e.trace) + 1
		}
	}
	if !ok || !e.full && (len(e.trace) == 0 || tail < 1) {
		return tr.Graph(len(exs))
	}
	key := fmt.Sprint("static/", len(exs), "/", e.name)
	g, found := tr.graphs[key]
	if !found {
		opts := GraphOpts{Trace: e.trace, Optim: tr.optim}
		if !e.full {
			opts.Tail = tail
		}
		var err error
		if g, err = tr.m.NewGraph(len(exs), opts); err != nil {
			return nil, err
		}
		tr.graphs[key] = g
	}
	if e.full {
		tr.lastStatic = true
	} else {
		tr.lastPrefix = len(e.trace)
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
func (m *Machine) exampleTrace(ex data.Example, steps int) traceEntry {
	cfg := symbolic.Config{ValueSize: m.Sizes.V, StackSize: m.Sizes.L, HeapSize: m.Sizes.H, MaxSteps: steps}
	t, err := symbolic.StaticTrace(m.Code, cfg, ex.Input, symbolic.FirstChoice{}, nil)
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
func (tr *Trainer) sharedTrace(exs []data.Example) (traceEntry, bool) {
	var shared traceEntry
	var key []byte
	for i, ex := range exs {
		key = key[:0]
		for _, v := range ex.Input {
			key = strconv.AppendInt(key, int64(v), 36)
			key = append(key, ' ')
		}
		e, found := tr.traces[string(key)]
		if !found {
			e = tr.m.exampleTrace(ex, tr.steps)
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
func (m *Machine) SharedTrace(exs []data.Example, steps int) ([]int, bool) {
	var trace []int
	for i, ex := range exs {
		cfg := symbolic.Config{ValueSize: m.Sizes.V, StackSize: m.Sizes.L, HeapSize: m.Sizes.H, MaxSteps: steps}
		t, err := symbolic.StaticTrace(m.Code, cfg, ex.Input, symbolic.FirstChoice{}, nil)
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
func (m *Machine) Batch(exs []data.Example) (inputs, targets []float64, err error) {
	return m.batchInto(exs, nil, nil)
}

// batchInto is Batch writing into the given buffers (grown as needed).
func (m *Machine) batchInto(exs []data.Example, inputs, targets []float64) ([]float64, []float64, error) {
	S, TW := m.Sizes.Len(), m.Sizes.TargetWidth()
	inputs, targets = slices.Grow(inputs[:0], len(exs)*S)[:len(exs)*S], slices.Grow(targets[:0], len(exs)*TW)[:len(exs)*TW]
	for i, ex := range exs {
		x := inputs[i*S : (i+1)*S]
		if err := m.Sizes.initialStateInto(x, ex.Input); err != nil {
			return nil, nil, fmt.Errorf("example %d: %w", i, err)
		}
		if err := m.Sizes.targetInto(targets[i*TW:(i+1)*TW], ex.Output); err != nil {
			return nil, nil, fmt.Errorf("example %d: %w", i, err)
		}
	}
	return inputs, targets, nil
}

// ParamData returns the data of the trained tensors, in Params order
// (shared, not copied): what an optimiser updates.
func (m *Machine) ParamData() [][]float64 {
	var out [][]float64
	for _, p := range m.Params() {
		out = append(out, p.T.Data().([]float64))
	}
	return out
}

// Gradient returns the mean loss of a batch and its gradient with respect
// to Machine.Params (one slice per parameter, owned by the trainer until
// its next call).
func (tr *Trainer) Gradient(exs []data.Example) (float64, [][]float64, error) {
	g, err := tr.graphFor(exs)
	if err != nil {
		return 0, nil, err
	}
	in, tg, err := tr.m.batchInto(exs, tr.inBuf, tr.tgBuf)
	if err != nil {
		return 0, nil, err
	}
	tr.inBuf, tr.tgBuf = in, tg
	loss, err := g.Run(in, tg)
	if err != nil {
		return 0, nil, err
	}
	return loss, g.ParamGrads(), nil
}

package learn

import (
	"encoding/json"
	"fmt"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/optim"
)

// Options configures Train. The zero value of a size or of Steps means
// "find it from the data"; DefaultOptions gives the optimiser's settings.
type Options struct {
	ValueSize int // 0: one more than the largest value in the data or the sketch's literals
	StackSize int // 0: the deepest stack a measured run reaches, plus 3
	HeapSize  int // 0: the cells the sketch's variables take
	Steps     int // 0: found by FindBudget (and grown while training when control depends on the slots)
	// Path, with Steps, is the path of a run of that length (the tasks'
	// oracle knows it); it sizes the block optimisation.
	Path []int

	// Optim holds Adam's settings (the clipping threshold is the paper's
	// 1.0 unless set).
	optim.Config
	Batch     int // examples per update
	MaxEpochs int // epochs at most
	Patience  int // stop after this many epochs without a better dev accuracy (0: never)
	// Settle keeps training this many epochs after dev and training
	// accuracy first reach 100%, keeping the latest parameters while both
	// stay there: the margins of the slots' decisions grow.
	Settle   int
	Seed     int64 // restart k uses Seed+k for its weights, shuffling and noise
	Restarts int   // models trained; the best by dev accuracy is kept
	// Optim is the execution while training (d4.Mode; flags and JSON
	// files name it: naive, collapse, interpolate, static or all).
	Optim d4.Mode

	// Dir, if set, is the model directory: after every finished epoch it
	// holds the best model so far and a checkpoint, published as a unit;
	// Train holds its lock and checks it before training. Resume continues
	// from the checkpoint.
	Dir    string
	Resume bool
	// Progress, if set, is told of every update and every epoch.
	Progress fit.Progress
	// Meta is stored with the model.
	Meta map[string]string
}

// DefaultOptions are the settings of `d4 train`: Adam with learning rate
// 1.0 and batches of 32 as the paper trains its sort sketches, clipping
// 1.0, early stopping after 20 epochs without a better dev accuracy, at
// most 100 epochs, one restart, and no gradient noise: on the README's
// sketches the paper's η = 0.01 took 45 epochs where none took 6, and on
// addition noise hurt generalisation (package addition).
func DefaultOptions() Options {
	return Options{Config: optim.Config{LR: 1.0, Clip: 1.0}, Batch: 32, MaxEpochs: 100, Patience: 20, Seed: 1, Restarts: 1, Optim: d4.ModeAll}
}

// fitConfig is the driver's configuration of these options.
func (o Options) fitConfig() fit.Config {
	return fit.Config{Config: o.Config, Batch: o.Batch, Epochs: o.MaxEpochs, Patience: o.Patience, Settle: o.Settle, Seed: o.Seed,
		Restarts: o.Restarts, Randomness: fit.Stream, Progress: o.Progress}
}

// Check reports an option out of range.
func (o Options) Check() error {
	if err := o.fitConfig().Check(); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"step budget", o.Steps}, {"value size", o.ValueSize}, {"stack size", o.StackSize}, {"heap size", o.HeapSize}} {
		if f.n < 0 {
			return fmt.Errorf("the %s must not be negative, got %d", f.name, f.n)
		}
	}
	return nil
}

// Sketch is a sketch's source and the name it was loaded from.
type Sketch struct {
	File, Src string
}

// Report is how training went: the selected restart's figures (percent).
type Report struct {
	Epochs        int     `json:"epochs"`
	BestEpoch     int     `json:"best_epoch"`
	TrainSeconds  float64 `json:"train_seconds"`
	DevHamming    float64 `json:"dev_hamming_accuracy"`
	DevSequence   float64 `json:"dev_sequence_accuracy"`
	TrainHamming  float64 `json:"train_hamming_accuracy"`
	TrainSequence float64 `json:"train_sequence_accuracy"`
	MsPerUpdate   float64 `json:"ms_per_update"`
	ValueSize     int     `json:"value_size"`
	StackSize     int     `json:"stack_size"`
	Steps         int     `json:"steps"`
	StaticControl bool    `json:"static_control"`
	// BudgetGrew says that the step budget grew while training, with the
	// slots' paths (dynamic control flow, no budget given).
	BudgetGrew bool  `json:"budget_grew,omitempty"`
	Seed       int64 `json:"seed"`
	Restart    int   `json:"restart"`
	Restarts   int   `json:"restarts"`
	TrainRows  int   `json:"train_rows"`
	DevRows    int   `json:"dev_rows"`
	// Stopped says why the selected restart stopped early, if it failed.
	Stopped string `json:"stopped,omitempty"`
	// Stop says why the selected restart stopped: after its epochs, its
	// patience, or settled (its scores perfect).
	Stop fit.Stop `json:"stop"`
}

// Train trains the slots of a sketch on input/output pairs and returns the
// best model by dev accuracy (dev: train itself when it has no rows). It
// checks the data first: every value must lie below the value size and
// every input and output must fit the stacks, or the error names the file
// and row. With o.Dir, the model directory is written after every finished
// epoch (never before the first one finishes).
func Train(sk Sketch, train, dev data.Set, o Options) (*Model, Report, error) {
	if err := o.Check(); err != nil {
		return nil, Report{}, err
	}
	code, err := forth.ParseAndCompile(sk.File, sk.Src)
	if err != nil {
		return nil, Report{}, err
	}
	if err := HasSlots(sk.File, code); err != nil {
		return nil, Report{}, err
	}
	if len(train.Rows) == 0 {
		return nil, Report{}, fmt.Errorf("no training examples")
	}
	if len(dev.Rows) == 0 {
		dev = train
	}
	s, err := newSession(sk, code, train, dev, o)
	if err != nil {
		return nil, Report{}, err
	}
	defer s.close()
	return s.run()
}

// HasSlots reports a sketch without slots: there is nothing to train.
func HasSlots(file string, code *forth.Code) error {
	if len(code.Slots) == 0 {
		return fmt.Errorf("sketch %s has no slots: there is nothing to train (run it with 'd4 run %s')", file, file)
	}
	return nil
}

// ValueSize returns the value size data needs: one more than its largest
// value and than the largest literal of the code (at least 2).
func ValueSize(code *forth.Code, splits ...data.Set) int {
	v := max(2, literalMax(code)+1)
	for _, s := range splits {
		for _, r := range s.Rows {
			for _, x := range r.Input {
				v = max(v, x+1)
			}
			for _, x := range r.Output {
				v = max(v, x+1)
			}
		}
	}
	return v
}

// CheckRows reports the first row with a value outside 0 … v−1 or with an
// input or output longer than a stack of size l holds (l ≤ 0: no check).
func CheckRows(s data.Set, v, l int, hint string) error {
	for i, r := range s.Rows {
		for _, col := range []struct {
			name string
			xs   []int
		}{{"input", r.Input}, {"output", r.Output}} {
			for j, x := range col.xs {
				if x < 0 || x >= v {
					return fmt.Errorf("%s: %s value %d is %d, outside the value size %d (values 0 … %d)%s", s.Where(i), col.name, j+1, x, v, v-1, hint)
				}
			}
			if l > 0 && len(col.xs) > l-1 {
				return fmt.Errorf("%s: the %s of %d values does not fit a stack of size %d (it holds %d)", s.Where(i), col.name, len(col.xs), l, l-1)
			}
		}
	}
	return nil
}

// MaxTrainWork bounds the work of ∂4 on one training example in one
// update: the steps of the execution RNN times the floats of its state.
// Training runs about 2·10⁸ of these float-steps a second on one core of
// this project's machines, so an example costs at most about half a
// second (and building the graphs of its runs a few minutes).
const MaxTrainWork = 1e8

// checkWork refuses a step budget (given: by --steps) that would make an
// example cost more than MaxTrainWork at these sizes.
func checkWork(code *forth.Code, v, l, h, steps int, given bool) error {
	sz, err := d4.NewSizes(code, v, l, h)
	if err != nil {
		return err
	}
	work := float64(steps) * float64(sz.Len())
	if work <= MaxTrainWork {
		return nil
	}
	what := fmt.Sprintf("the runs take %d steps", steps)
	if given {
		what = fmt.Sprintf("--steps %d", steps)
	}
	return fmt.Errorf("%s of a state of %d floats (value size %d, stack size %d): %.2g float-steps on every training example, more than the %.0e that ∂4 trains in reasonable time",
		what, sz.Len(), v, l, work, MaxTrainWork)
}

// session is one call of Train.
type session struct {
	sk         Sketch
	code       *forth.Code
	train, dev data.Set
	o          Options
	budget     Budget
	v          int
	w          *Writer    // the model directory (Options.Dir), or nil
	resume     *fit.State // the checkpoint resumed from, or nil
}

func newSession(sk Sketch, code *forth.Code, train, dev data.Set, o Options) (*session, error) {
	s := &session{sk: sk, code: code, train: train, dev: dev, o: o, v: o.ValueSize}
	if s.v == 0 {
		s.v = ValueSize(code, train, dev)
	}
	if s.v > d4.MaxValueSize {
		return nil, fmt.Errorf("the data needs value size %d, more than ∂4's %d (values must lie below it)", s.v, d4.MaxValueSize)
	}
	hint := "; give a larger --value-size"
	for _, sp := range []data.Set{train, dev} {
		if err := CheckRows(sp, s.v, o.StackSize, hint); err != nil {
			return nil, err
		}
	}
	inputs := make([][]int, len(train.Rows))
	rows := make([]string, len(train.Rows))
	for i, r := range train.Rows {
		inputs[i], rows[i] = r.Input, train.Where(i)
	}
	var err error
	if o.Steps > 0 && o.Path != nil && o.StackSize > 0 {
		s.budget = Budget{Steps: o.Steps, Path: o.Path, StackSize: o.StackSize}
		s.budget.Static = isStatic(code, s.v, o.HeapSize, inputs[0], o.Steps)
	} else if s.budget, err = FindBudget(code, s.v, o.HeapSize, inputs, rows, o.Steps, o.StackSize); err != nil {
		return nil, err
	} else if o.Steps > 0 {
		// The execution RNN runs the steps given: no measured path sizes
		// it (a measured path is of the slots' first choices).
		s.budget.Path = nil
	}
	if s.budget.StackSize > d4.MaxStackSize {
		return nil, fmt.Errorf("the runs need stacks of %d cells, more than ∂4's %d", s.budget.StackSize, d4.MaxStackSize)
	}
	if err := checkWork(code, s.v, s.budget.StackSize, o.HeapSize, s.budget.Steps, o.Steps > 0); err != nil {
		return nil, err
	}
	for _, sp := range []data.Set{train, dev} {
		if err := CheckRows(sp, s.v, s.budget.StackSize, hint); err != nil {
			return nil, err
		}
	}
	if o.Dir != "" {
		if s.w, err = openLocked(o.Dir, s.prepareDir); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// close releases the model directory, if any.
func (s *session) close() {
	if s.w != nil {
		s.w.Close()
	}
}

// isStatic reports whether control flow is static on an input.
func isStatic(code *forth.Code, v, h int, input []int, steps int) bool {
	cfg := symbolic.Config{ValueSize: v, StackSize: 4*len(input) + 16, HeapSize: h, MaxSteps: steps}
	_, err := symbolic.StaticTrace(code, cfg, input, symbolic.FirstChoice{}, nil)
	return err == nil
}

// run trains every restart with the driver and keeps the best. A run that
// fails still publishes the best model trained before the failure.
func (s *session) run() (*Model, Report, error) {
	cfg := s.o.fitConfig()
	if s.w != nil {
		cfg.Checkpoint = s.saveEpoch
	}
	res, err := fit.Run(s.newMethod, len(s.train.Rows), cfg, s.resume)
	if res.Params == nil {
		return nil, Report{}, err // nothing trained
	}
	m, merr := s.modelOf(res.Restart)
	if merr != nil {
		return nil, Report{}, merr
	}
	rep := s.report(res.Restart, res.Index)
	rep.TrainSeconds = res.Seconds
	m.Config = s.config(rep)
	if s.w != nil {
		if perr := s.w.publish(m, m.Config, nil); perr != nil && err == nil {
			err = perr
		}
	}
	return m, rep, err
}

// newMethod builds the untrained method of restart k.
func (s *session) newMethod(k int, seed int64) (fit.Method, error) {
	m, err := s.newModel(seed)
	if err != nil {
		return nil, err
	}
	return newSketchMethod(m, s.budget, s.o, s.train, s.dev), nil
}

// newModel builds an untrained model with the session's sizes.
func (s *session) newModel(seed int64) (*d4.Model, error) {
	return d4.NewModel(s.sk.File, s.sk.Src, s.v, s.budget.StackSize, s.o.HeapSize, seed)
}

// modelOf returns the model of a finished restart (or of the best epoch
// so far of the restart in training): its weights, and the step budget its
// method's state records.
func (s *session) modelOf(r fit.Restart) (*Model, error) {
	m, err := s.newModel(r.Seed)
	if err != nil {
		return nil, err
	}
	for i, p := range m.ParamData() {
		copy(p, r.Params[i])
	}
	for k, v := range s.o.Meta {
		m.Meta[k] = v
	}
	b := budgetState{Steps: s.budget.Steps}
	json.Unmarshal(r.State, &b) // the method's own encoding
	return &Model{Model: m, Steps: b.Steps, Static: s.budget.Static}, nil
}

// report is how restart k went.
func (s *session) report(r fit.Restart, k int) Report {
	b := budgetState{Steps: s.budget.Steps}
	json.Unmarshal(r.State, &b) // the method's own encoding
	rep := Report{Epochs: r.Epochs, BestEpoch: r.BestEpoch, Stop: r.Stop,
		MsPerUpdate: 1000 * r.Seconds / float64(max(r.Updates, 1)),
		ValueSize:   s.v, StackSize: s.budget.StackSize, Steps: b.Steps, StaticControl: s.budget.Static, BudgetGrew: b.Steps > s.budget.Steps,
		Seed: r.Seed, Restart: k, Restarts: max(s.o.Restarts, 1), TrainRows: len(s.train.Rows), DevRows: len(s.dev.Rows)}
	if r.Best != nil {
		rep.DevHamming, rep.DevSequence = r.Best.Accuracy, r.Best.Figures["dev_sequence"]
		rep.TrainHamming, rep.TrainSequence = max(r.Best.Figures["train_accuracy"], 0), r.Best.Figures["train_sequence"]
	}
	return rep
}

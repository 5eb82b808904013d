package tasks

import (
	"errors"
	"fmt"
	"math/rand"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/optim"
)

// D4Options configures training a sketch on a task.
type D4Options struct {
	// Config is Adam's settings: the step size, clipping, gradient noise
	// η, and decoupled weight decay λ, which with Settle lets a slot's
	// network generalise to digit combinations that no training example
	// shows (see the README's results).
	optim.Config
	Batch     int // examples per update
	MaxEpochs int // stop after this many epochs at the latest
	Patience  int // stop after this many epochs without a better dev accuracy (0: never)
	// Settle keeps training this many epochs after dev and training
	// accuracy first reach 100%, keeping the latest parameters while both
	// stay there: the margins of the slots' decisions grow, which helps on
	// inputs (digit pairs) that neither set shows.
	Settle int
	Seed   int64
	Exec   learn.Execution // test-time execution
	// Optim is the execution while training (d4.Mode).
	Optim d4.Mode
	// Progress, if set, is told how training goes.
	Progress fit.Progress
}

// PaperOptions are the paper's training settings of the sorting task,
// which the addition task starts from: learning rate 1.0 with batches of
// 32, at most 100 epochs, stopping after 20 without a better dev
// accuracy, clipping 1.0 and gradient noise η = 0.01; testing with hybrid
// execution, training with every optimisation.
func PaperOptions() D4Options {
	return D4Options{Config: optim.Config{LR: 1.0, Clip: 1.0, Noise: 0.01}, Batch: 32, MaxEpochs: 100, Patience: 20, Seed: 1, Exec: learn.Hybrid, Optim: d4.ModeAll}
}

// Result is what a run reports; accuracies are percentages.
type Result struct {
	Task          string  `json:"task"`
	Model         string  `json:"model"`
	Sketch        string  `json:"sketch"`
	TrainLen      int     `json:"train_len"`
	TestLen       int     `json:"test_len"`
	ValueSize     int     `json:"value_size,omitempty"`
	Steps         int     `json:"steps,omitempty"`
	TestHamming   float64 `json:"test_hamming_accuracy"`
	TestSequence  float64 `json:"test_sequence_accuracy"`
	DevHamming    float64 `json:"dev_hamming_accuracy"`
	Epochs        int     `json:"epochs"`
	TrainSeconds  float64 `json:"train_seconds"`
	TestSeconds   float64 `json:"test_seconds"`
	Seed          int64   `json:"seed"`
	Exec          string  `json:"exec,omitempty"`
	ReverseSource bool    `json:"reverse_source,omitempty"` // Seq2Seq read its inputs last token first
	MsPerUpdate   float64 `json:"ms_per_update,omitempty"`
	TrainExamples int     `json:"train_examples"`
	TestExamples  int     `json:"test_examples"`
	Stopped       string  `json:"stopped,omitempty"` // why training stopped early, if it failed
}

// D4Run is a sketch being trained on a task.
type D4Run struct {
	Task   Task
	Sketch string // the sketch's name as given (see Task.SketchFile)
	Model  *d4.Model
	// Trained is the model Train returned, with its step budget and
	// configuration: what learn.Writer.Save writes as a model directory.
	Trained *learn.Model
	Code    *forth.Code
	V       int
	oracle  Oracle
	known   bool // the task knows the sketch: its oracle decides right
}

// NewD4Run compiles the task's sketch and builds its model for the value
// size the lengths need.
func NewD4Run(t Task, sketch string, trainLen, testLen int, seed int64) (*D4Run, error) {
	file, src, code, err := t.LoadSketch(sketch)
	if err != nil {
		return nil, err
	}
	if err := learn.HasSlots(file, code); err != nil {
		return nil, err
	}
	r := &D4Run{Task: t, Sketch: sketch, Code: code, V: ValueSize(trainLen, testLen)}
	r.oracle, r.known = t.OracleOf(sketch)
	input := t.Example(rand.New(rand.NewSource(0)), trainLen).Input
	// The least state the runs need: stacks that just hold the input.
	sz, err := d4.NewSizes(code, r.V, len(input)+2, 0)
	if err != nil {
		return nil, fmt.Errorf("training ∂4 on inputs of %d values: %w", len(input), err)
	}
	afford := int(learn.MaxTrainWork / float64(sz.Len()))
	sh, err := measure(code, r.oracle, r.V, input, min(maxMeasureSteps, afford))
	if errors.Is(err, symbolic.ErrNoHalt) && afford < maxMeasureSteps {
		return nil, fmt.Errorf("training ∂4 on inputs of %d values takes more than %d steps of a state of at least %d floats: more than the %.0e float-steps an example that ∂4 trains in reasonable time (train on shorter inputs)",
			len(input), afford, sz.Len(), learn.MaxTrainWork)
	}
	if err != nil {
		return nil, err
	}
	if r.Model, err = d4.NewModel(file, src, r.V, sh.StackSize(), 0, seed); err != nil {
		return nil, err
	}
	r.Model.Meta["task"] = t.Name
	return r, nil
}

// Measure is the shape of the sketch's run on input with its oracle's
// decisions (see Measure).
func (r *D4Run) Measure(input []int) (Shape, error) {
	return Measure(r.Code, r.oracle, r.V, input)
}

// Train trains the sketch on ds.Train with learn.Train, the trainer of
// `d4 train`: the value size is the task's, and the step budget, stack size
// and path are those of the oracle's run on the first training input (the
// oracle knows the paper's sketches' decisions, so the budget of a sketch
// whose control depends on its slots is exact from the start). The
// parameters kept are the best by dev accuracy; see learn.Train.
func (r *D4Run) Train(ds Dataset, o D4Options) (epochs int, devHamming float64, msPerUpdate float64, err error) {
	if len(ds.Train) == 0 {
		return 0, 0, 0, fmt.Errorf("no training examples")
	}
	sh, err := r.Measure(ds.Train[0].Input)
	if err != nil {
		return 0, 0, 0, err
	}
	lo := learn.Options{ValueSize: r.V, StackSize: sh.StackSize(), Steps: sh.Steps, Path: sh.Path,
		Config: o.Config,
		Batch:  o.Batch, MaxEpochs: o.MaxEpochs, Patience: o.Patience, Settle: o.Settle,
		Seed: o.Seed, Restarts: 1, Optim: o.Optim, Meta: map[string]string{"task": r.Task.Name}}
	lo.Progress = machineProgress{run: r, to: o.Progress}
	sk := learn.Sketch{File: r.Model.SketchFile, Src: r.Model.Sketch}
	m, rep, err := learn.Train(sk, data.Set{File: "train", Rows: ds.Train}, data.Set{File: "dev", Rows: ds.Dev}, lo)
	if m != nil {
		r.Model, r.Trained = m.Model, m
	}
	return rep.Epochs, rep.DevHamming, rep.MsPerUpdate, err
}

// machineProgress keeps the run's model on the machine in training (what
// Snapshot records) and passes the driver's progress on.
type machineProgress struct {
	run *D4Run
	to  fit.Progress // may be nil
}

func (p machineProgress) Update(u fit.Update) {
	if p.to != nil {
		p.to.Update(u)
	}
}

func (p machineProgress) Epoch(e fit.EpochEnd) {
	if m, ok := e.Method.(interface{ Model() *d4.Model }); ok {
		p.run.Model.Machine = m.Model().Machine
	}
	if p.to != nil {
		p.to.Epoch(e)
	}
}

func (p machineProgress) Resumed(r fit.Resumed) {
	if p.to != nil {
		p.to.Resumed(r)
	}
}

// Predict runs the trained sketch on an input (learn.Predict with
// learn.RunLimits): learn.Hybrid on the symbolic machine with argmax slot
// decisions, or learn.Discretised ∂4 (§4.1). A run that does not halt
// predicts nothing.
func (r *D4Run) Predict(input []int, exec learn.Execution) ([]int, error) {
	run, err := learn.Predict(r.Model, input, exec, learn.RunLimits(len(input), r.Model.Sizes.L, 0, 0))
	if errors.Is(err, symbolic.ErrNoHalt) {
		return nil, nil
	}
	return run.Stack, err
}

// Evaluate returns the Hamming (per-digit) and whole-sequence accuracies,
// in percent, of the trained sketch on exs.
func (r *D4Run) Evaluate(exs []data.Example, exec learn.Execution) (hamming, sequence float64, err error) {
	sc, err := learn.Evaluate(r.Model, exs, exec, 0, 0, nil)
	return sc.Hamming, sc.Sequence, err
}

// PredictAll predicts every example, spreading them over the CPUs
// (learn.PredictAll); a run that does not halt predicts nothing.
func (r *D4Run) PredictAll(exs []data.Example, exec learn.Execution) ([][]int, error) {
	inputs := make([][]int, len(exs))
	for i, ex := range exs {
		inputs[i] = ex.Input
	}
	runs, errs := learn.PredictAll(r.Model, inputs, exec, 0, 0, nil)
	preds := make([][]int, len(exs))
	for i, run := range runs {
		if errors.Is(errs[i], symbolic.ErrNoHalt) {
			errs[i] = nil
			continue
		}
		preds[i] = run.Stack
	}
	return preds, errors.Join(errs...)
}

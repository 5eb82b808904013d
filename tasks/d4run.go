package tasks

import (
	"errors"
	"fmt"
	"math/rand"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"d4/eval"
	"d4/interpreter/d4"
	"d4/interpreter/forth"
	"d4/interpreter/symbolic"
)

// D4Options configures training a sketch on a task.
type D4Options struct {
	Batch     int     // examples per update
	LR        float64 // Adam step size
	MaxEpochs int     // stop after this many epochs at the latest
	Patience  int     // stop after this many epochs without a better dev accuracy
	// Settle keeps training this many epochs after dev and training
	// accuracy first reach 100%, keeping the latest parameters while both
	// stay there: the margins of the slots' decisions grow, which helps on
	// inputs (digit pairs) that neither set shows.
	Settle   int
	NoiseEta float64 // gradient noise η
	// WeightDecay is the decoupled weight decay λ of Adam (0: none). With
	// Settle it lets a slot's network generalise to digit combinations
	// that no training example shows (see the README's results).
	WeightDecay float64
	Seed        int64
	Exec        string // test-time execution: "hybrid" or "discretised"
	// Optim names the execution while training: "naive" (the execution
	// RNN of §3.3), "collapse" (straight-line code as one step),
	// "interpolate" (collapse and if-branch interpolation), "static" (only
	// the words on the trace when the control flow does not depend on the
	// slots, else naive) or "all" (static, else interpolate).
	Optim string
	// Progress, when set, is called after each update and each epoch.
	Progress func(p Progress)
}

// Progress reports training progress.
type Progress struct {
	Epoch, Update, UpdatesPerEpoch int
	Loss                           float64
	DevHamming                     float64 // after an epoch, else -1
}

// DefaultD4Options returns the paper's settings for a task: sort learning
// rate 1.0 with batches of 32, addition 0.05 with batches of 16, clipping
// 1.0 and gradient noise η = 0.01.
//
// Addition departs from them in three ways, measured on one-digit training
// sums (train length 2), whose 512 examples leave about 15 of the 200
// digit-digit-carry combinations unseen: no gradient noise, decoupled
// weight decay 0.01, and 400 more epochs once dev and training accuracy
// reach 100% (up to 800 in all). The slots' networks then answer the unseen
// combinations in 7 of 10 seeds with Choose and 9 of 10 with Manipulate,
// against 0 of 10 in the paper's setting. Gradient noise is what hurts:
// Adam divides each coordinate's gradient by its running scale, so the
// noise moves the weights that no example pins down by steps of the order
// of the learning rate, and those weights decide the unseen combinations
// (the README has the figures).
func DefaultD4Options(task string) D4Options {
	o := D4Options{Batch: 32, LR: 1.0, MaxEpochs: 100, Patience: 20, NoiseEta: 0.01, Seed: 1, Exec: "hybrid", Optim: "all"}
	if task == "add" {
		o.Batch, o.LR, o.NoiseEta = 16, 0.05, 0
		o.WeightDecay, o.Settle, o.MaxEpochs, o.Patience = 0.01, 400, 800, 800
	}
	return o
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
	Task, Sketch string
	Model        *d4.Model
	Code         *forth.Code
	V            int
	sketchName   string
}

// NewD4Run compiles the task's sketch and builds its model for the value
// size the lengths need.
func NewD4Run(task, sketch string, trainLen, testLen int, seed int64) (*D4Run, error) {
	file, src, code, err := LoadSketch(task, sketch)
	if err != nil {
		return nil, err
	}
	v := ValueSize(trainLen, testLen)
	name := SketchFile(task, sketch)
	train := exampleFor(task, trainLen)
	sh, err := Measure(code, name, v, train.Input)
	if err != nil {
		return nil, err
	}
	model, err := d4.NewModel(file, src, v, sh.StackSize(), 0, seed)
	if err != nil {
		return nil, err
	}
	model.Meta["task"] = task
	return &D4Run{Task: task, Sketch: sketch, Model: model, Code: code, V: v, sketchName: name}, nil
}

// exampleFor returns some example of a task at a length (for measuring).
func exampleFor(task string, n int) Example {
	rng := rand.New(rand.NewSource(0))
	if task == "add" {
		return AddExample(rng, n)
	}
	return SortExample(rng, n)
}

func toD4(exs []Example) []d4.Example {
	out := make([]d4.Example, len(exs))
	for i, ex := range exs {
		out[i] = d4.Example{Init: ex.Input, Target: ex.Target}
	}
	return out
}

// Train trains the sketch on ds.Train, selecting the parameters with the
// best dev accuracy (hybrid execution at the training length; ties broken
// by the training accuracy), and stops when both are 100% (the small dev
// set alone does not show every comparison or digit pair), after Patience
// epochs without improvement, or after MaxEpochs.
func (r *D4Run) Train(ds Dataset, o D4Options) (epochs int, devHamming float64, msPerUpdate float64, err error) {
	if len(ds.Train) == 0 {
		return 0, 0, 0, fmt.Errorf("no training examples")
	}
	sh, err := Measure(r.Code, r.sketchName, r.V, ds.Train[0].Input)
	if err != nil {
		return 0, 0, 0, err
	}
	for _, ex := range ds.Train {
		if len(ex.Input) != len(ds.Train[0].Input) {
			return 0, 0, 0, fmt.Errorf("training examples must share one length (found %d and %d)", len(ds.Train[0].Input), len(ex.Input))
		}
	}
	cfg := d4.TrainConfig{LearningRate: o.LR, Clip: 1.0, NoiseEta: o.NoiseEta, WeightDecay: o.WeightDecay, Seed: o.Seed}
	tr := d4.NewTrainer(r.Model.Machine, sh.Steps, cfg)
	if err := SetOptim(tr, o.Optim, r.Code, sh.Path); err != nil {
		return 0, 0, 0, err
	}
	rng := rand.New(rand.NewSource(o.Seed))
	train := toD4(ds.Train)
	best, bestTrain := -1.0, -1.0
	var bestParams [][]float64
	stale, settled := 0, -1
	updates, perEpoch := 0, (len(train)+o.Batch-1)/o.Batch
	var spent time.Duration
	for epochs = 1; epochs <= o.MaxEpochs; epochs++ {
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		for i := 0; i < len(train); i += o.Batch {
			batch := train[i:min(i+o.Batch, len(train))]
			start := time.Now()
			loss, err := tr.TrainBatch(batch)
			spent += time.Since(start)
			if err != nil {
				// Keep the best parameters found so far: a caller may still
				// report them (the error says why training stopped).
				restore(r.Model.Machine, bestParams)
				return epochs, best, 0, err
			}
			updates++
			if o.Progress != nil {
				o.Progress(Progress{Epoch: epochs, Update: updates, UpdatesPerEpoch: perEpoch, Loss: loss, DevHamming: -1})
			}
		}
		dev, _, err := r.Evaluate(ds.Dev, "hybrid")
		if err != nil {
			return epochs, best, 0, err
		}
		if o.Progress != nil {
			o.Progress(Progress{Epoch: epochs, Update: updates, UpdatesPerEpoch: perEpoch, DevHamming: dev})
		}
		trainAcc := -1.0
		if dev >= best {
			if trainAcc, _, err = r.Evaluate(ds.Train, "hybrid"); err != nil {
				return epochs, best, 0, err
			}
		}
		if dev > best || (dev == best && trainAcc > bestTrain) || (settled >= 0 && dev >= 100 && trainAcc >= 100) {
			best, bestTrain, stale = dev, trainAcc, 0
			bestParams = snapshot(r.Model.Machine)
		} else {
			stale++
		}
		if best >= 100 && bestTrain >= 100 {
			settled++
		}
		if settled >= o.Settle || stale >= o.Patience {
			break
		}
	}
	epochs = min(epochs, o.MaxEpochs)
	restore(r.Model.Machine, bestParams)
	return epochs, best, float64(spent.Microseconds()) / 1000 / float64(max(updates, 1)), nil
}

// Optims lists the values of D4Options.Optim.
var Optims = []string{"naive", "collapse", "interpolate", "static", "all"}

// SetOptim configures a trainer for an execution mode (see D4Options.Optim);
// path is the addresses the sketch executes on a training input.
func SetOptim(tr *d4.Trainer, optim string, code *forth.Code, path []int) error {
	var o d4.Optim
	switch optim {
	case "naive":
		tr.Static = false
	case "collapse":
		tr.Static, o = false, d4.Optim{Collapse: true}
	case "interpolate":
		tr.Static, o = false, d4.Optim{Collapse: true, Interpolate: true}
	case "static":
		tr.Static = true
	case "all", "":
		tr.Static, o = true, d4.Optim{Collapse: true, Interpolate: true}
	default:
		return fmt.Errorf("unknown optimisation %q (want one of %v)", optim, Optims)
	}
	tr.Optim = o
	tr.BlockSteps = d4.BlockSteps(code, o, path)
	return nil
}

func snapshot(m *d4.Machine) [][]float64 {
	var out [][]float64
	for _, p := range m.Params() {
		out = append(out, append([]float64(nil), p.T.Data().([]float64)...))
	}
	return out
}

func restore(m *d4.Machine, params [][]float64) {
	if params == nil {
		return
	}
	for i, p := range m.Params() {
		copy(p.T.Data().([]float64), params[i])
	}
}

// Predict runs the trained sketch on an input: "hybrid" on the symbolic
// machine with argmax slot decisions, or "discretised" ∂4 (§4.1).
func (r *D4Run) Predict(input []int, exec string) ([]int, error) {
	switch exec {
	case "hybrid":
		// Generous sizes: the learnt slots may take another path than the
		// correct one, and a run that does not halt predicts nothing.
		n := len(input) + 8
		m, err := symbolic.New(r.Code, symbolic.Config{ValueSize: r.V, StackSize: 3 * n, MaxSteps: 16*n*n + 1000})
		if err != nil {
			return nil, err
		}
		m.Decider = d4.Hybrid{M: r.Model.Machine}
		if err := m.Push(input...); err != nil {
			return nil, err
		}
		if err := m.Run(); err != nil {
			return nil, nil // a run that does not halt predicts nothing
		}
		return m.D.Values(), nil
	case "discretised":
		sh, err := Measure(r.Code, r.sketchName, r.V, input)
		if err != nil {
			return nil, err
		}
		mm, err := r.Model.Resized(sh.StackSize())
		if err != nil {
			return nil, err
		}
		x, err := mm.Sizes.InitialState(input)
		if err != nil {
			return nil, err
		}
		out, _, err := mm.Run(x, sh.Steps, true)
		if err != nil {
			return nil, err
		}
		return mm.Sizes.Unpack(out).Stack(), nil
	}
	return nil, fmt.Errorf("unknown execution %q: want hybrid or discretised", exec)
}

// Evaluate returns the Hamming (per-digit) and whole-sequence accuracies,
// in percent, of the trained sketch on exs.
func (r *D4Run) Evaluate(exs []Example, exec string) (hamming, sequence float64, err error) {
	preds, err := r.PredictAll(exs, exec)
	if err != nil {
		return 0, 0, err
	}
	targets := make([][]int, len(exs))
	for i, ex := range exs {
		targets[i] = ex.Target
	}
	h, s := eval.Accuracy(preds, targets)
	return 100 * h, 100 * s, nil
}

// PredictAll predicts every example, spreading them over the CPUs (the
// trained networks are only read).
func (r *D4Run) PredictAll(exs []Example, exec string) ([][]int, error) {
	preds := make([][]int, len(exs))
	errs := make([]error, len(exs))
	var wg sync.WaitGroup
	var next atomic.Int64
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(exs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(exs) {
					return
				}
				preds[i], errs[i] = r.Predict(exs[i].Input, exec)
			}
		}()
	}
	wg.Wait()
	return preds, errors.Join(errs...)
}

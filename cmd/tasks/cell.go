package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"time"

	"github.com/d4lang/d4/baseline/seq2seq"
	"github.com/d4lang/d4/cmd/internal/trainbar"
	"github.com/d4lang/d4/cmd/tasks/figures"
	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/eval"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/sketches"
	"github.com/d4lang/d4/tasks"
)

// model is what a task command trains: ∂4 (the sketch) or the Seq2Seq
// baseline.
type model int

const (
	d4Model model = iota
	seq2seqModel
)

// models names the models for --model.
var models = enum.Names[model]{What: "model", Names: []string{d4Model: "d4", seq2seqModel: "seq2seq"}}

// String returns the model's name.
func (m model) String() string { return models.String(m) }

// cellFlags are the flags of one training-and-testing run of a task. The
// optional ones, left out, take the task's settings (tasks.Task.Options)
// or the baseline's (seq2seq.DefaultConfig).
type cellFlags struct {
	e                       *taskEntry // the command's task
	sketch, data            string
	model                   model
	exec                    learn.Execution
	trainLen, testLen       int
	trainSize               cli.Optional[int]
	reverseSource           bool
	seed                    int64
	jsonOut                 bool
	epochs, batch, patience cli.Optional[int]
	settle                  cli.Optional[int]
	lr, weightDecay, noise  cli.Optional[float64]
	save                    string
	optim                   d4.Mode
	tracePNG                string
}

// parseCell parses the flags of a task's command and checks them.
func parseCell(e *taskEntry, args []string, stderr io.Writer) (cellFlags, error) {
	t := e.task
	f := cellFlags{e: e}
	o, s2s := t.Options, seq2seq.DefaultConfig(0)
	fs := cli.NewFlagSet("tasks "+t.Name, "usage: tasks "+t.Name+" [flags]", stderr)
	cli.StringVar(fs, &f.sketch, "sketch", e.sketch, "sketch: "+enum.OrList(sketchNames(t))+", or a path to a .fth file", func(s string) error {
		if _, ok := t.Sketch(s); ok {
			return nil
		}
		_, _, err := sketches.Load(s)
		return err
	})
	models.Var(fs, &f.model, "model", d4Model, "model: d4 (the sketch) or seq2seq (the baseline)")
	fs.BoolVar(&f.reverseSource, "reverse-source", s2s.ReverseSource, "Seq2Seq: the encoder reads each input last token first, as Sutskever et al. (--reverse-source=false: in order)")
	fs.IntVar(&f.trainLen, "train-len", e.trainLen, "training length ("+e.lengths+")")
	fs.IntVar(&f.testLen, "test-len", 8, "test length (same unit as --train-len)")
	cli.OptionalVar(fs, &f.trainSize, "train-size", 1, maxTrainSize, fmt.Sprintf("training examples (default %d, the paper's)", t.Sizes.Train))
	fs.Int64Var(&f.seed, "seed", 1, "seed of the data, the initialisation and the training")
	fs.BoolVar(&f.jsonOut, "json", false, "print the report as one JSON object on stdout")
	cli.OptionalVar(fs, &f.epochs, "epochs", 1, fit.MaxEpochs, fmt.Sprintf("maximum epochs (default ∂4 %d, Seq2Seq %d)", o.MaxEpochs, s2s.Epochs))
	cli.OptionalVar(fs, &f.patience, "patience", 0, math.MaxInt, fmt.Sprintf("∂4: stop after this many epochs without a better dev accuracy (default %d)", o.Patience))
	cli.OptionalVar(fs, &f.settle, "settle", 0, math.MaxInt, fmt.Sprintf("∂4: epochs to keep training after dev and training accuracy reach 100%% (default %d)", o.Settle))
	cli.OptionalVar(fs, &f.batch, "batch", 1, fit.MaxBatch, fmt.Sprintf("batch size (default ∂4 %d, Seq2Seq %d)", o.Batch, s2s.Batch))
	fs.Var(&f.lr, "lr", fmt.Sprintf("learning rate (default ∂4 %v, Seq2Seq %v)", o.LR, s2s.LR))
	fs.Var(&f.weightDecay, "weight-decay", fmt.Sprintf("∂4: decoupled weight decay λ of Adam (0: none, as in the paper; default %v)", o.WeightDecay))
	fs.Var(&f.noise, "noise", fmt.Sprintf("∂4: gradient noise η, variance η/t^0.55 at update t (0: none; default %v)", o.Noise))
	fs.TextVar(&f.exec, "exec", learn.Hybrid, "test-time execution of ∂4: hybrid (symbolic machine, argmax slots) or discretised (§4.1)")
	fs.StringVar(&f.data, "data", "", "dataset directory (train/dev/test Parquet); generated there if absent (default: data/generated/NAME)")
	fs.StringVar(&f.save, "save", "", "write the trained ∂4 model to this model directory (the format of 'd4 train', which 'd4 run/eval/export --model DIR' read)")
	fs.StringVar(&f.tracePNG, "trace-png", "", "draw ∂4's soft run of the first training example before training, after one epoch and after training to this PNG file: the program counter over the steps (or, when the control flow does not depend on the slots, their decisions) and the final data stack")
	fs.TextVar(&f.optim, "optim", d4.ModeAll, "∂4 execution while training: naive (the execution RNN of §3.3), collapse (straight-line code in one step), interpolate (collapse and if-branch interpolation), static (only the words on the trace when control does not depend on the slots, else naive), all (static, else interpolate)")
	if err := cli.ParseFlags(fs, args); err != nil {
		return f, err
	}
	return f, f.check()
}

// check checks the flags of a task's command.
func (f cellFlags) check() error {
	unit := max(f.e.task.PaperUnit, 1)
	switch {
	case f.save != "" && f.model != d4Model:
		return cli.Usagef("--save writes ∂4 models only, not --model %s", f.model)
	case f.tracePNG != "" && f.model != d4Model:
		return cli.Usagef("--trace-png draws a run of ∂4, not of --model %s", f.model)
	case f.trainLen < 1 || f.testLen < 1 || f.trainLen > 4096 || f.testLen > 4096:
		return cli.Usagef("--train-len and --test-len must lie between 1 and 4096, got %d and %d", f.trainLen, f.testLen)
	case f.trainLen%unit != 0 || f.testLen%unit != 0:
		return cli.Usagef("%s lengths count %s: --train-len %d and --test-len %d must be multiples of %d", f.e.task.Title, f.e.lengths, f.trainLen, f.testLen, unit)
	case f.model == d4Model && tasks.ValueSize(f.e.task.Units(f.trainLen), f.e.task.Units(f.testLen)) > d4.MaxValueSize:
		return cli.Usagef("--train-len %d and --test-len %d need value size %d, more than ∂4's %d", f.trainLen, f.testLen,
			tasks.ValueSize(f.e.task.Units(f.trainLen), f.e.task.Units(f.testLen)), d4.MaxValueSize)
	case f.lr.Given() && f.lr.Value() <= 0:
		return cli.Usagef("--lr must be positive, got %v", f.lr.Value())
	}
	for _, err := range []error{atLeast("weight-decay", f.weightDecay, 0), atLeast("noise", f.noise, 0)} {
		if err != nil {
			return err
		}
	}
	return nil
}

// atLeast refuses a value given to the flag name below least.
func atLeast(name string, o cli.Optional[float64], least float64) error {
	switch {
	case !o.Given() || o.Value() >= least:
		return nil
	case least == 0:
		return cli.Usagef("--%s must not be negative, got %v", name, o.Value())
	}
	return cli.Usagef("--%s must be at least %v, got %v", name, least, o.Value())
}

// maxTrainSize bounds --train-size (the appendix's largest is 16384).
const maxTrainSize = 1 << 20

// runCell runs the command of task e: it trains on the dataset of the
// flags, tests and prints the report.
func runCell(e *taskEntry, args []string, stdout, stderr io.Writer) error {
	f, err := parseCell(e, args, stderr)
	if err != nil {
		return err
	}
	res, err := cell(f, stderr)
	if err != nil {
		return err
	}
	if f.jsonOut {
		enc := json.NewEncoder(stdout)
		return enc.Encode(res)
	}
	printReport(stdout, res)
	return nil
}

// dataset prepares the task's dataset in its directory
// (Task.PrepareDataset: generated and written to Parquet unless the
// directory holds exactly this dataset) and reads it back, so that every
// run trains on what the files hold. A dataset generated with other flags
// is an error; one in the default directory that records nothing (an
// older version's) is replaced.
func dataset(f cellFlags) (tasks.Dataset, string, error) {
	t := f.e.task
	dir := f.data
	if dir == "" {
		dir = filepath.Join("data", "generated", fmt.Sprintf("%s-train%d-test%d-seed%d", t.Name, f.trainLen, f.testLen, f.seed))
		if f.trainSize.Given() {
			dir += fmt.Sprintf("-n%d", f.trainSize.Value())
		}
	}
	sizes := t.Sizes
	sizes.Train = f.trainSize.Or(sizes.Train)
	want := tasks.Generated{Task: t.Name, TrainLen: t.Units(f.trainLen), TestLen: t.Units(f.testLen), Sizes: sizes, Seed: f.seed}
	ds, err := t.PrepareDataset(dir, want, f.data == "")
	return ds, dir, err
}

// trained is a model after training: it predicts targets of a given
// length, and reports how its training went; a ∂4 model can be saved.
type trained struct {
	res     tasks.Result
	predict func(exs []data.Example, tick func()) ([][]int, error)
	save    func(w *learn.Writer) error
}

// cell trains on the dataset of f and tests on its test split. With
// --save, the model directory is opened (locked and checked) before
// anything else and written once training has finished.
func cell(f cellFlags, stderr io.Writer) (tasks.Result, error) {
	var out *learn.Writer
	if f.save != "" {
		var err error
		if out, err = learn.OpenDir(f.save); err != nil {
			return tasks.Result{}, err
		}
		defer out.Close()
	}
	if f.model == d4Model {
		// Sizes ∂4 cannot train are refused before the data is made.
		if _, err := newD4Run(f); err != nil {
			return tasks.Result{}, err
		}
	}
	ds, _, err := dataset(f)
	if err != nil {
		return tasks.Result{}, err
	}
	tr, err := train(f, ds, stderr)
	if err != nil {
		return tr.res, err
	}
	if out != nil {
		if err := tr.save(out); err != nil {
			return tr.res, err
		}
	}
	return test(tr, ds.Test, f.testLen, stderr)
}

// test evaluates a trained model on a test set, with a progress bar on
// stderr (long inputs take a while).
func test(tr trained, exs []data.Example, testLen int, stderr io.Writer) (tasks.Result, error) {
	res := tr.res
	res.TestLen, res.TestExamples = testLen, len(exs)
	start := time.Now()
	bar := &cli.LazyBar{W: stderr, Max: len(exs), Desc: fmt.Sprintf("testing at length %d", testLen)}
	preds, err := tr.predict(exs, func() { bar.Bar().Add(1) })
	bar.Finish()
	if err != nil {
		return res, err
	}
	targets := make([][]int, len(exs))
	for i, ex := range exs {
		targets[i] = ex.Output
	}
	h, q := eval.Accuracy(preds, targets)
	res.TestHamming, res.TestSequence = 100*h, 100*q
	res.TestSeconds = time.Since(start).Seconds()
	return res, nil
}

// train trains the model of f (∂4 or the Seq2Seq baseline).
func train(f cellFlags, ds tasks.Dataset, stderr io.Writer) (trained, error) {
	if f.model == seq2seqModel {
		return trainSeq2seq(f, ds, stderr)
	}
	return trainD4(f, ds, stderr)
}

// d4Options are the task's training settings with the flags' changes.
func d4Options(f cellFlags) tasks.D4Options {
	o := f.e.task.Options
	o.Seed, o.Optim = f.seed, f.optim
	o.Settle = f.settle.Or(o.Settle)
	o.MaxEpochs = f.epochs.Or(o.MaxEpochs)
	o.Batch = f.batch.Or(o.Batch)
	o.LR = f.lr.Or(o.LR)
	o.WeightDecay = f.weightDecay.Or(o.WeightDecay)
	o.Noise = f.noise.Or(o.Noise)
	o.Patience = f.patience.Or(o.Patience)
	return o
}

// trainD4 trains the sketch of f with a progress bar, recording its soft
// run for --trace-png.
func trainD4(f cellFlags, ds tasks.Dataset, stderr io.Writer) (trained, error) {
	task := f.e.task.Name
	res := tasks.Result{Task: task, Model: d4Model.String(), Sketch: f.sketch, TrainLen: f.trainLen, TestLen: f.testLen, Seed: f.seed, Exec: f.exec.String(),
		TrainExamples: len(ds.Train)}
	run, err := newD4Run(f)
	if err != nil {
		return trained{res: res}, err
	}
	o := d4Options(f)
	perEpoch := (len(ds.Train) + o.Batch - 1) / o.Batch
	bar := &trainbar.Bar{W: stderr, Label: fmt.Sprintf("%s/%s train %d", task, f.sketch, f.trainLen), Total: o.MaxEpochs * perEpoch}
	bar.Describe(fmt.Sprintf("%s/%s train %d: building the graphs", task, f.sketch, f.trainLen)) // minutes, for long inputs
	rec := recorder(run, f, ds)
	rec.Snap("before training")
	o.Progress = snapAfterOne{Bar: bar, rec: rec}
	start := time.Now()
	epochs, dev, ms, err := run.Train(ds, o)
	bar.Finish()
	if err != nil {
		// The parameters are the best found before the failure: a table
		// still reports them, marked.
		res.Epochs, res.DevHamming, res.TrainSeconds, res.ValueSize = epochs, dev, time.Since(start).Seconds(), run.V
		res.Stopped = err.Error()
		return trained{res: res, predict: predictD4(run, f.exec)}, err
	}
	res.TrainSeconds = time.Since(start).Seconds()
	res.Epochs, res.DevHamming, res.MsPerUpdate, res.ValueSize = epochs, dev, ms, run.V
	if err := rec.Write(fmt.Sprintf("after training (%d epochs)", epochs)); err != nil {
		return trained{res: res}, fmt.Errorf("--trace-png: %w", err)
	}
	return trained{
		res:     res,
		predict: predictD4(run, f.exec),
		save: func(w *learn.Writer) error {
			run.Trained.Meta["train_len"] = fmt.Sprint(f.trainLen)
			return w.Save(run.Trained)
		},
	}, nil
}

// newD4Run prepares the sketch of f for training.
func newD4Run(f cellFlags) (*tasks.D4Run, error) {
	t := f.e.task
	return tasks.NewD4Run(t, f.sketch, t.Units(f.trainLen), t.Units(f.testLen), f.seed)
}

// recorder records the soft run of the first training example for
// --trace-png (figures.Recorder; without the flag, nothing).
func recorder(run *tasks.D4Run, f cellFlags, ds tasks.Dataset) *figures.Recorder {
	var ex data.Example
	if len(ds.Train) > 0 {
		ex = ds.Train[0]
	}
	t := run.Task
	title := fmt.Sprintf("∂4 on one training example as it learns: %s, %s sketch, train length %d", t.Title, t.SketchTitle(f.sketch), f.trainLen)
	return figures.NewRecorder(run, ex, title, f.tracePNG)
}

// predictD4 predicts examples one by one with the trained sketch, calling
// tick after each.
func predictD4(run *tasks.D4Run, exec learn.Execution) func(exs []data.Example, tick func()) ([][]int, error) {
	return func(exs []data.Example, tick func()) ([][]int, error) {
		var out [][]int
		for _, ex := range exs {
			p, err := run.Predict(ex.Input, exec)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
			tick()
		}
		return out, nil
	}
}

// printReport prints a run's report.
func printReport(w io.Writer, r tasks.Result) {
	name := r.Model
	if r.Model == d4Model.String() {
		name = "∂4 " + r.Sketch
	}
	if r.ReverseSource {
		name += " (source reversed)"
	}
	fmt.Fprintf(w, "%s: %s trained at length %d (%d examples), tested at length %d (%d examples)\n", r.Task, name, r.TrainLen, r.TrainExamples, r.TestLen, r.TestExamples)
	fmt.Fprintf(w, "  test accuracy: %.2f%% Hamming, %.2f%% whole sequences", r.TestHamming, r.TestSequence)
	if r.Exec != "" {
		fmt.Fprintf(w, " (%s execution)", r.Exec)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  dev accuracy:  %.2f%% Hamming after %d epochs\n", r.DevHamming, r.Epochs)
	fmt.Fprintf(w, "  time: %.1f s training", r.TrainSeconds)
	if r.MsPerUpdate > 0 {
		fmt.Fprintf(w, " (%.1f ms per update)", r.MsPerUpdate)
	}
	fmt.Fprintf(w, ", %.2f s testing\n", r.TestSeconds)
	if r.ValueSize > 0 {
		fmt.Fprintf(w, "  value size %d\n", r.ValueSize)
	}
}

// snapAfterOne is the training bar, recording the soft run for
// --trace-png after the first epoch.
type snapAfterOne struct {
	*trainbar.Bar
	rec *figures.Recorder
}

func (p snapAfterOne) Epoch(e fit.EpochEnd) {
	if e.Epoch == 1 {
		p.rec.Snap("after one epoch")
	}
	p.Bar.Epoch(e)
}

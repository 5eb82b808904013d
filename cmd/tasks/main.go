// Command tasks trains and tests ∂4 sketches and the Seq2Seq baseline on the
// paper's sorting and addition tasks (packages sorting and addition, run by
// the harness of package tasks), reproduces its Tables 1 and 2, and times
// the execution's optimisations (package bench):
//
//	tasks sort  --sketch compare --train-len 3 --test-len 64 [--json]
//	tasks add   --sketch choose  --train-len 2 --test-len 64
//	tasks sort  --model seq2seq  --train-len 3 --test-len 8
//	tasks table sort|add
//	tasks bench [--png FILE]
//
// Lengths are as the paper counts them: for sorting, the number of values;
// for addition, the length of the input sequence of digits, two per digit
// pair (so --train-len 2 is one digit pair). Errors are one line on stderr
// and a non-zero exit status; with --json, stdout is exactly one JSON
// object and progress goes to stderr.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/d4lang/d4/baseline/seq2seq"
	"github.com/d4lang/d4/eval"
	"github.com/d4lang/d4/figures"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/addition"
	"github.com/d4lang/d4/tasks/sorting"
)

func main() { os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr)) }

func realMain(args []string, stdout, stderr0 io.Writer) (code int) {
	// An error line starts a line of its own, after a progress bar's.
	stderr := &cli.LineWriter{W: stderr0}
	defer func() {
		if r := recover(); r != nil {
			stderr.EndLine()
			fmt.Fprintf(stderr, "tasks: internal error (please report it): %v\n", r)
			code = 3
		}
	}()
	if len(args) == 0 {
		fmt.Fprintln(stderr, "tasks: no command given (sort, add, table, bench); run 'tasks --help'")
		return 2
	}
	var err error
	switch args[0] {
	case "-h", "--help", "help":
		usage(stderr)
		return 0
	case "--version", "-version":
		fmt.Fprintln(stdout, cli.Version("tasks"))
		return 0
	case "sort", "add":
		err = runCell(args[0], args[1:], stdout, stderr)
	case "table":
		err = runTable(args[1:], stdout, stderr)
	case "bench":
		err = runBench(args[1:], stdout, stderr)
	default:
		err = cli.Usagef("unknown command %q (commands: sort, add, table, bench)", args[0])
	}
	if code = cli.Status(err); code != 0 {
		stderr.EndLine()
		fmt.Fprintf(stderr, "tasks %s: %v\n", args[0], err)
	}
	return code
}

func usage(w io.Writer) {
	fmt.Fprintln(w, `usage: tasks COMMAND [flags]
commands:
  sort    train and test on the sorting task (a sketch: permute, compare, a .fth path; or --model seq2seq)
  add     train and test on the addition task (a sketch: choose, manipulate, a .fth path; or --model seq2seq)
  table   run every cell of the paper's Table 1 (sort) or Table 2 (add) and print ours beside the paper's
  bench   time the execution modes (naive, collapse, interpolate, static, all) by length, and hybrid execution
Run 'tasks COMMAND --help' for a command's flags, 'tasks --version' for the version.`)
}

// taskCmd is a task's command: the task and the defaults of its flags.
type taskCmd struct {
	task       tasks.Task
	sketch     string // the default --sketch
	sketchHelp string // the task's sketches, for --help
	trainLen   int    // the default --train-len
}

// taskCmds are the task commands, sort and add.
var taskCmds = map[string]taskCmd{
	"sort": {sorting.Task, "compare", "permute or compare", 3},
	"add":  {addition.Task, "choose", "choose or manipulate", 4},
}

// cellFlags are the flags of one training-and-testing run.
type cellFlags struct {
	sketch, model, data     string
	exec                    learn.Execution
	trainLen, testLen       int
	trainSize               int
	reverseSource           bool
	seed                    int64
	jsonOut                 bool
	epochs, batch, patience int
	settle                  int
	lr, weightDecay, noise  float64
	save                    string
	optim                   d4.Mode
	tracePNG                string
}

// parseCell parses the flags of a task command and checks them.
func parseCell(task string, args []string, stderr io.Writer) (cellFlags, error) {
	var f cellFlags
	tc := taskCmds[task]
	fs := cli.NewFlagSet("tasks "+task, "usage: tasks "+task+" [flags]", stderr)
	fs.StringVar(&f.sketch, "sketch", tc.sketch, "sketch: "+tc.sketchHelp+", or a path to a .fth file")
	fs.StringVar(&f.model, "model", "d4", "model: d4 (the sketch) or seq2seq (the baseline)")
	fs.BoolVar(&f.reverseSource, "reverse-source", seq2seq.DefaultConfig(0).ReverseSource, "Seq2Seq: the encoder reads each input last token first, as Sutskever et al. (--reverse-source=false: in order)")
	fs.IntVar(&f.trainLen, "train-len", tc.trainLen, "training length (sort: values; add: input digits, 2 per digit pair)")
	fs.IntVar(&f.testLen, "test-len", 8, "test length (same unit as --train-len)")
	fs.IntVar(&f.trainSize, "train-size", 0, "training examples (0: the paper's, 256 for sort and 512 for addition)")
	fs.Int64Var(&f.seed, "seed", 1, "seed of the data, the initialisation and the training")
	fs.BoolVar(&f.jsonOut, "json", false, "print the report as one JSON object on stdout")
	fs.IntVar(&f.epochs, "epochs", 0, "maximum epochs (0: the default: ∂4 100 for sort and 800 for addition, Seq2Seq 500)")
	fs.IntVar(&f.patience, "patience", 0, "∂4: stop after this many epochs without a better dev accuracy (0: the default: 20 for sort, 800 for addition)")
	fs.IntVar(&f.settle, "settle", -1, "∂4: epochs to keep training after dev and training accuracy reach 100% (-1: the default: 0 for sort, 400 for addition)")
	fs.IntVar(&f.batch, "batch", 0, "batch size (0: the paper's)")
	fs.Float64Var(&f.lr, "lr", 0, "learning rate (0: the paper's)")
	fs.Float64Var(&f.weightDecay, "weight-decay", -1, "∂4: decoupled weight decay λ of Adam (0: none, as in the paper; -1: the task's default: 0 for sort, 0.01 for addition)")
	fs.Float64Var(&f.noise, "noise", -1, "∂4: gradient noise η, variance η/t^0.55 at update t (0: none; -1: the task's default: 0.01 for sort as in the paper, 0 for addition)")
	fs.TextVar(&f.exec, "exec", learn.Hybrid, "test-time execution of ∂4: hybrid (symbolic machine, argmax slots) or discretised (§4.1)")
	fs.StringVar(&f.data, "data", "", "dataset directory (train/dev/test Parquet); generated there if absent (default: data/generated/NAME)")
	fs.StringVar(&f.save, "save", "", "write the trained ∂4 model to this model directory (the format of 'd4 train', which 'd4 run/eval/export --model DIR' read)")
	fs.StringVar(&f.tracePNG, "trace-png", "", "draw ∂4's soft run of the first training example before training, after one epoch and after training to this PNG file: the program counter over the steps (or, when the control flow does not depend on the slots, their decisions) and the final data stack")
	fs.TextVar(&f.optim, "optim", d4.ModeAll, "∂4 execution while training: naive (the execution RNN of §3.3), collapse (straight-line code in one step), interpolate (collapse and if-branch interpolation), static (only the words on the trace when control does not depend on the slots, else naive), all (static, else interpolate)")
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return f, err
	}
	if len(pos) > 0 {
		return f, cli.Usagef("unexpected argument %q", pos[0])
	}
	return f, f.check(task)
}

// check checks the flags of a task command.
func (f cellFlags) check(task string) error {
	switch {
	case f.model != "d4" && f.model != "seq2seq":
		return cli.Usagef("--model must be d4 or seq2seq, got %q", f.model)
	case f.save != "" && f.model != "d4":
		return cli.Usagef("--save writes ∂4 models only, not --model %s", f.model)
	case f.tracePNG != "" && f.model != "d4":
		return cli.Usagef("--trace-png draws a run of ∂4, not of --model %s", f.model)
	case f.trainLen < 1 || f.testLen < 1 || f.trainLen > 4096 || f.testLen > 4096:
		return cli.Usagef("--train-len and --test-len must lie between 1 and 4096, got %d and %d", f.trainLen, f.testLen)
	case task == "add" && (f.trainLen%2 != 0 || f.testLen%2 != 0):
		return cli.Usagef("addition lengths count input digits, two per digit pair: --train-len %d and --test-len %d must be even", f.trainLen, f.testLen)
	case !finite(f.lr, f.weightDecay, f.noise):
		return cli.Usagef("--lr, --weight-decay and --noise must be finite numbers, got %v, %v and %v", f.lr, f.weightDecay, f.noise)
	case f.epochs < 0 || f.batch < 0 || f.patience < 0 || f.lr < 0 || f.trainSize < 0:
		return cli.Usagef("--epochs, --batch, --patience, --lr and --train-size must not be negative")
	case f.trainSize > maxTrainSize:
		return cli.Usagef("--train-size must be at most %d, got %d", maxTrainSize, f.trainSize)
	case f.weightDecay < 0 && f.weightDecay != -1:
		return cli.Usagef("--weight-decay must not be negative (or -1 for the task's default), got %v", f.weightDecay)
	case f.noise < 0 && f.noise != -1:
		return cli.Usagef("--noise must not be negative (or -1 for the task's default), got %v", f.noise)
	}
	return nil
}

// finite reports whether every x is neither NaN nor infinite.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// maxTrainSize bounds --train-size (the appendix's largest is 16384).
const maxTrainSize = 1 << 20

func runCell(task string, args []string, stdout, stderr io.Writer) error {
	f, err := parseCell(task, args, stderr)
	if err != nil {
		return err
	}
	res, err := cell(task, f, stderr)
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
func dataset(task string, f cellFlags) (tasks.Dataset, string, error) {
	t := taskCmds[task].task
	dir := f.data
	if dir == "" {
		dir = filepath.Join("data", "generated", fmt.Sprintf("%s-train%d-test%d-seed%d", task, f.trainLen, f.testLen, f.seed))
		if f.trainSize > 0 {
			dir += fmt.Sprintf("-n%d", f.trainSize)
		}
	}
	sizes := t.Sizes
	if f.trainSize > 0 {
		sizes.Train = f.trainSize
	}
	want := tasks.Generated{Task: t.Name, TrainLen: t.Units(f.trainLen), TestLen: t.Units(f.testLen), Sizes: sizes, Seed: f.seed}
	ds, err := t.PrepareDataset(dir, want, f.data == "")
	return ds, dir, err
}

// trained is a model after training: it predicts targets of a given
// length, and reports how its training went; a ∂4 model can be saved.
type trained struct {
	res     tasks.Result
	predict func(exs []tasks.Example) ([][]int, error)
	save    func(w *learn.Writer) error
}

// cell trains on the dataset of f and tests on its test split. With
// --save, the model directory is opened (locked and checked) before
// anything else and written once training has finished.
func cell(task string, f cellFlags, stderr io.Writer) (tasks.Result, error) {
	var out *learn.Writer
	if f.save != "" {
		var err error
		if out, err = learn.OpenDir(f.save); err != nil {
			return tasks.Result{}, err
		}
		defer out.Close()
	}
	ds, _, err := dataset(task, f)
	if err != nil {
		return tasks.Result{}, err
	}
	tr, err := train(task, f, ds, stderr)
	if err != nil {
		return tr.res, err
	}
	if out != nil {
		if err := tr.save(out); err != nil {
			return tr.res, err
		}
	}
	return test(tr, ds.Test, f.testLen)
}

// test evaluates a trained model on a test set.
func test(tr trained, exs []tasks.Example, testLen int) (tasks.Result, error) {
	res := tr.res
	res.TestLen, res.TestExamples = testLen, len(exs)
	start := time.Now()
	preds, err := tr.predict(exs)
	if err != nil {
		return res, err
	}
	targets := make([][]int, len(exs))
	for i, ex := range exs {
		targets[i] = ex.Target
	}
	h, q := eval.Accuracy(preds, targets)
	res.TestHamming, res.TestSequence = 100*h, 100*q
	res.TestSeconds = time.Since(start).Seconds()
	return res, nil
}

// train trains the model of f (∂4 or the Seq2Seq baseline).
func train(task string, f cellFlags, ds tasks.Dataset, stderr io.Writer) (trained, error) {
	if f.model == "seq2seq" {
		return trainSeq2seq(task, f, ds, stderr)
	}
	return trainD4(task, f, ds, stderr)
}

// d4Options are the task's training settings with the flags' changes.
func d4Options(t tasks.Task, f cellFlags) tasks.D4Options {
	o := t.Options
	o.Seed = f.seed
	o.Optim = f.optim
	if f.settle >= 0 {
		o.Settle = f.settle
	}
	if f.epochs > 0 {
		o.MaxEpochs = f.epochs
	}
	if f.batch > 0 {
		o.Batch = f.batch
	}
	if f.lr > 0 {
		o.LR = f.lr
	}
	if f.weightDecay >= 0 {
		o.WeightDecay = f.weightDecay
	}
	if f.noise >= 0 {
		o.NoiseEta = f.noise
	}
	if f.patience > 0 {
		o.Patience = f.patience
	}
	return o
}

// trainD4 trains the sketch of f with a progress bar, recording its soft
// run for --trace-png.
func trainD4(task string, f cellFlags, ds tasks.Dataset, stderr io.Writer) (trained, error) {
	res := tasks.Result{Task: task, Model: "d4", Sketch: f.sketch, TrainLen: f.trainLen, TestLen: f.testLen, Seed: f.seed, Exec: f.exec.String(),
		TrainExamples: len(ds.Train)}
	t := taskCmds[task].task
	run, err := tasks.NewD4Run(t, f.sketch, t.Units(f.trainLen), t.Units(f.testLen), f.seed)
	if err != nil {
		return trained{res: res}, err
	}
	o := d4Options(t, f)
	perEpoch := (len(ds.Train) + o.Batch - 1) / o.Batch
	bar := cli.NewBar(stderr, o.MaxEpochs*perEpoch, fmt.Sprintf("%s/%s train %d", task, f.sketch, f.trainLen), false)
	rec := recorder(run, f, ds)
	rec.Snap("before training")
	o.Progress = func(p tasks.Progress) {
		if p.DevHamming >= 0 && p.Epoch == 1 {
			rec.Snap("after one epoch")
		}
		if p.DevHamming >= 0 {
			bar.Describe(fmt.Sprintf("%s/%s epoch %d dev %.1f%%", task, f.sketch, p.Epoch, p.DevHamming))
			return
		}
		bar.Set(p.Update)
	}
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

// recorder records the soft run of the first training example for
// --trace-png (figures.Recorder; without the flag, nothing).
func recorder(run *tasks.D4Run, f cellFlags, ds tasks.Dataset) *figures.Recorder {
	var ex tasks.Example
	if len(ds.Train) > 0 {
		ex = ds.Train[0]
	}
	t := run.Task
	title := fmt.Sprintf("∂4 on one training example as it learns: %s, %s sketch, train length %d", t.Title, t.SketchTitle(f.sketch), f.trainLen)
	return figures.NewRecorder(run, ex, title, f.tracePNG)
}

// predictD4 predicts examples one by one with the trained sketch.
func predictD4(run *tasks.D4Run, exec learn.Execution) func(exs []tasks.Example) ([][]int, error) {
	return func(exs []tasks.Example) ([][]int, error) {
		var out [][]int
		for _, ex := range exs {
			p, err := run.Predict(ex.Input, exec)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
		return out, nil
	}
}

// printReport prints a run's report.
func printReport(w io.Writer, r tasks.Result) {
	name := r.Model
	if r.Model == "d4" {
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

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/d4lang/d4/cmd/internal/runcmd"
	"github.com/d4lang/d4/cmd/internal/trainbar"
	"github.com/d4lang/d4/data"
	cmdline "github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/export"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/sketches"
)

const trainUsage = `usage: d4 train --sketch FILE --train DATA [--dev DATA] [flags]
Trains the slots of a sketch on input/output pairs and writes the model to
--model DIR (default models/NAME for sketch NAME.fth) after every finished
epoch. DATA is a .jsonl file of {"input": [...], "output": [...]} lines (the
initial and the final data stack, bottom to top) or a .parquet file with
list-of-integer columns input and output. The value size defaults to one more
than the largest value in the data (and the sketch's literals); the step
budget is found by running the sketch symbolically.`

// trainFlags are the flags of d4 train.
type trainFlags struct {
	sketch, train, dev, model string
	json                      bool
	o                         learn.Options
}

func trainCmd(args []string, stdout, stderr io.Writer) error {
	f := trainFlags{o: learn.DefaultOptions()}
	fs := cmdline.NewFlagSet("d4 train", trainUsage, stderr)
	f.register(fs)
	pos, err := cmdline.Parse(fs, args)
	if err != nil {
		return err
	}
	if err := f.check(fs, pos); err != nil {
		return err
	}
	file, src, err := sketches.Load(f.sketch)
	if err != nil {
		return err
	}
	train, err := readData("--train", f.train)
	if err != nil {
		return err
	}
	dev := data.Set{File: f.train, Rows: train.Rows}
	if f.dev != "" {
		if dev, err = readData("--dev", f.dev); err != nil {
			return err
		}
	}
	if f.model == "" {
		f.model = filepath.Join("models", strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)))
	}
	f.o.Dir = f.model
	perEpoch := (len(train.Rows) + f.o.Batch - 1) / f.o.Batch
	pb := &trainbar.Bar{W: stderr, Label: "training", Total: f.o.Restarts * f.o.MaxEpochs * perEpoch, Restarts: f.o.Restarts}
	f.o.Progress = pb
	_, rep, err := learn.Train(learn.Sketch{File: file, Src: src}, train, dev, f.o)
	pb.Finish()
	if err != nil {
		return err
	}
	return reportTraining(stdout, f, file, rep)
}

// register defines the flags of d4 train.
func (f *trainFlags) register(fs *flag.FlagSet) {
	cmdline.StringVar(fs, &f.sketch, "sketch", "", "the sketch: a .fth path or an embedded sketch name (required)", func(s string) error {
		_, _, err := sketches.Load(s)
		return err
	})
	fs.StringVar(&f.train, "train", "", "training data: .jsonl or .parquet (required)")
	fs.StringVar(&f.dev, "dev", "", "dev data for early stopping and model selection (default: the training data)")
	fs.StringVar(&f.model, "model", "", "model directory (default models/NAME)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object with the training figures on stdout")
	fs.BoolVar(&f.o.Resume, "resume", false, "continue the unfinished training in the model directory")
	cmdline.IntVar(fs, &f.o.ValueSize, "value-size", 0, 0, d4.MaxValueSize, "value size (0: one more than the largest value in the data)")
	cmdline.IntVar(fs, &f.o.StackSize, "stack-size", 0, 0, d4.MaxStackSize, "stack size (0: measured)")
	cmdline.IntVar(fs, &f.o.Steps, "steps", 0, 0, math.MaxInt, "step budget T of the execution RNN (0: found)")
	fs.Int64Var(&f.o.Seed, "seed", f.o.Seed, "seed of the weights, the shuffling and the noise (restart k: seed+k)")
	cmdline.IntVar(fs, &f.o.MaxEpochs, "epochs", f.o.MaxEpochs, 1, fit.MaxEpochs, "epochs at most")
	cmdline.IntVar(fs, &f.o.Patience, "patience", f.o.Patience, 0, math.MaxInt, "stop after this many epochs without a better dev accuracy (0: never)")
	cmdline.IntVar(fs, &f.o.Settle, "settle", f.o.Settle, 0, math.MaxInt, "epochs to keep training after dev and training accuracy reach 100%")
	cmdline.IntVar(fs, &f.o.Batch, "batch", f.o.Batch, 1, fit.MaxBatch, "examples per update")
	fs.Float64Var(&f.o.LR, "lr", f.o.LR, "learning rate of Adam")
	fs.Float64Var(&f.o.Noise, "noise", f.o.Noise, "gradient noise η (0: none)")
	fs.Float64Var(&f.o.WeightDecay, "weight-decay", f.o.WeightDecay, "decoupled weight decay λ (0: none)")
	cmdline.IntVar(fs, &f.o.Restarts, "restarts", f.o.Restarts, 1, fit.MaxRestarts, "models to train (seeds seed, seed+1, …); the best by dev accuracy is kept")
	fs.TextVar(&f.o.Optim, "optim", f.o.Optim, "execution while training: "+strings.Join(d4.Modes(), ", "))
}

// check checks the command line before anything is read; an error names
// the flag.
func (f *trainFlags) check(fs *flag.FlagSet, pos []string) error {
	switch {
	case len(pos) > 0:
		return cmdline.Usagef("unexpected argument %q (the sketch is --sketch FILE)", pos[0])
	case f.sketch == "":
		return cmdline.Usagef("--sketch FILE is required")
	case f.train == "":
		return cmdline.Usagef("--train DATA is required (a .jsonl or .parquet file)")
	}
	if err := cmdline.CheckFinite(fs); err != nil {
		return cmdline.UsageError{Err: err}
	}
	o := f.o
	for flag, n := range map[string]int{"--value-size": o.ValueSize, "--stack-size": o.StackSize} {
		if n == 1 {
			return cmdline.Usagef("%s must be 0 (found from the data) or at least 2, got 1", flag)
		}
	}
	for _, c := range []struct {
		flag string
		x    float64
	}{{"--lr", o.LR}, {"--noise", o.Noise}, {"--weight-decay", o.WeightDecay}} {
		if c.x < 0 || c.flag == "--lr" && c.x == 0 {
			return cmdline.Usagef("%s must not be negative (and --lr must be positive), got %v", c.flag, c.x)
		}
	}
	if err := f.o.Check(); err != nil {
		return cmdline.UsageError{Err: err}
	}
	return nil
}

// readData reads a DATA file that must hold rows.
func readData(flagName, path string) (data.Set, error) {
	rows, err := data.ReadExamples(path)
	if err != nil {
		return data.Set{}, err
	}
	if len(rows) == 0 {
		return data.Set{}, fmt.Errorf("%s %s holds no rows", flagName, path)
	}
	return data.Set{File: path, Rows: rows}, nil
}

// reportTraining prints the figures of a finished training.
func reportTraining(w io.Writer, f trainFlags, file string, rep learn.Report) error {
	if f.json {
		return json.NewEncoder(w).Encode(struct {
			learn.Report
			Model  string `json:"model"`
			Sketch string `json:"sketch"`
		}{rep, f.model, file})
	}
	control := "dynamic control flow: the budget, measured with every slot's first choice, did not grow"
	switch {
	case rep.StaticControl:
		control = "static control flow"
	case f.o.Steps > 0:
		control = "dynamic control flow: the budget of --steps"
	case rep.BudgetGrew:
		control = "dynamic control flow: the budget grew with the slots' paths"
	}
	fmt.Fprintf(w, "trained %s on %d rows of %s, selected by %d rows of %s\n", file, rep.TrainRows, f.train, rep.DevRows, orTrain(f))
	fmt.Fprintf(w, "  dev accuracy:   %.2f%% Hamming, %.2f%% whole sequences (epoch %d of %d", rep.DevHamming, rep.DevSequence, rep.BestEpoch, rep.Epochs)
	if rep.Stop != fit.StopEpochs && rep.Epochs < f.o.MaxEpochs {
		fmt.Fprintf(w, "; stopped early, of at most %d epochs: %s", f.o.MaxEpochs, trainbar.StopReason(rep.Stop))
	}
	if rep.Restarts > 1 {
		fmt.Fprintf(w, ", restart %d of %d", rep.Restart+1, rep.Restarts)
	}
	fmt.Fprintf(w, ")\n  train accuracy: %.2f%% Hamming, %.2f%% whole sequences\n", rep.TrainHamming, rep.TrainSequence)
	fmt.Fprintf(w, "  value size %d, stack size %d, %d steps (%s), seed %d\n", rep.ValueSize, rep.StackSize, rep.Steps, control, rep.Seed)
	fmt.Fprintf(w, "  %.1f s; model in %s\n", rep.TrainSeconds, f.model)
	return nil
}

func orTrain(f trainFlags) string {
	if f.dev == "" {
		return f.train
	}
	return f.dev
}

const evalUsage = `usage: d4 eval --model DIR --data DATA [flags]
Runs a trained model on every row of DATA and prints the Hamming (per value)
and whole-sequence accuracy in percent. Inputs may be longer than the
training ones; every value must lie below the model's value size.`

func evalCmd(args []string, stdout, stderr io.Writer) error {
	fs := cmdline.NewFlagSet("d4 eval", evalUsage, stderr)
	var a modelArgs
	a.add(fs)
	dataPath := fs.String("data", "", "data: .jsonl or .parquet (required)")
	exec := learn.Hybrid
	fs.TextVar(&exec, "exec", learn.Hybrid, "execution: hybrid (symbolic machine, slots by argmax) or discretised (∂4 rounded to one-hot every step)")
	jsonOut := fs.Bool("json", false, "print one JSON object (n, hamming_accuracy, sequence_accuracy) on stdout")
	m, err := a.load(fs, args, func() error {
		switch {
		case *dataPath == "":
			return cmdline.Usagef("--data DATA is required (a .jsonl or .parquet file)")
		}
		return nil
	})
	if err != nil {
		return err
	}
	split, err := readData("--data", *dataPath)
	if err != nil {
		return err
	}
	hint := fmt.Sprintf(": the model %s was trained with value size %d", a.dir, m.Sizes.V)
	if err := learn.CheckRows(split, m.Sizes.V, a.stackSize, hint); err != nil {
		return err
	}
	exs := split.Rows
	pb := &cmdline.LazyBar{W: stderr, Max: len(exs), Desc: "evaluating"}
	sc, err := learn.Evaluate(m.Model, exs, exec, a.stackSize, a.steps, func() { pb.Bar().Add(1) })
	pb.Finish()
	if err != nil {
		return err
	}
	if sc.NoHalt > 0 {
		fmt.Fprintf(stderr, "d4 eval: %d of %d runs did not halt within their step budget (--steps) and count as wrong\n", sc.NoHalt, sc.N)
	}
	if *jsonOut {
		return json.NewEncoder(stdout).Encode(struct {
			learn.Accuracy
			Exec string `json:"exec"`
		}{sc, exec.String()})
	}
	fmt.Fprintf(stdout, "%s on %s (%d rows, %s execution): %.2f%% Hamming, %.2f%% whole sequences\n", a.dir, *dataPath, sc.N, exec, sc.Hamming, sc.Sequence)
	return nil
}

const exportUsage = `usage: d4 export --model DIR [flags]
Prints the learned program as a standalone Forth program: the sketch with
each slot replaced by what it learned, on the project's machine written out
in Forth. 'gforth -e "a1 … an" learned.fth -e bye' prints the final data
stack, bottom to top, on its last line: what 'd4 run --model DIR --stack
"a1 … an"' prints (give both the same --stack-size and --steps, if any).`

func exportCmd(args []string, stdout, stderr io.Writer) error {
	fs := cmdline.NewFlagSet("d4 export", exportUsage, stderr)
	var a modelArgs
	a.add(fs)
	m, err := a.load(fs, args, nil)
	if err != nil {
		return err
	}
	prog, err := export.Forth(m.Model, export.Options{StackSize: a.stackSize, Steps: a.steps})
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, prog)
	return err
}

// modelArgs are the flags that name a trained model and the limits of its
// runs (eval, export).
type modelArgs struct {
	dir              string
	stackSize, steps int
}

func (a *modelArgs) add(fs *flag.FlagSet) {
	fs.StringVar(&a.dir, "model", "", "trained model directory (required)")
	fs.IntVar(&a.stackSize, "stack-size", 0, "stack size of every run (0: max(3(n+8), trained) for n input values)")
	fs.IntVar(&a.steps, "steps", 0, "step budget of every run (0: 16(n+8)²+1000)")
}

// load parses the command line, runs check (if any) on the other flags,
// and loads the model.
func (a *modelArgs) load(fs *flag.FlagSet, args []string, check func() error) (*learn.Model, error) {
	if err := cmdline.ParseFlags(fs, args); err != nil {
		return nil, err
	}
	if a.dir == "" {
		return nil, cmdline.Usagef("--model DIR is required")
	}
	if err := runcmd.CheckLimits(a.stackSize, a.steps); err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(); err != nil {
			return nil, err
		}
	}
	return learn.Load(a.dir)
}

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"d4/data"
	"d4/sketches"
	"d4/tasks/wap"

	"github.com/schollz/progressbar/v3"
)

// Defaults of the word algebra commands.
const (
	defaultCC       = "data/cc"       // where a user puts the raw CC files
	defaultPrepared = "data/prepared" // where prepare writes and train/eval read
	defaultModel    = "models/wap"
	defaultSketch   = "sketches/wap.fth"
)

func prepareCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap prepare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", defaultPrepared, "directory to write the prepared data to")
	synthetic := fs.Bool("synthetic", false, "prepare generated CC-style problems instead of reading DIR (no download needed)")
	seed := fs.Int64("seed", 1, "seed of the synthetic generator")
	minCount := fs.Int("min-count", 1, "words seen fewer times in the training split map to the unknown token")
	jsonOut := fs.Bool("json", false, "print the summary as one JSON object")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap prepare [flags] [DIR]")
		fmt.Fprintf(stderr, "Reads the CC dataset (questions.json, train.tsv, dev.tsv, test.tsv) from DIR (default %s),\n", defaultCC)
		fmt.Fprintln(stderr, "tokenises it, builds the vocabulary from the training split and writes Parquet files and tokenizer.json.")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usageError{fmt.Errorf("expected at most one DIR argument, got %d: %s", len(pos), strings.Join(pos, " "))}
	}
	dir := defaultCC
	if len(pos) == 1 {
		dir = pos[0]
		if *synthetic {
			return usageError{errors.New("--synthetic generates the problems: give no DIR with it")}
		}
	}
	cfg := wap.PrepareConfig{Dir: dir, Out: *out, Synthetic: *synthetic, Seed: *seed, MinCount: *minCount}
	sum, err := wap.Prepare(cfg)
	if err != nil {
		if !*synthetic && len(pos) == 0 && errors.Is(err, iofs.ErrNotExist) {
			return fmt.Errorf("%w (put the CC files in %s, name another DIR, or run 'wap prepare --synthetic')", err, dir)
		}
		return err
	}
	if *jsonOut {
		return json.NewEncoder(stdout).Encode(sum)
	}
	from := sum.Source
	if sum.Dir != "" {
		from += " from " + sum.Dir
	}
	fmt.Fprintf(stdout, "prepared %s into %s: train %d, dev %d, test %d problems; vocabulary %d tokens\n",
		from, *out, sum.Rows.Train, sum.Rows.Dev, sum.Rows.Test, sum.VocabSize)
	if n := len(sum.Skipped); n > 0 {
		var reasons []string
		for r, c := range sum.SkippedByReason {
			reasons = append(reasons, fmt.Sprintf("%d %s", c, r))
		}
		sort.Strings(reasons)
		fmt.Fprintf(stdout, "skipped %d problems: %s (listed in %s)\n", n, strings.Join(reasons, ", "), filepath.Join(*out, wap.PreparedFile))
	}
	return nil
}

func trainCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sketch := fs.String("sketch", defaultSketch, "the sketch: a path, or the name of an embedded sketch")
	dataDir := fs.String("data", defaultPrepared, "prepared data (wap prepare); if it does not exist, synthetic problems are prepared there")
	modelDir := fs.String("model", defaultModel, "model directory to write")
	def := wap.DefaultTrainConfig()
	epochs := fs.Int("epochs", def.Epochs, "training epochs")
	batch := fs.Int("batch", def.Batch, "batch size")
	lr := fs.Float64("lr", def.LR, "Adam learning rate")
	patience := fs.Int("patience", def.Patience, "stop after this many epochs without a better dev accuracy (0: never)")
	seed := fs.Int64("seed", def.Seed, "seed of the weights and the batch order")
	noise := fs.Float64("noise", def.NoiseEta, "annealed gradient noise η (variance η/(1+t)^0.55 at update t; 0: none)")
	wordDrop := fs.Float64("word-dropout", def.WordDropout, "probability of replacing a word of a training story by the unknown token at each update")
	resume := fs.Bool("resume", false, "continue from the model directory's checkpoint.json")
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap train [flags]")
		fmt.Fprintln(stderr, "Trains the reader and ∂4 end to end from (question, answer) pairs, keeping the best epoch by dev accuracy.")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError{fmt.Errorf("unexpected argument %q (wap train takes only flags)", pos[0])}
	}
	file, src, err := sketches.Load(*sketch)
	if err != nil {
		return err
	}
	prep, err := loadOrSynthesise(*dataDir, stderr)
	if err != nil {
		return err
	}
	m, err := wap.NewModel(file, src, prep.Vocab.Size(), *seed)
	if err != nil {
		return err
	}
	cfg := def
	cfg.Epochs, cfg.Batch, cfg.LR, cfg.Patience, cfg.Seed = *epochs, *batch, *lr, *patience, *seed
	if *wordDrop < 0 || *wordDrop >= 1 {
		return usageError{fmt.Errorf("--word-dropout must be in [0, 1), got %v", *wordDrop)}
	}
	cfg.WordDropout = *wordDrop
	if *noise < 0 {
		return usageError{fmt.Errorf("--noise must be ≥ 0, got %v", *noise)}
	}
	cfg.NoiseEta = *noise
	train, dev := wap.Problems(prep.Train), wap.Problems(prep.Dev)
	batches := (len(train) + cfg.Batch - 1) / cfg.Batch
	var bar *progressbar.ProgressBar
	cfg.OnBatch = func(epoch, b, n int, loss float64) {
		if bar == nil {
			bar = newBar(stderr, cfg.Epochs*batches, "training")
			bar.Set((epoch-1)*batches + b - 1)
		}
		bar.Describe(fmt.Sprintf("epoch %d/%d loss %.3f", epoch, cfg.Epochs, loss))
		bar.Add(1)
	}
	mcfg := wap.Config{Seed: *seed, Data: prep.Summary.Source, DataDir: *dataDir, DataFrom: prep.Summary.Dir, Epochs: cfg.Epochs}
	var tr *wap.Trainer
	start := time.Now()
	var secs float64 // training time before this run (resumed runs)
	cfg.OnEpoch = func(r wap.EpochReport) error {
		if bar != nil {
			bar.Clear()
		}
		mark := ""
		if r.Best {
			mark = " *"
			mcfg.Epoch, mcfg.DevAccuracy = r.Epoch, r.DevAcc
			mcfg.TrainSeconds = secs + time.Since(start).Seconds()
			if err := m.Save(*modelDir, mcfg, prep.Vocab); err != nil {
				return err
			}
		}
		fmt.Fprintf(stderr, "epoch %d: loss %.4f, train %.1f%%, dev %.1f%% (loss %.4f) (%.1fs)%s\n", r.Epoch, r.Loss, r.TrainAcc, r.DevAcc, r.DevLoss, r.Seconds, mark)
		return tr.SaveCheckpoint(*modelDir)
	}
	if tr, err = wap.NewTrainer(m, cfg); err != nil {
		return err
	}
	if *resume {
		if err := tr.Resume(*modelDir); err != nil {
			return err
		}
		if _, old, _, err := wap.Load(*modelDir); err == nil {
			secs = old.TrainSeconds
			mcfg.Epoch, mcfg.DevAccuracy = old.Epoch, old.DevAccuracy
		}
		fmt.Fprintf(stderr, "resuming after epoch %d (best dev %.1f%% at epoch %d)\n", tr.Epoch, tr.Best, tr.BestAt)
	}
	if err := tr.Train(train, dev); err != nil {
		return err
	}
	if bar != nil {
		bar.Finish()
	}
	total := secs + time.Since(start).Seconds()
	best, bcfg, _, err := wap.Load(*modelDir)
	if err != nil {
		return err
	}
	testAcc, err := best.Accuracy(wap.Problems(prep.Test))
	if err != nil {
		return err
	}
	res := map[string]any{"model": *modelDir, "data": prep.Summary.Source, "seed": *seed, "epochs": tr.Epoch,
		"best_epoch": bcfg.Epoch, "dev_accuracy": bcfg.DevAccuracy, "test_accuracy": testAcc, "train_seconds": round(total, 1)}
	if *jsonOut {
		return json.NewEncoder(stdout).Encode(res)
	}
	fmt.Fprintf(stdout, "trained on %s data (seed %d) in %.1fs: best dev accuracy %.1f%% at epoch %d of %d; test accuracy %.1f%%; saved to %s\n",
		prep.Summary.Source, *seed, total, bcfg.DevAccuracy, bcfg.Epoch, tr.Epoch, testAcc, *modelDir)
	return nil
}

func newBar(stderr io.Writer, total int, desc string) *progressbar.ProgressBar {
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish())
}

func round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}

// loadOrSynthesise loads prepared data, preparing synthetic problems first
// when dir does not exist (the default pipeline on a fresh machine).
func loadOrSynthesise(dir string, stderr io.Writer) (*wap.Prepared, error) {
	if _, err := os.Stat(dir); errors.Is(err, iofs.ErrNotExist) {
		fmt.Fprintf(stderr, "no prepared data in %s: preparing synthetic CC-style problems there (run 'wap prepare DIR' for the CC dataset)\n", dir)
		if _, err := wap.Prepare(wap.PrepareConfig{Out: dir, Synthetic: true, Seed: 1, MinCount: 1}); err != nil {
			return nil, err
		}
	}
	return wap.LoadPrepared(dir)
}

// paperTable3 is Table 3 of the paper: accuracy (%) on the CC test set.
var paperTable3 = []struct {
	name string
	acc  float64
}{{"Roy & Roth (2015)", 55.5}, {"Seq2Seq", 95.0}, {"GeNeRe", 98.5}, {"∂4 (paper)", 96.0}}

func evalCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	split := fs.String("split", "test", "split to evaluate: train, dev or test")
	dataDir := fs.String("data", defaultPrepared, "prepared data (wap prepare)")
	modelDir := fs.String("model", defaultModel, "model directory")
	jsonOut := fs.Bool("json", false, "print one JSON object with split, n and accuracy")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap eval [flags]")
		fmt.Fprintln(stderr, "Prints the model's accuracy on a split beside the paper's Table 3, and per equation pattern.")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError{fmt.Errorf("unexpected argument %q (wap eval takes only flags)", pos[0])}
	}
	if *split != "train" && *split != "dev" && *split != "test" {
		return usageError{fmt.Errorf("--split must be train, dev or test, got %q", *split)}
	}
	m, cfg, _, err := wap.Load(*modelDir)
	if err != nil {
		return err
	}
	prep, err := wap.LoadPrepared(*dataDir)
	if err != nil {
		return err
	}
	var rows []data.WAPRow
	switch *split {
	case "train":
		rows = prep.Train
	case "dev":
		rows = prep.Dev
	default:
		rows = prep.Test
	}
	if len(rows) == 0 {
		return fmt.Errorf("the %s split of %s is empty", *split, *dataDir)
	}
	// The prepared data must use the model's vocabulary.
	if prep.Vocab.Size() != cfg.Vocab {
		return fmt.Errorf("%s was prepared with a vocabulary of %d tokens, the model in %s uses %d: evaluate on the data it was trained with", *dataDir, prep.Vocab.Size(), *modelDir, cfg.Vocab)
	}
	answers, err := m.Answers(wap.Problems(rows))
	if err != nil {
		return err
	}
	right, byPattern, counts := 0, map[string]int{}, map[string]int{}
	for i, r := range rows {
		counts[r.Pattern]++
		if answers[i] == int(r.Answer) {
			right++
			byPattern[r.Pattern]++
		}
	}
	acc := 100 * float64(right) / float64(len(rows))
	if *jsonOut {
		per := map[string]float64{}
		for p, n := range counts {
			per[p] = round(100*float64(byPattern[p])/float64(n), 2)
		}
		return json.NewEncoder(stdout).Encode(map[string]any{"split": *split, "n": len(rows), "accuracy": round(acc, 2),
			"data": prep.Summary.Source, "trained_on": cfg.Data, "per_pattern": per})
	}
	fmt.Fprintf(stdout, "model %s (trained on %s data, epoch %d), evaluated on the %s split of %s data (%d problems)\n",
		*modelDir, cfg.Data, cfg.Epoch, *split, prep.Summary.Source, len(rows))
	fmt.Fprintf(stdout, "%-20s %8s\n", "model", "accuracy")
	for _, b := range paperTable3 {
		fmt.Fprintf(stdout, "%-20s %7.1f%%\n", b.name, b.acc)
	}
	fmt.Fprintf(stdout, "%-20s %7.1f%%   (%d/%d)\n", "∂4 (ours)", acc, right, len(rows))
	if prep.Summary.Source != data.SourceCC || *split != "test" {
		fmt.Fprintln(stdout, "(the paper's figures are on the CC test split)")
	}
	fmt.Fprintln(stdout, "per equation pattern:")
	var pats []string
	for p := range counts {
		pats = append(pats, p)
	}
	sort.Strings(pats)
	for _, p := range pats {
		fmt.Fprintf(stdout, "  %-10s %6.1f%%   (%d/%d)\n", p, 100*float64(byPattern[p])/float64(counts[p]), byPattern[p], counts[p])
	}
	return nil
}

func answerCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap answer", flag.ContinueOnError)
	fs.SetOutput(stderr)
	modelDir := fs.String("model", defaultModel, "model directory")
	jsonOut := fs.Bool("json", false, "print one JSON object with answer and formula")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap answer [flags] \"QUESTION\"")
		fmt.Fprintln(stderr, "Answers one word algebra problem: the answer on the first line, then the formula the slots chose.")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		return usageError{errors.New("expected the QUESTION as one argument (quote it)")}
	case len(pos) > 1:
		return usageError{fmt.Errorf("expected the QUESTION as one argument, got %d: quote the question", len(pos))}
	}
	m, cfg, vocab, err := wap.Load(*modelDir)
	if err != nil {
		return err
	}
	p, err := wap.NewProblem(pos[0], vocab)
	if err != nil {
		return err
	}
	sols, err := m.Solve([]*wap.Problem{p})
	if err != nil {
		return err
	}
	s := sols[0]
	formula := s.Formula
	if formula != "" {
		formula = fmt.Sprintf("%s = %d", s.Formula, s.Value)
	}
	if *jsonOut {
		return json.NewEncoder(stdout).Encode(map[string]any{"answer": s.Answer, "formula": formula,
			"confidence": round(s.Confidence, 4), "numbers": p.Numbers, "choices": s.Choices, "trained_on": cfg.Data})
	}
	fmt.Fprintln(stdout, s.Answer)
	if formula != "" {
		fmt.Fprintln(stdout, formula)
	} else {
		fmt.Fprintf(stdout, "slot decisions %v (the sketch is not the paper's, so no formula is spelled out)\n", s.Choices)
	}
	if formula != "" && s.Value != s.Answer {
		fmt.Fprintf(stdout, "(the machine's soft answer %d differs from the formula of its most likely choices)\n", s.Answer)
	}
	fmt.Fprintf(stdout, "confidence %.1f%%; model trained on %s data\n", 100*s.Confidence, cfg.Data)
	return nil
}

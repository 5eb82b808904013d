package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/quote"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap"

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
	generated := fs.Int("generated", wap.DefaultGenerated, "generated problems added to CC's training split (0: CC alone, the paper's setting)")
	d := wap.DefaultSyntheticN
	sizes := fs.String("sizes", fmt.Sprintf("%d,%d,%d", d[0], d[1], d[2]), "with --synthetic: the numbers of generated train, dev and test problems")
	seed := fs.Int64("seed", 1, "seed of the generator")
	vocabSize := fs.Int("vocab-size", reader.DefaultVocabSize, "size of the WordPiece vocabulary learned from the training split")
	jsonOut := fs.Bool("json", false, "print the summary as one JSON object")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap prepare [flags] [DIR]")
		fmt.Fprintf(stderr, "Reads the CC dataset (questions.json, train.tsv, dev.tsv, test.tsv) from DIR (default %s),\n", defaultCC)
		fmt.Fprintln(stderr, "tokenises it, builds the vocabulary from the training split and writes Parquet files, tokenizer.json and tokenizer_config.json.")
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
	if *generated < 0 || *vocabSize < 1 {
		return usageError{fmt.Errorf("--generated must be ≥ 0 and --vocab-size ≥ 1, got %d and %d", *generated, *vocabSize)}
	}
	n, err := parseSizes(*sizes)
	if err != nil {
		return usageError{err}
	}
	cfg := wap.PrepareConfig{Dir: dir, Out: *out, Synthetic: *synthetic, SyntheticN: n, Generated: *generated, Seed: *seed, VocabSize: *vocabSize}
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
	if sum.Generated > 0 {
		from += fmt.Sprintf(" with %d generated training problems", sum.Generated)
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

// parseSizes reads "TRAIN,DEV,TEST", three positive integers.
func parseSizes(s string) ([3]int, error) {
	var n [3]int
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return n, fmt.Errorf("--sizes must be three numbers TRAIN,DEV,TEST, got %q", s)
	}
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 1 {
			return n, fmt.Errorf("--sizes must be three positive numbers TRAIN,DEV,TEST, got %q", s)
		}
		n[i] = v
	}
	return n, nil
}

func trainCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sketch := fs.String("sketch", defaultSketch, "the sketch: a path, or the name of an embedded sketch")
	dataDir := fs.String("data", defaultPrepared, "prepared data (wap prepare); if it does not exist, synthetic problems are prepared there")
	modelDir := fs.String("model", defaultModel, "model directory to write")
	def := wap.DefaultTrainConfig()
	epochs := fs.Int("epochs", def.Epochs, "training epochs (0: as many as make --updates updates)")
	updates := fs.Int("updates", def.Updates, "with --epochs 0: train each model for at least this many updates")
	batch := fs.Int("batch", def.Batch, "batch size")
	lr := fs.Float64("lr", def.LR, "Adam learning rate")
	patience := fs.Int("patience", def.Patience, "stop after this many epochs without a better dev accuracy (0: never)")
	seed := fs.Int64("seed", def.Seed, "seed of the weights and the batch order")
	noise := fs.Float64("noise", def.NoiseEta, "annealed gradient noise η (variance η/(1+t)^0.55 at update t; 0: none)")
	weightDecay := fs.Float64("weight-decay", def.WeightDecay, "decoupled weight decay λ of Adam (0: none)")
	wordDrop := fs.Float64("word-dropout", def.WordDropout, "probability of replacing a word of a training story by the unknown token at each update")
	restarts := fs.Int("restarts", def.Restarts, "train this many models (seeds seed, seed+1, …) that answer together as an ensemble")
	bag := fs.Float64("bag", def.Bag, "share of the training problems each model trains on, drawn from its seed (1: all)")
	resume := fs.Bool("resume", false, "continue each restart from its checkpoint in the model directory (with the same settings; --epochs and --patience may change)")
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
		return usageError{fmt.Errorf("unexpected argument %s (wap train takes only flags)", quote.Short(pos[0]))}
	}
	// Bad flag values fail before the data is prepared.
	if err := cli.CheckFinite(fs); err != nil {
		return usageError{err}
	}
	switch {
	case *wordDrop < 0 || *wordDrop >= 1:
		return usageError{fmt.Errorf("--word-dropout must be in [0, 1), got %v", *wordDrop)}
	case *noise < 0:
		return usageError{fmt.Errorf("--noise must be ≥ 0, got %v", *noise)}
	case *weightDecay < 0:
		return usageError{fmt.Errorf("--weight-decay must be ≥ 0, got %v", *weightDecay)}
	case *restarts < 1:
		return usageError{fmt.Errorf("--restarts must be ≥ 1, got %d", *restarts)}
	case !(*bag > 0 && *bag <= 1):
		return usageError{fmt.Errorf("--bag must be in (0, 1], got %v", *bag)}
	case *epochs < 0 || *epochs == 0 && *updates < 1:
		return usageError{fmt.Errorf("--epochs must be ≥ 1, or 0 with --updates ≥ 1; got %d and %d", *epochs, *updates)}
	}
	cfg := def
	cfg.Epochs, cfg.Updates, cfg.Batch, cfg.LR, cfg.Patience, cfg.Seed = *epochs, *updates, *batch, *lr, *patience, *seed
	cfg.WordDropout, cfg.NoiseEta, cfg.WeightDecay, cfg.Bag = *wordDrop, *noise, *weightDecay, *bag
	return runTrain(trainOpts{sketch: *sketch, dataDir: *dataDir, modelDir: *modelDir, restarts: *restarts, resume: *resume, jsonOut: *jsonOut, cfg: cfg}, stdout, stderr)
}

func newBar(stderr io.Writer, total int, desc string) *progressbar.ProgressBar {
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond), // one redraw per update floods a redirected log
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
		if _, err := wap.Prepare(wap.PrepareConfig{Out: dir, Synthetic: true, Seed: 1}); err != nil {
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
	split := fs.String("split", "test", "split of the prepared data to evaluate: train, dev or test")
	bench := fs.String("bench", "", "evaluate on a half of the hand-written benchmark instead: dev or test")
	dataDir := fs.String("data", defaultPrepared, "prepared data (wap prepare)")
	modelDir := fs.String("model", defaultModel, "model directory")
	jsonOut := fs.Bool("json", false, "print one JSON object with split, n and accuracy")
	decode := fs.String("decode", "sensible", decodeUsage)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap eval [flags]")
		fmt.Fprintln(stderr, "Prints the model's accuracy on a split (beside the paper's Table 3) or on the hand-written benchmark,")
		fmt.Fprintln(stderr, "per equation pattern; answers are the exact values of the formulas that 'wap answer' prints.")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageError{fmt.Errorf("unexpected argument %s (wap eval takes only flags)", quote.Short(pos[0]))}
	}
	if *split != "train" && *split != "dev" && *split != "test" {
		return usageError{fmt.Errorf("--split must be train, dev or test, got %q", *split)}
	}
	if *bench != "" && *bench != "dev" && *bench != "test" {
		return usageError{fmt.Errorf("--bench must be dev or test, got %q", *bench)}
	}
	dec, err := wap.ParseDecoding(*decode)
	if err != nil {
		return usageError{fmt.Errorf("--decode: %w", err)}
	}
	m, cfg, vocab, err := wap.Load(*modelDir)
	if err != nil {
		return err
	}
	m.Decode = dec
	if *bench != "" {
		return evalBench(m, cfg, vocab, *bench, *modelDir, *jsonOut, stdout)
	}
	prep, err := wap.LoadPrepared(*dataDir)
	if err != nil {
		return err
	}
	rows := map[string][]data.WAPRow{"train": prep.Train, "dev": prep.Dev, "test": prep.Test}[*split]
	if len(rows) == 0 {
		return fmt.Errorf("the %s split of %s is empty", *split, *dataDir)
	}
	// The prepared data must use the model's vocabulary.
	if prep.Vocab.Size() != cfg.Vocab {
		return fmt.Errorf("%s was prepared with a vocabulary of %d tokens, the model in %s uses %d: evaluate on the data it was trained with", *dataDir, prep.Vocab.Size(), *modelDir, cfg.Vocab)
	}
	sols, err := m.Solve(wap.Problems(rows))
	if err != nil {
		return err
	}
	right, byPattern, counts := 0, map[string]int{}, map[string]int{}
	for i, r := range rows {
		counts[r.Pattern]++
		if s := sols[i]; s.Err == nil && s.Answer.Cmp(big.NewRat(int64(r.Answer), 1)) == 0 {
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
	fmt.Fprintf(stdout, "model %s (%s), evaluated on the %s split of %s data (%d problems)\n",
		*modelDir, describe(cfg), *split, prep.Summary.Source, len(rows))
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

// decodeUsage documents the --decode flag.
const decodeUsage = "how the slots decide: sensible (the most probable answer that is not negative, and whole when the numbers are) or argmax (each slot's most probable decision)"

// describe says what a model is: trained on what, an ensemble or which
// epoch.
func describe(cfg wap.Config) string {
	if len(cfg.Members) > 0 {
		return fmt.Sprintf("an ensemble of %d models trained on %s", len(cfg.Members), trainedOn(cfg))
	}
	return fmt.Sprintf("trained on %s, epoch %d", trainedOn(cfg), cfg.Epoch)
}

// trainedOn says what a model was trained on.
func trainedOn(cfg wap.Config) string {
	if cfg.Generated > 0 && cfg.Data == data.SourceCC {
		return fmt.Sprintf("CC and %d generated problems", cfg.Generated)
	}
	return cfg.Data + " data"
}

// evalBench evaluates a model on a half of the hand-written benchmark.
func evalBench(m *wap.Ensemble, cfg wap.Config, vocab *reader.Vocab, half, modelDir string, jsonOut bool, stdout io.Writer) error {
	items, err := wap.Benchmark(half)
	if err != nil {
		return err
	}
	rep, err := m.EvalBenchmark(items, vocab)
	if err != nil {
		return err
	}
	if jsonOut {
		return json.NewEncoder(stdout).Encode(map[string]any{"split": "bench-" + half, "n": rep.All.N, "accuracy": round(rep.All.Acc, 2),
			"trained_on": cfg.Data, "generated": cfg.Generated, "report": rep})
	}
	fmt.Fprintf(stdout, "model %s (%s), evaluated on the %s half of the hand-written benchmark\n",
		modelDir, describe(cfg), half)
	fmt.Fprintf(stdout, "accuracy %.1f%% (%d/%d)\n", rep.All.Acc, rep.All.Right, rep.All.N)
	printScores := func(title string, m map[string]wap.Score, keys []string) {
		fmt.Fprintln(stdout, title)
		for _, k := range keys {
			if s, ok := m[k]; ok {
				fmt.Fprintf(stdout, "  %-18s %6.1f%%   (%d/%d)\n", k, s.Acc, s.Right, s.N)
			}
		}
	}
	printScores("per equation pattern:", rep.ByPattern, wap.SortedKeys(rep.ByPattern))
	printScores("per phenomenon:", rep.ByPhenomenon, wap.SortedKeys(rep.ByPhenomenon))
	printScores("by confidence:", rep.Calibration, []string{wap.ConfHigh, wap.ConfMid, wap.ConfLow, wap.ConfHalf})
	fmt.Fprintf(stdout, "story words: %d; not one piece of the vocabulary (read as several pieces): %d (%.1f%%); unknown: %d (%.1f%%)\n",
		rep.Words, rep.Unseen, 100*float64(rep.Unseen)/float64(max(rep.Words, 1)), rep.Unknown, 100*float64(rep.Unknown)/float64(max(rep.Words, 1)))
	return nil
}

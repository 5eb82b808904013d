package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/internal/quote"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/vectors"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/benchmark"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/synth"
	"github.com/d4lang/d4/tasks/wap/training"
)

// Bounds of the flags that size the work: far beyond what is useful on
// this hardware, well below what would exhaust memory or run for ever.
const (
	maxBatch    = 100000
	maxEpochs   = 1000000
	maxUpdates  = 1 << 30
	maxModels   = 64
	maxProblems = 10000000 // a split's generated problems
	maxVocab    = 1 << 20
)

// Defaults of the word algebra commands.
const (
	defaultCC       = "data/cc"       // where a user puts the raw CC files
	defaultPrepared = "data/prepared" // where prepare writes and train/eval read
	defaultModel    = "models/wap"
	defaultSketch   = "sketches/wap_steps.fth"
)

func prepareCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap prepare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", defaultPrepared, "directory to write the prepared data to")
	synthetic := fs.Bool("synthetic", false, "prepare generated problems instead of reading DIR (no download needed)")
	var mix synth.Mix
	fs.TextVar(&mix, "mix", synth.GeneralMix, "the generated problems: general (one- and two-step problems over up to eight numbers) or cc (CC's five patterns over three numbers; the default with CC)")
	generated := fs.Int("generated", prepare.DefaultGenerated, "generated problems added to the training split (0: the data alone, the paper's setting with CC; the default is for CC, the other formats take 0 unless this is given)")
	exclude := fs.String("exclude", "", "a dataset (a directory, as DIR) whose dev and test problems must not be trained or tuned on: the training and dev problems near one of them are skipped")
	d := prepare.DefaultSyntheticN
	sizes := fs.String("sizes", fmt.Sprintf("%d,%d,%d", d[0], d[1], d[2]), "with --synthetic: the numbers of generated train, dev and test problems")
	seed := fs.Int64("seed", 1, "seed of the generator")
	vocabSize := fs.Int("vocab-size", reader.DefaultVocabSize, "size of the WordPiece vocabulary learned from the training split")
	jsonOut := fs.Bool("json", false, "print the summary as one JSON object")
	force := fs.Bool("force", false, "replace the prepared data in --out although another run prepared it from another source or with other settings (refused otherwise)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap prepare [flags] [DIR]")
		fmt.Fprintf(stderr, "Reads the dataset in DIR (default %s): CC (questions.json, train.tsv, dev.tsv, test.tsv), SVAMP.json (a test set),\n", defaultCC)
		fmt.Fprintln(stderr, "a fold of the SVAMP repository's CSVs (train.csv, dev.csv: the training and test splits, a dev split carved from train.csv)")
		fmt.Fprintln(stderr, "or a directory of such folds (fold0, fold1, …: each prepared into OUT/foldK);")
		fmt.Fprintln(stderr, "tokenises it, builds the vocabulary from the training split and writes Parquet files, tokenizer.json and tokenizer_config.json.")
		fs.PrintDefaults()
	}
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return cli.Usagef("expected at most one DIR argument, got %d: %s", len(pos), strings.Join(pos, " "))
	}
	dir := defaultCC
	if len(pos) == 1 {
		dir = pos[0]
		if *synthetic {
			return cli.Usagef("--synthetic generates the problems: give no DIR with it")
		}
	}
	switch {
	case *generated < 0 || *generated > maxProblems:
		return cli.Usagef("--generated must be in 0…%d, got %d", maxProblems, *generated)
	case *vocabSize < 1 || *vocabSize > maxVocab:
		return cli.Usagef("--vocab-size must be in 1…%d, got %d", maxVocab, *vocabSize)
	}
	n, err := parseSizes(*sizes)
	if err != nil {
		return cli.UsageError{Err: err}
	}
	if len(pos) == 1 {
		if err := datasetDir(dir); err != nil {
			return err
		}
	}
	bar := &prepareBar{w: stderr}
	defer bar.finish()
	cfg := prepare.Config{Out: *out, Seed: *seed, VocabSize: *vocabSize, Progress: bar.show}
	if *exclude != "" {
		cfg.ExcludeDir = *exclude
		if err := datasetDir(*exclude); err != nil {
			return fmt.Errorf("--exclude: %w", err)
		}
		if cfg.Exclude, err = prepare.Open(*exclude); err != nil {
			return fmt.Errorf("--exclude: %w", err)
		}
	}
	cfg.Mix = mix
	if *synthetic {
		cfg.Source = prepare.Synthetic(n, *seed, mix)
		if !*force {
			if err := checkReplacePrepared(*out, recipeFor(cfg, n)); err != nil {
				return err
			}
		}
		return printPrepared(stdout, bar, *jsonOut, *out)(prepare.Prepare(cfg))
	}
	cfg.Dir, cfg.Generated = dir, *generated
	if !flagGiven(fs, "generated") {
		cfg.Generated = 0 // the default is CC's
	}
	cfg.Source, err = prepare.Open(dir)
	if errors.Is(err, prepare.ErrFolds) {
		folds, err := prepare.Folds(dir)
		if err != nil {
			return err
		}
		if !*force {
			if err := checkReplaceFolds(*out, cfg, folds); err != nil {
				return err
			}
		}
		return printFolds(stdout, bar, *jsonOut, *out)(prepare.PrepareFolds(cfg, dir))
	}
	if err == nil {
		if _, isCC := cfg.Source.(cc.Source); isCC {
			cfg.Generated = *generated
			if !flagGiven(fs, "mix") {
				cfg.Mix = synth.CCMix
			}
		}
		if !*force {
			err = checkReplacePrepared(*out, recipeFor(cfg, n))
		}
	}
	if err == nil {
		err = printPrepared(stdout, bar, *jsonOut, *out)(prepare.Prepare(cfg))
	}
	if err != nil && len(pos) == 0 && errors.Is(err, iofs.ErrNotExist) {
		return fmt.Errorf("%w (put the CC files in %s, name another DIR, or run 'wap prepare --synthetic')", err, dir)
	}
	return err
}

// datasetDir checks that a dataset named on the command line is a
// directory, saying what it found otherwise: nothing there, or a file (the
// directory that holds it is named instead).
func datasetDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, iofs.ErrNotExist):
		return fmt.Errorf("no dataset at %s: it does not exist", dir)
	case err != nil:
		return err
	case !st.IsDir():
		return fmt.Errorf("%s is a file, not a dataset directory: name the directory that holds it (%s)", dir, filepath.Dir(dir))
	}
	return nil
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// printPrepared prints what Prepare did, into out: the summary as one
// JSON object, or a line of counts and a line of skipped problems; and
// on stderr the first problems left out for their equation.
func printPrepared(stdout io.Writer, bar *prepareBar, jsonOut bool, out string) func(prepare.Summary, error) error {
	return func(sum prepare.Summary, err error) error {
		bar.finish()
		if err != nil {
			return err
		}
		listWrongEquations(bar.w, sum, out)
		if jsonOut {
			return json.NewEncoder(stdout).Encode(sum)
		}
		summaryLines(stdout, sum, out)
		return nil
	}
}

// printFolds prints what PrepareFolds did, into out/foldK: {"folds":
// [summaries]} as one JSON object, or each fold's lines; and on stderr
// the first problems of each fold left out for their equation.
func printFolds(stdout io.Writer, bar *prepareBar, jsonOut bool, out string) func([]prepare.Summary, error) error {
	return func(sums []prepare.Summary, err error) error {
		bar.finish()
		if err != nil {
			return err
		}
		for _, sum := range sums {
			listWrongEquations(bar.w, sum, filepath.Join(out, filepath.Base(sum.Dir)))
		}
		switch {
		case jsonOut:
			return json.NewEncoder(stdout).Encode(struct {
				Folds []prepare.Summary `json:"folds"`
			}{sums})
		}
		for _, sum := range sums {
			summaryLines(stdout, sum, filepath.Join(out, filepath.Base(sum.Dir)))
		}
		return nil
	}
}

// summaryLines prints a summary of data prepared into out as a line of
// counts and, if any were skipped, a line of skipped problems by reason.
func summaryLines(stdout io.Writer, sum prepare.Summary, out string) {
	from := sum.Source
	if sum.Dir != "" {
		from += " from " + sum.Dir
	}
	if sum.Generated > 0 {
		from += fmt.Sprintf(" with %d generated training problems", sum.Generated)
	}
	if sum.Exclude != "" {
		from += fmt.Sprintf(", apart from the dev and test problems of %s from %s", sum.Exclude, sum.ExcludeDir)
	}
	fmt.Fprintf(stdout, "prepared %s into %s: train %d, dev %d, test %d problems; vocabulary %d tokens\n",
		from, out, sum.Rows.Train, sum.Rows.Dev, sum.Rows.Test, sum.VocabSize)
	if n := len(sum.Skipped); n > 0 {
		var reasons []string
		for r, c := range sum.SkippedByReason {
			reasons = append(reasons, fmt.Sprintf("%d %s", c, r))
		}
		sort.Strings(reasons)
		fmt.Fprintf(stdout, "skipped %d problems: %s (listed in %s)\n", n, strings.Join(reasons, ", "), filepath.Join(out, prepare.PreparedFile))
	}
}

// prepareBar shows the stages of wap prepare (prepare.Config.Progress) on
// stderr, a progress bar each (cli.NewBar: redrawn on a terminal, a line
// every few seconds anywhere else).
type prepareBar struct {
	w     io.Writer // stderr
	mu    sync.Mutex
	bar   *cli.Bar
	stage string
}

// show shows how far a stage is.
func (b *prepareBar) show(stage string, done, total int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bar == nil || stage != b.stage {
		if b.bar != nil {
			b.bar.Finish()
		}
		b.bar, b.stage = cli.NewBar(b.w, total, stage, true), stage
	}
	b.bar.Set(done)
}

// finish clears the bar, before the lines that follow it.
func (b *prepareBar) finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bar != nil {
		b.bar.Finish()
		b.bar = nil
	}
}

// maxWrongEquations bounds the problems left out for their equation that
// listWrongEquations names.
const maxWrongEquations = 5

// listWrongEquations names on w, one a line with its file and line, the
// first problems of data prepared into out that were left out because
// their equation does not give their answer (prepared.json lists all).
func listWrongEquations(w io.Writer, sum prepare.Summary, out string) {
	listed := 0
	for _, s := range sum.Skipped {
		if s.Reason == prepare.SkipEquation && listed < maxWrongEquations {
			fmt.Fprintf(w, "left out %s problem %d: %s\n", s.Split, s.ID, s.Detail)
			listed++
		}
	}
	if n := sum.SkippedByReason[prepare.SkipEquation]; n > listed {
		fmt.Fprintf(w, "left out %d more problems whose equation does not give their answer (listed in %s)\n", n-listed, filepath.Join(out, prepare.PreparedFile))
	}
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
		if err != nil || v < 1 || v > maxProblems {
			return n, fmt.Errorf("--sizes must be three numbers in 1…%d, TRAIN,DEV,TEST, got %q", maxProblems, s)
		}
		n[i] = v
	}
	return n, nil
}

func trainCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("wap train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sketch := fs.String("sketch", defaultSketch, "the sketch: a path, or the name of an embedded sketch")
	dataDir := fs.String("data", defaultPrepared, "prepared data (wap prepare), or prepared folds (DATA/fold0, …: a model each); if it does not exist, synthetic problems are prepared there")
	modelDir := fs.String("model", defaultModel, "model directory to write (with folds, a directory of them: MODEL/fold0, …)")
	def := training.DefaultTrainConfig()
	epochs := fs.Int("epochs", def.Epochs, "training epochs (0: as many as make --updates updates)")
	updates := fs.Int("updates", def.Updates, "with --epochs 0: train each model for at least this many updates")
	batch := fs.Int("batch", def.Batch, "batch size")
	lr := fs.Float64("lr", def.LR, "Adam learning rate")
	patience := fs.Int("patience", def.Patience, "stop after this many epochs without a better dev accuracy (0: never)")
	seed := fs.Int64("seed", def.Seed, "seed of the weights and the batch order")
	noise := fs.Float64("noise", def.Noise, "annealed gradient noise η (variance η/(1+t)^0.55 at update t; 0: none)")
	weightDecay := fs.Float64("weight-decay", def.WeightDecay, "decoupled weight decay λ of Adam (0: none)")
	wordDrop := fs.Float64("word-dropout", def.WordDropout, "probability of replacing a word of a training story by the unknown token at each update")
	restarts := fs.Int("models", def.Restarts, "train this many models (seeds seed, seed+1, …) that answer together as an ensemble")
	parallel := fs.Int("parallel", 0, "train this many of the models at once (0: all of them; 1: one after another); fewer when that many would not fit in the memory there is ($D4_MEMORY, or what the machine has)")
	lex := fs.Bool("lexicon", def.Lexicon, "give the reader the WordNet classes of the words (getting, giving, losing, …) beside their embeddings")
	vecFile := fs.String("vectors", "", "start the reader's word embeddings from pretrained vectors, a file of 'wap vectors' (a word the file lacks keeps its drawn embedding)")
	vecFixed := fs.Bool("vectors-fixed", false, "with --vectors: keep the vectors fixed, added to embeddings learned from zero, instead of fine-tuning them")
	qread := fs.Bool("question-reader", def.QuestionReader, "make each number's vector and the question vector read the question: attention over the question's tokens, and whether the number's unit is asked about")
	bag := fs.Float64("bag", def.Bag, "share of the generated training problems each model trains on, drawn from its seed (1: all; CC's are always trained on)")
	supervise := fs.String("supervise", def.Supervise.String(), "what the models train on: answers (∂4's setting) or equations (the slots' decisions given by the data's Equation column; a row without one, or with one the sketch cannot make, is left out)")
	ccPasses := fs.Int("cc-passes", def.CCPasses, "the fewest times each model trains on each of CC's problems: with fewer epochs, each epoch repeats them")
	resume := fs.Bool("resume", false, "continue each restart from its checkpoint in the model directory (with the same settings; --epochs and --patience may change); "+
		"with prepared folds, each fold's model (a finished fold trains on only if --epochs grew, a fold not begun trains afresh)")
	jsonOut := fs.Bool("json", false, "print the result as one JSON object")
	force := fs.Bool("force", false, "replace the model in --model although another run trained it with another sketch, other data or other settings (refused otherwise)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap train [flags]")
		fmt.Fprintln(stderr, "Trains the reader and ∂4 end to end from (question, answer) pairs, keeping the best epoch by dev accuracy.")
		fmt.Fprintln(stderr, "With prepared folds (--data DIR holding fold0, …), trains one model per fold, one fold after another, into")
		fmt.Fprintln(stderr, "MODEL/fold0, …, each as 'wap train --data DIR/foldK --model MODEL/foldK' would, and prints the test accuracy")
		fmt.Fprintln(stderr, "per fold with their mean ± sample standard deviation (n−1).")
		fs.PrintDefaults()
	}
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return cli.Usagef("unexpected argument %s (wap train takes only flags)", quote.Short(pos[0]))
	}
	// Bad flag values fail before the data is prepared.
	if err := cli.CheckFinite(fs); err != nil {
		return cli.UsageError{Err: err}
	}
	switch {
	case *wordDrop < 0 || *wordDrop >= 1:
		return cli.Usagef("--word-dropout must be in [0, 1), got %v", *wordDrop)
	case *noise < 0:
		return cli.Usagef("--noise must be ≥ 0, got %v", *noise)
	case *weightDecay < 0:
		return cli.Usagef("--weight-decay must be ≥ 0, got %v", *weightDecay)
	case *restarts < 1:
		return cli.Usagef("--models must be ≥ 1, got %d", *restarts)
	case *parallel < 0:
		return cli.Usagef("--parallel must be ≥ 1, or 0 for all the models at once, got %d", *parallel)
	case !(*bag > 0 && *bag <= 1):
		return cli.Usagef("--bag must be in (0, 1], got %v", *bag)
	case *ccPasses < 0:
		return cli.Usagef("--cc-passes must be ≥ 0, got %d", *ccPasses)
	case *epochs < 0 || *epochs == 0 && *updates < 1:
		return cli.Usagef("--epochs must be ≥ 1, or 0 with --updates ≥ 1; got %d and %d", *epochs, *updates)
	}
	for _, c := range []struct {
		flag     string
		n        int
		min, max int
	}{{"--batch", *batch, 1, maxBatch}, {"--patience", *patience, 0, maxEpochs}, {"--epochs", *epochs, 0, maxEpochs},
		{"--updates", *updates, 0, maxUpdates}, {"--models", *restarts, 1, maxModels}, {"--parallel", *parallel, 0, maxModels},
		{"--cc-passes", *ccPasses, 0, maxEpochs}} {
		if c.n < c.min || c.n > c.max {
			return cli.Usagef("%s must be in %d…%d, got %d", c.flag, c.min, c.max, c.n)
		}
	}
	if *vecFixed && *vecFile == "" {
		return cli.Usagef("--vectors-fixed needs --vectors FILE")
	}
	sup, err := model.ParseSupervision(*supervise)
	if err != nil {
		return cli.Usagef("--supervise: %v", err)
	}
	cfg := def
	cfg.Supervise = sup
	cfg.Epochs, cfg.Updates, cfg.Batch, cfg.LR, cfg.Patience, cfg.Seed = *epochs, *updates, *batch, *lr, *patience, *seed
	cfg.WordDropout, cfg.Noise, cfg.WeightDecay, cfg.Bag, cfg.CCPasses, cfg.Lexicon, cfg.QuestionReader = *wordDrop, *noise, *weightDecay, *bag, *ccPasses, *lex, *qread
	if *vecFile != "" {
		if cfg.Vectors, err = vectors.Load(*vecFile); err != nil {
			return err
		}
		cfg.VectorsFixed = *vecFixed
	}
	return runTrain(trainOpts{sketch: *sketch, dataDir: *dataDir, modelDir: *modelDir, restarts: *restarts, parallel: *parallel, resume: *resume, jsonOut: *jsonOut, force: *force, cfg: cfg, label: "training"}, stdout, stderr)
}

func round(x float64, digits int) float64 { return mathx.Round(x, digits) }

// loadOrSynthesise loads prepared data, preparing generated problems of
// the mix first when dir does not exist (the default pipeline on a fresh
// machine).
func loadOrSynthesise(dir string, mix synth.Mix, stderr io.Writer) (*prepare.Prepared, error) {
	if _, err := os.Stat(dir); errors.Is(err, iofs.ErrNotExist) {
		fmt.Fprintf(stderr, "no prepared data in %s: preparing generated problems there (%s mix; run 'wap prepare DIR' for a dataset)\n", dir, mix)
		if _, err := prepare.Prepare(prepare.Config{Out: dir, Source: prepare.Synthetic([3]int{}, 1, mix), Seed: 1}); err != nil {
			return nil, err
		}
	}
	return prepare.LoadPrepared(dir)
}

// paperTable3 is Table 3 of the paper: accuracy (%) on the CC test set.
var paperTable3 = []struct {
	name string
	acc  float64
}{{"Roy & Roth (2015)", 55.5}, {"Seq2Seq", 95.0}, {"GeNeRe", 98.5}, {"∂4 (paper)", 96.0}}

// evalFlags are the flags of wap eval.
type evalFlags struct {
	bench, dataDir, modelDir string
	split                    source.Split
	jsonOut, asWritten       bool
	noQuestion               bool
	decode                   answer.Decoding
	// trainedHere asks that the model was trained on the prepared data's
	// training and dev splits (a fold's model on its fold), as its
	// config.json's data checksum says.
	trainedHere bool
}

func evalCmd(args []string, stdout, stderr io.Writer) error {
	f, err := parseEval(args, stderr)
	if err != nil {
		return err
	}
	if f.bench != "" {
		m, cfg, vocab, err := loadModel(f)
		if err != nil {
			return err
		}
		return evalBench(m, cfg, vocab, f.bench, f.modelDir, f.jsonOut, stdout)
	}
	data, models, err := foldSets(f.dataDir, f.modelDir)
	if err != nil {
		return err
	}
	if len(data) > 0 {
		return evalFolds(f, data, models, stdout)
	}
	r, err := evalSplit(f)
	if err != nil {
		return err
	}
	if f.jsonOut {
		return json.NewEncoder(stdout).Encode(r.object())
	}
	r.print(stdout)
	return nil
}

// loadModel loads the model of f.modelDir, to decode as f says.
func loadModel(f evalFlags) (*answer.Ensemble, model.Config, *reader.Vocab, error) {
	m, cfg, vocab, err := answer.Load(f.modelDir)
	if err != nil {
		return nil, model.Config{}, nil, err
	}
	m.Decode, m.AsWritten = f.decode, f.asWritten
	return m, cfg, vocab, nil
}

// parseEval parses and checks the flags of wap eval.
func parseEval(args []string, stderr io.Writer) (evalFlags, error) {
	f := evalFlags{split: source.Test}
	fs := flag.NewFlagSet("wap eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.TextVar(&f.split, "split", source.Test, "split of the prepared data to evaluate: train, dev or test")
	fs.StringVar(&f.bench, "bench", "", "evaluate on a set of the hand-written benchmark instead: dev (500 problems) or test (100)")
	fs.StringVar(&f.dataDir, "data", defaultPrepared, "prepared data (wap prepare), or prepared folds (DATA/fold0, …)")
	fs.StringVar(&f.modelDir, "model", defaultModel, "model directory (with prepared folds, a directory of a model per fold: MODEL/fold0, …)")
	fs.BoolVar(&f.jsonOut, "json", false, "print one JSON object with split, n and accuracy (with folds: folds, mean and std)")
	fs.TextVar(&f.decode, "decode", answer.DecodeSensible, decodeUsage)
	fs.BoolVar(&f.asWritten, "as-written", false, asWrittenUsage)
	fs.BoolVar(&f.noQuestion, "no-question", false, "remove each problem's question (its last sentence, or what follows its last comma and a question word: the CSV's Body alone) and evaluate on the problems whose numbers all stand in the rest")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap eval [flags]")
		fmt.Fprintln(stderr, "Prints the model's accuracy on a split (on CC's test split, beside the paper's Table 3) or on the hand-written benchmark,")
		fmt.Fprintln(stderr, "per equation pattern, problem type, variation and number of operations where the data say;")
		fmt.Fprintln(stderr, "answers are the exact values of the formulas that 'wap answer' prints. With prepared folds (--data DIR")
		fmt.Fprintln(stderr, "holding fold0, …), evaluates each fold's model (MODEL/fold0, …) on its fold: the accuracy per fold and")
		fmt.Fprintln(stderr, "their mean ± sample standard deviation (n−1), the groups of problems pooled over the folds.")
		fs.PrintDefaults()
	}
	pos, err := cli.Parse(fs, args)
	switch {
	case err != nil:
		return f, err
	case len(pos) > 0:
		return f, cli.Usagef("unexpected argument %s (wap eval takes only flags)", quote.Short(pos[0]))
	case f.bench != "" && !slices.Contains(benchmark.Sets, f.bench):
		return f, cli.Usagef("--bench must be %s, got %q", strings.Join(benchmark.Sets, " or "), f.bench)
	case f.bench != "" && f.noQuestion:
		return f, cli.Usagef("--no-question evaluates prepared data, not --bench")
	}
	return f, nil
}

// splitResult is how a model answered a split of prepared data: its
// configuration, the data's source and the scores.
type splitResult struct {
	f      evalFlags
	cfg    model.Config
	source string
	sc     scores
	// retokenized is set when the data was prepared with another
	// vocabulary than the model's, and read again with the model's.
	retokenized bool
	// leftOut counts, with --no-question, the problems left out because a
	// number stands in the question (or all of the text is the question).
	leftOut int
	// withQuestion is, with --no-question, the accuracy on the same
	// problems with their questions.
	withQuestion float64
}

// evalSplit evaluates the model of f.modelDir on a split of the prepared
// data of f.dataDir.
func evalSplit(f evalFlags) (splitResult, error) {
	m, cfg, vocab, err := loadModel(f)
	if err != nil {
		return splitResult{}, err
	}
	prep, err := prepare.LoadPrepared(f.dataDir)
	if err != nil {
		return splitResult{}, err
	}
	if f.trainedHere {
		if err := checkTrainedOn(m.Models[0], cfg, f.modelDir, prep, f.dataDir); err != nil {
			return splitResult{}, err
		}
	}
	rows := prep.Split(f.split)
	if len(rows) == 0 {
		return splitResult{}, fmt.Errorf("the %s split of %s is empty", f.split, f.dataDir)
	}
	// Data prepared with another vocabulary is read again with the
	// model's.
	other := !prep.Vocab.Equal(vocab)
	if other {
		if rows, err = prepare.Retokenize(rows, vocab); err != nil {
			return splitResult{}, fmt.Errorf("reading the %s split of %s with the vocabulary of %s: %w", f.split, f.dataDir, f.modelDir, err)
		}
	}
	left, withQ := 0, -1.0
	if f.noQuestion {
		all := rows
		if rows, left, err = prepare.BodyOnly(rows, vocab); err != nil {
			return splitResult{}, fmt.Errorf("the %s split of %s without its questions: %w", f.split, f.dataDir, err)
		}
		// The same problems with their questions, for comparison.
		ids := map[int64]bool{}
		for _, r := range rows {
			ids[r.ID] = true
		}
		var kept []*model.Problem
		for _, p := range prepare.Problems(all) {
			if ids[p.ID] {
				kept = append(kept, p)
			}
		}
		if withQ, err = m.ExactAccuracy(kept); err != nil {
			return splitResult{}, err
		}
	}
	ps := prepare.Problems(rows)
	sols, err := m.Solve(ps)
	if err != nil {
		return splitResult{}, err
	}
	sc := newScores()
	for i, r := range rows {
		sc.add(r, answer.Right(sols[i], ps[i]))
	}
	return splitResult{f: f, cfg: cfg, source: prep.Summary.Source, sc: sc, retokenized: other, leftOut: left, withQuestion: withQ}, nil
}

// checkTrainedOn refuses a model (m, of config cfg, in modelDir) that was
// trained on other data than the training and dev splits of prep (in
// dataDir), as the data checksum its config.json records says (a model of
// an earlier version, which records none, is not refused).
func checkTrainedOn(m *model.Model, cfg model.Config, modelDir string, prep *prepare.Prepared, dataDir string) error {
	if cfg.Training == nil || cfg.Training.Data == "" {
		return nil
	}
	scored, err := training.Score(m, prepare.Problems(prep.Train))
	if err != nil {
		return err
	}
	if here := training.DataHash(scored.Kept, prepare.Problems(prep.Dev)); here != cfg.Training.Data {
		return fmt.Errorf("the model %s was trained on other data than %s: its config.json records data sha256 %.12s… (from %s), the training and dev splits of %s give %.12s…: evaluate each fold's model on the fold it was trained on",
			modelDir, dataDir, cfg.Training.Data, cfg.DataDir, dataDir, here)
	}
	return nil
}

// object is the result as the JSON object that --json prints.
func (r splitResult) object() map[string]any {
	all := r.sc.all
	obj := map[string]any{"split": r.f.split, "n": all.n, "accuracy": round(all.acc(), 2), "interval95": interval95(all.right, all.n),
		"data": r.source, "trained_on": r.cfg.Data}
	if r.retokenized {
		obj["retokenized"] = true
	}
	if r.f.noQuestion {
		obj["no_question"], obj["left_out"], obj["with_question_accuracy"] = true, r.leftOut, round(r.withQuestion, 2)
	}
	r.sc.addTo(obj)
	return obj
}

// print writes the result beside the paper's Table 3, then per group of
// problems.
func (r splitResult) print(stdout io.Writer) {
	fmt.Fprintf(stdout, "model %s (%s), evaluated on the %s split of %s data (%d problems)\n",
		r.f.modelDir, describe(r.cfg), r.f.split, r.source, r.sc.all.n)
	if r.retokenized {
		fmt.Fprintf(stdout, "(%s was prepared with another vocabulary: its questions were read again with the model's)\n", r.f.dataDir)
	}
	if r.f.noQuestion {
		fmt.Fprintf(stdout, "(--no-question: each problem read without its question; %d problems left out, a number of theirs stands in the question; the same %d problems with their questions: %.1f%%)\n",
			r.leftOut, r.sc.all.n, r.withQuestion)
	}
	printTable3(stdout, r.sc.all, r.source != cc.Name || r.f.split != source.Test)
	r.sc.print(stdout)
}

// printTable3 prints our accuracy beside the paper's Table 3 when the
// split is CC's test split; on other data (notCC) the accuracy alone, for
// the paper's figures are not of it.
func printTable3(stdout io.Writer, all tally, notCC bool) {
	if notCC {
		fmt.Fprintf(stdout, "accuracy %.1f%% (%d/%d; %s)\n", all.acc(), all.right, all.n, intervalText(all.right, all.n))
		return
	}
	fmt.Fprintf(stdout, "%-20s %8s   (on CC's test split: the paper's Table 3, then this model)\n", "model", "accuracy")
	for _, b := range paperTable3 {
		fmt.Fprintf(stdout, "%-20s %7.1f%%\n", b.name, b.acc)
	}
	fmt.Fprintf(stdout, "%-20s %7.1f%%   (%d/%d; %s)\n", "∂4 (ours)", all.acc(), all.right, all.n, intervalText(all.right, all.n))
}

// interval95 is the 95% Wilson interval of right answers out of n, in
// percent: how far from the measured accuracy the model's accuracy on
// more problems like these may lie.
func interval95(right, n int) [2]float64 {
	lo, hi := mathx.Wilson(right, n)
	return [2]float64{round(100*lo, 1), round(100*hi, 1)}
}

// intervalText writes interval95 for the text report.
func intervalText(right, n int) string {
	iv := interval95(right, n)
	return fmt.Sprintf("95%% interval %.1f–%.1f%%", iv[0], iv[1])
}

// decodeUsage documents the --decode flag.
const decodeUsage = "how the slots decide: sensible (the most probable answer that is not negative, whole when the numbers are and a finite decimal when they are decimals) or argmax (each slot's most probable decision)"

const asWrittenUsage = "read each question only as written (by default it is also read with a question asked first moved to the end and with its statements in other orders, and the readings decide together)"

// describe says what a model is (answer.Describe).
func describe(cfg model.Config) string { return answer.Describe(cfg) }

// trainedOn says what a model was trained on (answer.TrainedOn).
func trainedOn(cfg model.Config) string { return answer.TrainedOn(cfg) }

// evalBench evaluates a model on a set of the hand-written benchmark.
func evalBench(m *answer.Ensemble, cfg model.Config, vocab *reader.Vocab, half, modelDir string, jsonOut bool, stdout io.Writer) error {
	items, err := benchmark.Load(half)
	if err != nil {
		return err
	}
	rep, err := m.EvalBenchmark(items, vocab)
	if err != nil {
		return err
	}
	if jsonOut {
		return json.NewEncoder(stdout).Encode(map[string]any{"split": "bench-" + half, "n": rep.All.N, "accuracy": round(rep.All.Acc, 2),
			"interval95": interval95(rep.All.Right, rep.All.N), "trained_on": cfg.Data, "generated": cfg.Generated, "report": rep})
	}
	fmt.Fprintf(stdout, "model %s (%s), evaluated on the %s set of the hand-written benchmark\n",
		modelDir, describe(cfg), half)
	fmt.Fprintf(stdout, "accuracy %.1f%% (%d/%d; %s)\n", rep.All.Acc, rep.All.Right, rep.All.N, intervalText(rep.All.Right, rep.All.N))
	printScores := func(title string, m map[string]answer.Score, keys []string) {
		fmt.Fprintln(stdout, title)
		for _, k := range keys {
			if s, ok := m[k]; ok {
				fmt.Fprintf(stdout, "  %-18s %6.1f%%   (%d/%d)\n", k, s.Acc, s.Right, s.N)
			}
		}
	}
	printScores("per equation pattern:", rep.ByPattern, answer.SortedKeys(rep.ByPattern))
	printScores("per phenomenon:", rep.ByPhenomenon, answer.SortedKeys(rep.ByPhenomenon))
	printScores("by confidence:", rep.Calibration, []string{answer.ConfHigh, answer.ConfMid, answer.ConfLow, answer.ConfHalf})
	fmt.Fprintf(stdout, "story words: %d; not one piece of the vocabulary (read as several pieces): %d (%.1f%%); unknown: %d (%.1f%%)\n",
		rep.Words, rep.Unseen, 100*float64(rep.Unseen)/float64(max(rep.Words, 1)), rep.Unknown, 100*float64(rep.Unknown)/float64(max(rep.Words, 1)))
	fmt.Fprintf(stdout, "words with WordNet classes: %d (%.1f%%); of the words not one piece: %d (%.1f%%)\n",
		rep.Classed, 100*float64(rep.Classed)/float64(max(rep.Words, 1)), rep.UnseenClassed, 100*float64(rep.UnseenClassed)/float64(max(rep.Unseen, 1)))
	return nil
}

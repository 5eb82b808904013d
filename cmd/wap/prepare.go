package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/synth"
)

func prepareCmd(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("wap prepare", "usage: wap prepare [flags] [DIR]\n"+
		"Reads the dataset in DIR (default "+prepare.DefaultDir+"): CC (questions.json, train.tsv, dev.tsv, test.tsv), SVAMP.json (a test set),\n"+
		"a fold of the SVAMP repository's CSVs (train.csv, dev.csv: the training and test splits, a dev split carved from train.csv)\n"+
		"or a directory of such folds (fold0, fold1, …: each prepared into OUT/foldK);\n"+
		"tokenises it, builds the vocabulary from the training split and writes Parquet files, tokenizer.json and tokenizer_config.json.", stderr)
	out := fs.String("out", prepare.DefaultOut, "directory to write the prepared data to")
	synthetic := fs.Bool("synthetic", false, "prepare generated problems instead of reading DIR (no download needed)")
	var mix synth.Mix
	fs.TextVar(&mix, "mix", synth.GeneralMix, "the generated problems: general (one- and two-step problems over up to eight numbers) or cc (CC's five patterns over three numbers; the default with CC)")
	var generated, vocabSize int
	generatedFlag.Var(fs, &generated, prepare.DefaultGenerated, "generated problems added to the training split (0: the data alone, the paper's setting with CC; the default is for CC, the other formats take 0 unless this is given)")
	exclude := fs.String("exclude", "", "a dataset (a directory, as DIR) whose dev and test problems must not be trained or tuned on: the training and dev problems near one of them are skipped")
	d := prepare.DefaultSyntheticN
	var sizes string
	cli.StringVar(fs, &sizes, "sizes", fmt.Sprintf("%d,%d,%d", d[0], d[1], d[2]), "with --synthetic: the numbers of generated train, dev and test problems", func(s string) error {
		_, err := parseSizes(s)
		return err
	})
	seed := fs.Int64("seed", 1, "seed of the generator")
	var augment float64
	fs.Func("augment", "copies per training problem added to the training split, each with a sentence of another training problem (a number the question does not use) inserted into its story (0: none)", func(v string) error {
		a, err := strconv.ParseFloat(v, 64)
		if err != nil || !(a >= 0 && a <= prepare.MaxAugment) {
			return fmt.Errorf("--augment must be in 0…%d, got %s", prepare.MaxAugment, v)
		}
		augment = a
		return nil
	})
	augmentOwn := fs.Bool("augment-own", false, "with --augment: make each copy's sentence, where its story has one counting what its question asks about, that sentence told of another training problem's thing and number (\"34 goldfish\" → \"12 hamsters\")")
	unusedDev := fs.Bool("unused-dev", false, "give each dev problem a sentence of a training problem in its story: a dev set with unused numbers to measure on (not to choose epochs with)")
	vocabFlag.Var(fs, &vocabSize, reader.DefaultVocabSize, "size of the WordPiece vocabulary learned from the training split")
	jsonOut := fs.Bool("json", false, "print the summary as one JSON object")
	force := fs.Bool("force", false, "replace the prepared data in --out although another run prepared it from another source or with other settings (refused otherwise)")
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if *augmentOwn && augment == 0 {
		return cli.FlagUsagef(fs, "--augment-own makes the augmented copies' sentences: give --augment R (R > 0) with it")
	}
	if len(pos) > 1 {
		return cli.Usagef("expected at most one DIR argument, got %d: %s", len(pos), strings.Join(pos, " "))
	}
	dir := prepare.DefaultDir
	if len(pos) == 1 {
		dir = pos[0]
		if *synthetic {
			return cli.Usagef("--synthetic generates the problems: give no DIR with it")
		}
	}
	n, err := parseSizes(sizes)
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
	cfg := prepare.Config{Out: *out, Seed: *seed, VocabSize: vocabSize, Augment: augment, AugmentOwn: *augmentOwn, UnusedDev: *unusedDev, Progress: bar.show}
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
			if err := prepare.CheckReplace(*out, cfg, n); err != nil {
				return err
			}
		}
		return printPrepared(stdout, bar, *jsonOut, *out)(prepare.Prepare(cfg))
	}
	// The source's defaults (CC's: generated problems of its patterns)
	// where the flags are not given.
	cfg.Dir = dir
	cfg.Source, err = prepare.Open(dir)
	cfg.Generated = generated
	if !cli.Given(fs, "generated") {
		cfg.Generated = prepare.GeneratedFor(cfg.Source)
	}
	if !cli.Given(fs, "mix") {
		cfg.Mix = prepare.MixFor(cfg.Source)
	}
	if errors.Is(err, prepare.ErrFolds) {
		folds, err := prepare.Folds(dir)
		if err != nil {
			return err
		}
		if !*force {
			if err := prepare.CheckReplaceFolds(*out, cfg, folds); err != nil {
				return err
			}
		}
		return printFolds(stdout, bar, *jsonOut, *out)(prepare.PrepareFolds(cfg, dir))
	}
	if err == nil && !*force {
		err = prepare.CheckReplace(*out, cfg, n)
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
	if a := sum.Augment; a != nil && a.Added > 0 {
		from += fmt.Sprintf(" with %d augmented training problems (a sentence of another inserted", a.Added)
		if a.Own {
			from += fmt.Sprintf("; %d of them one of their own told of another thing", a.OwnAdded)
		}
		from += ")"
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

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/d4lang/d4/cmd/internal/trainbar"
	"github.com/d4lang/d4/eval/wapeval"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/internal/memory"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/reader/vectors"
	"github.com/d4lang/d4/sketches"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/training"
)

func trainCmd(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("wap train", "usage: wap train [flags]\n"+
		"Trains the reader and ∂4 end to end from (question, answer) pairs, keeping the best epoch by dev accuracy.\n"+
		"With prepared folds (--data DIR holding fold0, …), trains one model per fold, one fold after another, into\n"+
		"MODEL/fold0, …, each as 'wap train --data DIR/foldK --model MODEL/foldK' would, and prints the test accuracy\n"+
		"per fold with their mean ± sample standard deviation (n−1).", stderr)
	o := trainOpts{cfg: training.DefaultTrainConfig(), label: "training"}
	cfg := &o.cfg
	sketchVar(fs, &o.sketch, model.DefaultSketch, "the sketch: a path, or the name of an embedded sketch")
	fs.StringVar(&o.dataDir, "data", prepare.DefaultOut, "prepared data (wap prepare), or prepared folds (DATA/fold0, …: a model each); if it does not exist, synthetic problems are prepared there")
	fs.StringVar(&o.modelDir, "model", model.DefaultDir, "model directory to write (with folds, a directory of them: MODEL/fold0, …)")
	epochsFlag.Var(fs, &cfg.Epochs, cfg.Epochs, "training epochs (0: as many as make --updates updates)")
	updatesFlag.Var(fs, &cfg.Updates, cfg.Updates, "with --epochs 0: train each model for at least this many updates")
	batchFlag.Var(fs, &cfg.Batch, cfg.Batch, "batch size")
	fs.Float64Var(&cfg.LR, "lr", cfg.LR, "Adam learning rate")
	patienceFlag.Var(fs, &cfg.Patience, cfg.Patience, "stop after this many epochs without a better dev accuracy (0: never)")
	fs.Int64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the weights and the batch order")
	fs.Float64Var(&cfg.Noise, "noise", cfg.Noise, "annealed gradient noise η (variance η/(1+t)^0.55 at update t; 0: none)")
	fs.Float64Var(&cfg.WeightDecay, "weight-decay", cfg.WeightDecay, "decoupled weight decay λ of Adam (0: none)")
	fs.Float64Var(&cfg.WordDropout, "word-dropout", cfg.WordDropout, "probability of replacing a word of a training story by the unknown token at each update")
	modelsFlag.Var(fs, &o.restarts, cfg.Restarts, "train this many models (seeds seed, seed+1, …) that answer together as an ensemble")
	parallelFlag.Var(fs, &o.parallel, 0, "train this many of the models at once (0: all of them; 1: one after another); fewer when that many would not fit in the memory there is ($D4_MEMORY, or what the machine has)")
	fs.BoolVar(&cfg.Lexicon, "lexicon", cfg.Lexicon, "give the reader the WordNet classes of the words (getting, giving, losing, …) beside their embeddings")
	var vecFile string
	fs.StringVar(&vecFile, "vectors", "", "start the reader's word embeddings from pretrained vectors, a file of 'wap vectors' (a word the file lacks keeps its drawn embedding)")
	fs.BoolVar(&cfg.VectorsFixed, "vectors-fixed", false, "with --vectors: keep the vectors fixed (a word that has one reads it in place of its embedding and never trains it) instead of fine-tuning them")
	fs.BoolVar(&cfg.QuestionReader, "question-reader", cfg.QuestionReader, "make each number's vector and the question vector read the question: attention over the question's tokens, and whether the number's unit is asked about")
	fs.BoolVar(&cfg.Prior, "prior", cfg.Prior, "learn a prior over the result with the model (whether a formula's value is negative, zero, not whole, far larger or smaller than the story's numbers, …) and decode with it instead of the fixed rule")
	fs.Float64Var(&cfg.Bag, "bag", cfg.Bag, "share of the generated training problems each model trains on, drawn from its seed (1: all; CC's are always trained on)")
	var supervise string
	cli.StringVar(fs, &supervise, "supervise", cfg.Supervise.String(), "what the models train on: answers (∂4's setting) or equations (the slots' decisions given by the data's Equation column; a row without one, or with one the sketch cannot make, is left out)", func(s string) error {
		_, err := model.ParseSupervision(s)
		return err
	})
	ccPassesFlag.Var(fs, &cfg.CCPasses, cfg.CCPasses, "the fewest times each model trains on each of CC's problems: with fewer epochs, each epoch repeats them")
	fs.BoolVar(&o.resume, "resume", false, "continue each restart from its checkpoint in the model directory (with the same settings; --epochs and --patience may change); "+
		"with prepared folds, each fold's model (a finished fold trains on only if --epochs grew, a fold not begun trains afresh)")
	fs.BoolVar(&o.jsonOut, "json", false, "print the result as one JSON object")
	fs.BoolVar(&o.force, "force", false, "replace the model in --model although another run trained it with another sketch, other data or other settings (refused otherwise)")
	// Bad flag values fail before the data is prepared.
	err := cli.ParseFlags(fs, args)
	switch {
	case err != nil:
		return err
	case cfg.WordDropout < 0 || cfg.WordDropout >= 1:
		return cli.Usagef("--word-dropout must be in [0, 1), got %v", cfg.WordDropout)
	case cfg.Noise < 0:
		return cli.Usagef("--noise must be ≥ 0, got %v", cfg.Noise)
	case cfg.WeightDecay < 0:
		return cli.Usagef("--weight-decay must be ≥ 0, got %v", cfg.WeightDecay)
	case !(cfg.Bag > 0 && cfg.Bag <= 1):
		return cli.Usagef("--bag must be in (0, 1], got %v", cfg.Bag)
	case cfg.Epochs == 0 && cfg.Updates < 1:
		return cli.Usagef("--epochs must be ≥ 1, or 0 with --updates ≥ 1; got %d and %d", cfg.Epochs, cfg.Updates)
	case cfg.VectorsFixed && vecFile == "":
		return cli.Usagef("--vectors-fixed needs --vectors FILE")
	}
	if cfg.Supervise, err = model.ParseSupervision(supervise); err != nil {
		return cli.Usagef("--supervise: %v", err)
	}
	if vecFile != "" {
		if cfg.Vectors, err = vectors.Load(vecFile); err != nil {
			return err
		}
	}
	return runTrain(o, stdout, stderr)
}

// trainOpts are the settings of `wap train` besides the trainer's.
type trainOpts struct {
	sketch, dataDir, modelDir string
	restarts, parallel        int
	resume, jsonOut, force    bool
	label                     string // names the run on the progress bar
	cfg                       training.TrainConfig
	scored                    training.Scored // the training problems, as the sketch's loss scores them
}

// skippedText says why problems were left out: "12 (no decisions give the
// answer), 3 (numbers the sketch does not take)".
func skippedText(skipped map[string]int) string {
	var parts []string
	for _, why := range training.SkipReasons() {
		if n := skipped[why]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d (%s)", n, why))
		}
	}
	return strings.Join(parts, ", ")
}

// runTrain trains the models into the model directory and prints the
// result: one model (or ensemble) for prepared data, or one per fold for
// a directory of prepared folds (trainFolds).
func runTrain(o trainOpts, stdout, stderr io.Writer) error {
	folds, err := wapeval.TrainingFolds(o.dataDir, o.modelDir, o.resume)
	if err != nil {
		return err
	}
	if len(folds) > 0 {
		return trainFolds(o, folds, stdout, stderr)
	}
	t, err := trainModel(o, stderr)
	if err != nil {
		return err
	}
	if o.jsonOut {
		return json.NewEncoder(stdout).Encode(t.object())
	}
	t.print(stdout)
	return nil
}

// trainFolds trains a model (or ensemble) on each of the prepared folds
// with o's settings (wapeval.CrossValidate), printing each fold's result
// as it finishes, then the folds' test accuracies, or with --json one
// object of them all.
func trainFolds(o trainOpts, folds []wapeval.Fold, stdout, stderr io.Writer) error {
	opts := func(f wapeval.Fold) trainOpts {
		fo := o
		fo.dataDir, fo.modelDir, fo.label = f.Data, f.Model, o.label+" "+f.Name
		fo.resume = o.resume && f.Begun // a fold not begun is trained afresh
		return fo
	}
	// A fold's model that another recipe made is refused before any fold
	// trains.
	check := func(f wapeval.Fold) error {
		fo := opts(f)
		if !f.Begun || fo.resume || fo.force {
			return nil
		}
		p, err := planTraining(fo, stderr)
		if err != nil {
			return err
		}
		return training.CheckReplace(fo.modelDir, p.recipe())
	}
	train := func(f wapeval.Fold) (trained, error) { return trainModel(opts(f), stderr) }
	runs, err := wapeval.CrossValidate(folds, check, train, func(t trained) {
		if !o.jsonOut {
			t.print(stdout)
		}
	})
	if err != nil {
		return err
	}
	var sum wapeval.TrainedFolds
	var objs []map[string]any
	for _, t := range runs {
		sum.Test, sum.Dev = append(sum.Test, t.testAcc), append(sum.Dev, t.final.DevAccuracy)
		objs = append(objs, t.object())
	}
	if o.jsonOut {
		return json.NewEncoder(stdout).Encode(sum.Object(objs))
	}
	sum.Print(stdout)
	return nil
}

// trainModel trains the models into the model directory, which it locks
// first (a second writer, or a directory that cannot be written, is
// reported before any work), and measures them on the test split. A model
// that another recipe made is replaced only with o.force.
func trainModel(o trainOpts, stderr io.Writer) (trained, error) {
	if err := fitParallel(&o, stderr); err != nil {
		return trained{}, err
	}
	w, err := training.OpenTrainingDir(o.modelDir, o.restarts, o.resume)
	if err != nil {
		return trained{}, err
	}
	defer w.Close()
	p, err := planTraining(o, stderr)
	if err != nil {
		return trained{}, err
	}
	if !o.resume && !o.force {
		if err := training.CheckReplace(o.modelDir, p.recipe()); err != nil {
			return trained{}, err
		}
	}
	o.scored = p.scored
	bar := showProgress(&p.spec, o.label, o.restarts, stderr)
	restarts, final, err := training.TrainModels(w, p.spec)
	if err != nil {
		return trained{}, err
	}
	bar.Finish()
	t := trained{o: o, restarts: restarts, final: final, noDev: len(p.spec.Dev) == 0}
	t.tests, t.testAcc, err = training.TestAccuracy(restarts, p.test)
	return t, err
}

// plan is a training run ready to start: its spec, the problems it scored
// and its test problems.
type plan struct {
	spec   training.RunSpec
	scored training.Scored
	test   []*model.Problem
	o      trainOpts
	hash   string // the sketch's checksum
}

// planTraining loads the sketch and the prepared data (preparing
// generated problems when there are none) and scores the problems.
func planTraining(o trainOpts, stderr io.Writer) (plan, error) {
	file, src, err := sketches.Load(o.sketch)
	if err != nil {
		return plan{}, err
	}
	// Generated problems, when none are prepared, of the kind the sketch
	// takes: CC's for a sketch of exactly three numbers.
	shape, err := model.NewModel(file, src, 1, false, 1)
	if err != nil {
		return plan{}, err
	}
	prep, err := prepare.LoadOrSynthesise(o.dataDir, prepare.MixForLayout(shape.Layout), stderr)
	if err != nil {
		return plan{}, err
	}
	// Fail early on a sketch the model cannot use, and leave out the
	// problems its loss cannot score.
	m, err := model.NewModel(file, src, prep.Vocab.Size(), o.cfg.Lexicon, o.cfg.Seed)
	if err == nil && o.cfg.QuestionReader {
		err = m.AddQuestionReader(o.cfg.Seed + 2)
	}
	if err == nil && o.cfg.Prior {
		err = m.AddPrior()
	}
	if err == nil && o.cfg.Vectors != nil {
		var n int
		if n, err = m.UseVectors(o.cfg.Vectors, prep.Vocab, o.cfg.VectorsFixed); err == nil {
			fmt.Fprintf(stderr, "word vectors %s: %d of the vocabulary's %d ids have one\n", o.cfg.Vectors.Path, n, prep.Vocab.Size())
		}
	}
	if err != nil {
		return plan{}, err
	}
	if err := m.Supervise(o.cfg.Supervise); err != nil {
		return plan{}, err
	}
	cfg := o.cfg
	all, dev, test := prepare.Problems(prep.Train), prepare.Problems(prep.Dev), prepare.Problems(prep.Test)
	if len(dev) == 0 && o.restarts > 1 {
		// Without dev problems a model's best epoch is chosen by its
		// training accuracy, but an ensemble has none to be measured on.
		return plan{}, fmt.Errorf("the dev split of %s is empty (train %d, test %d problems): an ensemble is measured on dev problems; prepare data with a dev split, or train one model (--models 1), whose best epoch is then chosen by its training accuracy", o.dataDir, len(all), len(test))
	}
	scored, err := training.Score(m, all)
	if err != nil {
		return plan{}, err
	}
	if len(scored.Kept) == 0 {
		return plan{}, fmt.Errorf("none of the %d training problems of %s can be trained on with %s: %s", len(all), o.dataDir, file, skippedText(scored.Skipped))
	}
	if _, err := training.Score(m, dev); err != nil {
		return plan{}, err
	}
	if o.cfg.Supervise != model.SuperviseAnswers {
		// Which rows the equations leave out, and why (the first few of each reason).
		for _, err := range scored.Errors {
			fmt.Fprintf(stderr, "left out of training: %v\n", err)
		}
	}
	train := scored.Kept
	cfg.Epochs = cfg.EpochsFor(train)
	spec := training.RunSpec{SketchFile: file, Sketch: src, Vocab: prep.Vocab, Train: train, Dev: dev, Cfg: cfg, Resume: o.resume, Parallel: o.parallel,
		Base: model.Config{Data: prep.Summary.Source, DataDir: o.dataDir, DataFrom: prep.Summary.Dir, Generated: prep.Summary.Generated}}
	return plan{spec: spec, scored: scored, test: test, o: o, hash: d4.SketchHash(m.Machine.Sketch)}, nil
}

// recipe is what the run would record in its model's config.json: the
// sketch, the data and the settings (training.Recipe).
func (p plan) recipe() model.Config {
	cfg := p.spec.Cfg
	cfg.Restarts = p.o.restarts
	return training.Recipe(p.spec.SketchFile, p.hash, p.spec.Base, training.SettingsOf(cfg, training.DataHash(p.spec.Train, p.spec.Dev)))
}

// fitParallel trains fewer of the models at once than asked (--parallel,
// or all of them) when that many would not fit in the memory the machine
// has (training.FitParallel), saying so on stderr; it fails when not even
// one fits.
func fitParallel(o *trainOpts, stderr io.Writer) error {
	asked := o.parallel
	if asked <= 0 || asked > o.restarts {
		asked = o.restarts
	}
	fit, err := training.FitParallel(o.restarts, asked, o.cfg.Batch, 0)
	if err != nil {
		return fmt.Errorf("%w: train with smaller batches (--batch)", err)
	}
	if fit < asked {
		avail, from, _ := memory.Limit(0) // read by FitParallel without error
		fmt.Fprintf(stderr, "training the %d models %d at a time: %d at once need about %s of memory, more than the %s available (%s)\n",
			o.restarts, fit, asked, memory.Size(training.MemoryNeeded(asked, o.cfg.Batch)), memory.Size(avail), from)
	}
	o.parallel = fit
	return nil
}

// showProgress draws the run's progress bar on stderr, with a line after
// every epoch (marked * when it is the restart's best so far).
func showProgress(spec *training.RunSpec, label string, restarts int, stderr io.Writer) *trainbar.Bar {
	cfg := spec.Cfg
	batches := (cfg.EpochSize(spec.Train) + cfg.Batch - 1) / cfg.Batch
	bar := &trainbar.Bar{W: stderr, Label: label, Total: restarts * cfg.Epochs * batches, Restarts: restarts, Lines: true, ETA: true}
	spec.Progress = bar
	return bar
}

// trained is a finished training run: its restarts, the directory's
// configuration, and the test accuracy of each restart's model alone and
// of the directory's (an ensemble's: the models together).
type trained struct {
	o        trainOpts
	restarts []training.Restart
	final    model.Config
	tests    []float64
	testAcc  float64
	noDev    bool // no dev problems: the best epoch was chosen by the training accuracy
}

// seconds is the run's training time: an ensemble's wall-clock time, or
// the one model's.
func (t trained) seconds() float64 {
	if len(t.restarts) == 1 {
		return t.restarts[0].Config.TrainSeconds
	}
	return t.final.TrainSeconds
}

// selectedBy names the accuracy that chose the best epoch: the dev
// accuracy, or the training accuracy when there are no dev problems.
func (t trained) selectedBy() string {
	if t.noDev {
		return "training accuracy (no dev split)"
	}
	return "dev accuracy"
}

// leftOut is the number of training problems left out.
func (t trained) leftOut() int {
	n := 0
	for _, k := range t.o.scored.Skipped {
		n += k
	}
	return n
}

// object is the run's result as the JSON object that --json prints.
func (t trained) object() map[string]any {
	var per []map[string]any
	for i, r := range t.restarts {
		per = append(per, map[string]any{"seed": r.Config.Seed, "best_epoch": r.Config.Epoch, "dev_accuracy": r.Config.DevAccuracy, "test_accuracy": t.tests[i]})
	}
	f := t.final
	obj := map[string]any{"model": t.o.modelDir, "data": f.Data, "seed": t.o.cfg.Seed, "epochs": f.Epochs,
		"best_epoch": f.Epoch, "dev_accuracy": f.DevAccuracy, "test_accuracy": t.testAcc, "train_seconds": mathx.Round(t.seconds(), 1), "restarts": per,
		"supervise": t.o.cfg.Supervise.String()}
	if t.noDev {
		// The figure is the training accuracy that chose the epoch.
		delete(obj, "dev_accuracy")
		obj["train_accuracy"], obj["selected_by"] = f.DevAccuracy, "train_accuracy"
	}
	if t.leftOut() > 0 {
		obj["train_problems"], obj["left_out"] = len(t.o.scored.Kept), t.o.scored.Skipped
	}
	return obj
}

// print writes the run's figures and its test accuracy.
func (t trained) print(stdout io.Writer) {
	o, f := t.o, t.final
	if skipped := t.leftOut(); skipped > 0 {
		fmt.Fprintf(stdout, "trained on %d of the %d training problems, leaving out %s\n", len(o.scored.Kept), len(o.scored.Kept)+skipped, skippedText(o.scored.Skipped))
	}
	if len(t.restarts) > 1 {
		for i, r := range t.restarts {
			fmt.Fprintf(stdout, "seed %d: best dev accuracy %.1f%% at epoch %d, test accuracy %.1f%%\n", r.Config.Seed, r.Config.DevAccuracy, r.Config.Epoch, t.tests[i])
		}
		fmt.Fprintf(stdout, "trained %d models on %s in %.1fs: as an ensemble, dev accuracy %.1f%%, test accuracy %.1f%%; saved to %s\n",
			len(t.restarts), answer.TrainedOn(f), t.seconds(), f.DevAccuracy, t.testAcc, o.modelDir)
		return
	}
	fmt.Fprintf(stdout, "trained on %s in %.1fs: seed %d, best %s %.1f%% at epoch %d of %d; test accuracy %.1f%%; saved to %s\n",
		answer.TrainedOn(f), t.seconds(), f.Seed, t.selectedBy(), f.DevAccuracy, f.Epoch, f.Epochs, t.testAcc, o.modelDir)
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/sketches"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/synth"
	"github.com/d4lang/d4/tasks/wap/training"
)

// trainOpts are the settings of `wap train` besides the trainer's.
type trainOpts struct {
	sketch, dataDir, modelDir string
	restarts, parallel        int
	resume, jsonOut           bool
	label                     string // names the run on the progress bar
	cfg                       training.TrainConfig
	scored                    training.Scored // the training problems, as the sketch's loss scores them
}

// skippedText says why problems were left out: "12 (no decisions give the
// answer), 3 (numbers the sketch does not take)".
func skippedText(skipped map[string]int) string {
	var parts []string
	for _, why := range []string{training.SkipCount, training.SkipRange, training.SkipNoAnswer} {
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
	folds, err := prepare.PreparedFolds(o.dataDir)
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

// trainModel trains the models into the model directory, which it locks
// first (a second writer, or a directory that cannot be written, is
// reported before any work), and measures them on the test split.
func trainModel(o trainOpts, stderr io.Writer) (trained, error) {
	w, err := training.OpenTrainingDir(o.modelDir, o.restarts, o.resume)
	if err != nil {
		return trained{}, err
	}
	defer w.Close()
	file, src, err := sketches.Load(o.sketch)
	if err != nil {
		return trained{}, err
	}
	// Generated problems, when none are prepared, of the kind the sketch
	// takes: CC's for a sketch of exactly three numbers.
	shape, err := model.NewModel(file, src, 1, false, 1)
	if err != nil {
		return trained{}, err
	}
	mix := synth.GeneralMix
	if shape.Layout.Fixed == 3 {
		mix = synth.CCMix
	}
	prep, err := loadOrSynthesise(o.dataDir, mix, stderr)
	if err != nil {
		return trained{}, err
	}
	// Fail early on a sketch the model cannot use, and leave out the
	// problems its loss cannot score.
	m, err := model.NewModel(file, src, prep.Vocab.Size(), o.cfg.Lexicon, o.cfg.Seed)
	if err == nil && o.cfg.QuestionReader {
		err = m.AddQuestionReader(o.cfg.Seed + 2)
	}
	if err != nil {
		return trained{}, err
	}
	cfg := o.cfg
	all, dev, test := prepare.Problems(prep.Train), prepare.Problems(prep.Dev), prepare.Problems(prep.Test)
	scored, err := training.Score(m, all)
	if err != nil {
		return trained{}, err
	}
	if len(scored.Kept) == 0 {
		return trained{}, fmt.Errorf("none of the %d training problems of %s can be trained on with %s: %s", len(all), o.dataDir, file, skippedText(scored.Skipped))
	}
	if _, err := training.Score(m, dev); err != nil {
		return trained{}, err
	}
	o.scored = scored
	train := scored.Kept
	cfg.Epochs = cfg.EpochsFor(train)
	spec := training.RunSpec{SketchFile: file, Sketch: src, Vocab: prep.Vocab, Train: train, Dev: dev, Cfg: cfg, Resume: o.resume, Parallel: o.parallel,
		Base: model.Config{Data: prep.Summary.Source, DataDir: o.dataDir, DataFrom: prep.Summary.Dir, Generated: prep.Summary.Generated}}
	bar := showProgress(&spec, o.label, o.restarts, stderr)
	restarts, final, err := training.TrainModels(w, spec)
	if err != nil {
		return trained{}, err
	}
	bar.Finish()
	t := trained{o: o, restarts: restarts, final: final}
	t.tests, t.testAcc, err = training.TestAccuracy(restarts, test)
	return t, err
}

// showProgress draws the run's progress bar on stderr, with a line after
// every epoch (marked * when it is the restart's best so far).
func showProgress(spec *training.RunSpec, label string, restarts int, stderr io.Writer) *cli.TrainingBar {
	cfg := spec.Cfg
	batches := (cfg.EpochSize(spec.Train) + cfg.Batch - 1) / cfg.Batch
	bar := &cli.TrainingBar{W: stderr, Label: label, Total: restarts * cfg.Epochs * batches, Restarts: restarts, Lines: true, ETA: true}
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
}

// seconds is the run's training time: an ensemble's wall-clock time, or
// the one model's.
func (t trained) seconds() float64 {
	if len(t.restarts) == 1 {
		return t.restarts[0].Config.TrainSeconds
	}
	return t.final.TrainSeconds
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
		"best_epoch": f.Epoch, "dev_accuracy": f.DevAccuracy, "test_accuracy": t.testAcc, "train_seconds": round(t.seconds(), 1), "restarts": per}
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
			len(t.restarts), trainedOn(f), t.seconds(), f.DevAccuracy, t.testAcc, o.modelDir)
		return
	}
	fmt.Fprintf(stdout, "trained on %s in %.1fs: seed %d, best dev accuracy %.1f%% at epoch %d of %d; test accuracy %.1f%%; saved to %s\n",
		trainedOn(f), t.seconds(), f.Seed, f.DevAccuracy, f.Epoch, f.Epochs, t.testAcc, o.modelDir)
}

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

// runTrain trains the models into the model directory, which it locks
// first (a second writer, or a directory that cannot be written, is
// reported before any work), and prints the result.
func runTrain(o trainOpts, stdout, stderr io.Writer) error {
	w, err := training.OpenTrainingDir(o.modelDir, o.restarts, o.resume)
	if err != nil {
		return err
	}
	defer w.Close()
	file, src, err := sketches.Load(o.sketch)
	if err != nil {
		return err
	}
	// Generated problems, when none are prepared, of the kind the sketch
	// takes: CC's for a sketch of exactly three numbers.
	shape, err := model.NewModel(file, src, 1, false, 1)
	if err != nil {
		return err
	}
	mix := synth.GeneralMix
	if shape.Layout.Fixed == 3 {
		mix = synth.CCMix
	}
	prep, err := loadOrSynthesise(o.dataDir, mix, stderr)
	if err != nil {
		return err
	}
	// Fail early on a sketch the model cannot use, and leave out the
	// problems its loss cannot score.
	m, err := model.NewModel(file, src, prep.Vocab.Size(), o.cfg.Lexicon, o.cfg.Seed)
	if err != nil {
		return err
	}
	cfg := o.cfg
	all, dev, test := prepare.Problems(prep.Train), prepare.Problems(prep.Dev), prepare.Problems(prep.Test)
	scored, err := training.Score(m, all)
	if err != nil {
		return err
	}
	if len(scored.Kept) == 0 {
		return fmt.Errorf("none of the %d training problems of %s can be trained on with %s: %s", len(all), o.dataDir, file, skippedText(scored.Skipped))
	}
	if _, err := training.Score(m, dev); err != nil {
		return err
	}
	o.scored = scored
	train := scored.Kept
	cfg.Epochs = cfg.EpochsFor(train)
	spec := training.RunSpec{SketchFile: file, Sketch: src, Vocab: prep.Vocab, Train: train, Dev: dev, Cfg: cfg, Resume: o.resume, Parallel: o.parallel,
		Base: model.Config{Data: prep.Summary.Source, DataDir: o.dataDir, DataFrom: prep.Summary.Dir, Generated: prep.Summary.Generated}}
	bar := showProgress(&spec, o.restarts, stderr)
	restarts, final, err := training.TrainModels(w, spec)
	if err != nil {
		return err
	}
	bar.Finish()
	return report(o, restarts, final, test, stdout)
}

// showProgress draws the run's progress bar on stderr, with a line after
// every epoch (marked * when it is the restart's best so far).
func showProgress(spec *training.RunSpec, restarts int, stderr io.Writer) *cli.TrainingBar {
	cfg := spec.Cfg
	batches := (cfg.EpochSize(spec.Train) + cfg.Batch - 1) / cfg.Batch
	bar := &cli.TrainingBar{W: stderr, Label: "training", Total: restarts * cfg.Epochs * batches, Restarts: restarts, Lines: true, ETA: true}
	spec.Progress = bar
	return bar
}

// report prints the trained models' figures and their test accuracy.
func report(o trainOpts, restarts []training.Restart, final model.Config, test []*model.Problem, stdout io.Writer) error {
	tests, testAcc, err := training.TestAccuracy(restarts, test)
	if err != nil {
		return err
	}
	total := final.TrainSeconds // an ensemble's: the run's wall-clock time
	if len(restarts) == 1 {
		total = restarts[0].Config.TrainSeconds
	}
	var per []map[string]any
	for i, r := range restarts {
		per = append(per, map[string]any{"seed": r.Config.Seed, "best_epoch": r.Config.Epoch, "dev_accuracy": r.Config.DevAccuracy, "test_accuracy": tests[i]})
	}
	skipped := 0
	for _, n := range o.scored.Skipped {
		skipped += n
	}
	if o.jsonOut {
		obj := map[string]any{"model": o.modelDir, "data": final.Data, "seed": o.cfg.Seed, "epochs": final.Epochs,
			"best_epoch": final.Epoch, "dev_accuracy": final.DevAccuracy, "test_accuracy": testAcc, "train_seconds": round(total, 1), "restarts": per}
		if skipped > 0 {
			obj["train_problems"], obj["left_out"] = len(o.scored.Kept), o.scored.Skipped
		}
		return json.NewEncoder(stdout).Encode(obj)
	}
	if skipped > 0 {
		fmt.Fprintf(stdout, "trained on %d of the %d training problems, leaving out %s\n", len(o.scored.Kept), len(o.scored.Kept)+skipped, skippedText(o.scored.Skipped))
	}
	if len(restarts) > 1 {
		for i, r := range restarts {
			fmt.Fprintf(stdout, "seed %d: best dev accuracy %.1f%% at epoch %d, test accuracy %.1f%%\n", r.Config.Seed, r.Config.DevAccuracy, r.Config.Epoch, tests[i])
		}
		fmt.Fprintf(stdout, "trained %d models on %s in %.1fs: as an ensemble, dev accuracy %.1f%%, test accuracy %.1f%%; saved to %s\n",
			len(restarts), trainedOn(final), total, final.DevAccuracy, testAcc, o.modelDir)
		return nil
	}
	fmt.Fprintf(stdout, "trained on %s in %.1fs: seed %d, best dev accuracy %.1f%% at epoch %d of %d; test accuracy %.1f%%; saved to %s\n",
		trainedOn(final), total, final.Seed, final.DevAccuracy, final.Epoch, final.Epochs, testAcc, o.modelDir)
	return nil
}

package wapeval

import (
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
)

// This file holds cross-validation: `wap train` and `wap eval` on a
// directory of prepared folds (DATA/fold0, …, as `wap prepare` writes a
// dataset's folds), with a model per fold (MODEL/fold0, …). Each fold is
// trained and evaluated as one `wap train` or `wap eval` on that fold's
// directories would; the folds are summed up by the mean and the sample
// standard deviation of their accuracies.

// Fold is one fold of a cross-validation: its name (fold0), its prepared
// data and its model's directory.
type Fold struct {
	Name, Data, Model string
	// Begun is set when the fold's model directory exists (training: a
	// fold not begun is trained afresh).
	Begun bool
}

// TrainingFolds returns the folds to train from the prepared folds of
// dataDir (none when dataDir holds no folds), each into modelDir/foldK.
// The directory that is to hold a model per fold must not hold a model
// itself and, to resume, it must exist.
func TrainingFolds(dataDir, modelDir string, resume bool) ([]Fold, error) {
	data, err := prepare.PreparedFolds(dataDir)
	if err != nil || len(data) == 0 {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(modelDir, model.ConfigFile)); err == nil {
		return nil, fmt.Errorf("model directory %s holds a model, not a model per fold: name another --model for the folds' models (MODEL/fold0, …)", modelDir)
	}
	if _, err := os.Stat(modelDir); resume && errors.Is(err, iofs.ErrNotExist) {
		return nil, fmt.Errorf("cannot resume: model directory %s does not exist", modelDir)
	}
	folds := make([]Fold, len(data))
	for k, d := range data {
		name := filepath.Base(d)
		folds[k] = Fold{Name: name, Data: d, Model: filepath.Join(modelDir, name)}
		_, err := os.Stat(folds[k].Model)
		folds[k].Begun = err == nil
	}
	return folds, nil
}

// CrossValidate trains a model (or ensemble) on each fold, one fold after
// another: first check on every fold, so that a fold that would be
// refused is refused before any trains, then train on each, calling done
// with each run as it finishes. An error names its fold.
func CrossValidate[R any](folds []Fold, check func(Fold) error, train func(Fold) (R, error), done func(R)) ([]R, error) {
	for _, f := range folds {
		if err := check(f); err != nil {
			return nil, fmt.Errorf("fold %s: %w", f.Data, err)
		}
	}
	var runs []R
	for _, f := range folds {
		r, err := train(f)
		if err != nil {
			return nil, fmt.Errorf("fold %s: %w", f.Data, err)
		}
		done(r)
		runs = append(runs, r)
	}
	return runs, nil
}

// TrainedFolds sums up the models trained on folds: each fold's test
// accuracy and dev accuracy (of the model or ensemble kept), in percent.
type TrainedFolds struct{ Test, Dev []float64 }

// Object is the JSON object of wap train --json on folds: {"folds":
// [each fold's object as wap train --json prints it], "test_mean",
// "test_std", "dev_mean"}.
func (t TrainedFolds) Object(folds []map[string]any) map[string]any {
	testMean, testStd := MeanStd(t.Test)
	devMean, _ := MeanStd(t.Dev)
	return map[string]any{"folds": folds, "test_mean": mathx.Round(testMean, 2), "test_std": mathx.Round(testStd, 2), "dev_mean": mathx.Round(devMean, 2)}
}

// Print writes the folds' test accuracies, their mean ± sample standard
// deviation and the dev accuracies' mean, on one line.
func (t TrainedFolds) Print(w io.Writer) {
	testMean, testStd := MeanStd(t.Test)
	devMean, _ := MeanStd(t.Dev)
	fmt.Fprintf(w, "%d folds: test accuracy %s; mean %.1f%% ± %.1f (%s); dev accuracy mean %.1f%%\n",
		len(t.Test), Percents(t.Test), testMean, testStd, AcrossFolds, devMean)
}

// EvaluationFolds pairs the prepared folds of dataDir with the models of
// modelDir's folds (both foldK): none when neither is a set of folds. One
// set of folds without the other, or sets of different sizes, is an error
// that names both.
func EvaluationFolds(dataDir, modelDir string) ([]Fold, error) {
	data, err := prepare.PreparedFolds(dataDir)
	if err != nil {
		return nil, err
	}
	models, err := modelFolds(modelDir)
	if err != nil {
		return nil, err
	}
	switch {
	case len(data) == 0 && len(models) == 0:
		return nil, nil
	case len(data) == 0:
		return nil, fmt.Errorf("%s holds a model per fold (%s), but %s holds no prepared folds: evaluate them on the prepared folds they were trained on, or name one fold's model",
			modelDir, foldRange(models), dataDir)
	case len(models) == 0:
		return nil, fmt.Errorf("%s holds prepared folds (%s), but %s holds no model per fold: evaluate the models that 'wap train --data %s' trained",
			dataDir, foldRange(data), modelDir, dataDir)
	case len(data) != len(models):
		return nil, fmt.Errorf("%s holds %d prepared folds (%s), but %s holds the models of %d (%s): evaluate the models trained on these folds",
			dataDir, len(data), foldRange(data), modelDir, len(models), foldRange(models))
	}
	folds := make([]Fold, len(data))
	for k := range data {
		folds[k] = Fold{Name: filepath.Base(data[k]), Data: data[k], Model: models[k], Begun: true}
	}
	return folds, nil
}

// modelFolds returns the fold directories of dir (prepare.Folds) when dir
// is a directory that holds no model of its own; otherwise none.
func modelFolds(dir string) ([]string, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, nil
	}
	if _, err := os.Stat(filepath.Join(dir, model.ConfigFile)); err == nil {
		return nil, nil
	}
	return prepare.Folds(dir)
}

// foldRange names a set of folds by its first and last: "fold0…fold4".
func foldRange(folds []string) string {
	return filepath.Base(folds[0]) + "…" + filepath.Base(folds[len(folds)-1])
}

// FoldsResult is how each fold's model answered its fold's split, and
// all the folds' problems pooled.
type FoldsResult struct {
	o      Options // the directories of the folds and of their models
	Folds  []Fold
	Splits []SplitResult // Splits[k] of Folds[k]
	Pooled Scores
}

// EvaluateFolds evaluates each fold's model on its fold's split of
// prepared data as Evaluate does, o giving the split and how the models
// decide (o.Data and o.Model the directories of the folds and of their
// models, for the report).
func EvaluateFolds(o Options, folds []Fold) (FoldsResult, error) {
	res := FoldsResult{o: o, Folds: folds, Pooled: NewScores()}
	for _, f := range folds {
		fo := o
		fo.Data, fo.Model, fo.TrainedHere = f.Data, f.Model, true
		r, err := Evaluate(fo)
		if err != nil {
			return FoldsResult{}, fmt.Errorf("fold %s: %w", f.Data, err)
		}
		res.Splits = append(res.Splits, r)
		res.Pooled.Merge(r.Scores)
	}
	return res, nil
}

// meanStd is the mean ± sample standard deviation of the folds'
// accuracies.
func (r FoldsResult) meanStd() (mean, std float64) {
	var accs []float64
	for _, s := range r.Splits {
		accs = append(accs, s.Scores.All.Acc())
	}
	return MeanStd(accs)
}

// Object is the result as the JSON object that wap eval --json prints
// with folds: each fold's object with its fold and model, the mean and
// std, and the groups of the pooled problems.
func (r FoldsResult) Object() map[string]any {
	mean, std := r.meanStd()
	var objs []map[string]any
	for k, s := range r.Splits {
		obj := s.Object()
		obj["fold"], obj["model"] = r.Folds[k].Name, r.Folds[k].Model
		objs = append(objs, obj)
	}
	obj := map[string]any{"split": r.o.Split, "folds": objs, "mean": mathx.Round(mean, 2), "std": mathx.Round(std, 2), "n": r.Pooled.All.N, "data": r.Splits[0].Source}
	r.Pooled.AddTo(obj)
	return obj
}

// Print writes each fold's accuracy, their mean ± sample standard
// deviation, and the accuracy per group of problems of all the folds
// pooled.
func (r FoldsResult) Print(w io.Writer) {
	mean, std := r.meanStd()
	fmt.Fprintf(w, "the models of %s, each evaluated on the %s split of its fold of %s (%s data)\n", r.o.Model, r.o.Split, r.o.Data, r.Splits[0].Source)
	for k, s := range r.Splits {
		all := s.Scores.All
		fmt.Fprintf(w, "%s: %.1f%% (%d/%d; %s); model %s (%s)\n", r.Folds[k].Name, all.Acc(), all.Right, all.N, IntervalText(all.Right, all.N), r.Folds[k].Model, answer.Describe(s.Config))
	}
	p := r.Pooled.All
	fmt.Fprintf(w, "mean %.1f%% ± %.1f over %d folds (%s); all folds' problems together: %.1f%% (%d/%d)\n",
		mean, std, len(r.Splits), AcrossFolds, p.Acc(), p.Right, p.N)
	r.Pooled.Print(w)
}

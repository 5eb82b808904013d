package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/training"
)

// This file holds cross-validation: `wap train` and `wap eval` on a
// directory of prepared folds (DATA/fold0, …, as `wap prepare` writes a
// dataset's folds), with a model per fold (MODEL/fold0, …). Each fold is
// trained and evaluated as one `wap train` or `wap eval` on that fold's
// directories would; the folds are summed up by the mean and the sample
// standard deviation of their accuracies.

// trainFolds trains a model (or ensemble) on each of the prepared folds,
// one fold after another with o's settings, folds[k] into
// o.modelDir/foldK. It prints each fold's result as it finishes, then the
// folds' test accuracies, or with --json one object of them all.
func trainFolds(o trainOpts, folds []string, stdout, stderr io.Writer) error {
	if err := checkFoldModels(o.modelDir, o.resume); err != nil {
		return err
	}
	var fos []trainOpts
	for _, fold := range folds {
		name := filepath.Base(fold)
		fo := o
		fo.dataDir, fo.modelDir, fo.label = fold, filepath.Join(o.modelDir, name), o.label+" "+name
		// A fold not begun is trained afresh.
		_, err := os.Stat(fo.modelDir)
		if errors.Is(err, iofs.ErrNotExist) {
			fo.resume = false
		}
		// A fold's model that another recipe made is refused before any
		// fold trains.
		if err == nil && !fo.resume && !fo.force {
			p, err := planTraining(fo, stderr)
			if err == nil {
				err = training.CheckReplace(fo.modelDir, p.recipe())
			}
			if err != nil {
				return fmt.Errorf("fold %s: %w", fold, err)
			}
		}
		fos = append(fos, fo)
	}
	var runs []trained
	for _, fo := range fos {
		t, err := trainModel(fo, stderr)
		if err != nil {
			return fmt.Errorf("fold %s: %w", fo.dataDir, err)
		}
		if !o.jsonOut {
			t.print(stdout)
		}
		runs = append(runs, t)
	}
	return printFoldRuns(runs, o.jsonOut, stdout)
}

// checkFoldModels checks the directory that is to hold a model per fold:
// it must not hold a model itself and, to resume, it must exist.
func checkFoldModels(dir string, resume bool) error {
	if _, err := os.Stat(filepath.Join(dir, model.ConfigFile)); err == nil {
		return fmt.Errorf("model directory %s holds a model, not a model per fold: name another --model for the folds' models (MODEL/fold0, …)", dir)
	}
	if _, err := os.Stat(dir); resume && errors.Is(err, iofs.ErrNotExist) {
		return fmt.Errorf("cannot resume: model directory %s does not exist", dir)
	}
	return nil
}

// printFoldRuns prints the folds' test accuracies and their mean ± sample
// standard deviation, or with jsonOut one object: {"folds": [each fold's
// object as `wap train --json` prints it], "test_mean", "test_std",
// "dev_mean"}.
func printFoldRuns(runs []trained, jsonOut bool, stdout io.Writer) error {
	var tests, devs []float64
	for _, t := range runs {
		tests, devs = append(tests, t.testAcc), append(devs, t.final.DevAccuracy)
	}
	testMean, testStd := meanStd(tests)
	devMean, _ := meanStd(devs)
	if jsonOut {
		var objs []map[string]any
		for _, t := range runs {
			objs = append(objs, t.object())
		}
		return json.NewEncoder(stdout).Encode(map[string]any{"folds": objs, "test_mean": round(testMean, 2), "test_std": round(testStd, 2), "dev_mean": round(devMean, 2)})
	}
	fmt.Fprintf(stdout, "%d folds: test accuracy %s; mean %.1f%% ± %.1f (%s); dev accuracy mean %.1f%%\n",
		len(runs), percents(tests), testMean, testStd, acrossFolds, devMean)
	return nil
}

// foldSets pairs the prepared folds of dataDir with the models of
// modelDir's folds (data[k] with models[k], both foldK): none when
// neither is a set of folds. One set of folds without the other, or sets
// of different sizes, is an error that names both.
func foldSets(dataDir, modelDir string) (data, models []string, err error) {
	if data, err = prepare.PreparedFolds(dataDir); err != nil {
		return nil, nil, err
	}
	if models, err = modelFolds(modelDir); err != nil {
		return nil, nil, err
	}
	switch {
	case len(data) == 0 && len(models) == 0:
		return nil, nil, nil
	case len(data) == 0:
		return nil, nil, fmt.Errorf("%s holds a model per fold (%s), but %s holds no prepared folds: evaluate them on the prepared folds they were trained on, or name one fold's model",
			modelDir, foldRange(models), dataDir)
	case len(models) == 0:
		return nil, nil, fmt.Errorf("%s holds prepared folds (%s), but %s holds no model per fold: evaluate the models that 'wap train --data %s' trained",
			dataDir, foldRange(data), modelDir, dataDir)
	case len(data) != len(models):
		return nil, nil, fmt.Errorf("%s holds %d prepared folds (%s), but %s holds the models of %d (%s): evaluate the models trained on these folds",
			dataDir, len(data), foldRange(data), modelDir, len(models), foldRange(models))
	}
	return data, models, nil
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

// evalFolds evaluates each fold's model (models[k]) on its fold's split
// of prepared data (data[k]) as evalSplit does, and prints each fold's
// accuracy, their mean ± sample standard deviation, and the accuracy per
// group of problems of all the folds pooled.
func evalFolds(f evalFlags, data, models []string, stdout io.Writer) error {
	var results []splitResult
	var accs []float64
	pooled := newScores()
	for k := range data {
		fk := f
		fk.dataDir, fk.modelDir, fk.trainedHere = data[k], models[k], true
		r, err := evalSplit(fk)
		if err != nil {
			return fmt.Errorf("fold %s: %w", data[k], err)
		}
		results, accs = append(results, r), append(accs, r.sc.all.acc())
		pooled.merge(r.sc)
	}
	mean, std := meanStd(accs)
	if f.jsonOut {
		var objs []map[string]any
		for k, r := range results {
			obj := r.object()
			obj["fold"], obj["model"] = filepath.Base(data[k]), models[k]
			objs = append(objs, obj)
		}
		obj := map[string]any{"split": f.split, "folds": objs, "mean": round(mean, 2), "std": round(std, 2), "n": pooled.all.n, "data": results[0].source}
		pooled.addTo(obj)
		return json.NewEncoder(stdout).Encode(obj)
	}
	fmt.Fprintf(stdout, "the models of %s, each evaluated on the %s split of its fold of %s (%s data)\n", f.modelDir, f.split, f.dataDir, results[0].source)
	for k, r := range results {
		all := r.sc.all
		fmt.Fprintf(stdout, "%s: %.1f%% (%d/%d; %s); model %s (%s)\n", filepath.Base(data[k]), all.acc(), all.right, all.n, intervalText(all.right, all.n), models[k], describe(r.cfg))
	}
	fmt.Fprintf(stdout, "mean %.1f%% ± %.1f over %d folds (%s); all folds' problems together: %.1f%% (%d/%d)\n",
		mean, std, len(results), acrossFolds, pooled.all.acc(), pooled.all.right, pooled.all.n)
	pooled.print(stdout)
	return nil
}

// acrossFolds says what the ± of the folds' mean is: the spread of the
// folds' accuracies of one run, not of runs over seeds.
const acrossFolds = "sample standard deviation across the folds of this one seed, not across seeds"

// meanStd returns the mean of xs and their sample standard deviation
// (with n−1; 0 for one value).
func meanStd(xs []float64) (mean, std float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}

// percents writes accuracies as "81.0%, 84.5%".
func percents(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%.1f%%", x)
	}
	return strings.Join(parts, ", ")
}

// foldRange names a set of folds by its first and last: "fold0…fold4".
func foldRange(folds []string) string {
	return filepath.Base(folds[0]) + "…" + filepath.Base(folds[len(folds)-1])
}

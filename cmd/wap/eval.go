package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/eval/wapeval"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/source/benchmark"
)

// evalCmd is wap eval: a model's accuracy on a split of prepared data, on
// each fold of prepared folds, or on the hand-written benchmark (package
// wapeval).
func evalCmd(args []string, stdout, stderr io.Writer) error {
	o, bench, jsonOut, err := parseEval(args, stderr)
	if err != nil {
		return err
	}
	var r interface {
		Object() map[string]any
		Print(io.Writer)
	}
	if bench != "" {
		r, err = wapeval.EvaluateBench(o, bench)
	} else {
		var folds []wapeval.Fold
		if folds, err = wapeval.EvaluationFolds(o.Data, o.Model); err == nil && len(folds) > 0 {
			r, err = wapeval.EvaluateFolds(o, folds)
		} else if err == nil {
			r, err = wapeval.Evaluate(o)
		}
	}
	if err != nil {
		return err
	}
	if jsonOut {
		return json.NewEncoder(stdout).Encode(r.Object())
	}
	r.Print(stdout)
	return nil
}

// parseEval parses and checks the flags of wap eval: what to evaluate,
// the set of the benchmark if any, and whether to print JSON.
func parseEval(args []string, stderr io.Writer) (o wapeval.Options, bench string, jsonOut bool, err error) {
	fs := cli.NewFlagSet("wap eval", "usage: wap eval [flags]\n"+
		"Prints the model's accuracy on a split (on CC's test split, beside the paper's Table 3) or on the hand-written benchmark,\n"+
		"per equation pattern, problem type, variation and number of operations where the data say;\n"+
		"answers are the exact values of the formulas that 'wap answer' prints. With prepared folds (--data DIR\n"+
		"holding fold0, …), evaluates each fold's model (MODEL/fold0, …) on its fold: the accuracy per fold and\n"+
		"their mean ± sample standard deviation (n−1), the groups of problems pooled over the folds.", stderr)
	fs.TextVar(&o.Split, "split", data.Test, "split of the prepared data to evaluate: train, dev or test")
	cli.StringVar(fs, &bench, "bench", "", "evaluate on a set of the hand-written benchmark instead: dev (500 problems) or test (100)", func(s string) error {
		if !slices.Contains(benchmark.Sets, s) {
			return fmt.Errorf("--bench must be %s, got %q", strings.Join(benchmark.Sets, " or "), s)
		}
		return nil
	})
	fs.StringVar(&o.Data, "data", prepare.DefaultOut, "prepared data (wap prepare), or prepared folds (DATA/fold0, …)")
	fs.StringVar(&o.Model, "model", model.DefaultDir, "model directory (with prepared folds, a directory of a model per fold: MODEL/fold0, …)")
	fs.BoolVar(&jsonOut, "json", false, "print one JSON object with split, n and accuracy (with folds: folds, mean and std)")
	fs.TextVar(&o.Decode, "decode", answer.DecodeSensible, decodeUsage)
	fs.BoolVar(&o.AsWritten, "as-written", false, asWrittenUsage)
	fs.BoolVar(&o.NoQuestion, "no-question", false, "remove each problem's question (its last sentence, or what follows its last comma and a question word: the CSV's Body alone) and evaluate on the problems whose numbers all stand in the rest")
	err = cli.ParseFlags(fs, args)
	switch {
	case err != nil:
		return o, "", false, err
	case bench != "" && o.NoQuestion:
		return o, "", false, cli.Usagef("--no-question evaluates prepared data, not --bench")
	}
	return o, bench, jsonOut, nil
}

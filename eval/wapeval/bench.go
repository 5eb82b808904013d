package wapeval

import (
	"fmt"
	"io"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source/benchmark"
)

// BenchResult is how a model answered a set of the hand-written
// benchmark.
type BenchResult struct {
	Set, Model string // the set (benchmark.Sets) and the model directory
	Config     model.Config
	Report     *answer.BenchReport
}

// EvaluateBench evaluates the model of o.Model on a set of the
// hand-written benchmark (dev or test: benchmark.Sets).
func EvaluateBench(o Options, set string) (BenchResult, error) {
	m, cfg, vocab, err := LoadModel(o)
	if err != nil {
		return BenchResult{}, err
	}
	items, err := benchmark.Load(set)
	if err != nil {
		return BenchResult{}, err
	}
	rep, err := m.EvalBenchmark(items, vocab)
	if err != nil {
		return BenchResult{}, err
	}
	return BenchResult{Set: set, Model: o.Model, Config: cfg, Report: rep}, nil
}

// Object is the result as the JSON object that wap eval --bench --json
// prints.
func (r BenchResult) Object() map[string]any {
	rep := r.Report
	return map[string]any{"split": "bench-" + r.Set, "n": rep.All.N, "accuracy": mathx.Round(rep.All.Acc, 2),
		"interval95": Interval95(rep.All.Right, rep.All.N), "trained_on": r.Config.Data, "generated": r.Config.Generated, "report": rep}
}

// Print writes the accuracy, per equation pattern, per phenomenon and by
// confidence, then how many of the stories' words the vocabulary and
// WordNet know.
func (r BenchResult) Print(w io.Writer) {
	rep := r.Report
	fmt.Fprintf(w, "model %s (%s), evaluated on the %s set of the hand-written benchmark\n",
		r.Model, answer.Describe(r.Config), r.Set)
	fmt.Fprintf(w, "accuracy %.1f%% (%d/%d; %s)\n", rep.All.Acc, rep.All.Right, rep.All.N, IntervalText(rep.All.Right, rep.All.N))
	printScores := func(title string, m map[string]answer.Score, keys []string) {
		fmt.Fprintln(w, title)
		for _, k := range keys {
			if s, ok := m[k]; ok {
				fmt.Fprintf(w, "  %-18s %6.1f%%   (%d/%d)\n", k, s.Acc, s.Right, s.N)
			}
		}
	}
	printScores("per equation pattern:", rep.ByPattern, answer.SortedKeys(rep.ByPattern))
	printScores("per phenomenon:", rep.ByPhenomenon, answer.SortedKeys(rep.ByPhenomenon))
	printScores("by confidence:", rep.Calibration, []string{answer.ConfHigh, answer.ConfMid, answer.ConfLow, answer.ConfHalf})
	fmt.Fprintf(w, "story words: %d; not one piece of the vocabulary (read as several pieces): %d (%.1f%%); unknown: %d (%.1f%%)\n",
		rep.Words, rep.Unseen, 100*float64(rep.Unseen)/float64(max(rep.Words, 1)), rep.Unknown, 100*float64(rep.Unknown)/float64(max(rep.Words, 1)))
	fmt.Fprintf(w, "words with WordNet classes: %d (%.1f%%); of the words not one piece: %d (%.1f%%)\n",
		rep.Classed, 100*float64(rep.Classed)/float64(max(rep.Words, 1)), rep.UnseenClassed, 100*float64(rep.UnseenClassed)/float64(max(rep.Unseen, 1)))
}

package wapeval

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/d4lang/d4/internal/mathx"
)

// PaperTable3 is Table 3 of the paper: accuracy (%) on the CC test set.
var PaperTable3 = []struct {
	Name string
	Acc  float64
}{{"Roy & Roth (2015)", 55.5}, {"Seq2Seq", 95.0}, {"GeNeRe", 98.5}, {"∂4 (paper)", 96.0}}

// printTable3 prints our accuracy beside the paper's Table 3 when the
// split is CC's test split; on other data (notCC) the accuracy alone, for
// the paper's figures are not of it.
func printTable3(w io.Writer, all Tally, notCC bool) {
	if notCC {
		fmt.Fprintf(w, "accuracy %.1f%% (%d/%d; %s)\n", all.Acc(), all.Right, all.N, IntervalText(all.Right, all.N))
		return
	}
	fmt.Fprintf(w, "%-20s %8s   (on CC's test split: the paper's Table 3, then this model)\n", "model", "accuracy")
	for _, b := range PaperTable3 {
		fmt.Fprintf(w, "%-20s %7.1f%%\n", b.Name, b.Acc)
	}
	fmt.Fprintf(w, "%-20s %7.1f%%   (%d/%d; %s)\n", "∂4 (ours)", all.Acc(), all.Right, all.N, IntervalText(all.Right, all.N))
}

// Interval95 is the 95% Wilson interval of right answers out of n, in
// percent: how far from the measured accuracy the model's accuracy on
// more problems like these may lie.
func Interval95(right, n int) [2]float64 {
	lo, hi := mathx.Wilson(right, n)
	return [2]float64{mathx.Round(100*lo, 1), mathx.Round(100*hi, 1)}
}

// IntervalText writes Interval95 for the text report: "95% interval
// 30.1–95.4%".
func IntervalText(right, n int) string {
	iv := Interval95(right, n)
	return fmt.Sprintf("95%% interval %.1f–%.1f%%", iv[0], iv[1])
}

// AcrossFolds says what the ± of the folds' mean is: the spread of the
// folds' accuracies of one run, not of runs over seeds.
const AcrossFolds = "sample standard deviation across the folds of this one seed, not across seeds"

// MeanStd returns the mean of xs and their sample standard deviation
// (with n−1; 0 for one value).
func MeanStd(xs []float64) (mean, std float64) {
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

// Percents writes accuracies as "81.0%, 84.5%".
func Percents(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%.1f%%", x)
	}
	return strings.Join(parts, ", ")
}

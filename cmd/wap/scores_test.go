package main

import (
	"bytes"
	"slices"
	"testing"

	"github.com/d4lang/d4/tasks/wap/prepare"
)

// A problem of several SVAMP variations counts under each of their codes,
// once; the other breakdowns keep their key whole.
func TestBreakdownGroups(t *testing.T) {
	variation, pattern := breakdowns[2], breakdowns[0]
	tests := []struct {
		b    breakdown
		row  prepare.Row
		want []string
	}{
		{variation, prepare.Row{Variation: "11"}, []string{"11"}},
		{variation, prepare.Row{Variation: "12, 23, 11, 32"}, []string{"12", "23", "11", "32"}},
		{variation, prepare.Row{Variation: "11, 23, 11"}, []string{"11", "23"}},
		{variation, prepare.Row{}, nil},
		{pattern, prepare.Row{Pattern: "a+b, c"}, []string{"a+b, c"}},
	}
	for _, tt := range tests {
		if got := tt.b.groups(tt.row); !slices.Equal(got, tt.want) {
			t.Errorf("%s of %+v: %q, want %q", tt.b.json, tt.row, got, tt.want)
		}
	}
	sc := newScores()
	sc.add(prepare.Row{Variation: "11, 23"}, true)
	sc.add(prepare.Row{Variation: "11"}, false)
	if got := sc.per[2]; got["11"] != (tally{1, 2}) || got["23"] != (tally{1, 1}) || sc.all != (tally{1, 2}) {
		t.Errorf("per variation %v, all %v", got, sc.all)
	}
}

// The paper's Table 3 stands beside the accuracy on CC's test split only.
func TestPrintTable3(t *testing.T) {
	for _, tt := range []struct {
		notCC bool
		want  string
	}{
		{true, "accuracy 75.0% (3/4; 95% interval 30.1–95.4%)\n"},
		{false, "model                accuracy   (on CC's test split: the paper's Table 3, then this model)\nRoy & Roth (2015)       55.5%\nSeq2Seq                 95.0%\nGeNeRe                  98.5%\n∂4 (paper)              96.0%\n∂4 (ours)               75.0%   (3/4; 95% interval 30.1–95.4%)\n"},
	} {
		var b bytes.Buffer
		printTable3(&b, tally{3, 4}, tt.notCC)
		if b.String() != tt.want {
			t.Errorf("notCC %v:\n%s\nwant:\n%s", tt.notCC, b.String(), tt.want)
		}
	}
}

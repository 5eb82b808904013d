package wapeval

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
		{variation, prepare.Row{Variation: "11"}, []string{"11 same object, different structure"}},
		{variation, prepare.Row{Variation: "12, 23, 11, 32"}, []string{"12 different object, same structure", "23 invert operation", "11 same object, different structure", "32 change order of phrases"}},
		{variation, prepare.Row{Variation: "11, 23, 11"}, []string{"11 same object, different structure", "23 invert operation"}},
		{variation, prepare.Row{}, nil},
		{pattern, prepare.Row{Pattern: "a+b, c"}, []string{"a+b, c"}},
	}
	for _, tt := range tests {
		if got := tt.b.groups(tt.row); !slices.Equal(got, tt.want) {
			t.Errorf("%s of %+v: %q, want %q", tt.b.json, tt.row, got, tt.want)
		}
	}
	sc := NewScores()
	sc.Add(prepare.Row{Variation: "11, 23"}, true)
	sc.Add(prepare.Row{Variation: "11"}, false)
	if got := sc.per[2]; got["11 same object, different structure"] != (Tally{1, 2}) || got["23 invert operation"] != (Tally{1, 1}) || sc.All != (Tally{1, 2}) {
		t.Errorf("per variation %v, all %v", got, sc.All)
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
		printTable3(&b, Tally{3, 4}, tt.notCC)
		if b.String() != tt.want {
			t.Errorf("notCC %v:\n%s\nwant:\n%s", tt.notCC, b.String(), tt.want)
		}
	}
}

// A row counts in the group of each of its SVAMP variation codes, named,
// and in its kind's.
func TestScoresPerKindAndVariation(t *testing.T) {
	for _, tt := range []struct {
		variation string
		want      []string
	}{
		{"33", []string{"33 add irrelevant information"}},
		{"21, 11", []string{"21 add relevant information", "11 same object, different structure"}},
		{"22,32", []string{"22 change information", "32 change order of phrases"}},
		{"99", []string{"99"}},
		{"", nil},
	} {
		if got := variationKeys(prepare.Row{Variation: tt.variation}); !slices.Equal(got, tt.want) {
			t.Errorf("variation %q: groups %q, want %q", tt.variation, got, tt.want)
		}
	}
	sc := NewScores()
	rows := []prepare.Row{
		{Equation: "X=(76.0-25.0)", Values: []string{"76", "25", "4"}, Variation: "33, 11"},
		{Equation: "X=(76.0-25.0)", Values: []string{"76", "25"}, Variation: "11"},
	}
	sc.Add(rows[0], true)
	sc.Add(rows[1], false)
	obj := map[string]any{}
	sc.AddTo(obj)
	kinds, _ := obj["per_kind"].(map[string]float64)
	codes, _ := obj["per_variation"].(map[string]float64)
	if kinds[prepare.KindOneStepUnused] != 100 || kinds[prepare.KindOneStep] != 0 || len(kinds) != 2 {
		t.Errorf("per_kind %v, want one step with an unused number 100, one step 0", kinds)
	}
	if codes["33 add irrelevant information"] != 100 || codes["11 same object, different structure"] != 50 || len(codes) != 2 {
		t.Errorf("per_variation %v, want 33 at 100 and 11 at 50", codes)
	}
}

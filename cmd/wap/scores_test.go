package main

import (
	"slices"
	"testing"

	"github.com/d4lang/d4/tasks/wap/prepare"
)

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
	sc := newScores()
	rows := []prepare.Row{
		{Equation: "X=(76.0-25.0)", Values: []string{"76", "25", "4"}, Variation: "33, 11"},
		{Equation: "X=(76.0-25.0)", Values: []string{"76", "25"}, Variation: "11"},
	}
	sc.add(rows[0], true)
	sc.add(rows[1], false)
	obj := map[string]any{}
	sc.addTo(obj)
	kinds, _ := obj["per_kind"].(map[string]float64)
	codes, _ := obj["per_variation_code"].(map[string]float64)
	if kinds[prepare.KindOneStepUnused] != 100 || kinds[prepare.KindOneStep] != 0 || len(kinds) != 2 {
		t.Errorf("per_kind %v, want one step with an unused number 100, one step 0", kinds)
	}
	if codes["33 add irrelevant information"] != 100 || codes["11 same object, different structure"] != 50 || len(codes) != 2 {
		t.Errorf("per_variation_code %v, want 33 at 100 and 11 at 50", codes)
	}
}

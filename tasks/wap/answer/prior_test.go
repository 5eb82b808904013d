package answer

import (
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// The learned prior weighs each answer's probability: it flips the
// decision where it weighs the slots' most probable answer down (and says
// so), keeps it where it does not, takes an answer that the fixed rule
// would set aside when it weighs it as any other, and never chooses a
// division by zero.
func TestDecidePriorFlips(t *testing.T) {
	type out = handOutcome
	weights := func(f map[int]float64) []float64 {
		w := make([]float64, model.PriorFeatures)
		for k, x := range f {
			w[k] = x
		}
		return w
	}
	numbers := []*big.Rat{big.NewRat(5, 1), big.NewRat(8, 1), big.NewRat(20, 1)}
	tests := []struct {
		name   string
		w      []float64
		outs   []out
		chosen string // "" for none
		aside  string // the formula set aside, "" for none
		why    string
		post   float64 // the chosen answer's weighed probability
	}{
		{"zero weights: the slots' answer", weights(nil), []out{{"5 - 8", "-3", 0.5}, {"5 + 8", "13", 0.3}, {"5 * 8", "40", 0.2}}, "-3", "", "", 0.5},
		{"negative weighed down", weights(map[int]float64{model.FeatNegative: -3}), []out{{"5 - 8", "-3", 0.5}, {"5 + 8", "13", 0.3}, {"5 * 8", "40", 0.2}},
			"13", "5 - 8", "learned prior: negative (×0.05 the answer's weight)", 0.3 / (0.5*math.Exp(-3) + 0.5)},
		{"a fraction the rule sets aside, the prior keeps", weights(map[int]float64{model.FeatNegative: -3}), []out{{"5 / 8", "5/8", 0.45}, {"5 - 8", "-3", 0.35}, {"5 * 8", "40", 0.2}},
			"5/8", "", "", 0.45 / (0.45 + 0.35*math.Exp(-3) + 0.2)},
		{"far larger weighed down", weights(map[int]float64{model.FeatLarger: -3}), []out{{"5 * 8 * 20", "800", 0.5}, {"5 + 8", "13", 0.4}, {"20 - 8", "12", 0.1}},
			"13", "5 * 8 * 20", "learned prior: far larger than the numbers (×0.0082 the answer's weight)", 0},
		{"division by zero never chosen", weights(nil), []out{{"8 / (5 - 5)", "", 0.7}, {"8 + (5 - 5)", "8", 0.3}}, "8", "8 / (5 - 5)", WhyDivZero, 0.3},
		{"only divisions by zero: none", weights(nil), []out{{"8 / (5 - 5)", "", 1}}, "", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chosen, aside := decidePrior(handOutcomes(tt.outs), tt.w, numbers)
			switch {
			case tt.chosen == "" && chosen != nil:
				t.Fatalf("chose %s, want none", chosen.term.Value.RatString())
			case tt.chosen != "" && (chosen == nil || chosen.term.Value.RatString() != tt.chosen):
				t.Fatalf("chose %v, want %s", chosen, tt.chosen)
			}
			if tt.post != 0 && math.Abs(chosen.post-tt.post) > 1e-12 {
				t.Errorf("weighed probability %v, want %v", chosen.post, tt.post)
			}
			switch {
			case tt.aside == "" && aside != nil:
				t.Errorf("set aside %+v, want nothing", *aside)
			case tt.aside != "" && aside == nil:
				t.Errorf("set aside nothing, want %s", tt.aside)
			case aside != nil && (aside.Formula != tt.aside || aside.Why != tt.why):
				t.Errorf("set aside %q: %q; want %q: %q", aside.Formula, aside.Why, tt.aside, tt.why)
			}
		})
	}
}

// With a model's prior weighing negative answers down and its
// distributions peaked on a negative formula, the sensible decoding
// answers otherwise and says what it set aside and why; the explanation's
// reading of that formula says the same, and the chosen reading's weighed
// probability is the confidence. With zero weights the same distributions
// give the negative formula; the fixed rule (DecodeRule) sets it aside for
// its own reason.
func TestSolveSetsAsideWithPrior(t *testing.T) {
	m := waptest.SketchModel(t, "wap_steps", 12, false, 1)
	if err := m.AddPrior(); err != nil {
		t.Fatal(err)
	}
	p := waptest.RandomProblems(1, 12, 1)[0]
	p.Numbers = []int{5, 8, 2}
	execs, runs := runsOf(t, m, p)
	k := slices.IndexFunc(runs, func(r model.Outcome) bool { return !r.Term.DivZero && r.Term.Value.Sign() < 0 })
	if k < 0 {
		t.Fatal("no negative formula")
	}
	peak := runs[k]
	peakOn(execs, peak.Choices)
	w := make([]float64, model.PriorFeatures)
	w[model.FeatNegative] = -20
	sol, err := exactAnswer(m, p, execs, w, DecodeSensible, true)
	if err != nil {
		t.Fatal(err)
	}
	a := sol.SetAside
	if a == nil || a.Formula != peak.Term.Formula || !strings.HasPrefix(a.Why, WhyPrior+": negative") || a.Value.Cmp(peak.Term.Value) != 0 {
		t.Fatalf("%s = %v, set aside %+v; want %s = %v set aside by the prior: negative", sol.Formula, sol.Answer, a, peak.Term.Formula, peak.Term.Value)
	}
	if sol.Answer.Sign() < 0 {
		t.Errorf("answer %v, negative", sol.Answer)
	}
	x, err := explain(m, p, execs, sol)
	if err != nil {
		t.Fatal(err)
	}
	said, chosen := false, false
	for _, r := range x.Readings {
		if r.Formula == a.Formula {
			said = r.Why == a.Why
		}
		if r.Chosen {
			chosen = math.Abs(r.PPrior-sol.Confidence) <= 1e-4 && r.P < a.Prob
		}
	}
	if !said || !chosen {
		t.Errorf("readings %+v: want %s set aside (%s) and the chosen one at confidence %v", x.Readings, a.Formula, a.Why, sol.Confidence)
	}
	if zero, err := exactAnswer(m, p, execs, make([]float64, model.PriorFeatures), DecodeSensible, true); err != nil || zero.SetAside != nil || zero.Formula != peak.Term.Formula {
		t.Errorf("zero weights: %s, set aside %+v (%v); want %s", zero.Formula, zero.SetAside, err, peak.Term.Formula)
	}
	if rule, err := exactAnswer(m, p, execs, w, DecodeRule, true); err != nil || rule.SetAside == nil || rule.SetAside.Why != WhyNegative {
		t.Errorf("the fixed rule: %s, set aside %+v (%v); want %s set aside: negative", rule.Formula, rule.SetAside, err, peak.Term.Formula)
	}
}

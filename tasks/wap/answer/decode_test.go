package answer

import (
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// The sensible decoding sets aside the most probable outcome when it is
// negative, not of the form of the question's numbers, or divides by
// zero, and says what it set aside: the most probable of the outcomes
// more probable than its answer that are not sensible.
func TestDecideSensibleSetsAside(t *testing.T) {
	type out = handOutcome
	tests := []struct {
		name   string
		form   numberForm
		outs   []out
		chosen string // the value chosen; "" for none
		aside  *out   // what is set aside, or nil
		why    string
	}{
		{"negative", formWhole, []out{{"5 - 8", "-3", 0.6}, {"5 + 8", "13", 0.3}, {"5 * 8", "40", 0.1}}, "13", &out{"5 - 8", "-3", 0.6}, WhyNegative},
		{"not whole", formWhole, []out{{"5 / 8", "5/8", 0.5}, {"5 * 8", "40", 0.3}, {"8 / 5", "8/5", 0.2}}, "40", &out{"5 / 8", "5/8", 0.5}, WhyNotWhole},
		{"not a finite decimal", formDecimal, []out{{"2.5 / 3", "5/6", 0.45}, {"2.5 * 3", "15/2", 0.35}, {"3 - 2.5", "1/2", 0.2}}, "15/2", &out{"2.5 / 3", "5/6", 0.45}, WhyNotDecimal},
		{"division by zero", formWhole, []out{{"8 / (5 - 5)", "", 0.7}, {"8 + (5 - 5)", "8", 0.3}}, "8", &out{"8 / (5 - 5)", "", 0.7}, WhyDivZero},
		{"negative and not whole: negative", formWhole, []out{{"3 - 8 / 2 / 3", "-1/3", 0.6}, {"3 + 8", "11", 0.4}}, "11", &out{"3 - 8 / 2 / 3", "-1/3", 0.6}, WhyNegative},
		{"the most probable of two set aside", formWhole, []out{{"5 / 8", "5/8", 0.35}, {"5 - 8", "-3", 0.4}, {"5 + 8", "13", 0.25}}, "13", &out{"5 - 8", "-3", 0.4}, WhyNegative},
		{"a fraction among fractions is sensible", formAny, []out{{"1/3 * 2", "2/3", 0.7}, {"2 - 1/3 * 9", "-1", 0.3}}, "2/3", nil, ""},
		{"the most probable is sensible", formWhole, []out{{"5 + 8", "13", 0.6}, {"5 - 8", "-3", 0.4}}, "13", nil, ""},
		{"as probable as the answer: not set aside", formWhole, []out{{"5 - 8", "-3", 0.5}, {"8 - 5", "3", 0.5}}, "3", nil, ""},
		{"nothing sensible: nothing chosen, nothing set aside", formWhole, []out{{"5 - 8", "-3", 0.6}, {"5 / 8", "5/8", 0.4}}, "", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chosen, aside := decideSensible(handOutcomes(tt.outs), tt.form)
			switch {
			case tt.chosen == "" && chosen != nil:
				t.Errorf("chose %s, want none", chosen.term.Value.RatString())
			case tt.chosen != "" && (chosen == nil || chosen.term.Value.RatString() != tt.chosen):
				t.Errorf("chose %v, want %s", chosen, tt.chosen)
			}
			if tt.aside == nil {
				if aside != nil {
					t.Errorf("set aside %+v, want nothing", *aside)
				}
				return
			}
			if aside == nil {
				t.Fatalf("set aside nothing, want %s", tt.aside.formula)
			}
			value := ""
			if aside.Value != nil {
				value = aside.Value.RatString()
			}
			if aside.Formula != tt.aside.formula || value != tt.aside.value || aside.Prob != tt.aside.prob || aside.Why != tt.why {
				t.Errorf("set aside %q = %q (p %v): %q; want %q = %q (p %v): %q", aside.Formula, value, aside.Prob, aside.Why, tt.aside.formula, tt.aside.value, tt.aside.prob, tt.why)
			}
		})
	}
}

// With the model's distributions peaked on a combination that is negative,
// not whole or divides by zero, Solve answers sensibly and says what it
// set aside: that combination's formula and value, the total probability
// of its value, and why.
func TestSolveSaysWhatItSetAside(t *testing.T) {
	m := waptest.PaperModel(t, 12, 1)
	tests := []struct {
		numbers []int
		why     string
		pick    func(symbolic.Term) bool
	}{
		{[]int{5, 8, 2}, WhyNegative, func(x symbolic.Term) bool { return !x.DivZero && x.Value.Sign() < 0 }},
		{[]int{5, 8, 3}, WhyNotWhole, func(x symbolic.Term) bool { return !x.DivZero && x.Value.Sign() > 0 && !x.Value.IsInt() }},
		{[]int{5, 8, 0}, WhyDivZero, func(x symbolic.Term) bool { return x.DivZero }},
	}
	for _, tt := range tests {
		p := waptest.RandomProblems(1, 12, 1)[0]
		p.Numbers = tt.numbers
		execs, runs := runsOf(t, m, p)
		k := slices.IndexFunc(runs, func(r model.Outcome) bool { return tt.pick(r.Term) })
		if k < 0 {
			t.Fatalf("%v: no combination %s", tt.numbers, tt.why)
		}
		peak := runs[k]
		peakOn(execs, peak.Choices)
		// The probability of the peak's value, summed over the runs.
		want := 0.0
		for _, r := range runs {
			if r.Term.DivZero != peak.Term.DivZero || !r.Term.DivZero && r.Term.Value.Cmp(peak.Term.Value) != 0 {
				continue
			}
			prob := 1.0
			for j, c := range r.Choices {
				prob *= execs[j].Probs[c]
			}
			want += prob
		}
		sol, err := exactAnswer(m, p, execs, nil, DecodeSensible, true)
		if err != nil {
			t.Fatalf("%v: %v", tt.numbers, err)
		}
		a := sol.SetAside
		if a == nil {
			t.Fatalf("%v: %s = %s, nothing set aside; want %s (%s)", tt.numbers, sol.Formula, sol.Answer.RatString(), peak.Term.Formula, tt.why)
		}
		if a.Formula != peak.Term.Formula || a.Why != tt.why || math.Abs(a.Prob-want) > 1e-12 || (a.Value == nil) != peak.Term.DivZero ||
			a.Value != nil && a.Value.Cmp(peak.Term.Value) != 0 {
			t.Errorf("%v: set aside %q = %v (p %v): %s; want %q = %v (p %v): %s", tt.numbers, a.Formula, a.Value, a.Prob, a.Why, peak.Term.Formula, peak.Term.Value, want, tt.why)
		}
		if v := sol.Answer; v.Sign() < 0 || !v.IsInt() || sol.Confidence >= a.Prob {
			t.Errorf("%v: answer %s (p %v) beside %s (p %v)", tt.numbers, v.RatString(), sol.Confidence, a.Formula, a.Prob)
		}
	}
}

// handOutcome is an outcome made by hand: its formula, its value ("" for
// a division by zero) and its probability.
type handOutcome struct {
	formula, value string
	prob           float64
}

// handOutcomes returns the outcomes by key, as outcomes makes them.
func handOutcomes(hs []handOutcome) map[string]*outcome {
	outs := map[string]*outcome{}
	for _, o := range hs {
		term := symbolic.Term{Formula: o.formula, Value: new(big.Rat), DivZero: o.value == ""}
		key := "DivZero"
		if o.value != "" {
			term.Value.SetString(o.value)
			key = term.Value.RatString()
		}
		outs[key] = &outcome{term: term, prob: o.prob, post: o.prob, bestProb: o.prob}
	}
	return outs
}

// peakOn makes each slot execution's distribution 0.9 on the decision of
// choices, the rest spread evenly.
func peakOn(execs []model.Execution, choices []int) {
	for j := range execs {
		n := len(execs[j].Probs)
		for c := range execs[j].Probs {
			execs[j].Probs[c] = 0.1 / float64(n-1)
		}
		execs[j].Probs[choices[j]] = 0.9
	}
}

// For a sketch without picks (whose choose slots may take a number twice,
// sketches/wap_steps_repeat.fth), the decoder leaves out a combination
// whose answer reads a number twice:
// of (5 + 5) − 5 = 5 (reading 5 three times), the more probable, and 5 + 8
// = 13, the answer is 13, with the probability of its own combination.
func TestOutcomesReadEachNumberOnce(t *testing.T) {
	rat := func(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }
	runs := []model.Outcome{
		{Choices: []int{0}, Term: symbolic.Term{Formula: "(5 + 5) - 5", Value: rat("5"), Inputs: 0b01, Reads: 3}},
		{Choices: []int{1}, Term: symbolic.Term{Formula: "5 + 8", Value: rat("13"), Inputs: 0b11, Reads: 2}},
	}
	execs := []model.Execution{{Slot: 0, Probs: []float64{0.7, 0.3}}}
	outs := outcomes(runs, execs, &model.Table{Valid: [][]bool{{true, true}}})
	if len(outs) != 1 || outs["13"] == nil || outs["13"].prob != 0.3 {
		t.Fatalf("outcomes %v, want only 13 at 0.3", outs)
	}
	if o := sensible(outs, formWhole); o == nil || o.term.Formula != "5 + 8" {
		t.Errorf("sensible chose %v, want 5 + 8", o)
	}
}

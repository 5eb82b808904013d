package answer

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// An explanation agrees with its solution: the formula's parts spell the
// formula, with each of the question's numbers marked; the chosen option
// of every slot computes the formula; the reading chosen has the answer's
// confidence; the trace ends with the answer on top of the data stack;
// and in the general sketch a number slot's option k reads number k, when
// the question has it, and is never valid when it has not.
func TestExplainAgreesWithSolution(t *testing.T) {
	vocab := generatedVocab(t)
	general := waptest.SketchModel(t, "wap_steps", vocab.Size(), true, 3)
	tests := []struct {
		m        *model.Model
		question string
	}{
		{waptest.PaperModel(t, vocab.Size(), 2), "A florist had 50 roses. She sold 15 of them and picked 21 more. How many roses does she have?"},
		{general, "Sam has 5 apples and buys 8 more. How many apples does he have?"},
		{general, "A shop sold 1,200 pens at $2.50 each and 30 pencils. How much money did it make from pens?"},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			p, err := NewProblem(tt.question, vocab, tt.m.Layout)
			if err != nil {
				t.Fatal(err)
			}
			sols, xs, err := (&Ensemble{Models: []*model.Model{tt.m}}).Explain([]*model.Problem{p})
			if err != nil {
				t.Fatal(err)
			}
			s, x := sols[0], xs[0]
			if s.Err != nil {
				testskip.Skip(t, "no answer: %v", s.Err)
			}
			marked := 0
			for _, part := range x.Formula {
				if part.Number != nil {
					marked++
					if v := reader.FormatRat(p.Quantities[*part.Number].Value); part.Text != v {
						t.Errorf("part %q marks number %d, %s", part.Text, *part.Number, v)
					}
				}
			}
			if marked == 0 || partsText(x.Formula) != s.Formula {
				t.Errorf("formula parts %+v, formula %q", x.Formula, s.Formula)
			}
			if len(x.Slots) != len(s.Choices) {
				t.Fatalf("%d slots, %d decisions", len(x.Slots), len(s.Choices))
			}
			for j, v := range x.Slots {
				if o := v.Options[v.Chosen]; v.Chosen != s.Choices[j] || !o.Valid || o.Formula != s.Formula {
					t.Errorf("slot execution %d: chosen %d (%+v), want %d computing %q", j, v.Chosen, o, s.Choices[j], s.Formula)
				}
				sum := 0.0
				for k, o := range v.Options {
					sum += o.P
					if tt.m.Layout.Fixed == 0 && v.Kind == "choose" && len(v.Options) == tt.m.Layout.Cells {
						if want := k < len(p.Quantities); o.Valid != want || want && (o.Number == nil || *o.Number != k) {
							t.Errorf("slot execution %d, option %d: valid %v, number %v; the question has %d numbers", j, k, o.Valid, o.Number, len(p.Quantities))
						}
					}
				}
				if math.Abs(sum-1) > 1e-3 {
					t.Errorf("slot execution %d: probabilities sum to %v", j, sum)
				}
			}
			chosen := 0
			for _, r := range x.Readings {
				if r.Chosen {
					chosen++
					if math.Abs(r.P-s.Confidence) > 1e-4 {
						t.Errorf("reading %+v chosen, confidence %v", r, s.Confidence)
					}
				}
			}
			if chosen > 1 {
				t.Errorf("%d readings chosen", chosen)
			}
			last := x.Trace[len(x.Trace)-1].Stack
			if top, _ := json.Marshal(last[len(last)-1].Value); string(top) != fmt.Sprint(NumberJSON(s.Answer)) && string(top) != fmt.Sprintf("%q", NumberJSON(s.Answer)) {
				t.Errorf("the trace ends with %s on top, the answer is %s", top, s.Answer.RatString())
			}
		})
	}
}

// A question's parts spell it, with each number it reads marked, digits
// or (with the general sketch's layout) words.
func TestQuestionParts(t *testing.T) {
	general := model.Layout{Cells: 8}
	paper := model.Layout{Cells: 4, Fixed: 3}
	tests := []struct {
		text   string
		lay    model.Layout
		marked []string
	}{
		{"Sam has 5 apples and buys 1,200 more.", general, []string{"5", "1,200"}},
		{"Tom had three 1/2 pies and a dozen cakes; he ate 3 1/2.", general, []string{"three", "1/2", "a dozen", "3 1/2"}},
		{"Tom had three pies and 7 cakes, ate 2 and 4.", paper, []string{"7", "2", "4"}},
		{"<script>alert('x')</script> has 4 <img src=x onerror=alert('y')> and 5", general, []string{"4", "5"}},
	}
	for _, tt := range tests {
		parts, err := QuestionParts(tt.text, tt.lay)
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		var marked []string
		for k, p := range parts {
			if p.Number != nil {
				if *p.Number != len(marked) {
					t.Errorf("%q: part %d marks number %d", tt.text, k, *p.Number)
				}
				marked = append(marked, p.Text)
			}
		}
		if partsText(parts) != tt.text || fmt.Sprint(marked) != fmt.Sprint(tt.marked) {
			t.Errorf("%q: parts %+v, marked %q, want %q", tt.text, parts, marked, tt.marked)
		}
	}
}

package answer

import (
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

func TestSentences(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"She had 50 roses. She sold 15! How many are left?", []string{"She had 50 roses.", "She sold 15!", "How many are left?"}},
		{"It costs $12.50 each. Mr. Li bought 3.", []string{"It costs $12.50 each.", "Mr.", "Li bought 3."}},
		{"how many now?? i had 5... got 3", []string{"how many now??", "i had 5...", "got 3"}},
		{"  no full stop at all  ", []string{"no full stop at all"}},
		{"", nil},
	} {
		if got := Sentences(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Sentences(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestStatementOrders(t *testing.T) {
	for _, c := range []struct {
		in    string
		limit int
		want  []string
	}{
		{"A had 5. B had 3. How many in all?", 6, []string{"B had 3. A had 5. How many in all?"}},
		{"A had 5. B had 3. C had 2. How many?", 6, []string{
			"A had 5. C had 2. B had 3. How many?", "B had 3. A had 5. C had 2. How many?", "B had 3. C had 2. A had 5. How many?",
			"C had 2. A had 5. B had 3. How many?", "C had 2. B had 3. A had 5. How many?"}},
		{"A had 5. B had 3. C had 2. How many?", 2, []string{"A had 5. C had 2. B had 3. How many?", "B had 3. C had 2. A had 5. How many?"}},
		{"How many? A had 5. B had 3.", 6, []string{"A had 5. B had 3. How many?", "B had 3. A had 5. How many?"}},
		{"A had 5, B had 3 and C had 2. How many?", 6, nil},
		{"A. B. C. D. E. F. How many?", 6, nil},
	} {
		if got := StatementOrders(c.in, c.limit); !reflect.DeepEqual(got, c.want) {
			t.Errorf("StatementOrders(%q, %d) = %q, want %q", c.in, c.limit, got, c.want)
		}
	}
	if n := len(StatementOrders("A. B. C. D. E. How many?", 1000)); n != 119 {
		t.Errorf("five statements: %d other orders, want 5! - 1", n)
	}
}

func TestNumberOrder(t *testing.T) {
	qs := func(vals ...string) []reader.Quantity {
		var out []reader.Quantity
		for _, v := range vals {
			r, _ := new(big.Rat).SetString(v)
			out = append(out, reader.Quantity{Text: v, Value: r})
		}
		return out
	}
	for _, c := range []struct {
		question, view []reader.Quantity
		want           []int
	}{
		{qs("50", "15", "21"), qs("50", "15", "21"), []int{0, 1, 2}},
		{qs("50", "15", "21"), qs("21", "50", "15"), []int{2, 0, 1}},
		{qs("50", "15", "2.5"), qs("5/2", "15", "50"), []int{2, 1, 0}},
		{qs("5", "5", "3"), qs("3", "5", "5"), nil}, // which 5 is which?
		{qs("50", "15", "21"), qs("50", "15", "22"), nil},
		{qs("50", "15", "21"), qs("50", "15"), nil},
	} {
		if got := numberOrder(c.question, c.view); !reflect.DeepEqual(got, c.want) {
			t.Errorf("numberOrder(%v, %v) = %v, want %v", c.question, c.view, got, c.want)
		}
	}
}

// A view's decisions mapped back give, on the question's numbers, the
// formula they give on the view's: for every order of the numbers and
// every choice of the permute slot (the other slots fixed), the symbolic
// machine answers the same.
func TestReorderMapsBack(t *testing.T) {
	m := waptest.PaperModel(t, 4, 1)
	re, ok := newReorder(m)
	if !ok || !reflect.DeepEqual(re.places, []int{2, 1, 0}) {
		t.Fatalf("reorder %+v, %v: want the first slot's elements D0 D-1 D-2 to hold numbers 3, 2, 1", re, ok)
	}
	question := []int{50, 15, 21}
	for _, order := range d4.Permutations(3) {
		view := make([]int, 3)
		for k, j := range order {
			view[k] = question[j]
		}
		for pi := range d4.Permutations(3) {
			onehot := make([]float64, 6)
			onehot[pi] = 1
			mapped := re.mapBack(onehot, order)
			sigma := -1
			for k, v := range mapped {
				if v == 1 {
					sigma = k
				}
			}
			for _, rest := range [][]int{{1, 0, 0}, {2, 1, 3}, {3, 0, 1}} {
				a, err := replay(m, &model.Problem{Numbers: view, NumPos: make([]int, len(view))}, append([]int{pi}, rest...))
				if err != nil {
					t.Fatal(err)
				}
				b, err := replay(m, &model.Problem{Numbers: question, NumPos: make([]int, len(question))}, append([]int{sigma}, rest...))
				if err != nil {
					t.Fatal(err)
				}
				if a.Formula != b.Formula {
					t.Errorf("numbers %v, choice %d → %d, then %v: %q on the view, %q on the question", view, pi, sigma, rest, a.Formula, b.Formula)
				}
			}
		}
	}
	// A sketch whose first slot does not permute the numbers has no
	// reorder: its views in another order are not read.
	src := strings.Replace(waptest.WapSketch(t), "{ observe R0 R-1 R-2 R-3 -> permute D0 D-1 D-2 }", "{ observe R0 R-1 R-2 R-3 -> choose SWAP NOP }", 1)
	other, err := model.NewModel("other.fth", src, 4, true, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := newReorder(other); ok {
		t.Error("a sketch that starts with choose SWAP NOP is reorderable")
	}
}

// A story told in several statements gets views in other orders, each
// with its numbers' order; the ensemble averages them, mapped back.
func TestOrderViewsAreAveraged(t *testing.T) {
	vocab := generatedVocab(t)
	p, err := NewProblem("A florist had 50 roses. She sold 15 of them. Then she picked 21 more. How many roses does she have?", vocab, paperLayout)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Views) != 5 {
		t.Fatalf("%d views, want 5 (the other orders of three statements)", len(p.Views))
	}
	reordered := 0
	for _, v := range p.Views {
		for k, j := range v.Order {
			if v.Quantities[k].Value.Cmp(p.Quantities[j].Value) != 0 {
				t.Errorf("view number %d is %v, the question's number %d %v", k, v.Quantities[k].Value, j, p.Quantities[j].Value)
			}
		}
		if v.Order != nil {
			reordered++
		}
	}
	if reordered != 5 {
		t.Errorf("%d views in another order, want 5", reordered)
	}
	e := &Ensemble{Models: []*model.Model{waptest.PaperModel(t, vocab.Size(), 3)}}
	sols, err := e.Solve([]*model.Problem{p})
	if err != nil || sols[0].Err != nil {
		t.Fatal(err, sols[0].Err)
	}
	if want := evalFormula(t, sols[0].Formula); want.Cmp(sols[0].Answer) != 0 {
		t.Errorf("%s = %s, Solve says %s", sols[0].Formula, want.RatString(), sols[0].Answer.RatString())
	}
	both, _ := e.executions([]*model.Problem{p})
	e.AsWritten = true
	alone, _ := e.executions([]*model.Problem{p})
	if reflect.DeepEqual(both, alone) {
		t.Error("the views change nothing: the test shows nothing")
	}
}

package answer

import (
	"errors"
	"go/ast"
	"go/constant"
	"go/parser"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/synth"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// evalFormula evaluates a formula with the Go standard library's exact
// constant arithmetic: an independent check of the exact machine.
func evalFormula(t *testing.T, f string) *big.Rat {
	t.Helper()
	e, err := parser.ParseExpr(f)
	if err != nil {
		t.Fatalf("formula %q: %v", f, err)
	}
	var eval func(e ast.Expr) constant.Value
	eval = func(e ast.Expr) constant.Value {
		switch e := e.(type) {
		case *ast.BasicLit:
			return constant.MakeFromLiteral(e.Value, e.Kind, 0)
		case *ast.ParenExpr:
			return eval(e.X)
		case *ast.UnaryExpr:
			return constant.UnaryOp(e.Op, eval(e.X), 0)
		case *ast.BinaryExpr:
			return constant.BinaryOp(eval(e.X), e.Op, eval(e.Y)) // QUO is exact
		}
		t.Fatalf("formula %q: unexpected %T", f, e)
		return nil
	}
	v := constant.ToFloat(eval(e))
	r, ok := constant.Val(v).(*big.Rat)
	if !ok {
		f, _ := constant.Float64Val(v)
		r = new(big.Rat).SetFloat64(f)
	}
	return r
}

// argmaxProduct is the probability of the argmax decisions.
func argmaxProduct(execs []model.Execution) float64 {
	p := 1.0
	for _, e := range execs {
		p *= e.Probs[mathx.Argmax(e.Probs)]
	}
	return p
}

// Solve's answer is the exact value of the formula it shows, on numbers of
// any size, and its confidence the probability of that answer; decoding by
// argmax takes each slot's most probable decision, the sensible decoding
// the most probable answer that is whole and not negative.
func TestSolveAnswersItsFormula(t *testing.T) {
	const vocab = 12
	compared, differ := 0, 0
	for seed := int64(1); seed <= 12; seed++ {
		m := waptest.PaperModel(t, vocab, seed)
		ps := waptest.RandomProblems(3, vocab, seed)
		big1 := []string{"1,000,000", "2.5", "3 1/2"}
		for k, txt := range big1 {
			v, _ := new(big.Rat).SetString(strings.NewReplacer(",", "", "3 1/2", "7/2").Replace(txt))
			ps[1].Quantities = append(ps[1].Quantities, reader.Quantity{Text: txt, Value: v, Pos: ps[1].NumPos[k], Len: 1})
			ps[1].Numbers[k] = 0
		}
		ps[2].Numbers = []int{1, 1, 1}
		var sols [2][]Solution
		for i, dec := range []Decoding{DecodeArgmax, DecodeSensible} {
			var err error
			if sols[i], err = (&Ensemble{Models: []*model.Model{m}, Decode: dec}).Solve(ps); err != nil {
				t.Fatal(err)
			}
			for j, s := range sols[i] {
				if s.Err != nil {
					if !errors.Is(s.Err, ErrDivZero) {
						t.Errorf("seed %d problem %d: %v", seed, j, s.Err)
					}
					continue
				}
				if want := evalFormula(t, s.Formula); want.Cmp(s.Answer) != 0 {
					t.Errorf("%v, seed %d problem %d: %s = %s, Solve says %s", dec, seed, j, s.Formula, want.RatString(), s.Answer.RatString())
				}
				if s.Confidence <= 0 || s.Confidence > 1+1e-9 {
					t.Errorf("confidence %v", s.Confidence)
				}
			}
		}
		// The outcomes of every combination of decisions have
		// probabilities that sum to 1; the confidence is the answer's.
		execs, runs := runsOf(t, m, ps[2])
		outs := outcomes(runs, execs, m.NewTable(validDecisions(runs, execs)))
		total, best := 0.0, (*outcome)(nil)
		for _, o := range outs {
			total += o.prob
			if v := o.term.Value; !o.term.DivZero && v.Sign() >= 0 && v.IsInt() && (best == nil || o.prob > best.prob) {
				best = o
			}
		}
		argmaxSol, sensibleSol := sols[0][2], sols[1][2]
		if math.Abs(total-1) > 1e-9 {
			t.Errorf("seed %d: outcomes sum to %v", seed, total)
		}
		if s := argmaxSol; s.Err == nil && (math.Abs(outs[s.Answer.RatString()].prob-s.Confidence) > 1e-12 || s.Confidence < argmaxProduct(execs)-1e-12) {
			t.Errorf("seed %d: argmax answer %v with confidence %v, its outcome %v, the argmax path %v", seed, s.Answer, s.Confidence, outs[s.Answer.RatString()].prob, argmaxProduct(execs))
		}
		if s := sensibleSol; s.Err != nil || s.Answer.Cmp(best.term.Value) != 0 || math.Abs(s.Confidence-best.prob) > 1e-12 {
			t.Errorf("seed %d: sensible answer %v (%v), want %v with %v", seed, s.Answer, s.Confidence, best.term.Value, best.prob)
		}
		if argmaxSol.Err != nil || argmaxSol.Answer.Cmp(sensibleSol.Answer) != 0 {
			differ++
		}
		checkSetAside(t, m, ps, sols[1], sols[0])
		compared++
	}
	if compared < 3 || differ == 0 {
		t.Errorf("%d outcome tables compared, %d where the decodings differ", compared, differ)
	}
}

// checkSetAside checks that each sensible solution says when it set aside
// the most probable outcome, and which (argmax sets nothing aside). The
// random models' most probable outcome is mostly a sum or a product, which
// a sensible answer takes: TestSolveSaysWhatItSetAside makes the others.
func checkSetAside(t *testing.T, m *model.Model, ps []*model.Problem, sensible, argmax []Solution) {
	t.Helper()
	for j, p := range ps {
		execs, runs := runsOf(t, m, p)
		var top, chosen *outcome
		for _, o := range outcomes(runs, execs, m.NewTable(validDecisions(runs, execs))) {
			if top == nil || o.prob > top.prob {
				top = o
			}
			if s := sensible[j]; s.Err == nil && !o.term.DivZero && o.term.Value.Cmp(s.Answer) == 0 {
				chosen = o
			}
		}
		a := sensible[j].SetAside
		switch {
		case chosen == nil || top.prob <= chosen.prob:
			if a != nil {
				t.Errorf("problem %d: set aside %+v, the answer is the most probable outcome", j, *a)
			}
		case a == nil || a.Formula != top.term.Formula || a.Prob != top.prob || (a.Value == nil) != top.term.DivZero || a.Value != nil && a.Value.Cmp(top.term.Value) != 0:
			t.Errorf("problem %d: set aside %+v, want %q (p %v)", j, a, top.term.Formula, top.prob)
		}
		if argmax[j].SetAside != nil {
			t.Errorf("problem %d: argmax set aside %+v", j, *argmax[j].SetAside)
		}
	}
}

// runsOf returns a problem's slot executions and the outcomes of every
// combination of decisions.
func runsOf(t *testing.T, m *model.Model, p *model.Problem) ([]model.Execution, []model.Outcome) {
	t.Helper()
	all, err := m.Executions([]*model.Problem{p})
	if err != nil {
		t.Fatal(err)
	}
	runs, err := m.Outcomes(p.Values())
	if err != nil {
		t.Fatal(err)
	}
	return all[0], runs
}

// The formula follows the stack: the florist's numbers 50, 15, 21 with the
// permutation that brings 50 and 15 to the top, −, SWAP and + spell
// (50 - 15) + 21 = 56.
func TestReplayFormula(t *testing.T) {
	m := waptest.PaperModel(t, 4, 1)
	perm := func(p []int) int {
		for i, q := range d4.Permutations(3) {
			if q[0] == p[0] && q[1] == p[1] && q[2] == p[2] {
				return i
			}
		}
		t.Fatalf("no permutation %v", p)
		return -1
	}
	for _, c := range []struct {
		nums    []int
		choices []int
		want    string
		value   string
		divZero bool
	}{
		{[]int{50, 15, 21}, []int{perm([]int{1, 2, 0}), 1, 0, 0}, "(50 - 15) + 21", "56", false},
		{[]int{50, 15, 21}, []int{0, 0, 1, 1}, "50 - (15 + 21)", "14", false},
		{[]int{4, 6, 2}, []int{0, 0, 1, 2}, "4 * (6 + 2)", "32", false},
		{[]int{9, 3, 0}, []int{0, 3, 1, 3}, "9 / (3 / 0)", "0", true},
		{[]int{3, 5, 0}, []int{0, 1, 0, 1}, "(5 - 0) - 3", "2", false},
		{[]int{1, 2, 0}, []int{0, 1, 1, 1}, "1 - (2 - 0)", "-1", false},
		{[]int{7, 2, 0}, []int{0, 0, 0, 3}, "(2 + 0) / 7", "2/7", false},
	} {
		term, err := replay(m, &model.Problem{Numbers: c.nums, NumPos: make([]int, len(c.nums))}, c.choices)
		if err != nil {
			t.Fatal(err)
		}
		if term.Formula != c.want || term.Value.RatString() != c.value || term.DivZero != c.divZero {
			t.Errorf("%v %v: %q = %s (division by zero %v), want %q = %s", c.nums, c.choices, term.Formula, term.Value.RatString(), term.DivZero, c.want, c.value)
		}
	}
}

// generatedVocab learns a vocabulary from 300 generated problems.
func generatedVocab(t *testing.T) *reader.Vocab {
	t.Helper()
	var qs []reader.Question
	for _, p := range synth.Generate(300, 1) {
		q, err := reader.ParseQuestion(p.Text)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	return reader.LearnVocab(qs, 0)
}

// A new question must have three numbers, of any size or form the reader
// reads; its words map to the vocabulary's pieces.
func TestNewProblem(t *testing.T) {
	vocab := generatedVocab(t)
	paper := paperLayout
	p, err := NewProblem("A florist had 50 roses, sold 15 and picked 21 more.", vocab, paper)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Numbers, []int{50, 15, 21}) || len(p.Quantities) != 3 {
		t.Errorf("numbers %v at %v, want [50 15 21]", p.Numbers, p.NumPos)
	}
	for k, q := range p.NumPos {
		if p.IDs[q] != reader.NumID {
			t.Errorf("number %d at piece %d has id %d", k, q, p.IDs[q])
		}
	}
	p, err = NewProblem("He had $1,250.50, spent 2.5 and then -3 more.", vocab, paper)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Numbers, []int{0, 0, 0}) || p.Quantities[0].Value.RatString() != "2501/2" || p.Quantities[2].Value.RatString() != "-3" {
		t.Errorf("numbers %v, quantities %v", p.Numbers, p.Quantities)
	}
	// The paper's sketch takes three numbers; a sketch that reads any of
	// its cells (the open layout) from one number to as many as it has
	// cells.
	layouts := map[string]model.Layout{"paper": paper, "open": {Cells: 4}}
	for _, tc := range []struct {
		layout, text string
		want         string // "": the problem is read
	}{
		{"paper", "A florist had 50 roses and sold 15.", "has 2 numbers (50, 15)"},
		{"paper", "She had 1, 2, 3 and 4 roses.", "has 4 numbers"},
		{"paper", "No numbers at all.", "has 0 numbers (none found)"},
		{"paper", "She had three roses, sold 2 and picked 5.", "number words (three) are not read"},
		{"paper", "On the 3rd day she had 5 roses and sold 2.", "3rd is an ordinal, not a quantity"},
		{"paper", "A florist had 3 1/2 roses, sold 1 and picked 2.", ""}, // read: 7/2, 1, 2
		{"paper", "He sold 12% of 50 roses and 3 more.", `cannot read "12%" as a number`},
		{"paper", "", "empty"},
		{"paper", strings.Repeat("roses ", 400) + "1 2 3", "limit"},
		{"paper", "The vase cost -3 dollars, 4 roses and 2 tulips.", ""},  // read: -3, 4, 2
		{"paper", "He had 10,000,000,000,000,000,000 roses, 1 and 2", ""}, // read
		{"paper", "Ein Florist hatte 50 Rosen. Er verkaufte 15 und pflückte 21.", "words are unknown to the model"},
		{"paper", "花店有50朵玫瑰,卖了15朵,又摘了21朵。", "words are unknown to the model"},
		{"open", "A florist had 50 roses and sold 15.", ""},
		{"open", "A florist had 50 roses.", ""},
		{"open", "She had 1, 2, 3 and 4 roses.", ""},
		{"open", "She had 1, 2, 3, 4 and 5 roses.", "has 5 numbers"},
		{"open", "No numbers at all, and none to be had.", "has 0 numbers"},
	} {
		_, err := NewProblem(tc.text, vocab, layouts[tc.layout])
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s layout, %.40q: %v", tc.layout, tc.text, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s layout, %.40q: error %v, want one containing %q", tc.layout, tc.text, err, tc.want)
		}
	}
}

func TestQuestionLast(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"How many roses are left? She had 50, sold 15 and picked 21.", "She had 50, sold 15 and picked 21. How many roses are left?"},
		{"  how many now?? i had 5, got 3 and lost 2  ", "i had 5, got 3 and lost 2 how many now??"},
		{"Quick one: how many are left? Mr. Li had 5, got 3 and lost 2.", "Mr. Li had 5, got 3 and lost 2. Quick one: how many are left?"},
		{"She had 50 roses, sold 15 and picked 21. How many are left?", ""}, // already last
		{"How many 8-inch pieces are there? She has 100 and uses 20.", ""},  // a number in the question
		{"How many are left?", ""},
		{"How many are left? 50, 15, 21", ""}, // no words after it
		{"She had 50 roses and sold 15 and 21.", ""},
	} {
		got, ok := QuestionLast(c.in)
		if ok != (c.want != "") || got != c.want {
			t.Errorf("QuestionLast(%q) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
}

// A question asked first gets one view, told last, with the same numbers;
// the ensemble's distributions are the mean over the problem and its view,
// and AsWritten reads the problem alone.
func TestViewsAreAveraged(t *testing.T) {
	vocab := generatedVocab(t)
	p, err := NewProblem("How many roses are left? A florist had 50 roses, sold 15 and picked 21 more.", vocab, paperLayout)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Views) != 1 || !slices.Equal(p.Views[0].Numbers, p.Numbers) || reflect.DeepEqual(p.Views[0].IDs, p.IDs) {
		t.Fatalf("views %v of %v", p.Views, p)
	}
	if q, _ := NewProblem("A florist had 50 roses, sold 15 and picked 21 more. How many roses are left?", vocab, paperLayout); len(q.Views) != 0 {
		t.Errorf("a question asked last has %d views", len(q.Views))
	}
	m := &Ensemble{Models: []*model.Model{waptest.PaperModel(t, vocab.Size(), 3)}}
	both, err := m.executions([]*model.Problem{p})
	if err != nil {
		t.Fatal(err)
	}
	m.AsWritten = true
	alone, _ := m.executions([]*model.Problem{p})
	view, _ := m.executions(p.Views)
	differ := false
	for s := range both[0] {
		for k, v := range both[0][s].Probs {
			a, b := alone[0][s].Probs[k], view[0][s].Probs[k]
			if math.Abs(v-(a+b)/2) > 1e-12 {
				t.Errorf("slot execution %d, decision %d: %v, want the mean of %v and %v", s, k, v, a, b)
			}
			differ = differ || math.Abs(a-b) > 1e-6
		}
	}
	if !differ {
		t.Error("the view reads the same as the problem: the test shows nothing")
	}
}

func TestNumberForm(t *testing.T) {
	rat := func(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }
	for _, c := range []struct {
		numbers []string
		form    numberForm
		holds   map[string]bool
	}{
		{[]string{"50", "15", "21"}, formWhole, map[string]bool{"56": true, "5/2": false, "0": true}},
		{[]string{"12.50", "3", "2"}, formDecimal, map[string]bool{"25/4": true, "40/3": false, "7": true, "1/1024": true, "1/6": false}},
		{[]string{"1/3", "2", "5"}, formAny, map[string]bool{"40/3": true, "7": true}},
		{[]string{"2.5", "1/3", "5"}, formAny, map[string]bool{"1/7": true}},
	} {
		p := &model.Problem{}
		for _, n := range c.numbers {
			p.Quantities = append(p.Quantities, reader.Quantity{Text: n, Value: rat(n)})
		}
		if f := formOf(p); f != c.form {
			t.Errorf("%v: form %d, want %d", c.numbers, f, c.form)
		}
		for v, want := range c.holds {
			if got := c.form.holds(rat(v)); got != want {
				t.Errorf("%v: %s holds %v, want %v", c.numbers, v, got, want)
			}
		}
	}
}

// paperLayout is the paper's sketch's: three numbers, every one read.
var paperLayout = model.Layout{Cells: 3, Fixed: 3}

package data_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"d4/data"
	"d4/reader"
)

// checkValues evaluates the pattern on the operands, failing on an inexact
// division or a value outside 0…149.
func checkValues(t *testing.T, p data.CCProblem, nums []float64) {
	t.Helper()
	a, b, c := nums[0], nums[1], nums[2]
	var steps []float64
	switch data.EquationPattern(p.Equation) {
	case data.PatternAddSub:
		steps = []float64{a + b, a + b - c}
	case data.PatternMulAdd:
		steps = []float64{b + c, a * (b + c)}
	case data.PatternAddDiv:
		steps = []float64{a + b, (a + b) / c}
	case data.PatternMulSub:
		steps = []float64{b - c, a * (b - c)}
	case data.PatternSubDiv:
		steps = []float64{a - b, (a - b) / c}
	}
	for _, v := range append(steps, nums...) {
		if v != float64(int(v)) || v < 0 || v > 149 {
			t.Errorf("problem %d (%s): value %v is not an integer in 0…149", p.ID, p.Equation, v)
		}
	}
	for _, v := range nums {
		if v < 1 || v > 120 {
			t.Errorf("problem %d (%s): operand %v outside 1…120", p.ID, p.Equation, v)
		}
	}
}

func TestSyntheticCC(t *testing.T) {
	const n = 300
	ps := data.SyntheticCC(n, 7)
	if len(ps) != n {
		t.Fatalf("%d problems, want %d", len(ps), n)
	}
	patterns := map[string]int{}
	texts := map[string]bool{}
	reordered := 0
	for i, p := range ps {
		if p.ID != i {
			t.Errorf("problem %d has ID %d", i, p.ID)
		}
		pat := data.EquationPattern(p.Equation)
		patterns[pat]++
		texts[p.Text] = true
		v, err := data.EvalEquation(p.Equation)
		if err != nil {
			t.Fatalf("problem %d: %v", i, err)
		}
		if v != p.Answer {
			t.Errorf("problem %d: %s = %v, Answer is %v", i, p.Equation, v, p.Answer)
		}
		eqNums, _ := data.EquationNumbers(p.Equation)
		if len(eqNums) != 3 {
			t.Fatalf("problem %d: equation %s has %d numbers", i, p.Equation, len(eqNums))
		}
		checkValues(t, p, eqNums)
		if !strings.HasPrefix(p.Equation, "X=(") || !strings.Contains(p.Equation, ".0") {
			t.Errorf("problem %d: equation %q is not in CC's format", i, p.Equation)
		}
		if !strings.HasSuffix(p.Text, "?") {
			t.Errorf("problem %d: %q does not end with its question", i, p.Text)
		}
		q, err := reader.ParseQuestion(p.Text)
		if err != nil {
			t.Fatalf("problem %d: %v", i, err)
		}
		if len(q.Numbers) != 3 {
			t.Errorf("problem %d: ParseQuestion found numbers %v in %q, want 3", i, q.Numbers, p.Text)
			continue
		}
		got, want := slices.Clone(q.Numbers), slices.Clone(eqNums)
		slices.Sort(got)
		slices.Sort(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("problem %d: text numbers %v, equation numbers %v", i, q.Numbers, eqNums)
		}
		if !reflect.DeepEqual(q.Numbers, eqNums) {
			reordered++
		}
	}
	want := map[string]int{data.PatternAddSub: n / 3, data.PatternMulAdd: n / 6, data.PatternAddDiv: n / 6, data.PatternMulSub: n / 6, data.PatternSubDiv: n / 6}
	if !reflect.DeepEqual(patterns, want) {
		t.Errorf("patterns %v, want %v", patterns, want)
	}
	if len(texts) < n*8/10 {
		t.Errorf("%d distinct texts in %d, want more than 80%%", len(texts), n)
	}
	if reordered < n/10 {
		t.Errorf("only %d of %d texts give the numbers in another order than the equation", reordered, n)
	}
}

func TestSyntheticCCDeterministic(t *testing.T) {
	a, b := data.SyntheticCC(120, 3), data.SyntheticCC(120, 3)
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs with the same seed differ")
	}
	if c := data.SyntheticCC(120, 4); reflect.DeepEqual(a, c) {
		t.Error("seeds 3 and 4 give the same problems")
	}
	for _, n := range []int{0, -5} {
		if ps := data.SyntheticCC(n, 1); ps == nil || len(ps) != 0 {
			t.Errorf("SyntheticCC(%d) = %v, want an empty list", n, ps)
		}
	}
	// Every pattern appears in every block of six.
	ps := data.SyntheticCC(6, 9)
	seen := map[string]bool{}
	for _, p := range ps {
		seen[data.EquationPattern(p.Equation)] = true
	}
	if len(seen) != 5 {
		t.Errorf("6 problems cover patterns %v, want all 5", seen)
	}
}

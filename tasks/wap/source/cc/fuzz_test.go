package cc

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/clitest"
)

// FuzzLoad reads arbitrary bytes as a CC directory's questions.json and
// split files: an error of one line naming the directory, or three splits
// of problems with text, a finite answer and an id in one split only; the
// equations of what loads are read by FuzzEquation's rules.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(tinyQuestions), []byte("7\n"), []byte("0\n"), []byte("9\n"))
	f.Add([]byte(tinyQuestions), []byte("7\n0\n"), []byte("\n9\n\n"), []byte(" 9 \n"))
	for _, q := range []string{
		`[{"iIndex":3,"sQuestion":"x","lSolutions":[1e308],"lEquations":["X=1e5"]},{"iIndex":7,"sQuestion":"y","lSolutions":[-0],"lEquations":[""]},{"iIndex":9,"sQuestion":"\u2028z","lSolutions":[1],"lEquations":["X=(1/0)"]}]`,
		`[{"iIndex":3,"sQuestion":"x","lSolutions":[1e999],"lEquations":["X=1"]}]`,
		`[{"iIndex":1,"sQuestion":"x","lSolutions":[1],"lEquations":["X=1"]},{"iIndex":1,"sQuestion":"y","lSolutions":[1],"lEquations":["X=1"]}]`,
		`[{"iIndex":9223372036854775807,"sQuestion":"x","lSolutions":[1],"lEquations":["X=1"]}]`,
		`[{"iIndex": "zero"}]`,
		"[\n{\"iIndex\": 0,,}]",
		`{}`,
		`null`,
		``,
	} {
		f.Add([]byte(q), []byte("3\n"), []byte("7\n"), []byte("9\n"))
	}
	f.Add([]byte(tinyQuestions), []byte("0\nseven\n"), []byte("7\n7\n"), []byte(strings.Repeat("9", 70000)))
	f.Fuzz(func(t *testing.T, questions, train, dev, test []byte) {
		dir := t.TempDir()
		for name, b := range map[string][]byte{QuestionsFile: questions, TrainFile: train, DevFile: dev, TestFile: test} {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ds, err := Load(dir)
		if err != nil {
			clitest.OneLine(t, err, dir)
			return
		}
		seen := map[int]bool{}
		for s, split := range ds {
			if len(split) == 0 {
				t.Fatalf("split %d is empty", s)
			}
			for _, p := range split {
				switch {
				case p.Text == "" || p.Text != strings.TrimSpace(p.Text):
					t.Fatalf("problem %d: text %q", p.ID, p.Text)
				case math.IsNaN(p.Answer) || math.IsInf(p.Answer, 0):
					t.Fatalf("problem %d: answer %v", p.ID, p.Answer)
				case p.Source != Name || seen[p.ID]:
					t.Fatalf("problem %d: source %q, in two splits: %v", p.ID, p.Source, seen[p.ID])
				}
				seen[p.ID] = true
				checkEquation(t, p.Equation)
			}
		}
	})
}

// checkEquation checks that EvalEquation, EquationNumbers and
// EquationPattern agree on eq: the three parse it or none does (but an
// equation that divides by zero, which only EvalEquation refuses); a CC
// pattern has three numbers; errors are one line.
func checkEquation(t *testing.T, eq string) {
	t.Helper()
	v, errEval := EvalEquation(eq)
	nums, errNums := EquationNumbers(eq)
	pattern := EquationPattern(eq)
	for _, err := range []error{errEval, errNums} {
		if err != nil && strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("error %q: want one line", err)
		}
	}
	switch {
	case errNums != nil && (errEval == nil || pattern != PatternOther):
		t.Fatalf("%q: EvalEquation %v (%v), pattern %s, but EquationNumbers: %v", eq, v, errEval, pattern, errNums)
	case errNums == nil && errEval != nil && !strings.HasSuffix(errEval.Error(), "division by zero"):
		t.Fatalf("%q: EquationNumbers %v, but EvalEquation: %v", eq, nums, errEval)
	case pattern != PatternOther && (!slices.Contains(Patterns, pattern) || len(nums) != 3):
		t.Fatalf("%q: pattern %q of %d numbers", eq, pattern, len(nums))
	}
}

// FuzzEquation reads arbitrary text as an equation in CC's format (see
// checkEquation).
func FuzzEquation(f *testing.F) {
	for _, eq := range []string{
		"X=((32.0+42.0)-35.0)", "X=(3.0*(4.0+5.0))", "X=((10.0+8.0)/6.0)", "X=(2.0*(9.0-4.0))", "X=((20.0-2.0)/3.0)",
		" x = ( (1 + 2) - 3 ) ", "X=1+2*3", "X=(((-2*(-15))*4)*-1)", "X=((23/3)-(10/3))", "X=(5--0)",
		"", "X=", "X=(1+2", "X=1+2)", "X=1+a", "X=1..2", "X=(1+2)/(3-3)", "X=1e5", "X=-.", "\xff=1",
		"X=" + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200),
		"X=" + strings.Repeat("1+", 2000) + "1",
		"X=" + strings.Repeat("9", 400),
	} {
		f.Add(eq)
	}
	f.Fuzz(checkEquation)
}

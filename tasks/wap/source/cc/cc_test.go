package cc

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/tasks/wap/waptest"
)

func TestLoadShared(t *testing.T) {
	ds, err := Load(waptest.SharedData(t, "cc"))
	train, dev, test := ds[0], ds[1], ds[2]
	if err != nil {
		t.Fatal(err)
	}
	if len(train) != 300 || len(dev) != 100 || len(test) != 200 {
		t.Fatalf("splits of %d/%d/%d problems, want 300/100/200", len(train), len(dev), len(test))
	}
	counts := map[string]int{}
	for _, split := range [][]Problem{train, dev, test} {
		for _, p := range split {
			counts[EquationPattern(p.Equation)]++
			v, err := EvalEquation(p.Equation)
			if err != nil {
				t.Fatalf("problem %d: %v", p.ID, err)
			}
			if v != p.Answer {
				t.Errorf("problem %d: %s = %v, the answer is %v", p.ID, p.Equation, v, p.Answer)
			}
			if p.Text != strings.TrimSpace(p.Text) || p.Text == "" {
				t.Errorf("problem %d: text %q", p.ID, p.Text)
			}
		}
	}
	want := map[string]int{PatternAddSub: 200, PatternMulAdd: 100, PatternAddDiv: 100, PatternMulSub: 100, PatternSubDiv: 100}
	if !reflect.DeepEqual(counts, want) {
		t.Errorf("patterns %v, want %v", counts, want)
	}
}

// writeCC writes a CC directory with the given files.
func writeCC(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const tinyQuestions = `[
{"iIndex":0,"sQuestion":" Tom had 5 apples and got 3 more. He ate 2. How many are left? ","lAlignments":[8,26,37],"lSolutions":[6.0],"lEquations":["X=((5.0+3.0)-2.0)"]},
{"iIndex":7,"sQuestion":"Ann has 2 bags of 3 red and 4 blue marbles. How many marbles?","lSolutions":[14.0],"lEquations":["X=(2.0*(3.0+4.0))"]},
{"iIndex":9,"sQuestion":"Bo had 9 pens, lost 3 and split the rest among 2 kids. How many each?","lSolutions":[3.0],"lEquations":["X=((9.0-3.0)/2.0)"]}
]`

func TestLoad(t *testing.T) {
	dir := writeCC(t, map[string]string{
		QuestionsFile: tinyQuestions,
		TrainFile:     "7\n0\n",
		DevFile:       "\n9\n\n",
		TestFile:      " 9 \n",
	})
	// test.tsv repeats a dev id: an error; fix it to check the loaded data.
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "test.tsv:1: id 9 is also in dev.tsv") {
		t.Fatalf("err = %v, want the repeated id", err)
	}
	os.WriteFile(filepath.Join(dir, DevFile), []byte("0\n"), 0o644)
	os.WriteFile(filepath.Join(dir, TrainFile), []byte("7\n"), 0o644)
	ds, err := Load(dir)
	train, dev, test := ds[0], ds[1], ds[2]
	if err != nil {
		t.Fatal(err)
	}
	qs := filepath.Join(dir, QuestionsFile)
	want := [][]Problem{
		{{ID: 7, Text: "Ann has 2 bags of 3 red and 4 blue marbles. How many marbles?", Equation: "X=(2.0*(3.0+4.0))", Answer: 14, Source: Name, Where: qs + ":3"}},
		{{ID: 0, Text: "Tom had 5 apples and got 3 more. He ate 2. How many are left?", Equation: "X=((5.0+3.0)-2.0)", Answer: 6, Source: Name, Where: qs + ":2"}},
		{{ID: 9, Text: "Bo had 9 pens, lost 3 and split the rest among 2 kids. How many each?", Equation: "X=((9.0-3.0)/2.0)", Answer: 3, Source: Name, Where: qs + ":4"}},
	}
	if got := [][]Problem{train, dev, test}; !reflect.DeepEqual(got, want) {
		t.Errorf("Load = %+v, want %+v", got, want)
	}
}

func TestLoadErrors(t *testing.T) {
	splits := map[string]string{TrainFile: "0\n", DevFile: "7\n", TestFile: "9\n"}
	with := func(files map[string]string) map[string]string {
		all := map[string]string{QuestionsFile: tinyQuestions}
		for k, v := range splits {
			all[k] = v
		}
		for k, v := range files {
			if v == "<none>" {
				delete(all, k)
			} else {
				all[k] = v
			}
		}
		return all
	}
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no questions", with(map[string]string{QuestionsFile: "<none>"}), "questions.json: no such file"},
		{"no split", with(map[string]string{DevFile: "<none>"}), "dev.tsv: no such file"},
		{"malformed JSON", with(map[string]string{QuestionsFile: "[\n{\"iIndex\": 0,,}]"}), "questions.json: malformed JSON: line 2, column 14"},
		{"wrong JSON type", with(map[string]string{QuestionsFile: `[{"iIndex": "zero"}]`}), "questions.json: malformed JSON: line 1"},
		{"not an array", with(map[string]string{QuestionsFile: `{}`}), "questions.json: malformed JSON"},
		{"no iIndex", with(map[string]string{QuestionsFile: `[{"sQuestion": "x", "lSolutions": [1], "lEquations": ["X=1"]}]`}), "problem 0 (counting from 0) has no iIndex"},
		{"duplicate iIndex", with(map[string]string{QuestionsFile: `[{"iIndex":1,"sQuestion":"x","lSolutions":[1],"lEquations":["X=1"]},{"iIndex":1,"sQuestion":"y","lSolutions":[1],"lEquations":["X=1"]}]`}), "iIndex 1 is used twice"},
		{"no solution", with(map[string]string{QuestionsFile: `[{"iIndex":3,"sQuestion":"x","lSolutions":[],"lEquations":["X=1"]}]`}), "problem 3 has 0 solutions, want exactly 1"},
		{"two solutions", with(map[string]string{QuestionsFile: `[{"iIndex":3,"sQuestion":"x","lSolutions":[1,2],"lEquations":["X=1"]}]`}), "problem 3 has 2 solutions, want exactly 1"},
		{"two equations", with(map[string]string{QuestionsFile: `[{"iIndex":3,"sQuestion":"x","lSolutions":[1],"lEquations":["X=1","X=2"]}]`}), "problem 3 has 2 equations, want exactly 1"},
		{"no text", with(map[string]string{QuestionsFile: `[{"iIndex":3,"sQuestion":"  ","lSolutions":[1],"lEquations":["X=1"]}]`}), "problem 3 has no text"},
		{"unknown id", with(map[string]string{TestFile: "9\n12\n"}), "test.tsv:2: id 12 is not in questions.json"},
		{"not an id", with(map[string]string{TrainFile: "0\nseven\n"}), `train.tsv:2: "seven" is not a problem id`},
		{"twice in a split", with(map[string]string{TrainFile: "0\n0\n"}), "train.tsv:2: id 0 is listed twice"},
		{"in two splits", with(map[string]string{DevFile: "0\n"}), "dev.tsv:1: id 0 is also in train.tsv"},
		{"empty split", with(map[string]string{DevFile: "\n"}), "dev.tsv lists no problem ids"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(writeCC(t, tt.files))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is more than one line", err)
			}
		})
	}
	missing := filepath.Join(t.TempDir(), "nope")
	if _, err := Load(missing); err == nil || !strings.Contains(err.Error(), "nope: no such file or directory") {
		t.Errorf("missing directory: err = %v", err)
	}
	file := filepath.Join(t.TempDir(), "f")
	os.WriteFile(file, nil, 0o644)
	if _, err := Load(file); err == nil || !strings.Contains(err.Error(), "is not a directory") {
		t.Errorf("file for a directory: err = %v", err)
	}
}

func TestEquation(t *testing.T) {
	tests := []struct {
		eq      string
		pattern string
		value   float64
		numbers []float64
	}{
		{"X=((32.0+42.0)-35.0)", PatternAddSub, 39, []float64{32, 42, 35}},
		{"X=(3.0*(4.0+5.0))", PatternMulAdd, 27, []float64{3, 4, 5}},
		{"X=((10.0+8.0)/6.0)", PatternAddDiv, 3, []float64{10, 8, 6}},
		{"X=(2.0*(9.0-4.0))", PatternMulSub, 10, []float64{2, 9, 4}},
		{"X=((20.0-2.0)/3.0)", PatternSubDiv, 6, []float64{20, 2, 3}},
		{" x = ( (1 + 2) - 3 ) ", PatternAddSub, 0, []float64{1, 2, 3}},
		{"(1+2)-3", PatternAddSub, 0, []float64{1, 2, 3}},
		{"X=1+2-3", PatternAddSub, 0, []float64{1, 2, 3}},
		{"X=((((1+2)))-3)", PatternAddSub, 0, []float64{1, 2, 3}},
		{"X=1+2*3", PatternOther, 7, []float64{1, 2, 3}},
		{"X=(1-(2+3))", PatternOther, -4, []float64{1, 2, 3}},
		{"X=((1.0+2.0)-3.0)+4.0", PatternOther, 4, []float64{1, 2, 3, 4}},
		{"X=(5.0-2.0)", PatternOther, 3, []float64{5, 2}},
		{"X=2.5*4", PatternOther, 10, []float64{2.5, 4}},
		{"X=(((-2*(-15))*4)*-1)", PatternOther, -120, []float64{-2, -15, 4, -1}},
	}
	for _, tt := range tests {
		if got := EquationPattern(tt.eq); got != tt.pattern {
			t.Errorf("EquationPattern(%q) = %q, want %q", tt.eq, got, tt.pattern)
		}
		if got, err := EvalEquation(tt.eq); err != nil || got != tt.value {
			t.Errorf("EvalEquation(%q) = %v, %v; want %v", tt.eq, got, err, tt.value)
		}
		if got, err := EquationNumbers(tt.eq); err != nil || !reflect.DeepEqual(got, tt.numbers) {
			t.Errorf("EquationNumbers(%q) = %v, %v; want %v", tt.eq, got, err, tt.numbers)
		}
	}
}

func TestEquationErrors(t *testing.T) {
	tests := []struct{ eq, want string }{
		{"", "unexpected end"},
		{"X=", "unexpected end"},
		{"X=(1+2", "missing )"},
		{"X=1+2)", `unexpected ')' at offset 3`},
		{"X=1+a", `unexpected 'a' at offset 2`},
		{"X=1..2", `bad number "1..2"`},
		{"X=(1+2)/(3-3)", "division by zero"},
		{"X=" + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200), "nested deeper than 100"},
	}
	for _, tt := range tests {
		_, err := EvalEquation(tt.eq)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("EvalEquation(%q): err = %v, want one containing %q", tt.eq, err, tt.want)
		}
		if EquationPattern(tt.eq) != PatternOther {
			t.Errorf("EquationPattern(%q) = %q, want %q", tt.eq, EquationPattern(tt.eq), PatternOther)
		}
	}
}

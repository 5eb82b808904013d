package svamp

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/clitest"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// checkProblems checks what the package doc says of the problems of a
// split: text, the source's name, a grade that is not negative, and IDs
// that name one problem each; with parsed, an equation in CC's format
// that cc parses (SVAMP.json's is the file's, for analysis only). The
// answer is the file's: a CSV file's "NaN" is read, and package prepare
// skips the problem, saying why.
func checkProblems(t *testing.T, name string, ps []source.Problem, ids map[int]bool, parsed bool) {
	t.Helper()
	for _, p := range ps {
		switch {
		case strings.TrimSpace(p.Text) == "":
			t.Fatalf("problem %d has no text", p.ID)
		case p.Source != name || p.Grade < 0:
			t.Fatalf("problem %d: source %q, grade %d", p.ID, p.Source, p.Grade)
		case ids[p.ID]:
			t.Fatalf("two problems have the ID %d", p.ID)
		case !whereRE.MatchString(p.Where):
			t.Fatalf("problem %d is at %q, want FILE:LINE", p.ID, p.Where)
		}
		ids[p.ID] = true
		if _, err := cc.EquationNumbers(p.Equation); err != nil && parsed {
			t.Fatalf("problem %d: %v", p.ID, err)
		}
	}
}

// whereRE matches where a problem of a file is: the file, a line.
var whereRE = regexp.MustCompile(`\.(json|csv):[1-9][0-9]*$`)

// FuzzJSON reads arbitrary bytes as SVAMP.json: an error of one line
// naming the file, or problems in the test split alone.
func FuzzJSON(f *testing.F) {
	b, err := os.ReadFile(filepath.Join("testdata", JSONFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	for _, s := range []string{
		`[{"ID": "chal-1", "Body": "Sam had 5 pens.", "Question": "He lost 2. How many are left?", "Equation": "( 5.0 - 2.0 )", "Answer": 3.0, "Type": "Subtraction"}]`,
		`[{"ID": "chal-1", "Body": "b", "Question": "q", "Equation": "1", "Answer": 1}, {"ID": "x-01", "Body": "b", "Question": "q", "Equation": "1", "Answer": 1}]`,
		`[{"ID": "chal-99999999999999999999", "Body": "b", "Question": "q", "Equation": "1", "Answer": 1e308}]`,
		`[{"ID": "c-1", "Body": "b", "Question": "q", "Equation": "1", "Answer": 1e999}]`,
		`[{"ID": "c-1", "Body": " ", "Question": "", "Equation": "1", "Answer": 1}]`,
		`[{"ID": null, "Body": "b", "Question": "q", "Equation": "1", "Answer": "1"}]`,
		"[\n{\"ID\": \"chal-1\",,}]",
		`{"ID": "chal-1"}`,
		"[]",
		"[] []",
		"",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	path := filepath.Join(dir, JSONFile)
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		ds, err := JSON{Path: path}.Read()
		if err != nil {
			clitest.OneLine(t, err, path)
			return
		}
		if len(ds[data.Test]) == 0 || len(ds[data.Train])+len(ds[data.Dev]) > 0 {
			t.Fatalf("splits of %d, %d and %d problems", len(ds[data.Train]), len(ds[data.Dev]), len(ds[data.Test]))
		}
		checkProblems(t, JSONName, ds[data.Test], map[int]bool{}, false)
		for _, p := range ds[data.Test] {
			if math.IsNaN(p.Answer) || math.IsInf(p.Answer, 0) {
				t.Fatalf("problem %d has the answer %v, which JSON cannot write", p.ID, p.Answer)
			}
		}
	})
}

// FuzzFold reads arbitrary bytes as a fold's train.csv and dev.csv: an
// error of one line naming the fold or a file, or dev.csv's problems in
// the test split and train.csv's in the training and dev splits, each
// where its text's hash puts it.
func FuzzFold(f *testing.F) {
	train, err := os.ReadFile(filepath.Join("testdata", "fold", TrainFile))
	if err != nil {
		f.Fatal(err)
	}
	dev, err := os.ReadFile(filepath.Join("testdata", "fold", DevFile))
	if err != nil {
		f.Fatal(err)
	}
	asdiv, err := os.ReadFile(filepath.Join("testdata", "asdiv.csv"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(train, dev)
	f.Add(asdiv, train)
	const header = "Question,Numbers,Equation,Answer,Grade\n"
	for _, row := range []string{
		"a number0 ?,1 x,number0,1,\n",
		"a number0 and number2 ?,1 2,number0,1,\n",
		"a number0 ?,1e308 1e-320,* number0 number0,Inf,\n",
		"a number0 ?,-0.0,/ number0 0,NaN,-1\n",
		"a number0 ?,-0.0,- number0 -0,NaN,\n",
		"a number0 ?,0.1428571428571428,number0,1,\n",
		"a number0 ?,1,+ number0,1,\n",
		"a number99999 number0 ?,1,number0,1,\n",
		",,1,1,\n",
		"\"a\nb number0 ?\",1,number0,1,\nc ?,,+,1,\n",
		"a number0 ?,1,number0\n",
		"a number0 ?,1," + strings.Repeat("+ ", 200) + "number0,1,\n",
	} {
		f.Add([]byte(header+row), dev)
	}
	f.Add([]byte(""), []byte("\uFEFFQuestion,Numbers,Equation,Answer\n"))
	f.Fuzz(func(t *testing.T, train, dev []byte) {
		dir := t.TempDir()
		for name, b := range map[string][]byte{TrainFile: train, DevFile: dev} {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ds, err := Fold{Dir: dir}.Read()
		if err != nil {
			clitest.OneLine(t, err, dir)
			return
		}
		if len(ds[data.Test]) == 0 || len(ds[data.Train])+len(ds[data.Dev]) == 0 {
			t.Fatalf("splits of %d, %d and %d problems", len(ds[data.Train]), len(ds[data.Dev]), len(ds[data.Test]))
		}
		trainIDs := map[int]bool{}
		checkProblems(t, CSVName, ds[data.Train], trainIDs, true)
		checkProblems(t, CSVName, ds[data.Dev], trainIDs, true)
		checkProblems(t, CSVName, ds[data.Test], map[int]bool{}, true)
		for s, split := range ds[:data.Test] {
			for _, p := range split {
				if inDev(p.Text) != (data.Split(s) == data.Dev) {
					t.Fatalf("problem %d is in the %s split", p.ID, data.Split(s))
				}
			}
		}
	})
}

package prepare

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/source/svamp"
	"github.com/d4lang/d4/tasks/wap/synth"
)

// writeFiles writes files (a name ending in "/" is a directory) under a
// new directory.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(path, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestOpen(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  func(dir string) source.Source
		err   string
	}{
		{"cc", map[string]string{cc.QuestionsFile: "[]", "fold1x/": ""}, func(d string) source.Source { return cc.Source{Dir: d} }, ""},
		{"SVAMP.json", map[string]string{svamp.JSONFile: "[]", "cv_mawps/fold0/": ""}, func(d string) source.Source { return svamp.JSON{Path: filepath.Join(d, svamp.JSONFile)} }, ""},
		{"a fold", map[string]string{svamp.TrainFile: "", svamp.DevFile: ""}, func(d string) source.Source { return svamp.Fold{Dir: d} }, ""},
		{"half a fold", map[string]string{svamp.DevFile: ""}, func(d string) source.Source { return svamp.Fold{Dir: d} }, ""},
		{"folds", map[string]string{"fold0/": "", "fold1/": "", "fold1x/": "", "notes": ""}, nil, "holds 2 folds (fold0…fold1): name one fold directory, or prepare each"},
		{"a gap in the folds", map[string]string{"fold0/": "", "fold2/": ""}, nil, "has 2 fold directories but no fold1"},
		{"CC and SVAMP.json", map[string]string{cc.QuestionsFile: "[]", svamp.JSONFile: "[]"}, nil, "holds more than one dataset, questions.json (CC), SVAMP.json (SVAMP): which to read is unclear"},
		{"SVAMP.json and a fold", map[string]string{svamp.JSONFile: "[]", svamp.TrainFile: ""}, nil, "holds more than one dataset, SVAMP.json (SVAMP), train.csv (a fold)"},
		{"a fold and folds", map[string]string{svamp.TrainFile: "", svamp.DevFile: "", "fold0/": ""}, nil, "holds more than one dataset, train.csv and dev.csv (a fold), 1 folds (fold0…fold0)"},
		{"nothing known", map[string]string{"notes.txt": ""}, nil, "holds no dataset: none of questions.json (CC), SVAMP.json (SVAMP), train.csv and dev.csv (a fold), fold0… (folds)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeFiles(t, tt.files)
			got, err := Open(dir)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("Open: %v, %v; want an error containing %q", got, err, tt.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want(dir)) {
				t.Errorf("Open = %#v, %v; want %#v", got, err, tt.want(dir))
			}
		})
	}
	if _, err := Open(writeFiles(t, nil)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an empty directory: %v, want an error wrapping fs.ErrNotExist", err)
	}
	missing := filepath.Join(t.TempDir(), "none")
	if got, err := Open(missing); err != nil || got != (cc.Source{Dir: missing}) {
		t.Errorf("a missing directory: %#v, %v; want CC's source, which says what is missing", got, err)
	}
}

// foldFiles are the files of a fold directory of the SVAMP repository's
// format: n training problems of three numbers, and two test problems with
// SVAMP's columns.
func foldFiles(prefix string, n int) map[string]string {
	var train strings.Builder
	train.WriteString("Question,Numbers,Equation,Answer,group_nums,Body,Ques_Statement\n")
	for i := range n {
		fmt.Fprintf(&train, "Kid%d had number0 toys and got number1 more . Then number2 broke . How many toys are left ?,%d.0 %d.0 2.0,- + number0 number1 number2,%d,[],x,y\n", i, 10+i, 3, 11+i)
	}
	test := "Question,Numbers,Equation,Answer,group_nums,Type,Variation Type,Body,Ques\n" +
		"ann has number0 pens and number1 pencils . she buys number2 pens . how many pens does she have ?,4 9 5,+ number0 number2,9.0,[],Addition,\"21,11\",x,y\n" +
		"bo has number0 cards and loses number1 . how many are left ?,8 3,- number0 number1,5.0,[],Subtraction,11,x,y\n"
	return map[string]string{prefix + svamp.TrainFile: train.String(), prefix + svamp.DevFile: test}
}

func TestPrepareFold(t *testing.T) {
	dir := writeFiles(t, foldFiles("", 30))
	out := t.TempDir()
	sum := mustPrepare(t, Config{Source: svamp.Fold{Dir: dir}, Dir: dir, Out: out})
	if sum.Source != svamp.CSVName || sum.Problems.Train+sum.Problems.Dev != 30 || sum.Problems.Test != 2 || sum.Rows.Test != 2 || sum.Problems.Dev == 0 {
		t.Errorf("summary %+v", sum)
	}
	if len(sum.Skipped) != 0 {
		t.Errorf("skipped %+v, want none (one or two numbers are kept)", sum.Skipped)
	}
	p := mustLoad(t, out)
	r := p.Test[0]
	if r.ID != 2 || r.Type != "Addition" || r.Variation != "21, 11" || r.Source != svamp.CSVName || r.Equation != "X=(4+5)" || r.Answer != 9 ||
		!reflect.DeepEqual(r.Numbers, []int32{4, 9, 5}) || r.Text != "ann has 4 pens and 9 pencils . she buys 5 pens . how many pens does she have ?" {
		t.Errorf("test row %+v", r)
	}
	if r := p.Test[1]; r.Type != "Subtraction" || !reflect.DeepEqual(r.Values, []string{"8", "3"}) || r.Exact != "5" {
		t.Errorf("test row %+v", r)
	}
}

func TestPrepareFolds(t *testing.T) {
	files := foldFiles("fold0/", 12)
	for k, v := range foldFiles("fold1/", 15) {
		files[k] = v
	}
	dir, out := writeFiles(t, files), t.TempDir()
	sums, err := PrepareFolds(Config{Out: out, Generated: 5}, dir)
	if err != nil {
		t.Fatal(err)
	}
	for k, n := range []int{12, 15} {
		fold := fmt.Sprintf("fold%d", k)
		p := mustLoad(t, filepath.Join(out, fold))
		if !reflect.DeepEqual(p.Summary, sums[k]) || sums[k].Dir != filepath.Join(dir, fold) || sums[k].Generated != 5 ||
			sums[k].Problems.Train+sums[k].Problems.Dev != n+5 {
			t.Errorf("%s: summary %+v, prepared.json %+v", fold, sums[k], p.Summary)
		}
	}
	if _, err := PrepareFolds(Config{Out: out}, t.TempDir()); err == nil || !strings.Contains(err.Error(), "has no fold0") {
		t.Errorf("a directory without folds: %v", err)
	}
	bad := writeFiles(t, map[string]string{"fold0/" + svamp.TrainFile: "Question\n"})
	if _, err := PrepareFolds(Config{Out: out}, bad); err == nil || !strings.Contains(err.Error(), "fold0: preparing the word algebra data: reading the fold") {
		t.Errorf("a bad fold: %v", err)
	}
}

// The training and dev problems near a dev or test problem of the
// excluded source are skipped, named with the problem they are near; the
// test split and the generated problems are not checked.
func TestPrepareExclude(t *testing.T) {
	ccDir := writeCC(t, []string{
		"Ann sold 4 hats and bought 5 more. She has 6 now. How many did she have?",
		"Cy has 9 cards and loses 2. How many are left?",
		"Kid had 7 toys and got 3 more. Then 2 broke. How many toys are left?",
		"A baker made 40 cakes, sold 12 and baked 5 more. How many cakes are there?",
	}, []float64{5, 7, 8, 33}, []string{"X=((6.0-5.0)+4.0)", "X=(9.0-2.0)", "X=((7.0+3.0)-2.0)", "X=((40.0-12.0)+5.0)"})
	const header = "Question,Numbers,Equation,Answer\n"
	train := header +
		"Kid had number0 toys and got number1 more . Then number2 broke . How many toys are left ?,1 5 2,- + number0 number1 number2,4\n" +
		"\"Sam had number0 marbles , found number1 and lost number2 . How many does he have ?\",8 3 1,- + number0 number1 number2,10\n" +
		"\"A baker made number0 pies , sold number1 and baked number2 more . How many pies are there ?\",30 10 4,+ - number0 number1 number2,24\n" +
		"Ed planted number0 rows of number1 trees and number2 more trees . How many trees ?,3 4 5,+ * number0 number1 number2,17\n"
	test := header + "Kid had number0 toys and got number1 more . Then number2 broke . How many toys are left ?,6 5 2,- + number0 number1 number2,9\n"
	dir := writeFiles(t, map[string]string{svamp.TrainFile: train, svamp.DevFile: test})
	out := t.TempDir()
	sum := mustPrepare(t, Config{Source: svamp.Fold{Dir: dir}, Dir: dir, Out: out, Exclude: cc.Source{Dir: ccDir}, ExcludeDir: ccDir, Generated: 10})
	var near []string
	for _, s := range sum.Skipped {
		if s.Reason == SkipNear {
			near = append(near, fmt.Sprintf("%d %s", s.ID, s.Detail))
			if s.Split == data.Test {
				t.Errorf("test problem %d skipped as near", s.ID)
			}
		}
	}
	// Line 2 copies CC's dev problem 2, line 4 is its test problem 3
	// with another noun.
	want := []string{"2 similarity 1.000 to cc dev problem 2", "4 similarity 0.875 to cc test problem 3"}
	if !reflect.DeepEqual(near, want) || len(sum.Skipped) != 2 || sum.Exclude != cc.Name || sum.ExcludeDir != ccDir {
		t.Errorf("near: %q, summary %+v; want %q", near, sum, want)
	}
	if sum.Rows.Train+sum.Rows.Dev != 4-2+10 || sum.Rows.Test != 1 {
		t.Errorf("rows %+v, want 12 training and dev rows, 1 test row", sum.Rows)
	}
	_, err := Prepare(Config{Source: svamp.Fold{Dir: dir}, Out: out, Exclude: synth.Source{N: [3]int{5, 0, 0}}})
	if err == nil || !strings.Contains(err.Error(), "the excluded source synthetic has no dev or test problems") {
		t.Errorf("an excluded source with no dev or test problems: %v", err)
	}
	_, err = Prepare(Config{Source: svamp.Fold{Dir: dir}, Out: out, Exclude: cc.Source{Dir: "/nonexistent"}})
	if err == nil || !strings.Contains(err.Error(), "reading the excluded problems: loading CC") {
		t.Errorf("an excluded source that cannot be read: %v", err)
	}
}

func TestPreparedFolds(t *testing.T) {
	files := foldFiles("raw/fold0/", 12)
	for k, v := range foldFiles("raw/fold1/", 12) {
		files[k] = v
	}
	dir := writeFiles(t, files)
	out := filepath.Join(dir, "out")
	if _, err := PrepareFolds(Config{Out: out}, filepath.Join(dir, "raw")); err != nil {
		t.Fatal(err)
	}
	got, err := PreparedFolds(out)
	if want := []string{filepath.Join(out, "fold0"), filepath.Join(out, "fold1")}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("PreparedFolds(prepared folds) = %q, %v; want %q", got, err, want)
	}
	// Prepared data, a missing directory, a file and a directory without
	// folds hold no prepared folds.
	for _, d := range []string{filepath.Join(out, "fold0"), filepath.Join(dir, "none"), filepath.Join(dir, "raw", "fold0", svamp.TrainFile), t.TempDir()} {
		if got, err := PreparedFolds(d); err != nil || got != nil {
			t.Errorf("PreparedFolds(%s) = %q, %v; want none", d, got, err)
		}
	}
	for _, c := range []struct{ dir, want string }{
		{filepath.Join(dir, "raw"), filepath.Join(dir, "raw", "fold0") + ", a fold of " + filepath.Join(dir, "raw") + ", is not prepared data (no prepared.json)"},
		{writeFiles(t, map[string]string{"fold0/": "", "fold2/": ""}), "has 2 fold directories but no fold1"},
	} {
		if got, err := PreparedFolds(c.dir); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("PreparedFolds(%s) = %q, %v; want an error containing %q", c.dir, got, err, c.want)
		}
	}
}

// Folds follows links to fold directories, and refuses an entry foldN
// that is not a directory, leads back above the folds or repeats another
// fold, and gaps in the numbers.
func TestFolds(t *testing.T) {
	link := func(target, name string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name  string
		files map[string]string
		setup func(t *testing.T, dir string)
		want  []string // the folds' names, or
		err   string   // the error
	}{
		{"directories", map[string]string{"fold0/": "", "fold1/": "", "fold1x/": "", "fold01/": "", "notes": ""}, nil, []string{"fold0", "fold1"}, ""},
		{"none", map[string]string{"notes": ""}, nil, nil, ""},
		{"a link to a fold", map[string]string{"fold0/": "", "elsewhere/": ""}, link("elsewhere", "fold1"), []string{"fold0", "fold1"}, ""},
		{"a plain file", map[string]string{"fold0/": "", "fold1": "x"}, nil, nil, "fold1 is a file, not a directory"},
		{"a link to ..", map[string]string{"fold0/": ""}, link("..", "fold1"), nil, "fold1 leads to"},
		{"a link to itself", map[string]string{"fold0/": ""}, link(".", "fold1"), nil, "(a loop): a fold is a directory of its own"},
		{"a looping link", map[string]string{"fold0/": ""}, link("fold1", "fold1"), nil, "fold1 cannot be read"},
		{"a broken link", map[string]string{"fold0/": ""}, link("missing", "fold1"), nil, "fold1 cannot be read"},
		{"two names for one fold", map[string]string{"fold0/": ""}, link("fold0", "fold1"), nil, "are the same directory"},
		{"a gap", map[string]string{"fold0/": "", "fold2/": ""}, nil, nil, "has 2 fold directories but no fold1"},
		{"no fold0", map[string]string{"fold1/": ""}, nil, nil, "has 1 fold directories but no fold0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeFiles(t, tt.files)
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			got, err := Folds(dir)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || strings.Contains(err.Error(), "\n") {
					t.Errorf("Folds = %q, %v; want one line containing %q", got, err, tt.err)
				}
				if _, oerr := Open(dir); oerr == nil || oerr.Error() != err.Error() {
					t.Errorf("Open: %v; want Folds' error", oerr)
				}
				return
			}
			var want []string
			for _, f := range tt.want {
				want = append(want, filepath.Join(dir, f))
			}
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("Folds = %q, %v; want %q", got, err, want)
			}
		})
	}
}

// TestOpenNamesEveryLayout checks that each of Open's layouts is opened by
// each of its files alone, that the message for an empty directory names
// every layout's files, and that every source package whose problems come
// from files a user names (all under source/ but the embedded benchmark)
// has a layout: a new format cannot be left out of `wap prepare`.
func TestOpenNamesEveryLayout(t *testing.T) {
	opened := map[string]bool{} // package paths of the sources Open gives
	empty := openError(Open(writeFiles(t, nil)))
	for _, l := range layouts {
		for _, name := range l.files {
			src, err := Open(writeFiles(t, map[string]string{name: ""}))
			if err != nil {
				t.Fatalf("%s alone: %v", name, err)
			}
			if got, want := reflect.TypeOf(src), reflect.TypeOf(l.open("x")); got != want {
				t.Errorf("%s alone opened as %v, want %v", name, got, want)
			}
			opened[reflect.TypeOf(src).PkgPath()] = true
			if !strings.Contains(empty, name) {
				t.Errorf("the message for an empty directory does not name %s", name)
			}
		}
	}
	entries, err := os.ReadDir("../source")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		pkg := "github.com/d4lang/d4/tasks/wap/source/" + e.Name()
		if e.IsDir() && e.Name() != "testdata" && e.Name() != "benchmark" && !opened[pkg] {
			t.Errorf("source package %s has no entry in prepare's layouts", e.Name())
		}
	}
}

// openError is the message of an Open's error, "" for none.
func openError(_ source.Source, err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

package svamp

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

func TestReadJSON(t *testing.T) {
	ds, err := JSON{Path: "testdata/SVAMP.json"}.Read()
	if err != nil {
		t.Fatal(err)
	}
	want := source.Dataset{data.Test: {
		{ID: 3, Text: "Rosa baked 24 muffins. She gave 9 muffins to her neighbours How many muffins does she have left?", Answer: 15,
			Equation: "X=(24.0-9.0)", Source: JSONName, Type: "Subtraction", Where: "testdata/SVAMP.json:2"},
		{ID: 12, Text: "A farmer plants 6 rows of 7 trees and 3 rows of 5 bushes. How many trees does he plant?", Answer: 42,
			Equation: "X=(6.0*7.0)", Source: JSONName, Type: "Multiplication", Where: "testdata/SVAMP.json:10"},
	}}
	if !reflect.DeepEqual(ds, want) {
		t.Errorf("Read = %+v\nwant %+v", ds, want)
	}
}

func TestReadFold(t *testing.T) {
	ds, err := Fold{Dir: "testdata/fold"}.Read()
	if err != nil {
		t.Fatal(err)
	}
	train := []source.Problem{
		{ID: 2, Text: "Tom had 8 marbles . He lost 2 . How many are left ?", Answer: 6, Equation: "X=(8-2)", Source: CSVName, Where: "testdata/fold/train.csv:2"},
		{ID: 3, Text: "Ezra drew a line 23/3 inches long , then one 10/3 inches long . How much longer was the first ?", Answer: 4.333333333333333,
			Equation: "X=((23/3)-(10/3))", Source: CSVName, Where: "testdata/fold/train.csv:3"},
		{ID: 4, Text: "A pen costs 1.5 dollars . What do 2 dozen pens cost ?", Answer: 36, Equation: "X=((1.5*2)*12)", Source: CSVName, Where: "testdata/fold/train.csv:4"},
	}
	// The dev split is carved from train.csv by the hash of the text.
	var want source.Dataset
	for _, p := range train {
		s := data.Train
		if inDev(p.Text) {
			s = data.Dev
		}
		want[s] = append(want[s], p)
	}
	want[data.Test] = []source.Problem{{ID: 2, Text: "ann has 9 apples and 4 pears . she eats 3 apples . how many apples are left ?", Answer: 6,
		Equation: "X=(9-3)", Source: CSVName, Type: "Subtraction", Variation: "21, 11", Where: "testdata/fold/dev.csv:2"}}
	if !reflect.DeepEqual(ds, want) {
		t.Errorf("Read = %+v\nwant %+v", ds, want)
	}
	got, err := ReadCSV("testdata/asdiv.csv")
	wantASDiv := []source.Problem{{ID: 2, Text: "7 red apples and 2 green apples are in the basket . how many apples are in the basket ?", Answer: 9,
		Equation: "X=(7+2)", Source: CSVName, Type: "Addition", Grade: 1, Where: "testdata/asdiv.csv:2"}}
	if err != nil || !reflect.DeepEqual(got, wantASDiv) {
		t.Errorf("ReadCSV(asdiv.csv) = %+v, %v\nwant %+v", got, err, wantASDiv)
	}
}

// The dev split holds about a tenth of the training rows, identical texts
// together, and train and dev together are train.csv in its order.
func TestDevSplit(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("Question,Numbers,Equation,Answer\n")
	for i := range 400 {
		b.WriteString(fmt.Sprintf("Sam has number0 cards and buys number1 more in shop %d . How many now ?,%d 3,+ number0 number1,%d\n", i%200, i, i+3))
	}
	os.WriteFile(filepath.Join(dir, TrainFile), []byte(b.String()), 0o644)
	os.WriteFile(filepath.Join(dir, DevFile), []byte("Question,Numbers,Equation,Answer\nnumber0 ?,1,number0,1\n"), 0o644)
	ds, err := Fold{Dir: dir}.Read()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(ds[data.Dev]); n < 20 || n > 60 {
		t.Errorf("dev split of %d problems of 400", n)
	}
	inDev := map[string]bool{}
	for _, p := range ds[data.Dev] {
		inDev[p.Text] = true
	}
	for _, p := range ds[data.Train] {
		if inDev[p.Text] {
			t.Errorf("%q is in both the training and the dev split", p.Text)
		}
	}
	i, j := 0, 0
	for line := 2; line < 402; line++ {
		switch {
		case i < len(ds[data.Train]) && ds[data.Train][i].ID == line:
			i++
		case j < len(ds[data.Dev]) && ds[data.Dev][j].ID == line:
			j++
		default:
			t.Fatalf("line %d is in neither split in order", line)
		}
	}
}

func TestNumbers(t *testing.T) {
	tests := []struct{ in, text, eq string }{
		{"8.0", "8", "8"},
		{"8", "8", "8"},
		{"28.3", "28.3", "28.3"},
		{"0.6667", "0.6667", "0.6667"},
		{"0.015625", "0.015625", "0.015625"},
		{"7.666666666666667", "23/3", "(23/3)"},
		{"0.08333333333333333", "1/12", "(1/12)"},
		{"0.3333333333333333", "1/3", "(1/3)"},
		{"3.141592653589793", "3.141592653589793", "3.141592653589793"},
		{"712261.0", "712261", "712261"},
		{"-15.0", "-15", "(-15)"},
		{"1e-05", "0.00001", "0.00001"},
	}
	for _, tt := range tests {
		n, err := parseNumber(tt.in)
		if err != nil || n.text != tt.text || n.eq != tt.eq {
			t.Errorf("parseNumber(%q) = %q, %q, %v; want %q, %q", tt.in, n.text, n.eq, err, tt.text, tt.eq)
		}
	}
	for _, bad := range []string{"x", "1..2", "NaN", "Inf", ""} {
		if _, err := parseNumber(bad); err == nil {
			t.Errorf("parseNumber(%q) succeeded", bad)
		}
	}
}

func TestPrefixEquation(t *testing.T) {
	nums := []number{{value: 8, text: "8", eq: "8"}, {value: 4, text: "4", eq: "4"}, {value: 6, text: "6", eq: "6"}}
	tests := []struct{ in, want, err string }{
		{"* number0 + number1 number2", "X=(8*(4+6))", ""},
		{"- / number0 number1 number2", "X=((8/4)-6)", ""},
		{"number1", "X=4", ""},
		{"* 100.0 / number1 number0", "X=(100*(4/8))", ""},
		{"+ number0", "", "an operator lacks an operand"},
		{"", "", "an operator lacks an operand"},
		{"+ number0 number1 number2", "", `"number2" follows a complete expression`},
		{"+ number0 number3", "", "number3, but the Numbers column holds 3 values"},
		{"^ number0 number1", "", `"^" is not an operator`},
		{"+ number0 -1", "", `"-1" is not an operator`},
		{strings.Repeat("+ ", 200) + "number0", "", "nested deeper than 100"},
	}
	for _, tt := range tests {
		got, err := prefixEquation(tt.in, nums)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("prefixEquation(%q): err = %v, want one containing %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("prefixEquation(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestReadErrors(t *testing.T) {
	const header = "Question,Numbers,Equation,Answer,Grade\n"
	tests := []struct{ name, json, csv, want string }{
		{"malformed JSON", "[\n{\"ID\": \"chal-1\",,}]", "", "SVAMP.json:2: malformed JSON"},
		{"not an array", `{"ID": "chal-1"}`, "", "SVAMP.json:1: malformed JSON: want an array of problems"},
		{"no answer", "[\n{\"ID\": \"chal-1\", \"Body\": \"b\", \"Question\": \"q\", \"Equation\": \"1\"}\n]", "", "SVAMP.json:2: a problem has no Answer"},
		{"ID without a number", "[\n{\"ID\": \"chal\", \"Body\": \"b\", \"Question\": \"q\", \"Equation\": \"1\", \"Answer\": 1}\n]", "", `SVAMP.json:2: the ID "chal" does not end in a number`},
		{"ID twice", "[{\"ID\": \"c-1\", \"Body\": \"b\", \"Question\": \"q\", \"Equation\": \"1\", \"Answer\": 1},\n {\"ID\": \"c-1\", \"Body\": \"b\", \"Question\": \"q\", \"Equation\": \"1\", \"Answer\": 1}]", "", `SVAMP.json:2: the ID "c-1" is used on line 1 too`},
		{"IDs of one number", "[{\"ID\": \"c-1\", \"Body\": \"b\", \"Question\": \"q\", \"Equation\": \"1\", \"Answer\": 1},\n {\"ID\": \"d-01\", \"Body\": \"b\", \"Question\": \"q\", \"Equation\": \"1\", \"Answer\": 1}]", "", `SVAMP.json:2: the ID "d-01" ends in the number of the ID "c-1" on line 1`},
		{"no text", "[{\"ID\": \"c-1\", \"Body\": \" \", \"Question\": \"\", \"Equation\": \"1\", \"Answer\": 1}]", "", "has no text"},
		{"string answer", "[{\"ID\": \"c-1\", \"Body\": \"b\", \"Question\": \"q\", \"Equation\": \"1\", \"Answer\": \"1\"}]", "", "SVAMP.json:1: malformed JSON"},
		{"empty JSON", "[]", "", "holds no problems"},
		{"empty CSV", "", "-", "the file is empty"},
		{"no column", "", "Question,Numbers,Answer\nq,1,1\n", "train.csv:1: no column Equation"},
		{"only a header", "", header, "holds no problems"},
		{"not a number", "", header + "a number0 ?,1 x,number0,1,\n", "train.csv:2: the Numbers column: \"x\" is not a number"},
		{"placeholder beyond", "", header + "a number0 and number2 ?,1 2,number0,1,\n", "train.csv:2: the question has number2, but the Numbers column holds 2 values"},
		{"unused number", "", header + "a number0 ?,1 2,number0,1,\n", "train.csv:2: the Numbers column holds 2 values, but the question has no number1"},
		{"bad equation", "", header + "a number0 ?,1,+ number0,1,\n", "train.csv:2: equation \"+ number0\": an operator lacks an operand"},
		{"bad answer", "", header + "a number0 ?,1,number0,one,\n", "train.csv:2: the answer \"one\" is not a number"},
		{"bad grade", "", header + "a number0 ?,1,number0,1,first\n", "train.csv:2: the grade \"first\" is not a whole number"},
		{"empty question", "", header + ",,1,1,\n", "train.csv:2: equation \"1\"" + "|the question is empty"},
		{"line of a row after a quoted newline", "", header + "\"a\nb number0 ?\",1,number0,1,\nc ?,,+,1,\n", "train.csv:4: equation \"+\""},
		{"wrong field count", "", header + "a number0 ?,1,number0\n", "train.csv: record on line 2: wrong number of fields"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var err error
			if tt.json != "" {
				path := filepath.Join(dir, JSONFile)
				os.WriteFile(path, []byte(tt.json), 0o644)
				_, err = JSON{Path: path}.Read()
			} else {
				csv := tt.csv
				if csv == "-" {
					csv = ""
				}
				os.WriteFile(filepath.Join(dir, TrainFile), []byte(csv), 0o644)
				os.WriteFile(filepath.Join(dir, DevFile), []byte("Question,Numbers,Equation,Answer\nq,,1,1\n"), 0o644)
				_, err = Fold{Dir: dir}.Read()
			}
			ok := false
			for _, w := range strings.Split(tt.want, "|") {
				ok = ok || err != nil && strings.Contains(err.Error(), w)
			}
			if !ok {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is more than one line", err)
			}
		})
	}
	dir := t.TempDir()
	if _, err := (Fold{Dir: dir}).Read(); err == nil || !strings.Contains(err.Error(), "it has no train.csv (a fold directory holds train.csv and dev.csv)") {
		t.Errorf("empty fold directory: %v", err)
	}
	os.WriteFile(filepath.Join(dir, TrainFile), []byte("Question,Numbers,Equation,Answer\nq,,1,1\n"), 0o644)
	if _, err := (Fold{Dir: dir}).Read(); err == nil || !strings.Contains(err.Error(), "it has no dev.csv") {
		t.Errorf("fold directory without dev.csv: %v", err)
	}
	if _, err := (JSON{Path: filepath.Join(dir, "none.json")}).Read(); err == nil || !strings.Contains(err.Error(), "none.json: no such file") {
		t.Errorf("missing SVAMP.json: %v", err)
	}
}

// The SVAMP repository's files, when they are there: the sizes of
// REPORT's table, every equation parses, and its value is the answer but
// for the rows known to disagree.
func TestShared(t *testing.T) {
	dataDir := waptest.SharedData(t, "svamp")
	js, err := ReadJSON(filepath.Join(dataDir, JSONFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(js) != 1000 {
		t.Errorf("SVAMP.json: %d problems, want 1000", len(js))
	}
	tests := []struct {
		dir        string
		train, all int // rows of train.csv, and of both files
		disagree   int // rows whose answer is not their equation's value
	}{
		{"cv_mawps/fold0", 1537, 1921, 12},
		{"cv_mawps/fold4", 1537, 1921, 12},
		{"cv_asdiv-a/fold0", 979, 1217, 1},
		{"cv_asdiv-a/fold4", 951, 1217, 1},
		{"mawps-asdiv-a_svamp", 3138, 4138, 13},
	}
	for _, tt := range tests {
		ds, err := Fold{Dir: filepath.Join(dataDir, tt.dir)}.Read()
		if err != nil {
			t.Fatal(err)
		}
		train, all := len(ds[data.Train])+len(ds[data.Dev]), len(ds[data.Train])+len(ds[data.Dev])+len(ds[data.Test])
		if train != tt.train || all != tt.all {
			t.Errorf("%s: %d training and %d rows in all, want %d and %d", tt.dir, train, all, tt.train, tt.all)
		}
		if n := len(ds[data.Dev]); n < train/12 || n > train/8 {
			t.Errorf("%s: dev split of %d of %d training rows", tt.dir, n, train)
		}
		disagree := 0
		for _, sp := range ds {
			for _, p := range sp {
				v, err := cc.EvalEquation(p.Equation)
				if err != nil {
					t.Errorf("%s line %d: %v", tt.dir, p.ID, err)
				}
				if math.Abs(v-p.Answer) > 1e-4*max(1, math.Abs(p.Answer)) {
					disagree++
				}
			}
		}
		if disagree != tt.disagree {
			t.Errorf("%s: %d answers disagree with their equation, want %d", tt.dir, disagree, tt.disagree)
		}
	}
}

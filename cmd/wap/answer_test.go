package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// An answer for which the decoder set aside the model's most probable
// reading says so: a line after the formula, a set_aside field in JSON, a
// third field of a line of --file; an answer that set nothing aside has
// none of them.
func TestAnswerSaysWhatItSetAside(t *testing.T) {
	a := answerer{cfg: model.Config{Data: "synthetic"}}
	p := &model.Problem{}
	for _, v := range []int64{5, 8, 2} {
		p.Quantities = append(p.Quantities, reader.Quantity{Text: big.NewRat(v, 1).RatString(), Value: big.NewRat(v, 1)})
	}
	sol := func(aside *answer.SetAside) answer.Solution {
		return answer.Solution{Answer: big.NewRat(13, 1), Formula: "5 + 8", Confidence: 0.3, Choices: []int{1, 0, 0, 0}, SetAside: aside}
	}
	tests := []struct {
		name  string
		aside *answer.SetAside
		text  string // the line after the formula; "" for none
		json  string // the set_aside field; "" for none
		line  string // the line of --file
	}{
		{"negative", &answer.SetAside{Formula: "5 - 8", Value: big.NewRat(-3, 1), Prob: 0.61234, Why: answer.WhyNegative},
			"set aside the most probable reading, 5 - 8 = -3 (p 0.61): negative",
			`{"formula":"5 - 8","value":-3,"p":0.6123,"why":"negative"}`,
			"13\t5 + 8 = 13\tset aside 5 - 8 = -3 (p 0.61): negative"},
		{"not whole", &answer.SetAside{Formula: "8 / 5", Value: big.NewRat(8, 5), Prob: 0.5, Why: answer.WhyNotWhole},
			"set aside the most probable reading, 8 / 5 = 1.6 (p 0.50): not whole",
			`{"formula":"8 / 5","value":1.6,"p":0.5,"why":"not whole"}`,
			"13\t5 + 8 = 13\tset aside 8 / 5 = 1.6 (p 0.50): not whole"},
		{"a fraction", &answer.SetAside{Formula: "5 / (8 - 2)", Value: big.NewRat(5, 6), Prob: 0.4, Why: answer.WhyNotDecimal},
			"set aside the most probable reading, 5 / (8 - 2) = 5/6 (p 0.40): not a finite decimal",
			`{"formula":"5 / (8 - 2)","value":"5/6","p":0.4,"why":"not a finite decimal"}`,
			"13\t5 + 8 = 13\tset aside 5 / (8 - 2) = 5/6 (p 0.40): not a finite decimal"},
		{"division by zero", &answer.SetAside{Formula: "5 / (2 - 2)", Prob: 0.7, Why: answer.WhyDivZero},
			"set aside the most probable reading, 5 / (2 - 2) (p 0.70): division by zero",
			`{"formula":"5 / (2 - 2)","p":0.7,"why":"division by zero"}`,
			"13\t5 + 8 = 13\tset aside 5 / (2 - 2) (p 0.70): division by zero"},
		{"the learned prior", &answer.SetAside{Formula: "5 - 8", Value: big.NewRat(-3, 1), Prob: 0.9, Why: answer.WhyPrior + ": negative (×0.05 the answer's weight)"},
			"set aside the most probable reading, 5 - 8 = -3 (p 0.90): learned prior: negative (×0.05 the answer's weight)",
			`{"formula":"5 - 8","value":-3,"p":0.9,"why":"learned prior: negative (×0.05 the answer's weight)"}`,
			"13\t5 + 8 = 13\tset aside 5 - 8 = -3 (p 0.90): learned prior: negative (×0.05 the answer's weight)"},
		{"nothing set aside", nil, "", "", "13\t5 + 8 = 13"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := answered{question: "Q", p: p, s: sol(tt.aside), line: 3}
			want := "13\n5 + 8 = 13\n"
			if tt.text != "" {
				want += tt.text + "\n"
			}
			want += "confidence 30.0%; model trained on synthetic data\n"
			if got := a.text(q); got != want {
				t.Errorf("text:\n%s\nwant:\n%s", got, want)
			}
			b, err := json.Marshal(a.object(q, false))
			if err != nil {
				t.Fatal(err)
			}
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(b, &obj); err != nil {
				t.Fatal(err)
			}
			if got := string(obj["set_aside"]); got != tt.json || string(obj["answer"]) != "13" || string(obj["numbers"]) != `["5","8","2"]` {
				t.Errorf("JSON %s: set_aside %s, want %s", b, got, tt.json)
			}
			if got := line(q); got != tt.line {
				t.Errorf("line %q, want %q", got, tt.line)
			}
		})
	}
}

// checkAnswerWords answers questions with number words with a model whose
// sketch takes any count of numbers: the numbers read are those of the
// same question in digits, and so is every other field of the answer.
func checkAnswerWords(t *testing.T, model string) {
	t.Helper()
	for words, digits := range map[string]string{
		"Sam has three apples and buys 5 more. How many apples does he have?":         "Sam has 3 apples and buys 5 more. How many apples does he have?",
		"A baker made a dozen cakes and sold twenty-five pies. How many did he make?": "A baker made 12 cakes and sold 25 pies. How many did he make?",
	} {
		code, w, errs := runWap(t, "answer", "--json", "--model", model, words)
		if code != 0 {
			t.Fatalf("answer %q: exit %d: %s", words, code, errs)
		}
		var obj struct {
			Numbers []string `json:"numbers"`
		}
		if err := json.Unmarshal([]byte(w), &obj); err != nil || len(obj.Numbers) != 2 || strings.ContainsFunc(strings.Join(obj.Numbers, ""), func(r rune) bool { return r < '0' || r > '9' }) {
			t.Errorf("answer --json %q: %v, %s: want the numbers in digits", words, err, w)
		}
		_, d, _ := runWap(t, "answer", "--json", "--model", model, digits)
		if w != d {
			t.Errorf("answer --json %q:\n%s\nin digits:\n%s", words, w, d)
		}
		file := filepath.Join(t.TempDir(), "questions.txt")
		os.WriteFile(file, []byte(words+"\n"+digits+"\n"), 0o644)
		code, out, errs := runWap(t, "answer", "--model", model, "--file", file)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || len(lines) != 2 || lines[0] != lines[1] {
			t.Errorf("answer --file: exit %d, %q %s: want the same line twice", code, out, errs)
		}
	}
}

// checkAnswerNumbers answers questions of issue 38 with a model whose
// sketch takes any count of numbers: each number written with scales,
// suffixes, currency signs or format characters is one number of its
// value, and the answer is that of the question written in digits.
func checkAnswerNumbers(t *testing.T, model string) {
	t.Helper()
	type answerObj struct {
		Numbers    []string        `json:"numbers"`
		Answer     json.RawMessage `json:"answer"`
		Formula    string          `json:"formula"`
		Confidence float64         `json:"confidence"`
	}
	ask := func(q string) answerObj {
		code, out, errs := runWap(t, "answer", "--json", "--model", model, q)
		var obj answerObj
		if err := json.Unmarshal([]byte(out), &obj); code != 0 || err != nil {
			t.Fatalf("answer %q: exit %d, %v: %s", q, code, err, errs)
		}
		return obj
	}
	for _, tt := range []struct {
		question, digits string
		numbers          []string
	}{
		{"A farm has two hundred fifty cows and buys 5 more. How many cows does it have?", "A farm has 250 cows and buys 5 more. How many cows does it have?", []string{"250", "5"}},
		{"A town has three hundred thousand cars and 500 buses. How many vehicles are there?", "A town has 300000 cars and 500 buses. How many vehicles are there?", []string{"300000", "500"}},
		{"A city had 1.5 million people and 2 thousand left. How many people are in the city?", "A city had 1500000 people and 2000 left. How many people are in the city?", []string{"1.5 million", "2 thousand"}},
		{"Sam had 5k coins and found 2 and a half more. How many coins does he have?", "Sam had 5000 coins and found 2.5 more. How many coins does he have?", []string{"5k", "2 and a half"}},
		{"\u200fTom has 12\u200f apples and buys \u20665\u2069 more. How many apples does he have?", "Tom has 12 apples and buys 5 more. How many apples does he have?", []string{"12", "5"}},
	} {
		got, want := ask(tt.question), ask(tt.digits)
		if !reflect.DeepEqual(got.Numbers, tt.numbers) || string(got.Answer) != string(want.Answer) || got.Formula != want.Formula || got.Confidence != want.Confidence {
			t.Errorf("answer %q: %+v; want the numbers %q and the answer in digits %+v", tt.question, got, tt.numbers, want)
		}
	}
	if got := ask("Ann paid €12 and £5 for books. How much did she pay?"); !reflect.DeepEqual(got.Numbers, []string{"12", "5"}) {
		t.Errorf("answer with currency signs: numbers %q, want 12 and 5", got.Numbers)
	}
	code, out, errs := runWap(t, "answer", "--model", model, "Tom has 3 thousand five hundred apples and eats 7. How many are left?")
	if code != 1 || out != "" || !strings.Contains(errs, `cannot read "3 thousand five hundred" as a number`) || strings.Count(errs, "\n") != 1 {
		t.Errorf("a number in digits and words: exit %d, %q %q; want one line naming it", code, out, errs)
	}
}

// subtracter is the question of the model that subtractModel makes.
const subtracter = "Sam has 5 apples and eats 8. How many apples does he have?"

// subtractModel writes a model of the default sketch whose slots decide
// alike whatever the question: the first number minus the second, almost
// surely (each slot's last layer is a bias alone, 20 on its decision and
// −20 on the others).
func subtractModel(t *testing.T) string {
	t.Helper()
	q, err := reader.ParseQuestion(subtracter)
	if err != nil {
		t.Fatal(err)
	}
	vocab := reader.LearnVocab([]reader.Question{q, q}, 0)
	src := waptest.Sketch(t, "wap_steps")
	m, err := model.NewModel("wap_steps.fth", src, vocab.Size(), true, 1)
	if err != nil {
		t.Fatal(err)
	}
	// a = number 0, b = number 1, -, c = the cell the picks left (empty:
	// the question has two numbers), the answer r alone.
	decisions := []int{0, 1, 1, 2, 6}
	last := map[int]string{} // each slot's last stage
	for _, tn := range m.Named() {
		var slot, stage int
		if n, _ := fmt.Sscanf(tn.Name, "slot%d.stage%d.", &slot, &stage); n == 2 {
			last[slot] = fmt.Sprintf("slot%d.stage%d.", slot, stage)
		}
	}
	for _, tn := range m.Named() {
		var slot int
		if n, _ := fmt.Sscanf(tn.Name, "slot%d.", &slot); n != 1 || !strings.HasPrefix(tn.Name, last[slot]) {
			continue
		}
		for k := range tn.Data {
			tn.Data[k] = 0
			if strings.HasSuffix(tn.Name, ".b") {
				tn.Data[k] = -20
				if k == decisions[slot] {
					tn.Data[k] = 20
				}
			}
		}
	}
	if len(last) != len(decisions) {
		t.Fatalf("the sketch has %d slots, want %d", len(last), len(decisions))
	}
	dir := filepath.Join(t.TempDir(), "subtract")
	w, err := modeldir.Create(dir, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	weights, err := m.Weights()
	if err != nil {
		t.Fatal(err)
	}
	err = w.Publish(false, func(v *modeldir.Version) error {
		_, err := model.WriteModel(v, m, model.Config{Data: "synthetic"}, vocab, weights)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// A model whose most probable reading is negative answers otherwise and
// says what it set aside, in each output.
func TestAnswerSetAsideCommand(t *testing.T) {
	dir := subtractModel(t)
	const aside = "5 - 8 = -3 (p 1.00): negative"
	code, out, errs := runWap(t, "answer", "--model", dir, subtracter)
	lines := strings.Split(out, "\n")
	if code != 0 || len(lines) != 5 || lines[2] != "set aside the most probable reading, "+aside || !strings.HasPrefix(lines[3], "confidence ") {
		t.Errorf("answer: exit %d, %q %s; want the line %q after the formula", code, out, errs, aside)
	}
	code, out, errs = runWap(t, "answer", "--json", "--model", dir, subtracter)
	var obj struct {
		Answer   json.Number `json:"answer"`
		SetAside struct {
			Formula string      `json:"formula"`
			Value   json.Number `json:"value"`
			P       float64     `json:"p"`
			Why     string      `json:"why"`
		} `json:"set_aside"`
	}
	if err := json.Unmarshal([]byte(out), &obj); code != 0 || err != nil || obj.SetAside.Formula != "5 - 8" || obj.SetAside.Value != "-3" ||
		obj.SetAside.P < 0.99 || obj.SetAside.Why != answer.WhyNegative || strings.HasPrefix(string(obj.Answer), "-") {
		t.Errorf("answer --json: exit %d, %v, %q %s", code, err, out, errs)
	}
	file := filepath.Join(t.TempDir(), "q.txt")
	os.WriteFile(file, []byte(subtracter+"\n"), 0o644)
	code, out, errs = runWap(t, "answer", "--model", dir, "--file", file)
	if f := strings.Split(strings.TrimSuffix(out, "\n"), "\t"); code != 0 || len(f) != 3 || f[2] != "set aside "+aside {
		t.Errorf("answer --file: exit %d, %q %s", code, out, errs)
	}
	// Decoding by argmax sets nothing aside: its answer is the reading.
	code, out, _ = runWap(t, "answer", "--decode", "argmax", "--model", dir, subtracter)
	if code != 0 || !strings.HasPrefix(out, "-3\n5 - 8 = -3\nconfidence ") {
		t.Errorf("answer --decode argmax: exit %d, %q", code, out)
	}
}

// A question left with one number has no formula that uses each number
// once: it is refused in one line, whatever the decoding and the output,
// never answered with a formula that reads the number twice.
func TestAnswerOneNumber(t *testing.T) {
	dir := subtractModel(t)
	const refused = "no formula of the sketch answers it: the question has one number (%s), and every formula combines two or more"
	tests := []struct {
		name, question string
		flags          []string
		want           string // the error's start; "" for an answer
	}{
		{"one number", "Sam has 5 apples. How many apples does he have?", nil, fmt.Sprintf(refused, "5")},
		{"one negative number", "Sam has -5 apples. How many apples does he have?", nil, fmt.Sprintf(refused, "-5")},
		{"by argmax", "Sam has 5 apples. How many apples does he have?", []string{"--decode", "argmax"}, fmt.Sprintf(refused, "5")},
		{"as written", "Sam has 5 apples. How many apples does he have?", []string{"--as-written"}, fmt.Sprintf(refused, "5")},
		{"json", "Sam has 5 apples. How many apples does he have?", []string{"--json"}, fmt.Sprintf(refused, "5")},
		{"two numbers", subtracter, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"answer", "--model", dir}, tt.flags...), tt.question)
			code, out, errs := runWap(t, args...)
			if tt.want == "" {
				if code != 0 || !strings.HasPrefix(out, "3\n8 - 5 = 3\n") {
					t.Errorf("exit %d, %q %s: want 3", code, out, errs)
				}
				return
			}
			if code == 0 || out != "" || !strings.HasPrefix(errs, "wap answer: "+tt.want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %q: want one line %q", code, out, errs, tt.want)
			}
		})
	}
	// In a file, the question gets its error in its line, the others their answers.
	file := filepath.Join(t.TempDir(), "q.txt")
	os.WriteFile(file, []byte("Sam has 5 apples. How many apples does he have?\n"+subtracter+"\n"), 0o644)
	code, out, errs := runWap(t, "answer", "--model", dir, "--file", file)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code == 0 || len(lines) != 2 || lines[0] != "?\tline 1: "+fmt.Sprintf(refused, "5")+" (a word problem uses each of its numbers once)" || !strings.HasPrefix(lines[1], "3\t") {
		t.Errorf("answer --file: exit %d, %q %s", code, out, errs)
	}
}

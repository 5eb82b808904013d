package prepare

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/source/svamp"
	"github.com/d4lang/d4/tasks/wap/synth"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// checkPrepared checks the files of a prepared dataset against its summary
// and every row against its problem's equation.
func checkPrepared(t *testing.T, out string, sum Summary) *Prepared {
	t.Helper()
	p := mustLoad(t, out)
	if !reflect.DeepEqual(p.Summary, sum) {
		t.Errorf("prepared.json holds %+v, Prepare returned %+v", p.Summary, sum)
	}
	if got := (SplitCounts{len(p.Train), len(p.Dev), len(p.Test)}); got != sum.Rows {
		t.Errorf("files hold %+v rows, the summary says %+v", got, sum.Rows)
	}
	if p.Vocab.Size() != sum.VocabSize {
		t.Errorf("tokenizer.json has %d ids, the summary says %d", p.Vocab.Size(), sum.VocabSize)
	}
	if _, err := os.Stat(filepath.Join(out, reader.TokenizerConfigFile)); err != nil {
		t.Errorf("no %s beside tokenizer.json: %v", reader.TokenizerConfigFile, err)
	}
	// The vocabulary's merged pieces come from the training split only:
	// every piece longer than a character is in a training text.
	var train strings.Builder
	for _, r := range p.Train {
		train.WriteString(strings.ToLower(r.Text) + " ")
	}
	for id := 3; id < p.Vocab.Size(); id++ {
		w := strings.TrimPrefix(p.Vocab.Word(id), reader.SubwordPrefix)
		if len([]rune(w)) > 1 && !strings.Contains(train.String(), w) {
			t.Errorf("vocabulary piece %q (id %d) is not in the training split", w, id)
		}
	}
	for i, split := range [][]Row{p.Train, p.Dev, p.Test} {
		for _, r := range split {
			want := sum.Source
			if r.Source == synth.Name && i == 0 && sum.Source == cc.Name {
				want = synth.Name
			}
			if r.Source != want {
				t.Errorf("row %d: source %q, want %q", r.ID, r.Source, want)
			}
			if len(r.Tokens) != len(r.TokenIDs) {
				t.Errorf("row %d: %d tokens for %d ids", r.ID, len(r.Tokens), len(r.TokenIDs))
			}
			if r.Pattern != cc.EquationPattern(r.Equation) || r.Pattern == cc.PatternOther {
				t.Errorf("row %d: pattern %q for %s", r.ID, r.Pattern, r.Equation)
			}
			v, err := cc.EvalEquation(r.Equation)
			if err != nil || v != float64(r.Answer) {
				t.Errorf("row %d: %s = %v (%v), answer %d", r.ID, r.Equation, v, err, r.Answer)
			}
			eq, _ := cc.EquationNumbers(r.Equation)
			var got []float64
			for k, n := range r.Numbers {
				got = append(got, float64(n))
				if r.TokenIDs[r.NumPos[k]] != reader.NumID {
					t.Errorf("row %d: number token %q has id %d, want %d", r.ID, r.Tokens[r.NumPos[k]], r.TokenIDs[r.NumPos[k]], reader.NumID)
				}
			}
			slices.Sort(got)
			slices.Sort(eq)
			if !reflect.DeepEqual(got, eq) {
				t.Errorf("row %d: numbers %v in the text, %v in %s (%q)", r.ID, r.Numbers, eq, r.Equation, r.Text)
			}
		}
	}
	return p
}

func TestPrepareCC(t *testing.T) {
	ccDir := waptest.SharedData(t, "cc")
	out := filepath.Join(t.TempDir(), "prepared")
	sum := mustPrepare(t, Config{Source: cc.Source{Dir: ccDir}, Dir: ccDir, Out: out, Generated: 50})
	if sum.Source != cc.Name || sum.Problems != (SplitCounts{350, 100, 200}) || sum.Generated != 50 {
		t.Errorf("summary %+v", sum)
	}
	skipped := SplitCounts{}
	for _, s := range sum.Skipped {
		skipped.add(s.Split, 1)
		t.Logf("skipped %s problem %d: %s (%s)", s.Split, s.ID, s.Reason, s.Detail)
	}
	want := SplitCounts{350 - skipped.Train, 100 - skipped.Dev, 200 - skipped.Test}
	if sum.Rows != want {
		t.Errorf("rows %+v, want %+v", sum.Rows, want)
	}
	t.Logf("CC: rows %+v, vocabulary %d, skipped %d", sum.Rows, sum.VocabSize, len(sum.Skipped))
	p := checkPrepared(t, out, sum)
	n := 0
	for _, r := range p.Train {
		if r.Source == synth.Name {
			n++
		}
	}
	if n != 50 {
		t.Errorf("%d generated training rows, want 50", n)
	}
}

func TestPrepareSynthetic(t *testing.T) {
	out := t.TempDir()
	cfg := Config{Source: Synthetic([3]int{60, 12, 0}, 5, synth.CCMix), Seed: 5, Out: out, VocabSize: 300}
	sum := mustPrepare(t, cfg)
	want := SplitCounts{60, 12, DefaultSyntheticN[2]}
	if sum.Source != synth.Name || sum.Problems != want || sum.Rows != want || len(sum.Skipped) != 0 || sum.Seed != 5 || sum.VocabSize != 300 {
		t.Errorf("summary %+v", sum)
	}
	p := checkPrepared(t, out, sum)
	// The same seed gives the same data.
	cfg.Out = t.TempDir()
	if _, err := Prepare(cfg); err != nil {
		t.Fatal(err)
	}
	q, err := LoadPrepared(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Train, q.Train) || !reflect.DeepEqual(p.Test, q.Test) {
		t.Error("two preparations with the same seed differ")
	}
}

// writeCC writes a CC directory of the given problems (iIndex = position),
// all of them in train but the last two (one in dev, one in test).
func writeCC(t *testing.T, texts []string, answers []float64, eqs []string) string {
	t.Helper()
	dir := t.TempDir()
	type q struct {
		IIndex     int       `json:"iIndex"`
		SQuestion  string    `json:"sQuestion"`
		LSolutions []float64 `json:"lSolutions"`
		LEquations []string  `json:"lEquations"`
	}
	var qs []q
	var train []string
	for i, s := range texts {
		qs = append(qs, q{i, s, []float64{answers[i]}, []string{eqs[i]}})
		if i < len(texts)-2 {
			train = append(train, strings.Repeat(" ", i%2)+string(rune('0'+i)))
		}
	}
	b, _ := json.Marshal(qs)
	files := map[string]string{
		cc.QuestionsFile: string(b),
		cc.TrainFile:     strings.Join(train, "\n"),
		cc.DevFile:       string(rune('0' + len(texts) - 2)),
		cc.TestFile:      string(rune('0' + len(texts) - 1)),
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A problem without a number, with more than any sketch takes, or whose
// answer is no number is skipped, counted by reason; any other is kept,
// with its numbers and answer exactly and as ∂4 holds them (0 and −1 for
// what it holds not).
func TestPrepareSkips(t *testing.T) {
	many := "Al counts " + strings.Repeat("1 and ", model.MaxNumbers) + "2 cups. How many cups?"
	dir := writeCC(t, []string{
		"Tom had 5 apples and got 3 more apples. He ate 2 apples. How many are left?",
		"Ann had pears and ate some. How many are left?",
		many,
		"Bo had 3.5 kg of flour, got 2 more and used 1. How much is left?",
		"Cy had 200 pens, got 2 more and lost 1. How many are left?",
		"Di had 5 mugs, got 2 more mugs and broke 2 mugs. How many are left?",
		"Ed had 7 hats, got 2 more and lost 3. How many are left?",
		"Flo has 4 mp3 players, 2 radios and 1 TV. How many in all?",
	}, []float64{6, 3, 7, 4.5, 201, 5, 6, 7}, []string{
		"X=((5.0+3.0)-2.0)", "X=(5.0-2.0)", "X=7.0", "X=((3.5+2.0)-1.0)", "X=((200.0+2.0)-1.0)",
		"X=((5.0+2.0)-2.0)", "X=((7.0+2.0)-3.0)", "X=((4.0+2.0)+1.0)",
	})
	out := t.TempDir()
	sum := mustPrepare(t, Config{Source: cc.Source{Dir: dir}, Dir: dir, Out: out})
	want := []Skip{
		{data.Train, 1, SkipCount, "found 0 numbers (at most 16): none found"},
		{data.Train, 2, SkipCount, "found 17 numbers (at most 16): " + strings.Repeat("1, ", model.MaxNumbers) + "2"},
	}
	if !reflect.DeepEqual(sum.Skipped, want) {
		t.Errorf("skipped %+v, want %+v", sum.Skipped, want)
	}
	if w := map[string]int{SkipCount: 2}; !reflect.DeepEqual(sum.SkippedByReason, w) {
		t.Errorf("skipped by reason %v, want %v", sum.SkippedByReason, w)
	}
	if sum.Problems != (SplitCounts{6, 1, 1}) || sum.Rows != (SplitCounts{4, 1, 1}) {
		t.Errorf("problems %+v, rows %+v; want 6/1/1 and 4/1/1", sum.Problems, sum.Rows)
	}
	// Only the kept training problems' words are in the vocabulary:
	// "apples" is a piece, "cups" of a skipped problem is not.
	p := mustLoad(t, out)
	if !p.Vocab.Whole("apples") || p.Vocab.Whole("cups") {
		t.Errorf("vocabulary of %d ids: apples %v, cups %v", sum.VocabSize, p.Vocab.Whole("apples"), p.Vocab.Whole("cups"))
	}
	for i, w := range []struct {
		values  []string
		numbers []int32
		exact   string
		answer  int32
	}{{[]string{"5", "3", "2"}, []int32{5, 3, 2}, "6", 6}, {[]string{"7/2", "2", "1"}, []int32{0, 2, 1}, "9/2", -1}, {[]string{"200", "2", "1"}, []int32{0, 2, 1}, "201", -1}} {
		r := p.Train[i]
		if !slices.Equal(r.Values, w.values) || !slices.Equal(r.Numbers, w.numbers) || r.Exact != w.exact || r.Answer != w.answer {
			t.Errorf("row %d: values %q numbers %v, answer %s (%d); want %q %v, %s (%d)", i, r.Values, r.Numbers, r.Exact, r.Answer, w.values, w.numbers, w.exact, w.answer)
		}
	}
}

// An answer that is no number (a source that reads "NaN" or "Inf") is
// skipped as such; a finite one of any size is kept.
func TestReadProblemAnswer(t *testing.T) {
	for answer, want := range map[float64]string{math.NaN(): SkipAnswer, math.Inf(1): SkipAnswer, math.Inf(-1): SkipAnswer, -2.5: "", 1e30: ""} {
		if _, reason, _ := readProblem(source.Problem{Text: "Al had 3 cups and got 2.", Answer: answer}); reason != want {
			t.Errorf("answer %v: skip reason %q, want %q", answer, reason, want)
		}
	}
}

func TestPrepareErrors(t *testing.T) {
	allSkipped := writeCC(t, []string{"One, two, three.", "Ed had 7 hats, got 2 more and lost 3. How many are left?", "Ed had 7 hats, got 2 more and lost 3. How many are left?"},
		[]float64{1, 6, 6}, []string{"X=1.0", "X=((7.0+2.0)-3.0)", "X=((7.0+2.0)-3.0)"})
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no output", Config{Source: cc.Source{Dir: "cc"}, Dir: "cc"}, "no output directory"},
		{"no input", Config{Out: t.TempDir()}, "no source of problems"},
		{"missing input", Config{Source: cc.Source{Dir: "/nonexistent/cc"}, Dir: "/nonexistent/cc", Out: t.TempDir()}, "/nonexistent/cc: no such file or directory"},
		{"negative vocabulary", Config{Source: Synthetic([3]int{}, 0, synth.CCMix), Out: t.TempDir(), VocabSize: -1}, "the vocabulary size is -1"},
		{"negative generated", Config{Source: cc.Source{Dir: "cc"}, Dir: "cc", Out: t.TempDir(), Generated: -2}, "-2 generated problems asked for"},
		{"negative augmentation", Config{Source: cc.Source{Dir: "cc"}, Dir: "cc", Out: t.TempDir(), Augment: -1}, "the augmentation is -1 copies per training problem, want 0…10"},
		{"NaN augmentation", Config{Source: cc.Source{Dir: "cc"}, Dir: "cc", Out: t.TempDir(), Augment: math.NaN()}, "the augmentation is NaN copies"},
		{"too much augmentation", Config{Source: cc.Source{Dir: "cc"}, Dir: "cc", Out: t.TempDir(), Augment: 11}, "the augmentation is 11 copies"},
		{"negative size", Config{Source: Synthetic([3]int{10, -1, 10}, 0, synth.CCMix), Out: t.TempDir()}, "-1 generated dev problems"},
		{"all skipped", Config{Source: cc.Source{Dir: allSkipped}, Dir: allSkipped, Out: t.TempDir()}, "no training problem left (1 read, all skipped)"},
		{"output is a file", Config{Source: Synthetic([3]int{6, 6, 6}, 0, synth.CCMix), Out: file}, "not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Prepare(tt.cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "preparing the word algebra data: ") {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is more than one line", err)
			}
		})
	}
}

func TestLoadPreparedErrors(t *testing.T) {
	out := t.TempDir()
	if _, err := Prepare(Config{Source: Synthetic([3]int{30, 6, 6}, 0, synth.CCMix), Out: out}); err != nil {
		t.Fatal(err)
	}
	// A vocabulary from other data does not fit the rows.
	small := reader.LearnVocab(nil, 1)
	if err := small.Save(filepath.Join(out, reader.TokenizerFile)); err != nil {
		t.Fatal(err)
	}
	_, err := LoadPrepared(out)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("outside the %d ids of tokenizer.json", small.Size())) {
		t.Errorf("mismatched vocabulary: err = %v", err)
	}
	os.Remove(filepath.Join(out, DevFile))
	os.Remove(filepath.Join(out, reader.TokenizerFile))
	_, err = LoadPrepared(out)
	if err == nil || !strings.Contains(err.Error(), "tokenizer.json: no such file") {
		t.Errorf("missing tokenizer: err = %v", err)
	}
	os.WriteFile(filepath.Join(out, PreparedFile), []byte("{"), 0o644)
	_, err = LoadPrepared(out)
	if err == nil || !strings.Contains(err.Error(), "prepared.json: unexpected end of JSON input") {
		t.Errorf("bad prepared.json: err = %v", err)
	}
	_, err = LoadPrepared(filepath.Join(out, "missing"))
	if err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing directory: err = %v", err)
	}
}

// EquationGives takes an answer rounded to the places it is written with
// (as the public data write theirs), and no more.
func TestEquationGives(t *testing.T) {
	for _, c := range []struct {
		v, answer float64
		want      bool
	}{
		{56, 56, true},
		{10.0 / 3, 3.333, true},
		{10.0 / 3, 3.33333, true},
		{13.0 / 3, 4.333333333333333, true},
		{41.02564102564102, 41, true},
		{8.999550022498877, 9, true},
		{0.24916666666666668, 0.25, true},
		{0.33335, 0.3333, true},
		{69.36114732724903, 69.4, true},
		{0.1 + 0.2, 0.3, true},
		{1e30 * (1 + 1e-12), 1e30, true},
		{136, 134, false},
		{55, 54.545, false},
		{0.16665, 0.165, false},
		{5.714285714285714, 5, false},
		{0.26, 26, false},
		{3.34, 3.333, false},
		{-2, 2, false},
	} {
		if got := EquationGives(c.v, c.answer); got != c.want {
			t.Errorf("EquationGives(%v, %v) = %v, want %v", c.v, c.answer, got, c.want)
		}
	}
}

// A problem whose equation does not parse, divides by zero or does not
// give its answer is skipped, named by its file and line; the others are
// kept. SVAMP.json's are only read (a test set), a CSV fold's are kept
// in every split.
func TestPrepareEquations(t *testing.T) {
	entry := func(id, eq string, answer float64) string {
		return fmt.Sprintf(`{"ID": "chal-%s", "Body": "Sam had 76 pens and got 5 more pens.", "Question": "How many pens does he have?", "Equation": %q, "Answer": %v}`, id, eq, answer)
	}
	jsonText := "[\n" + strings.Join([]string{entry("1", "( 76.0 + 5.0 )", 81), entry("2", "( 76.0 / 0.0 )", 0), entry("3", "( 76.0 -- )", 76), entry("4", "( 76.0 - 5.0 )", 81)}, ",\n") + "\n]\n"
	const header = "Question,Numbers,Equation,Answer\n"
	story := "Kid had number0 toys and got number1 more . How many toys ?"
	train := header
	for i := range 12 {
		train += fmt.Sprintf("%s %d,%d 3,+ number0 number1,%d\n", story, i, 10+i, 13+i)
	}
	train += story + ",76 0,/ number0 number1,0\n" + story + ",34 4,* number0 number1,134\n" + story + ",10 3,/ number0 number1,3.333\n"
	dir := writeFiles(t, map[string]string{"svamp/" + svamp.JSONFile: jsonText, "fold/" + svamp.TrainFile: train, "fold/" + svamp.DevFile: header + story + ",4 5,+ number0 number1,9\n"})
	jsonPath, trainPath := filepath.Join(dir, "svamp", svamp.JSONFile), filepath.Join(dir, "fold", svamp.TrainFile)
	sum := mustPrepare(t, Config{Source: svamp.JSON{Path: jsonPath}, Out: t.TempDir(), Generated: 20})
	var got []string
	for _, s := range sum.Skipped {
		got = append(got, fmt.Sprintf("%s %d %s: %s", s.Split, s.ID, s.Reason, s.Detail))
	}
	want := []string{
		"test 2 " + SkipEquation + ": " + jsonPath + `:3: equation "X=(76.0/0.0)": division by zero`,
		"test 3 " + SkipEquation + ": " + jsonPath + `:4: equation "X=(76.0--)": unexpected '-' at offset 6, want a number or (`,
		"test 4 " + SkipEquation + ": " + jsonPath + `:5: equation "X=(76.0-5.0)" is 71, the answer 81`,
	}
	if !reflect.DeepEqual(got, want) || sum.SkippedByReason[SkipEquation] != 3 || sum.Rows.Test != 1 {
		t.Errorf("SVAMP.json: skipped\n%s\nwant\n%s\n(%d kept)", strings.Join(got, "\n"), strings.Join(want, "\n"), sum.Rows.Test)
	}
	sum = mustPrepare(t, Config{Source: svamp.Fold{Dir: filepath.Join(dir, "fold")}, Out: t.TempDir()})
	got = nil
	for _, s := range sum.Skipped {
		got = append(got, fmt.Sprintf("%d %s", s.ID, s.Detail))
	}
	want = []string{"14 " + trainPath + `:14: equation "X=(76/0)": division by zero`, "15 " + trainPath + `:15: equation "X=(34*4)" is 136, the answer 134`}
	if !reflect.DeepEqual(got, want) || sum.Rows.Train+sum.Rows.Dev != 13 {
		t.Errorf("a CSV fold: skipped %q, want %q; rows %+v", got, want, sum.Rows)
	}
}

// Prepare tells Config.Progress each stage from 0 to its total, and
// refuses, before any work, a preparation MemoryNeeded says does not fit.
func TestPrepareProgressAndMemory(t *testing.T) {
	var mu sync.Mutex
	last := map[string][2]int{} // stage → the highest done, the total
	var stages []string
	cfg := Config{Source: Synthetic([3]int{1200, 10, 10}, 1, synth.GeneralMix), Out: t.TempDir(), Progress: func(stage string, done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if _, seen := last[stage]; !seen {
			stages = append(stages, stage)
		}
		last[stage] = [2]int{max(last[stage][0], done), total}
	}}
	sum := mustPrepare(t, cfg)
	rows := sum.Rows.Train + sum.Rows.Dev + sum.Rows.Test
	want := map[string][2]int{"reading the problems": {1220, 1220}, "encoding the rows": {rows, rows}}
	if !reflect.DeepEqual(last, want) || !slices.Equal(stages, []string{"reading the problems", "encoding the rows"}) {
		t.Errorf("progress %v in the order %q, want %v", last, stages, want)
	}
	out := t.TempDir()
	cfg = Config{Source: Synthetic([3]int{1200, 10, 10}, 1, synth.GeneralMix), Out: out, Memory: MemoryNeeded(1219)}
	_, err := Prepare(cfg)
	if err == nil || !strings.Contains(err.Error(), "preparing 1220 problems needs about 55 MB of memory, more than the 55 MB available (given): generate fewer") {
		t.Errorf("too little memory: %v", err)
	}
	if entries, _ := os.ReadDir(out); len(entries) > 0 {
		t.Errorf("a refused preparation wrote %v", entries)
	}
	cfg.Memory = MemoryNeeded(1220)
	if _, err := Prepare(cfg); err != nil {
		t.Errorf("just enough memory: %v", err)
	}
}

// MemoryNeeded is within a factor of two of the peak resident size that
// preparing generated problems reaches (Linux: the peak is reset through
// /proc/self/clear_refs first).
func TestMemoryNeededAgainstPeak(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "prepares 10000 problems")
	}
	const n = 10000
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		testskip.Skip(t, "cannot reset the peak resident size: %v", err)
	}
	if _, err := Prepare(Config{Source: Synthetic([3]int{n - 2, 1, 1}, 1, synth.GeneralMix), Out: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		testskip.Skip(t, "no /proc/self/status: %v", err)
	}
	var peakKB uint64
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Sscan(rest, &peakKB)
		}
	}
	peak, need := peakKB<<10, MemoryNeeded(n)
	t.Logf("preparing %d problems: peak %d MB, estimate %d MB", n, peak>>20, need>>20)
	if peak == 0 || need > 2*peak || peak > 2*need {
		t.Errorf("preparing %d problems: peak %d MB, estimate %d MB: not within a factor of two", n, peak>>20, need>>20)
	}
}

// mustPrepare returns Prepare(cfg), failing the test on an error.
func mustPrepare(t *testing.T, cfg Config) Summary {
	t.Helper()
	sum, err := Prepare(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// mustLoad returns LoadPrepared(dir), failing the test on an error.
func mustLoad(t *testing.T, dir string) *Prepared {
	t.Helper()
	p, err := LoadPrepared(dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

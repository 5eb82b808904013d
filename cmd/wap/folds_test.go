package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
)

// writeCSVFolds writes a cross-validation of two folds of the SVAMP
// repository's CSVs under dir/raw and prepares it into dir/prep (as
// fold0 and fold1). Each fold's training file holds 30 problems of one
// and two operations; its test file (dev.csv) 6, two of each kind: one
// operation of type Addition and variation 1, one of type Subtraction and
// variation 2, two operations of type Addition and variation 1.
func writeCSVFolds(t *testing.T, dir string) (prep string) {
	t.Helper()
	const header = "Question,Numbers,Equation,Answer,Type,Variation Type\n"
	row := func(name string, a, b, kind int) string {
		switch kind {
		case 0:
			return fmt.Sprintf("%s had number0 toys and got number1 more . How many toys does %s have ?,%d %d,+ number0 number1,%d,Addition,1\n", name, name, a, b, a+b)
		case 1:
			return fmt.Sprintf("%s had number0 toys and lost number1 . How many toys are left ?,%d %d,- number0 number1,%d,Subtraction,2\n", name, a+b, b, a)
		}
		return fmt.Sprintf("%s had number0 toys and got number1 more . Then number2 broke . How many toys are left ?,%d %d 2,- + number0 number1 number2,%d,Addition,1\n", name, a, b, a+b-2)
	}
	for k := range 2 {
		train, test := header, header
		for i := range 30 {
			train += row(fmt.Sprintf("Kid%d_%d", k, i), 5+i, 3+i%4, i%3)
		}
		for i := range 6 {
			test += row(fmt.Sprintf("Ann%d_%d", k, i), 6+i, 2+i%3, i%3)
		}
		fold := filepath.Join(dir, "raw", fmt.Sprintf("fold%d", k))
		os.MkdirAll(fold, 0o755)
		os.WriteFile(filepath.Join(fold, "train.csv"), []byte(train), 0o644)
		os.WriteFile(filepath.Join(fold, "dev.csv"), []byte(test), 0o644)
	}
	prep = filepath.Join(dir, "prep")
	if code, _, errs := runWap(t, "prepare", filepath.Join(dir, "raw"), "--out", prep); code != 0 {
		t.Fatalf("prepare: exit %d: %s", code, errs)
	}
	return prep
}

// timings are the figures of a model directory's files that are times
// (config.json's train_seconds, the checkpoint's seconds, and so the
// checkpoint's checksum in config.json), which differ from run to run.
var timings = regexp.MustCompile(`("train_seconds": |seconds\\":|"checkpoint.safetensors": )[^,}]+`)

// sameModelDir reports the first file that differs between two model
// directories, comparing their bytes but for their timings (and the
// checkpoint's header size and padding, which the timings' digits change).
func sameModelDir(t *testing.T, a, b string) error {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(a, "*"))
	if err != nil || len(files) < 4 {
		return fmt.Errorf("%s holds %d files (%v)", a, len(files), err)
	}
	for _, fa := range files {
		name := filepath.Base(fa)
		x, errA := os.ReadFile(fa)
		y, errB := os.ReadFile(filepath.Join(b, name))
		if errA != nil || errB != nil {
			return fmt.Errorf("%s: %v, %v", name, errA, errB)
		}
		if strings.HasSuffix(name, ".safetensors") {
			x, y = safetensors(x), safetensors(y)
		}
		if !bytes.Equal(timings.ReplaceAll(x, []byte("${1}T")), timings.ReplaceAll(y, []byte("${1}T"))) {
			return fmt.Errorf("%s differs", name)
		}
	}
	return nil
}

// safetensors returns a safetensors file's header, without its size and
// padding, then its tensors.
func safetensors(b []byte) []byte {
	if len(b) < 8 {
		return b
	}
	n := min(uint64(len(b)-8), binary.LittleEndian.Uint64(b))
	return append(bytes.TrimRight(b[8:8+n], " "), b[8+n:]...)
}

// wap train and wap eval on prepared folds: a model per fold, each the
// model that training on that fold alone makes; the figures per fold with
// their mean ± sample standard deviation; per problem type, variation and
// number of operations pooled over the folds; resuming fold by fold.
func TestFolds(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains a model per fold for a second each")
	}
	dir := t.TempDir()
	prep := writeCSVFolds(t, dir)
	models := filepath.Join(dir, "models")
	train := []string{"train", "--data", prep, "--model", models, "--epochs", "1", "--models", "1"}
	code, out, errs := runWap(t, append(train, "--json")...)
	if code != 0 {
		t.Fatalf("train: exit %d: %s", code, errs)
	}
	var tr struct {
		Folds []struct {
			Model        string  `json:"model"`
			DevAccuracy  float64 `json:"dev_accuracy"`
			TestAccuracy float64 `json:"test_accuracy"`
		} `json:"folds"`
		TestMean *float64 `json:"test_mean"`
		TestStd  *float64 `json:"test_std"`
		DevMean  *float64 `json:"dev_mean"`
	}
	if err := json.Unmarshal([]byte(out), &tr); err != nil || len(tr.Folds) != 2 || tr.TestMean == nil || tr.TestStd == nil || tr.DevMean == nil {
		t.Fatalf("train --json: %v: %s", err, out)
	}
	a, b := tr.Folds[0].TestAccuracy, tr.Folds[1].TestAccuracy
	if mean, std := (a+b)/2, math.Abs(a-b)/math.Sqrt2; math.Abs(*tr.TestMean-mean) > 0.01 || math.Abs(*tr.TestStd-std) > 0.01 ||
		math.Abs(*tr.DevMean-(tr.Folds[0].DevAccuracy+tr.Folds[1].DevAccuracy)/2) > 0.01 {
		t.Errorf("train --json: test mean %v ± %v of %v and %v, want %v ± %v (sample std); dev mean %v", *tr.TestMean, *tr.TestStd, a, b, mean, std, *tr.DevMean)
	}
	for k, f := range tr.Folds {
		if want := filepath.Join(models, fmt.Sprintf("fold%d", k)); f.Model != want {
			t.Errorf("fold %d: model %s, want %s", k, f.Model, want)
		}
	}
	if !strings.Contains(errs, "epoch 1:") {
		t.Errorf("train: no epoch lines on stderr: %q", errs)
	}
	// Each fold's model is the one training on the fold alone makes.
	for k := range 2 {
		fold, alone := fmt.Sprintf("fold%d", k), filepath.Join(dir, fmt.Sprintf("alone%d", k))
		if code, _, errs := runWap(t, "train", "--data", filepath.Join(prep, fold), "--model", alone, "--epochs", "1", "--models", "1"); code != 0 {
			t.Fatalf("train on %s: exit %d: %s", fold, code, errs)
		}
		if err := sameModelDir(t, filepath.Join(models, fold), alone); err != nil {
			t.Errorf("%s: the fold's model and the model trained on it alone: %v", fold, err)
		}
	}
	if sameModelDir(t, filepath.Join(models, "fold0"), filepath.Join(dir, "alone1")) == nil {
		t.Errorf("the models of fold0 and fold1 compare equal")
	}
	checkEvalFolds(t, prep, models)

	// Resuming keeps the finished folds and trains a fold not begun.
	os.RemoveAll(filepath.Join(models, "fold1"))
	code, out, errs = runWap(t, append(train, "--resume")...)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 3 || !strings.HasSuffix(lines[0], "saved to "+filepath.Join(models, "fold0")) || !strings.HasSuffix(lines[1], "saved to "+filepath.Join(models, "fold1")) ||
		!regexp.MustCompile(`^2 folds: test accuracy [0-9.]+%, [0-9.]+%; mean [0-9.]+% ± [0-9.]+ \(sample standard deviation across the folds of this one seed, not across seeds\); dev accuracy mean [0-9.]+%$`).MatchString(lines[2]) {
		t.Errorf("train --resume: exit %d: %q %s", code, out, errs)
	}
	if strings.Count(errs, "resuming after epoch 1") != 1 || strings.Count(errs, "epoch 1:") != 1 {
		t.Errorf("train --resume: want fold0 resumed after its last epoch and fold1 trained: %q", errs)
	}
	for k := range 2 {
		if err := sameModelDir(t, filepath.Join(models, fmt.Sprintf("fold%d", k)), filepath.Join(dir, fmt.Sprintf("alone%d", k))); err != nil {
			t.Errorf("fold%d after --resume: %v", k, err)
		}
	}
}

// checkEvalFolds evaluates the models of prepared folds as text and as
// JSON: a line per fold, the mean ± sample standard deviation, and the
// groups of problems of both folds pooled.
func checkEvalFolds(t *testing.T, prep, models string) {
	t.Helper()
	code, out, errs := runWap(t, "eval", "--data", prep, "--model", models)
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errs)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^fold0: [0-9.]+% \([0-9]+/6; 95% interval .*\); model ` + regexp.QuoteMeta(filepath.Join(models, "fold0")) + ` \(trained on svamp-csv data, epoch 1\)$`),
		regexp.MustCompile(`(?m)^fold1: [0-9.]+% \([0-9]+/6; `),
		regexp.MustCompile(`(?m)^mean [0-9.]+% ± [0-9.]+ over 2 folds \(sample standard deviation across the folds of this one seed, not across seeds\); all folds' problems together: [0-9.]+% \([0-9]+/12\)$`),
		regexp.MustCompile(`(?m)^per problem type:\n  Addition +[0-9.]+% +\([0-9]+/8\)\n  Subtraction +[0-9.]+% +\([0-9]+/4\)\n`),
		regexp.MustCompile(`(?m)^per variation \(the codes of the SVAMP CSV's Variation Type; the names are Patel et al. 2021's Table 1 in its order; a problem of several variations counts under each\):\n  1 +[0-9.]+% +\([0-9]+/8\)\n  2 +[0-9.]+% +\([0-9]+/4\)\n`),
		regexp.MustCompile(`(?m)^per number of operations:\n  1 operation +[0-9.]+% +\([0-9]+/8\)\n  2 operations +[0-9.]+% +\([0-9]+/4\)\n`),
	} {
		if !want.MatchString(out) {
			t.Errorf("eval: output lacks %s:\n%s", want, out)
		}
	}
	code, out, errs = runWap(t, "eval", "--data", prep, "--model", models, "--split", "dev", "--json")
	var ev struct {
		Split string `json:"split"`
		Folds []struct {
			Fold     string  `json:"fold"`
			Split    string  `json:"split"`
			N        int     `json:"n"`
			Accuracy float64 `json:"accuracy"`
		} `json:"folds"`
		Mean          *float64           `json:"mean"`
		Std           *float64           `json:"std"`
		N             int                `json:"n"`
		PerPattern    map[string]float64 `json:"per_pattern"`
		PerType       map[string]float64 `json:"per_type"`
		PerVariation  map[string]float64 `json:"per_variation"`
		PerOperations map[string]float64 `json:"per_operations"`
	}
	if err := json.Unmarshal([]byte(out), &ev); code != 0 || err != nil || len(ev.Folds) != 2 || ev.Mean == nil || ev.Std == nil {
		t.Fatalf("eval --json: exit %d, %v: %s %s", code, err, out, errs)
	}
	a, b := ev.Folds[0].Accuracy, ev.Folds[1].Accuracy
	if ev.Split != "dev" || ev.Folds[0].Fold != "fold0" || ev.Folds[1].Fold != "fold1" || ev.Folds[0].Split != "dev" || ev.N != ev.Folds[0].N+ev.Folds[1].N ||
		math.Abs(*ev.Mean-(a+b)/2) > 0.01 || math.Abs(*ev.Std-math.Abs(a-b)/math.Sqrt2) > 0.01 {
		t.Errorf("eval --json: %s", out)
	}
	if len(ev.PerPattern) == 0 || len(ev.PerType) == 0 || len(ev.PerVariation) == 0 || len(ev.PerOperations) == 0 {
		t.Errorf("eval --json: a group is missing: %s", out)
	}
}

// A fold set without the other, or a fold that is not what it should be,
// is one error line that names them.
func TestFoldErrors(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains a model for a second")
	}
	dir := t.TempDir()
	prep := writeCSVFolds(t, dir)
	fold0, models := filepath.Join(prep, "fold0"), filepath.Join(dir, "models")
	one := filepath.Join(models, "fold0") // a fold's model, and one model
	if code, _, errs := runWap(t, "train", "--data", fold0, "--model", one, "--epochs", "1", "--models", "1"); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errs)
	}
	os.MkdirAll(filepath.Join(models, "fold1"), 0o755) // not a model
	os.WriteFile(filepath.Join(models, "fold1", "notes.txt"), nil, 0o644)
	three := filepath.Join(dir, "three")
	for _, f := range []string{"fold0", "fold1", "fold2"} {
		os.MkdirAll(filepath.Join(three, f), 0o755)
	}
	unprepared := filepath.Join(dir, "raw")
	// swapped/fold0 holds a model trained on fold1; swapped/fold1 the one
	// trained on fold0.
	swapped := filepath.Join(dir, "swapped")
	if code, _, errs := runWap(t, "train", "--data", filepath.Join(prep, "fold1"), "--model", filepath.Join(swapped, "fold0"), "--epochs", "1", "--models", "1"); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errs)
	}
	if err := os.CopyFS(filepath.Join(swapped, "fold1"), os.DirFS(one)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "--data", prep, "--model", one}, prep + " holds prepared folds (fold0…fold1), but " + one + " holds no model per fold"},
		{[]string{"eval", "--data", prep, "--model", filepath.Join(dir, "none")}, "holds no model per fold"},
		{[]string{"eval", "--data", fold0, "--model", models}, models + " holds a model per fold (fold0…fold1), but " + fold0 + " holds no prepared folds"},
		{[]string{"eval", "--data", prep, "--model", three}, prep + " holds 2 prepared folds (fold0…fold1), but " + three + " holds the models of 3 (fold0…fold2)"},
		{[]string{"eval", "--data", prep, "--model", models}, "fold " + filepath.Join(prep, "fold1") + ": model " + filepath.Join(models, "fold1") + ": no config.json"},
		{[]string{"eval", "--data", prep, "--model", swapped}, "fold " + fold0 + ": the model " + filepath.Join(swapped, "fold0") + " was trained on other data than " + fold0 + ": its config.json records data sha256 "},
		{[]string{"eval", "--data", unprepared, "--model", models}, filepath.Join(unprepared, "fold0") + ", a fold of " + unprepared + ", is not prepared data (no prepared.json)"},
		{[]string{"train", "--data", unprepared, "--model", models}, filepath.Join(unprepared, "fold0") + ", a fold of " + unprepared + ", is not prepared data"},
		{[]string{"train", "--data", prep, "--model", one}, "model directory " + one + " holds a model, not a model per fold"},
		{[]string{"train", "--data", prep, "--model", filepath.Join(dir, "none"), "--resume"}, "cannot resume: model directory " + filepath.Join(dir, "none") + " does not exist"},
	} {
		code, _, errs := runWap(t, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("wap %s: exit %d, stderr %q; want one line containing %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
	// A fold that fails stops the run with an error that names it; the
	// folds before it were trained (fold0 resumed after its last epoch).
	code, _, errs := runWap(t, "train", "--data", prep, "--model", models, "--epochs", "1", "--models", "1", "--resume")
	last := lastLine(t, errs)
	if code != 1 || !strings.HasPrefix(last, "wap train: fold "+filepath.Join(prep, "fold1")+": cannot resume: model "+filepath.Join(models, "fold1")) {
		t.Errorf("train with a bad fold: exit %d: %q", code, errs)
	}
}

// wap eval reports the accuracy per problem type of SVAMP.json, per
// number of operations of the equations, and no variation (SVAMP.json
// gives none).
func TestEvalPerType(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains a model for a second")
	}
	dir := t.TempDir()
	svamp := filepath.Join(dir, "svamp")
	os.MkdirAll(svamp, 0o755)
	os.WriteFile(filepath.Join(svamp, "SVAMP.json"), []byte(`[
 {"ID": "chal-1", "Body": "Ann has 3 pens and 2 pencils.", "Question": "How many pens and pencils does she have?", "Equation": "( 3.0 + 2.0 )", "Answer": 5.0, "Type": "Addition"},
 {"ID": "chal-2", "Body": "Bo had 9 cards and lost 4 of them.", "Question": "How many cards are left?", "Equation": "( 9.0 - 4.0 )", "Answer": 5.0, "Type": "Subtraction"},
 {"ID": "chal-3", "Body": "Cy had 7 toys, got 3 more and then 2 broke.", "Question": "How many toys are left?", "Equation": "( ( 7.0 + 3.0 ) - 2.0 )", "Answer": 8.0, "Type": "Addition"}]`), 0o644)
	prep, model := filepath.Join(dir, "prep"), filepath.Join(dir, "model")
	if code, _, errs := runWap(t, "prepare", svamp, "--generated", "40", "--out", prep); code != 0 {
		t.Fatalf("prepare: exit %d: %s", code, errs)
	}
	if code, _, errs := runWap(t, "train", "--data", prep, "--model", model, "--epochs", "1", "--models", "1"); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errs)
	}
	code, out, errs := runWap(t, "eval", "--data", prep, "--model", model)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`\([0-3]/3; 95% interval`),
		regexp.MustCompile(`(?m)^per equation pattern:\n  \(a\+b\)-c +[0-9.]+% +\([01]/1\)\n  other +[0-9.]+% +\([0-2]/2\)\n`),
		regexp.MustCompile(`(?m)^per problem type:\n  Addition +[0-9.]+% +\([0-2]/2\)\n  Subtraction +[0-9.]+% +\([01]/1\)\n`),
		regexp.MustCompile(`(?m)^per number of operations:\n  1 operation +[0-9.]+% +\([0-2]/2\)\n  2 operations +[0-9.]+% +\([01]/1\)\n`),
	} {
		if code != 0 || !want.MatchString(out) {
			t.Errorf("eval: exit %d, output lacks %s: %s %s", code, want, out, errs)
		}
	}
	if strings.Contains(out, "per variation") {
		t.Errorf("eval: a section per variation without variations: %s", out)
	}
	code, out, errs = runWap(t, "eval", "--data", prep, "--model", model, "--json")
	var ev struct {
		PerType       map[string]float64 `json:"per_type"`
		PerVariation  map[string]float64 `json:"per_variation"`
		PerOperations map[string]float64 `json:"per_operations"`
	}
	if err := json.Unmarshal([]byte(out), &ev); code != 0 || err != nil || len(ev.PerType) != 2 || ev.PerVariation != nil || len(ev.PerOperations) != 2 {
		t.Errorf("eval --json: exit %d, %v: %s %s", code, err, out, errs)
	}
	checkRetokenized(t, svamp, prep, model, out)
}

// checkRetokenized evaluates the model trained on prep on the same
// problems prepared with another vocabulary: they are read again with the
// model's, which the report says, and score as on prep (want, the JSON of
// the evaluation there).
func checkRetokenized(t *testing.T, raw, prep, model, want string) {
	t.Helper()
	other := filepath.Join(t.TempDir(), "other")
	if code, _, errs := runWap(t, "prepare", raw, "--generated", "80", "--seed", "2", "--out", other); code != 0 {
		t.Fatalf("prepare: exit %d: %s", code, errs)
	}
	code, out, errs := runWap(t, "eval", "--data", other, "--model", model, "--json")
	var got, base map[string]any
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("eval on another vocabulary: exit %d, %v: %s %s", code, err, out, errs)
	}
	json.Unmarshal([]byte(want), &base)
	if got["retokenized"] != true || got["accuracy"] != base["accuracy"] || got["n"] != base["n"] {
		t.Errorf("eval on another vocabulary: %s, on the model's: %s", out, want)
	}
	code, out, _ = runWap(t, "eval", "--data", other, "--model", model)
	if note := "(" + other + " was prepared with another vocabulary: its questions were read again with the model's)"; code != 0 || !strings.Contains(out, note) {
		t.Errorf("eval on another vocabulary: exit %d, output lacks %q: %s", code, note, out)
	}
}

// A model trained on equations is evaluated on its folds: the check that
// it was trained on the fold's data keeps the training problems its
// supervision kept (here, a row whose answer some decisions give but whose
// three-operation equation the sketch cannot make: kept with answers, left
// out with equations).
func TestEvalFoldsOfEquationModels(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains two models for a second each")
	}
	dir := t.TempDir()
	writeCSVFolds(t, dir)
	for k := range 2 {
		f, err := os.OpenFile(filepath.Join(dir, "raw", fmt.Sprintf("fold%d", k), "train.csv"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 6 { // some land in the training split, some in the carved dev split
			fmt.Fprintf(f, "Zed%d had number0 and number1 and number2 and number3 toys . How many toys in all ?,1 2 3 6,+ + + number0 number1 number2 number3,12,Addition,1\n", i)
		}
		f.Close()
	}
	prep, models := filepath.Join(dir, "prep-eq"), filepath.Join(dir, "models")
	if code, _, errs := runWap(t, "prepare", filepath.Join(dir, "raw"), "--out", prep); code != 0 {
		t.Fatalf("prepare: exit %d: %s", code, errs)
	}
	if code, _, errs := runWap(t, "train", "--data", prep, "--model", models, "--epochs", "1", "--models", "1", "--supervise", "equations"); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errs)
	}
	if code, out, errs := runWap(t, "eval", "--data", prep, "--model", models, "--json"); code != 0 || !strings.Contains(out, `"folds"`) {
		t.Errorf("eval of the equation-trained folds: exit %d: %s %s", code, out, errs)
	}
}

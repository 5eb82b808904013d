package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	cmdline "github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/clitest"
	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/testskip"
)

// runD4 runs the command and returns its exit status, stdout and stderr.
func runD4(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := cmdline.Main("d4", commands, args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// mustD4 runs the command and fails the test unless it succeeds.
func mustD4(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := runD4(args...)
	if code != 0 {
		t.Fatalf("d4 %s: exit %d: %s", strings.Join(args, " "), code, errs)
	}
	return out
}

// write creates a file in dir and returns its path.
func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// example is the path of a file of the repository's examples directory.
func example(name string) string { return filepath.Join("..", "..", "examples", name) }

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	maxRows := write(t, dir, "max.jsonl", "{\"input\": [3, 1, 2, 3], \"output\": [3]}\n{\"input\": [5, 0, 2], \"output\": [5]}\n")
	wide := write(t, dir, "wide.jsonl", "{\"input\": [3, 1, 2, 3], \"output\": [3]}\n{\"input\": [3, 1, 2, 3], \"output\": [3]}\n{\"input\": [12, 1, 2], \"output\": [12]}\n")
	malformed := write(t, dir, "bad.jsonl", "{\"input\": [3, 1, 2, 3], \"output\": [3]}\n{\"input\": [3, 1], \"output\": 3}\n")
	empty := write(t, dir, "empty.jsonl", "")
	noSlots := write(t, dir, "noslots.fth", ": F DUP + ; F")
	never := write(t, dir, "never.fth", ": L BEGIN 1 WHILE REPEAT ; L")
	other := write(t, dir, "other.fth", "{ observe D0 -> choose NOP DROP }")
	notModel := filepath.Join(dir, "notmodel")
	write(t, dir, "notmodel-file", "x")
	if err := os.Mkdir(notModel, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, notModel, "notes.txt", "mine")
	oldModel := write(t, dir, "old.json", `{"format": "d4-model/1", "sketch_file": "max.fth", "params": []}`)
	busy := filepath.Join(dir, "busy")
	lock, err := modeldir.Lock(busy)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Unlock()
	model := filepath.Join(dir, "model")
	mustD4(t, "train", "--sketch", "max", "--train", maxRows, "--model", model, "--epochs", "1")
	config, err := os.ReadFile(filepath.Join(model, "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", nil, 2, "no command given"},
		{"unknown command", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{"run without a file", []string{"run"}, 2, "expected a FILE argument"},
		{"run two files", []string{"run", "bubble", "max"}, 2, "expected one FILE argument"},
		{"run bad machine", []string{"run", "--machine", "gpu", "bubble"}, 2, `invalid value "gpu" for flag -machine: unknown machine "gpu" (want symbolic or d4); run 'd4 run --help' for the flags`},
		{"run bad stack", []string{"run", "--stack", "1 x", "bubble"}, 2, `--stack: value 2, "x", is not an integer`},
		{"run stack too deep", []string{"run", "--stack-size", "3", "--stack", "1 2 3 4 5", "bubble"}, 2, "--stack holds 5 values, more than a stack of size 3 holds (2)"},
		{"run slots without a model", []string{"run", "max"}, 1, "max has 1 slots: running it needs a trained model"},
		{"run never halts on d4", []string{"run", "--machine", "d4", "--steps", "1000000000", never}, 1, "would take about"},
		{"run never halts", []string{"run", "--steps", "5000", never}, 1, "did not halt within the step budget of 5000 steps"},
		{"run d4 too large", []string{"run", "--machine", "d4", "--value-size", "4096", "--stack-size", "4096", never}, 1, "at most 1e+11 float-steps"},
		{"run missing model", []string{"run", "--model", filepath.Join(dir, "absent"), "--stack", "1"}, 1, "no such directory"},
		{"run model of another sketch", []string{"run", "--model", model, "--stack", "1 2 2", other}, 1, "different sketch"},
		{"run value beyond the model", []string{"run", "--model", model, "--stack", "1 9 2"}, 2, "--stack value 2 is 9, outside the model's value size 6"},
		{"train without sketch", []string{"train", "--train", maxRows}, 2, "--sketch FILE is required"},
		{"train without data", []string{"train", "--sketch", "max"}, 2, "--train DATA is required"},
		{"train NaN learning rate", []string{"train", "--sketch", "max", "--train", maxRows, "--lr", "nan"}, 2, "--lr must be a finite number"},
		{"train infinite noise", []string{"train", "--sketch", "max", "--train", maxRows, "--noise", "inf"}, 2, "--noise must be a finite number"},
		{"train zero batch", []string{"train", "--sketch", "max", "--train", maxRows, "--batch", "0"}, 2, "--batch must be at least 1, got 0"},
		{"train missing data", []string{"train", "--sketch", "max", "--train", filepath.Join(dir, "absent.jsonl")}, 1, "absent.jsonl: no such file"},
		{"train malformed data", []string{"train", "--sketch", "max", "--train", malformed}, 1, "bad.jsonl line 2: \"output\" is not an array of integers"},
		{"train empty data", []string{"train", "--sketch", "max", "--train", empty}, 1, "empty.jsonl holds no rows"},
		{"train csv", []string{"train", "--sketch", "max", "--train", filepath.Join(dir, "d.csv")}, 1, `unknown kind ".csv"`},
		{"train no slots", []string{"train", "--sketch", noSlots, "--train", maxRows, "--model", filepath.Join(dir, "m2")}, 1, "has no slots: there is nothing to train"},
		{"train value beyond --value-size", []string{"train", "--sketch", "max", "--train", wide, "--value-size", "10", "--model", model}, 1, "wide.jsonl row 3: input value 1 is 12, outside the value size 10"},
		{"train rows beyond --stack-size", []string{"train", "--sketch", "max", "--train", maxRows, "--stack-size", "4", "--model", model}, 1, "max.jsonl row 1: the input of 4 values does not fit a stack of size 4"},
		{"train into another directory", []string{"train", "--sketch", "max", "--train", maxRows, "--model", notModel}, 1, "holds no d4 model"},
		{"train into a directory being written", []string{"train", "--sketch", "max", "--train", maxRows, "--model", busy}, 1, "is being written by another process"},
		{"run an old model file", []string{"run", "--model", oldModel, "--stack", "1"}, 1, "a model file of an earlier version of d4"},
		{"train resume without checkpoint", []string{"train", "--sketch", "max", "--train", maxRows, "--model", model, "--resume"}, 1, "cannot resume"},
		{"eval without data", []string{"eval", "--model", model}, 2, "--data DATA is required"},
		{"eval value beyond the model", []string{"eval", "--model", model, "--data", wide}, 1, "wide.jsonl row 3: input value 1 is 12, outside the value size 6 (values 0 … 5): the model"},
		{"eval bad exec", []string{"eval", "--model", model, "--data", maxRows, "--exec", "soft"}, 2, `invalid value "soft" for flag -exec: unknown execution "soft" (want hybrid or discretised)`},
		{"eval not a model", []string{"eval", "--model", notModel, "--data", maxRows}, 1, "no config.json: not a d4 model directory"},
		{"export missing model", []string{"export"}, 2, "--model DIR is required"},
		{"export a file that is no model", []string{"export", "--model", filepath.Join(dir, "notmodel-file")}, 1, "a file, not a d4 model directory"},
	} {
		t.Run(tc.name, func(t *testing.T) { clitest.Refused(t, "d4", commands, tc.args, tc.code, tc.want) })
	}
	if after, err := os.ReadFile(filepath.Join(model, "config.json")); err != nil || !bytes.Equal(after, config) {
		t.Errorf("a failed training changed the existing model (err %v)", err)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"run", "--help"}, {"train", "-h"}, {"eval", "--help"}, {"export", "--help"}} {
		code, _, stderr := runD4(args...)
		if code != 0 || !strings.HasPrefix(stderr, "usage: d4") {
			t.Errorf("%v: exit %d, stderr %q; want exit 0 and the usage", args, code, stderr)
		}
	}
}

// TestRunPrograms: the run contract on programs without slots.
func TestRunPrograms(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--stack", "2 4 2 7 4", "bubble"}, "7 4 2 2"},
		{[]string{"run", "--machine", "d4", "--value-size", "10", "--stack-size", "12", "--stack", "2 4 2 7 4", "bubble"}, "7 4 2 2"},
		{[]string{"run", "--stack", "2 4 2 7 4", "--trace", "bubble"}, "7 4 2 2"},
	}
	for _, tc := range tests {
		out := mustD4(t, tc.args...)
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if lines[len(lines)-1] != tc.want {
			t.Errorf("%v: last line %q, want %q", tc.args, lines[len(lines)-1], tc.want)
		}
	}
}

// TestUnseenSketches trains the README's two sketches from the examples
// directory with the commands alone (max from JSONL, trained on 4 values
// and tested on 10; |a - b| from Parquet files DuckDB wrote), requires
// 100% on the test files, and runs the exported programs on gforth: they
// print what `d4 run --model` prints.
func TestUnseenSketches(t *testing.T) {
	tests := []struct {
		sketch, train, dev, test string
	}{
		{"max", "max_train.jsonl", "max_dev.jsonl", "max_test.jsonl"},
		{"absdiff", "absdiff_train.parquet", "absdiff_dev.parquet", "absdiff_test.parquet"},
	}
	for _, tc := range tests {
		t.Run(tc.sketch, func(t *testing.T) {
			model := filepath.Join(t.TempDir(), tc.sketch)
			var rep map[string]any
			out := mustD4(t, "train", "--sketch", tc.sketch, "--train", example(tc.train), "--dev", example(tc.dev), "--model", model, "--json")
			decodeOne(t, out, &rep, "epochs", "train_seconds", "dev_hamming_accuracy", "dev_sequence_accuracy")
			var sc map[string]any
			decodeOne(t, mustD4(t, "eval", "--model", model, "--data", example(tc.test), "--json"), &sc, "n", "hamming_accuracy", "sequence_accuracy")
			if sc["hamming_accuracy"] != 100.0 || sc["sequence_accuracy"] != 100.0 {
				t.Fatalf("test accuracy %v after training %v", sc, rep)
			}
			// ∂4 itself, rounded to one-hot after every step, agrees.
			rows, err := data.ReadExamples(example(tc.test))
			if err != nil {
				t.Fatal(err)
			}
			in, want := strings.Trim(fmt.Sprint(rows[0].Input), "[]"), strings.Trim(fmt.Sprint(rows[0].Output), "[]")
			if got := strings.TrimSpace(mustD4(t, "run", "--model", model, "--machine", "d4", "--discretise", "--stack", in)); got != want {
				t.Errorf("d4 run --machine d4 --discretise --stack %q: %q, want %q", in, got, want)
			}
			gforthAgrees(t, model, example(tc.test), 12)
		})
	}
}

// decodeOne decodes stdout as exactly one JSON object with the keys.
func decodeOne(t *testing.T, out string, v *map[string]any, keys ...string) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	if err := dec.Decode(v); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, out)
	}
	if dec.More() {
		t.Errorf("stdout holds more than one JSON value: %s", out)
	}
	for _, k := range keys {
		if _, ok := (*v)[k]; !ok {
			t.Errorf("no key %q in %s", k, out)
		}
	}
}

// gforthAgrees exports the model and checks, on the first n rows of a data
// file, that gforth prints what `d4 run --model` prints, the row's output.
func gforthAgrees(t *testing.T, model, dataFile string, n int) {
	gforth, err := exec.LookPath("gforth")
	if err != nil {
		testskip.Skip(t, "gforth not installed: apt-get install gforth")
	}
	prog := filepath.Join(t.TempDir(), "learned.fth")
	if err := os.WriteFile(prog, []byte(mustD4(t, "export", "--model", model)), 0o644); err != nil {
		t.Fatal(err)
	}
	rows, err := data.ReadExamples(dataFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows[:min(n, len(rows))] {
		stack := strings.Trim(fmt.Sprint(r.Input), "[]")
		run := strings.TrimSpace(mustD4(t, "run", "--model", model, "--stack", stack))
		out, err := exec.Command(gforth, "-e", stack, prog, "-e", "bye").Output()
		if err != nil {
			t.Fatalf("gforth on %s: %v", stack, err)
		}
		lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
		if got := lines[len(lines)-1]; got != run || run != strings.Trim(fmt.Sprint(r.Output), "[]") {
			t.Errorf("input %s: gforth prints %q, d4 run %q, the data says %v", stack, got, run, r.Output)
		}
	}
}

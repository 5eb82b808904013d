package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/clitest"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/sorting"
)

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	// d2 holds a dataset of 4 training examples, for --train-size 7 to
	// disagree with.
	small, err := sorting.Task.Generate(3, 8, tasks.Sizes{Train: 4, Dev: 2, Test: 2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	gen := tasks.Generated{Task: "sort", TrainLen: 3, TestLen: 8, Sizes: tasks.Sizes{Train: 4, Dev: 2, Test: 2}, Seed: 1}
	if err := tasks.SaveDataset(filepath.Join(dir, "d2"), small, gen); err != nil {
		t.Fatal(err)
	}
	noSlots := filepath.Join(dir, "noslots.fth")
	if err := os.WriteFile(noSlots, []byte(": SORT DROP ; SORT"), 0o644); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "notes")
	if err := os.MkdirAll(notes, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(notes, "mine.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A word-problem model of 'wap train', with its checkpoint.
	wapModel := filepath.Join(dir, "wap")
	if err := os.MkdirAll(wapModel, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"config.json": `{"format": "wap-model/3"}`, fit.CheckpointFile: ""} {
		if err := os.WriteFile(filepath.Join(wapModel, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", nil, 2, "no command"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
		{"bad optim", []string{"sort", "--optim", "fast"}, 2, `invalid value "fast" for flag -optim: unknown execution mode "fast" (want all, naive, collapse, interpolate or static)`},
		{"bad model", []string{"sort", "--model", "gpt"}, 2, `invalid value "gpt" for flag -model: unknown model "gpt" (want d4 or seq2seq)`},
		{"odd addition length", []string{"add", "--train-len", "3"}, 2, "addition lengths count input digits, 2 per digit pair: --train-len 3 and --test-len 8 must be multiples of 2"},
		{"zero length", []string{"sort", "--train-len", "0"}, 2, "between 1 and 4096"},
		{"bad exec", []string{"sort", "--exec", "soft"}, 2, `invalid value "soft" for flag -exec: unknown execution "soft" (want hybrid or discretised)`},
		{"unknown flag", []string{"sort", "--speed", "9"}, 2, "flag provided but not defined"},
		{"stray argument", []string{"sort", "extra"}, 2, "unexpected argument"},
		{"missing sketch file", []string{"sort", "--sketch", filepath.Join(dir, "nope.fth"), "--data", filepath.Join(dir, "d1")}, 2, "no such file"},
		{"table without task", []string{"table"}, 2, "expected the table to run, sort or add, before the flags"},
		{"table of an unknown task", []string{"table", "count"}, 2, "expected the table to run, sort or add, before the flags"},
		{"table unknown model", []string{"table", "sort", "--only", "choose"}, 2, "the sort table has no model \"choose\""},
		{"table negative seq2seq epochs", []string{"table", "add", "--seq2seq-epochs", "-3"}, 2, "--seq2seq-epochs must be at least 1, got -3"},
		{"table zero seq2seq epochs", []string{"table", "add", "--seq2seq-epochs", "0"}, 2, "--seq2seq-epochs must be at least 1, got 0"},
		{"negative weight decay", []string{"add", "--weight-decay", "-2"}, 2, "--weight-decay must not be negative, got -2"},
		{"weight decay -1", []string{"add", "--weight-decay", "-1"}, 2, "--weight-decay must not be negative, got -1"},
		{"negative noise", []string{"add", "--noise", "-0.5"}, 2, "--noise must not be negative, got -0.5"},
		{"noise -1", []string{"sort", "--noise", "-1"}, 2, "--noise must not be negative, got -1"},
		{"settle -1", []string{"add", "--settle", "-1"}, 2, "--settle must not be negative, got -1"},
		{"negative train size", []string{"add", "--train-size", "-3"}, 2, "--train-size must be at least 1, got -3"},
		{"zero train size", []string{"add", "--train-size", "0"}, 2, "--train-size must be at least 1, got 0"},
		{"huge train size", []string{"add", "--train-size", "2000000"}, 2, "--train-size must be at most 1048576, got 2000000"},
		{"zero epochs", []string{"sort", "--epochs", "0"}, 2, "--epochs must be at least 1, got 0"},
		{"zero batch", []string{"sort", "--model", "seq2seq", "--batch", "0"}, 2, "--batch must be at least 1, got 0"},
		{"zero learning rate", []string{"sort", "--lr", "0"}, 2, "--lr must be positive, got 0"},
		{"bad epochs", []string{"sort", "--epochs", "many"}, 2, `invalid value "many" for flag -epochs: parse error`},
		{"train size beside another dataset", []string{"sort", "--train-size", "7", "--data", filepath.Join(dir, "d2"), "--epochs", "1"}, 1, "was generated with task sort, train length 3 and test length 8 values, 4/2/2 examples"},
		{"test length beside another dataset", []string{"sort", "--train-size", "4", "--test-len", "64", "--data", filepath.Join(dir, "d2"), "--json"}, 1, "not task sort, train length 3 and test length 64 values"},
		{"NaN learning rate", []string{"sort", "--lr", "nan"}, 2, "--lr must be a finite number, got NaN"},
		{"infinite noise", []string{"sort", "--noise", "+Inf"}, 2, "--noise must be a finite number, got +Inf"},
		{"sketch without slots", []string{"sort", "--sketch", noSlots, "--data", filepath.Join(dir, "d3"), "--train-size", "4"}, 1, "has no slots"},
		{"negative patience", []string{"add", "--patience", "-1"}, 2, "--patience must not be negative, got -1"},
		{"save a baseline", []string{"sort", "--model", "seq2seq", "--save", filepath.Join(dir, "m")}, 2, "--save writes ∂4 models only, not --model seq2seq"},
		{"save into someone's directory", []string{"sort", "--save", notes, "--data", filepath.Join(dir, "d4")}, 1, "holds no d4 model (no config.json)"},
		{"save into a word-problem model", []string{"sort", "--save", wapModel, "--data", filepath.Join(dir, "d6")}, 1, `holds a model of another kind (config.json format "wap-model/3"`},
		{"lengths beyond ∂4's value size", []string{"sort", "--train-len", "4096", "--test-len", "4096"}, 2, "--train-len 4096 and --test-len 4096 need value size 4098, more than ∂4's 4096"},
		{"a length ∂4 cannot train", []string{"sort", "--train-len", "128", "--test-len", "128", "--data", filepath.Join(dir, "d5")}, 1, "training ∂4 on inputs of 129 values takes more than"},
		{"a trillion epochs", []string{"sort", "--epochs", "1000000000000"}, 2, "--epochs must be at most 1000000"},
		{"the largest batch", []string{"add", "--batch", "9223372036854775807"}, 2, "--batch must be at most 16777216"},
		{"negative settle", []string{"sort", "--settle", "-5"}, 2, "--settle must not be negative, got -5"},
		{"bench bad lengths", []string{"bench", "--sort-lens", "2,x"}, 2, `--sort-lens: "x" is not a positive integer`},
		{"bench bad addition lengths", []string{"bench", "--add-lens", "0"}, 2, `--add-lens: "0" is not a positive integer`},
		{"bench a trillion reps", []string{"bench", "--reps", "1000000000000"}, 2, "--reps must be in 1…100, got 1000000000000"},
		{"bench no reps", []string{"bench", "--reps", "0"}, 2, "--reps must be in 1…100, got 0"},
		{"bench zero batch", []string{"bench", "--batch", "0"}, 2, "--batch must be positive, got 0"},
	} {
		t.Run(tc.name, func(t *testing.T) { clitest.Refused(t, "tasks", commands, tc.args, tc.code, tc.want) })
	}
	for _, d := range []string{"d4", "d5"} {
		if _, err := os.Stat(filepath.Join(dir, d)); !os.IsNotExist(err) {
			t.Errorf("a refused run generated the dataset %s first (%v)", d, err)
		}
	}
}

// --save writes a model directory that learn.Load (d4 run, eval, export)
// reads, with the task's settings and figures; a second run replaces it.
func TestSave(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "models", "compare")
	for _, seed := range []string{"1", "2"} {
		var stdout, stderr bytes.Buffer
		args := []string{"sort", "--sketch", "compare", "--train-len", "2", "--test-len", "4", "--seed", seed, "--data", filepath.Join(dir, "ds"+seed), "--save", model}
		if code := cli.Main("tasks", commands, args, &stdout, &stderr); code != 0 {
			t.Fatalf("seed %s: exit %d: %s", seed, code, stderr.String())
		}
	}
	m, err := learn.Load(model)
	if err != nil {
		t.Fatal(err)
	}
	if m.Meta["task"] != "sort" || m.Meta["train_len"] != "2" || m.Config.Options.Seed != 2 || m.Config.Report.Epochs < 1 || m.Steps < 1 {
		t.Errorf("the saved model's meta %v, steps %d, config %+v", m.Meta, m.Steps, m.Config)
	}
	entries, _ := os.ReadDir(model)
	if len(entries) != 2 {
		t.Errorf("the model directory holds %v, want config.json and model.safetensors", entries)
	}
	if entries, _ := os.ReadDir(filepath.Dir(model)); len(entries) != 1 {
		t.Errorf("beside the model directory: %v", entries)
	}
	run, err := learn.Predict(m.Model, []int{1, 3, 2}, learn.Hybrid, learn.RunLimits(3, m.Sizes.L, 0, 0))
	if err != nil || len(run.Stack) != 2 {
		t.Errorf("the saved model sorts 1 3 into %v (%v)", run.Stack, err)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"sort", "--help"}, {"add", "-h"}, {"table", "--help"}, {"table", "sort", "--help"}, {"table", "add", "-h"}, {"bench", "--help"}} {
		var stdout, stderr bytes.Buffer
		if code := cli.Main("tasks", commands, args, &stdout, &stderr); code != 0 || !strings.HasPrefix(stderr.String(), "usage: tasks") {
			t.Errorf("%v: exit %d, stderr %q; want exit 0 and the usage", args, code, stderr.String())
		}
	}
}

// TestJSONReport trains the Compare sketch at length 2 and checks the JSON
// contract: stdout is exactly one object with the documented keys.
func TestJSONReport(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"sort", "--sketch", "compare", "--train-len", "2", "--test-len", "4", "--json", "--data", filepath.Join(t.TempDir(), "ds")}
	if code := cli.Main("tasks", commands, args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var obj map[string]any
	dec := json.NewDecoder(&stdout)
	if err := dec.Decode(&obj); err != nil {
		t.Fatalf("stdout is not JSON: %v", err)
	}
	if dec.More() {
		t.Error("stdout holds more than one JSON value")
	}
	for _, k := range []string{"task", "sketch", "train_len", "test_len", "test_hamming_accuracy", "test_sequence_accuracy", "dev_hamming_accuracy", "epochs", "train_seconds", "test_seconds"} {
		if _, ok := obj[k]; !ok {
			t.Errorf("missing key %q in %v", k, obj)
		}
	}
	if obj["task"] != "sort" || obj["train_len"].(float64) != 2 {
		t.Errorf("report %v", obj)
	}
}

// Output that cannot be written is an error, whether the first write, a
// later one or the close of stdout fails.
func TestOutputLost(t *testing.T) {
	data := filepath.Join(t.TempDir(), "ds")
	for _, args := range [][]string{
		{"--version"},
		{"sort", "--train-len", "2", "--test-len", "3", "--epochs", "1", "--data", data},
		{"sort", "--train-len", "2", "--test-len", "3", "--epochs", "1", "--data", data, "--json"},
	} {
		for _, limit := range []int{0, 10, -1} {
			out := &clitest.FailingStdout{Limit: limit}
			var stderr bytes.Buffer
			code := cli.Main("tasks", commands, args, out, &stderr)
			if code != 1 || !strings.Contains(stderr.String(), "writing to stdout") {
				t.Errorf("tasks %s, stdout failing after %d bytes: exit %d, stderr %q", strings.Join(args, " "), limit, code, stderr.String())
			}
		}
	}
}

// Not on a terminal, tasks bench writes its progress as plain lines, no
// carriage return redrawing one.
func TestBenchProgressLines(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := cli.Main("tasks", commands, []string{"bench", "--sort-lens", "2", "--add-lens", "2", "--hybrid-lens", "4", "--reps", "1", "--batch", "2", "--json"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if strings.Contains(stderr.String(), "\r") || len(lines) < 3 || !strings.HasPrefix(lines[0], "sort ") || lines[len(lines)-1] != "hybrid execution at length 4" {
		t.Errorf("stderr %q, want a plain line per measurement", stderr.String())
	}
}

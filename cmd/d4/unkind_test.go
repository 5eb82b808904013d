package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	cmdline "github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/clitest"
	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/sorting"
)

// This file is the unkind user of issue 31: inputs, flags, files and
// faults that once ended in a silently wrong result, a panic or a run
// without end. Each must end in one error line naming what is wrong, and a
// non-zero exit status.

// expectOneLine runs d4 and checks the exit status and that stderr is one
// line holding want.
func expectOneLine(t *testing.T, args []string, code int, want string) {
	t.Helper()
	got, _, stderr := runD4(args...)
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	if got != code || len(lines) != 1 || !strings.Contains(stderr, want) || strings.Contains(stderr, "goroutine") {
		t.Errorf("d4 %s: exit %d (want %d), stderr %q; want one line containing %q", strings.Join(args, " "), got, code, stderr, want)
	}
}

// trainedModel trains the max sketch for one epoch into a fresh directory.
func trainedModel(t *testing.T) string {
	t.Helper()
	model := filepath.Join(t.TempDir(), "max")
	mustD4(t, "train", "--sketch", "max", "--train", example("max_dev.jsonl"), "--model", model, "--epochs", "1")
	return model
}

func TestUnkindFlagsAndFiles(t *testing.T) {
	dir := t.TempDir()
	rows := write(t, dir, "rows.jsonl", "{\"input\": [3, 1, 2, 3], \"output\": [3]}\n{\"input\": [5, 0, 2], \"output\": [5]}\n")
	// A line of more values than a row may hold (2 MB, refused as it is
	// read), and one longer than a line may be (25 MB of nothing).
	long := write(t, dir, "long.jsonl", `{"input": [`+strings.Repeat("1,", data1M)+`1], "output": [1]}`+"\n")
	huge := write(t, dir, "huge.jsonl", strings.Repeat(" ", 26<<20)+"\n")
	footer, err := os.ReadFile(example("absdiff_dev.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(footer[len(footer)-8:], 0xFFFFFFFF)
	badFooter := write(t, dir, "footer.parquet", string(footer))
	model := trainedModel(t)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "absent"), link); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.jsonl")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	// A word-problem model of 'wap train', with its checkpoint.
	wapModel := filepath.Join(dir, "wap")
	os.MkdirAll(wapModel, 0o755)
	write(t, wapModel, "config.json", `{"format": "wap-model/3"}`)
	write(t, wapModel, fit.CheckpointFile, "")
	const wapKind = `holds a model of another kind (config.json format "wap-model/3", not a d4 sketch's model`
	train := func(args ...string) []string {
		return append([]string{"train", "--sketch", "max", "--train", rows, "--model", filepath.Join(dir, "m")}, args...)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"run: a value beyond the value size", []string{"run", "--stack", "1 300 2", "bubble"}, 2, "--stack value 2 is 300, outside the value size 256 (values 0 … 255)"},
		{"run: a stack of a trillion cells", []string{"run", "--stack-size", "1000000000000", "bubble"}, 2, "--stack-size 1000000000000 out of range: it must lie between 2 and 1048576"},
		{"export: a stack of a trillion cells", []string{"export", "--model", model, "--stack-size", "1000000000000"}, 2, "--stack-size 1000000000000 out of range: it must lie between 2 and 1048576"},
		{"export: a stack of one cell", []string{"export", "--model", model, "--stack-size", "1"}, 2, "--stack-size 1 out of range"},
		{"eval: a stack of a trillion cells", []string{"eval", "--model", model, "--data", rows, "--stack-size", "1000000000000"}, 2, "--stack-size 1000000000000 out of range"},
		{"eval: negative steps", []string{"eval", "--model", model, "--data", rows, "--steps", "-1"}, 2, "--steps -1: the step budget must not be negative"},
		{"train: negative stack size", train("--stack-size", "-1"), 2, "--stack-size must not be negative, got -1"},
		{"train: a stack of one cell", train("--stack-size", "1"), 2, "--stack-size must be 0 (found from the data) or at least 2, got 1"},
		{"train: a trillion values", train("--value-size", "1000000000000"), 2, "--value-size must be at most 4096"},
		{"train: a trillion cells", train("--stack-size", "1000000000000"), 2, "--stack-size must be at most 4096"},
		{"train: a trillion epochs", train("--epochs", "1000000000000"), 2, "--epochs must be at most 1000000"},
		{"train: a trillion restarts", train("--restarts", "1000000000000"), 2, "--restarts must be at most 1000"},
		{"train: the largest batch", train("--batch", "9223372036854775807"), 2, "--batch must be at most 16777216"},
		{"train: a trillion steps", train("--steps", "1000000000000"), 1, "--steps 1000000000000 of a state of"},
		{"train: negative patience", train("--patience", "-1"), 2, "--patience must not be negative, got -1"},
		{"train: negative settle", train("--settle", "-5"), 2, "--settle must not be negative, got -5"},
		{"train: a row of too many values", []string{"train", "--sketch", "max", "--train", long}, 1, `long.jsonl line 1: "input" holds more than 1048576 values`},
		{"train: a line of 26 MB", []string{"train", "--sketch", "max", "--train", huge}, 1, "huge.jsonl line 1: longer than"},
		{"train: a Parquet footer of 4 GiB", []string{"train", "--sketch", "max", "--train", badFooter}, 1, "footer.parquet: not a Parquet file: its footer claims 4294967295 bytes"},
		{"train: /dev/zero", []string{"train", "--sketch", "max", "--train", zero}, 1, "zero.jsonl: not a regular file"},
		{"train: into a word-problem model", []string{"train", "--sketch", "max", "--train", rows, "--model", wapModel}, 1, "model directory " + wapModel + " " + wapKind},
		{"train: resuming a word-problem model", []string{"train", "--sketch", "max", "--train", rows, "--model", wapModel, "--resume"}, 1, "cannot resume: model directory " + wapModel + " " + wapKind},
		{"train: a link to nothing", []string{"train", "--sketch", "max", "--train", rows, "--model", link}, 1, "is a symbolic link to " + filepath.Join(dir, "absent") + ", which does not exist"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { expectOneLine(t, tc.args, tc.code, tc.want) })
	}
	if _, err := os.Stat(filepath.Join(dir, "m")); !os.IsNotExist(err) {
		t.Errorf("a refused training made its model directory (%v)", err)
	}
}

// data1M is more values than a row may hold.
const data1M = 1<<20 + 1

// A model directory named by a link to a directory is trained into the
// directory, and the link stays.
func TestTrainThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "models", "max")
	if err := os.MkdirAll(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	mustD4(t, "train", "--sketch", "max", "--train", example("max_dev.jsonl"), "--model", link, "--epochs", "2")
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link is gone (%v)", err)
	}
	if _, err := learn.Load(target); err != nil {
		t.Errorf("the target holds no model: %v", err)
	}
	mustD4(t, "eval", "--model", link, "--data", example("max_test.jsonl"))
}

// Training that loses a restart to an error fails, with its reason; and so
// does one whose model directory cannot be written (a full disk).
func TestTrainingFailures(t *testing.T) {
	maxArgs := []string{"train", "--sketch", "max", "--train", example("max_train.jsonl"), "--dev", example("max_dev.jsonl")}
	t.Run("a restart diverges", func(t *testing.T) {
		for _, restarts := range []string{"1", "2"} {
			args := append(append([]string{}, maxArgs...), "--epochs", "6", "--weight-decay", "60", "--restarts", restarts, "--model", filepath.Join(t.TempDir(), "m"), "--json")
			code, stdout, stderr := runD4(args...)
			if code != 1 || stdout != "" || !strings.Contains(stderr, "loss or gradient is not finite") {
				t.Errorf("--restarts %s: exit %d, stdout %q, stderr %q; want exit 1 and the reason", restarts, code, stdout, stderr)
			}
		}
	})
	t.Run("the disk is full", func(t *testing.T) {
		model := filepath.Join(t.TempDir(), "m")
		writes := 0
		modeldir.Fail = func(step string) error {
			if step == "write "+modeldir.WeightsFile {
				if writes++; writes > 1 {
					return clitest.ErrFull
				}
			}
			return nil
		}
		defer func() { modeldir.Fail = nil }()
		args := append(append([]string{}, maxArgs...), "--epochs", "3", "--restarts", "3", "--model", model)
		code, stdout, stderr := runD4(args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "saving the model directory "+model) || !strings.Contains(stderr, "no space left on device") {
			t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and the failed write", code, stdout, stderr)
		}
		modeldir.Fail = nil
		m, err := learn.Load(model)
		if err != nil {
			t.Fatalf("the directory lost its first version: %v", err)
		}
		if m.Config.Report.Epochs != 1 {
			t.Errorf("the directory holds a model of %d epochs, want the one published after epoch 1", m.Config.Report.Epochs)
		}
	})
}

// Hostile model files whose checksums in config.json were signed again by
// hand are refused by every command that loads a model.
func TestHostileModels(t *testing.T) {
	tests := []struct {
		name   string
		change func(t *testing.T, dir string)
		want   string
	}{
		{"all-NaN weights", func(t *testing.T, dir string) {
			rewriteWeights(t, dir, func(ts []safetensors.Tensor, meta map[string]string) []byte {
				for _, x := range ts {
					for i := range x.Data {
						x.Data[i] = nanOrInf(i)
					}
				}
				b, err := safetensors.Marshal(ts, meta)
				if err != nil {
					t.Fatal(err)
				}
				return b
			})
		}, "the weights are not finite"},
		{"overlapping data_offsets", func(t *testing.T, dir string) {
			rewriteWeights(t, dir, func(ts []safetensors.Tensor, meta map[string]string) []byte {
				// The last tensor's bytes are those of the start of the
				// first: the ranges overlap and the file is shorter.
				header := map[string]any{"__metadata__": meta}
				var data []byte
				for i, x := range ts {
					n := 8 * len(x.Data)
					start := len(data)
					if i == len(ts)-1 {
						start = 0
					} else {
						for _, v := range x.Data {
							data = binary.LittleEndian.AppendUint64(data, math.Float64bits(v))
						}
					}
					header[x.Name] = map[string]any{"dtype": "F64", "shape": x.Shape, "data_offsets": []int{start, start + n}}
				}
				h, err := json.Marshal(header)
				if err != nil {
					t.Fatal(err)
				}
				return append(append(binary.LittleEndian.AppendUint64(nil, uint64(len(h))), h...), data...)
			})
		}, "byte ranges must tile the data"},
		{"a changed sketch, sketch_sha256 signed again", func(t *testing.T, dir string) {
			rewriteConfig(t, dir, func(cfg map[string]any) {
				src := cfg["sketch"].(string) + "\n\\ changed\n"
				cfg["sketch"], cfg["sketch_sha256"] = src, d4.SketchHash(src)
			})
		}, "its metadata names another sketch"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			model := trainedModel(t)
			tc.change(t, model)
			for _, args := range [][]string{
				{"eval", "--model", model, "--data", example("max_test.jsonl")},
				{"run", "--model", model, "--stack", "1 2 3"},
				{"export", "--model", model},
			} {
				expectOneLine(t, args, 1, tc.want)
			}
		})
	}
}

// nanOrInf is NaN, +Inf or -Inf by i.
func nanOrInf(i int) float64 {
	return []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[i%3]
}

// rewriteWeights replaces model.safetensors of the model directory by what
// change makes of its tensors and metadata, and signs it in config.json.
func rewriteWeights(t *testing.T, dir string, change func([]safetensors.Tensor, map[string]string) []byte) {
	t.Helper()
	path := filepath.Join(dir, modeldir.WeightsFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ts, meta, err := safetensors.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	b = change(ts, meta)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	rewriteConfig(t, dir, func(cfg map[string]any) {
		cfg["files_sha256"].(map[string]any)[modeldir.WeightsFile] = modeldir.SHA256(b)
	})
}

// rewriteConfig changes config.json of the model directory.
func rewriteConfig(t *testing.T, dir string, change func(map[string]any)) {
	t.Helper()
	path := filepath.Join(dir, modeldir.ConfigFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	change(cfg)
	if b, err = json.MarshalIndent(cfg, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Output that cannot be written is an error: every command's, at its
// first write, in the middle, or on closing standard output.
func TestOutputLost(t *testing.T) {
	model := trainedModel(t)
	maxTrain := []string{"train", "--sketch", "max", "--train", example("max_dev.jsonl"), "--epochs", "1"}
	lines := [][]string{
		{"--version"},
		{"run", "--stack", "2 4 2 7 4", "bubble"},
		{"run", "--trace", "--stack", "2 4 2 7 4", "bubble"},
		{"run", "--list", "bubble"},
		{"run", "--model", model, "--stack", "3 1 2"},
		{"eval", "--model", model, "--data", example("max_test.jsonl")},
		{"eval", "--model", model, "--data", example("max_test.jsonl"), "--json"},
		{"export", "--model", model},
		maxTrain,
		append(append([]string{}, maxTrain...), "--json"),
	}
	for _, line := range lines {
		// A training gets a directory of its own each time.
		args := func() []string {
			if line[0] != "train" {
				return line
			}
			return append(append([]string{}, line...), "--model", filepath.Join(t.TempDir(), "m"))
		}
		_, whole, _ := runD4(args()...)
		for _, limit := range []int{0, len(whole) / 2, -1} {
			out := &clitest.FailingStdout{Limit: limit}
			var stderr bytes.Buffer
			code := cmdline.Main("d4", commands, args(), out, &stderr)
			want := clitest.ErrFull.Error()
			if limit < 0 {
				want = clitest.ErrClose.Error()
			}
			if code != 1 || !strings.Contains(stderr.String(), "writing to stdout") || !strings.Contains(stderr.String(), want) {
				t.Errorf("d4 %s, stdout failing after %d bytes: exit %d, stderr %q", strings.Join(line, " "), limit, code, stderr.String())
			}
		}
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		testskip.Skip(t, "no /dev/full")
	}
	var stderr bytes.Buffer
	if code := cmdline.Main("d4", commands, []string{"run", "--list", "bubble"}, full, &stderr); code != 1 || !strings.Contains(stderr.String(), "no space left on device") {
		t.Errorf("d4 run --list > /dev/full: exit %d, stderr %q", code, stderr.String())
	}
}

// On a sketch whose control flow depends on its slots, --steps is the
// budget the execution RNN runs (the weights depend on it, and the report
// says where the budget came from); a budget beyond what ∂4 trains is
// refused.
func TestStepsOfDynamicSketch(t *testing.T) {
	ds, err := sorting.Task.Generate(2, 2, tasks.Sizes{Train: 8, Dev: 4}, 1)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	trainFile := filepath.Join(dir, "train.parquet")
	if err := data.WriteExamples(trainFile, ds.Train); err != nil {
		t.Fatal(err)
	}
	weights := map[string]string{}
	for _, steps := range []string{"20", "30"} {
		model := filepath.Join(dir, "m"+steps)
		out := mustD4(t, "train", "--sketch", "sort_permute", "--train", trainFile, "--epochs", "1", "--steps", steps, "--optim", "naive", "--model", model)
		if !strings.Contains(out, steps+" steps (dynamic control flow: the budget of --steps)") {
			t.Errorf("--steps %s: report %q", steps, out)
		}
		b, err := os.ReadFile(filepath.Join(model, modeldir.WeightsFile))
		if err != nil {
			t.Fatal(err)
		}
		weights[steps] = string(b)
	}
	if weights["20"] == weights["30"] {
		t.Error("--steps 20 and 30 trained the same weights")
	}
	expectOneLine(t, []string{"train", "--sketch", "sort_permute", "--train", trainFile, "--steps", "100000000", "--model", filepath.Join(dir, "big")}, 1, "--steps 100000000 of a state of")
}

// The summary of a training says where it stopped: the best epoch of those
// trained and, when it stopped before --epochs, why.
func TestTrainSaysWhereItStopped(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"settled", nil, "(epoch 6 of 6; stopped early, of at most 100 epochs: dev and training accuracy at 100%)\n"},
		{"all its epochs", []string{"--epochs", "2"}, "(epoch 1 of 2)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"train", "--sketch", "max", "--train", example("max_train.jsonl"), "--dev", example("max_dev.jsonl"), "--model", filepath.Join(t.TempDir(), "m")}, tt.args...)
			if out := mustD4(t, args...); !strings.Contains(out, tt.want) {
				t.Errorf("d4 %s:\n%s\nwant %q in it", strings.Join(args, " "), out, tt.want)
			}
		})
	}
}

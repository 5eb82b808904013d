package learn

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/internal/safetensors/spectest"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn/fit"
)

// kill stands for a kill of the training process.
type kill struct{}

// tick is a moment of training a test may stop at: after an update, or
// after an epoch (Evaluated, with the method in training).
type tick struct {
	Restart, Epoch int
	Evaluated      bool
	Method         fit.Method
}

// ticker is a Progress that tells f of every tick.
type ticker func(tick)

func (f ticker) Update(u fit.Update) { f(tick{Restart: u.Restart, Epoch: u.Epoch}) }
func (f ticker) Epoch(e fit.EpochEnd) {
	f(tick{Restart: e.Restart, Epoch: e.Epoch, Evaluated: true, Method: e.Method})
}
func (f ticker) Resumed(r fit.Resumed) {}

// snapshot copies a machine's weights.
func snapshot(m *d4.Machine) [][]float64 { return cloneParams(m.ParamData()) }

// cloneParams copies parameter slices.
func cloneParams(ps [][]float64) [][]float64 {
	out := make([][]float64, len(ps))
	for i, p := range ps {
		out[i] = slices.Clone(p)
	}
	return out
}

// trainUntil trains, stopped by a panic (a kill) when stop says so after
// an update or an epoch (nil: never); it reports whether it was stopped.
func trainUntil(t *testing.T, sk Sketch, train data.Set, o Options, stop func(tick) bool) (stopped bool) {
	t.Helper()
	o.Progress = ticker(func(p tick) {
		if stop != nil && stop(p) {
			panic(kill{})
		}
	})
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(kill); !ok {
				panic(r)
			}
			stopped = true
		}
	}()
	if _, _, err := Train(sk, train, data.Set{}, o); err != nil {
		t.Fatal(err)
	}
	return false
}

// sortOptions trains the sorting rows in a few short epochs, two restarts.
func sortOptions(dir string) Options {
	o := DefaultOptions()
	o.Batch, o.MaxEpochs, o.Patience, o.LR, o.Restarts, o.Dir = 2, 3, 100, 0.1, 2, dir
	return o
}

// readConfig reads a model directory's config.json.
func readConfig(t *testing.T, dir string) DirConfig {
	t.Helper()
	var cfg DirConfig
	b, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if err == nil {
		err = json.Unmarshal(b, &cfg)
	}
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// specFile reads a file of a model directory with the specification's
// reader.
func specFile(t *testing.T, dir, name string) (map[string]spectest.Tensor, map[string]string, []byte) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	ts, meta, err := spectest.Parse(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return ts, meta, b
}

// The checkpoint of a training stopped in its second restart holds, by
// the names the package documents, what the specification's reader finds:
// the weights of the last finished epoch, Adam's moments, the best weights
// so far and the finished restart's, and the counters in the metadata; and
// config.json records its checksum.
func TestCheckpointFile(t *testing.T) {
	type Settings = modeldir.Settings
	sk, train := embedded(t, "sort_compare"), sortRows()
	dir := filepath.Join(t.TempDir(), "m")
	var last [][]float64
	trainUntil(t, sk, train, sortOptions(dir), func(p tick) bool {
		if p.Evaluated {
			last = cloneParams(p.Method.Params())
		}
		return p.Restart == 1 && p.Epoch == 2 && !p.Evaluated
	})
	m, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	ts, meta, b := specFile(t, dir, fit.CheckpointFile)
	if cfg := readConfig(t, dir); cfg.Files[fit.CheckpointFile] != modeldir.SHA256(b) || cfg.Report.Epochs < 1 {
		t.Errorf("config.json records the checkpoint's checksum %q, want %q", cfg.Files[fit.CheckpointFile], modeldir.SHA256(b))
	}
	var want []string
	for i, p := range m.Params() {
		for _, prefix := range []string{"", "adam.m.", "adam.v.", "best.", "restart0."} {
			want = append(want, prefix+p.Name)
			if got := ts[prefix+p.Name]; !slices.Equal(got.Shape, []int(p.T.Shape())) {
				t.Errorf("tensor %s%s has shape %v, want %v", prefix, p.Name, got.Shape, p.T.Shape())
			}
		}
		if !slices.Equal(ts[p.Name].Data, last[i]) {
			t.Errorf("tensor %s is not the weights after the last finished epoch", p.Name)
		}
		for _, x := range ts["adam.v."+p.Name].Data {
			if x < 0 {
				t.Fatalf("adam.v.%s holds %v, a negative second moment", p.Name, x)
			}
		}
	}
	var got []string
	for name := range ts {
		got = append(got, name)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("tensors %v, want %v", got, want)
	}
	updates := (len(train.Rows) + 1) / 2 // one epoch of batches of 2
	var st struct {                      // the state's part of the metadata (fit.CheckpointFile)
		Restart int           `json:"restart"`
		Done    []fit.Restart `json:"done"`
		Run     fit.RunState  `json:"run"`
		Adam    int           `json:"adam_steps"`
	}
	var settings Settings
	if meta["format"] != fit.CheckpointFormat || json.Unmarshal([]byte(meta["state"]), &st) != nil || json.Unmarshal([]byte(meta["settings"]), &settings) != nil {
		t.Fatalf("metadata %v", meta)
	}
	var budget budgetState
	json.Unmarshal(st.Run.Method, &budget)
	if st.Restart != 1 || st.Run.Epoch != 1 || st.Adam != updates || st.Run.Updates != updates || budget.Steps != m.Steps ||
		len(st.Done) != 1 || st.Done[0].Seed != 1 {
		t.Errorf("metadata state %s", meta["state"])
	}
	var names []string
	for _, x := range settings {
		names = append(names, x.Name)
	}
	if want := []string{"sketch sha256", "data sha256", "value size", "stack size", "heap size", "seed", "restarts", "batch size",
		"learning rate", "gradient noise", "weight decay", "execution while training"}; !slices.Equal(names, want) {
		t.Errorf("metadata settings %v, want %v", names, want)
	}
	wantSettings := map[string]string{"learning rate": "0.1", "restarts": "2", "value size": "10"}
	for _, x := range settings {
		if w, ok := wantSettings[x.Name]; ok && fmt.Sprint(x.Value) != w {
			t.Errorf("metadata settings: %s = %v, want %s", x.Name, x.Value, w)
		}
	}
	weights, wmeta, _ := specFile(t, dir, "model.safetensors")
	if len(weights) != len(m.Params()) || wmeta["sketch_sha256"] != m.Config.SketchSHA256 {
		t.Errorf("model.safetensors: %d tensors, metadata %v", len(weights), wmeta)
	}
}

// checkWhole checks a model directory after a kill: absent (killed before
// its first publication), or a whole model that config.json describes,
// with the checkpoint it records, if any.
func checkWhole(t *testing.T, dir string, train data.Set, when string) {
	t.Helper()
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		return
	}
	m, err := Load(dir)
	if err != nil {
		t.Fatalf("%s: the directory does not load: %v", when, err)
	}
	cfg := readConfig(t, dir)
	sc, err := Evaluate(m.Model, train.Rows, Hybrid, 0, 0, nil)
	if err != nil || sc.Hamming != cfg.Report.DevHamming || m.Steps != cfg.Steps {
		t.Errorf("%s: the model's dev accuracy is %v%% (%v), config.json says %v%%", when, sc.Hamming, err, cfg.Report.DevHamming)
	}
	b, err := os.ReadFile(filepath.Join(dir, fit.CheckpointFile))
	if (err == nil) != (cfg.Files[fit.CheckpointFile] != "") || err == nil && modeldir.SHA256(b) != cfg.Files[fit.CheckpointFile] {
		t.Errorf("%s: checkpoint %v, config.json records %q", when, err, cfg.Files[fit.CheckpointFile])
	}
}

// A training killed at any moment of any of its publications leaves a
// directory that is absent or a whole model agreeing with its config.json;
// the next run removes what the kill left, and resuming (or training
// anew, when nothing was published) ends with the weights of the training
// that was not killed. In each publication the kills fall on the first
// file written (the new version half built beside the directory), on the
// swap (built, not yet in place) and on the removal of the old version
// (in place); between two of these, a kill leaves what one of them leaves.
func TestTrainingKilledAtAnyMoment(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains about 20 short runs")
	}
	sk, train := embedded(t, "sort_compare"), sortRows()
	var steps []string
	modeldir.Fault = func(s string) { steps = append(steps, s) }
	defer func() { modeldir.Fault = nil }()
	o := sortOptions(filepath.Join(t.TempDir(), "m"))
	want, _, err := Train(sk, train, data.Set{}, o)
	if err != nil {
		t.Fatal(err)
	}
	kills := 0
	for k, step := range steps {
		first := strings.HasPrefix(step, "write") && (k == 0 || !strings.HasPrefix(steps[k-1], "write"))
		if !first && step != "swap" && step != "remove" {
			continue
		}
		kills++
		when := fmt.Sprintf("killed at step %d (%s)", k+1, step)
		o.Dir = filepath.Join(t.TempDir(), "m")
		n := 0
		modeldir.Fault = func(string) {
			if n++; n == k+1 {
				panic(kill{})
			}
		}
		if !trainUntil(t, sk, train, o, nil) {
			t.Fatalf("%s: the step was not reached", when)
		}
		modeldir.Fault = nil
		checkWhole(t, o.Dir, train, when)
		_, err := os.Stat(filepath.Join(o.Dir, fit.CheckpointFile))
		resumed := o
		resumed.Resume = err == nil
		if _, err := os.Stat(o.Dir); err == nil && !resumed.Resume {
			// Killed after the last publication was in place: the training
			// has finished, and a new one replaces it.
			if m, err := Load(o.Dir); err != nil || !reflect.DeepEqual(snapshot(m.Machine), snapshot(want.Machine)) {
				t.Errorf("%s: the finished model differs from the uninterrupted training's (%v)", when, err)
			}
		}
		got, _, err := Train(sk, train, data.Set{}, resumed)
		if err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if !reflect.DeepEqual(snapshot(got.Machine), snapshot(want.Machine)) {
			t.Errorf("%s: the weights differ from the uninterrupted training's", when)
		}
		if entries, _ := os.ReadDir(filepath.Dir(o.Dir)); len(entries) != 1 {
			t.Errorf("%s: leftovers beside the directory: %v", when, entries)
		}
		if entries, _ := os.ReadDir(o.Dir); len(entries) != 2 {
			t.Errorf("%s: the finished directory holds %v, want config.json and model.safetensors", when, entries)
		}
	}
	if publications := strings.Count(strings.Join(steps, " "), "swap"); publications != 2*3+1 || kills != 3*publications {
		t.Errorf("%d kills in %d publications, want 3 in each of 7 (an epoch each, and the end)", kills, publications)
	}
}

// copyDir copies the files of a model directory.
func copyDir(t *testing.T, from, to string) string {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
	return to
}

// rewriteCheckpoint replaces a directory's checkpoint by edit's version of
// its tensors and records the new checksum in config.json, as a writer
// would.
func rewriteCheckpoint(t *testing.T, dir string, edit func([]safetensors.Tensor) []safetensors.Tensor) {
	t.Helper()
	path := filepath.Join(dir, fit.CheckpointFile)
	old, _ := os.ReadFile(path)
	ts, meta, err := safetensors.Unmarshal(old)
	if err != nil {
		t.Fatal(err)
	}
	b, err := safetensors.Marshal(edit(ts), meta)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _ := os.ReadFile(filepath.Join(dir, "config.json"))
	os.WriteFile(path, b, 0o644)
	os.WriteFile(filepath.Join(dir, "config.json"), []byte(strings.Replace(string(cfg), modeldir.SHA256(old), modeldir.SHA256(b), 1)), 0o644)
}

// tree is the files of a directory and their contents.
func tree(dir string) map[string]string {
	out := map[string]string{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(path)
			out[strings.TrimPrefix(path, dir)] = string(b)
		}
		return nil
	})
	return out
}

// A model directory that cannot or must not be written, or a checkpoint
// that does not belong to this training, is refused before training
// starts, with an error that says why, and the directory is left as it
// was.
func TestTrainRefusesDirectory(t *testing.T) {
	sk, train := embedded(t, "sort_compare"), sortRows()
	root := t.TempDir()
	stopped := filepath.Join(root, "stopped")
	trainUntil(t, sk, train, sortOptions(stopped), func(p tick) bool { return p.Epoch == 2 })
	finished := filepath.Join(root, "finished")
	trainUntil(t, sk, train, sortOptions(finished), nil)
	busy := filepath.Join(root, "busy")
	l, err := modeldir.Lock(busy)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	readOnly := filepath.Join(root, "read-only")
	os.Mkdir(readOnly, 0o555)
	if os.Geteuid() == 0 { // root writes anyway: take a place no one writes
		readOnly = "/proc/self/model"
	}
	file := filepath.Join(root, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	notes := filepath.Join(root, "notes")
	os.Mkdir(notes, 0o755)
	os.WriteFile(filepath.Join(notes, "mine.txt"), []byte("mine"), 0o644)
	old := copyDir(t, finished, filepath.Join(root, "old"))
	os.WriteFile(filepath.Join(old, "checkpoint.json"), []byte(`{"format":"d4-sketch-checkpoint/1"}`), 0o644)
	damaged := copyDir(t, stopped, filepath.Join(root, "damaged"))
	b, _ := os.ReadFile(filepath.Join(damaged, fit.CheckpointFile))
	b[len(b)-1] ^= 1
	os.WriteFile(filepath.Join(damaged, fit.CheckpointFile), b, 0o644)
	missing := copyDir(t, stopped, filepath.Join(root, "missing"))
	rewriteCheckpoint(t, missing, func(ts []safetensors.Tensor) []safetensors.Tensor {
		return slices.DeleteFunc(ts, func(x safetensors.Tensor) bool { return x.Name == "adam.v.slot0.stage0.b" })
	})
	extra := copyDir(t, stopped, filepath.Join(root, "extra"))
	rewriteCheckpoint(t, extra, func(ts []safetensors.Tensor) []safetensors.Tensor {
		return append(ts, safetensors.Tensor{Name: "restart7.slot0.stage0.b", Shape: []int{2}, Data: []float64{0, 0}})
	})
	otherRows := sortRows()
	otherRows.Rows[0].Input = []int{1, 1, 2, 3}
	tests := []struct {
		name   string
		dir    string
		resume bool
		change func(*Options, *data.Set)
		want   string
	}{
		{"another writer", busy, false, nil, "is being written by another process"},
		{"a read-only place", readOnly, false, nil, "cannot be written"},
		{"a file", file, false, nil, "exists and is not a directory"},
		{"someone's directory", notes, false, nil, "holds no d4 model (no config.json)"},
		{"an unfinished training, anew", stopped, false, nil, "holds an unfinished training (checkpoint.safetensors): continue it with 'd4 train --resume'"},
		{"resume nothing", filepath.Join(root, "absent"), true, nil, "cannot resume: model directory " + filepath.Join(root, "absent") + " does not exist"},
		{"resume a finished training", finished, true, nil, "does not exist (no unfinished training in"},
		{"resume with other settings", stopped, true, func(o *Options, _ *data.Set) { o.LR = 0.2 }, "trained with other settings (learning rate 0.1, now 0.2)"},
		{"resume with another seed", stopped, true, func(o *Options, _ *data.Set) { o.Seed = 3 }, "(seed 1, now 3)"},
		{"resume on other data", stopped, true, func(_ *Options, s *data.Set) { *s = otherRows }, "trained with other settings (data sha256 "},
		{"resume an earlier version's checkpoint", old, true, nil, "the checkpoint of an earlier version of d4 (checkpoint.json): train again without --resume"},
		{"resume a damaged checkpoint", damaged, true, nil, "checkpoint.safetensors does not match the checksum in config.json"},
		{"resume a checkpoint without a moment", missing, true, nil, "no tensor adam.v.slot0.stage0.b"},
		{"resume a checkpoint with a tensor too many", extra, true, nil, "tensor restart7.slot0.stage0.b is not expected"},
	}
	for _, tc := range tests {
		before := tree(tc.dir)
		o, rows := sortOptions(tc.dir), sortRows()
		o.Resume = tc.resume
		if tc.change != nil {
			tc.change(&o, &rows)
		}
		started := false
		o.Progress = ticker(func(tick) { started = true })
		_, _, err := Train(sk, rows, data.Set{}, o)
		if err == nil || !strings.Contains(err.Error(), tc.want) || started {
			t.Errorf("%s: error %v (training started: %v), want one containing %q", tc.name, err, started, tc.want)
		}
		if after := tree(tc.dir); !reflect.DeepEqual(before, after) {
			t.Errorf("%s: the refused training changed the directory", tc.name)
		}
	}
}

// A damaged or foreign model is refused by Load with an error that names
// it, never loaded in part; a model file of an earlier version says to
// train again.
func TestLoadErrors(t *testing.T) {
	root := t.TempDir()
	good := filepath.Join(root, "good")
	o := DefaultOptions()
	o.Dir = good
	if _, _, err := Train(embedded(t, "absdiff"), rows([2][]int{{1, 3}, {2}}, [2][]int{{5, 2}, {3}}), data.Set{}, o); err != nil {
		t.Fatal(err)
	}
	damaged := copyDir(t, good, filepath.Join(root, "damaged"))
	b, _ := os.ReadFile(filepath.Join(damaged, "model.safetensors"))
	b[len(b)-1] ^= 1
	os.WriteFile(filepath.Join(damaged, "model.safetensors"), b, 0o644)
	noConfig := copyDir(t, good, filepath.Join(root, "no-config"))
	os.Remove(filepath.Join(noConfig, "config.json"))
	oldFile := filepath.Join(root, "sort.json")
	os.WriteFile(oldFile, []byte(`{"format":"d4-model/1","sketch_file":"sort.fth","params":[]}`), 0o644)
	tests := []struct{ path, want string }{
		{filepath.Join(root, "absent"), "no such directory (train one with 'd4 train --model"},
		{damaged, "model.safetensors does not match the checksum in config.json"},
		{noConfig, "no config.json: not a d4 model directory"},
		{oldFile, `a model file of an earlier version of d4 (format "d4-model/1"): train the model again`},
	}
	for _, tc := range tests {
		if _, err := Load(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.path) {
			t.Errorf("%s: error %v, want one naming it and containing %q", filepath.Base(tc.path), err, tc.want)
		}
	}
	m, err := Load(good)
	if err != nil || m.Config.Report.TrainRows != 2 || m.Config.Options.Seed != 1 || m.Config.Format == "" {
		t.Errorf("the good model: %v, config %+v", err, m.Config)
	}
}

package training

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors/spectest"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// A checkpoint holds the weights, Adam's moments and the best weights by
// name, and the run's state and settings in its metadata; the spec parser
// reads them.
func TestCheckpointFile(t *testing.T) {
	cfg := DefaultTrainConfig()
	cfg.Epochs, cfg.Batch, cfg.CCPasses = 1, 10, 1
	m := waptest.PaperModel(t, 12, 2)
	var st *fit.State
	r := Run{Checkpoint: func(s *fit.State) error { st = s; return nil }}
	if _, err := Train(m, cfg, waptest.ToyProblems(20, 3), nil, r); err != nil {
		t.Fatal(err)
	}
	b, err := fit.MarshalCheckpoint(st, named(SettingsOf(cfg, "d"), d4.SketchHash(m.Machine.Sketch)), m.Named())
	if err != nil {
		t.Fatal(err)
	}
	tensors, meta := spectest.ParseOrFail(t, b)
	if !strings.Contains(meta["state"], `"epoch":1,`) || !strings.Contains(meta["state"], `"adam_steps":2`) ||
		!strings.Contains(meta["settings"], `{"name":"learning rate","value":0.01}`) {
		t.Errorf("metadata %v", meta)
	}
	for i, n := range m.Named() {
		if !slices.Equal(tensors["adam.m."+n.Name].Data, st.Run.Adam.M[i]) || !slices.Equal(tensors["adam.v."+n.Name].Data, st.Run.Adam.V[i]) ||
			!slices.Equal(tensors[n.Name].Data, st.Run.Params[i]) || !slices.Equal(tensors["best."+n.Name].Data, st.Run.BestParams[i]) {
			t.Errorf("tensor %s or its moments differ", n.Name)
		}
	}
}

// Resuming with other settings is refused, naming what differs.
func TestResumeRefusesOtherSettings(t *testing.T) {
	cfg := DefaultTrainConfig()
	cfg.Epochs, cfg.Batch = 1, 10
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, model.CheckpointFile), checkpointAfter(t, waptest.PaperModel(t, 12, 2), cfg, waptest.ToyProblems(20, 3), nil, "data1"), 0o644)
	tests := []struct {
		change func(c *TrainConfig)
		data   string
		want   string // "": resumes
	}{
		{func(c *TrainConfig) { c.Epochs, c.Patience = 5, 2 }, "data1", ""},
		{func(c *TrainConfig) { c.LR = 0.02 }, "data1", "learning rate 0.01, now 0.02"},
		{func(c *TrainConfig) { c.Batch, c.Bag = 20, 1 }, "data1", "batch size 10, now 20; bag 0.34, now 1"},
		{func(c *TrainConfig) { c.WordDropout, c.Noise = 0, 0.01 }, "data1", "gradient noise 0, now 0.01; word dropout 0.1, now 0"},
		{func(c *TrainConfig) { c.Restarts = 2 }, "data1", "restarts 5, now 2"},
		{func(c *TrainConfig) {}, "data2", "data sha256 data1, now data2"},
	}
	for _, tc := range tests {
		c := cfg
		tc.change(&c)
		_, err := readCheckpoint(dir, waptest.PaperModel(t, 12, 2), SettingsOf(c, tc.data))
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("resume: %v, want %q", err, tc.want)
		}
	}
}

// toyRun is a small training run of two restarts.
func toyRun(t *testing.T, resume bool) RunSpec {
	cfg := DefaultTrainConfig()
	cfg.Epochs, cfg.Batch, cfg.Bag, cfg.Seed = 2, 20, 1, 5
	// One restart after another: their publications come in one order,
	// and a kill (a panic) stops the run.
	return RunSpec{SketchFile: "wap.fth", Sketch: waptest.WapSketch(t), Vocab: waptest.ToyVocab(t), Train: waptest.ToyProblems(20, 3), Dev: waptest.ToyProblems(5, 4),
		Cfg: cfg, Base: model.Config{Data: "toy"}, Resume: resume, Parallel: 1}
}

// checkWhole checks that dir is absent or a whole model that agrees with
// its config.json: its dev accuracy is the one recorded.
func checkWhole(t *testing.T, dir string, dev []*model.Problem, when string) {
	t.Helper()
	e, cfg, _, err := answer.Load(dir)
	if err != nil {
		if !strings.Contains(err.Error(), "no such directory") {
			t.Errorf("%s: %v", when, err)
		}
		return
	}
	acc, err := e.ExactAccuracy(dev)
	if err != nil || acc != cfg.DevAccuracy || len(cfg.Members) != len(e.Models) {
		t.Errorf("%s: dev accuracy %v (%v), config.json says %v (members %v)", when, acc, err, cfg.DevAccuracy, cfg.Members)
	}
	for _, name := range cfg.Members {
		_, mcfg, _, err := model.LoadModel(filepath.Join(dir, name))
		if err != nil || mcfg.Epoch < 1 {
			t.Errorf("%s: member %s: %v, epoch %d", when, name, err, mcfg.Epoch)
		}
	}
}

// errKilled stands for a kill.
type errKilled struct{}

// A training run killed at any moment of any of its publications leaves a
// directory that is absent or a whole model agreeing with its config.json,
// and the run resumed from there ends with the weights of a run that was
// not interrupted. The kills fall, in each publication, on the first file
// written or linked (the new version half built beside the directory), on the swap
// (built, not yet in place) and on the removal of the old version (in
// place); between two of these, a kill leaves what one of them leaves.
func TestTrainingKilledAtAnyMoment(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains about 40 short runs")
	}
	// The uninterrupted run, recording the steps of its publications.
	var steps []string
	modeldir.Fault = func(s string) { steps = append(steps, s) }
	defer func() { modeldir.Fault = nil }()
	straight := filepath.Join(t.TempDir(), "m")
	w, err := OpenTrainingDir(straight, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	want, final, err := TrainModels(w, toyRun(t, false))
	w.Close()
	if err != nil || !final.Complete || len(final.Members) != 2 {
		t.Fatalf("%v %+v", err, final)
	}
	kills := 0
	for k, step := range steps {
		first := strings.HasPrefix(step, "write") && (k == 0 || !strings.HasPrefix(steps[k-1], "write") && steps[k-1] != "link")
		if first || step == "link" || step == "swap" || step == "remove" {
			killAt(t, k+1, step, want)
			kills++
		}
	}
	t.Logf("%d kills among the %d steps of %d publications", kills, len(steps), strings.Count(strings.Join(steps, " "), "swap"))
}

// killAt runs the toy run, kills it at step k of its publications, checks
// the directory and resumes the run.
func killAt(t *testing.T, k int, step string, want []Restart) {
	dir := filepath.Join(t.TempDir(), "m")
	n := 0
	modeldir.Fault = func(string) {
		if n++; n == k {
			panic(errKilled{})
		}
	}
	w, err := OpenTrainingDir(dir, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	killed := func() (killed bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(errKilled); !ok {
					panic(r)
				}
				killed = true
			}
		}()
		TrainModels(w, toyRun(t, false))
		return false
	}()
	w.Close() // the kernel's release of a killed process's lock
	modeldir.Fault = nil
	if !killed {
		t.Fatalf("step %d was not reached", k)
	}
	when := fmt.Sprintf("killed at step %d (%s)", k, step)
	checkWhole(t, dir, toyRun(t, false).Dev, when)
	resumeAndCompare(t, dir, want, when)
}

// resumeAndCompare resumes a killed run in dir (or starts it anew when it
// had not published yet) and compares its models with want's.
func resumeAndCompare(t *testing.T, dir string, want []Restart, when string) {
	t.Helper()
	_, statErr := os.Stat(filepath.Join(dir, model.ConfigFile))
	spec := toyRun(t, statErr == nil)
	spec.Parallel = 0 // the restarts resume at once
	w, err := OpenTrainingDir(dir, 2, spec.Resume)
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	got, final, err := TrainModels(w, spec)
	w.Close()
	if err != nil {
		t.Fatalf("%s: resume: %v", when, err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
		t.Errorf("%s: leftovers beside the directory: %v", when, entries)
	}
	for k := range want {
		for i, a := range want[k].Model.ParamData() {
			if !slices.Equal(a, got[k].Model.ParamData()[i]) {
				t.Fatalf("%s: restart %d, tensor %d differs from the uninterrupted run's", when, k+1, i)
			}
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, model.ConfigFile))
	if !final.Complete || !bytes.Contains(b, []byte(`"complete": true`)) {
		t.Errorf("%s: the resumed run's config.json: %s", when, b)
	}
}

// Restarts trained at once give the models, in the same order, that they
// give one after another, and the directory's ensemble is the same.
func TestParallelRestarts(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains six short runs")
	}
	train := func(parallel int) ([]Restart, model.Config, string) {
		dir := filepath.Join(t.TempDir(), "m")
		w, err := OpenTrainingDir(dir, 3, false)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		spec := toyRun(t, false)
		spec.Parallel = parallel
		got, final, err := TrainModels(w, spec)
		if err != nil {
			t.Fatalf("parallel %d: %v", parallel, err)
		}
		checkWhole(t, dir, spec.Dev, fmt.Sprintf("parallel %d", parallel))
		return got, final, dir
	}
	want, wantCfg, _ := train(1)
	for _, parallel := range []int{0, 2} {
		got, cfg, dir := train(parallel)
		for k := range want {
			if got[k].Config.Seed != want[k].Config.Seed {
				t.Fatalf("parallel %d: restart %d has seed %d, want %d", parallel, k+1, got[k].Config.Seed, want[k].Config.Seed)
			}
			for i, a := range want[k].Model.ParamData() {
				if !slices.Equal(a, got[k].Model.ParamData()[i]) {
					t.Fatalf("parallel %d: restart %d, tensor %d differs from one after another's", parallel, k+1, i)
				}
			}
		}
		if !cfg.Complete || cfg.Seed != wantCfg.Seed || cfg.DevAccuracy != wantCfg.DevAccuracy || !slices.Equal(cfg.Members, wantCfg.Members) {
			t.Errorf("parallel %d: config %+v, want %+v", parallel, cfg, wantCfg)
		}
		if _, _, _, err := model.Load(dir); err != nil {
			t.Errorf("parallel %d: %v", parallel, err)
		}
	}
}

// A checkpoint records the sketch's and the data's checksums, then the
// settings that model.Settings declares, in the format's order.
func TestCheckpointSettings(t *testing.T) {
	cfg := DefaultTrainConfig()
	cfg.Supervise = model.SuperviseEquations
	var names []string
	for _, s := range named(SettingsOf(cfg, "data"), "sketch") {
		names = append(names, s.Name)
	}
	want := []string{"sketch sha256", "data sha256", "seed", "batch size", "learning rate", "gradient clipping", "gradient noise",
		"weight decay", "word dropout", "bag", "CC passes", "restarts", "lexicon", "question reader", "supervision"}
	if !slices.Equal(names, want) {
		t.Errorf("settings %v, want %v", names, want)
	}
}

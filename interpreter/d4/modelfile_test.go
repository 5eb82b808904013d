package d4

import (
	"errors"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const swapSketch = "{ observe D0 D-1 -> tanh -> linear 4 -> choose NOP SWAP }"

func trainedModel(t *testing.T, seed int64, batches int) *Model {
	t.Helper()
	m, err := NewModel("swap.fth", swapSketch, 6, 5, 0, seed)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultTrainConfig()
	cfg.LearningRate, cfg.Seed = 0.1, seed
	tr := NewTrainer(m.Machine, 1, cfg)
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < batches; i++ {
		var exs []Example
		for j := 0; j < 8; j++ {
			a, b := rng.Intn(6), rng.Intn(6)
			exs = append(exs, Example{Init: []int{a, b}, Target: []int{max(a, b), min(a, b)}})
		}
		if _, err := tr.TrainBatch(exs); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func paramData(m *Machine) [][]float64 {
	var out [][]float64
	for _, p := range m.Params() {
		out = append(out, slices.Clone(p.T.Data().([]float64)))
	}
	return out
}

func TestModelRoundTrip(t *testing.T) {
	m := trainedModel(t, 1, 5)
	m.Meta["task"] = "swap"
	path := filepath.Join(t.TempDir(), "m.json")
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadModel(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(paramData(got.Machine), paramData(m.Machine), slices.Equal[[]float64]) {
		t.Error("parameters differ after a round trip")
	}
	if got.Meta["task"] != "swap" || got.Sizes != m.Sizes || got.Sketch != swapSketch {
		t.Errorf("loaded %+v %v", got.Meta, got.Sizes)
	}
	if err := got.CheckSketch("other.fth", "{ observe D0 -> choose NOP DUP }"); err == nil || !strings.Contains(err.Error(), "different sketch") {
		t.Errorf("CheckSketch of another sketch: %v", err)
	}
	// No temporary files are left beside the model.
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("%d files beside the model, want none", len(entries)-1)
	}
}

func TestModelLoadErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if err := trainedModel(t, 1, 1).Save(good); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(good)
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o644)
		return p
	}
	tests := []struct{ path, want string }{
		{filepath.Join(dir, "missing.json"), "no such file"},
		{write("garbage.json", "not json"), "not a d4 model file"},
		{write("format.json", strings.Replace(string(b), ModelFormat, "d4-model/0", 1)), `format "d4-model/0"`},
		{write("damaged.json", strings.Replace(string(b), "NOP SWAP", "NOP DUP", 1)), "does not match its checksum"},
		{write("params.json", strings.Replace(string(b), `"slot0.stage0.W"`, `"slot9.stage0.W"`, 1)), "parameter 0 is slot9.stage0.W"},
	}
	for _, tc := range tests {
		if _, err := LoadModel(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to contain %q", filepath.Base(tc.path), err, tc.want)
		}
	}
}

// TestDeterministic trains twice with the same seed (two workers run the
// batch) and requires identical parameters.
func TestDeterministic(t *testing.T) {
	a, b := trainedModel(t, 4, 10), trainedModel(t, 4, 10)
	if !slices.EqualFunc(paramData(a.Machine), paramData(b.Machine), slices.Equal[[]float64]) {
		t.Error("two runs with the same seed differ")
	}
	c := trainedModel(t, 5, 10)
	if slices.EqualFunc(paramData(a.Machine), paramData(c.Machine), slices.Equal[[]float64]) {
		t.Error("two runs with different seeds agree")
	}
}

// TestNotFiniteStops checks that a NaN in the loss stops training with
// ErrNotFinite and leaves the parameters untouched.
func TestNotFiniteStops(t *testing.T) {
	m := trainedModel(t, 1, 1)
	b := m.Params()[1].T.Data().([]float64) // a bias: it reaches the loss
	b[0] = math.NaN()
	before := paramData(m.Machine)
	tr := NewTrainer(m.Machine, 1, DefaultTrainConfig())
	_, err := tr.TrainBatch([]Example{{Init: []int{1, 2}, Target: []int{2, 1}}})
	if !errors.Is(err, ErrNotFinite) {
		t.Fatalf("err = %v, want ErrNotFinite", err)
	}
	after := paramData(m.Machine)
	for i := range before {
		for j := range before[i] {
			if before[i][j] != after[i][j] && !(math.IsNaN(before[i][j]) && math.IsNaN(after[i][j])) {
				t.Fatalf("parameter %d[%d] changed after a non-finite loss", i, j)
			}
		}
	}
}

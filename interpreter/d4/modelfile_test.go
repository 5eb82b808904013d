package d4

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/d4lang/d4/optim"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors/spectest"
)

const swapSketch = "{ observe D0 D-1 -> tanh -> linear 4 -> choose NOP SWAP }"

func trainedModel(t *testing.T, seed int64, batches int) *Model {
	t.Helper()
	m, err := NewModel("swap.fth", swapSketch, 6, 5, 0, seed)
	if err != nil {
		t.Fatal(err)
	}
	tr := newStepper(m.Machine, TrainerConfig{Steps: 1, Mode: ModeStatic}, paperOptim(0.1), seed)
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

// A saved model reads back weight for weight, as a directory whose files
// are what the safetensors specification says and config.json describes.
func TestModelRoundTrip(t *testing.T) {
	m := trainedModel(t, 1, 5)
	m.Meta["task"] = "swap"
	dir := filepath.Join(t.TempDir(), "models", "swap")
	for _, seed := range []int64{1, 2} { // the second save replaces the first
		if seed == 2 {
			m = trainedModel(t, 2, 5)
			m.Meta["task"] = "swap"
		}
		if err := m.Save(dir); err != nil {
			t.Fatal(err)
		}
	}
	got, err := LoadModel(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(paramData(got.Machine), paramData(m.Machine), slices.Equal[[]float64]) {
		t.Error("parameters differ after a round trip")
	}
	if got.Meta["task"] != "swap" || got.Sizes != m.Sizes || got.Sketch != swapSketch {
		t.Errorf("loaded meta %v, sizes %v", got.Meta, got.Sizes)
	}
	if err := got.CheckSketch("other.fth", "{ observe D0 -> choose NOP DUP }"); err == nil || !strings.Contains(err.Error(), "different sketch") {
		t.Errorf("CheckSketch of another sketch: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(dir, WeightsFile))
	if err != nil {
		t.Fatal(err)
	}
	tensors, meta, err := spectest.Parse(b)
	if err != nil || meta["sketch_sha256"] != SketchHash(swapSketch) || len(tensors) != len(m.Params()) {
		t.Fatalf("%s: %d tensors, metadata %v (%v)", WeightsFile, len(tensors), meta, err)
	}
	for _, p := range m.Params() {
		if ts := tensors[p.Name]; !slices.Equal(ts.Shape, []int(p.T.Shape())) || !slices.Equal(ts.Data, p.T.Data().([]float64)) {
			t.Errorf("tensor %s: %v, want shape %v and the weights", p.Name, ts.Shape, p.T.Shape())
		}
	}
	var cfg ModelConfig
	if c, err := os.ReadFile(filepath.Join(dir, ConfigFile)); err != nil || json.Unmarshal(c, &cfg) != nil {
		t.Fatalf("config.json: %v", err)
	}
	if cfg.Format != ModelFormat || cfg.Header != m.Header() || cfg.WeightsSHA256 != modeldir.SHA256(b) {
		t.Errorf("config.json %+v does not describe the model", cfg)
	}
	// Nothing is left beside the directory, or in it.
	if entries, _ := os.ReadDir(filepath.Dir(dir)); len(entries) != 1 {
		t.Errorf("beside the model: %v", entries)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("in the model: %v", entries)
	}
}

// Every damaged or foreign model path is refused with an error that says
// what is wrong, never loaded in part.
func TestModelLoadErrors(t *testing.T) {
	root := t.TempDir()
	good := filepath.Join(root, "good")
	if err := trainedModel(t, 1, 1).Save(good); err != nil {
		t.Fatal(err)
	}
	config, _ := os.ReadFile(filepath.Join(good, ConfigFile))
	weights, _ := os.ReadFile(filepath.Join(good, WeightsFile))
	// variant is a copy of the good model with files replaced (nil: removed).
	variant := func(name string, files map[string][]byte) string {
		dir := filepath.Join(root, name)
		os.MkdirAll(dir, 0o755)
		for _, f := range []string{ConfigFile, WeightsFile} {
			b, ok := files[f]
			if !ok {
				b = map[string][]byte{ConfigFile: config, WeightsFile: weights}[f]
			}
			if b != nil {
				os.WriteFile(filepath.Join(dir, f), b, 0o644)
			}
		}
		return dir
	}
	flipped := slices.Clone(weights)
	flipped[len(flipped)-1] ^= 1
	renamed := []byte(strings.Replace(string(weights), `"slot0.stage0.W"`, `"slot9.stage0.W"`, 1))
	write := func(name, content string) string {
		p := filepath.Join(root, name)
		os.WriteFile(p, []byte(content), 0o644)
		return p
	}
	tests := []struct{ path, want string }{
		{filepath.Join(root, "missing"), "no such file or directory"},
		{write("garbage.json", "not json"), "a file, not a d4 model directory"},
		{write("old.json", `{"format":"d4-model/1","sketch":"…","params":[]}`), `earlier version of d4 (format "d4-model/1"): train the model again`},
		{variant("no-config", map[string][]byte{ConfigFile: nil}), "no config.json: not a d4 model directory"},
		{variant("no-weights", map[string][]byte{WeightsFile: nil}), "model.safetensors: no such file"},
		{variant("malformed-config", map[string][]byte{ConfigFile: []byte("{")}), "config.json: malformed JSON"},
		{variant("other-format", map[string][]byte{ConfigFile: []byte(`{"format":"wap-model/3"}`)}), `format "wap-model/3", want "d4-sketch-model/1"`},
		{variant("damaged-sketch", map[string][]byte{ConfigFile: []byte(strings.Replace(string(config), "NOP SWAP", "NOP DUP", 1))}), "stored sketch does not match its checksum"},
		{variant("damaged-weights", map[string][]byte{WeightsFile: flipped}), "model.safetensors does not match the checksum in config.json"},
		{variant("renamed-tensor", map[string][]byte{WeightsFile: renamed, ConfigFile: []byte(strings.Replace(string(config), modeldir.SHA256(weights), modeldir.SHA256(renamed), 1))}),
			"model.safetensors: no tensor slot0.stage0.W"},
	}
	for _, tc := range tests {
		if _, err := LoadModel(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "loading model "+tc.path) {
			t.Errorf("%s: error %v, want it to name the path and contain %q", filepath.Base(tc.path), err, tc.want)
		}
	}
}

// Save writes only where a model may be: a new or empty directory, or a
// model's; and not while another writer holds the directory.
func TestSaveRefuses(t *testing.T) {
	root := t.TempDir()
	m := trainedModel(t, 1, 1)
	notes := filepath.Join(root, "notes")
	os.MkdirAll(notes, 0o755)
	os.WriteFile(filepath.Join(notes, "mine.txt"), []byte("mine"), 0o644)
	other := filepath.Join(root, "other")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, ConfigFile), []byte(`{"format":"wap-model/3"}`), 0o644)
	file := filepath.Join(root, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	busy := filepath.Join(root, "busy")
	l, err := modeldir.Lock(busy)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	tests := []struct{ dir, want string }{
		{notes, "holds no d4 model (no config.json)"},
		{other, `a model of another kind (config.json format "wap-model/3")`},
		{file, "exists and is not a directory"},
		{busy, "is being written by another process"},
	}
	for _, tc := range tests {
		if err := m.Save(tc.dir); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", filepath.Base(tc.dir), err, tc.want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(notes, "mine.txt")); err != nil || string(b) != "mine" {
		t.Errorf("a refused save changed the directory: %q %v", b, err)
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
	tr := newStepper(m.Machine, TrainerConfig{Steps: 1, Mode: ModeStatic}, paperOptim(1), 1)
	_, err := tr.TrainBatch([]Example{{Init: []int{1, 2}, Target: []int{2, 1}}})
	if !errors.Is(err, optim.ErrNotFinite) {
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

// A model loaded while new versions of its directory are saved is one
// whole version: the weights that its config.json describes.
func TestLoadWhileSaved(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("without renameat2's exchange, the directory is missing for an instant")
	}
	models := []*Model{trainedModel(t, 1, 1), trainedModel(t, 2, 1)}
	for i, m := range models {
		m.Meta["version"] = fmt.Sprint(i)
	}
	dir := filepath.Join(t.TempDir(), "m")
	if err := models[0].Save(dir); err != nil {
		t.Fatal(err)
	}
	stop, done := make(chan bool), make(chan error)
	go func() {
		for i := 1; ; i++ {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			if err := models[i%2].Save(dir); err != nil {
				done <- err
				return
			}
		}
	}()
	for range 50 {
		got, err := LoadModel(dir)
		if err != nil {
			t.Fatal(err)
		}
		k, err := strconv.Atoi(got.Meta["version"])
		if err != nil || k < 0 || k > 1 {
			t.Fatalf("meta %v: not one of the saved versions", got.Meta)
		}
		if want := models[k]; !slices.EqualFunc(paramData(got.Machine), paramData(want.Machine), slices.Equal[[]float64]) {
			t.Fatalf("the weights are not those of version %s, which config.json describes", got.Meta["version"])
		}
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

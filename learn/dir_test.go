package learn

import (
	"encoding/json"
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

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/internal/safetensors/spectest"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/optim"
)

const swapSketch = "{ observe D0 D-1 -> tanh -> linear 4 -> choose NOP SWAP }"

// trainedModel trains a small sketch for some batches.
func trainedModel(t *testing.T, seed int64, batches int) *d4.Model {
	t.Helper()
	m, err := d4.NewModel("swap.fth", swapSketch, 6, 5, 0, seed)
	if err != nil {
		t.Fatal(err)
	}
	tr := d4.NewTrainer(m.Machine, d4.TrainerConfig{Steps: 1, Mode: d4.ModeStatic})
	opt := optim.New(m.ParamData(), optim.Config{LR: 0.1, Clip: 1}, seed)
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < batches; i++ {
		var exs []data.Example
		for j := 0; j < 8; j++ {
			a, b := rng.Intn(6), rng.Intn(6)
			exs = append(exs, data.Example{Input: []int{a, b}, Output: []int{max(a, b), min(a, b)}})
		}
		_, grads, err := tr.Gradient(exs)
		if err == nil {
			_, err = opt.Update(grads)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// saveModel writes m as the model directory dir (OpenDir, Writer.Save).
func saveModel(m *d4.Model, dir string) error {
	w, err := OpenDir(dir)
	if err != nil {
		return err
	}
	defer w.Close()
	return w.Save(&Model{Model: m, Steps: 1, Static: true})
}

// loadModel reads a model directory's ∂4 model.
func loadModel(dir string) (*d4.Model, error) {
	m, err := Load(dir)
	if err != nil {
		return nil, err
	}
	return m.Model, nil
}

// A saved model reads back weight for weight, as a directory whose files
// are what the safetensors specification says and config.json describes.
func TestDirRoundTrip(t *testing.T) {
	m := trainedModel(t, 1, 5)
	m.Meta["task"] = "swap"
	dir := filepath.Join(t.TempDir(), "models", "swap")
	for _, seed := range []int64{1, 2} { // the second save replaces the first
		if seed == 2 {
			m = trainedModel(t, 2, 5)
			m.Meta["task"] = "swap"
		}
		if err := saveModel(m, dir); err != nil {
			t.Fatal(err)
		}
	}
	got, err := loadModel(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(snapshot(got.Machine), snapshot(m.Machine), slices.Equal[[]float64]) {
		t.Error("parameters differ after a round trip")
	}
	if got.Meta["task"] != "swap" || got.Sizes != m.Sizes || got.Sketch != swapSketch {
		t.Errorf("loaded meta %v, sizes %v", got.Meta, got.Sizes)
	}
	if err := got.CheckSketch("other.fth", "{ observe D0 -> choose NOP DUP }"); err == nil || !strings.Contains(err.Error(), "different sketch") {
		t.Errorf("CheckSketch of another sketch: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(dir, modeldir.WeightsFile))
	if err != nil {
		t.Fatal(err)
	}
	tensors, meta, err := spectest.Parse(b)
	if err != nil || meta["sketch_sha256"] != d4.SketchHash(swapSketch) || len(tensors) != len(m.Params()) {
		t.Fatalf("%s: %d tensors, metadata %v (%v)", modeldir.WeightsFile, len(tensors), meta, err)
	}
	for _, p := range m.Params() {
		if ts := tensors[p.Name]; !slices.Equal(ts.Shape, []int(p.T.Shape())) || !slices.Equal(ts.Data, p.T.Data().([]float64)) {
			t.Errorf("tensor %s: %v, want shape %v and the weights", p.Name, ts.Shape, p.T.Shape())
		}
	}
	var cfg DirConfig
	if c, err := os.ReadFile(filepath.Join(dir, modeldir.ConfigFile)); err != nil || json.Unmarshal(c, &cfg) != nil {
		t.Fatalf("config.json: %v", err)
	}
	if cfg.Format != ModelFormat || cfg.Spec != m.Spec() || cfg.Files[modeldir.WeightsFile] != modeldir.SHA256(b) || len(cfg.Files) != 1 {
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
func TestDirLoadErrors(t *testing.T) {
	root := t.TempDir()
	good := filepath.Join(root, "good")
	if err := saveModel(trainedModel(t, 1, 1), good); err != nil {
		t.Fatal(err)
	}
	config, _ := os.ReadFile(filepath.Join(good, modeldir.ConfigFile))
	weights, _ := os.ReadFile(filepath.Join(good, modeldir.WeightsFile))
	// variant is a copy of the good model with files replaced (nil: removed).
	variant := func(name string, files map[string][]byte) string {
		dir := filepath.Join(root, name)
		os.MkdirAll(dir, 0o755)
		for _, f := range []string{modeldir.ConfigFile, modeldir.WeightsFile} {
			b, ok := files[f]
			if !ok {
				b = map[string][]byte{modeldir.ConfigFile: config, modeldir.WeightsFile: weights}[f]
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
	// resigned is weights changed by edit, and config.json with its new
	// checksum, as a hostile writer would make them.
	resigned := func(edit func([]safetensors.Tensor, map[string]string)) map[string][]byte {
		ts, meta, err := safetensors.Unmarshal(weights)
		if err != nil {
			t.Fatal(err)
		}
		edit(ts, meta)
		b, err := safetensors.Marshal(ts, meta)
		if err != nil {
			t.Fatal(err)
		}
		return map[string][]byte{modeldir.WeightsFile: b, modeldir.ConfigFile: []byte(strings.Replace(string(config), modeldir.SHA256(weights), modeldir.SHA256(b), 1))}
	}
	write := func(name, content string) string {
		p := filepath.Join(root, name)
		os.WriteFile(p, []byte(content), 0o644)
		return p
	}
	tests := []struct{ path, want string }{
		{filepath.Join(root, "missing"), "no such directory (train one with"},
		{write("garbage.json", "not json"), "a file, not a d4 model directory"},
		{write("old.json", `{"format":"d4-model/1","sketch":"…","params":[]}`), `earlier version of d4 (format "d4-model/1"): train the model again`},
		{variant("no-config", map[string][]byte{modeldir.ConfigFile: nil}), "no config.json: not a d4 model directory"},
		{variant("no-weights", map[string][]byte{modeldir.WeightsFile: nil}), "model.safetensors: no such file"},
		{variant("malformed-config", map[string][]byte{modeldir.ConfigFile: []byte("{")}), "config.json: malformed JSON"},
		{variant("other-format", map[string][]byte{modeldir.ConfigFile: []byte(`{"format":"wap-model/3"}`)}), `format "wap-model/3", want "d4-sketch-model/2"`},
		{variant("damaged-sketch", map[string][]byte{modeldir.ConfigFile: []byte(strings.Replace(string(config), "NOP SWAP", "NOP DUP", 1))}), "stored sketch does not match its checksum"},
		{variant("damaged-weights", map[string][]byte{modeldir.WeightsFile: flipped}), "model.safetensors does not match the checksum in config.json"},
		{variant("renamed-tensor", map[string][]byte{modeldir.WeightsFile: renamed, modeldir.ConfigFile: []byte(strings.Replace(string(config), modeldir.SHA256(weights), modeldir.SHA256(renamed), 1))}),
			"model.safetensors: no tensor slot0.stage0.W"},
		{variant("nan-weights", resigned(func(ts []safetensors.Tensor, _ map[string]string) { ts[1].Data[0] = math.NaN() })),
			"model.safetensors: tensor slot0.stage0.b holds NaN: the weights are not finite"},
		{variant("other-sketch", resigned(func(_ []safetensors.Tensor, meta map[string]string) { meta["sketch_sha256"] = d4.SketchHash("DUP") })),
			"model.safetensors: its metadata names another sketch"},
	}
	for _, tc := range tests {
		if _, err := loadModel(tc.path); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "loading model "+tc.path) {
			t.Errorf("%s: error %v, want it to name the path and contain %q", filepath.Base(tc.path), err, tc.want)
		}
	}
}

// Save writes only where a model may be: a new or empty directory, or a
// model's; and not while another writer holds the directory.
func TestDirSaveRefuses(t *testing.T) {
	root := t.TempDir()
	m := trainedModel(t, 1, 1)
	notes := filepath.Join(root, "notes")
	os.MkdirAll(notes, 0o755)
	os.WriteFile(filepath.Join(notes, "mine.txt"), []byte("mine"), 0o644)
	other := filepath.Join(root, "other")
	os.MkdirAll(other, 0o755)
	os.WriteFile(filepath.Join(other, modeldir.ConfigFile), []byte(`{"format":"wap-model/3"}`), 0o644)
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
		{other, `a model of another kind (config.json format "wap-model/3", not a d4 sketch's model`},
		{file, "exists and is not a directory"},
		{busy, "is being written by another process"},
	}
	for _, tc := range tests {
		if err := saveModel(m, tc.dir); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", filepath.Base(tc.dir), err, tc.want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(notes, "mine.txt")); err != nil || string(b) != "mine" {
		t.Errorf("a refused save changed the directory: %q %v", b, err)
	}
}

// A model loaded while new versions of its directory are saved is one
// whole version: the weights that its config.json describes.
func TestLoadWhileSaved(t *testing.T) {
	if runtime.GOOS != "linux" {
		testskip.Skip(t, "without renameat2's exchange, the directory is missing for an instant")
	}
	models := []*d4.Model{trainedModel(t, 1, 1), trainedModel(t, 2, 1)}
	for i, m := range models {
		m.Meta["version"] = fmt.Sprint(i)
	}
	dir := filepath.Join(t.TempDir(), "m")
	if err := saveModel(models[0], dir); err != nil {
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
			if err := saveModel(models[i%2], dir); err != nil {
				done <- err
				return
			}
		}
	}()
	for range 50 {
		got, err := loadModel(dir)
		if err != nil {
			t.Fatal(err)
		}
		k, err := strconv.Atoi(got.Meta["version"])
		if err != nil || k < 0 || k > 1 {
			t.Fatalf("meta %v: not one of the saved versions", got.Meta)
		}
		if want := models[k]; !slices.EqualFunc(snapshot(got.Machine), snapshot(want.Machine), slices.Equal[[]float64]) {
			t.Fatalf("the weights are not those of version %s, which config.json describes", got.Meta["version"])
		}
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

package model

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors/spectest"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"
)

// reloadedWeights checks that back, loaded from dir, holds m's tensors,
// and returns the tensors and metadata of dir's weights file.
func reloadedWeights(t *testing.T, m, back *Model, dir string) (map[string]spectest.Tensor, map[string]string) {
	t.Helper()
	for i, a := range m.tensors() {
		if !slices.Equal(a.Data().([]float64), back.tensors()[i].Data().([]float64)) {
			t.Errorf("tensor %d differs after loading", i)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, WeightsFile))
	if err != nil {
		t.Fatal(err)
	}
	return spectest.ParseOrFail(t, b)
}

// A saved model reads back with every weight, and its files are what the
// safetensors specification says, with tensors named for what they are.
func TestSaveLoad(t *testing.T) {
	vocab := toyVocab(t)
	m := paperModel(t, vocab.Size(), 3)
	dir := filepath.Join(t.TempDir(), "model")
	cfg := Config{Data: "synthetic", Epoch: 2, Epochs: 4, DevAccuracy: 55.5, Complete: true}
	if err := save(m, dir, cfg, vocab); err != nil {
		t.Fatal(err)
	}
	back, got, bvocab, err := LoadModel(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.Epoch != 2 || got.DevAccuracy != 55.5 || got.SketchHash == "" || !strings.Contains(got.Sketch, "REPR_BUFFER") || !bvocab.Equal(vocab) {
		t.Errorf("config read back: %+v", got)
	}
	if lex := lexicon.Default(); got.Classes != lex.Size() || got.Lexicon != lex.Hash || back.Reader.Classes != lex.Size() {
		t.Errorf("config.json: %d classes of lexicon %q, reader %d; want %d of %q", got.Classes, got.Lexicon, back.Reader.Classes, lex.Size(), lex.Hash)
	}
	for _, name := range []string{reader.TokenizerFile, reader.TokenizerConfigFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil || got.Files[name] == "" {
			t.Errorf("%s: %v, checksum %q in config.json", name, err, got.Files[name])
		}
	}
	tensors, meta := reloadedWeights(t, m, back, dir)
	want := map[string][]int{"reader.embed": {vocab.Size() + lexicon.Default().Size(), Embed}, "reader.fwd.W": {Embed + Hidden + 1, 4 * Hidden}, "reader.bwd.W": {Embed + Hidden + 1, 4 * Hidden}}
	for _, p := range m.Machine.Params() {
		want[p.Name] = []int(p.T.Shape())
	}
	if len(tensors) != len(want) || meta["format"] != "wap" {
		t.Errorf("safetensors holds %d tensors (metadata %v), want %d", len(tensors), meta, len(want))
	}
	for name, shape := range want {
		if !slices.Equal(tensors[name].Shape, shape) {
			t.Errorf("tensor %s has shape %v, want %v", name, tensors[name].Shape, shape)
		}
	}
	if !slices.Equal(tensors["reader.fwd.W"].Data, m.Reader.Fwd.Data().([]float64)) {
		t.Error("reader.fwd.W holds other values than the reader's")
	}
}

// Directories that are not whole models of this version are refused with
// an error that says what is wrong.
func TestLoadRefuses(t *testing.T) {
	vocab := toyVocab(t)
	good := filepath.Join(t.TempDir(), "good")
	if err := save(paperModel(t, vocab.Size(), 1), good, Config{}, vocab); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "other")
	if err := save(paperModel(t, vocab.Size(), 2), other, Config{}, vocab); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		make func(dir string)
		want string
	}{
		{"earlier version", func(dir string) {
			os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"format": "wap-model/2"}`), 0o644)
			os.WriteFile(filepath.Join(dir, "reader.json"), []byte(`[]`), 0o644)
		}, "a model of an earlier version of wap (weights in reader.json"},
		{"weights of another model", func(dir string) {
			copyDir(t, good, dir)
			copyFile(t, filepath.Join(other, WeightsFile), filepath.Join(dir, WeightsFile))
		}, "safetensors does not match the checksum in config.json"},
		{"no weights", func(dir string) {
			copyDir(t, good, dir)
			os.Remove(filepath.Join(dir, WeightsFile))
		}, "no such file"},
		{"another lexicon", func(dir string) {
			copyDir(t, good, dir)
			b, _ := os.ReadFile(filepath.Join(dir, "config.json"))
			os.WriteFile(filepath.Join(dir, "config.json"), []byte(strings.Replace(string(b), lexicon.Default().Hash, strings.Repeat("0", 64), 1)), 0o644)
		}, "word classes of the lexicon 000000000000…, this program has"},
		{"sizes the weights cannot hold", func(dir string) {
			copyDir(t, good, dir)
			b, _ := os.ReadFile(filepath.Join(dir, "config.json"))
			os.WriteFile(filepath.Join(dir, "config.json"), []byte(strings.Replace(string(b), `"embed": 75`, `"embed": 1099511627776`, 1)), 0o644)
		}, "embedding 1099511627776 and hidden 75 has"},
		{"another tool's model", func(dir string) {
			os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"format": "d4-sketch-model/1"}`), 0o644)
		}, `format "d4-sketch-model/1", want "wap-model/3": not a model of wap`},
	}
	for _, tc := range tests {
		dir := filepath.Join(t.TempDir(), "m")
		os.Mkdir(dir, 0o755)
		tc.make(dir)
		if _, _, _, err := Load(dir); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), dir) {
			t.Errorf("%s: %v, want an error naming %s and containing %q", tc.name, err, dir, tc.want)
		}
	}
}

// savedModel saves m as a model directory (of synthetic data, complete)
// and loads it back: the model, its config.json and the directory.
func savedModel(t *testing.T, m *Model, vocab *reader.Vocab) (*Model, Config, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "model")
	if err := save(m, dir, Config{Data: "synthetic", Complete: true}, vocab); err != nil {
		t.Fatal(err)
	}
	back, cfg, _, err := LoadModel(dir)
	if err != nil {
		t.Fatal(err)
	}
	return back, cfg, dir
}

// save writes m as the model directory dir, replacing what it held.
func save(m *Model, dir string, cfg Config, vocab *reader.Vocab) error {
	w, err := modeldir.Create(dir, true, nil)
	if err != nil {
		return err
	}
	defer w.Close()
	weights, err := m.Weights()
	if err != nil {
		return err
	}
	return w.Publish(false, func(v *modeldir.Version) error {
		_, err := WriteModel(v, m, cfg, vocab, weights)
		return err
	})
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	entries, _ := os.ReadDir(src)
	for _, e := range entries {
		copyFile(t, filepath.Join(src, e.Name()), filepath.Join(dst, e.Name()))
	}
}

// A model read while new versions of its directory are published is one
// whole version: the weights that its config.json describes.
func TestLoadWhilePublished(t *testing.T) {
	if runtime.GOOS != "linux" {
		testskip.Skip(t, "without renameat2's exchange, the directory is missing for an instant")
	}
	vocab := toyVocab(t)
	dir := filepath.Join(t.TempDir(), "m")
	models := []*Model{paperModel(t, vocab.Size(), 1), paperModel(t, vocab.Size(), 2)}
	if err := save(models[0], dir, Config{Epoch: 1}, vocab); err != nil {
		t.Fatal(err)
	}
	stop := make(chan bool)
	done := make(chan error)
	go func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				done <- nil
				return
			case <-time.After(5 * time.Millisecond):
			}
			if err := save(models[i%2], dir, Config{Epoch: 1 + i%2}, vocab); err != nil {
				done <- err
				return
			}
		}
	}()
	for range 30 {
		e, cfg, _, err := Load(dir)
		if err != nil {
			t.Fatal(err)
		}
		want := models[cfg.Epoch-1].Reader.Fwd.Data().([]float64)
		if !slices.Equal(e[0].Reader.Fwd.Data().([]float64), want) {
			t.Fatalf("the weights of epoch %d are not those config.json describes", cfg.Epoch)
		}
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// toyVocab is a small vocabulary of at least 12 ids.
func toyVocab(t *testing.T) *reader.Vocab {
	t.Helper()
	q, err := reader.ParseQuestion("A florist had 50 roses. She sold 15 and picked 21 more: how many roses?")
	if err != nil {
		t.Fatal(err)
	}
	v := reader.LearnVocab([]reader.Question{q}, 40)
	if v.Size() < 12 {
		t.Fatalf("toy vocabulary of %d ids", v.Size())
	}
	return v
}

// The analysis of the sketch that a load starts before reading the
// weights is the analysis of the saved model's sketch (its layout, loss
// and trace), and none at all for a directory without a readable
// config.json; the loaded model has the saved one's analysis either way.
func TestAnalyzeEarly(t *testing.T) {
	vocab := toyVocab(t)
	m := paperModel(t, vocab.Size(), 3)
	dir := filepath.Join(t.TempDir(), "model")
	if err := save(m, dir, Config{Data: "synthetic"}, vocab); err != nil {
		t.Fatal(err)
	}
	a := <-analyzeEarly(dir)
	if a == nil || a.Layout != m.Layout || a.Loss != m.Loss || !slices.Equal(a.Trace, m.Trace) || !slices.Equal(a.Execs, m.Execs) {
		t.Fatalf("early analysis %+v, want the layout %+v, loss %v and trace of the saved model", a, m.Layout, m.Loss)
	}
	back, _, _, err := LoadModel(dir)
	if err != nil {
		t.Fatal(err)
	}
	if back.Layout != m.Layout || back.Loss != m.Loss || !slices.Equal(back.Trace, m.Trace) || back.Reader.Vocab != vocab.Size() {
		t.Errorf("loaded: layout %+v, loss %v, vocabulary %d", back.Layout, back.Loss, back.Reader.Vocab)
	}
	if a := <-analyzeEarly(filepath.Join(t.TempDir(), "none")); a != nil {
		t.Error("a directory without config.json gave an analysis")
	}
}

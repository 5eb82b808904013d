package learn

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/d4lang/d4/internal/clitest"
	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/modeldir/modeldirtest"
	"github.com/d4lang/d4/interpreter/d4"
)

// FuzzLoad loads a model directory whose config.json and model.safetensors
// are arbitrary: an error of one line, or a model whose weights are those
// of its sketch and sizes, finite, never a panic. The seeds are a saved
// model and the hand-made damage of issue 31: a sketch changed and signed
// again, sizes far out of range, files outside the directory, members.
func FuzzLoad(f *testing.F) {
	m, err := d4.NewModel("swap.fth", swapSketch, 6, 5, 0, 1)
	if err != nil {
		f.Fatal(err)
	}
	dir := filepath.Join(f.TempDir(), "m")
	if err := saveModel(m, dir); err != nil {
		f.Fatal(err)
	}
	config, err := os.ReadFile(filepath.Join(dir, modeldir.ConfigFile))
	if err != nil {
		f.Fatal(err)
	}
	weights, err := os.ReadFile(filepath.Join(dir, modeldir.WeightsFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(config, weights)
	changed := swapSketch + " \\ changed"
	for _, change := range []func(map[string]any){
		func(c map[string]any) { c["sketch"], c["sketch_sha256"] = changed, d4.SketchHash(changed) },
		func(c map[string]any) { c["value_size"], c["stack_size"], c["heap_size"] = 1e12, -3, 1<<40 },
		func(c map[string]any) { c["files_sha256"] = map[string]any{"../x": "00", "a/b/c": "11"} },
		func(c map[string]any) { c["members"] = []any{"..", "m"} },
		func(c map[string]any) { c["format"] = "d4-model/1" },
		func(c map[string]any) { c["steps"] = -1 },
	} {
		f.Add(modeldirtest.Edit(f, config, change), weights)
	}
	f.Add([]byte("{"), []byte{})
	f.Fuzz(func(t *testing.T, config, weights []byte) {
		// The weights' checksum is signed, as a hand would.
		dir := modeldirtest.Write(t, config, map[string][]byte{modeldir.WeightsFile: weights})
		got, err := Load(dir)
		if err != nil {
			clitest.OneLine(t, err, dir)
			return
		}
		if d4.SketchHash(got.Sketch) != got.Config.SketchSHA256 {
			t.Fatal("loaded a model whose sketch is not the one config.json signs")
		}
		for _, p := range got.Tensors() {
			for _, x := range p.Data {
				if x != x || x-x != 0 {
					t.Fatalf("loaded a weight %v", x)
				}
			}
		}
	})
}

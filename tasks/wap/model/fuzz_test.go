package model

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/d4lang/d4/internal/clitest"
	"github.com/d4lang/d4/internal/modeldir/modeldirtest"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"
)

// tinySketch is a word-algebra sketch of two numbers and one slot, small
// enough for a model that loads in a few milliseconds.
const tinySketch = `VARIABLE QUESTION
CREATE REPR_BUFFER 2 ALLOT
CREATE NUM_BUFFER 2 ALLOT
NUM_BUFFER @ NUM_BUFFER 1+ @
QUESTION @ >R
{ observe R0 -> choose + - }
R> DROP
`

// tinyModel saves a model of tinySketch with a reader of a few values and
// no lexicon in dir.
func tinyModel(f *testing.F, dir string) {
	q, err := reader.ParseQuestion("A florist had 50 roses and sold 15: how many roses?")
	if err != nil {
		f.Fatal(err)
	}
	vocab := reader.LearnVocab([]reader.Question{q}, 40)
	r, err := reader.NewBiLSTM(vocab.Size(), 0, 2, 3, 1)
	if err != nil {
		f.Fatal(err)
	}
	mach, err := d4.NewModel("tiny.fth", tinySketch, 6, 4, 0, 1)
	if err != nil {
		f.Fatal(err)
	}
	m, err := assemble(r, mach)
	if err != nil {
		f.Fatal(err)
	}
	if err := save(m, dir, Config{Data: "synthetic", Epoch: 1, Epochs: 1, Complete: true}, vocab); err != nil {
		f.Fatal(err)
	}
}

// FuzzLoad loads a model directory whose config.json and model.safetensors
// are arbitrary (the checksums of config.json signed again, as a hand
// would): an error of one line naming the directory, or models whose
// sketch is the one config.json signs, whose reader reads the
// vocabulary's ids into values of the machine's size, with finite
// weights; never a panic or an allocation beyond what the files hold.
// The seeds are a saved model and the hand-made damage of issue 31.
func FuzzLoad(f *testing.F) {
	saved := filepath.Join(f.TempDir(), "m")
	tinyModel(f, saved)
	files := map[string][]byte{}
	for _, name := range []string{ConfigFile, WeightsFile, reader.TokenizerFile} {
		b, err := os.ReadFile(filepath.Join(saved, name))
		if err != nil {
			f.Fatal(err)
		}
		files[name] = b
	}
	config, weights := files[ConfigFile], files[WeightsFile]
	f.Add(config, weights)
	changed := tinySketch + " \\ changed"
	lex := lexicon.Default()
	for _, change := range []func(map[string]any){
		func(c map[string]any) { c["sketch"], c["sketch_sha256"] = changed, d4.SketchHash(changed) },
		func(c map[string]any) { c["embed"] = 1 << 40 },
		func(c map[string]any) { c["embed"] = 1 << 28 },
		func(c map[string]any) { c["hidden"] = 1 << 30 },
		func(c map[string]any) { c["hidden"], c["value_size"] = 1<<20, 1<<21 },
		func(c map[string]any) { c["embed"], c["hidden"], c["classes"] = -1, 0, -3 },
		func(c map[string]any) { c["classes"], c["lexicon_sha256"] = lex.Size(), lex.Hash },
		func(c map[string]any) { c["classes"] = 1 << 50 },
		func(c map[string]any) { c["vocab"] = 1e12 },
		func(c map[string]any) { c["value_size"], c["stack_size"] = 1e12, -3 },
		func(c map[string]any) { c["files_sha256"] = map[string]any{"../x": "00", "a/b/c": "11"} },
		func(c map[string]any) { c["members"] = []any{"..", "m"} },
		func(c map[string]any) { c["members"] = []any{"restart-1"} },
		func(c map[string]any) { c["format"] = "wap-model/2" },
		func(c map[string]any) { c["format"] = "d4-model/1" },
		func(c map[string]any) { c["epoch"], c["dev_accuracy"] = -1, 1e308 },
	} {
		f.Add(modeldirtest.Edit(f, config, change), weights)
	}
	f.Add([]byte("{"), []byte{})
	f.Add(config, weights[:len(weights)/2])
	f.Fuzz(func(t *testing.T, config, weights []byte) {
		dir := modeldirtest.Write(t, config, map[string][]byte{WeightsFile: weights, reader.TokenizerFile: files[reader.TokenizerFile]})
		models, got, vocab, err := Load(dir)
		if err != nil {
			clitest.OneLine(t, err, dir)
			return
		}
		for _, m := range models {
			switch {
			case d4.SketchHash(m.Machine.Sketch) != got.SketchHash:
				t.Fatal("loaded a model whose sketch is not the one config.json signs")
			case m.Reader.Vocab != vocab.Size() || m.Reader.Width() != m.Machine.Sizes.V:
				t.Fatalf("a reader of %d ids and %d values, a vocabulary of %d, values of %d", m.Reader.Vocab, m.Reader.Width(), vocab.Size(), m.Machine.Sizes.V)
			}
			for _, w := range m.Named() {
				for _, x := range w.Data {
					if math.IsNaN(x) || math.IsInf(x, 0) {
						t.Fatalf("loaded a weight %v in %s", x, w.Name)
					}
				}
			}
		}
	})
}

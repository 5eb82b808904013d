package d4

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/interpreter/forth"
)

// Spec describes a model: its sketch and sizes, enough to rebuild the
// untrained machine (what a model directory's config.json records of it;
// package learn reads and writes model directories).
type Spec struct {
	SketchFile   string `json:"sketch_file"`   // the name it was loaded from
	Sketch       string `json:"sketch"`        // the source, verbatim
	SketchSHA256 string `json:"sketch_sha256"` // hex SHA-256 of Sketch
	ValueSize    int    `json:"value_size"`
	StackSize    int    `json:"stack_size"`
	HeapSize     int    `json:"heap_size"`
}

// Spec returns the model's description.
func (m *Model) Spec() Spec {
	return Spec{SketchFile: m.SketchFile, Sketch: m.Sketch, SketchSHA256: SketchHash(m.Sketch),
		ValueSize: m.Sizes.V, StackSize: m.Sizes.L, HeapSize: m.Sizes.H}
}

// NewModel checks the sketch against its checksum and builds the untrained
// model the description gives.
func (s Spec) NewModel() (*Model, error) {
	if SketchHash(s.Sketch) != s.SketchSHA256 {
		return nil, fmt.Errorf("the stored sketch does not match its checksum (the file is damaged)")
	}
	return NewModel(s.SketchFile, s.Sketch, s.ValueSize, s.StackSize, s.HeapSize, 0)
}

// SketchHash returns the hex SHA-256 of a sketch source.
func SketchHash(src string) string {
	h := sha256.Sum256([]byte(src))
	return hex.EncodeToString(h[:])
}

// Model is a machine with the sketch it was compiled from.
type Model struct {
	*Machine
	SketchFile string
	Sketch     string
	Meta       map[string]string
}

// NewModel compiles a sketch and builds its machine.
func NewModel(file, src string, v, l, h int, seed int64) (*Model, error) {
	code, err := forth.ParseAndCompile(file, src)
	if err != nil {
		return nil, err
	}
	sz, err := NewSizes(code, v, l, h)
	if err != nil {
		return nil, err
	}
	m, err := NewMachine(code, sz, seed)
	if err != nil {
		return nil, err
	}
	return &Model{Machine: m, SketchFile: filepath.Base(file), Sketch: src, Meta: map[string]string{}}, nil
}

// Tensors returns the machine's weights as named tensors, in Params order
// (the data is shared, not copied).
func (m *Machine) Tensors() []safetensors.Tensor {
	var out []safetensors.Tensor
	for _, p := range m.Params() {
		out = append(out, safetensors.Tensor{Name: p.Name, Shape: slices.Clone([]int(p.T.Shape())), Data: p.T.Data().([]float64)})
	}
	return out
}

// CheckSketch reports whether src is the sketch the model was trained on.
func (m *Model) CheckSketch(file, src string) error {
	if SketchHash(src) != SketchHash(m.Sketch) {
		return fmt.Errorf("the model was trained on a different sketch (%s, sha256 %.12s…) than %s (sha256 %.12s…)", m.SketchFile, SketchHash(m.Sketch), file, SketchHash(src))
	}
	return nil
}

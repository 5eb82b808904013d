package d4

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/interpreter/forth"
)

// ModelFormat names the model file format.
const ModelFormat = "d4-model/1"

// modelFile is a trained machine as stored on disk, as JSON:
//
//	{
//	  "format": "d4-model/1",
//	  "sketch_file": "sort_compare.fth",   // the name it was loaded from
//	  "sketch": "…",                       // the sketch source, verbatim
//	  "sketch_sha256": "…",                // hex SHA-256 of "sketch"
//	  "value_size": 16, "stack_size": 10, "heap_size": 1,
//	  "meta": {"task": "sort", …},         // free-form, written by the trainer
//	  "params": [ {"name": "slot0.stage0.W", "shape": [32, 2], "data": [ … ]}, … ]
//	}
//
// Parameters appear in Machine.Params order; data is row-major. Float64
// values round-trip exactly through encoding/json.
type modelFile struct {
	Format string `json:"format"`
	Header
	Meta   map[string]string `json:"meta,omitempty"`
	Params []paramFile       `json:"params"`
}

// Header is what a model file (and a model directory's config.json, package
// learn) records of the sketch and the sizes: enough to rebuild the
// untrained machine.
type Header struct {
	SketchFile   string `json:"sketch_file"`   // the name it was loaded from
	Sketch       string `json:"sketch"`        // the source, verbatim
	SketchSHA256 string `json:"sketch_sha256"` // hex SHA-256 of Sketch
	ValueSize    int    `json:"value_size"`
	StackSize    int    `json:"stack_size"`
	HeapSize     int    `json:"heap_size"`
}

// Header returns the model's header.
func (m *Model) Header() Header {
	return Header{SketchFile: m.SketchFile, Sketch: m.Sketch, SketchSHA256: SketchHash(m.Sketch),
		ValueSize: m.Sizes.V, StackSize: m.Sizes.L, HeapSize: m.Sizes.H}
}

// NewModel checks the sketch against its checksum and builds the untrained
// model the header describes.
func (h Header) NewModel() (*Model, error) {
	if SketchHash(h.Sketch) != h.SketchSHA256 {
		return nil, fmt.Errorf("the stored sketch does not match its checksum (the file is damaged)")
	}
	return NewModel(h.SketchFile, h.Sketch, h.ValueSize, h.StackSize, h.HeapSize, 0)
}

type paramFile struct {
	Name  string    `json:"name"`
	Shape []int     `json:"shape"`
	Data  []float64 `json:"data"`
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

// Save writes the model to path atomically: to a temporary file in the same
// directory, synced, then renamed over path, so an interrupted save leaves
// the previous file intact.
func (m *Model) Save(path string) error {
	f := modelFile{Format: ModelFormat, Header: m.Header(), Meta: m.Meta}
	for _, p := range m.Params() {
		f.Params = append(f.Params, paramFile{Name: p.Name, Shape: slices.Clone([]int(p.T.Shape())), Data: p.T.Data().([]float64)})
	}
	b, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("saving model: %w", err)
	}
	return WriteFileAtomic(path, b)
}

// WriteFileAtomic writes data to path through a synced temporary file in
// the same directory and a rename.
func WriteFileAtomic(path string, data []byte) error { return atomicfile.WriteBytes(path, data) }

// LoadModel reads a model file, recompiles its sketch and restores the
// parameters. Every inconsistency is an error that says what is wrong.
func LoadModel(path string) (*Model, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("loading model: %w", err)
	}
	var f modelFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("loading model %s: not a d4 model file (%v)", path, err)
	}
	if f.Format != ModelFormat {
		return nil, fmt.Errorf("loading model %s: format %q, want %q", path, f.Format, ModelFormat)
	}
	m, err := f.Header.NewModel()
	if err != nil {
		return nil, fmt.Errorf("loading model %s: %w", path, err)
	}
	m.Meta = f.Meta
	if m.Meta == nil {
		m.Meta = map[string]string{}
	}
	params := m.Params()
	if len(params) != len(f.Params) {
		return nil, fmt.Errorf("loading model %s: %d parameter tensors, the sketch needs %d", path, len(f.Params), len(params))
	}
	for i, p := range params {
		fp := f.Params[i]
		if fp.Name != p.Name || !slices.Equal(fp.Shape, []int(p.T.Shape())) {
			return nil, fmt.Errorf("loading model %s: parameter %d is %s %v, the sketch needs %s %v", path, i, fp.Name, fp.Shape, p.Name, p.T.Shape())
		}
		data := p.T.Data().([]float64)
		if len(fp.Data) != len(data) {
			return nil, fmt.Errorf("loading model %s: parameter %s has %d values, want %d", path, fp.Name, len(fp.Data), len(data))
		}
		copy(data, fp.Data)
	}
	return m, nil
}

// CheckSketch reports whether src is the sketch the model was trained on.
func (m *Model) CheckSketch(file, src string) error {
	if SketchHash(src) != SketchHash(m.Sketch) {
		return fmt.Errorf("the model was trained on a different sketch (%s, sha256 %.12s…) than %s (sha256 %.12s…)", m.SketchFile, SketchHash(m.Sketch), file, SketchHash(src))
	}
	return nil
}

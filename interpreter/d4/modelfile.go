package d4

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/interpreter/forth"
)

// A model directory holds a trained sketch in two files:
//
//	config.json        what the model is (ModelConfig): the format
//	                   (ModelFormat), the sketch's file name, source
//	                   (verbatim) and SHA-256, the value, stack and heap
//	                   sizes, free-form meta, and the SHA-256 of
//	                   model.safetensors; a trainer adds fields of its own
//	                   (package learn: the step budget, the settings, the
//	                   figures, its checkpoint's checksum)
//	model.safetensors  the slots' weights by name, float64 (Machine.Tensors):
//	                   slotI.stageJ.W [in, out] and slotI.stageJ.b [out]
//
// Save writes a directory as a unit under its writer's lock (package
// internal/modeldir): the new version is built beside it and swapped in,
// so that a reader, or a kill at any moment, finds one whole model whose
// config.json is true of it. LoadModel checks the weights against their
// checksum all the same: a directory copied in part is refused, one
// replaced while it is read is read again. A model file of an earlier
// version (one JSON file of format "d4-model/1") is refused with a note to
// train the model again.

// ModelFormat names the format of a model directory's config.json.
const ModelFormat = "d4-sketch-model/1"

// oldFileFormat is the format of the single-file JSON models of earlier
// versions, which are no longer read.
const oldFileFormat = "d4-model/1"

// The files of a model directory.
const (
	ConfigFile  = "config.json"
	WeightsFile = "model.safetensors"
)

// Header is what a model directory's config.json records of the sketch and
// the sizes: enough to rebuild the untrained machine.
type Header struct {
	SketchFile   string `json:"sketch_file"`   // the name it was loaded from
	Sketch       string `json:"sketch"`        // the source, verbatim
	SketchSHA256 string `json:"sketch_sha256"` // hex SHA-256 of Sketch
	ValueSize    int    `json:"value_size"`
	StackSize    int    `json:"stack_size"`
	HeapSize     int    `json:"heap_size"`
}

// ModelConfig is what config.json says of the model; a trainer's
// configuration embeds it and adds its own fields.
type ModelConfig struct {
	Format string `json:"format"`
	Header
	Meta          map[string]string `json:"meta,omitempty"` // free-form, written by the trainer
	WeightsSHA256 string            `json:"weights_sha256"` // hex SHA-256 of model.safetensors
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

// SketchHash returns the hex SHA-256 of a sketch source.
func SketchHash(src string) string { return modeldir.SHA256([]byte(src)) }

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

// setTensors copies the weights from tensors read from a file: every
// weight must be there by name with its shape, and nothing else.
func (m *Machine) setTensors(ts []safetensors.Tensor) error {
	set := safetensors.Index(ts)
	like := m.Tensors()
	data, err := set.TakeAll("", like)
	if err != nil {
		return err
	}
	if err := set.Rest(); err != nil {
		return err
	}
	for i, t := range like {
		copy(t.Data, data[i])
	}
	return nil
}

// Weights returns model.safetensors: the weights by name, and in the
// metadata the sketch's SHA-256.
func (m *Model) Weights() ([]byte, error) {
	return safetensors.Marshal(m.Tensors(), map[string]string{"format": "d4", "sketch_sha256": SketchHash(m.Sketch)})
}

// WriteFiles writes the model's files into dir, a version of a model
// directory being built (modeldir.Publish): model.safetensors, then
// config.json, which holds config(c) for the model's own configuration c
// (a trainer's configuration may embed c and add fields).
func (m *Model) WriteFiles(dir string, config func(ModelConfig) any) error {
	w, err := m.Weights()
	if err != nil {
		return err
	}
	if err := modeldir.WriteFile(filepath.Join(dir, WeightsFile), w); err != nil {
		return err
	}
	c := ModelConfig{Format: ModelFormat, Header: m.Header(), Meta: m.Meta, WeightsSHA256: modeldir.SHA256(w)}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // the sketch's source as written: ">R", not "\u003eR"
	enc.SetIndent("", "  ")
	if err := enc.Encode(config(c)); err != nil {
		return fmt.Errorf("writing %s: %w", ConfigFile, err)
	}
	return modeldir.WriteFile(filepath.Join(dir, ConfigFile), b.Bytes())
}

// Save writes the model as the model directory dir, as a unit, replacing
// the model dir held, if any. dir must not exist, be empty or hold a model
// (CheckModelDir); another process writing it is an error that names it.
func (m *Model) Save(dir string) error {
	l, err := modeldir.Open(dir, func() error { return CheckModelDir(dir) })
	if err != nil {
		return err
	}
	defer l.Unlock()
	return modeldir.Publish(dir, false, func(tmp string) error {
		return m.WriteFiles(tmp, func(c ModelConfig) any { return c })
	})
}

// CheckModelDir reports whether a model may replace what the directory dir
// holds: dir must not exist, or be empty, or hold a model directory
// (config.json of format ModelFormat). Anything else is an error that says
// what dir holds.
func CheckModelDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist), err == nil && len(entries) == 0:
		return nil
	case err != nil:
		return fmt.Errorf("model directory %s: %w", dir, err)
	}
	var head struct{ Format string }
	b, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err == nil {
		err = json.Unmarshal(b, &head)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("model directory %s exists, is not empty and holds no d4 model (no %s); name another directory", dir, ConfigFile)
	case err != nil:
		return fmt.Errorf("model directory %s: %s: %w; name another directory, or remove it", dir, ConfigFile, err)
	case head.Format != ModelFormat:
		return fmt.Errorf("model directory %s holds a model of another kind (%s format %q); name another directory", dir, ConfigFile, head.Format)
	}
	return nil
}

// errChanged is wrapped by the error of a weights file whose checksum is
// not the one config.json records.
var errChanged = errors.New("does not match the checksum in config.json (the directory was copied in part or damaged: train the model again)")

// LoadModel reads the model directory dir, recompiles its sketch and
// restores the weights. Every missing file or inconsistency is an error
// that names dir and says what is wrong.
func LoadModel(dir string) (*Model, error) { return LoadModelConfig(dir, nil) }

// LoadModelConfig reads the model directory dir as LoadModel does and, if
// cfg is not nil, decodes its config.json into cfg too (a trainer's
// configuration, which embeds ModelConfig), from the same version of the
// directory as the weights.
func LoadModelConfig(dir string, cfg any) (*Model, error) {
	m, err := loadDir(dir, cfg)
	if err != nil {
		return nil, fmt.Errorf("loading model %s: %w", dir, err)
	}
	return m, nil
}

// loadDir reads a model directory, again when it was replaced meanwhile.
func loadDir(dir string, cfg any) (*Model, error) {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, errors.New("no such file or directory")
	case err != nil:
		return nil, err
	case !st.IsDir():
		return nil, fileError(dir)
	}
	for range 5 {
		var before []byte
		var m *Model
		if before, m, err = readDir(dir, cfg); err == nil {
			return m, nil
		}
		if after, _ := os.ReadFile(filepath.Join(dir, ConfigFile)); before == nil || bytes.Equal(before, after) {
			break // not replaced meanwhile: the error stands
		}
	}
	return nil, err
}

// readDir reads a model directory once; it returns config.json's bytes,
// if it read them.
func readDir(dir string, cfg any) ([]byte, *Model, error) {
	b, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("no %s: not a d4 model directory", ConfigFile)
	}
	if err != nil {
		return nil, nil, err
	}
	var c ModelConfig
	if err := json.Unmarshal(b, &c); err != nil {
		return b, nil, fmt.Errorf("%s: malformed JSON: %w", ConfigFile, err)
	}
	if c.Format != ModelFormat {
		return b, nil, fmt.Errorf("%s has format %q, want %q: not a d4 model", ConfigFile, c.Format, ModelFormat)
	}
	if cfg != nil {
		if err := json.Unmarshal(b, cfg); err != nil {
			return b, nil, fmt.Errorf("%s: %w", ConfigFile, err)
		}
	}
	w, err := os.ReadFile(filepath.Join(dir, WeightsFile))
	if err != nil {
		return b, nil, err
	}
	m, err := c.model(w)
	return b, m, err
}

// model builds the model that the configuration and the weights file
// describe.
func (c ModelConfig) model(weights []byte) (*Model, error) {
	if modeldir.SHA256(weights) != c.WeightsSHA256 {
		return nil, fmt.Errorf("%s %w", WeightsFile, errChanged)
	}
	m, err := c.Header.NewModel()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ConfigFile, err)
	}
	ts, _, err := safetensors.Unmarshal(weights)
	if err == nil {
		err = m.setTensors(ts)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", WeightsFile, err)
	}
	if c.Meta != nil {
		m.Meta = maps.Clone(c.Meta)
	}
	return m, nil
}

// fileError says what is wrong with a model path that names a file: a
// model file of an earlier version, or something else.
func fileError(path string) error {
	var head struct{ Format string }
	f, err := os.Open(path)
	if err == nil {
		err = json.NewDecoder(f).Decode(&head)
		f.Close()
	}
	if err == nil && head.Format == oldFileFormat {
		return fmt.Errorf("a model file of an earlier version of d4 (format %q): train the model again; models are now directories ('d4 train --model DIR', 'tasks --save DIR')", oldFileFormat)
	}
	return errors.New("a file, not a d4 model directory")
}

// CheckSketch reports whether src is the sketch the model was trained on.
func (m *Model) CheckSketch(file, src string) error {
	if SketchHash(src) != SketchHash(m.Sketch) {
		return fmt.Errorf("the model was trained on a different sketch (%s, sha256 %.12s…) than %s (sha256 %.12s…)", m.SketchFile, SketchHash(m.Sketch), file, SketchHash(src))
	}
	return nil
}

package wap

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/internal/optim"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/reader"

	"gorgonia.org/tensor"
)

// A model directory holds everything `wap eval` and `wap answer` need:
//
//	config.json      what the model is and was trained on (Config)
//	machine.json     the ∂4 model file: the sketch and the slots' weights
//	reader.json      the BiLSTM's weights (Tensors)
//	tokenizer.json   the vocabulary (a Hugging Face word-level tokenizer)
//	checkpoint.json  the last finished epoch: every weight and the
//	                 optimiser's state, for `wap train --resume`
//
// The first four are the best model by dev accuracy; every file is written
// atomically, so an interrupted run leaves the previous version whole.

// ModelFormat names the format of config.json.
const ModelFormat = "wap-model/2"

// Config is config.json.
type Config struct {
	Format     string `json:"format"`
	SketchFile string `json:"sketch_file"`
	SketchHash string `json:"sketch_sha256"`
	Vocab      int    `json:"vocab"`
	Embed      int    `json:"embed"`
	Hidden     int    `json:"hidden"`
	ValueSize  int    `json:"value_size"`
	StackSize  int    `json:"stack_size"`
	Seed       int64  `json:"seed"`
	// Data says what the model was trained on: "cc" or "synthetic", the
	// prepared directory and the source it was prepared from.
	Data      string `json:"data"`
	DataDir   string `json:"data_dir"`
	DataFrom  string `json:"data_from"`
	Generated int    `json:"generated"` // generated problems in CC's training split
	// Training figures of the saved (best) epoch.
	Epoch        int     `json:"epoch"`
	Epochs       int     `json:"epochs"`
	DevAccuracy  float64 `json:"dev_accuracy"`
	DevLoss      float64 `json:"dev_loss"`
	Restarts     int     `json:"restarts,omitempty"` // models trained
	TrainSeconds float64 `json:"train_seconds"`
	// Members, in an ensemble's directory, are the subdirectories of its
	// models; DevAccuracy is then the ensemble's.
	Members []string `json:"members,omitempty"`
}

// Tensors is the JSON form of named weight tensors (row-major data).
type Tensors []NamedTensor

// NamedTensor is one weight tensor.
type NamedTensor struct {
	Name  string    `json:"name"`
	Shape []int     `json:"shape"`
	Data  []float64 `json:"data"`
}

var readerNames = []string{"E", "W_forward", "W_backward"}

func readerTensors(r *reader.BiLSTM) Tensors {
	var out Tensors
	for i, t := range r.Params() {
		out = append(out, NamedTensor{Name: readerNames[i], Shape: t.Shape().Clone(), Data: t.Data().([]float64)})
	}
	return out
}

// setReader copies stored tensors into the reader, checking names and
// shapes.
func setReader(r *reader.BiLSTM, ts Tensors) error {
	ps := r.Params()
	if len(ts) != len(ps) {
		return fmt.Errorf("%d reader tensors, want %d", len(ts), len(ps))
	}
	for i, t := range ps {
		if ts[i].Name != readerNames[i] || !t.Shape().Eq(tensor.Shape(ts[i].Shape)) || len(ts[i].Data) != t.Shape().TotalSize() {
			return fmt.Errorf("reader tensor %d is %s %v with %d values, want %s %v", i, ts[i].Name, ts[i].Shape, len(ts[i].Data), readerNames[i], t.Shape())
		}
		copy(t.Data().([]float64), ts[i].Data)
	}
	return nil
}

func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, b)
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: malformed JSON: %w", path, err)
	}
	return nil
}

// Save writes the model's files (all but the checkpoint) to dir, with the
// vocabulary and the configuration.
func (m *Model) Save(dir string, cfg Config, vocab *reader.Vocab) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("model directory: %w", err)
	}
	cfg.Format = ModelFormat
	cfg.SketchFile, cfg.SketchHash = m.Machine.SketchFile, d4.SketchHash(m.Machine.Sketch)
	cfg.Vocab, cfg.Embed, cfg.Hidden = m.Reader.Vocab, m.Reader.Embed, m.Reader.Hidden
	cfg.ValueSize, cfg.StackSize = m.Machine.Sizes.V, m.Machine.Sizes.L
	if err := m.Machine.Save(filepath.Join(dir, "machine.json")); err != nil {
		return fmt.Errorf("saving the machine: %w", err)
	}
	if err := writeJSON(filepath.Join(dir, "reader.json"), readerTensors(m.Reader)); err != nil {
		return fmt.Errorf("saving the reader: %w", err)
	}
	if err := vocab.Save(filepath.Join(dir, "tokenizer.json")); err != nil {
		return fmt.Errorf("saving the vocabulary: %w", err)
	}
	// config.json last: a directory with a config is complete.
	if err := writeJSON(filepath.Join(dir, "config.json"), cfg); err != nil {
		return fmt.Errorf("saving the configuration: %w", err)
	}
	return nil
}

// Load reads a model directory as an ensemble: the models its config.json
// names as members (each a model directory of its own, sharing the
// directory's tokenizer.json), or the one model it holds. Every missing
// file or inconsistency is an error that says what is wrong.
func Load(dir string) (*Ensemble, Config, *reader.Vocab, error) {
	var cfg Config
	fail := func(err error) (*Ensemble, Config, *reader.Vocab, error) {
		return nil, Config{}, nil, fmt.Errorf("model %s: %w", dir, err)
	}
	if err := readConfig(dir, &cfg); err != nil {
		return fail(err)
	}
	if len(cfg.Members) == 0 {
		m, cfg, vocab, err := LoadModel(dir)
		if err != nil {
			return nil, Config{}, nil, err
		}
		return &Ensemble{Models: []*Model{m}}, cfg, vocab, nil
	}
	vocab, err := reader.LoadVocab(filepath.Join(dir, TokenizerFile))
	if err != nil {
		return fail(err)
	}
	e := &Ensemble{}
	for _, name := range cfg.Members {
		m, mcfg, mvocab, err := LoadModel(filepath.Join(dir, name))
		if err != nil {
			return fail(fmt.Errorf("member %s: %w", name, err))
		}
		if !mvocab.Equal(vocab) || mcfg.SketchHash != cfg.SketchHash {
			return fail(fmt.Errorf("member %s has another vocabulary or sketch than the ensemble", name))
		}
		e.Models = append(e.Models, m)
	}
	return e, cfg, vocab, nil
}

// SaveEnsemble writes an ensemble's directory: its tokenizer.json and its
// config.json, which names the members (subdirectories of dir, each saved
// with Save).
func SaveEnsemble(dir string, cfg Config, members []string, m *Model, vocab *reader.Vocab) error {
	if len(members) == 0 {
		return errors.New("an ensemble of no models")
	}
	cfg.Format, cfg.Members = ModelFormat, members
	cfg.SketchFile, cfg.SketchHash = m.Machine.SketchFile, d4.SketchHash(m.Machine.Sketch)
	cfg.Vocab, cfg.Embed, cfg.Hidden = m.Reader.Vocab, m.Reader.Embed, m.Reader.Hidden
	cfg.ValueSize, cfg.StackSize = m.Machine.Sizes.V, m.Machine.Sizes.L
	if err := vocab.Save(filepath.Join(dir, TokenizerFile)); err != nil {
		return fmt.Errorf("saving the vocabulary: %w", err)
	}
	if err := writeJSON(filepath.Join(dir, "config.json"), cfg); err != nil {
		return fmt.Errorf("saving the configuration: %w", err)
	}
	return nil
}

// readConfig reads dir/config.json and checks its format.
func readConfig(dir string, cfg *Config) error {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		if errors.Is(err, fs.ErrNotExist) {
			return errors.New("no such directory (train one with 'wap train')")
		}
		if err == nil {
			return errors.New("not a directory")
		}
		return err
	}
	if err := readJSON(filepath.Join(dir, "config.json"), cfg); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return errors.New("no config.json: not a trained model directory (or training never finished an epoch)")
		}
		return err
	}
	if cfg.Format != ModelFormat {
		return fmt.Errorf("config.json has format %q, want %q (a model of another version of wap: train it again)", cfg.Format, ModelFormat)
	}
	return nil
}

// LoadModel reads the directory of one model. Every missing file or
// inconsistency is an error that says what is wrong.
func LoadModel(dir string) (*Model, Config, *reader.Vocab, error) {
	var cfg Config
	fail := func(err error) (*Model, Config, *reader.Vocab, error) {
		return nil, Config{}, nil, fmt.Errorf("model %s: %w", dir, err)
	}
	if err := readConfig(dir, &cfg); err != nil {
		return fail(err)
	}
	if len(cfg.Members) > 0 {
		return fail(errors.New("an ensemble, not one model"))
	}
	mach, err := d4.LoadModel(filepath.Join(dir, "machine.json"))
	if err != nil {
		return fail(err)
	}
	if d4.SketchHash(mach.Sketch) != cfg.SketchHash {
		return fail(errors.New("machine.json holds another sketch than config.json names"))
	}
	vocab, err := reader.LoadVocab(filepath.Join(dir, "tokenizer.json"))
	if err != nil {
		return fail(err)
	}
	if vocab.Size() != cfg.Vocab {
		return fail(fmt.Errorf("tokenizer.json has %d tokens, the model was trained with %d", vocab.Size(), cfg.Vocab))
	}
	r, err := reader.NewBiLSTM(cfg.Vocab, cfg.Embed, cfg.Hidden, 0)
	if err != nil {
		return fail(err)
	}
	var ts Tensors
	if err := readJSON(filepath.Join(dir, "reader.json"), &ts); err != nil {
		return fail(err)
	}
	if err := setReader(r, ts); err != nil {
		return fail(fmt.Errorf("reader.json: %w", err))
	}
	m, err := assemble(r, mach)
	if err != nil {
		return fail(err)
	}
	return m, cfg, vocab, nil
}

// checkpoint is checkpoint.json: the trainer after a finished epoch.
type checkpoint struct {
	Format     string      `json:"format"`
	SketchHash string      `json:"sketch_sha256"`
	Seed       int64       `json:"seed"`
	Epoch      int         `json:"epoch"`
	Best       float64     `json:"best"`
	BestLoss   float64     `json:"best_loss"`
	BestAt     int         `json:"best_epoch"`
	Tensors    Tensors     `json:"tensors"` // reader's, then the machine's
	Adam       optim.State `json:"adam"`
}

const checkpointFormat = "wap-checkpoint/1"

// SaveCheckpoint writes the trainer's state to dir/checkpoint.json.
func (tr *Trainer) SaveCheckpoint(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	cp := checkpoint{Format: checkpointFormat, SketchHash: d4.SketchHash(tr.M.Machine.Sketch), Seed: tr.Cfg.Seed,
		Epoch: tr.Epoch, Best: tr.Best, BestLoss: tr.BestLoss, BestAt: tr.BestAt, Adam: tr.Adam.State()}
	for i, t := range tr.M.tensors() {
		cp.Tensors = append(cp.Tensors, NamedTensor{Name: fmt.Sprint(i), Shape: t.Shape().Clone(), Data: t.Data().([]float64)})
	}
	return writeJSON(filepath.Join(dir, "checkpoint.json"), cp)
}

// Resume restores the trainer from dir/checkpoint.json: the weights, the
// optimiser and the epoch count. The checkpoint must come from the same
// sketch, sizes and seed.
func (tr *Trainer) Resume(dir string) error {
	path := filepath.Join(dir, "checkpoint.json")
	var cp checkpoint
	if err := readJSON(path, &cp); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot resume: %s does not exist", path)
		}
		return fmt.Errorf("cannot resume: %w", err)
	}
	switch {
	case cp.Format != checkpointFormat:
		return fmt.Errorf("cannot resume: %s has format %q, want %q", path, cp.Format, checkpointFormat)
	case cp.SketchHash != d4.SketchHash(tr.M.Machine.Sketch):
		return fmt.Errorf("cannot resume: %s was trained on another sketch", path)
	case cp.Seed != tr.Cfg.Seed:
		return fmt.Errorf("cannot resume: %s was trained with seed %d, not %d", path, cp.Seed, tr.Cfg.Seed)
	}
	ts := tr.M.tensors()
	if len(cp.Tensors) != len(ts) {
		return fmt.Errorf("cannot resume: %s has %d tensors, the model %d", path, len(cp.Tensors), len(ts))
	}
	for i, t := range ts {
		if !t.Shape().Eq(tensor.Shape(cp.Tensors[i].Shape)) || len(cp.Tensors[i].Data) != t.Shape().TotalSize() {
			return fmt.Errorf("cannot resume: tensor %d of %s has shape %v, the model %v", i, path, cp.Tensors[i].Shape, t.Shape())
		}
	}
	if err := tr.Adam.Restore(cp.Adam); err != nil {
		return fmt.Errorf("cannot resume: %s: %w", path, err)
	}
	for i, t := range ts {
		copy(t.Data().([]float64), cp.Tensors[i].Data)
	}
	tr.Epoch, tr.Best, tr.BestLoss, tr.BestAt = cp.Epoch, cp.Best, cp.BestLoss, cp.BestAt
	return nil
}

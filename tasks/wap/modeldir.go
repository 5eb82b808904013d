package wap

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"
)

// A model directory holds everything `wap eval` and `wap answer` need:
//
//	config.json             what the model is and was trained on (Config):
//	                        the sketch's source, the sizes, the data, the
//	                        training figures of the saved epoch, and the
//	                        SHA-256 of every other file of the model
//	model.safetensors       the weights by name, float64: reader.embed
//	                        [vocab + classes, 75] (classes: the lexicon's,
//	                        0 without --lexicon), reader.fwd.W and reader.bwd.W
//	                        [151, 300] (see reader.BiLSTM), and the slots'
//	                        slotI.stageJ.W and .b
//	tokenizer.json          the vocabulary (a Hugging Face tokenizer)
//	checkpoint.safetensors  the last finished epoch, for `wap train
//	                        --resume`: the weights, Adam's moments
//	                        (adam.m.NAME, adam.v.NAME) and, in the header's
//	                        metadata, the epoch, the best epoch so far and
//	                        the training settings
//
// An ensemble's directory holds config.json (whose members name its
// subdirectories restart-1, restart-2, …, each a model directory of its
// own, and whose checksums cover their config.json files) and
// tokenizer.json.
//
// A directory is written as a unit (package internal/modeldir): every
// version is built beside it and swapped into place in one step, so that a
// reader, or a kill at any moment, finds one whole model whose config.json
// tells its epoch and dev accuracy. Load checks the checksums all the same
// (a directory copied in part, or replaced while it was read, is refused
// or read again).

// ModelFormat names the format of config.json.
const ModelFormat = "wap-model/3"

// The files of a model directory.
const (
	ConfigFile     = "config.json"
	WeightsFile    = "model.safetensors"
	CheckpointFile = "checkpoint.safetensors"
)

// tokenizerFiles are the files of the vocabulary (reader.Vocab.Save) a
// model directory holds, where they exist (directories of earlier
// versions have no tokenizer_config.json).
var tokenizerFiles = []string{TokenizerFile, reader.TokenizerConfigFile}

// Config is config.json.
type Config struct {
	Format     string `json:"format"`
	SketchFile string `json:"sketch_file"`
	Sketch     string `json:"sketch"`
	SketchHash string `json:"sketch_sha256"`
	Vocab      int    `json:"vocab"`
	Embed      int    `json:"embed"`
	Hidden     int    `json:"hidden"`
	// Classes is the number of lexical classes the reader reads (0: none),
	// Lexicon the SHA-256 of their table (lexicon.Lexicon.Hash).
	Classes   int    `json:"classes,omitempty"`
	Lexicon   string `json:"lexicon_sha256,omitempty"`
	ValueSize int    `json:"value_size"`
	StackSize int    `json:"stack_size"`
	Seed      int64  `json:"seed"`
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
	DevLoss      float64 `json:"dev_loss,omitempty"`
	Restarts     int     `json:"restarts,omitempty"` // models trained
	TrainSeconds float64 `json:"train_seconds"`
	// Training holds the settings the model was trained with.
	Training *Settings `json:"training,omitempty"`
	// Complete is false while `wap train` is still writing the directory
	// (or was stopped): the model is whole, but training goes on.
	Complete bool `json:"complete"`
	// Members, in an ensemble's directory, are the subdirectories of its
	// models; DevAccuracy is then the ensemble's.
	Members []string `json:"members,omitempty"`
	// Files are the SHA-256 checksums of the model's other files (for an
	// ensemble: the members' config.json files, as "restart-1/config.json").
	Files map[string]string `json:"files_sha256"`
}

// describe sets the configuration's description of the model m.
func (cfg *Config) describe(m *Model) {
	cfg.Format = ModelFormat
	cfg.SketchFile, cfg.Sketch, cfg.SketchHash = m.Machine.SketchFile, m.Machine.Sketch, d4.SketchHash(m.Machine.Sketch)
	cfg.Vocab, cfg.Embed, cfg.Hidden = m.Reader.Vocab, m.Reader.Embed, m.Reader.Hidden
	cfg.Classes, cfg.Lexicon = m.Reader.Classes, ""
	if m.Reader.Classes > 0 {
		cfg.Lexicon = lexicon.Default().Hash
	}
	cfg.ValueSize, cfg.StackSize = m.Machine.Sizes.V, m.Machine.Sizes.L
}

// readerNames name the reader's tensors in model.safetensors, in the order
// of reader.BiLSTM.Params.
var readerNames = []string{"reader.embed", "reader.fwd.W", "reader.bwd.W"}

// named returns the model's tensors with their names, in the order of
// Model.tensors (the data is shared, not copied).
func (m *Model) named() []safetensors.Tensor {
	var out []safetensors.Tensor
	for i, t := range m.Reader.Params() {
		out = append(out, safetensors.Tensor{Name: readerNames[i], Shape: slices.Clone([]int(t.Shape())), Data: t.Data().([]float64)})
	}
	for _, p := range m.Machine.Params() {
		out = append(out, safetensors.Tensor{Name: p.Name, Shape: slices.Clone([]int(p.T.Shape())), Data: p.T.Data().([]float64)})
	}
	return out
}

// weights returns model.safetensors.
func (m *Model) weights() ([]byte, error) {
	return safetensors.Marshal(m.named(), map[string]string{"format": "wap", "sketch_sha256": d4.SketchHash(m.Machine.Sketch)})
}

// takeWeights copies the model's tensors, each with its shape, out of a
// file's tensors into the model (the caller checks with Rest that no other
// is left).
func (m *Model) takeWeights(s safetensors.Set) error {
	like := m.named()
	data, err := s.TakeAll("", like)
	if err != nil {
		return err
	}
	for i, t := range like {
		copy(t.Data, data[i])
	}
	return nil
}

// writeJSON writes v, indented, to a file of a version being built.
func writeJSON(path string, v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	b = append(b, '\n')
	return b, modeldir.WriteFile(path, b)
}

// writeTokenizer writes the vocabulary's files into dir and records their
// checksums in files.
func writeTokenizer(dir string, vocab *reader.Vocab, files map[string]string) error {
	err := modeldir.Write(filepath.Join(dir, TokenizerFile), vocab.Save)
	if err != nil {
		return fmt.Errorf("saving the vocabulary: %w", err)
	}
	for _, name := range tokenizerFiles {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) && name != TokenizerFile {
			continue
		}
		if err != nil {
			return fmt.Errorf("saving the vocabulary: %w", err)
		}
		files[name] = modeldir.SHA256(b)
	}
	return nil
}

// writeModel writes a model's files into dir, a directory being built:
// its weights (model.safetensors, when weights is not nil; else the file
// there stays), the vocabulary, and last config.json, which it returns.
func writeModel(dir string, m *Model, cfg Config, vocab *reader.Vocab, weights []byte) (Config, error) {
	cfg.describe(m)
	cfg.Members = nil
	cfg.Files = map[string]string{}
	path := filepath.Join(dir, WeightsFile)
	if weights != nil {
		if err := modeldir.WriteFile(path, weights); err != nil {
			return Config{}, err
		}
	} else {
		var err error
		if weights, err = os.ReadFile(path); err != nil {
			return Config{}, err
		}
	}
	cfg.Files[WeightsFile] = modeldir.SHA256(weights)
	if err := writeTokenizer(dir, vocab, cfg.Files); err != nil {
		return Config{}, err
	}
	_, err := writeJSON(filepath.Join(dir, ConfigFile), cfg)
	return cfg, err
}

// writeEnsemble writes an ensemble's own files into dir, a directory
// being built that holds its members: the vocabulary and config.json,
// which names the members and their config.json's checksums.
func writeEnsemble(dir string, cfg Config, m *Model, members []string, vocab *reader.Vocab) (Config, error) {
	if len(members) == 0 {
		return Config{}, errors.New("an ensemble of no models")
	}
	cfg.describe(m)
	cfg.Members = members
	cfg.Files = map[string]string{}
	for _, name := range members {
		b, err := os.ReadFile(filepath.Join(dir, name, ConfigFile))
		if err != nil {
			return Config{}, err
		}
		cfg.Files[name+"/"+ConfigFile] = modeldir.SHA256(b)
	}
	if err := writeTokenizer(dir, vocab, cfg.Files); err != nil {
		return Config{}, err
	}
	_, err := writeJSON(filepath.Join(dir, ConfigFile), cfg)
	return cfg, err
}

// Save writes m as the model directory dir, replacing whatever dir held,
// as a unit.
func (m *Model) Save(dir string, cfg Config, vocab *reader.Vocab) error {
	w, err := m.weights()
	if err != nil {
		return err
	}
	return modeldir.Publish(dir, false, func(tmp string) error {
		_, err := writeModel(tmp, m, cfg, vocab, w)
		return err
	})
}

// SaveEnsemble writes an ensemble's directory as a unit: the models (the
// members restart-1, restart-2, …, each with its configuration), the
// vocabulary and the ensemble's configuration.
func SaveEnsemble(dir string, cfg Config, models []*Model, cfgs []Config, vocab *reader.Vocab) error {
	if len(models) == 0 || len(cfgs) != len(models) {
		return errors.New("an ensemble needs models, each with its configuration")
	}
	return modeldir.Publish(dir, false, func(tmp string) error {
		var members []string
		for k, m := range models {
			name := MemberName(k)
			w, err := m.weights()
			if err == nil {
				err = os.Mkdir(filepath.Join(tmp, name), 0o755)
			}
			if err == nil {
				_, err = writeModel(filepath.Join(tmp, name), m, cfgs[k], vocab, w)
			}
			if err != nil {
				return err
			}
			members = append(members, name)
		}
		_, err := writeEnsemble(tmp, cfg, models[0], members, vocab)
		return err
	})
}

// MemberName is the subdirectory of an ensemble's model k (from 0).
func MemberName(k int) string { return fmt.Sprintf("restart-%d", k+1) }

// Load reads a model directory as an ensemble: the models its config.json
// names as members (each a model directory of its own, sharing the
// directory's vocabulary), or the one model it holds. Every missing file
// or inconsistency is an error that says what is wrong. A directory
// replaced while it is read is read again.
func Load(dir string) (*Ensemble, Config, *reader.Vocab, error) {
	var err error
	for range 5 {
		var e *Ensemble
		var cfg Config
		var vocab *reader.Vocab
		var before []byte
		if before, err = readConfig(dir, &cfg); err == nil {
			e, vocab, err = loadEnsemble(dir, cfg)
		}
		if err == nil {
			if after, _ := os.ReadFile(filepath.Join(dir, ConfigFile)); bytes.Equal(before, after) {
				return e, cfg, vocab, nil
			}
			err = errReplaced
		}
		if !errors.Is(err, errChanged) && !errors.Is(err, errReplaced) && !errors.Is(err, fs.ErrNotExist) {
			break
		}
	}
	return nil, Config{}, nil, fmt.Errorf("model %s: %w", dir, err)
}

// errChanged is wrapped by the errors of a file whose checksum is not the
// one config.json records; errReplaced is the error of a directory that a
// new version replaced while it was read.
var (
	errChanged  = errors.New("does not match the checksum in config.json")
	errReplaced = errors.New("the directory was replaced while it was read (by a training run?)")
)

// loadEnsemble reads the members of dir (or the model it holds) as cfg
// describes them.
func loadEnsemble(dir string, cfg Config) (*Ensemble, *reader.Vocab, error) {
	if len(cfg.Members) == 0 {
		m, vocab, err := loadMember(dir, cfg)
		if err != nil {
			return nil, nil, err
		}
		return &Ensemble{Models: []*Model{m}}, vocab, nil
	}
	vocab, err := loadVocab(dir, cfg)
	if err != nil {
		return nil, nil, err
	}
	e := &Ensemble{}
	for _, name := range cfg.Members {
		var mcfg Config
		b, err := readConfig(filepath.Join(dir, name), &mcfg)
		if err == nil && modeldir.SHA256(b) != cfg.Files[name+"/"+ConfigFile] {
			err = fmt.Errorf("%s %w", ConfigFile, errChanged)
		}
		var m *Model
		var mvocab *reader.Vocab
		if err == nil {
			m, mvocab, err = loadMember(filepath.Join(dir, name), mcfg)
		}
		if err == nil && (!mvocab.Equal(vocab) || mcfg.SketchHash != cfg.SketchHash) {
			err = errors.New("another vocabulary or sketch than the ensemble's")
		}
		if err != nil {
			return nil, nil, fmt.Errorf("member %s: %w", name, err)
		}
		e.Models = append(e.Models, m)
	}
	return e, vocab, nil
}

// oldFiles are the files of the model directories of earlier versions.
var oldFiles = []string{"machine.json", "reader.json", "checkpoint.json"}

// errOldModel is wrapped by the error of a model directory of an earlier
// version of wap.
var errOldModel = errors.New("a model of an earlier version of wap")

// readConfig reads dir/config.json and checks its format; it returns the
// file's bytes.
func readConfig(dir string, cfg *Config) ([]byte, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errors.New("no such directory (train one with 'wap train')")
		}
		if err == nil {
			return nil, errors.New("not a directory")
		}
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errors.New("no config.json: not a trained model directory")
	}
	if err != nil {
		return nil, err
	}
	var head struct{ Format string }
	if err := json.Unmarshal(b, &head); err != nil {
		return nil, fmt.Errorf("%s: malformed JSON: %w", ConfigFile, err)
	}
	if head.Format != ModelFormat {
		for _, f := range oldFiles {
			if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
				return nil, fmt.Errorf("%w (weights in %s, config.json format %q): train it again with 'wap train'", errOldModel, f, head.Format)
			}
		}
		if strings.HasPrefix(head.Format, "wap-model/") {
			return nil, fmt.Errorf("%w (config.json format %q, want %q): train it again with 'wap train'", errOldModel, head.Format, ModelFormat)
		}
		return nil, fmt.Errorf("config.json has format %q, want %q: not a model of wap", head.Format, ModelFormat)
	}
	if err := json.Unmarshal(b, cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", ConfigFile, err)
	}
	return b, nil
}

// readChecked reads a file of dir and checks it against its checksum.
func readChecked(dir, name string, cfg Config) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return nil, err
	}
	if want, ok := cfg.Files[name]; !ok || modeldir.SHA256(b) != want {
		return nil, fmt.Errorf("%s %w", name, errChanged)
	}
	return b, nil
}

// loadVocab reads the vocabulary of dir and checks its files' checksums.
func loadVocab(dir string, cfg Config) (*reader.Vocab, error) {
	vocab, err := reader.LoadVocab(filepath.Join(dir, TokenizerFile))
	if err != nil {
		return nil, err
	}
	for _, name := range tokenizerFiles {
		if _, listed := cfg.Files[name]; listed || name == TokenizerFile {
			if _, err := readChecked(dir, name, cfg); err != nil {
				return nil, err
			}
		}
	}
	if vocab.Size() != cfg.Vocab {
		return nil, fmt.Errorf("%s has %d tokens, the model was trained with %d", TokenizerFile, vocab.Size(), cfg.Vocab)
	}
	return vocab, nil
}

// LoadModel reads the directory of one model. Every missing file or
// inconsistency is an error that says what is wrong.
func LoadModel(dir string) (*Model, Config, *reader.Vocab, error) {
	var cfg Config
	fail := func(err error) (*Model, Config, *reader.Vocab, error) {
		return nil, Config{}, nil, fmt.Errorf("model %s: %w", dir, err)
	}
	if _, err := readConfig(dir, &cfg); err != nil {
		return fail(err)
	}
	if len(cfg.Members) > 0 {
		return fail(errors.New("an ensemble, not one model"))
	}
	m, vocab, err := loadMember(dir, cfg)
	if err != nil {
		return fail(err)
	}
	return m, cfg, vocab, nil
}

// loadMember reads one model's weights and vocabulary as cfg describes them.
func loadMember(dir string, cfg Config) (*Model, *reader.Vocab, error) {
	if d4.SketchHash(cfg.Sketch) != cfg.SketchHash {
		return nil, nil, errors.New("config.json: the sketch does not match its checksum")
	}
	// The files first, then the model: a version replaced meanwhile is
	// found sooner.
	b, err := readChecked(dir, WeightsFile, cfg)
	if err != nil {
		return nil, nil, err
	}
	vocab, err := loadVocab(dir, cfg)
	if err != nil {
		return nil, nil, err
	}
	mach, err := d4.NewModel(cfg.SketchFile, cfg.Sketch, cfg.ValueSize, cfg.StackSize, 0, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("config.json: %w", err)
	}
	if lex := lexicon.Default(); cfg.Classes > 0 && (cfg.Classes != lex.Size() || cfg.Lexicon != lex.Hash) {
		return nil, nil, fmt.Errorf("config.json: the model reads %d word classes of the lexicon %.12s…, this program has %d of %.12s…: train it again",
			cfg.Classes, cfg.Lexicon, lex.Size(), lex.Hash)
	}
	r, err := reader.NewBiLSTM(cfg.Vocab, cfg.Classes, cfg.Embed, cfg.Hidden, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("config.json: %w", err)
	}
	m, err := assemble(r, mach)
	if err != nil {
		return nil, nil, err
	}
	ts, _, err := safetensors.Unmarshal(b)
	if err == nil {
		set := safetensors.Index(ts)
		if err = m.takeWeights(set); err == nil {
			err = set.Rest()
		}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", WeightsFile, err)
	}
	return m, vocab, nil
}

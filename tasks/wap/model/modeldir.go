package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"

	"gorgonia.org/tensor"
)

// A model directory (package internal/modeldir) holds everything `wap
// eval` and `wap answer` need:
//
//	config.json             what the model is and was trained on (Config):
//	                        the sketch's source, the sizes, the data, the
//	                        training figures of the saved epoch, and the
//	                        SHA-256 of every other file of the model
//	model.safetensors       the weights by name, float64: reader.embed
//	                        [vocab + classes, 75] (classes: the lexicon's,
//	                        0 without --lexicon), reader.fwd.W and reader.bwd.W
//	                        [151, 300] (see reader.BiLSTM), with a question
//	                        reader reader.qattn.A [150, 150] and
//	                        reader.qattn.U [150 + F + 1, 150] (see
//	                        reader.QAttention; F is config.json's
//	                        question_features), with fixed word vectors
//	                        reader.vectors [vocab, 75] (config.json's
//	                        fixed_vectors), the slots' slotI.stageJ.W and
//	                        .b, and with a learned prior over the result
//	                        prior.w [1, 9] (see Prior; 9 is config.json's
//	                        prior_features)
//	tokenizer.json          the vocabulary (a Hugging Face tokenizer), and
//	tokenizer_config.json   its settings for Hugging Face's libraries
//	checkpoint.safetensors  the last finished epoch, for `wap train
//	                        --resume` (package learn/fit's checkpoint)
//
// An ensemble's directory holds config.json (whose members name its
// subdirectories restart-1, restart-2, …, each a model directory of its
// own, and whose checksums cover their config.json files) and the
// vocabulary's files.
//
// A directory is written as a unit: every version is built beside it and
// swapped into place in one step, so that a reader, or a kill at any
// moment, finds one whole model whose config.json tells its epoch and dev
// accuracy. Load checks the checksums all the same (a directory copied in
// part, or replaced while it was read, is refused or read again).

// ModelFormat names the format of config.json.
const ModelFormat = "wap-model/3"

// The model directory and the sketch the word-problem commands (cmd/wap)
// take by default.
const (
	DefaultDir    = "models/wap"
	DefaultSketch = "sketches/wap_steps.fth"
)

// The files of a model directory.
const (
	ConfigFile     = modeldir.ConfigFile
	WeightsFile    = modeldir.WeightsFile
	CheckpointFile = modeldir.CheckpointFile
)

// Config is config.json.
type Config struct {
	modeldir.Header
	SketchFile string `json:"sketch_file"`
	Sketch     string `json:"sketch"`
	SketchHash string `json:"sketch_sha256"`
	Vocab      int    `json:"vocab"`
	Embed      int    `json:"embed"`
	Hidden     int    `json:"hidden"`
	// Classes is the number of lexical classes the reader reads (0: none),
	// Lexicon the SHA-256 of their table (lexicon.Lexicon.Hash).
	Classes int    `json:"classes,omitempty"`
	Lexicon string `json:"lexicon_sha256,omitempty"`
	// QuestionFeatures is the count of features of the heap's cells that
	// the question reader reads (reader.QFeatures); 0: the model has no
	// question reader (as every model before it).
	QuestionFeatures int `json:"question_features,omitempty"`
	// PriorFeatures is the count of features of a value that the learned
	// prior over the result weighs (model.PriorFeatures); 0: the model
	// has no prior.
	PriorFeatures int   `json:"prior_features,omitempty"`
	ValueSize     int   `json:"value_size"`
	StackSize     int   `json:"stack_size"`
	Seed          int64 `json:"seed"`

	// FixedVectors: the reader adds fixed pretrained word vectors to its
	// embeddings (reader.BiLSTM.Fixed: a word that has one reads it in place of its embedding), saved in model.safetensors as
	// reader.vectors [vocab, 75].
	FixedVectors bool `json:"fixed_vectors,omitempty"`

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
}

// Settings are the settings of a training run that its model's
// config.json shows and its checkpoints record (package training), each
// declared once here: its JSON name in config.json, and its name in a
// checkpoint's comparison (modeldir.SettingsOf). A resumed run must have
// the same ones and the same data; it may change the number of epochs and
// the patience.
type Settings struct {
	Seed        int64   `json:"seed" setting:"seed"`
	Batch       int     `json:"batch" setting:"batch size"`
	LR          float64 `json:"lr" setting:"learning rate"`
	Clip        float64 `json:"clip" setting:"gradient clipping"`
	NoiseEta    float64 `json:"noise" setting:"gradient noise"`
	WeightDecay float64 `json:"weight_decay" setting:"weight decay"`
	WordDropout float64 `json:"word_dropout" setting:"word dropout"`
	Bag         float64 `json:"bag" setting:"bag"`
	CCPasses    int     `json:"cc_passes" setting:"CC passes"`
	Restarts    int     `json:"restarts" setting:"restarts"`
	Lexicon     bool    `json:"lexicon" setting:"lexicon"`
	// QuestionReader: the model's cells read the question (Model.Question).
	QuestionReader bool `json:"question_reader,omitempty" setting:"question reader"`
	// Supervise is "equations" for a model trained on the problems'
	// equations, "" for one trained on their answers (Supervision).
	Supervise string `json:"supervise,omitempty" setting:"supervision"`
	// Prior: the model learns a prior over the result (Model.Prior);
	// recorded in a checkpoint only when set, as one written before the
	// setting is without it.
	Prior bool `json:"prior,omitempty" setting:"prior,omitempty"`
	// Vectors is the SHA-256 of the pretrained word vectors' file the
	// reader started from ("": none), VectorsFixed whether they were kept
	// fixed (see UseVectors); recorded in a checkpoint only when set.
	Vectors      string `json:"vectors_sha256,omitempty" setting:"vectors sha256,omitempty"`
	VectorsFixed bool   `json:"vectors_fixed,omitempty" setting:"vectors fixed,omitempty"`
	// Data is DataHash of the training and dev problems: with the sketch,
	// what the run trains on (a checkpoint compares it first, by its
	// checksum).
	Data string `json:"data_sha256"`
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
	cfg.FixedVectors = m.Reader.Fixed != nil
	cfg.QuestionFeatures = 0
	if m.Question != nil {
		cfg.QuestionFeatures = m.Question.F
	}
	cfg.PriorFeatures = 0
	if m.Prior != nil {
		cfg.PriorFeatures = PriorFeatures
	}
}

// readerNames name the reader's tensors in model.safetensors, in the order
// of reader.BiLSTM.Params.
var readerNames = []string{"reader.embed", "reader.fwd.W", "reader.bwd.W"}

// questionNames name the question reader's tensors, in the order of
// reader.QAttention.Params.
var questionNames = []string{"reader.qattn.A", "reader.qattn.U"}

// Named returns the model's tensors with their names, in the order of
// Model.tensors (the data is shared, not copied).
func (m *Model) Named() []safetensors.Tensor {
	var out []safetensors.Tensor
	for i, t := range m.Reader.Params() {
		out = append(out, safetensors.Tensor{Name: readerNames[i], Shape: slices.Clone([]int(t.Shape())), Data: t.Data().([]float64)})
	}
	if m.Question != nil {
		for i, t := range m.Question.Params() {
			out = append(out, safetensors.Tensor{Name: questionNames[i], Shape: slices.Clone([]int(t.Shape())), Data: t.Data().([]float64)})
		}
	}
	out = append(out, m.Machine.Tensors()...)
	if m.Prior != nil {
		out = append(out, safetensors.Tensor{Name: priorName, Shape: slices.Clone([]int(m.Prior.W.Shape())), Data: m.Prior.Weights()})
	}
	return out
}

// priorName names the learned prior's weights (Prior.W).
const priorName = "prior.w"

// Weights returns model.safetensors.
func (m *Model) Weights() ([]byte, error) {
	return modeldir.EncodeWeights(m.saved(), map[string]string{"format": "wap", "sketch_sha256": d4.SketchHash(m.Machine.Sketch)})
}

// writeVocab writes the vocabulary's files into a version.
func writeVocab(v *modeldir.Version, vocab *reader.Vocab) error {
	tk, cfg, err := vocab.Files()
	if err == nil {
		err = v.WriteFile(reader.TokenizerFile, tk)
	}
	if err == nil {
		err = v.WriteFile(reader.TokenizerConfigFile, cfg)
	}
	if err != nil {
		return fmt.Errorf("saving the vocabulary: %w", err)
	}
	return nil
}

// WriteModel writes a model's files into v, a version being built: its
// weights (model.safetensors, when weights is not nil; else the file
// there stays), the vocabulary, and last config.json, which it returns.
func WriteModel(v *modeldir.Version, m *Model, cfg Config, vocab *reader.Vocab, weights []byte) (Config, error) {
	cfg.describe(m)
	cfg.Members = nil
	if weights != nil {
		if err := v.WriteFile(WeightsFile, weights); err != nil {
			return Config{}, err
		}
	}
	if err := writeVocab(v, vocab); err != nil {
		return Config{}, err
	}
	_, err := v.WriteConfig(&cfg)
	return cfg, err
}

// WriteEnsemble writes an ensemble's own files into v, a version being
// built that holds its members: the vocabulary and config.json, which
// names the members.
func WriteEnsemble(v *modeldir.Version, cfg Config, m *Model, members []string, vocab *reader.Vocab) (Config, error) {
	if len(members) == 0 {
		return Config{}, errors.New("an ensemble of no models")
	}
	cfg.describe(m)
	cfg.Members = members
	if err := writeVocab(v, vocab); err != nil {
		return Config{}, err
	}
	_, err := v.WriteConfig(&cfg)
	return cfg, err
}

// MemberName is the subdirectory of an ensemble's model k (from 0).
func MemberName(k int) string { return fmt.Sprintf("restart-%d", k+1) }

// Load reads a model directory: the models its config.json names as
// members (an ensemble's, each a model directory of its own, sharing the
// directory's vocabulary), or the one model it holds. Every missing file
// or inconsistency is an error that says what is wrong. A directory
// replaced while it is read is read again.
func Load(dir string) ([]*Model, Config, *reader.Vocab, error) {
	e, cfg, vocab, err := load(dir)
	if err != nil {
		return nil, Config{}, nil, fmt.Errorf("model %s: %w", dir, err)
	}
	return e, cfg, vocab, nil
}

// load reads a model directory's models.
func load(dir string) ([]*Model, Config, *reader.Vocab, error) {
	if err := checkDir(dir); err != nil {
		return nil, Config{}, nil, err
	}
	early := analyzeEarly(dir)
	snap, err := modeldir.Read(dir, func(h modeldir.Header) error { return checkFormat(dir, h) }, WeightsFile, reader.TokenizerFile)
	if err != nil {
		return nil, Config{}, nil, err
	}
	analyzed := <-early // nil if config.json did not give a sketch to analyse
	var cfg Config
	if err := json.Unmarshal(snap.Config, &cfg); err != nil {
		return nil, Config{}, nil, fmt.Errorf("%s: %w", ConfigFile, err)
	}
	vocab, err := loadVocab(snap, cfg, nil, nil)
	if err != nil {
		return nil, Config{}, nil, err
	}
	if len(cfg.Members) == 0 {
		m, err := loadMember(snap, cfg, analyzed)
		if err != nil {
			return nil, Config{}, nil, err
		}
		return []*Model{m}, cfg, vocab, nil
	}
	var models []*Model
	for _, name := range cfg.Members {
		ms := snap.Members[name]
		var mcfg Config
		err := json.Unmarshal(ms.Config, &mcfg)
		var m *Model
		var mvocab *reader.Vocab
		if err == nil {
			mvocab, err = loadVocab(ms, mcfg, vocab, snap.Files[reader.TokenizerFile])
		}
		if err == nil {
			like := analyzed // the analysis of the sketch that the members share
			if len(models) > 0 && mcfg.SketchHash == cfg.SketchHash {
				like = models[0]
			}
			m, err = loadMember(ms, mcfg, like)
		}
		if err == nil && (!mvocab.Equal(vocab) || mcfg.SketchHash != cfg.SketchHash) {
			err = errors.New("another vocabulary or sketch than the ensemble's")
		}
		if err != nil {
			return nil, Config{}, nil, fmt.Errorf("member %s: %w", name, err)
		}
		models = append(models, m)
	}
	return models, cfg, vocab, nil
}

// analyzeEarly analyses the sketch that dir/config.json names on another
// goroutine, while the caller reads the weights (the analysis runs every
// combination of the slots' decisions: it is most of a load's work). The
// model it sends, of zero weights, is only a hint: loadMember shares its
// analysis with a member of the same sketch and sizes and checks that;
// nil when config.json cannot be read or its sketch not analysed (the
// load then reports why).
func analyzeEarly(dir string) <-chan *Model {
	out := make(chan *Model, 1)
	go func() {
		var cfg Config
		if ReadConfig(dir, &cfg) != nil {
			out <- nil
			return
		}
		mach, err := d4.NewModel(cfg.SketchFile, cfg.Sketch, cfg.ValueSize, cfg.StackSize, 0, 0)
		if err != nil || cfg.Hidden < 1 || 2*cfg.Hidden != mach.Sizes.V {
			out <- nil
			return
		}
		r, err := reader.ZeroBiLSTM(1, 0, 1, cfg.Hidden) // the analysis reads only the reader's width
		if err != nil {
			out <- nil
			return
		}
		m, err := assemble(r, mach)
		if err != nil {
			m = nil
		}
		out <- m
	}()
	return out
}

// checkDir reports a model path that is not a directory.
func checkDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return errors.New("no such directory (train one with 'wap train')")
	case err != nil:
		return err
	case !st.IsDir():
		return errors.New("not a directory")
	}
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); errors.Is(err, os.ErrNotExist) {
		return errors.New("no config.json: not a trained model directory")
	}
	return nil
}

// oldFiles are the files of the model directories of earlier versions.
var oldFiles = []string{"machine.json", "reader.json", "checkpoint.json"}

// ErrOldModel is wrapped by the error of a model directory of an earlier
// version of wap.
var ErrOldModel = errors.New("a model of an earlier version of wap")

// checkFormat accepts the header of a model directory of this version;
// dir's files tell a model of an earlier version.
func checkFormat(dir string, h modeldir.Header) error {
	if h.Format == ModelFormat {
		return nil
	}
	for _, f := range oldFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return fmt.Errorf("%w (weights in %s, config.json format %q): train it again with 'wap train'", ErrOldModel, f, h.Format)
		}
	}
	if strings.HasPrefix(h.Format, "wap-model/") {
		return fmt.Errorf("%w (config.json format %q, want %q): train it again with 'wap train'", ErrOldModel, h.Format, ModelFormat)
	}
	return fmt.Errorf("config.json has format %q, want %q: not a model of wap", h.Format, ModelFormat)
}

// ReadConfig reads dir/config.json, without the files it lists, and checks
// its format (what a training run checks of the directory it writes).
func ReadConfig(dir string, cfg *Config) error {
	if err := checkDir(dir); err != nil {
		return err
	}
	b, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil {
		return err
	}
	var h modeldir.Header
	if err := json.Unmarshal(b, &h); err != nil {
		return fmt.Errorf("%s: malformed JSON: %w", ConfigFile, err)
	}
	if err := checkFormat(dir, h); err != nil {
		return err
	}
	if err := json.Unmarshal(b, cfg); err != nil {
		return fmt.Errorf("%s: %w", ConfigFile, err)
	}
	return nil
}

// loadVocab reads the vocabulary of a snapshot: read, when the snapshot's
// tokenizer.json is the bytes from that it was read from (an ensemble's
// members mostly repeat its file), else the file parsed.
func loadVocab(snap *modeldir.Snapshot, cfg Config, read *reader.Vocab, from []byte) (*reader.Vocab, error) {
	b, err := snap.File(reader.TokenizerFile)
	if err != nil {
		return nil, err
	}
	vocab := read
	if read == nil || !bytes.Equal(b, from) {
		if vocab, err = reader.ParseVocab(b, filepath.Join(snap.Dir, reader.TokenizerFile)); err != nil {
			return nil, err
		}
	}
	if vocab.Size() != cfg.Vocab {
		return nil, fmt.Errorf("%s has %d tokens, the model was trained with %d", reader.TokenizerFile, vocab.Size(), cfg.Vocab)
	}
	return vocab, nil
}

// LoadModel reads the directory of one model. Every missing file or
// inconsistency is an error that says what is wrong.
func LoadModel(dir string) (*Model, Config, *reader.Vocab, error) {
	models, cfg, vocab, err := Load(dir)
	if err == nil && len(cfg.Members) > 0 {
		err = fmt.Errorf("model %s: an ensemble, not one model", dir)
	}
	if err != nil {
		return nil, Config{}, nil, err
	}
	return models[0], cfg, vocab, nil
}

// loadMember builds one model from a snapshot of its directory; like, when
// not nil, is a model of the same ensemble, whose analysis of the sketch
// it shares when the sketch and sizes are the same (the analysis runs
// every combination of the slots' decisions: once an ensemble, not once a
// member).
func loadMember(snap *modeldir.Snapshot, cfg Config, like *Model) (*Model, error) {
	if d4.SketchHash(cfg.Sketch) != cfg.SketchHash {
		return nil, errors.New("config.json: the sketch does not match its checksum")
	}
	b, err := snap.File(WeightsFile)
	if err != nil {
		return nil, err
	}
	mach, err := d4.NewModel(cfg.SketchFile, cfg.Sketch, cfg.ValueSize, cfg.StackSize, 0, 0)
	if err != nil {
		return nil, fmt.Errorf("config.json: %w", err)
	}
	if lex := lexicon.Default(); cfg.Classes > 0 && (cfg.Classes != lex.Size() || cfg.Lexicon != lex.Hash) {
		return nil, fmt.Errorf("config.json: the model reads %d word classes of the lexicon %.12s…, this program has %d of %.12s…: train it again",
			cfg.Classes, cfg.Lexicon, lex.Size(), lex.Hash)
	}
	if _, err := reader.NumWeights(cfg.Vocab, cfg.Classes, cfg.Embed, cfg.Hidden, len(b)/8); err != nil {
		return nil, fmt.Errorf("config.json: %w, the weights %s (%d bytes) can hold", err, WeightsFile, len(b))
	}
	r, err := reader.ZeroBiLSTM(cfg.Vocab, cfg.Classes, cfg.Embed, cfg.Hidden)
	if err != nil {
		return nil, fmt.Errorf("config.json: %w", err)
	}
	var m *Model
	if like != nil && like.Machine.Sizes == mach.Sizes && like.Machine.Sketch == mach.Sketch {
		m, err = like.withWeights(r, mach)
	} else {
		m, err = assemble(r, mach)
	}
	if err != nil {
		return nil, err
	}
	m.Question, m.Prior = nil, nil // like's, shared by withWeights, are not this model's
	if f := cfg.PriorFeatures; f != 0 {
		if f != PriorFeatures {
			return nil, fmt.Errorf("config.json: the model's prior over the result weighs %d features of a value, this program has %d: train it again", f, PriorFeatures)
		}
		m.Prior = NewPrior()
	}
	if f := cfg.QuestionFeatures; f != 0 {
		if f != reader.QFeatures {
			return nil, fmt.Errorf("config.json: the model's question reader reads %d features of each number, this program gives %d: train it again", f, reader.QFeatures)
		}
		if m.Question, err = reader.ZeroQAttention(r.Width(), f); err != nil {
			return nil, fmt.Errorf("config.json: %w", err)
		}
		reader.WarmTagger() // the question reader's tagger loads while the weights do
	}
	if cfg.Training != nil && cfg.Training.Supervise != "" { // trained on equations: it scores problems as it did then
		sup, err := ParseSupervision(cfg.Training.Supervise)
		if err == nil {
			err = m.Supervise(sup)
		}
		if err != nil {
			return nil, fmt.Errorf("config.json: %w", err)
		}
	}
	if cfg.FixedVectors {
		r.Fixed = tensor.New(tensor.WithShape(r.Vocab, r.Embed), tensor.WithBacking(make([]float64, r.Vocab*r.Embed)))
	}
	meta, err := modeldir.DecodeWeights(b, m.saved())
	if err == nil && meta["sketch_sha256"] != cfg.SketchHash {
		err = fmt.Errorf("its metadata names another sketch (sha256 %.12s…) than config.json (%.12s…)", meta["sketch_sha256"], cfg.SketchHash)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", WeightsFile, err)
	}
	return m, nil
}

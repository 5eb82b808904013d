package learn

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn/fit"
)

// A model directory (`d4 train --model DIR`, `tasks --save DIR`) is one
// of package internal/modeldir:
//
//	config.json             what the model is (DirConfig): the format, the
//	                        sketch's file name, source and SHA-256, the
//	                        value, stack and heap sizes, meta, the step
//	                        budget, the training settings and figures, and
//	                        the SHA-256 of the other files
//	model.safetensors       the slots' weights by name, slotI.stageJ.W and
//	                        .b (d4.Machine.Tensors): the best model so far
//	checkpoint.safetensors  while training runs: the driver's State after
//	                        the last finished epoch, for `d4 train
//	                        --resume`; gone once training has finished
//
// Every version of the directory is published as a unit under the
// directory's lock: after every finished epoch the best model so far with
// the checkpoint, and at the end the model alone. Nothing is written
// before the first epoch finishes.

// ModelFormat names the format of a sketch's model directory; oldFormats
// are those of earlier versions, which are refused with a note to train
// again.
const ModelFormat = "d4-sketch-model/2"

var oldFormats = []string{"d4-sketch-model/1", "d4-model/1"}

// DirConfig is config.json: the directory's header, the sketch and its
// sizes, and how the model was trained.
type DirConfig struct {
	modeldir.Header
	d4.Spec
	Meta          map[string]string `json:"meta,omitempty"` // free-form (a task's name)
	Steps         int               `json:"steps"`
	StaticControl bool              `json:"static_control"`
	Report        Report            `json:"report"`
	Options       savedOptions      `json:"options"`
}

// savedOptions are the training settings a model records (config.json's
// options) and a checkpoint compares on resume (the tagged ones,
// modeldir.SettingsOf: the epochs, the patience and settle may change),
// each declared once here.
type savedOptions struct {
	Seed        int64   `json:"seed" setting:"seed"`
	Restarts    int     `json:"restarts" setting:"restarts"`
	Batch       int     `json:"batch" setting:"batch size"`
	LR          float64 `json:"lr" setting:"learning rate"`
	NoiseEta    float64 `json:"noise" setting:"gradient noise"`
	WeightDecay float64 `json:"weight_decay" setting:"weight decay"`
	Optim       d4.Mode `json:"optim" setting:"execution while training"`
	MaxEpochs   int     `json:"epochs"`
	Patience    int     `json:"patience"`
	Settle      int     `json:"settle"`
}

func (o Options) saved() savedOptions {
	return savedOptions{Seed: o.Seed, Restarts: o.Restarts, Batch: o.Batch, LR: o.LR, NoiseEta: o.Noise,
		WeightDecay: o.WeightDecay, Optim: o.Optim, MaxEpochs: o.MaxEpochs, Patience: o.Patience, Settle: o.Settle}
}

// Model is a trained sketch: the ∂4 model (the sketch, the sizes, the
// slots' networks) with the step budget it was trained with.
type Model struct {
	*d4.Model
	Steps  int
	Static bool
	// Config is what the model's config.json says: the one it was loaded
	// from, or for a model of Train the training's settings and report
	// (package d4's part is filled in when it is written).
	Config DirConfig
}

func (s *session) config(rep Report) DirConfig {
	return DirConfig{Report: rep, Options: s.o.saved()}
}

// Writer is a model directory open for writing: it holds the directory's
// lock until Close.
type Writer struct{ w *modeldir.Writer }

// OpenDir opens the model directory dir to save a trained model in it
// (`tasks --save DIR` before it trains): it takes the directory's lock,
// removes what a killed writer left, and checks that dir can be written
// and holds nothing, or a model whose training has finished (a new one
// replaces it). Anything else is an error that says what dir holds.
func OpenDir(dir string) (*Writer, error) {
	return openLocked(dir, func() error {
		if err := unfinished(dir); err != nil {
			return err
		}
		return replaceable(dir)
	})
}

// openLocked opens dir, running check under the lock after the clean-up.
func openLocked(dir string, check func() error) (*Writer, error) {
	w, err := modeldir.Create(dir, true, check)
	if err != nil {
		return nil, err
	}
	return &Writer{w: w}, nil
}

// replaceable reports whether a model may replace what the directory dir
// holds: nothing, an empty directory, or a sketch's model (of any
// version). Anything else is an error that says what dir holds.
func replaceable(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist), err == nil && len(entries) == 0:
		return nil
	case err != nil:
		return fmt.Errorf("model directory %s: %w", dir, err)
	}
	var head struct{ Format string }
	b, err := os.ReadFile(filepath.Join(dir, modeldir.ConfigFile))
	if err == nil {
		err = json.Unmarshal(b, &head)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("model directory %s exists, is not empty and holds no d4 model (no %s); name another directory", dir, modeldir.ConfigFile)
	case err != nil:
		return fmt.Errorf("model directory %s: %s: %w; name another directory, or remove it", dir, modeldir.ConfigFile, err)
	case head.Format == "":
		return kindError(dir, "")
	}
	return otherKind(dir, head.Format)
}

// otherKind reports a directory whose config.json has the format of
// another kind of model (that of 'wap train', say), naming it; "" (no
// config.json) and the formats of a sketch's model are not.
func otherKind(dir, format string) error {
	if format == "" || format == ModelFormat || slices.Contains(oldFormats, format) {
		return nil
	}
	return kindError(dir, format)
}

// kindError says that dir holds a model of another format.
func kindError(dir, format string) error {
	return fmt.Errorf("model directory %s holds a model of another kind (%s format %q, not a d4 sketch's model %q); name another directory", dir, modeldir.ConfigFile, format, ModelFormat)
}

// formatOf returns the format that dir's config.json names ("" when it
// has none, or cannot be read).
func formatOf(dir string) string {
	var head struct{ Format string }
	if b, err := os.ReadFile(filepath.Join(dir, modeldir.ConfigFile)); err == nil {
		json.Unmarshal(b, &head)
	}
	return head.Format
}

// unfinished reports a directory that holds an unfinished training, which
// only `d4 train --resume` may continue; a directory of another kind of
// model is reported as such, whatever it holds.
func unfinished(dir string) error {
	if err := otherKind(dir, formatOf(dir)); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, fit.CheckpointFile)); err == nil {
		return fmt.Errorf("model directory %s holds an unfinished training (%s): continue it with 'd4 train --resume', or remove the directory", dir, fit.CheckpointFile)
	}
	return nil
}

// Close releases the directory's lock.
func (w *Writer) Close() { w.w.Close() }

// Save publishes m, with its Config, as the directory's new version.
func (w *Writer) Save(m *Model) error { return w.publish(m, m.Config, nil) }

// publish writes a new version of the directory as a unit: the model m
// with its configuration cfg and, when ck is not nil, the checkpoint ck.
// It sets m.Config to the configuration written.
func (w *Writer) publish(m *Model, cfg DirConfig, ck []byte) error {
	cfg.Format, cfg.Spec = ModelFormat, m.Model.Spec()
	cfg.Meta, cfg.Steps, cfg.StaticControl = m.Meta, m.Steps, m.Static
	weights, err := modeldir.EncodeWeights(m.Tensors(), map[string]string{"format": "d4", "sketch_sha256": cfg.SketchSHA256})
	if err != nil {
		return err
	}
	err = w.w.Publish(false, func(v *modeldir.Version) error {
		if err := v.WriteFile(modeldir.WeightsFile, weights); err != nil {
			return err
		}
		if ck != nil {
			if err := v.WriteFile(fit.CheckpointFile, ck); err != nil {
				return err
			}
		}
		_, err := v.WriteConfig(&cfg)
		return err
	})
	if err != nil {
		return err
	}
	m.Config = cfg
	return nil
}

// Load reads a model directory (of `d4 train` or `tasks --save`). Every
// missing file or inconsistency is an error that names the path and says
// what is wrong; a model of an earlier version is refused with a note to
// train the model again.
func Load(path string) (*Model, error) {
	m, err := load(path)
	if err != nil {
		return nil, fmt.Errorf("loading model %s: %w", path, err)
	}
	return m, nil
}

// load reads a model directory.
func load(path string) (*Model, error) {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("no such directory (train one with 'd4 train --model %s')", path)
	case err != nil:
		return nil, err
	case !st.IsDir():
		return nil, fileError(path)
	}
	snap, err := modeldir.Read(path, checkFormat, modeldir.WeightsFile)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !exists(filepath.Join(path, modeldir.ConfigFile)):
		return nil, fmt.Errorf("no %s: not a d4 model directory", modeldir.ConfigFile)
	case err != nil:
		return nil, err
	}
	var cfg DirConfig
	if err := json.Unmarshal(snap.Config, &cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", modeldir.ConfigFile, err)
	}
	m, err := cfg.Spec.NewModel()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", modeldir.ConfigFile, err)
	}
	weights, err := snap.File(modeldir.WeightsFile)
	if err != nil {
		return nil, err
	}
	meta, err := modeldir.DecodeWeights(weights, m.Tensors())
	if err == nil && meta["sketch_sha256"] != cfg.SketchSHA256 {
		err = fmt.Errorf("its metadata names another sketch (sha256 %.12s…) than config.json (%.12s…)", meta["sketch_sha256"], cfg.SketchSHA256)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", modeldir.WeightsFile, err)
	}
	if cfg.Meta != nil {
		m.Meta = maps.Clone(cfg.Meta)
	}
	return &Model{Model: m, Steps: cfg.Steps, Static: cfg.StaticControl, Config: cfg}, nil
}

// checkFormat accepts the header of a sketch's model directory.
func checkFormat(h modeldir.Header) error {
	switch {
	case h.Format == ModelFormat:
		return nil
	case slices.Contains(oldFormats, h.Format):
		return fmt.Errorf("a model of an earlier version of d4 (%s format %q): train the model again", modeldir.ConfigFile, h.Format)
	}
	return fmt.Errorf("%s has format %q, want %q: not a d4 model", modeldir.ConfigFile, h.Format, ModelFormat)
}

// exists reports whether a path exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
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
	if err == nil && slices.Contains(oldFormats, head.Format) {
		return fmt.Errorf("a model file of an earlier version of d4 (format %q): train the model again; models are now directories ('d4 train --model DIR', 'tasks --save DIR')", head.Format)
	}
	return errors.New("a file, not a d4 model directory")
}

// dataHash identifies the training and dev rows of a session.
func (s *session) dataHash() string {
	b, _ := json.Marshal([]any{s.train.Rows, s.dev.Rows})
	return modeldir.SHA256(b)
}

// settings are what a checkpoint of this training records and a resumed
// one must share: the sketch, the data, the sizes and the settings that
// savedOptions declares.
func (s *session) settings() modeldir.Settings {
	return append(modeldir.Settings{{Name: "sketch sha256", Value: d4.SketchHash(s.sk.Src)}, {Name: "data sha256", Value: s.dataHash()},
		{Name: "value size", Value: s.v}, {Name: "stack size", Value: s.budget.StackSize}, {Name: "heap size", Value: s.o.HeapSize}},
		modeldir.SettingsOf(s.o.saved())...)
}

// prepareDir checks the model directory before training, under its lock
// and after the clean-up: a directory of something else is never written
// into, nor one with an unfinished training unless Resume; with Resume the
// checkpoint must load and match this training.
func (s *session) prepareDir() error {
	dir := s.o.Dir
	_, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && s.o.Resume:
		return fmt.Errorf("cannot resume: model directory %s does not exist", dir)
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("model directory %s: %w", dir, err)
	case !s.o.Resume:
		if err := unfinished(dir); err != nil {
			return err
		}
		return replaceable(dir)
	}
	if err := otherKind(dir, formatOf(dir)); err != nil {
		return fmt.Errorf("cannot resume: %w", err)
	}
	path := filepath.Join(dir, fit.CheckpointFile)
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if _, old := os.Stat(filepath.Join(dir, "checkpoint.json")); old == nil {
			return fmt.Errorf("cannot resume: %s holds the checkpoint of an earlier version of d4 (checkpoint.json): train again without --resume", dir)
		}
		return fmt.Errorf("cannot resume: %s does not exist (no unfinished training in %s)", path, dir)
	case err != nil:
		return fmt.Errorf("cannot resume: %w", err)
	}
	loaded, err := Load(dir)
	if err != nil {
		return fmt.Errorf("cannot resume: %w", err)
	}
	if modeldir.SHA256(b) != loaded.Config.Files[fit.CheckpointFile] {
		return fmt.Errorf("cannot resume: %s does not match the checksum in config.json (the directory was copied in part or damaged): train again without --resume", path)
	}
	st, err := fit.UnmarshalCheckpoint(b, s.settings(), loaded.Tensors())
	if err == nil && st.Restart >= max(s.o.Restarts, 1) {
		err = fmt.Errorf("at restart %d of %d", st.Restart+1, s.o.Restarts)
	}
	if err != nil {
		return fmt.Errorf("cannot resume from %s: %w", path, err)
	}
	s.resume = st
	return nil
}

// saveEpoch publishes the directory after an epoch: the best model so far
// (of the restart in training, or of a finished one) and the checkpoint.
func (s *session) saveEpoch(st *fit.State) error {
	r := st.Run
	best := fit.Restart{Seed: s.o.Seed + int64(st.Restart), Epochs: r.Epoch, BestEpoch: r.BestEpoch, Best: r.Best,
		Updates: r.Updates, Seconds: r.UpdateSeconds, Params: r.BestParams, State: r.Method}
	if best.Params == nil {
		best.Params = r.Params
	}
	k := st.Restart
	for i, d := range st.Done {
		if d.Better(best) {
			best, k = d, i
		}
	}
	model, err := s.modelOf(best)
	if err != nil {
		return err
	}
	ck, err := fit.MarshalCheckpoint(st, s.settings(), model.Tensors())
	if err != nil {
		return err
	}
	rep := s.report(best, k)
	rep.TrainSeconds = st.Seconds
	return s.w.publish(model, s.config(rep), ck)
}

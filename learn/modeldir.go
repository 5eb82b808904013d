package learn

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/optim"
	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/interpreter/d4"
)

// A model directory (`d4 train --model DIR`) holds:
//
//	config.json        what the model is: the sketch (its source, verbatim),
//	                   the sizes, the step budget, how it was trained and
//	                   its figures, and the SHA-256 of the weights file
//	model.safetensors  the slots' weights, named slotI.stageJ.W and .b
//	checkpoint.json    while training: the last finished epoch (every
//	                   weight, Adam's state, the finished restarts), for
//	                   `d4 train --resume`; removed when training ends
//
// Every file is written atomically, the weights before config.json; a
// directory whose weights do not match config.json's checksum (a crash
// between the two writes) is refused, never loaded as a mix.

// ConfigFormat names the format of config.json.
const ConfigFormat = "d4-sketch-model/1"

// Config is config.json.
type Config struct {
	Format string `json:"format"`
	d4.Header
	Steps         int               `json:"steps"`
	StaticControl bool              `json:"static_control"`
	WeightsSHA256 string            `json:"weights_sha256"`
	Report        Report            `json:"report"`
	Options       savedOptions      `json:"options"`
	Meta          map[string]string `json:"meta,omitempty"`
}

// savedOptions are the training settings a model and a checkpoint record.
type savedOptions struct {
	Seed        int64   `json:"seed"`
	Restarts    int     `json:"restarts"`
	Batch       int     `json:"batch"`
	LR          float64 `json:"lr"`
	NoiseEta    float64 `json:"noise"`
	WeightDecay float64 `json:"weight_decay"`
	Optim       string  `json:"optim"`
	MaxEpochs   int     `json:"epochs"`
	Patience    int     `json:"patience"`
	Settle      int     `json:"settle"`
}

// differences lists the settings of a resumed training that differ from
// the checkpoint's ("--lr 0.1, now 0.2"); --epochs, --patience and
// --settle may change.
func (a savedOptions) differences(b savedOptions) string {
	return cli.Changes(cli.Compare("--seed", a.Seed, b.Seed), cli.Compare("--restarts", a.Restarts, b.Restarts),
		cli.Compare("--batch", a.Batch, b.Batch), cli.Compare("--lr", a.LR, b.LR), cli.Compare("--noise", a.NoiseEta, b.NoiseEta),
		cli.Compare("--weight-decay", a.WeightDecay, b.WeightDecay), cli.Compare("--optim", a.Optim, b.Optim))
}

func (o Options) saved() savedOptions {
	return savedOptions{Seed: o.Seed, Restarts: o.Restarts, Batch: o.Batch, LR: o.LR, NoiseEta: o.NoiseEta,
		WeightDecay: o.WeightDecay, Optim: o.Optim, MaxEpochs: o.MaxEpochs, Patience: o.Patience, Settle: o.Settle}
}

// Model is a trained sketch: the ∂4 model (the sketch, the sizes, the
// slots' networks) with the step budget it was trained with.
type Model struct {
	*d4.Model
	Steps  int
	Static bool
	Config Config
}

func (s *session) config(rep Report) Config {
	return Config{Report: rep, Options: s.o.saved(), Meta: s.o.Meta}
}

// saveDir writes a model directory: the weights, then config.json.
func saveDir(dir string, m *Model, cfg Config) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("model directory: %w", err)
	}
	var ts []safetensors.Tensor
	for _, p := range m.Params() {
		ts = append(ts, safetensors.Tensor{Name: p.Name, Shape: slices.Clone([]int(p.T.Shape())), Data: p.T.Data().([]float64)})
	}
	b, err := safetensors.Marshal(ts, map[string]string{"format": "d4", "sketch_sha256": d4.SketchHash(m.Sketch)})
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(dir, "model.safetensors"), b); err != nil {
		return err
	}
	cfg.Format, cfg.Header = ConfigFormat, m.Header()
	cfg.Steps, cfg.StaticControl, cfg.WeightsSHA256 = m.Steps, m.Static, sha(b)
	m.Config = cfg
	return writeJSON(filepath.Join(dir, "config.json"), cfg)
}

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return atomicfile.WriteBytes(path, append(b, '\n'))
}

// readJSON reads a JSON file; a missing file is an error wrapping
// fs.ErrNotExist.
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

// Load reads a model: a model directory, or a model file of package d4
// (`tasks --save FILE`). Every missing file or inconsistency is an error
// that names the path and says what is wrong.
func Load(path string) (*Model, error) {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("model %s: no such directory (train one with 'd4 train --model %s')", path, path)
	case err != nil:
		return nil, fmt.Errorf("model %s: %w", path, err)
	case !st.IsDir():
		m, err := d4.LoadModel(path)
		if err != nil {
			return nil, err
		}
		return &Model{Model: m}, nil
	}
	m, err := loadDir(path)
	if err != nil {
		return nil, fmt.Errorf("model %s: %w", path, err)
	}
	return m, nil
}

// loadDir reads a model directory.
func loadDir(path string) (*Model, error) {
	fail := func(err error) (*Model, error) { return nil, err }
	var cfg Config
	if err := readJSON(filepath.Join(path, "config.json"), &cfg); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if _, err := os.Stat(filepath.Join(path, "checkpoint.json")); err == nil {
				return fail(errors.New("no config.json: training has not finished an epoch yet (or resume it with 'd4 train --resume')"))
			}
			return fail(errors.New("no config.json: not a d4 model directory"))
		}
		return fail(err)
	}
	if cfg.Format != ConfigFormat {
		return fail(fmt.Errorf("config.json has format %q, want %q (not a model of 'd4 train')", cfg.Format, ConfigFormat))
	}
	b, err := os.ReadFile(filepath.Join(path, "model.safetensors"))
	if err != nil {
		return fail(err)
	}
	if sha(b) != cfg.WeightsSHA256 {
		return fail(errors.New("model.safetensors does not match the checksum in config.json (a save was interrupted: train again or resume)"))
	}
	m, err := cfg.Header.NewModel()
	if err != nil {
		return fail(fmt.Errorf("config.json: %w", err))
	}
	ts, _, err := safetensors.Unmarshal(b)
	if err != nil {
		return fail(fmt.Errorf("model.safetensors: %w", err))
	}
	if err := setParams(m.Machine, ts); err != nil {
		return fail(fmt.Errorf("model.safetensors: %w", err))
	}
	m.Meta = cfg.Meta
	if m.Meta == nil {
		m.Meta = map[string]string{}
	}
	return &Model{Model: m, Steps: cfg.Steps, Static: cfg.StaticControl, Config: cfg}, nil
}

// setParams copies named tensors into the machine, checking names and
// shapes.
func setParams(m *d4.Machine, ts []safetensors.Tensor) error {
	ps := m.Params()
	if len(ts) != len(ps) {
		return fmt.Errorf("%d tensors, the sketch needs %d", len(ts), len(ps))
	}
	for i, p := range ps {
		if ts[i].Name != p.Name || !slices.Equal(ts[i].Shape, []int(p.T.Shape())) {
			return fmt.Errorf("tensor %d is %s %v, the sketch needs %s %v", i, ts[i].Name, ts[i].Shape, p.Name, p.T.Shape())
		}
		copy(p.T.Data().([]float64), ts[i].Data)
	}
	return nil
}

// checkpoint is checkpoint.json.
type checkpoint struct {
	Format       string          `json:"format"`
	SketchSHA256 string          `json:"sketch_sha256"`
	DataSHA256   string          `json:"data_sha256"`
	ValueSize    int             `json:"value_size"`
	StackSize    int             `json:"stack_size"`
	Options      savedOptions    `json:"options"`
	Seconds      float64         `json:"seconds"`
	Done         []restartResult `json:"done"`
	Restart      int             `json:"restart"`
	Fit          *fitState       `json:"fit,omitempty"`
}

// fitState is a restart after a finished epoch.
type fitState struct {
	Epoch        int         `json:"epoch"`
	Best         float64     `json:"best"`
	BestTrain    float64     `json:"best_train"`
	BestSeq      float64     `json:"best_sequence"`
	BestTrainSeq float64     `json:"best_train_sequence"`
	BestEpoch    int         `json:"best_epoch"`
	Stale        int         `json:"stale"`
	Settled      int         `json:"settled"`
	Updates      int         `json:"updates"`
	Seconds      float64     `json:"seconds"`
	Params       [][]float64 `json:"params"`
	BestParams   [][]float64 `json:"best_params"`
	Adam         optim.State `json:"adam"`
	Steps        int         `json:"steps"`
	Path         []int       `json:"path"`
}

const checkpointFormat = "d4-sketch-checkpoint/1"

// dataHash identifies the training and dev rows of a session.
func (s *session) dataHash() string {
	b, _ := json.Marshal([]any{s.train.Rows, s.dev.Rows})
	return sha(b)
}

// prepareDir checks the model directory before training: a directory of
// something else is never written into; with Resume the checkpoint must
// match this training.
func (s *session) prepareDir() error {
	dir := s.o.Dir
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && s.o.Resume:
		return fmt.Errorf("cannot resume: model directory %s does not exist", dir)
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("model directory %s: %w", dir, err)
	case !st.IsDir():
		return fmt.Errorf("model directory %s: exists and is not a directory", dir)
	}
	ckPath := filepath.Join(dir, "checkpoint.json")
	var ck checkpoint
	ckErr := readJSON(ckPath, &ck)
	if s.o.Resume {
		if ckErr != nil {
			if errors.Is(ckErr, fs.ErrNotExist) {
				return fmt.Errorf("cannot resume: %s does not exist (no unfinished training in %s)", ckPath, dir)
			}
			return fmt.Errorf("cannot resume: %w", ckErr)
		}
		if err := s.checkResume(ck, ckPath); err != nil {
			return err
		}
		s.ck = &ck
		return nil
	}
	if ckErr == nil {
		return fmt.Errorf("model directory %s holds an unfinished training (checkpoint.json): continue it with --resume, or remove the directory", dir)
	}
	var cfg Config
	switch err := readJSON(filepath.Join(dir, "config.json"), &cfg); {
	case err == nil && cfg.Format == ConfigFormat:
		return nil // a model of d4 train: replaced once an epoch finishes
	case err == nil:
		return fmt.Errorf("model directory %s holds a model of another kind (config.json format %q); name another --model", dir, cfg.Format)
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("model directory %s: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("model directory %s: %w", dir, err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("model directory %s exists, is not empty and holds no d4 model (no config.json); name another --model", dir)
	}
	return nil
}

// checkResume checks that a checkpoint comes from this training.
func (s *session) checkResume(ck checkpoint, path string) error {
	switch {
	case ck.Format != checkpointFormat:
		return fmt.Errorf("cannot resume: %s has format %q, want %q", path, ck.Format, checkpointFormat)
	case ck.SketchSHA256 != d4.SketchHash(s.sk.Src):
		return fmt.Errorf("cannot resume: %s was trained on another sketch than %s", path, s.sk.File)
	case ck.DataSHA256 != s.dataHash():
		return fmt.Errorf("cannot resume: %s was trained on other data than %s and %s", path, s.train.File, s.dev.File)
	case ck.ValueSize != s.v || ck.StackSize != s.budget.StackSize:
		return fmt.Errorf("cannot resume: %s has value size %d and stack size %d, this training %d and %d", path, ck.ValueSize, ck.StackSize, s.v, s.budget.StackSize)
	}
	if diff := ck.Options.differences(s.o.saved()); diff != "" {
		return fmt.Errorf("cannot resume: %s was trained with other settings (%s)", path, diff)
	}
	if ck.Restart >= s.o.Restarts || len(ck.Done) != ck.Restart {
		return fmt.Errorf("cannot resume: %s is at restart %d of %d", path, ck.Restart+1, s.o.Restarts)
	}
	return nil
}

// saveEpoch writes the best model so far and the checkpoint after an
// epoch of restart f.
func (s *session) saveEpoch(f *fit) error {
	if s.o.Dir == "" {
		return nil
	}
	cur := f.result()
	best := cur
	for _, r := range s.results {
		if r.better(best) {
			best = r
		}
	}
	m, err := s.modelOf(best)
	if err != nil {
		return err
	}
	seconds := s.elapsed()
	rep := best.Report
	rep.TrainSeconds = seconds
	if err := saveDir(s.o.Dir, m, s.config(rep)); err != nil {
		return err
	}
	ck := checkpoint{Format: checkpointFormat, SketchSHA256: d4.SketchHash(s.sk.Src), DataSHA256: s.dataHash(),
		ValueSize: s.v, StackSize: s.budget.StackSize, Options: s.o.saved(), Seconds: seconds, Done: s.results, Restart: f.k,
		Fit: f.state()}
	return writeJSON(filepath.Join(s.o.Dir, "checkpoint.json"), ck)
}

// elapsed is the training time so far, with that of resumed sessions.
func (s *session) elapsed() float64 {
	t := time.Since(s.start).Seconds()
	if s.ck != nil {
		t += s.ck.Seconds
	}
	return t
}

// state is the restart's checkpoint.
func (f *fit) state() *fitState {
	return &fitState{Epoch: f.epoch, Best: f.best, BestTrain: f.bestTrain, BestSeq: f.bestSeq, BestTrainSeq: f.bestTrainSeq,
		BestEpoch: f.bestEpoch, Stale: f.stale, Settled: f.settled, Updates: f.updates, Seconds: f.seconds + f.spent.Seconds(),
		Params: snapshot(f.m.Machine), BestParams: f.bestParams, Adam: f.tr.Opt.State(), Steps: f.budget.Steps, Path: f.budget.Path}
}

// restore continues a restart from its checkpoint: the weights, Adam, the
// counters, and the shuffling (replayed). Gradient noise is drawn afresh
// (seeded from the seed and the epoch), so with noise a resumed run differs
// from an uninterrupted one; without noise it is the same.
func (f *fit) restore(st *fitState) error {
	f.epoch, f.best, f.bestTrain, f.bestSeq, f.bestTrainSeq = st.Epoch, st.Best, st.BestTrain, st.BestSeq, st.BestTrainSeq
	f.bestEpoch, f.stale, f.settled, f.updates, f.seconds = st.BestEpoch, st.Stale, st.Settled, st.Updates, st.Seconds
	f.bestParams, f.budget.Steps, f.budget.Path = st.BestParams, st.Steps, st.Path
	if len(st.Params) != len(f.m.Params()) {
		return fmt.Errorf("cannot resume: the checkpoint has %d weight tensors, the sketch %d", len(st.Params), len(f.m.Params()))
	}
	for i, p := range f.m.Params() {
		if len(st.Params[i]) != p.T.Shape().TotalSize() {
			return fmt.Errorf("cannot resume: weight tensor %s has %d values in the checkpoint, the sketch needs %d", p.Name, len(st.Params[i]), p.T.Shape().TotalSize())
		}
	}
	restore(f.m.Machine, st.Params)
	if err := f.newTrainer(); err != nil {
		return err
	}
	if err := f.tr.Opt.Restore(st.Adam); err != nil {
		return fmt.Errorf("cannot resume: %w", err)
	}
	f.tr.Opt.Reseed(f.seed*1_000_003 + int64(f.epoch))
	f.rng = rand.New(rand.NewSource(f.seed))
	f.train = f.s.train.examples()
	for range f.epoch {
		f.rng.Shuffle(len(f.train), func(i, j int) { f.train[i], f.train[j] = f.train[j], f.train[i] })
	}
	return nil
}

// removeCheckpoint removes the checkpoint once training has finished.
func removeCheckpoint(dir string) error {
	err := os.Remove(filepath.Join(dir, "checkpoint.json"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing the checkpoint: %w", err)
	}
	return nil
}

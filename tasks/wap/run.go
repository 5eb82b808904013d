package wap

import (
	"time"

	"github.com/d4lang/d4/reader"
)

// RunSpec is a training run of `wap train`: Cfg.Restarts models (seeds
// Cfg.Seed, Cfg.Seed+1, …) of a sketch, trained on Train and selected by
// Dev, each recording Base (what it was trained on) in its config.json.
type RunSpec struct {
	SketchFile, Sketch string
	Vocab              *reader.Vocab
	Train, Dev         []*Problem
	Cfg                TrainConfig // OnBatch and OnEpoch are set by TrainModels
	Base               Config
	Resume             bool // continue each restart from its checkpoint
	// The run's progress, by restart k (from 0); each may be nil.
	OnBatch  func(k, epoch, batch, batches int, loss float64)
	OnEpoch  func(k int, r EpochReport)
	OnResume func(k int, tr *Trainer)
}

// Restart is a finished restart: its best model and that model's
// configuration (TrainSeconds: the restart's whole training time).
type Restart struct {
	Model  *Model
	Config Config
}

// TrainModels trains the run's models into the training directory w,
// publishing it after every epoch and every restart (see TrainingDir), and
// returns the restarts and the directory's final configuration.
func TrainModels(w *TrainingDir, spec RunSpec) ([]Restart, Config, error) {
	w.vocab = spec.Vocab
	spec.Cfg.Restarts = w.restarts
	data := DataHash(spec.Train, spec.Dev)
	var out []Restart
	var final Config
	total := 0.0
	for k := range w.restarts {
		r, err := trainRestart(w, spec, k, data)
		if err != nil {
			return nil, Config{}, err
		}
		total += r.Config.TrainSeconds
		if final, err = w.Finish(k, r.Model, spec.Dev, total); err != nil {
			return nil, Config{}, err
		}
		out = append(out, r)
	}
	return out, final, nil
}

// trainRestart trains restart k (resuming it with spec.Resume) and loads
// its best model from the directory.
func trainRestart(w *TrainingDir, spec RunSpec, k int, data string) (Restart, error) {
	c := spec.Cfg
	c.Seed += int64(k)
	m, err := NewModel(spec.SketchFile, spec.Sketch, spec.Vocab.Size(), c.Lexicon, c.Seed)
	if err != nil {
		return Restart{}, err
	}
	base := spec.Base
	base.Seed, base.Epochs = c.Seed, c.Epochs
	start := time.Now()
	secs := 0.0 // training time of earlier runs
	var tr *Trainer
	c.OnBatch = func(epoch, b, n int, loss float64) {
		if spec.OnBatch != nil {
			spec.OnBatch(k, epoch, b, n, loss)
		}
	}
	c.OnEpoch = func(r EpochReport) error {
		if spec.OnEpoch != nil {
			spec.OnEpoch(k, r)
		}
		var best *Config
		if r.Best {
			best = new(base)
			best.Epoch, best.DevAccuracy, best.DevLoss = r.Epoch, r.DevAcc, r.DevLoss
			best.TrainSeconds = secs + time.Since(start).Seconds()
		}
		return w.Epoch(k, tr, best, data)
	}
	if tr, err = NewTrainer(m, c); err != nil {
		return Restart{}, err
	}
	if spec.Resume {
		old, ok, err := w.Resume(k, tr, data)
		if err != nil {
			return Restart{}, err
		}
		secs = old.TrainSeconds
		if ok && spec.OnResume != nil {
			spec.OnResume(k, tr)
		}
	}
	if err := tr.Train(spec.Train, spec.Dev); err != nil {
		return Restart{}, err
	}
	best, cfg, _, err := LoadModel(w.ModelDir(k))
	if err != nil {
		return Restart{}, err
	}
	cfg.TrainSeconds = secs + time.Since(start).Seconds()
	return Restart{Model: best, Config: cfg}, nil
}

// TestAccuracy is the exact accuracy (Ensemble.ExactAccuracy), in
// percent, of each restart's model alone and of the restarts answering
// together as an ensemble, on problems.
func TestAccuracy(restarts []Restart, problems []*Problem) (each []float64, together float64, err error) {
	e := &Ensemble{}
	for _, r := range restarts {
		acc, err := (&Ensemble{Models: []*Model{r.Model}}).ExactAccuracy(problems)
		if err != nil {
			return nil, 0, err
		}
		e.Models = append(e.Models, r.Model)
		each = append(each, acc)
	}
	together, err = e.ExactAccuracy(problems)
	return each, together, err
}

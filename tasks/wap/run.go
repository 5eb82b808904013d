package wap

import (
	"errors"
	"sync"
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
	Parallel           int  // restarts trained at once (0: all)
	// The run's progress, by restart k (from 0); each may be nil, and
	// each is called from the goroutine that trains restart k.
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
// spec.Parallel of them at a time (all of them when it is 0), publishing
// it after every epoch and every restart (see TrainingDir), and returns
// the restarts and the directory's final configuration. Each restart
// draws only from its own seed, so its model is the same whichever
// restarts train beside it; an error in one stops the others.
func TrainModels(w *TrainingDir, spec RunSpec) ([]Restart, Config, error) {
	w.vocab, w.seed = spec.Vocab, spec.Cfg.Seed
	spec.Cfg.Restarts = w.restarts
	data := DataHash(spec.Train, spec.Dev)
	out := make([]Restart, w.restarts)
	run := &runClock{start: time.Now()}
	err := forEachRestart(w.restarts, spec.Parallel, func(k int, failed func() bool) error {
		r, err := trainRestart(w, spec, k, data, run, failed)
		if err != nil {
			return err
		}
		out[k] = r
		return w.Finish(k, r.Model, spec.Dev, run.seconds())
	})
	if err != nil {
		return nil, Config{}, err
	}
	return out, w.final(), nil
}

// forEachRestart runs f(k) for k in [0, n), parallel of them at a time
// (all of them when parallel is 0; in order, on the caller's goroutine,
// when it is 1), and returns the first error. f is told whether another
// has failed, to stop early.
func forEachRestart(n, parallel int, f func(k int, failed func() bool) error) error {
	if parallel <= 0 || parallel > n {
		parallel = n
	}
	if parallel == 1 {
		for k := range n {
			if err := f(k, func() bool { return false }); err != nil {
				return err
			}
		}
		return nil
	}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	failed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return first != nil
	}
	slots := make(chan struct{}, parallel)
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			if failed() {
				return
			}
			if err := f(k, failed); err != nil {
				mu.Lock()
				if first == nil || errors.Is(first, errStopped) {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}

// errStopped stops a restart because another failed.
var errStopped = errors.New("wap: stopped because another restart failed")

// runClock is a run's training time: this run's wall-clock time and the
// longest that a resumed restart had trained before.
type runClock struct {
	mu      sync.Mutex
	start   time.Time
	resumed float64
}

// resume records that a restart had trained secs before this run.
func (c *runClock) resume(secs float64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.resumed = max(c.resumed, secs)
}

// seconds is the run's training time so far.
func (c *runClock) seconds() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.resumed + time.Since(c.start).Seconds()
}

// trainRestart trains restart k (resuming it with spec.Resume) and loads
// its best model from the directory; it stops when failed says that
// another restart has failed.
func trainRestart(w *TrainingDir, spec RunSpec, k int, data string, run *runClock, failed func() bool) (Restart, error) {
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
	c.OnBatch = func(epoch, b, n int, loss float64) error {
		if spec.OnBatch != nil {
			spec.OnBatch(k, epoch, b, n, loss)
		}
		if failed() {
			return errStopped
		}
		return nil
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
		run.resume(secs)
		if ok && spec.OnResume != nil {
			spec.OnResume(k, tr)
		}
	}
	if err := tr.Train(spec.Train, spec.Dev); err != nil {
		return Restart{}, err
	}
	best, cfg, err := w.load(k)
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

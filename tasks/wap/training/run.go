package training

import (
	"errors"
	"sync"
	"time"

	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
)

// RunSpec is a training run of `wap train`: Cfg.Restarts models (seeds
// Cfg.Seed, Cfg.Seed+1, …) of a sketch, trained on Train and selected by
// Dev, each recording Base (what it was trained on) in its config.json.
type RunSpec struct {
	SketchFile, Sketch string
	Vocab              *reader.Vocab
	Train, Dev         []*model.Problem
	Cfg                TrainConfig
	Base               model.Config
	Resume             bool // continue each restart from its checkpoint
	Parallel           int  // restarts trained at once (0: all)
	// Progress, if set, is told how every restart goes, from the
	// goroutine that trains it.
	Progress learn.Progress
}

// Restart is a finished restart: its best model and that model's
// configuration (TrainSeconds: the restart's whole training time).
type Restart struct {
	Model  *model.Model
	Config model.Config
}

// TrainModels trains the run's models into the training directory w,
// spec.Parallel of them at a time (all of them when it is 0), publishing
// it after every epoch and every restart (see TrainingDir), and returns
// the restarts and the directory's final configuration. Each restart
// draws only from its own seed, so its model is the same whichever
// restarts train beside it; an error in one stops the others.
func TrainModels(w *TrainingDir, spec RunSpec) ([]Restart, model.Config, error) {
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
		return nil, model.Config{}, err
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

// trainRestart trains restart k (resuming it with spec.Resume), which
// publishes the directory after every epoch; it stops when failed says
// that another restart has failed.
func trainRestart(w *TrainingDir, spec RunSpec, k int, data string, run *runClock, failed func() bool) (Restart, error) {
	c := spec.Cfg
	c.Seed += int64(k)
	m, err := model.NewModel(spec.SketchFile, spec.Sketch, spec.Vocab.Size(), c.Lexicon, c.Seed)
	if err == nil && c.QuestionReader {
		err = m.AddQuestionReader(c.Seed + 2)
	}
	if err == nil && c.Vectors != nil {
		_, err = m.UseVectors(c.Vectors, spec.Vocab, c.VectorsFixed)
	}
	if err != nil {
		return Restart{}, err
	}
	if err := m.Supervise(c.Supervise); err != nil {
		return Restart{}, err
	}
	base := spec.Base
	base.Seed, base.Epochs = c.Seed, c.Epochs
	settings := SettingsOf(c, data)
	start := time.Now()
	secs := 0.0 // training time of earlier runs
	r := Run{Progress: spec.Progress, Stop: failed}
	if spec.Resume {
		st, old, err := w.Resume(k, m, settings)
		if err != nil {
			return Restart{}, err
		}
		secs, r.Resume = old.TrainSeconds, st
		run.resume(secs)
	}
	r.Checkpoint = func(st *learn.State) error {
		var best *model.Config
		if b := st.Run.Best; b != nil && st.Run.BestEpoch == st.Run.Epoch {
			best = new(base)
			best.Epoch, best.DevAccuracy, best.DevLoss = st.Run.Epoch, b.Accuracy, b.Figures["dev_loss"]
			best.TrainSeconds = secs + time.Since(start).Seconds()
		}
		return w.Epoch(k, m, st, best, settings)
	}
	if _, err := Train(m, c, spec.Train, spec.Dev, r); err != nil {
		return Restart{}, err
	}
	cfg := w.modelConfig(k)
	cfg.TrainSeconds = secs + time.Since(start).Seconds()
	return Restart{Model: m, Config: cfg}, nil
}

// TestAccuracy is the exact accuracy (answer.Ensemble.ExactAccuracy), in
// percent, of each restart's model alone and of the restarts answering
// together as an ensemble, on problems.
func TestAccuracy(restarts []Restart, problems []*model.Problem) (each []float64, together float64, err error) {
	e := &answer.Ensemble{}
	for _, r := range restarts {
		acc, err := (&answer.Ensemble{Models: []*model.Model{r.Model}}).ExactAccuracy(problems)
		if err != nil {
			return nil, 0, err
		}
		e.Models = append(e.Models, r.Model)
		each = append(each, acc)
	}
	together, err = e.ExactAccuracy(problems)
	return each, together, err
}

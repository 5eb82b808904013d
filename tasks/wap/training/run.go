package training

import (
	"fmt"
	"sync"
	"time"

	"github.com/d4lang/d4/learn/fit"
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
	Progress fit.Progress
}

// Restart is a finished restart: its best model and that model's
// configuration (TrainSeconds: the restart's whole training time).
type Restart struct {
	Model  *model.Model
	Config model.Config
}

// TrainModels trains the run's models into the training directory w with
// the driver's ensemble policy (fit.KeepAll: each restart a run of its
// own, on its own bag, from its own seed), spec.Parallel of them at a time
// (all of them when it is 0), publishing the directory after every epoch
// and every restart (see TrainingDir), and returns the restarts and the
// directory's final configuration. Each restart draws only from its own
// seed, so its model is the same whichever restarts train beside it; an
// error in one stops the others.
func TrainModels(w *TrainingDir, spec RunSpec) ([]Restart, model.Config, error) {
	w.vocab, w.seed = spec.Vocab, spec.Cfg.Seed
	spec.Cfg.Restarts = w.restarts
	if err := spec.Cfg.check(); err != nil {
		return nil, model.Config{}, err
	}
	if len(spec.Train) == 0 {
		return nil, model.Config{}, errNoProblems
	}
	data := DataHash(spec.Train, spec.Dev)
	epoch, epochs := spec.Cfg.epochProblems(spec.Train)
	n := len(epoch)
	out := make([]Restart, w.restarts)
	members := make([]*member, w.restarts)
	clock := &runClock{start: time.Now()}
	fc := spec.Cfg.fitConfig(epochs)
	fc.Restarts, fc.Keep, fc.Parallel, fc.Progress = w.restarts, fit.KeepAll, spec.Parallel, spec.Progress
	newMethod := func(k int, seed int64) (fit.Method, error) {
		mb, err := newMember(spec, seed, data)
		if err != nil {
			return nil, err
		}
		if len(mb.meth.train) != n {
			return nil, fmt.Errorf("wap: restart %d's epoch holds %d problems, not %d", k+1, len(mb.meth.train), n)
		}
		members[k] = mb
		return mb.meth, nil
	}
	fc.Resume = func(k int, _ fit.Method) (*fit.State, error) {
		if !spec.Resume {
			return nil, nil
		}
		mb := members[k]
		st, old, err := w.Resume(k, mb.m, mb.settings)
		if err != nil {
			return nil, err
		}
		mb.earlier = old.TrainSeconds
		clock.resume(mb.earlier)
		return st, nil
	}
	fc.Checkpoint = func(st *fit.State) error {
		k := st.Member
		mb := members[k]
		var best *model.Config
		if b := st.Run.Best; b != nil && st.Run.BestEpoch == st.Run.Epoch {
			best = new(mb.base)
			best.Epoch, best.DevAccuracy, best.DevLoss = st.Run.Epoch, b.Accuracy, b.Figures["dev_loss"]
			best.TrainSeconds = mb.seconds()
		}
		return w.Epoch(k, mb.m, st, best, mb.settings)
	}
	fc.Finished = func(k int, _ fit.Restart) error {
		mb := members[k]
		cfg := w.modelConfig(k)
		cfg.TrainSeconds = mb.seconds()
		out[k] = Restart{Model: mb.m, Config: cfg}
		return w.Finish(k, mb.m, spec.Dev, clock.seconds())
	}
	if _, err := fit.Run(newMethod, n, fc, nil); err != nil {
		return nil, model.Config{}, err
	}
	return out, w.final(), nil
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

// member is a restart of a run: its model and method, what its
// config.json records (base, settings), and its training time.
type member struct {
	m        *model.Model
	meth     *method
	base     model.Config
	settings model.Settings
	start    time.Time
	earlier  float64 // training time of earlier runs
}

// newMember builds the untrained restart with seed of the run spec on
// data (DataHash).
func newMember(spec RunSpec, seed int64, data string) (*member, error) {
	c := spec.Cfg
	c.Seed = seed
	m, err := model.NewModel(spec.SketchFile, spec.Sketch, spec.Vocab.Size(), c.Lexicon, c.Seed)
	if err == nil && c.QuestionReader {
		err = m.AddQuestionReader(c.Seed + 2)
	}
	if err == nil && c.Prior {
		err = m.AddPrior()
	}
	if err == nil && c.Vectors != nil {
		_, err = m.UseVectors(c.Vectors, spec.Vocab, c.VectorsFixed)
	}
	if err != nil {
		return nil, err
	}
	if err := m.Supervise(c.Supervise); err != nil {
		return nil, err
	}
	base := spec.Base
	base.Seed, base.Epochs = c.Seed, c.Epochs
	return &member{m: m, meth: newMethod(m, c, spec.Train, spec.Dev), base: base, settings: SettingsOf(c, data), start: time.Now()}, nil
}

// seconds is the restart's training time so far.
func (mb *member) seconds() float64 { return mb.earlier + time.Since(mb.start).Seconds() }

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

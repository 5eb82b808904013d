package training

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
)

// TrainingDir is a model directory that a training run writes. It holds
// the directory's lock for the run, and after every epoch publishes a
// whole new version of the directory (see the model directory's layout):
// the restart's checkpoint, its best model so far, and a config.json that
// describes the model the directory holds at that moment. With one
// restart the directory is that model; with several it is an ensemble
// whose members are the restarts finished in this run (the restart
// that last finished an epoch alone while none has finished), and whose
// dev accuracy is measured when a restart finishes. Until the end,
// config.json says "complete": false. Restarts may train at once: the
// methods take turns.
type TrainingDir struct {
	Dir      string
	restarts int
	vocab    *reader.Vocab // set by TrainModels
	seed     int64         // the run's seed (the first restart's), set by TrainModels
	w        *modeldir.Writer
	mu       sync.Mutex     // guards what follows and the directory's versions
	models   []model.Config // each restart's model's config.json (Format "": none yet)
	members  []int          // the restarts finished in this run, in the order of their seeds
	top      model.Config   // an ensemble's config.json
}

// OpenTrainingDir takes the lock of the model directory dir for a run of
// restarts models, removes what a killed run left, and checks what dir
// holds: nothing, a model of wap (replaced once an epoch finishes), or,
// with resume, a model of this version with checkpoints. Anything else is
// an error that says what is there.
func OpenTrainingDir(dir string, restarts int, resume bool) (*TrainingDir, error) {
	w := &TrainingDir{Dir: dir, restarts: restarts, models: make([]model.Config, restarts)}
	mw, err := modeldir.Create(dir, !resume, func() error { return w.check(resume) })
	if err != nil {
		return nil, err
	}
	w.w = mw
	return w, nil
}

// check checks what the (cleaned) directory holds.
func (w *TrainingDir) check(resume bool) error {
	entries, err := os.ReadDir(w.Dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && resume:
		return fmt.Errorf("cannot resume: model directory %s does not exist", w.Dir)
	case errors.Is(err, fs.ErrNotExist), err == nil && len(entries) == 0 && !resume:
		return nil
	case err != nil:
		return fmt.Errorf("model directory %s: %w", w.Dir, err)
	}
	var cfg model.Config
	err = model.ReadConfig(w.Dir, &cfg)
	if err == nil || !resume && errors.Is(err, model.ErrOldModel) {
		return nil // a model: replaced as training goes
	}
	if resume {
		return fmt.Errorf("cannot resume: model %s: %w", w.Dir, err)
	}
	return fmt.Errorf("model directory %s exists and holds no model of wap (%v): name another --model, or remove it", w.Dir, err)
}

// Close releases the directory's lock.
func (w *TrainingDir) Close() { w.w.Close() }

// sub is the version of restart k's model within a version of the
// directory.
func (w *TrainingDir) sub(v *modeldir.Version, k int) (*modeldir.Version, error) {
	if w.restarts == 1 {
		return v, nil
	}
	return v.Member(model.MemberName(k))
}

// ModelDir is the directory of restart k's model.
func (w *TrainingDir) ModelDir(k int) string {
	if w.restarts == 1 {
		return w.Dir
	}
	return filepath.Join(w.Dir, model.MemberName(k))
}

// Resume reads the checkpoint of restart k (model m, trained with
// settings) and returns it with the configuration of its best model so
// far; a member of an ensemble that had not published an epoch yet (no
// directory: restarts train at once, in any order) starts afresh (a nil
// state).
func (w *TrainingDir) Resume(k int, m *model.Model, settings model.Settings) (*fit.State, model.Config, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	dir := w.ModelDir(k)
	if _, err := os.Stat(dir); w.restarts > 1 && errors.Is(err, fs.ErrNotExist) {
		return nil, model.Config{}, nil
	}
	st, err := readCheckpoint(dir, m, settings)
	if err != nil {
		return nil, model.Config{}, err
	}
	var cfg model.Config
	if err := model.ReadConfig(dir, &cfg); err != nil {
		return nil, model.Config{}, fmt.Errorf("cannot resume: model %s: %w", dir, err)
	}
	w.models[k] = cfg
	return st, cfg, nil
}

// Epoch publishes the directory after an epoch of restart k (model m in
// training, state st): its checkpoint and, when best is not nil (the best
// epoch so far, with the configuration to record), its model.
func (w *TrainingDir) Epoch(k int, m *model.Model, st *fit.State, best *model.Config, settings model.Settings) error {
	ck, err := fit.MarshalCheckpoint(st, named(settings, d4.SketchHash(m.Machine.Sketch)), m.Named())
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var weights []byte
	cfg := w.models[k]
	if best != nil {
		if weights, err = m.Weights(); err != nil {
			return err
		}
		cfg = *best
		cfg.Training = new(settings)
	}
	if best == nil && cfg.Format == "" {
		return errors.New("wap: the first epoch of a run must be its best so far")
	}
	cfg.Complete = false
	var top model.Config
	err = w.w.Publish(true, func(v *modeldir.Version) error {
		sub, err := w.sub(v, k)
		if err != nil {
			return err
		}
		if err := sub.WriteFile(model.CheckpointFile, ck); err != nil {
			return err
		}
		if cfg, err = model.WriteModel(sub, m, cfg, w.vocab, weights); err != nil || w.restarts == 1 || len(w.members) > 0 {
			return err
		}
		// While no restart has finished, this one is the ensemble.
		top = w.ensembleConfig(cfg, cfg.DevAccuracy, cfg.DevLoss, false)
		top, err = model.WriteEnsemble(v, top, m, []string{model.MemberName(k)}, w.vocab)
		return err
	})
	if err != nil {
		return err
	}
	w.models[k] = cfg
	if top.Format != "" {
		w.top = top
	}
	return nil
}

// modelConfig is the configuration of restart k's model.
func (w *TrainingDir) modelConfig(k int) model.Config {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.models[k]
}

// ensembleConfig is the configuration of an ensemble of models like m,
// with the run's seed.
func (w *TrainingDir) ensembleConfig(m model.Config, devAcc, devLoss float64, complete bool) model.Config {
	cfg := m
	cfg.Epoch, cfg.DevAccuracy, cfg.DevLoss, cfg.Restarts, cfg.Complete = 0, devAcc, devLoss, w.restarts, complete
	cfg.Seed = w.seed
	if m.Training != nil {
		cfg.Training = new(*m.Training)
		cfg.Training.Seed = w.seed
	}
	return cfg
}

// final is the directory's configuration: the ensemble's, or with one
// restart its model's.
func (w *TrainingDir) final() model.Config {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.restarts == 1 {
		return w.models[0]
	}
	return w.top
}

// Finish publishes the directory after restart k has finished (model m,
// the restart's best): its config.json says so and, with several
// restarts, the ensemble grows by it (its members in the restarts' order),
// its dev accuracy measured on dev; seconds is the run's training time so
// far. final gives the directory's configuration afterwards.
func (w *TrainingDir) Finish(k int, m *model.Model, dev []*model.Problem, seconds float64) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	cfg := w.models[k]
	cfg.Complete = true
	members := slices.Sorted(slices.Values(append(slices.Clone(w.members), k)))
	var names []string
	top := model.Config{}
	if w.restarts > 1 {
		e := &answer.Ensemble{}
		for _, j := range members {
			names = append(names, model.MemberName(j))
			if j == k {
				e.Models = append(e.Models, m)
				continue
			}
			mj, _, _, err := model.LoadModel(w.ModelDir(j))
			if err != nil {
				return err
			}
			e.Models = append(e.Models, mj)
		}
		acc, err := e.ExactAccuracy(dev)
		if err != nil {
			return err
		}
		top = w.ensembleConfig(cfg, acc, 0, len(members) == w.restarts)
		top.TrainSeconds = seconds
	}
	err := w.w.Publish(true, func(v *modeldir.Version) error {
		sub, err := w.sub(v, k)
		if err != nil {
			return err
		}
		if cfg, err = model.WriteModel(sub, m, cfg, w.vocab, nil); err != nil || w.restarts == 1 {
			return err
		}
		top, err = model.WriteEnsemble(v, top, m, names, w.vocab)
		return err
	})
	if err != nil {
		return err
	}
	w.models[k], w.members = cfg, members
	if w.restarts > 1 {
		w.top = top
	}
	return nil
}

// Recipe is what a run would train into a model directory, as config.json
// records it: the sketch (SketchFile, SketchHash), the data (Data,
// DataDir) and the settings (Training, whose Data is the data's
// checksum, DataHash).
func Recipe(sketchFile, sketchHash string, base model.Config, settings model.Settings) model.Config {
	base.SketchFile, base.SketchHash, base.Training = sketchFile, sketchHash, &settings
	return base
}

// CheckReplace refuses to replace, unless asked for, a model that the
// directory dir holds and that another recipe made: one trained with
// another sketch, on other data or with other settings (now, a Recipe).
// Nothing, a model of the same recipe (the same run again), or a model of
// an earlier version (which no command can load) is replaced. The error
// says what the directory holds, what this run would write, what differs
// and the flag that replaces it.
func CheckReplace(dir string, now model.Config) error {
	var was model.Config
	if err := model.ReadConfig(dir, &was); err != nil {
		return nil // nothing there, or a model of an earlier version
	}
	differ := []string{}
	if was.SketchHash != now.SketchHash {
		differ = append(differ, "sketch")
	}
	if was.Training == nil {
		differ = append(differ, "settings (not recorded)")
	} else {
		sketchless := func(s model.Settings) modeldir.Settings { return named(s, "") }
		a, b := sketchless(*was.Training), sketchless(*now.Training)
		for i := range a {
			if i < len(b) && fmt.Sprint(a[i].Value) != fmt.Sprint(b[i].Value) {
				differ = append(differ, a[i].Name)
			}
		}
	}
	if len(differ) == 0 {
		return nil
	}
	return fmt.Errorf("model directory %s holds a model of %s trained on %s by another run; this run would replace it with one of %s trained on %s (they differ in %s): give --force to replace it, or name another --model",
		dir, filepath.Base(was.SketchFile), dataOf(was), filepath.Base(now.SketchFile), dataOf(now), strings.Join(differ, ", "))
}

// dataOf says what a model was trained on: "cc data (data/prepared)".
func dataOf(cfg model.Config) string {
	s := cfg.Data + " data"
	if cfg.DataDir != "" {
		s += " (" + cfg.DataDir + ")"
	}
	return s
}

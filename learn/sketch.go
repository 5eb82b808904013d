package learn

import (
	"encoding/json"
	"fmt"
	"math/rand"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn/fit"
)

// sketchMethod is a ∂4 sketch as the driver trains it (Method, Stateful):
// batches run on d4.Trainer's graphs, and after every epoch the dev rows
// (and, when they may matter, the training rows) run with hybrid
// execution. When the control flow depends on the slots and no step
// budget was given, the budget grows to the longest path the slots'
// current decisions take on a training input.
type sketchMethod struct {
	m          *d4.Model
	budget     Budget
	grow       bool
	mode       d4.Mode
	tr         *d4.Trainer
	train, dev []data.Example
	order      []int          // the training examples in the order of this epoch's batches
	batch      []data.Example // reused
}

func newSketchMethod(m *d4.Model, b Budget, o Options, train, dev data.Set) *sketchMethod {
	s := &sketchMethod{m: m, budget: b, grow: !b.Static && o.Steps == 0, mode: o.Optim, train: train.Rows, dev: dev.Rows}
	s.newTrainer()
	return s
}

// newTrainer (re)builds the trainer for the current budget.
func (s *sketchMethod) newTrainer() {
	s.tr = d4.NewTrainer(s.m.Machine, d4.TrainerConfig{Steps: s.budget.Steps, Mode: s.mode, Path: s.budget.Path})
}

// Model is the model in training.
func (s *sketchMethod) Model() *d4.Model { return s.m }

// Params are the slots' weights.
func (s *sketchMethod) Params() [][]float64 { return s.m.ParamData() }

// Gradient runs a batch of training rows on ∂4.
func (s *sketchMethod) Gradient(batch []int, _ *rand.Rand) (float64, [][]float64, error) {
	s.batch = s.batch[:0]
	for _, i := range batch {
		s.batch = append(s.batch, s.train[i])
	}
	s.order = append(s.order, batch...)
	return s.tr.Gradient(s.batch)
}

// Evaluate scores the dev rows' Hamming accuracy with hybrid execution;
// ties go to the training accuracy, measured only when the epoch may be
// the best (or the budget may grow). Perfect is both at 100%.
func (s *sketchMethod) Evaluate(epoch int, best *fit.Score) (fit.Score, error) {
	dev, err := Evaluate(s.m, s.dev, Hybrid, 0, 0, nil)
	if err != nil {
		return fit.Score{}, err
	}
	candidate := best == nil || dev.Hamming >= best.Accuracy
	var train Accuracy
	if candidate || s.grow {
		trainExs := make([]data.Example, len(s.order))
		for i, k := range s.order {
			trainExs[i] = s.train[k]
		}
		if train, err = Evaluate(s.m, trainExs, Hybrid, 0, 0, nil); err != nil {
			return fit.Score{}, err
		}
	}
	s.order = s.order[:0]
	if s.grow && train.MaxSteps > s.budget.Steps {
		lim := RunLimits(len(train.Longest), s.m.Sizes.L, 0, 0)
		path, err := hybridPath(s.m, train.Longest, lim)
		if err != nil {
			return fit.Score{}, err
		}
		if work := float64(len(path)) * float64(s.m.Sizes.Len()); work > MaxTrainWork {
			return fit.Score{}, fmt.Errorf("the slots' paths grew to %d steps of a state of %d floats: %.2g float-steps on a training example, more than the %.0e that ∂4 trains in reasonable time; give a smaller --steps",
				len(path), s.m.Sizes.Len(), work, MaxTrainWork)
		}
		s.budget.Steps, s.budget.Path = len(path), path
		s.newTrainer()
	}
	trainAcc := -1.0
	if candidate {
		trainAcc = train.Hamming
	}
	return fit.Score{Accuracy: dev.Hamming, Tie: []float64{trainAcc}, Perfect: dev.Hamming >= 100 && trainAcc >= 100,
		Figures: map[string]float64{"dev_sequence": dev.Sequence, "train_accuracy": trainAcc, "train_sequence": train.Sequence}}, nil
}

// budgetState is what a checkpoint keeps of the method: its step budget.
type budgetState struct {
	Steps int   `json:"steps"`
	Path  []int `json:"path"`
}

// MarshalState records the step budget.
func (s *sketchMethod) MarshalState() ([]byte, error) {
	return json.Marshal(budgetState{Steps: s.budget.Steps, Path: s.budget.Path})
}

// UnmarshalState restores a recorded step budget.
func (s *sketchMethod) UnmarshalState(b []byte) error {
	var st budgetState
	if err := json.Unmarshal(b, &st); err != nil {
		return fmt.Errorf("the step budget: %w", err)
	}
	if st.Steps < 1 {
		return fmt.Errorf("the step budget is %d", st.Steps)
	}
	s.budget.Steps, s.budget.Path = st.Steps, st.Path
	s.newTrainer()
	return nil
}

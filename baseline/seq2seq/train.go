package seq2seq

import (
	"math/rand"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/learn/fit"
)

// evalEvery is how often (in epochs) Train measures the dev accuracy, as
// the paper's baseline is selected: every 10 epochs and after the last.
const evalEvery = 10

// Train trains a model of cfg on train with package learn/fit's driver
// (Config.Epochs epochs, shuffled each epoch by a stream seeded with
// cfg.Seed) and keeps the parameters of the best dev Hamming accuracy
// (Evaluate), measured every 10 epochs and after the last. progress may be
// nil.
func Train(cfg Config, train, dev []data.Example, progress fit.Progress) (*Model, fit.Result, error) {
	var m *Model
	newMethod := func(k int, seed int64) (fit.Method, error) {
		var err error
		if m, err = New(cfg); err != nil {
			return nil, err
		}
		return m.Method(train, dev)
	}
	fc := fit.Config{Config: cfg.Config, Batch: cfg.Batch, Epochs: cfg.Epochs, EvalEvery: evalEvery, Seed: cfg.Seed,
		Randomness: fit.StreamPerm, Progress: progress}
	res, err := fit.Run(newMethod, len(train), fc, nil)
	if m == nil && err != nil {
		return nil, res, err
	}
	return m, res, err
}

// Method returns the model as package learn/fit's driver trains it: on the
// pairs of train (which must share their lengths), scored by the Hamming
// accuracy on dev (percent; ties keep the earlier epoch).
func (m *Model) Method(train, dev []data.Example) (fit.Method, error) {
	if _, _, err := m.checkPairs(train); err != nil {
		return nil, err
	}
	return &method{m: m, train: train, dev: dev}, nil
}

// method is a Model with its data (fit.Method).
type method struct {
	m          *Model
	train, dev []data.Example
	batch      []data.Example // reused
}

func (t *method) Params() [][]float64 { return t.m.Params() }

func (t *method) Gradient(batch []int, _ *rand.Rand) (float64, [][]float64, error) {
	t.batch = t.batch[:0]
	for _, i := range batch {
		t.batch = append(t.batch, t.train[i])
	}
	return t.m.lossGrad(t.batch)
}

func (t *method) Evaluate(epoch int, best *fit.Score) (fit.Score, error) {
	h, _, err := Evaluate(t.m, t.dev)
	return fit.Score{Accuracy: 100 * h}, err
}

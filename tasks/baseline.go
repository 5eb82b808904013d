package tasks

import (
	"fmt"
	"math/rand"

	"github.com/d4lang/d4/baseline/seq2seq"
)

// Seq2SeqRun is the Seq2Seq baseline (package seq2seq) trained on a task's
// dataset.
type Seq2SeqRun struct {
	Model      *seq2seq.Model
	DevHamming float64 // the dev Hamming accuracy of the parameters kept, in percent
}

// TrainSeq2Seq trains the Seq2Seq baseline with cfg for cfg.Epochs epochs
// on ds.Train, shuffled by a stream seeded with seed, and keeps the
// parameters of the epoch with the best dev Hamming accuracy (checked
// every 10 epochs and after the last). progress, when set, is called after
// every epoch with the dev accuracy in percent where it was checked, else
// -1.
func TrainSeq2Seq(ds Dataset, cfg seq2seq.Config, seed int64, progress func(epoch int, devHamming float64)) (*Seq2SeqRun, error) {
	m, err := seq2seq.New(cfg)
	if err != nil {
		return nil, err
	}
	train, dev := pairs(ds.Train), pairs(ds.Dev)
	rng := rand.New(rand.NewSource(seed))
	best := -1.0
	var bestParams [][]float64
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		if _, err := m.TrainEpoch(train, rng); err != nil {
			return nil, fmt.Errorf("epoch %d: %w", epoch, err)
		}
		dh := -1.0
		if epoch%10 == 0 || epoch == cfg.Epochs {
			h, _, err := seq2seq.Evaluate(m, dev)
			if err != nil {
				return nil, err
			}
			if dh = 100 * h; h > best {
				best, bestParams = h, m.Snapshot()
			}
		}
		if progress != nil {
			progress(epoch, dh)
		}
	}
	m.Restore(bestParams)
	return &Seq2SeqRun{Model: m, DevHamming: 100 * best}, nil
}

// pairs converts examples to the baseline's pairs.
func pairs(exs []Example) []seq2seq.Pair {
	out := make([]seq2seq.Pair, len(exs))
	for i, ex := range exs {
		out[i] = seq2seq.Pair{Input: ex.Input, Target: ex.Target}
	}
	return out
}

// PredictAll decodes every example greedily, as many values as the first
// example's target has (the examples of a split have one length).
func (r *Seq2SeqRun) PredictAll(exs []Example) ([][]int, error) {
	if len(exs) == 0 {
		return nil, nil
	}
	inputs := make([][]int, len(exs))
	for i, ex := range exs {
		inputs[i] = ex.Input
	}
	return r.Model.Predict(inputs, len(exs[0].Target))
}

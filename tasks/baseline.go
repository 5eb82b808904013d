package tasks

import (
	"github.com/d4lang/d4/baseline/seq2seq"
	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/learn/fit"
)

// Seq2SeqRun is the Seq2Seq baseline (package seq2seq) trained on a task's
// dataset.
type Seq2SeqRun struct {
	Model      *seq2seq.Model
	DevHamming float64 // the dev Hamming accuracy of the parameters kept, in percent
}

// TrainSeq2Seq trains the Seq2Seq baseline (seq2seq.Train) with cfg on
// ds.Train, keeping the parameters of the best dev Hamming accuracy.
// progress may be nil.
func TrainSeq2Seq(ds Dataset, cfg seq2seq.Config, progress fit.Progress) (*Seq2SeqRun, error) {
	m, res, err := seq2seq.Train(cfg, pairs(ds.Train), pairs(ds.Dev), progress)
	if err != nil {
		return nil, err
	}
	return &Seq2SeqRun{Model: m, DevHamming: res.Best.Accuracy}, nil
}

// pairs converts examples to the baseline's pairs.
func pairs(exs []data.Example) []data.Example {
	out := make([]data.Example, len(exs))
	for i, ex := range exs {
		out[i] = data.Example{Input: ex.Input, Output: ex.Output}
	}
	return out
}

// PredictAll decodes every example greedily, as many values as the first
// example's target has (the examples of a split have one length).
func (r *Seq2SeqRun) PredictAll(exs []data.Example) ([][]int, error) {
	if len(exs) == 0 {
		return nil, nil
	}
	inputs := make([][]int, len(exs))
	for i, ex := range exs {
		inputs[i] = ex.Input
	}
	return r.Model.Predict(inputs, len(exs[0].Output))
}

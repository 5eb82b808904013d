package main

import (
	"fmt"
	"io"
	"math/rand"
	"time"

	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/seq2seq"
)

// trainSeq2seq trains the Seq2Seq baseline with the paper's settings
// (500 epochs unless --epochs), keeping the parameters of the epoch with
// the best dev accuracy (checked every 10 epochs).
func trainSeq2seq(task string, f cellFlags, ds tasks.Dataset, stderr io.Writer) (trained, error) {
	res := tasks.Result{Task: task, Model: "seq2seq", TrainLen: f.trainLen, TestLen: f.testLen, Seed: f.seed, TrainExamples: len(ds.Train),
		ReverseSource: f.reverseSource}
	vocab := tasks.ValueSize(units(task, f.trainLen), units(task, f.testLen))
	cfg := seq2seq.DefaultConfig(vocab)
	cfg.Seed, cfg.ReverseSource = f.seed, f.reverseSource
	if f.epochs > 0 {
		cfg.Epochs = f.epochs
	}
	if f.batch > 0 {
		cfg.Batch = f.batch
	}
	if f.lr > 0 {
		cfg.LearningRate = f.lr
	}
	m, err := seq2seq.New(cfg)
	if err != nil {
		return trained{res: res}, err
	}
	pairs := func(exs []tasks.Example) []seq2seq.Pair {
		out := make([]seq2seq.Pair, len(exs))
		for i, ex := range exs {
			out[i] = seq2seq.Pair{Input: ex.Input, Target: ex.Target}
		}
		return out
	}
	train, dev := pairs(ds.Train), pairs(ds.Dev)
	rng := rand.New(rand.NewSource(f.seed))
	bar := newBar(stderr, cfg.Epochs, fmt.Sprintf("%s/seq2seq train %d", task, f.trainLen))
	start := time.Now()
	best := -1.0
	var bestParams [][]float64
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		if _, err := m.TrainEpoch(train, rng); err != nil {
			return trained{res: res}, fmt.Errorf("epoch %d: %w", epoch, err)
		}
		bar.Set(epoch)
		if epoch%10 == 0 || epoch == cfg.Epochs {
			h, _, err := seq2seq.Evaluate(m, dev)
			if err != nil {
				return trained{res: res}, err
			}
			bar.Describe(fmt.Sprintf("%s/seq2seq epoch %d dev %.1f%%", task, epoch, 100*h))
			if h > best {
				best, bestParams = h, m.Snapshot()
			}
		}
	}
	bar.Finish()
	m.Restore(bestParams)
	res.TrainSeconds = time.Since(start).Seconds()
	res.Epochs, res.DevHamming, res.ValueSize = cfg.Epochs, 100*best, vocab
	return trained{
		res: res,
		predict: func(exs []tasks.Example) ([][]int, error) {
			var inputs [][]int
			for _, ex := range exs {
				inputs = append(inputs, ex.Input)
			}
			if len(exs) == 0 {
				return nil, nil
			}
			return m.Predict(inputs, len(exs[0].Target))
		},
	}, nil
}

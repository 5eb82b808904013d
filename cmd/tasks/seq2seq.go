package main

import (
	"fmt"
	"io"
	"time"

	"github.com/d4lang/d4/baseline/seq2seq"
	"github.com/d4lang/d4/cmd/internal/trainbar"
	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks"
)

// trainSeq2seq trains the Seq2Seq baseline (tasks.TrainSeq2Seq) with the
// paper's settings (500 epochs unless --epochs) and a progress bar.
func trainSeq2seq(f cellFlags, ds tasks.Dataset, stderr io.Writer) (trained, error) {
	t, task := f.e.task, f.e.task.Name
	res := tasks.Result{Task: task, Model: seq2seqModel.String(), TrainLen: f.trainLen, TestLen: f.testLen, Seed: f.seed, TrainExamples: len(ds.Train),
		ReverseSource: f.reverseSource}
	vocab := tasks.ValueSize(t.Units(f.trainLen), t.Units(f.testLen))
	cfg := seq2seq.DefaultConfig(vocab)
	cfg.Seed, cfg.ReverseSource = f.seed, f.reverseSource
	cfg.Epochs = f.epochs.Or(cfg.Epochs)
	cfg.Batch = f.batch.Or(cfg.Batch)
	cfg.LR = f.lr.Or(cfg.LR)
	perEpoch := (len(ds.Train) + cfg.Batch - 1) / cfg.Batch
	bar := &trainbar.Bar{W: stderr, Label: fmt.Sprintf("%s/seq2seq train %d", task, f.trainLen), Total: cfg.Epochs * perEpoch}
	start := time.Now()
	run, err := tasks.TrainSeq2Seq(ds, cfg, bar)
	if err != nil {
		return trained{res: res}, err
	}
	bar.Finish()
	res.TrainSeconds = time.Since(start).Seconds()
	res.Epochs, res.DevHamming, res.ValueSize = cfg.Epochs, run.DevHamming, vocab
	predict := func(exs []data.Example, _ func()) ([][]int, error) { return run.PredictAll(exs) }
	return trained{res: res, predict: predict}, nil
}

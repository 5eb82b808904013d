package main

import (
	"fmt"
	"io"
	"time"

	"github.com/d4lang/d4/baseline/seq2seq"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/tasks"
)

// trainSeq2seq trains the Seq2Seq baseline (tasks.TrainSeq2Seq) with the
// paper's settings (500 epochs unless --epochs) and a progress bar.
func trainSeq2seq(task string, f cellFlags, ds tasks.Dataset, stderr io.Writer) (trained, error) {
	res := tasks.Result{Task: task, Model: "seq2seq", TrainLen: f.trainLen, TestLen: f.testLen, Seed: f.seed, TrainExamples: len(ds.Train),
		ReverseSource: f.reverseSource}
	t := taskCmds[task].task
	vocab := tasks.ValueSize(t.Units(f.trainLen), t.Units(f.testLen))
	cfg := seq2seq.DefaultConfig(vocab)
	cfg.Seed, cfg.ReverseSource = f.seed, f.reverseSource
	if f.epochs > 0 {
		cfg.Epochs = f.epochs
	}
	if f.batch > 0 {
		cfg.Batch = f.batch
	}
	if f.lr > 0 {
		cfg.LR = f.lr
	}
	perEpoch := (len(ds.Train) + cfg.Batch - 1) / cfg.Batch
	bar := &cli.TrainingBar{W: stderr, Label: fmt.Sprintf("%s/seq2seq train %d", task, f.trainLen), Total: cfg.Epochs * perEpoch}
	start := time.Now()
	run, err := tasks.TrainSeq2Seq(ds, cfg, bar)
	if err != nil {
		return trained{res: res}, err
	}
	bar.Finish()
	res.TrainSeconds = time.Since(start).Seconds()
	res.Epochs, res.DevHamming, res.ValueSize = cfg.Epochs, run.DevHamming, vocab
	return trained{res: res, predict: run.PredictAll}, nil
}

// Package trainbar draws a training run of the driver (package learn/fit)
// on a progress bar on stderr (package internal/cli's Bar): Bar is the
// fit.Progress of every command that trains (d4 train, tasks, wap train),
// and StopReason says in words why a restart stopped early.
package trainbar

import (
	"fmt"
	"io"
	"sync"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/learn/fit"
)

// Bar draws a training run on a progress bar on stderr: it is the
// fit.Progress of every command that trains. The bar counts updates and
// is drawn from the first one on (a command that fails before it trains
// prints its error line alone); its description tells the epoch and its
// loss, and after each epoch the dev accuracy. With Lines, every
// evaluated epoch is also a line of its own, marked * when it is its
// restart's best so far: a log of the run. Restarts that train at once
// take turns. Not on a terminal (a log), the bar is a line every few
// seconds (cli.Bar) and one after every evaluated epoch. A restart that stops
// before its last epoch (its patience ran out, or its scores settled at
// 100%) takes the updates it will not make from the bar's total, and says
// so: the bar ends full, telling where each restart stopped.
type Bar struct {
	W        io.Writer // stderr
	Label    string    // what is trained, before every description ("training", "sort/compare")
	Total    int       // the updates of the whole run, at most
	Restarts int       // restarts trained: above 1, a description names its restart's seed
	Lines    bool      // a line per evaluated epoch
	ETA      bool      // show an estimate of the time left
	mu       sync.Mutex
	pb       *cli.Bar
	batches  map[int]int // each restart's updates an epoch
}

// bar returns the bar, drawing it first if need be.
func (b *Bar) bar() *cli.Bar {
	if b.pb == nil {
		b.pb = cli.NewBar(b.W, b.Total, b.Label, b.ETA)
	}
	return b.pb
}

// who names a restart when there are several.
func (b *Bar) who(seed int64) string {
	if b.Restarts > 1 {
		return fmt.Sprintf("seed %d, ", seed)
	}
	return ""
}

// Update counts an update.
func (b *Bar) Update(u fit.Update) {
	b.mu.Lock()
	defer b.mu.Unlock()
	pb := b.bar()
	pb.Add(1)
	if b.batches == nil {
		b.batches = map[int]int{}
	}
	b.batches[u.Restart] = u.Batches
	pb.Describe(fmt.Sprintf("%s %sepoch %d/%d loss %.3f", b.Label, b.who(u.Seed), u.Epoch, u.Epochs, u.Loss))
}

// Epoch shows an epoch's dev accuracy, and with Lines writes its line.
func (b *Bar) Epoch(e fit.EpochEnd) {
	b.mu.Lock()
	defer b.mu.Unlock()
	pb := b.bar()
	desc := fmt.Sprintf("%s %sepoch %d dev %.1f%%", b.Label, b.who(e.Seed), e.Epoch, e.Score.Accuracy)
	early := e.Last && e.Epoch < e.Epochs
	if early {
		pb.Shrink((e.Epochs - e.Epoch) * b.batches[e.Restart])
		desc += fmt.Sprintf("; stopped after epoch %d of at most %d: %s", e.Epoch, e.Epochs, StopReason(e.Stop))
	}
	pb.Describe(desc)
	if !b.Lines {
		pb.Line()
		return
	}
	pb.Clear()
	mark := ""
	if e.Best {
		mark = " *"
	}
	extra := ""
	if x, ok := e.Score.Figures["train_accuracy"]; ok {
		extra += fmt.Sprintf(", train %.1f%%", x)
	}
	extra += fmt.Sprintf(", dev %.1f%%", e.Score.Accuracy)
	if x, ok := e.Score.Figures["dev_loss"]; ok {
		extra += fmt.Sprintf(" (loss %.4f)", x)
	}
	fmt.Fprintf(b.W, "%sepoch %d: loss %.4f%s (%.1fs)%s\n", b.who(e.Seed), e.Epoch, e.Loss, extra, e.Seconds, mark)
	if early {
		fmt.Fprintf(b.W, "%sstopped after epoch %d of at most %d: %s\n", b.who(e.Seed), e.Epoch, e.Epochs, StopReason(e.Stop))
	}
}

// StopReason says why a restart stopped before its last epoch: "dev and
// training accuracy at 100%", or its patience ran out.
func StopReason(stop fit.Stop) string {
	switch stop {
	case fit.StopSettled:
		return "dev and training accuracy at 100%"
	case fit.StopPatience:
		return "no better dev accuracy for --patience epochs"
	}
	return stop.String()
}

// Resumed counts the updates a resumed restart had made and says so.
func (b *Bar) Resumed(r fit.Resumed) {
	b.mu.Lock()
	defer b.mu.Unlock()
	pb := b.bar()
	pb.Add(r.Updates)
	pb.Clear()
	best := ""
	if r.Best != nil {
		best = fmt.Sprintf(" (best dev %.1f%% at epoch %d)", r.Best.Accuracy, r.BestEpoch)
	}
	fmt.Fprintf(b.W, "%sresuming after epoch %d%s\n", b.who(r.Seed), r.Epoch, best)
}

// Describe draws the bar with a description of the work before the first
// update (building the graphs, which takes minutes for long inputs).
func (b *Bar) Describe(s string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.bar().Describe(s)
}

// Finish clears the bar, if it was drawn.
func (b *Bar) Finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.pb != nil {
		b.pb.Finish()
	}
}

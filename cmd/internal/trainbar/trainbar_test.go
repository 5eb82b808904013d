package trainbar

import (
	"bytes"
	"strings"
	"testing"

	"github.com/d4lang/d4/learn/fit"
)

// Not on a terminal, a bar writes a line after every evaluated
// epoch (with Lines, the epoch's own line instead), and nothing else
// within LogEvery.
func TestBarLog(t *testing.T) {
	for _, lines := range []bool{false, true} {
		var buf bytes.Buffer
		b := &Bar{W: &buf, Label: "training", Total: 4, Lines: lines}
		for epoch := 1; epoch <= 2; epoch++ {
			for batch := 1; batch <= 2; batch++ {
				b.Update(fit.Update{Epoch: epoch, Epochs: 2, Batch: batch, Batches: 2, Loss: 0.5})
			}
			b.Epoch(fit.EpochEnd{Epoch: epoch, Epochs: 2, Loss: 0.5, Score: fit.Score{Accuracy: 50}, Seconds: 1})
		}
		b.Finish()
		want := "training epoch 1 dev 50.0% 50% (2/4)\ntraining epoch 2 dev 50.0% 100% (4/4)\n"
		if lines {
			want = "epoch 1: loss 0.5000, dev 50.0% (1.0s)\nepoch 2: loss 0.5000, dev 50.0% (1.0s)\n"
		}
		if buf.String() != want || strings.Contains(buf.String(), "\r") {
			t.Errorf("Lines %v: log %q, want %q", lines, buf.String(), want)
		}
	}
}

// A restart that stops before its last epoch takes the updates it will
// not make from the bar's total, so that the bar ends full, and says why
// it stopped; a run of all its epochs says nothing more.
func TestBarStopsEarly(t *testing.T) {
	tests := []struct {
		name  string
		lines bool
		stop  fit.Stop
		last  int // the last epoch trained, of at most 10
		want  string
	}{
		{"settled", false, fit.StopSettled, 2, "training epoch 1 dev 50.0% 10% (2/20)\ntraining epoch 2 dev 50.0%; stopped after epoch 2 of at most 10: dev and training accuracy at 100% 100% (4/4)\n"},
		{"patience", false, fit.StopPatience, 1, "training epoch 1 dev 50.0%; stopped after epoch 1 of at most 10: no better dev accuracy for --patience epochs 100% (2/2)\n"},
		{"patience, lines", true, fit.StopPatience, 1, "epoch 1: loss 0.5000, dev 50.0% (1.0s)\nstopped after epoch 1 of at most 10: no better dev accuracy for --patience epochs\n"},
		{"all epochs", false, fit.StopEpochs, 10, "training epoch 10 dev 50.0% 100% (20/20)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			b := &Bar{W: &buf, Label: "training", Total: 20, Lines: tt.lines}
			for epoch := 1; epoch <= tt.last; epoch++ {
				for batch := 1; batch <= 2; batch++ {
					b.Update(fit.Update{Epoch: epoch, Epochs: 10, Batch: batch, Batches: 2, Loss: 0.5})
				}
				b.Epoch(fit.EpochEnd{Epoch: epoch, Epochs: 10, Loss: 0.5, Score: fit.Score{Accuracy: 50}, Seconds: 1, Last: epoch == tt.last, Stop: tt.stop})
			}
			b.Finish()
			got := buf.String()
			if tt.name == "all epochs" {
				lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
				got = lines[len(lines)-1] + "\n"
			}
			if got != tt.want {
				t.Errorf("log %q, want %q", got, tt.want)
			}
		})
	}
}

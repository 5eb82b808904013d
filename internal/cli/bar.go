package cli

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// NewBar returns a progress bar of total steps on w (stderr), described by
// desc, showing the count, with an estimate of the time left when eta is
// set; it is redrawn at most every 100 ms (a redraw per step floods a
// redirected log) and cleared when finished.
func NewBar(w io.Writer, total int, desc string, eta bool) *progressbar.ProgressBar {
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetPredictTime(eta),
		progressbar.OptionClearOnFinish())
}

// LazyBar is a progress bar (NewBar, without an estimate) drawn from its
// first use on, so that a command that fails before its work starts
// prints its error line alone.
type LazyBar struct {
	W    io.Writer // where it is drawn (stderr)
	Max  int       // its total steps
	Desc string    // its first description
	pb   *progressbar.ProgressBar
}

// Bar returns the bar, drawing it first if it is not yet drawn.
func (b *LazyBar) Bar() *progressbar.ProgressBar {
	if b.pb == nil {
		b.pb = NewBar(b.W, b.Max, b.Desc, false)
	}
	return b.pb
}

// Finish clears the bar, if it was drawn.
func (b *LazyBar) Finish() {
	if b.pb != nil {
		b.pb.Finish()
	}
}

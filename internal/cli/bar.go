package cli

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// LogEvery is how often a Bar that does not write to a terminal writes a
// line: a log (stderr redirected to a file) gets a line every few
// seconds, not a redraw a step.
const LogEvery = 5 * time.Second

// Bar is a progress bar on stderr. On a terminal it is redrawn in place
// (a carriage return, at most every 100 ms) and cleared when finished;
// anywhere else (a file, a pipe) it writes its state as a line of its own
// at most every LogEvery, and when told to (Line).
type Bar struct {
	pb *progressbar.ProgressBar // on a terminal, else nil

	w     io.Writer
	total int
	mu    sync.Mutex
	desc  string
	n     int
	last  time.Time        // when the last line was written (or the bar made)
	now   func() time.Time // the clock (tests set it)
}

// NewBar returns a progress bar of total steps on w (stderr), described by
// desc, showing the count, with an estimate of the time left when eta is
// set (on a terminal).
func NewBar(w io.Writer, total int, desc string, eta bool) *Bar {
	if !IsTerminal(w) {
		return &Bar{w: w, total: total, desc: desc, now: time.Now, last: time.Now()}
	}
	return &Bar{pb: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetPredictTime(eta),
		progressbar.OptionClearOnFinish())}
}

// IsTerminal reports whether w (or the writer a LineWriter writes to) is a
// terminal.
func IsTerminal(w io.Writer) bool {
	for {
		lw, ok := w.(*LineWriter)
		if !ok {
			break
		}
		w = lw.W
	}
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(int(f.Fd()))
}

// Add counts n more steps.
func (b *Bar) Add(n int) {
	if b.pb != nil {
		b.pb.Add(n)
		return
	}
	b.update(func() { b.n += n }, false)
}

// Set sets the count of steps.
func (b *Bar) Set(n int) {
	if b.pb != nil {
		b.pb.Set(n)
		return
	}
	b.update(func() { b.n = n }, false)
}

// Shrink takes n steps from the total: work that will not be done (a
// training that stops before its last epoch).
func (b *Bar) Shrink(n int) {
	if b.pb != nil {
		b.pb.ChangeMax(max(b.pb.GetMax()-n, 0))
		return
	}
	b.update(func() { b.total = max(b.total-n, 0) }, false)
}

// Describe changes the description.
func (b *Bar) Describe(desc string) {
	if b.pb != nil {
		b.pb.Describe(desc)
		return
	}
	b.update(func() { b.desc = desc }, false)
}

// Line writes the bar's state as a line now (not on a terminal, where the
// bar shows it).
func (b *Bar) Line() {
	if b.pb == nil {
		b.update(func() {}, true)
	}
}

// update applies change and writes a line when forced or when LogEvery
// has passed since the last.
func (b *Bar) update(change func(), force bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	change()
	if now := b.now(); force || now.Sub(b.last) >= LogEvery {
		b.last = now
		pct := 0
		if b.total > 0 {
			pct = 100 * b.n / b.total
		}
		fmt.Fprintf(b.w, "%s %d%% (%d/%d)\n", b.desc, pct, b.n, b.total)
	}
}

// Clear clears the bar from a terminal (before a line of its own).
func (b *Bar) Clear() {
	if b.pb != nil {
		b.pb.Clear()
	}
}

// Finish clears the bar from a terminal.
func (b *Bar) Finish() {
	if b.pb != nil {
		b.pb.Finish()
	}
}

// LazyBar is a progress bar (NewBar, without an estimate) drawn from its
// first use on, so that a command that fails before its work starts
// prints its error line alone.
type LazyBar struct {
	W    io.Writer // where it is drawn (stderr)
	Max  int       // its total steps
	Desc string    // its first description
	pb   *Bar
}

// Bar returns the bar, drawing it first if it is not yet drawn.
func (b *LazyBar) Bar() *Bar {
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

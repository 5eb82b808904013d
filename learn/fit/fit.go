package fit

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"sync"
	"time"

	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/optim"
)

// Method is a model that Run trains: ∂4 sketches (package learn), the
// word-problem model (package tasks/wap/model) and the Seq2Seq baseline
// each implement it. Run owns everything around it: epochs, the order of
// the examples, the optimiser, the choice of the best epoch, patience,
// restarts and checkpoints.
type Method interface {
	// Params are the parameters the optimiser updates, in a fixed order
	// (the method's own slices: Run updates them in place).
	Params() [][]float64
	// Gradient returns the mean loss on a batch of training examples
	// (indices into the method's training set, in the order Run drew)
	// and its gradient with respect to Params, which the method owns
	// until the next call. rng is the epoch's random stream: a method
	// may draw from it, in batch order (word dropout).
	Gradient(batch []int, rng *rand.Rand) (loss float64, grads [][]float64, err error)
	// Evaluate scores the parameters after epoch (from 1). best is the
	// best score so far (nil before the first): a method may skip work
	// that cannot change Run's choice.
	Evaluate(epoch int, best *Score) (Score, error)
}

// Stateful is a Method with state of its own, besides its parameters,
// that a checkpoint keeps and a finished restart reports (a sketch's step
// budget, which grows while it trains).
type Stateful interface {
	Method
	MarshalState() ([]byte, error)
	UnmarshalState([]byte) error
}

// Score is what a method's evaluation says of the parameters after an
// epoch. Run keeps the parameters of the best epoch: the highest
// Accuracy, then the highest Tie values in order, the earlier epoch
// winning a full tie; restarts are compared the same way.
type Score struct {
	Accuracy float64   `json:"accuracy"` // percent, on the dev data
	Tie      []float64 `json:"tie,omitempty"`
	// Perfect says that nothing is left to learn (dev and training
	// accuracy at 100%): Config.Settle counts from the first such epoch.
	Perfect bool `json:"perfect,omitempty"`
	// Figures are the method's other figures of the epoch, kept with the
	// best one for its report.
	Figures map[string]float64 `json:"figures,omitempty"`
}

// Better reports whether s beats t.
func (s Score) Better(t Score) bool {
	if s.Accuracy != t.Accuracy {
		return s.Accuracy > t.Accuracy
	}
	for i := range min(len(s.Tie), len(t.Tie)) {
		if s.Tie[i] != t.Tie[i] {
			return s.Tie[i] > t.Tie[i]
		}
	}
	return false
}

// Randomness says how Run draws an epoch's order of the examples and the
// gradient noise from Config.Seed (restart k: Seed+k).
type Randomness int

const (
	// PerEpoch draws each epoch's order, and what the method draws from
	// the epoch's stream, from a source seeded by the seed and the epoch,
	// and reseeds the gradient noise likewise: a resumed run is the
	// uninterrupted one, bit for bit. The word-problem model's.
	PerEpoch Randomness = iota
	// Stream shuffles the examples in place every epoch (an epoch's order
	// is the previous one's, shuffled) with one source seeded by the
	// seed, and the gradient noise is one stream; on resume the shuffles
	// are replayed and the noise is reseeded from the seed and the epoch.
	// The order of `d4 train` and the paper's tasks.
	Stream
	// StreamPerm draws each epoch's order as a fresh permutation from one
	// source seeded by the seed; otherwise as Stream. The Seq2Seq
	// baseline's.
	StreamPerm
)

// Config is how Run trains.
type Config struct {
	optim.Config
	Batch  int // examples per update (the last batch of an epoch may be smaller)
	Epochs int // epochs at most
	// Patience stops a restart after this many evaluations without a
	// better score (0: never).
	Patience int
	// Settle keeps training this many epochs after the first Perfect
	// score, keeping the latest parameters while the score stays
	// perfect: the margins of the decisions grow.
	Settle int
	// EvalEvery evaluates after every EvalEvery-th epoch and after the
	// last (0 or 1: after every epoch).
	EvalEvery  int
	Seed       int64
	Restarts   int // models trained, seeds Seed, Seed+1, … (0: one)
	Randomness Randomness
	// Keep is what Run makes of the restarts: it keeps the best one
	// (KeepBest), or all of them as the members of an ensemble (KeepAll).
	Keep Policy
	// Parallel, with KeepAll, trains this many restarts at once (0: all
	// of them; 1: one after another, on the caller's goroutine).
	Parallel int
	// Resume, with KeepAll, gives the state from which restart k (its
	// method m) continues (nil: it starts afresh).
	Resume func(k int, m Method) (*State, error)
	// Finished, if set, is told of every restart that finished without
	// an error (r.Params: its kept parameters, which its method holds);
	// with KeepAll it is called from the goroutine that trained it, while
	// others may train. An error fails the run.
	Finished func(k int, r Restart) error
	// Progress, if set, is told of every update and every epoch.
	Progress Progress
	// Checkpoint, if set, is called after every finished epoch with the
	// run's state (for a model directory); an error stops training.
	Checkpoint func(*State) error
}

// Check reports a setting out of range.
func (c Config) Check() error {
	if err := c.Config.Check(); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		n    int
		min  int
	}{{"batch size", c.Batch, 1}, {"number of epochs", c.Epochs, 1}, {"patience", c.Patience, 0}, {"settle", c.Settle, 0},
		{"evaluation interval", c.EvalEvery, 0}, {"number of restarts", c.Restarts, 0}, {"number of restarts at once", c.Parallel, 0}} {
		if f.n < f.min {
			return fmt.Errorf("the %s must be at least %d, got %d", f.name, f.min, f.n)
		}
	}
	if c.Keep != KeepBest && c.Keep != KeepAll {
		return fmt.Errorf("unknown restart policy %d", c.Keep)
	}
	for _, f := range []struct {
		name   string
		n, max int
	}{{"batch size", c.Batch, MaxBatch}, {"number of epochs", c.Epochs, MaxEpochs}, {"number of restarts", c.Restarts, MaxRestarts}} {
		if f.n > f.max {
			return fmt.Errorf("the %s must be at most %d, got %d", f.name, f.max, f.n)
		}
	}
	return nil
}

// Policy is what Run makes of its restarts.
type Policy int

const (
	// KeepBest trains the restarts one after another as one run (one
	// State, one checkpoint that holds the finished restarts' parameters)
	// and keeps the best by its best epoch's score (Restart.Better).
	KeepBest Policy = iota
	// KeepAll trains the restarts as the members of an ensemble, each a
	// run of its own: its own State (Member names it), checkpoint and
	// resume (Config.Resume), Config.Parallel of them at once. Every one
	// is kept (Result.Methods); an error of one stops the others before
	// their next update (ErrStopped) and is the run's error.
	KeepAll
)

// ErrStopped stops a restart of an ensemble because another one failed.
var ErrStopped = errors.New("stopped because another restart failed")

// MaxRestarts, MaxEpochs and MaxBatch bound Config's restarts, epochs and
// batch size (what a run can do in a human lifetime, and what sizes the
// epochs' batches without overflow).
const (
	MaxRestarts = 1000
	MaxEpochs   = 1_000_000
	MaxBatch    = 1 << 24
)

// Stop says why a restart stopped.
type Stop int

const (
	StopEpochs   Stop = iota // it trained Config.Epochs epochs
	StopPatience             // Config.Patience evaluations brought no better score
	StopSettled              // the score stayed perfect for Config.Settle epochs
	StopFailed               // an error stopped it (Run returns the error)
)

var stopNames = enum.Names[Stop]{What: "stop reason", Names: []string{StopEpochs: "epochs", StopPatience: "patience", StopSettled: "settled", StopFailed: "failed"}}

// String names the reason.
func (s Stop) String() string { return stopNames.String(s) }

// MarshalText writes the reason's name.
func (s Stop) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a reason's name.
func (s *Stop) UnmarshalText(b []byte) error { return stopNames.Unmarshal(s, b) }

// Restart is a finished restart.
type Restart struct {
	Seed      int64       `json:"seed"`
	Epochs    int         `json:"epochs"`     // epochs trained
	BestEpoch int         `json:"best_epoch"` // the epoch whose parameters are kept (0: none evaluated)
	Best      *Score      `json:"best"`       // its score
	Stop      Stop        `json:"stop"`
	Updates   int         `json:"updates"`
	Seconds   float64     `json:"update_seconds"` // time spent in updates
	Params    [][]float64 `json:"-"`              // the kept parameters
	// State is the method's state (Stateful) at the restart's end.
	State []byte `json:"state,omitempty"`
}

// Result is what Run returns: the kept restart, whose parameters are in
// its method, and every restart.
type Result struct {
	Restart
	Index    int       // the kept restart (from 0), with KeepAll the best
	Method   Method    // its method, holding the kept parameters
	Restarts []Restart // all restarts, in order
	// Methods, with KeepAll, are every restart's method by index, each
	// holding its kept parameters (nil: a restart that did not start).
	Methods []Method
	Seconds float64 // the whole run's training time, earlier sessions included
}

// Run trains methods made by newMethod (one per restart k, with seed
// Config.Seed+k) on n training examples each and keeps the best restart
// by its best epoch's score, or with KeepAll every one. It resumes from
// state when that is not nil (KeepBest; with KeepAll each restart resumes
// from its own, Config.Resume). An error of any restart ends the run with
// that error (with the result of the restarts so far, when there are
// any).
func Run(newMethod func(k int, seed int64) (Method, error), n int, cfg Config, state *State) (Result, error) {
	if err := cfg.Check(); err != nil {
		return Result{}, err
	}
	if n < 1 {
		return Result{}, errors.New("no training examples")
	}
	if cfg.Keep == KeepAll {
		if state != nil {
			return Result{}, errors.New("the restarts of an ensemble resume each from its own state (Config.Resume)")
		}
		return runAll(newMethod, n, cfg)
	}
	r := &run{cfg: cfg, n: n, start: time.Now(), restarts: max(cfg.Restarts, 1)}
	first := 0
	if state != nil {
		r.done, r.earlier, first = state.Done, state.Seconds, state.Restart
	}
	for k := first; k < r.restarts; k++ {
		var resume *RunState
		if state != nil && k == state.Restart {
			resume = &state.Run
		}
		m, err := newMethod(k, cfg.Seed+int64(k))
		if err == nil {
			err = r.restart(m, k, resume)
		}
		if err == nil && cfg.Finished != nil {
			err = cfg.Finished(k, r.done[k])
		}
		if err != nil {
			return r.result(), err
		}
	}
	return r.result(), nil
}

// runAll trains the restarts as an ensemble's members (KeepAll), each a
// run of one restart.
func runAll(newMethod func(k int, seed int64) (Method, error), n int, cfg Config) (Result, error) {
	start := time.Now()
	restarts := max(cfg.Restarts, 1)
	runs := make([]*run, restarts)
	err := forEach(restarts, cfg.Parallel, func(k int, failed func() bool) error {
		r := &run{cfg: cfg, n: n, start: time.Now(), restarts: 1, member: true, failed: failed}
		runs[k] = r
		m, err := newMethod(k, cfg.Seed+int64(k))
		if err != nil {
			return err
		}
		var resume *RunState
		if cfg.Resume != nil {
			st, err := cfg.Resume(k, m)
			switch {
			case err != nil:
				return err
			case st != nil && (st.Restart != 0 || len(st.Done) > 0):
				return fmt.Errorf("cannot resume restart %d: its state is at restart %d of a run, not a member's own", k+1, st.Restart+1)
			case st != nil:
				r.earlier, resume = st.Seconds, &st.Run
			}
		}
		if err := r.restart(m, k, resume); err != nil {
			return err
		}
		if cfg.Finished != nil {
			return cfg.Finished(k, r.done[0])
		}
		return nil
	})
	res := Result{Restarts: make([]Restart, restarts), Methods: make([]Method, restarts), Index: -1}
	earlier := 0.0
	for k, r := range runs {
		if r == nil || len(r.done) == 0 {
			continue
		}
		res.Restarts[k], res.Methods[k] = r.done[0], r.methods[0]
		earlier = max(earlier, r.earlier)
		if res.Index < 0 || r.done[0].Better(res.Restarts[res.Index]) {
			res.Index = k
		}
	}
	if res.Index >= 0 {
		res.Restart, res.Method = res.Restarts[res.Index], res.Methods[res.Index]
	} else {
		res.Index = 0
	}
	res.Seconds = earlier + time.Since(start).Seconds()
	return res, err
}

// forEach runs f(k) for k in [0, n), parallel of them at a time (all of
// them when parallel is 0; in order, on the caller's goroutine, when it is
// 1), and returns the first error that is not ErrStopped, if any. f is
// told whether another has failed, to stop early.
func forEach(n, parallel int, f func(k int, failed func() bool) error) error {
	if parallel <= 0 || parallel > n {
		parallel = n
	}
	if parallel == 1 {
		for k := range n {
			if err := f(k, func() bool { return false }); err != nil {
				return err
			}
		}
		return nil
	}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	failed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return first != nil
	}
	slots := make(chan struct{}, parallel)
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			if failed() {
				return
			}
			if err := f(k, failed); err != nil {
				mu.Lock()
				if first == nil || errors.Is(first, ErrStopped) {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return first
}

// run is one call of Run.
type run struct {
	cfg      Config
	n        int
	restarts int
	start    time.Time
	earlier  float64 // training time of earlier sessions
	done     []Restart
	methods  []Method // the finished restarts' methods, by index
	// member says that the run is one restart of an ensemble (KeepAll),
	// which stops before an update when failed says another has failed.
	member bool
	failed func() bool
}

func (r *run) seconds() float64 { return r.earlier + time.Since(r.start).Seconds() }

// result is the best finished restart.
func (r *run) result() Result {
	if len(r.done) == 0 {
		return Result{Seconds: r.seconds()}
	}
	best := 0
	for k, d := range r.done {
		if d.Better(r.done[best]) {
			best = k
		}
	}
	res := Result{Restart: r.done[best], Index: best, Restarts: r.done, Seconds: r.seconds()}
	if best < len(r.methods) {
		res.Method = r.methods[best]
	}
	return res
}

// Better reports whether restart r beats t by their best scores (a
// restart with no score loses).
func (r Restart) Better(t Restart) bool {
	switch {
	case r.Best == nil:
		return false
	case t.Best == nil:
		return true
	}
	return r.Best.Better(*t.Best)
}

// restart trains restart k, method m, from its checkpoint when resume is
// not nil.
func (r *run) restart(m Method, k int, resume *RunState) error {
	seed := r.cfg.Seed + int64(k)
	f := &training{run: r, k: k, m: m, seed: seed, settled: -1}
	f.adam = optim.New(m.Params(), r.cfg.Config, seed)
	f.order = make([]int, r.n)
	for i := range f.order {
		f.order[i] = i
	}
	f.stream = rand.New(rand.NewSource(seed))
	if resume != nil {
		if err := f.resume(resume); err != nil {
			return fmt.Errorf("cannot resume: %w", err)
		}
	}
	for len(r.methods) < len(r.done) {
		r.methods = append(r.methods, nil) // restarts finished in an earlier session
	}
	err := f.loop()
	fin, ferr := f.finish(err)
	if ferr != nil && err == nil {
		err = ferr
	}
	r.done = append(r.done, fin)
	r.methods = append(r.methods, m)
	return err
}

// training is the training of one restart.
type training struct {
	run     *run
	k       int
	m       Method
	seed    int64
	adam    *optim.Adam
	order   []int      // the examples' order (Stream: shuffled in place)
	stream  *rand.Rand // Stream and StreamPerm: the run's one source
	spent   time.Duration
	earlier float64 // update seconds of earlier sessions

	epoch, updates, bestEpoch, stale, settled int
	best                                      *Score
	bestParams                                [][]float64
	stop                                      Stop
}

// loop trains epochs until a stopping rule holds.
func (f *training) loop() error {
	cfg := f.run.cfg
	for f.epoch < cfg.Epochs {
		start := time.Now()
		loss, err := f.trainEpoch()
		if err != nil {
			return err
		}
		f.epoch++
		if f.evaluates() {
			sc, err := f.m.Evaluate(f.epoch, f.best)
			if err != nil {
				return fmt.Errorf("epoch %d: %w", f.epoch, err)
			}
			f.keep(sc)
			if cfg.Progress != nil {
				stop, last := f.stopping()
				cfg.Progress.Epoch(EpochEnd{Restart: f.k, Seed: f.seed, Epoch: f.epoch, Epochs: cfg.Epochs, Loss: loss,
					Score: sc, Best: f.bestEpoch == f.epoch, Seconds: time.Since(start).Seconds(), Method: f.m, Last: last, Stop: stop})
			}
		}
		if cfg.Checkpoint != nil {
			if err := cfg.Checkpoint(f.state()); err != nil {
				return err
			}
		}
		if stop, last := f.stopping(); last && stop != StopEpochs {
			f.stop = stop
			return nil
		}
	}
	f.stop = StopEpochs
	return nil
}

// stopping reports whether the epoch just finished is the restart's last,
// and why: the score stayed perfect long enough, patience ran out, or it
// was the last of Config.Epochs.
func (f *training) stopping() (Stop, bool) {
	cfg := f.run.cfg
	switch {
	case f.settled >= cfg.Settle:
		return StopSettled, true
	case cfg.Patience > 0 && f.stale >= cfg.Patience:
		return StopPatience, true
	case f.epoch >= cfg.Epochs:
		return StopEpochs, true
	}
	return StopEpochs, false
}

// evaluates reports whether the epoch just finished is evaluated.
func (f *training) evaluates() bool {
	every := max(f.run.cfg.EvalEvery, 1)
	return f.epoch%every == 0 || f.epoch == f.run.cfg.Epochs
}

// epochOrder returns the order of the next epoch and its random stream.
func (f *training) epochOrder() ([]int, *rand.Rand) {
	switch f.run.cfg.Randomness {
	case Stream:
		f.stream.Shuffle(len(f.order), func(i, j int) { f.order[i], f.order[j] = f.order[j], f.order[i] })
		return f.order, f.stream
	case StreamPerm:
		return f.stream.Perm(len(f.order)), f.stream
	}
	epoch := int64(f.epoch + 1)
	rng := rand.New(rand.NewSource(f.seed*7919 + epoch))
	f.adam.Reseed(f.seed*104729 + epoch)
	return rng.Perm(len(f.order)), rng
}

// trainEpoch runs one epoch of updates and returns its mean loss.
func (f *training) trainEpoch() (float64, error) {
	cfg := f.run.cfg
	order, rng := f.epochOrder()
	perEpoch := (len(order) + cfg.Batch - 1) / cfg.Batch
	total := 0.0
	for b := range perEpoch {
		batch := order[b*cfg.Batch : min(len(order), (b+1)*cfg.Batch)]
		start := time.Now()
		loss, err := f.update(batch, rng)
		f.spent += time.Since(start)
		if err != nil {
			return 0, fmt.Errorf("epoch %d, batch %d: %w", f.epoch+1, b+1, err)
		}
		f.updates++
		total += loss
		if cfg.Progress != nil {
			cfg.Progress.Update(Update{Restart: f.k, Seed: f.seed, Epoch: f.epoch + 1, Epochs: cfg.Epochs, Batch: b + 1, Batches: perEpoch, Loss: loss})
		}
	}
	return total / float64(perEpoch), nil
}

// update takes one optimiser step on a batch.
func (f *training) update(batch []int, rng *rand.Rand) (float64, error) {
	if f.run.failed != nil && f.run.failed() {
		return 0, ErrStopped
	}
	loss, grads, err := f.m.Gradient(batch, rng)
	if err != nil {
		return loss, err
	}
	if math.IsNaN(loss) || math.IsInf(loss, 0) {
		return loss, fmt.Errorf("update %d: %w (loss %v)", f.adam.Steps()+1, optim.ErrNotFinite, loss)
	}
	if _, err := f.adam.Update(grads); err != nil {
		return loss, fmt.Errorf("update %d: %w", f.adam.Steps()+1, err)
	}
	return loss, nil
}

// keep keeps the parameters when the epoch's score is the best so far,
// and counts the epochs without a better score and the settled ones.
func (f *training) keep(sc Score) {
	if f.best == nil || sc.Better(*f.best) || f.settled >= 0 && sc.Perfect {
		f.best, f.bestEpoch, f.stale = &sc, f.epoch, 0
		f.bestParams = copyParams(f.m.Params())
	} else {
		f.stale++
	}
	if f.best.Perfect {
		f.settled++
	}
}

// finish restores the best parameters and describes the finished restart.
func (f *training) finish(err error) (Restart, error) {
	if err != nil {
		f.stop = StopFailed
	}
	if f.bestParams != nil {
		setParams(f.m.Params(), f.bestParams)
	}
	d := Restart{Seed: f.seed, Epochs: f.epoch, BestEpoch: f.bestEpoch, Best: f.best, Stop: f.stop, Updates: f.updates,
		Seconds: f.earlier + f.spent.Seconds(), Params: copyParams(f.m.Params())}
	if s, ok := f.m.(Stateful); ok {
		var serr error
		if d.State, serr = s.MarshalState(); serr != nil {
			return d, serr
		}
	}
	return d, nil
}

// copyParams copies parameter slices.
func copyParams(ps [][]float64) [][]float64 {
	out := make([][]float64, len(ps))
	for i, p := range ps {
		out[i] = append([]float64(nil), p...)
	}
	return out
}

// setParams copies src into the parameter slices dst.
func setParams(dst, src [][]float64) {
	for i := range dst {
		copy(dst[i], src[i])
	}
}

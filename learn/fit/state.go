package fit

import (
	"fmt"

	"github.com/d4lang/d4/optim"
)

// State is a run after a finished epoch: what a checkpoint keeps so that
// Run can continue exactly where it stopped (see Randomness for what a
// resumed run draws afresh).
type State struct {
	Restart int       // the restart in training (from 0)
	Done    []Restart // the restarts finished before it, with their parameters
	Run     RunState  // the restart in training
	Seconds float64   // the run's training time so far, earlier sessions included
	// Member, with KeepAll, is the restart whose own run this is (Restart
	// is then 0 and Done empty); a checkpoint does not record it.
	Member int
}

// RunState is a restart after a finished epoch.
type RunState struct {
	Epoch         int     `json:"epoch"` // epochs finished
	Updates       int     `json:"updates"`
	BestEpoch     int     `json:"best_epoch"`
	Best          *Score  `json:"best"`
	Stale         int     `json:"stale"`   // evaluations since the best
	Settled       int     `json:"settled"` // epochs settled (−1: not settling)
	UpdateSeconds float64 `json:"update_seconds"`
	// Method is the method's own state (Stateful), if any.
	Method     []byte      `json:"method,omitempty"`
	Params     [][]float64 `json:"-"` // the parameters after the epoch
	BestParams [][]float64 `json:"-"` // the best epoch's (nil: none yet)
	Adam       optim.State `json:"-"` // the optimiser's moments and step count
}

// state is the restart's state after its last finished epoch.
func (f *training) state() *State {
	rs := RunState{Epoch: f.epoch, Updates: f.updates, BestEpoch: f.bestEpoch, Best: f.best, Stale: f.stale, Settled: f.settled,
		UpdateSeconds: f.earlier + f.spent.Seconds(), Params: copyParams(f.m.Params()), BestParams: f.bestParams, Adam: f.adam.State()}
	if s, ok := f.m.(Stateful); ok {
		rs.Method, _ = s.MarshalState() // checked when the restart finishes
	}
	if f.run.member {
		return &State{Member: f.k, Done: f.run.done, Run: rs, Seconds: f.run.seconds()}
	}
	return &State{Restart: f.k, Done: f.run.done, Run: rs, Seconds: f.run.seconds()}
}

// resume continues the restart from its state: the parameters, the
// optimiser, the counters, the method's state and the random streams.
func (f *training) resume(rs *RunState) error {
	params := f.m.Params()
	if err := checkShapes(params, rs.Params); err != nil {
		return fmt.Errorf("the weights: %w", err)
	}
	if rs.BestParams != nil {
		if err := checkShapes(params, rs.BestParams); err != nil {
			return fmt.Errorf("the best weights: %w", err)
		}
	}
	if s, ok := f.m.(Stateful); ok && rs.Method != nil {
		if err := s.UnmarshalState(rs.Method); err != nil {
			return err
		}
	}
	setParams(params, rs.Params)
	if err := f.adam.Restore(rs.Adam); err != nil {
		return err
	}
	f.epoch, f.updates, f.bestEpoch, f.best, f.stale, f.settled = rs.Epoch, rs.Updates, rs.BestEpoch, rs.Best, rs.Stale, rs.Settled
	f.bestParams, f.earlier = rs.BestParams, rs.UpdateSeconds
	switch f.run.cfg.Randomness {
	case Stream:
		for range f.epoch {
			f.stream.Shuffle(len(f.order), func(i, j int) { f.order[i], f.order[j] = f.order[j], f.order[i] })
		}
	case StreamPerm:
		for range f.epoch {
			f.stream.Perm(len(f.order))
		}
	}
	if f.run.cfg.Randomness != PerEpoch {
		f.adam.Reseed(f.seed*1_000_003 + int64(f.epoch))
	}
	if p := f.run.cfg.Progress; p != nil {
		p.Resumed(Resumed{Restart: f.k, Seed: f.seed, Epoch: f.epoch, Epochs: f.run.cfg.Epochs, Updates: f.updates, BestEpoch: f.bestEpoch, Best: f.best})
	}
	return nil
}

// checkShapes reports parameter slices of other sizes than want's.
func checkShapes(want, got [][]float64) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d parameters, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			return fmt.Errorf("parameter %d has %d values, want %d", i, len(got[i]), len(want[i]))
		}
	}
	return nil
}

package model

import "fmt"

// Work is the floating-point work of one training step (forward and
// backward pass) on a batch, counted from the shapes of what the model
// computes (reader.BiLSTM.FLOPs, d4.Machine.TraceFLOPs,
// d4.SlotNet.FLOPs), not timed: a benchmark divides it by the time the
// step took to get a rate. The exact loss's sums over a problem's table
// and the optimiser's update are not counted.
type Work struct {
	Reader  float64 // the BiLSTM over the stories, both directions
	Machine float64 // ∂4: the static trace's words (none when the slots read only the heap) and the slots' networks
}

// Total is the whole step's work.
func (w Work) Total() float64 { return w.Reader + w.Machine }

// Work returns the work of a training step on a batch of stories of these
// token counts.
func (m *Model) Work(lens []int) (Work, error) {
	for i, n := range lens {
		if n < 1 {
			return Work{}, fmt.Errorf("wap: story %d of the batch has %d tokens", i, n)
		}
	}
	f, b := m.Reader.FLOPs(lens)
	each := 0.0 // ∂4's forward work on one example
	for _, slot := range m.Execs {
		each += m.Machine.Slots[slot].FLOPs()
	}
	if !m.slotsOnly {
		x, err := m.Machine.Sizes.InitialState(nil)
		if err != nil {
			return Work{}, err
		}
		t, err := m.Machine.TraceFLOPs(x, m.Trace)
		if err != nil {
			return Work{}, err
		}
		each += t
	}
	return Work{Reader: f + b, Machine: 3 * each * float64(len(lens))}, nil
}

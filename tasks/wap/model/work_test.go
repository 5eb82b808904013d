package model

import "testing"

// A step's work is the reader's count for the batch's lengths and ∂4's:
// with the paper's sketch the trace's words and three slots' networks,
// with the general sketch (whose slots read only the heap) the networks
// alone, per example, three times (forward and backward).
func TestWork(t *testing.T) {
	lens := []int{40, 31, 12}
	paper := paperModel(t, 50, 1)
	steps := stepsModel(t, 50, 1)
	for _, c := range []struct {
		name  string
		m     *Model
		trace bool
	}{{"paper's sketch", paper, true}, {"general sketch", steps, false}} {
		w, err := c.m.Work(lens)
		if err != nil {
			t.Fatal(err)
		}
		f, b := c.m.Reader.FLOPs(lens)
		if w.Reader != f+b {
			t.Errorf("%s: reader %v FLOPs, want %v", c.name, w.Reader, f+b)
		}
		nets := 0.0
		for _, s := range c.m.Execs {
			nets += c.m.Machine.Slots[s].FLOPs()
		}
		if nets <= 0 {
			t.Fatalf("%s: the slots' networks cost %v", c.name, nets)
		}
		if machine := w.Machine / 3 / float64(len(lens)); (machine > nets) != c.trace || machine < nets {
			t.Errorf("%s: ∂4 %v FLOPs an example forward, the networks %v; trace counted: %v, want %v", c.name, machine, nets, machine > nets, c.trace)
		}
		if w.Total() != w.Reader+w.Machine {
			t.Errorf("%s: total %v", c.name, w.Total())
		}
	}
	// The paper's trace applies two arithmetic words of O(V²) each.
	w, _ := paper.Work([]int{1})
	nets := 0.0
	for _, s := range paper.Execs {
		nets += paper.Machine.Slots[s].FLOPs()
	}
	if trace := w.Machine/3 - nets; trace < 2*2*ValueSize*ValueSize {
		t.Errorf("the paper's trace costs %v FLOPs, want at least two products of value distributions (%d)", trace, 4*ValueSize*ValueSize)
	}
	if _, err := paper.Work([]int{3, 0}); err == nil {
		t.Error("a story of no tokens was accepted")
	}
}

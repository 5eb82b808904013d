package bench

import (
	"testing"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/tasks/addition"
	"github.com/d4lang/d4/tasks/sorting"
)

// Run times every mode at every length, naive first; the static trace of
// a sketch whose control flow does not depend on its slots has far fewer
// nodes than the naive execution RNN.
func TestRun(t *testing.T) {
	for _, tc := range []struct {
		rows func() ([]Row, error)
		n    int
	}{
		{func() ([]Row, error) { return Run(sorting.Task, "compare", []int{2, 3}, 4, 1, nil) }, 2},
		{func() ([]Row, error) { return Run(addition.Task, "choose", []int{2}, 4, 1, nil) }, 1},
	} {
		rows, err := tc.rows()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != tc.n*len(Modes) {
			t.Fatalf("%d rows, want %d", len(rows), tc.n*len(Modes))
		}
		for i, r := range rows {
			if r.Mode != Modes[i%len(Modes)] || r.ForwardMs <= 0 || r.TrainMs <= 0 || r.Nodes <= 0 {
				t.Errorf("row %d: %+v", i, r)
			}
			if r.Mode == d4.ModeNaive && (r.SpeedupFwd != 1 || r.SpeedupTrain != 1) {
				t.Errorf("row %d: naive is not the reference: %+v", i, r)
			}
		}
		naive, static := rows[0], rows[3]
		if static.Mode != d4.ModeStatic || static.Nodes >= naive.Nodes {
			t.Errorf("%s: static trace of %d nodes, naive %d", naive.Task, static.Nodes, naive.Nodes)
		}
	}
}

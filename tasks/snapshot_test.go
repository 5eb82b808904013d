package tasks_test

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/d4lang/d4/sketches"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/sorting"
)

func TestSnapshotRecordsTheRun(t *testing.T) {
	input := []int{3, 6, 5, 3}
	run, err := tasks.NewD4Run(sorting.Task, "compare", 3, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	sh, err := run.Measure(input)
	if err != nil {
		t.Fatal(err)
	}
	st, err := run.Snapshot(input, sh.Steps+5, "seed 1")
	if err != nil {
		t.Fatal(err)
	}
	if len(st.PC) != sh.Steps+6 {
		t.Fatalf("%d program-counter rows, want steps+1 = %d", len(st.PC), sh.Steps+6)
	}
	for i, row := range st.PC {
		at := run.Code.Halt // after the path, the machine stays halted
		if i < len(sh.Path) {
			at = sh.Path[i]
		}
		if math.Abs(row[at]-1) > 1e-9 {
			t.Fatalf("step %d: program counter %v, want all mass on %d (the static path)", i, row, at)
		}
	}
	right, err := run.RightDecisions(input)
	if err != nil {
		t.Fatal(err)
	}
	var steps []int
	for _, v := range st.Visits {
		steps = append(steps, v.Step)
		if _, ok := right[v.Step]; !ok || math.Abs(v.Mass-1) > 1e-9 || len(v.Out) != 2 {
			t.Errorf("visit %+v: not a step where the slot decides (%v)", v, right)
		}
	}
	if len(steps) != len(right) || st.Depth != 3 || len(st.Stack[0]) != run.V {
		t.Errorf("visits at %v, right decisions %v, depth %d", steps, right, st.Depth)
	}
}

func TestRightDecisions(t *testing.T) {
	run, err := tasks.NewD4Run(sorting.Task, "compare", 2, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		input []int
		want  int // NOP 0, SWAP 1
	}{{[]int{1, 2, 2}, 1}, {[]int{2, 1, 2}, 0}} {
		right, err := run.RightDecisions(tc.input)
		if err != nil {
			t.Fatal(err)
		}
		if len(right) != 1 {
			t.Fatalf("%v: decisions %v, want one", tc.input, right)
		}
		for _, idx := range right {
			if !slices.Equal(idx, []int{tc.want}) {
				t.Errorf("%v: decision %v, want %d", tc.input, idx, tc.want)
			}
		}
	}
	// The same sketch as a user's file: the task does not know its oracle.
	_, src, err := sketches.Load("sort_compare")
	if err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(t.TempDir(), "mine.fth")
	if err := os.WriteFile(mine, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if run, err = tasks.NewD4Run(sorting.Task, mine, 2, 2, 1); err != nil {
		t.Fatal(err)
	}
	if right, err := run.RightDecisions([]int{1, 2, 2}); right != nil || err != nil {
		t.Errorf("a sketch the oracle does not know: %v, %v; want nothing", right, err)
	}
}

package tasks

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"
)

// traceStages runs one input through the sketch with the weights of
// several seeds, one stage each (stand-ins for stages of training).
func traceStages(t *testing.T, sketch string, input []int, seeds ...int64) (*D4Run, []TraceStage) {
	t.Helper()
	var run *D4Run
	var stages []TraceStage
	for _, seed := range seeds {
		r, err := NewD4Run("sort", sketch, 3, 3, seed)
		if err != nil {
			t.Fatal(err)
		}
		run = r
		sh, err := Measure(r.Code, SketchFile("sort", sketch), r.V, input)
		if err != nil {
			t.Fatal(err)
		}
		st, err := r.Snapshot(input, sh.Steps+5, fmt.Sprint("seed ", seed))
		if err != nil {
			t.Fatal(err)
		}
		stages = append(stages, st)
	}
	return run, stages
}

// checkPNG decodes a figure and checks its size against the layout's and
// that every compiled word's row has room for its name.
func checkPNG(t *testing.T, img []byte, lay *figureLayout, minHeight int) {
	t.Helper()
	cfg, err := png.DecodeConfig(bytes.NewReader(img))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	w, h := lay.size()
	if cfg.Width != pixels(w) || cfg.Height != pixels(h) {
		t.Errorf("PNG of %d×%d pixels, the layout is %d×%d", cfg.Width, cfg.Height, pixels(w), pixels(h))
	}
	if cfg.Height < minHeight || cfg.Width < cfg.Height/2 {
		t.Errorf("PNG of %d×%d pixels, want at least %d high and not narrow", cfg.Width, cfg.Height, minHeight)
	}
}

func TestSnapshotRecordsTheRun(t *testing.T) {
	input := []int{3, 6, 5, 3}
	run, stages := traceStages(t, "compare", input, 1)
	st := stages[0]
	sh, _ := Measure(run.Code, "sort_compare", run.V, input)
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
	run, err := NewD4Run("sort", "compare", 2, 2, 1)
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
	run.sketchName = "mine.fth"
	if right, err := run.RightDecisions([]int{1, 2, 2}); right != nil || err != nil {
		t.Errorf("a sketch the oracle does not know: %v, %v; want nothing", right, err)
	}
}

// TestTracePNGControlFlow draws Permute, whose control flow depends on the
// slot, as one program-counter panel per stage, and Compare, whose does
// not, as one program-counter panel and one decision panel per stage.
func TestTracePNGControlFlow(t *testing.T) {
	input := []int{3, 6, 5, 3}
	for _, tc := range []struct {
		sketch   string
		panels   int
		decision bool
	}{{"permute", 3, false}, {"compare", 4, true}} {
		run, stages := traceStages(t, tc.sketch, input, 1, 2, 3)
		right, _ := run.RightDecisions(input)
		f := TraceFigure{Title: tc.sketch, Code: run.Code, Input: input, Target: []int{6, 5, 3}, Right: right, Stages: stages}
		lay, err := traceLayout(f)
		if err != nil {
			t.Fatal(err)
		}
		if lay.panels() != tc.panels || f.static() != tc.decision {
			t.Errorf("%s: %d panels (static %v), want %d", tc.sketch, lay.panels(), f.static(), tc.panels)
		}
		stageRows := len(lay.blocks[len(lay.blocks)-1].g.plots)
		if stageRows != 2 {
			t.Errorf("%s: %d rows of plots per stage, want the program counter or decisions above the stack", tc.sketch, stageRows)
		}
		img, err := TracePNG(f)
		if err != nil {
			t.Fatal(err)
		}
		checkPNG(t, img, lay, run.Code.Len()*wordRowPt*4/3)
	}
}

func TestWordLabelsNameTheCode(t *testing.T) {
	_, _, code, err := LoadSketch("sort", "compare")
	if err != nil {
		t.Fatal(err)
	}
	labels := wordLabels(code)
	for _, want := range []string{"BUBBLE:  DUP", "IF", "{ choose NOP SWAP }", "HALT", "SORT:  1-", "LOOP(R>)"} {
		if !slices.Contains(labels, want) {
			t.Errorf("labels %q lack %q", labels, want)
		}
	}
	for _, l := range labels {
		if strings.Contains(l, "→") { // a jump or call's target address
			t.Errorf("label %q names an address", l)
		}
	}
}

func TestTracePNGBadInput(t *testing.T) {
	run, stages := traceStages(t, "compare", []int{1, 2, 2}, 1, 2)
	short := stages[1]
	short.PC = short.PC[:3]
	narrow := stages[1]
	narrow.PC = [][]float64{{1}}
	ragged := stages[1]
	ragged.Stack = [][]float64{{1, 0}, {1}}
	deep := stages[1]
	deep.Depth = 99
	wide := stages[1]
	wide.Stack = [][]float64{make([]float64, 99)}
	noStack := stages[1]
	noStack.Stack = nil
	for name, f := range map[string]TraceFigure{
		"no stages":              {Code: run.Code},
		"no code":                {Stages: stages},
		"no steps":               {Code: run.Code, Stages: []TraceStage{{}}},
		"stages of other length": {Code: run.Code, Stages: []TraceStage{stages[0], short}},
		"another program":        {Code: run.Code, Stages: []TraceStage{narrow}},
		"ragged stack":           {Code: run.Code, Stages: []TraceStage{stages[0], ragged}},
		"depth beyond the stack": {Code: run.Code, Stages: []TraceStage{deep}},
		"other value sizes":      {Code: run.Code, Stages: []TraceStage{stages[0], wide}},
		"no final stack":         {Code: run.Code, Stages: []TraceStage{stages[0], noStack}},
		"no first final stack":   {Code: run.Code, Stages: []TraceStage{noStack, stages[0]}},
	} {
		if img, err := TracePNG(f); err == nil || img != nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func benchRows() []BenchRow {
	var rows []BenchRow
	for _, job := range []struct {
		task, sketch string
		lens         []int
	}{{"sort", "compare", []int{2, 3, 4}}, {"add", "choose", []int{2, 4}}} {
		for _, n := range job.lens {
			for i, mode := range BenchModes {
				rows = append(rows, BenchRow{Task: job.task, Sketch: job.sketch, Len: n, Mode: mode, SpeedupTrain: 1 + 10*float64(i*n)})
			}
		}
	}
	return rows
}

func TestBenchPNGOnePanelPerTask(t *testing.T) {
	rows := benchRows()
	for _, tc := range []struct {
		rows   []BenchRow
		panels int
	}{{rows, 2}, {rows[:15], 1}} {
		lay, err := benchLayout(tc.rows, "test")
		if err != nil {
			t.Fatal(err)
		}
		if lay.panels() != tc.panels {
			t.Errorf("%d panels, want %d", lay.panels(), tc.panels)
		}
		img, err := BenchPNG(tc.rows, "test")
		if err != nil {
			t.Fatal(err)
		}
		checkPNG(t, img, lay, 300)
	}
	lay, _ := benchLayout(rows, "")
	if !strings.Contains(lay.blocks[0].captions[1][0], "addition, Choose sketch") {
		t.Errorf("captions %q", lay.blocks[0].captions)
	}
}

func TestBenchPNGBadInput(t *testing.T) {
	for name, rows := range map[string][]BenchRow{
		"no rows":         nil,
		"NaN speed-up":    {{Task: "sort", Mode: "all", Len: 2, SpeedupTrain: math.NaN()}},
		"zero speed-up":   {{Task: "sort", Mode: "all", Len: 2}},
		"infinite factor": {{Task: "add", Mode: "static", Len: 2, SpeedupTrain: math.Inf(1)}},
	} {
		if img, err := BenchPNG(rows, ""); err == nil || img != nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestLogTicks(t *testing.T) {
	var labels []string
	for _, tk := range (logTicks{}).Ticks(math.Log10(0.8), math.Log10(60)) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if strings.Join(labels, " ") != "1 2 5 10 20 50" {
		t.Errorf("labels %v", labels)
	}
}

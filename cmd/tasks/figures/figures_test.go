package figures

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/cmd/tasks/bench"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/addition"
	"github.com/d4lang/d4/tasks/sorting"
)

// traceStages runs one input through the sketch with the weights of
// several seeds, one stage each (stand-ins for stages of training).
func traceStages(t *testing.T, sketch string, input []int, seeds ...int64) (*tasks.D4Run, []tasks.TraceStage) {
	t.Helper()
	var run *tasks.D4Run
	var stages []tasks.TraceStage
	for _, seed := range seeds {
		r, err := tasks.NewD4Run(sorting.Task, sketch, 3, 3, seed)
		if err != nil {
			t.Fatal(err)
		}
		run = r
		sh, err := r.Measure(input)
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
	_, _, code, err := sorting.Task.LoadSketch("compare")
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

// The rows of a slot's outputs are named as d4.OutputLabel names them, a
// manipulate slot's values up to hi, and each row maps to its output.
func TestOptionLabels(t *testing.T) {
	tests := []struct {
		src   string
		want  []string
		index []int // the output of each row, for v = 5
	}{
		{"{ static -> choose NOP SWAP 3 }", []string{"NOP", "SWAP", "3"}, []int{0, 1, 2}},
		{"{ static -> permute D0 D-1 }", []string{"D0 D-1", "D-1 D0"}, []int{0, 1}},
		{"{ static -> manipulate D0 R0 }", []string{"D0 = 0", "D0 = 1", "R0 = 0", "R0 = 1"}, []int{0, 1, 5, 6}},
	}
	for _, tc := range tests {
		code, err := forth.ParseAndCompile("t.fth", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		s := code.Slots[0]
		got := optionLabels(s, 1)
		var index []int
		for row := range got {
			index = append(index, outputIndex(s, 5, 1, row))
		}
		if !slices.Equal(got, tc.want) || !slices.Equal(index, tc.index) {
			t.Errorf("%s: rows %q at outputs %v, want %q at %v", tc.src, got, index, tc.want, tc.index)
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
		"no steps":               {Code: run.Code, Stages: []tasks.TraceStage{{}}},
		"stages of other length": {Code: run.Code, Stages: []tasks.TraceStage{stages[0], short}},
		"another program":        {Code: run.Code, Stages: []tasks.TraceStage{narrow}},
		"ragged stack":           {Code: run.Code, Stages: []tasks.TraceStage{stages[0], ragged}},
		"depth beyond the stack": {Code: run.Code, Stages: []tasks.TraceStage{deep}},
		"other value sizes":      {Code: run.Code, Stages: []tasks.TraceStage{stages[0], wide}},
		"no final stack":         {Code: run.Code, Stages: []tasks.TraceStage{stages[0], noStack}},
		"no first final stack":   {Code: run.Code, Stages: []tasks.TraceStage{noStack, stages[0]}},
	} {
		if img, err := TracePNG(f); err == nil || img != nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func benchRows() []bench.Row {
	var rows []bench.Row
	for _, job := range []struct {
		task, sketch string
		lens         []int
	}{{"sort", "compare", []int{2, 3, 4}}, {"add", "choose", []int{2, 4}}} {
		for _, n := range job.lens {
			for i, mode := range bench.Modes {
				rows = append(rows, bench.Row{Task: job.task, Sketch: job.sketch, Len: n, Mode: mode, SpeedupTrain: 1 + 10*float64(i*n)})
			}
		}
	}
	return rows
}

// benchPanels are the panels of the tests' figures.
var benchPanels = []BenchPanel{{sorting.Task, "values"}, {addition.Task, "input digits"}}

func TestBenchPNGOnePanelPerTask(t *testing.T) {
	rows := benchRows()
	for _, tc := range []struct {
		rows   []bench.Row
		panels int
	}{{rows, 2}, {rows[:15], 1}} {
		lay, err := benchLayout(tc.rows, benchPanels, "test")
		if err != nil {
			t.Fatal(err)
		}
		if lay.panels() != tc.panels {
			t.Errorf("%d panels, want %d", lay.panels(), tc.panels)
		}
		img, err := BenchPNG(tc.rows, benchPanels, "test")
		if err != nil {
			t.Fatal(err)
		}
		checkPNG(t, img, lay, 300)
	}
	lay, _ := benchLayout(rows, benchPanels, "")
	if !strings.Contains(lay.blocks[0].captions[1][0], "(b) addition, Choose sketch") {
		t.Errorf("captions %q", lay.blocks[0].captions)
	}
	lay, _ = benchLayout(rows[15:], benchPanels, "")
	if !strings.Contains(lay.blocks[0].captions[0][0], "(a) addition, Choose sketch") {
		t.Errorf("captions of the addition panel alone %q", lay.blocks[0].captions)
	}
}

func TestBenchPNGBadInput(t *testing.T) {
	for name, rows := range map[string][]bench.Row{
		"no rows":            nil,
		"NaN speed-up":       {{Task: "sort", Mode: d4.ModeAll, Len: 2, SpeedupTrain: math.NaN()}},
		"zero speed-up":      {{Task: "sort", Mode: d4.ModeAll, Len: 2}},
		"infinite factor":    {{Task: "add", Mode: d4.ModeStatic, Len: 2, SpeedupTrain: math.Inf(1)}},
		"a task of no panel": {{Task: "count", Mode: d4.ModeStatic, Len: 2, SpeedupTrain: 2}},
	} {
		if img, err := BenchPNG(rows, benchPanels, ""); err == nil || img != nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Every mode the benchmark times but the reference has a style.
func TestBenchStyles(t *testing.T) {
	if bench.Modes[0] != d4.ModeNaive {
		t.Errorf("the reference mode is %v, want naive", bench.Modes[0])
	}
	for _, m := range bench.Modes[1:] {
		if st, ok := benchStyles[m]; !ok || st.name == "" || st.color == nil {
			t.Errorf("mode %v has no style", m)
		}
	}
	if len(benchStyles) != len(bench.Modes)-1 {
		t.Errorf("%d styles for %d modes and the reference", len(benchStyles), len(bench.Modes)-1)
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

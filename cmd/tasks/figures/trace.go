package figures

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/tasks"
)

// TraceFigure is what TracePNG draws: one example's run at each stage.
type TraceFigure struct {
	Title string      // the figure's title
	Code  *forth.Code // the compiled sketch (its words name the rows)
	Input []int       // the example's initial data stack, bottom first
	// Target is the expected final data stack, bottom first; Right (from
	// tasks.D4Run.RightDecisions, may be nil) the right decisions. Both are outlined.
	Target []int
	Right  map[int][]int
	Stages []tasks.TraceStage
}

// TracePNG draws a trace figure as a PNG image: a title, a colour scale of
// probability (program-counter mass is one too), and one captioned panel
// per stage, each holding the program counter (or, when it is the same at
// every stage, the slots' decisions, beside one panel of the program
// counter) above the final data stack. An empty figure or stages of
// different shapes are an error.
func TracePNG(f TraceFigure) ([]byte, error) {
	lay, err := traceLayout(f)
	if err != nil {
		return nil, err
	}
	return lay.png()
}

// check reports what makes a figure impossible to draw.
func (f TraceFigure) check() error {
	if f.Code == nil || f.Code.Len() == 0 {
		return fmt.Errorf("trace figure: no compiled code to name the rows")
	}
	if len(f.Stages) == 0 {
		return fmt.Errorf("trace figure: no trace to draw")
	}
	first := f.Stages[0]
	if len(first.PC) == 0 || len(first.Stack) == 0 {
		return fmt.Errorf("trace figure: stage %q has no steps or no final data stack", first.Caption)
	}
	for _, st := range f.Stages {
		if len(st.PC) != len(first.PC) {
			return fmt.Errorf("trace figure: stage %q has %d steps, stage %q %d", st.Caption, len(st.PC), first.Caption, len(first.PC))
		}
		for _, row := range st.PC {
			if len(row) != f.Code.Len() {
				return fmt.Errorf("trace figure: stage %q has a program counter over %d instructions, the code has %d", st.Caption, len(row), f.Code.Len())
			}
		}
		if err := checkStack(st, len(first.Stack[0])); err != nil {
			return err
		}
	}
	return nil
}

// checkStack reports a final stack whose cells do not all hold v values.
func checkStack(st tasks.TraceStage, v int) error {
	if len(st.Stack) == 0 {
		return fmt.Errorf("trace figure: stage %q has no final data stack", st.Caption)
	}
	for _, cell := range st.Stack {
		if len(cell) != v || v == 0 {
			return fmt.Errorf("trace figure: stage %q has data-stack cells of %d values, the first stage %d", st.Caption, len(cell), v)
		}
	}
	if st.Depth < 0 || st.Depth > len(st.Stack) {
		return fmt.Errorf("trace figure: stage %q has a stack depth %d outside its %d cells", st.Caption, st.Depth, len(st.Stack))
	}
	return nil
}

// Sizes of a trace figure's cells, in points.
const (
	wordRowPt   = 10 // a compiled word's row in a program-counter heat map
	valueRowPt  = 10 // a value's row in a data-stack heat map
	optionRowPt = 14 // an alternative's row in a decision heat map
)

// traceLayout lays a trace figure out (see TracePNG).
func traceLayout(f TraceFigure) (*figureLayout, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	lay := &figureLayout{title: f.Title, subtitle: f.subtitle()}
	bar := colorBar("probability (program-counter mass)")
	lay.side = newGrid([][]*plot.Plot{{bar}}, []vg.Length{vg.Points(12)}, []vg.Length{vg.Points(160)}, 0)
	if f.static() {
		pc := pcPlot(f.Code, f.Stages[0].PC, true)
		caption := []string{"the program counter, the same at every stage:", "the control flow does not depend on the slots"}
		g := newGrid([][]*plot.Plot{{pc}}, []vg.Length{stepsWidth(len(f.Stages[0].PC), 180, 360)}, []vg.Length{wordRowPt * vg.Length(f.Code.Len())}, 0)
		lay.blocks = append(lay.blocks, block{g: g, captions: [][]string{caption}})
	}
	lay.blocks = append(lay.blocks, f.stageBlock())
	return lay, nil
}

// stageBlock is the grid of one column per stage: the program counter (or
// the slots' decisions) above the final data stack.
func (f TraceFigure) stageBlock() block {
	hi := f.highValue()
	var rows [][]*plot.Plot
	var rowH []vg.Length
	colW := stepsWidth(len(f.Stages[0].PC), 150, 260)
	if f.static() {
		colW = vg.Points(125)
		for slot := range f.Code.Slots {
			row, h := f.decisionRow(slot, hi)
			if row != nil {
				rows, rowH = append(rows, row), append(rowH, h)
			}
		}
	} else {
		var row []*plot.Plot
		for i, st := range f.Stages {
			row = append(row, pcPlot(f.Code, st.PC, i == 0))
		}
		rows, rowH = append(rows, row), append(rowH, wordRowPt*vg.Length(f.Code.Len()))
	}
	var stacks []*plot.Plot
	var caps [][]string
	for i, st := range f.Stages {
		stacks = append(stacks, stackPlot(st, f.Target, hi, i == 0))
		caps = append(caps, append([]string{fmt.Sprintf("(%c) %s", 'a'+i, st.Caption)}, f.status(st)...))
	}
	rows, rowH = append(rows, stacks), append(rowH, valueRowPt*vg.Length(hi+1))
	cols := make([]vg.Length, len(f.Stages))
	for i := range cols {
		cols[i] = colW
	}
	return block{g: newGrid(rows, cols, rowH, vg.Points(14)), captions: caps}
}

// stepsWidth is the width of a heat map over steps: 2 points a step,
// within [lo, hi] points.
func stepsWidth(steps int, lo, hi float64) vg.Length {
	return vg.Points(min(max(2*float64(steps), lo), hi))
}

// static reports whether every stage's program counter is the same: the
// control flow does not depend on the slots (or has not learned to).
func (f TraceFigure) static() bool {
	for _, st := range f.Stages[1:] {
		for t, row := range st.PC {
			for a, c := range row {
				if math.Abs(c-f.Stages[0].PC[t][a]) > 1e-6 {
					return false
				}
			}
		}
	}
	return len(f.Code.Slots) > 0
}

// subtitle describes the example and the marks.
func (f TraceFigure) subtitle() []string {
	s := fmt.Sprintf("input %s (bottom → top)   target %s", ints(f.Input), ints(f.Target))
	marks := "outlined: the target"
	if f.static() && f.Right != nil {
		marks += " and the right decisions"
	}
	return []string{s + "   " + marks}
}

// ints renders values separated by spaces.
func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}

// status says whether a stage's run halts and what it leaves.
func (f TraceFigure) status(st tasks.TraceStage) []string {
	halt := "halts at step %d"
	at := -1
	for t, row := range st.PC {
		if row[f.Code.Halt] >= 0.99 {
			at = t
			break
		}
	}
	last := st.PC[len(st.PC)-1][f.Code.Halt]
	if at < 0 {
		halt = fmt.Sprintf("not halted after %d steps (%.0f%% at HALT)", len(st.PC)-1, 100*last)
	} else {
		halt = fmt.Sprintf(halt, at)
	}
	stack := make([]int, st.Depth)
	for i := range stack {
		stack[i] = mathx.Argmax(st.Stack[i])
	}
	verdict := "wrong"
	if ints(stack) == ints(f.Target) {
		verdict = "right"
	}
	if st.Depth == 0 {
		return []string{halt, "empty stack: " + verdict}
	}
	return []string{halt, fmt.Sprintf("stack %s: %s", ints(stack), verdict)}
}

// highValue is the largest value the data-stack and manipulate rows show:
// at least the digits, and every target, right and argmax value.
func (f TraceFigure) highValue() int {
	v := len(f.Stages[0].Stack[0])
	hi := min(9, v-1)
	for _, x := range f.Target {
		hi = max(hi, x)
	}
	for _, st := range f.Stages {
		for _, cell := range st.Stack[:st.Depth] {
			hi = max(hi, mathx.Argmax(cell))
		}
	}
	return min(hi, v-1)
}

// wordLabels names the rows of a program-counter heat map: each compiled
// instruction's text, the first of a definition prefixed by its name, a
// slot by its decoder.
func wordLabels(code *forth.Code) []string {
	out := make([]string, code.Len())
	for a, in := range code.Instrs {
		switch in.Op {
		case forth.OpJump, forth.OpJumpZ, forth.OpCall:
			out[a] = in.Text
		case forth.OpSlot:
			out[a] = slotLabel(code.Slots[in.Arg])
		default:
			out[a] = in.String()
		}
		if name, ok := code.Defs[a]; ok {
			out[a] = name + ":  " + out[a]
		}
	}
	return out
}

// slotLabel renders a slot's decoder, e.g. "{ choose NOP SWAP }",
// shortened to about 24 characters.
func slotLabel(s forth.SlotCode) string {
	parts := []string{s.Dec.Kind.String()}
	for _, c := range s.Choices {
		parts = append(parts, c.Text)
	}
	for _, e := range s.Dec.Elems {
		parts = append(parts, e.String())
	}
	body := strings.Join(parts, " ")
	if r := []rune(body); len(r) > 22 {
		body = string(r[:21]) + "…"
	}
	return "{ " + body + " }"
}

// pcPlot is a program counter as a heat map: steps left to right, the
// compiled words top to bottom (named when labels is set).
func pcPlot(code *forth.Code, pc [][]float64, labels bool) *plot.Plot {
	p := code.Len()
	z := make(heat, p)
	for a := range z {
		z[p-1-a] = make([]float64, len(pc))
		for t, row := range pc {
			z[p-1-a][t] = row[a]
		}
	}
	hp := heatPlot(z)
	names := wordLabels(code)
	rev := make([]string, p)
	for a, n := range names {
		if labels {
			rev[p-1-a] = n
		}
	}
	hp.Title.Text = "program counter"
	hp.Y.Tick.Marker = ticks(rev)
	hp.X.Tick.Marker = integerTicks{}
	hp.X.Label.Text = "step"
	return hp
}

// decisionRow is one plot per stage of a slot's outputs at the steps
// where it runs, and the plots' data height; nil if it never runs.
func (f TraceFigure) decisionRow(slot, hi int) ([]*plot.Plot, vg.Length) {
	labels := optionLabels(f.Code.Slots[slot], hi)
	var row []*plot.Plot
	for i, st := range f.Stages {
		var visits []tasks.SlotVisit
		for _, v := range st.Visits {
			if v.Slot == slot && v.Mass > 0.5 {
				visits = append(visits, v)
			}
		}
		if len(visits) == 0 {
			return nil, 0
		}
		row = append(row, f.decisionPlot(slot, visits, labels, hi, i == 0))
	}
	return row, optionRowPt * vg.Length(len(labels))
}

// optionLabels names the rows of a slot's outputs, top to bottom, as
// d4.OutputLabel does: its alternatives, its permutations (the elements'
// new order), or for manipulate each element's values 0…hi (outputIndex
// maps them back).
func optionLabels(s forth.SlotCode, hi int) []string {
	groups, size := 1, len(s.Choices)
	switch s.Dec.Kind {
	case forth.Permute:
		size = len(d4.Permutations(len(s.Dec.Elems)))
	case forth.Manipulate:
		groups, size = len(s.Dec.Elems), hi+1
	}
	var out []string
	for j := range groups {
		for k := range size {
			out = append(out, d4.OutputLabel(&s, j, k))
		}
	}
	return out
}

// outputIndex maps a row of optionLabels to the index in a slot's output.
func outputIndex(s forth.SlotCode, v, hi, row int) int {
	if s.Dec.Kind != forth.Manipulate {
		return row
	}
	return row/(hi+1)*v + row%(hi+1)
}

// decisionPlot is a heat map of a slot's outputs: its visits left to
// right (labelled by step), its alternatives top to bottom.
func (f TraceFigure) decisionPlot(slot int, visits []tasks.SlotVisit, labels []string, hi int, named bool) *plot.Plot {
	s := f.Code.Slots[slot]
	v := len(f.Stages[0].Stack[0])
	n := len(labels)
	z := make(heat, n)
	var marks outline
	steps := make([]string, len(visits))
	for r := range z {
		z[n-1-r] = make([]float64, len(visits))
		for c, vis := range visits {
			k := outputIndex(s, v, hi, r)
			if k < len(vis.Out) {
				z[n-1-r][c] = vis.Out[k]
			}
			for _, right := range f.Right[vis.Step] {
				if right == k {
					marks = append(marks, plotter.XY{X: float64(c), Y: float64(n - 1 - r)})
				}
			}
		}
	}
	for c, vis := range visits {
		steps[c] = fmt.Sprint(vis.Step)
	}
	p := heatPlot(z)
	p.Add(marks)
	p.Title.Text = "slot " + slotLabel(s)
	p.X.Label.Text = "step"
	p.X.Tick.Marker = ticks(steps)
	rev := make([]string, n)
	for i, l := range labels {
		if named {
			rev[n-1-i] = l
		}
	}
	p.Y.Tick.Marker = ticks(rev)
	return p
}

// stackPlot is a heat map of the final data stack: its cells bottom to
// top left to right (the target's and the run's, whichever are more),
// values 0…hi bottom to top, the target outlined.
func stackPlot(st tasks.TraceStage, target []int, hi int, named bool) *plot.Plot {
	n := max(len(target), st.Depth, 1)
	z := make(heat, hi+1)
	for x := range z {
		z[x] = make([]float64, n)
		for c := 0; c < n && c < len(st.Stack); c++ {
			z[x][c] = st.Stack[c][x]
		}
	}
	var marks outline
	for c, x := range target {
		if 0 <= x && x <= hi {
			marks = append(marks, plotter.XY{X: float64(c), Y: float64(x)})
		}
	}
	p := heatPlot(z)
	p.Add(marks)
	p.Title.Text = "final data stack"
	p.X.Label.Text = "cell, bottom → top"
	cells := make([]string, n)
	for c := range cells {
		cells[c] = fmt.Sprint(c + 1)
	}
	p.X.Tick.Marker = ticks(cells)
	vals := make([]string, hi+1)
	for x := range vals {
		if named && (hi < 20 || x%5 == 0) {
			vals[x] = fmt.Sprint(x)
		}
	}
	p.Y.Tick.Marker = ticks(vals)
	if named {
		p.Y.Label.Text = "value"
	}
	return p
}

package figures

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/d4lang/d4/cmd/tasks/bench"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/tasks"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// BenchPanel is a task's panel of the benchmark figure: the task, whose
// title and sketch titles the caption shows, and the label of the x axis,
// what its lengths count.
type BenchPanel struct {
	Task   tasks.Task
	XLabel string
}

// benchStyle is how a mode of the benchmark is drawn and named.
type benchStyle struct {
	name  string
	color color.Color
	glyph draw.GlyphDrawer
}

// benchStyles covers bench.Modes but naive, which is the reference (1×).
var benchStyles = map[d4.Mode]benchStyle{
	d4.ModeCollapse:    {"collapse straight-line code (§3.4)", color.RGBA{0, 114, 178, 255}, draw.CircleGlyph{}},
	d4.ModeInterpolate: {"collapse + interpolate if-branches (§3.4)", color.RGBA{0, 158, 115, 255}, draw.TriangleGlyph{}},
	d4.ModeStatic:      {"static trace (words on the path only)", color.RGBA{204, 121, 167, 255}, draw.SquareGlyph{}},
	d4.ModeAll:         {"all: static trace, else interpolate", color.RGBA{213, 94, 0, 255}, draw.PyramidGlyph{}},
}

// BenchPNG draws the benchmark's training-step speed-ups over the naive
// execution RNN by length (the paper's appendix figure) as a PNG image: one
// panel per task that has rows, in the order of panels, since the tasks'
// lengths count different things (sort values, addition input digits), on
// a shared logarithmic axis, with the legend beside the panels. No rows, a
// row of a task without a panel, or a speed-up that is not a positive
// number, is an error.
func BenchPNG(rows []bench.Row, panels []BenchPanel, subtitle string) ([]byte, error) {
	lay, err := benchLayout(rows, panels, subtitle)
	if err != nil {
		return nil, err
	}
	return lay.png()
}

// benchLayout lays the benchmark figure out (see BenchPNG).
func benchLayout(rows []bench.Row, panels []BenchPanel, subtitle string) (*figureLayout, error) {
	lo, hi := 1.0, 1.0
	for _, r := range rows {
		if !(r.SpeedupTrain > 0) || math.IsInf(r.SpeedupTrain, 0) {
			return nil, fmt.Errorf("bench figure: %s %s at length %d has a speed-up of %v", r.Task, r.Mode, r.Len, r.SpeedupTrain)
		}
		if !slices.ContainsFunc(panels, func(p BenchPanel) bool { return p.Task.Name == r.Task }) {
			return nil, fmt.Errorf("bench figure: no panel for task %q", r.Task)
		}
		lo, hi = min(lo, r.SpeedupTrain), max(hi, r.SpeedupTrain)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("bench figure: no measurements to draw")
	}
	var plots []*plot.Plot
	var caps [][]string
	for _, panel := range panels {
		p, sketch, err := benchPlot(rows, panel, lo/1.3, hi*1.3, len(plots) == 0)
		if err != nil {
			return nil, err
		}
		if p == nil {
			continue
		}
		caps = append(caps, []string{fmt.Sprintf("(%c) %s, %s sketch", 'a'+len(plots), panel.Task.Title, panel.Task.SketchTitle(sketch))})
		plots = append(plots, p)
	}
	cols := make([]vg.Length, len(plots))
	for i := range cols {
		cols[i] = vg.Points(230)
	}
	return &figureLayout{
		title:    "Speed-up of a ∂4 training step over the naive execution RNN",
		subtitle: []string{subtitle},
		blocks:   []block{{g: newGrid([][]*plot.Plot{plots}, cols, []vg.Length{vg.Points(210)}, vg.Points(16)), captions: caps}},
		side:     benchLegend(),
	}, nil
}

// benchPlot is one task's speed-ups by length, y from lo to hi (nil when
// the task has no rows), and the sketch they time.
func benchPlot(rows []bench.Row, panel BenchPanel, lo, hi float64, yLabel bool) (*plot.Plot, string, error) {
	if !slices.ContainsFunc(rows, func(r bench.Row) bool { return r.Task == panel.Task.Name }) {
		return nil, "", nil
	}
	p := plot.New()
	// The y axis is log10 of the speed-up on a linear scale, labelled
	// with speed-ups (plot.LogScale misplaces a long axis label).
	p.Y.Tick.Marker = logTicks{}
	if yLabel {
		p.Y.Label.Text = "speed-up over naive (×, log scale)"
	}
	p.X.Label.Text = panel.XLabel
	var lens []float64
	var sketch string
	for _, mode := range bench.Modes[1:] {
		var pts plotter.XYs
		for _, r := range rows {
			if r.Task == panel.Task.Name && r.Mode == mode {
				pts, sketch = append(pts, plotter.XY{X: float64(r.Len), Y: math.Log10(r.SpeedupTrain)}), r.Sketch
				lens = append(lens, float64(r.Len))
			}
		}
		if len(pts) == 0 {
			continue
		}
		l, s, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, "", err
		}
		styleLine(l, s, benchStyles[mode])
		p.Add(l, s)
	}
	p.Add(naiveLine())
	p.Y.Min, p.Y.Max = math.Log10(lo), math.Log10(hi)
	p.X.Tick.Marker = lengthTicks(lens)
	fontSizes(p)
	return p, sketch, nil
}

// styleLine gives a mode's line and points its colour and glyph.
func styleLine(l *plotter.Line, s *plotter.Scatter, st benchStyle) {
	l.Color, l.Width = st.color, vg.Points(1.5)
	s.Color, s.Shape, s.Radius = st.color, st.glyph, vg.Points(3)
}

// naiveLine is the reference: the naive execution RNN's speed-up, 1
// (log10 0).
func naiveLine() *plotter.Function {
	f := plotter.NewFunction(func(float64) float64 { return 0 })
	f.Color, f.Dashes, f.Width = color.Gray{Y: 110}, []vg.Length{vg.Points(4), vg.Points(3)}, vg.Points(1)
	return f
}

// benchLegend names the modes beside the panels.
func benchLegend() legendBox {
	l := plot.NewLegend()
	l.TextStyle.Font.Size = vg.Points(9)
	l.Top, l.Left = true, true
	l.ThumbnailWidth = vg.Points(24)
	l.Padding = vg.Points(4)
	for _, mode := range []d4.Mode{d4.ModeAll, d4.ModeStatic, d4.ModeInterpolate, d4.ModeCollapse} {
		st := benchStyles[mode]
		ln, sc := &plotter.Line{LineStyle: draw.LineStyle{}}, &plotter.Scatter{}
		styleLine(ln, sc, st)
		l.Add(st.name, ln, sc)
	}
	l.Add("naive execution RNN (1×)", naiveLine())
	return legendBox{l}
}

// legendBox is a legend standing beside a figure's panels.
type legendBox struct{ l plot.Legend }

func (b legendBox) size() (w, h vg.Length) {
	r := b.l.Rectangle(draw.Canvas{})
	return r.Size().X, r.Size().Y
}

func (b legendBox) draw(c draw.Canvas, origin vg.Point) {
	w, h := b.size()
	c.Rectangle = vg.Rectangle{Min: vg.Point{X: origin.X, Y: origin.Y - h}, Max: vg.Point{X: origin.X + w, Y: origin.Y}}
	b.l.Draw(c)
}

// lengthTicks labels the measured lengths.
func lengthTicks(lens []float64) plot.ConstantTicks {
	slices.Sort(lens)
	var t plot.ConstantTicks
	for _, x := range slices.Compact(lens) {
		t = append(t, plot.Tick{Value: x, Label: fmt.Sprint(x)})
	}
	return t
}

// logTicks marks an axis of log10 values: labels at 1, 2 and 5 times the
// powers of ten, unlabelled ticks at the other whole multiples.
type logTicks struct{}

// Ticks implements plot.Ticker.
func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for e := math.Floor(lo); e <= hi; e++ {
		for m := 1.0; m < 10; m++ {
			x := m * math.Pow(10, e)
			if math.Log10(x) < lo || math.Log10(x) > hi {
				continue
			}
			t := plot.Tick{Value: math.Log10(x)}
			if m == 1 || m == 2 || m == 5 {
				t.Label = fmt.Sprint(x)
			}
			out = append(out, t)
		}
	}
	return out
}

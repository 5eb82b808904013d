package figures

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// The figures (TracePNG, BenchPNG) are drawn with gonum.org/v1/plot: each
// is a page of a title, grids of plots whose data areas line up, captions
// and a colour scale or legend beside them. Sizes are in points; the PNG
// has figureDPI pixels per inch.

// figureDPI is the resolution of the figures' PNG images.
const figureDPI = 96

// pixels converts a length on the page to PNG pixels (vgimg rounds).
func pixels(l vg.Length) int { return int(math.Round(float64(l) / float64(vg.Inch) * figureDPI)) }

// wholePixels rounds a length on the page up to whole pixels.
func wholePixels(l vg.Length) vg.Length {
	px := vg.Inch / figureDPI
	return vg.Length(math.Ceil(float64(l/px)-1e-9)) * px
}

// markColor outlines the right decisions and the target in heat maps.
var markColor = color.RGBA{R: 230, G: 85, B: 13, A: 255}

// probabilityMap is the colour scale of every heat map: white at 0 (the
// page shows through where there is no mass) to dark blue at 1, with
// luminance falling evenly (the ColorBrewer Blues colours).
func probabilityMap() palette.ColorMap {
	cm, err := moreland.NewLuminance([]color.Color{ // dark to light, as NewLuminance needs
		color.RGBA{8, 48, 107, 255}, color.RGBA{33, 113, 181, 255}, color.RGBA{107, 174, 214, 255},
		color.RGBA{198, 219, 239, 255}, color.RGBA{255, 255, 255, 255},
	})
	if err != nil {
		panic(err) // the controls above are fixed and valid
	}
	cm.SetMin(0)
	cm.SetMax(1)
	return palette.Reverse(cm)
}

// textStyle is the figures' text in the given size (points).
func textStyle(size float64) text.Style {
	f := font.From(plot.DefaultFont, vg.Points(size))
	return text.Style{Color: color.Black, Font: f, Handler: plot.DefaultTextHandler, XAlign: draw.XCenter, YAlign: draw.YTop}
}

// heat is a heat map's values, z[row][col] with row 0 at the bottom,
// each cell centred on its integer coordinates.
type heat [][]float64

// Dims returns the number of columns and rows.
func (h heat) Dims() (c, r int) { return len(h[0]), len(h) }

// Z returns the value at a column and row, clamped to 0…1 (NaN stays).
func (h heat) Z(c, r int) float64 { return min(max(h[r][c], 0), 1) }

// heatPlot is a plot of probabilities 0…1 on the colour scale, with the
// axes flush with the cells.
func heatPlot(z heat) *plot.Plot {
	p := plot.New()
	p.Add(cells{z: z, colors: probabilityMap()})
	p.X.Padding, p.Y.Padding = 0, 0
	fontSizes(p)
	return p
}

// fontSizes sets the sizes of a plot's title, axis labels and tick labels.
func fontSizes(p *plot.Plot) {
	p.Title.TextStyle.Font.Size = vg.Points(10)
	p.Title.Padding = vg.Points(4)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(9)
		a.Tick.Label.Font.Size = vg.Points(8)
	}
}

// cells draws a heat map as one rectangle a cell, each overlapping its
// coloured neighbours by a hair so that no seams show between them
// (plotter.HeatMap leaves anti-aliased seams, and its rasterised form
// blurs small maps).
type cells struct {
	z      heat
	colors palette.ColorMap
}

// Plot implements plot.Plotter.
func (h cells) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	hair := vg.Points(1)
	for r, row := range h.z {
		for col := range row {
			v := h.z.Z(col, r)
			if v == 0 || math.IsNaN(v) { // white: the page shows through
				continue
			}
			clr, err := h.colors.At(v)
			if err != nil {
				continue
			}
			x0, x1 := tx(float64(col)-0.5), tx(float64(col)+0.5)
			y0, y1 := ty(float64(r)-0.5), ty(float64(r)+0.5)
			if col+1 < len(row) && h.z.Z(col+1, r) > 0 {
				x1 += hair
			}
			if r+1 < len(h.z) && h.z.Z(col, r+1) > 0 {
				y1 += hair
			}
			c.FillPolygon(clr, c.ClipPolygonXY([]vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}))
		}
	}
}

// DataRange implements plot.DataRanger: the cells' extent.
func (h cells) DataRange() (xmin, xmax, ymin, ymax float64) {
	c, r := h.z.Dims()
	return -0.5, float64(c) - 0.5, -0.5, float64(r) - 0.5
}

// outline marks cells of a heat map with a rectangle each.
type outline []plotter.XY

// Plot implements plot.Plotter.
func (o outline) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	sty := draw.LineStyle{Color: markColor, Width: vg.Points(1.5)}
	for _, xy := range o {
		x0, x1 := tx(xy.X-0.5), tx(xy.X+0.5)
		y0, y1 := ty(xy.Y-0.5), ty(xy.Y+0.5)
		in := sty.Width / 2 // inside the cell, so that neighbours stay apart
		c.StrokeLines(sty, []vg.Point{{X: x0 + in, Y: y0 + in}, {X: x1 - in, Y: y0 + in}, {X: x1 - in, Y: y1 - in}, {X: x0 + in, Y: y1 - in}, {X: x0 + in, Y: y0 + in}})
	}
}

// ticks labels the integer positions 0…len(labels)−1 of an axis.
func ticks(labels []string) plot.ConstantTicks {
	t := make(plot.ConstantTicks, len(labels))
	for i, l := range labels {
		t[i] = plot.Tick{Value: float64(i), Label: l}
	}
	return t
}

// integerTicks labels whole numbers (steps, lengths) at a round spacing
// (1, 2 or 5 times a power of ten) that gives at most about six labels.
type integerTicks struct{}

// Ticks implements plot.Ticker.
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for k := 0; (hi-lo)/step > 6; k++ {
		step = []float64{1, 2, 5}[k%3] * math.Pow10(k/3)
	}
	var out []plot.Tick
	for x := math.Ceil(lo/step) * step; x <= hi; x += step {
		out = append(out, plot.Tick{Value: x, Label: fmt.Sprint(int(x))})
	}
	return out
}

// colorBar is a vertical colour scale of the probability map.
func colorBar(label string) *plot.Plot {
	p := plot.New()
	p.Add(&plotter.ColorBar{ColorMap: probabilityMap(), Vertical: true})
	p.HideX()
	p.Y.Padding = 0
	p.Y.Label.Text = label
	p.Y.Label.TextStyle.Font.Size = vg.Points(9)
	p.Y.Tick.Label.Font.Size = vg.Points(8)
	return p
}

// grid places plots so that their data areas line up: the data areas of a
// column share their x extent and those of a row their y extent. Data
// sizes are given; the margins (axes, labels, titles) are measured.
type grid struct {
	plots                  [][]*plot.Plot // rows top to bottom; nil cells stay empty
	colW, rowH             []vg.Length    // data sizes
	pad                    vg.Length      // between columns and between rows
	colL, colR, rowB, rowT []vg.Length    // margins
}

// newGrid measures the margins of the plots.
func newGrid(plots [][]*plot.Plot, colW, rowH []vg.Length, pad vg.Length) *grid {
	g := &grid{plots: plots, colW: colW, rowH: rowH, pad: pad,
		colL: make([]vg.Length, len(colW)), colR: make([]vg.Length, len(colW)),
		rowB: make([]vg.Length, len(rowH)), rowT: make([]vg.Length, len(rowH))}
	for i, row := range plots {
		for j, p := range row {
			if p == nil {
				continue
			}
			l, r, b, t := margins(p, colW[j], rowH[i])
			g.colL[j], g.colR[j] = max(g.colL[j], l), max(g.colR[j], r)
			g.rowB[i], g.rowT[i] = max(g.rowB[i], b), max(g.rowT[i], t)
		}
	}
	return g
}

// margins returns the room a plot takes around a data area of w × h. The
// room for points near the edges depends on the area's size, so the
// canvas is refined until the data area comes out as asked.
func margins(p *plot.Plot, w, h vg.Length) (left, right, bottom, top vg.Length) {
	left, right, bottom, top = 60, 60, 60, 60
	for range 4 {
		area := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: left + w + right, Y: bottom + h + top}}}
		dc := p.DataCanvas(area)
		dw, dh := dc.Max.X-dc.Min.X, dc.Max.Y-dc.Min.Y
		// The next canvas is the data area asked for with the margins
		// just measured; it is right when the data area comes out so.
		left, right = dc.Min.X, area.Max.X-dc.Max.X
		bottom, top = dc.Min.Y, area.Max.Y-dc.Max.Y
		if math.Abs(float64(dw-w)) < 0.01 && math.Abs(float64(dh-h)) < 0.01 {
			break
		}
	}
	return left, right, bottom, top
}

// size is the room the grid takes.
func (g *grid) size() (w, h vg.Length) {
	for j := range g.colW {
		w += g.colL[j] + g.colW[j] + g.colR[j]
	}
	for i := range g.rowH {
		h += g.rowT[i] + g.rowH[i] + g.rowB[i]
	}
	return w + g.pad*vg.Length(len(g.colW)-1), h + g.pad*vg.Length(len(g.rowH)-1)
}

// dataX returns the x extent of column j's data areas when the grid's
// top-left corner is at origin.
func (g *grid) dataX(origin vg.Point, j int) (x0, x1 vg.Length) {
	x := origin.X
	for k := 0; k < j; k++ {
		x += g.colL[k] + g.colW[k] + g.colR[k] + g.pad
	}
	return x + g.colL[j], x + g.colL[j] + g.colW[j]
}

// dataY returns the y extent of row i's data areas when the grid's
// top-left corner is at origin.
func (g *grid) dataY(origin vg.Point, i int) (y0, y1 vg.Length) {
	y := origin.Y
	for k := 0; k < i; k++ {
		y -= g.rowT[k] + g.rowH[k] + g.rowB[k] + g.pad
	}
	return y - g.rowT[i] - g.rowH[i], y - g.rowT[i]
}

// draw draws the plots with the grid's top-left corner at origin.
func (g *grid) draw(c draw.Canvas, origin vg.Point) {
	for i, row := range g.plots {
		y0, y1 := g.dataY(origin, i)
		for j, p := range row {
			if p == nil {
				continue
			}
			x0, x1 := g.dataX(origin, j)
			l, r, b, t := margins(p, x1-x0, y1-y0)
			pc := c
			pc.Rectangle = vg.Rectangle{Min: vg.Point{X: x0 - l, Y: y0 - b}, Max: vg.Point{X: x1 + r, Y: y1 + t}}
			p.Draw(pc)
		}
	}
}

// page is a figure being drawn: a canvas of a known size.
type page struct {
	img *vgimg.Canvas
	c   draw.Canvas
}

func newPage(w, h vg.Length) *page {
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(figureDPI), vgimg.UseBackgroundColor(color.White))
	return &page{img: img, c: draw.New(img)}
}

// text writes lines of text centred on x, the first line's top at y, and
// returns the y below the last line.
func (pg *page) text(sty text.Style, x, y vg.Length, lines ...string) vg.Length {
	for _, l := range lines {
		pg.c.FillText(sty, vg.Point{X: x, Y: y}, l)
		y -= sty.Height(l) * 1.15
	}
	return y
}

// textHeight is the room lines of text take on a page.
func textHeight(sty text.Style, lines ...string) (h vg.Length) {
	for _, l := range lines {
		h += sty.Height(l) * 1.15
	}
	return h
}

// png encodes the page.
func (pg *page) png() ([]byte, error) {
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: pg.img}).WriteTo(&b); err != nil {
		return nil, fmt.Errorf("encoding the figure: %w", err)
	}
	return b.Bytes(), nil
}

// figureLayout is a figure ready to draw: a title, blocks of plots left to
// right with a caption under each column, and beside them a colour scale
// or a legend.
type figureLayout struct {
	title    string
	subtitle []string
	blocks   []block
	side     sideItem // may be nil
}

// block is a grid of plots with a caption (lines) under each column.
type block struct {
	g        *grid
	captions [][]string
}

// sideItem is what stands right of the blocks.
type sideItem interface {
	size() (w, h vg.Length)
	draw(c draw.Canvas, origin vg.Point)
}

// Spacing of a figure's parts, in points.
const (
	figMargin   = 10
	figBlockGap = 28
)

var (
	titleStyle   = textStyle(14)
	captionStyle = textStyle(10)
)

// panels counts the captioned columns.
func (l *figureLayout) panels() int {
	n := 0
	for _, b := range l.blocks {
		n += len(b.captions)
	}
	return n
}

// bodySize is the room of the blocks with their captions.
func (l *figureLayout) bodySize() (w, h vg.Length) {
	for i, b := range l.blocks {
		bw, bh := b.g.size()
		var ch vg.Length
		for _, c := range b.captions {
			ch = max(ch, textHeight(captionStyle, c...))
		}
		w += bw
		if i > 0 {
			w += figBlockGap
		}
		h = max(h, bh+ch+vg.Points(6))
	}
	return w, h
}

// headHeight is the room of the title and subtitle.
func (l *figureLayout) headHeight() vg.Length {
	return textHeight(titleStyle, l.title) + textHeight(captionStyle, l.subtitle...) + vg.Points(8)
}

// size is the page size of the figure.
func (l *figureLayout) size() (w, h vg.Length) {
	w, h = l.bodySize()
	if l.side != nil {
		sw, sh := l.side.size()
		w += figBlockGap + sw
		h = max(h, sh)
	}
	return wholePixels(w + 2*figMargin), wholePixels(h + l.headHeight() + 2*figMargin)
}

// png draws the figure.
func (l *figureLayout) png() ([]byte, error) {
	w, h := l.size()
	pg := newPage(w, h)
	y := pg.text(titleStyle, w/2, h-figMargin, l.title)
	pg.text(captionStyle, w/2, y, l.subtitle...)
	top := h - figMargin - l.headHeight()
	x := vg.Length(figMargin)
	for _, b := range l.blocks {
		origin := vg.Point{X: x, Y: top}
		b.g.draw(pg.c, origin)
		bw, bh := b.g.size()
		for j, c := range b.captions {
			x0, x1 := b.g.dataX(origin, j)
			pg.text(captionStyle, (x0+x1)/2, top-bh-vg.Points(6), c...)
		}
		x += bw + figBlockGap
	}
	if l.side != nil {
		l.side.draw(pg.c, vg.Point{X: x, Y: top})
	}
	return pg.png()
}

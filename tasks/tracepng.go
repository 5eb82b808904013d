package tasks

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
)

// PCTrace runs the soft machine (no discretisation) on one input for the
// given number of steps and returns the program counter after each step
// (steps × program length).
func (r *D4Run) PCTrace(input []int, steps int) ([][]float64, error) {
	sh, err := Measure(r.Code, r.sketchName, r.V, input)
	if err != nil {
		return nil, err
	}
	m, err := r.Model.Resized(sh.StackSize())
	if err != nil {
		return nil, err
	}
	x, err := m.Sizes.InitialState(input)
	if err != nil {
		return nil, err
	}
	pcs := [][]float64{append([]float64(nil), m.Sizes.Unpack(x).C...)}
	for t := 0; t < steps; t++ {
		if x, _, err = m.Run(x, 1, false); err != nil {
			return nil, err
		}
		pcs = append(pcs, append([]float64(nil), m.Sizes.Unpack(x).C...))
	}
	return pcs, nil
}

// TracePNG draws program-counter traces one above the other (the paper's
// appendix figure): time runs left to right, program addresses top to
// bottom, and the darker a cell the more mass the counter has there.
func TracePNG(traces [][][]float64) ([]byte, error) {
	if len(traces) == 0 || len(traces[0]) == 0 {
		return nil, fmt.Errorf("no trace to draw")
	}
	const cell, gap = 4, 12
	steps, addrs := len(traces[0]), len(traces[0][0])
	w := steps * cell
	h := len(traces)*(addrs*cell+gap) - gap
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for k, tr := range traces {
		y0 := k * (addrs*cell + gap)
		for t, pc := range tr {
			for a, mass := range pc {
				v := uint8(255 * (1 - min(max(mass, 0), 1)))
				for dy := 0; dy < cell; dy++ {
					for dx := 0; dx < cell; dx++ {
						img.SetGray(t*cell+dx, y0+a*cell+dy, color.Gray{Y: v})
					}
				}
			}
		}
		if k > 0 { // a grey rule between the panels
			for x := 0; x < w; x++ {
				img.SetGray(x, y0-gap/2, color.Gray{Y: 160})
			}
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

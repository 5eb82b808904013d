package optim

import (
	"errors"
	"math"
	"testing"
)

func TestAdamMinimisesAQuadratic(t *testing.T) {
	w := []float64{3, -2}
	a := New([][]float64{w}, Config{LR: 0.1, Clip: 0, Noise: 0}, 1)
	for i := 0; i < 500; i++ {
		if _, err := a.Update([][]float64{{2 * w[0], 2 * w[1]}}); err != nil {
			t.Fatal(err)
		}
	}
	if math.Abs(w[0]) > 1e-2 || math.Abs(w[1]) > 1e-2 {
		t.Errorf("w = %v, want near 0", w)
	}
}

func TestClipAndNotFinite(t *testing.T) {
	w := []float64{0}
	a := New([][]float64{w}, Config{LR: 1, Clip: 1, Noise: 0}, 1)
	norm, err := a.Update([][]float64{{100}})
	if err != nil || norm != 100 {
		t.Fatalf("norm %v, err %v", norm, err)
	}
	// The first Adam step moves by about LR whatever the scale: check the
	// clipped gradient went into the first moment.
	if got := a.m[0][0]; math.Abs(got-0.1) > 1e-12 {
		t.Errorf("first moment %v, want 0.1 (the gradient clipped to norm 1)", got)
	}
	before := w[0]
	if _, err := a.Update([][]float64{{math.NaN()}}); !errors.Is(err, ErrNotFinite) || w[0] != before {
		t.Errorf("NaN gradient: err %v, w %v → %v", err, before, w[0])
	}
}

// TestWeightDecay checks decoupled weight decay: with a zero gradient the
// Adam step is zero and each update multiplies a weight by 1 − LR·λ.
func TestWeightDecay(t *testing.T) {
	w := []float64{2, -4}
	a := New([][]float64{w}, Config{LR: 0.1, Clip: 0, Noise: 0}, 1)
	a.WeightDecay = 0.5
	for i := 0; i < 3; i++ {
		if _, err := a.Update([][]float64{{0, 0}}); err != nil {
			t.Fatal(err)
		}
	}
	f := math.Pow(1-0.1*0.5, 3)
	if math.Abs(w[0]-2*f) > 1e-12 || math.Abs(w[1]+4*f) > 1e-12 {
		t.Errorf("w = %v, want %v", w, []float64{2 * f, -4 * f})
	}
}

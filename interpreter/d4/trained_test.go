package d4

import (
	"errors"
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/optim"
)

const swapSketch = "{ observe D0 D-1 -> tanh -> linear 4 -> choose NOP SWAP }"

func trainedModel(t *testing.T, seed int64, batches int) *Model {
	t.Helper()
	m, err := NewModel("swap.fth", swapSketch, 6, 5, 0, seed)
	if err != nil {
		t.Fatal(err)
	}
	tr := newStepper(m.Machine, TrainerConfig{Steps: 1, Mode: ModeStatic}, paperOptim(0.1), seed)
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < batches; i++ {
		var exs []data.Example
		for j := 0; j < 8; j++ {
			a, b := rng.Intn(6), rng.Intn(6)
			exs = append(exs, data.Example{Input: []int{a, b}, Output: []int{max(a, b), min(a, b)}})
		}
		if _, err := tr.TrainBatch(exs); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

func paramData(m *Machine) [][]float64 {
	var out [][]float64
	for _, p := range m.Params() {
		out = append(out, slices.Clone(p.T.Data().([]float64)))
	}
	return out
}

// TestDeterministic trains twice with the same seed (two workers run the
// batch) and requires identical parameters.
func TestDeterministic(t *testing.T) {
	a, b := trainedModel(t, 4, 10), trainedModel(t, 4, 10)
	if !slices.EqualFunc(paramData(a.Machine), paramData(b.Machine), slices.Equal[[]float64]) {
		t.Error("two runs with the same seed differ")
	}
	c := trainedModel(t, 5, 10)
	if slices.EqualFunc(paramData(a.Machine), paramData(c.Machine), slices.Equal[[]float64]) {
		t.Error("two runs with different seeds agree")
	}
}

// TestNotFiniteStops checks that a NaN in the loss stops training with
// ErrNotFinite and leaves the parameters untouched.
func TestNotFiniteStops(t *testing.T) {
	m := trainedModel(t, 1, 1)
	b := m.Params()[1].T.Data().([]float64) // a bias: it reaches the loss
	b[0] = math.NaN()
	before := paramData(m.Machine)
	tr := newStepper(m.Machine, TrainerConfig{Steps: 1, Mode: ModeStatic}, paperOptim(1), 1)
	_, err := tr.TrainBatch([]data.Example{{Input: []int{1, 2}, Output: []int{2, 1}}})
	if !errors.Is(err, optim.ErrNotFinite) {
		t.Fatalf("err = %v, want ErrNotFinite", err)
	}
	after := paramData(m.Machine)
	for i := range before {
		for j := range before[i] {
			if before[i][j] != after[i][j] && !(math.IsNaN(before[i][j]) && math.IsNaN(after[i][j])) {
				t.Fatalf("parameter %d[%d] changed after a non-finite loss", i, j)
			}
		}
	}
}

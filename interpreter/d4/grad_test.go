package d4

import (
	"math/rand"
	"testing"

	"github.com/d4lang/d4/internal/gradcheck"
)

// softState returns a random initial state near the one-hot image of init:
// every data-stack cell a random distribution, so that gradients reach
// every element.
func softState(sz Sizes, init []int, rng *rand.Rand) []float64 {
	x, _ := sz.InitialState(init)
	s := sz.Unpack(x)
	for i := 0; i < len(init); i++ {
		row := s.D[i*sz.V : (i+1)*sz.V]
		sum := 0.0
		for j := range row {
			row[j] = 0.2*rng.Float64() + 0.8*row[j]
			sum += row[j]
		}
		for j := range row {
			row[j] /= sum
		}
	}
	for i := 0; i < sz.H; i++ {
		row := s.Heap[i*sz.V : (i+1)*sz.V]
		sum := 0.0
		for j := range row {
			row[j] = rng.Float64() + row[j]
			sum += row[j]
		}
		for j := range row {
			row[j] /= sum
		}
	}
	return x
}

// TestGradientsMatchFiniteDifferences checks the gradient of the loss with
// respect to every slot parameter and to the initial state (heap included)
// against central finite differences, for every decoder kind and for
// control flow that depends on a slot.
func TestGradientsMatchFiniteDifferences(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		v, l   int
		init   []int
		target []int
		steps  int
	}{
		{"choose", "{ observe D0 D-1 -> choose NOP SWAP DUP }", 5, 6, []int{1, 3}, []int{3, 1}, 2},
		{"choose-layers", "{ observe D0 D-1 -> tanh -> linear 4 -> sigmoid -> linear 3 -> choose NOP SWAP + }", 5, 6, []int{1, 3}, []int{3, 1}, 2},
		{"static", "{ static -> choose 1+ 1- NOP } 2 *", 5, 6, []int{2}, []int{1}, 4},
		{"permute", "{ observe D0 D-1 D-2 -> permute D0 D-1 D-2 }", 4, 6, []int{1, 2, 3}, []int{3, 2, 1}, 2},
		{"manipulate", "{ observe D0 -> linear 3 -> manipulate D0 D-1 }", 4, 6, []int{1, 2}, []int{2, 3}, 2},
		{"manipulate-R", "1 >R { observe D0 R0 -> manipulate R0 } R>", 4, 6, []int{2}, []int{2, 3}, 5},
		{"branch-on-slot", "{ observe D0 -> choose 0 1 } IF 1+ ELSE 1- THEN", 5, 6, []int{2}, []int{3}, 6},
		{"call-choice", ": INC 1+ ; { observe D0 -> choose INC NOP } 2 +", 5, 6, []int{1}, []int{4}, 6},
		{"heap", "VARIABLE X VARIABLE Y { observe H0 H1 -> choose X Y } @ 1+", 4, 6, nil, []int{2}, 5},
		{"arithmetic", "{ observe D0 D-1 -> choose + - * / } 1 >", 4, 6, []int{3, 2}, []int{0}, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, sz, m := newMachine(t, tc.name, tc.src, tc.v, tc.l, 1)
			rng := rand.New(rand.NewSource(3))
			const batch = 2
			var in, tg []float64
			for b := 0; b < batch; b++ {
				in = append(in, softState(sz, tc.init, rng)...)
				y, err := sz.Target(tc.target)
				if err != nil {
					t.Fatal(err)
				}
				tg = append(tg, y...)
			}
			gr, err := m.NewGraph(batch, GraphOpts{Steps: tc.steps, InputGrad: true})
			if err != nil {
				t.Fatal(err)
			}
			loss := func() float64 {
				l, err := gr.Run(in, tg)
				if err != nil {
					t.Fatal(err)
				}
				return l
			}
			loss()
			var analytic [][]float64
			for _, g := range gr.ParamGrads() {
				analytic = append(analytic, append([]float64(nil), g...))
			}
			inGrad := append([]float64(nil), gr.InputGrad()...)
			const h = 1e-6
			check := func(what string, x []float64, i int, want float64) {
				if fd := gradcheck.Central(loss, x, i, h); !gradcheck.Agrees(want, fd, 1e-5) {
					t.Errorf("%s[%d]: analytic %.9g, finite difference %.9g", what, i, want, fd)
				}
			}
			for pi, p := range m.Params() {
				data := p.T.Data().([]float64)
				for i := range data {
					check(p.Name, data, i, analytic[pi][i])
				}
			}
			// The input state: the data stack, pointers and heap of the
			// first example (the program counter is one-hot by design).
			for i := 0; i < sz.Len()-sz.P; i++ {
				check("state0", in, i, inGrad[i])
			}
		})
	}
}

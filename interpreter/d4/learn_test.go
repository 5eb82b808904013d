package d4

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
	"time"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// task is a small sketch to learn from input/output pairs alone.
type task struct {
	name  string
	src   string
	v, l  int
	steps int
	lr    float64
	gen   func(rng *rand.Rand) data.Example // a random example
}

func twoDigits(rng *rand.Rand, v int) (int, int) { return rng.Intn(v), rng.Intn(v) }

var learnTasks = []task{
	{
		// A permute slot: sort the top two values, leave the third alone.
		name: "permute", src: "{ observe D0 D-1 -> permute D0 D-1 D-2 }", v: 10, l: 6, steps: 1, lr: 0.5,
		gen: func(rng *rand.Rand) data.Example {
			a, b := twoDigits(rng, 10)
			c := rng.Intn(10)
			return data.Example{Input: []int{c, a, b}, Output: []int{c, max(a, b), min(a, b)}}
		},
	},
	{
		// A manipulate slot: exchange two values by writing them.
		name: "manipulate", src: "{ observe D0 D-1 -> manipulate D0 D-1 }", v: 10, l: 5, steps: 1, lr: 0.1,
		gen: func(rng *rand.Rand) data.Example {
			a, b := twoDigits(rng, 10)
			return data.Example{Input: []int{a, b}, Output: []int{b, a}}
		},
	},
}

// examples draws n distinct examples not in exclude.
func examples(gen func(*rand.Rand) data.Example, rng *rand.Rand, n int, exclude map[string]bool) []data.Example {
	var out []data.Example
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		ex := gen(rng)
		key := fmtInts(ex.Input)
		if exclude[key] {
			continue
		}
		exclude[key] = true
		out = append(out, ex)
	}
	return out
}

func fmtInts(x []int) string { return fmt.Sprint(x) }

// accuracy returns the fraction of examples whose discretised ∂4 run ends
// with exactly the target stack.
func accuracy(t *testing.T, m *Machine, steps int, exs []data.Example) float64 {
	ok := 0
	for _, ex := range exs {
		x, err := m.Sizes.InitialState(ex.Input)
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := m.Run(x, steps, true)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Equal(m.Sizes.Unpack(out).Stack(), ex.Output) {
			ok++
		}
	}
	return float64(ok) / float64(len(exs))
}

// TestSlotsLearn trains small sketches from input/output pairs alone and
// requires 100% on held-out inputs, then checks that the hybrid symbolic
// execution of the learned sketch gives the discretised ∂4's outputs.
func TestSlotsLearn(t *testing.T) {
	for _, tc := range learnTasks {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			code, sz, m := newMachine(t, tc.name, tc.src, tc.v, tc.l, 7)
			rng := rand.New(rand.NewSource(11))
			seen := map[string]bool{}
			test := examples(tc.gen, rng, 30, seen)
			train := examples(tc.gen, rng, 200, seen)
			tr := newStepper(m, TrainerConfig{Steps: tc.steps, Mode: ModeStatic}, paperOptim(tc.lr), 1)
			const batch, maxEpochs = 16, 150
			var acc float64
			epoch := 0
			for ; epoch < maxEpochs && acc < 1; epoch++ {
				rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
				for i := 0; i+batch <= len(train); i += batch {
					if _, err := tr.TrainBatch(train[i : i+batch]); err != nil {
						t.Fatal(err)
					}
				}
				acc = accuracy(t, m, tc.steps+1, test)
			}
			t.Logf("%d held-out examples (%d training): %.0f%% after %d epochs, %v", len(test), len(train), 100*acc, epoch, time.Since(start).Round(time.Millisecond))
			if acc < 1 {
				t.Fatalf("held-out accuracy %.1f%% after %d epochs, want 100%%", 100*acc, maxEpochs)
			}
			// Hybrid: the symbolic machine with argmax slot decisions.
			for _, ex := range test {
				sm, err := runHybrid(code, m, symbolic.Config{ValueSize: tc.v, StackSize: tc.l + 4, MaxSteps: 100}, ex.Input)
				if err != nil {
					t.Fatal(err)
				}
				x, _ := sz.InitialState(ex.Input)
				out, _, _ := m.Run(x, tc.steps+1, true)
				if got, want := sm.D.Values(), sz.Unpack(out).Stack(); !slices.Equal(got, want) {
					t.Errorf("input %v: hybrid %v, discretised ∂4 %v", ex.Input, got, want)
				}
			}
		})
	}
}

package d4

import (
	"math/rand"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// firstChoice decides every slot with its first alternative, the identity
// permutation or zeros: enough to count the steps of a sketch whose control
// flow does not depend on its slots.
type firstChoice struct{}

func (firstChoice) Decide(s *forth.SlotCode, m *symbolic.Machine) (symbolic.Decision, error) {
	perm := make([]int, len(s.Dec.Elems))
	for i := range perm {
		perm[i] = i
	}
	return symbolic.Decision{Perm: perm, Values: make([]int, len(s.Dec.Elems))}, nil
}

// stepsFor counts the steps the sketch takes on init.
func stepsFor(t *testing.T, code *forth.Code, v, l int, init []int) int {
	m, err := symbolic.New(code, symbolic.Config{ValueSize: v, StackSize: l, MaxSteps: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	m.Decider = firstChoice{}
	m.Push(init...)
	if err := m.Run(); err != nil {
		t.Fatal(err)
	}
	return m.Steps
}

type sketchTask struct {
	name        string
	v           int
	trainLen    int
	testLens    []int // discretised ∂4 and hybrid
	hybridLen   int   // hybrid only
	lr          float64
	train       func(rng *rand.Rand) []data.Example
	gen         func(rng *rand.Rand, n int) data.Example
	epochs      int
	stackForLen func(n int) int
}

func sortExample(rng *rand.Rand, n int) data.Example {
	seq := make([]int, n)
	for i := range seq {
		seq[i] = rng.Intn(10)
	}
	want := slices.Clone(seq)
	sort.Sort(sort.Reverse(sort.IntSlice(want)))
	return data.Example{Input: append(seq, n), Output: want}
}

func addExample(rng *rand.Rand, n int) data.Example {
	a, b := make([]int, n), make([]int, n)
	var in []int
	for i := range a {
		a[i], b[i] = rng.Intn(10), rng.Intn(10)
		in = append(in, a[i], b[i])
	}
	carry := rng.Intn(2)
	in = append(in, carry, n)
	want := make([]int, n+1)
	for i := n - 1; i >= 0; i-- {
		s := a[i] + b[i] + carry
		want[i+1], carry = s%10, s/10
	}
	want[0] = carry
	return data.Example{Input: in, Output: want}
}

var sketchTasks = []sketchTask{
	{
		name: "sort_compare", v: 16, trainLen: 2, testLens: []int{3, 6}, hybridLen: 14, lr: 0.1, epochs: 30,
		stackForLen: func(n int) int { return 2*n + 6 },
		train: func(rng *rand.Rand) []data.Example {
			var exs []data.Example
			for a := 0; a < 10; a++ { // every pair once, then random pairs
				for b := 0; b < 10; b++ {
					exs = append(exs, data.Example{Input: []int{a, b, 2}, Output: []int{max(a, b), min(a, b)}})
				}
			}
			for len(exs) < 256 {
				exs = append(exs, sortExample(rng, 2))
			}
			return exs
		},
		gen: sortExample,
	},
	{
		name: "add_choose", v: 10, trainLen: 1, testLens: []int{2, 4}, hybridLen: 9, lr: 0.05, epochs: 40,
		stackForLen: func(n int) int { return 3*n + 8 },
		train: func(rng *rand.Rand) []data.Example {
			var exs []data.Example
			for rep := 0; rep < 2; rep++ { // every digit pair and carry, twice
				for a := 0; a < 10; a++ {
					for b := 0; b < 10; b++ {
						for c := 0; c < 2; c++ {
							s := a + b + c
							exs = append(exs, data.Example{Input: []int{a, b, c, 1}, Output: []int{s / 10, s % 10}})
						}
					}
				}
			}
			return exs
		},
		gen: addExample,
	},
}

// TestSketchesLearnAndGeneralise trains the paper's Compare (sort) and
// Choose (addition) sketches on short inputs and requires 100% on held-out
// longer inputs, with discretised ∂4 and with hybrid symbolic execution.
func TestSketchesLearnAndGeneralise(t *testing.T) {
	for _, tc := range sketchTasks {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			l := tc.stackForLen(tc.trainLen)
			code, _, m := sketchMachine(t, tc.name, tc.v, l, 3)
			rng := rand.New(rand.NewSource(5))
			train := tc.train(rng)
			steps := stepsFor(t, code, tc.v, l, train[0].Input)
			tr := newStepper(m, TrainerConfig{Steps: steps, Mode: ModeStatic}, paperOptim(tc.lr), 1)
			g, _ := tr.Graph(16)
			t.Logf("T = %d steps, %d instructions, %.2f forward nodes per step", steps, code.Len(), g.PerStep)
			held := map[int][]data.Example{}
			for _, n := range append(slices.Clone(tc.testLens), tc.hybridLen) {
				for i := 0; i < 20; i++ {
					held[n] = append(held[n], tc.gen(rng, n))
				}
			}
			hybridOK := func(exs []data.Example, l int) bool {
				for _, ex := range exs {
					sm, err := runHybrid(code, m, symbolic.Config{ValueSize: tc.v, StackSize: l, MaxSteps: 1 << 20}, ex.Input)
					if err != nil || !slices.Equal(sm.D.Values(), ex.Output) {
						return false
					}
				}
				return true
			}
			// Stop when the training set is learnt (hybrid, fast) and the
			// held-out inputs come out right on discretised ∂4.
			evaluate := func() bool {
				if !hybridOK(train, l) {
					return false
				}
				for _, n := range tc.testLens {
					mm, err := m.Resized(tc.stackForLen(n))
					if err != nil {
						t.Fatal(err)
					}
					budget := stepsFor(t, code, tc.v, mm.Sizes.L, held[n][0].Input) + 1
					if acc := accuracy(t, mm, budget, held[n]); acc < 1 {
						return false
					}
				}
				return true
			}
			epoch, done := 0, false
			for ; epoch < tc.epochs && !done; epoch++ {
				rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
				for i := 0; i+16 <= len(train); i += 16 {
					if _, err := tr.TrainBatch(train[i : i+16]); err != nil {
						t.Fatal(err)
					}
				}
				done = evaluate()
			}
			t.Logf("100%% on held-out lengths %v after %d epochs: %v", tc.testLens, epoch, time.Since(start).Round(time.Millisecond))
			if !done {
				t.Fatalf("not 100%% on held-out inputs of lengths %v after %d epochs", tc.testLens, tc.epochs)
			}
			// Hybrid execution equals discretised ∂4 on the held-out inputs.
			for _, n := range tc.testLens {
				mm, _ := m.Resized(tc.stackForLen(n))
				for _, ex := range held[n] {
					sm, err := runHybrid(code, m, symbolic.Config{ValueSize: tc.v, StackSize: mm.Sizes.L, MaxSteps: 1 << 20}, ex.Input)
					if err != nil {
						t.Fatal(err)
					}
					x, _ := mm.Sizes.InitialState(ex.Input)
					out, _, _ := mm.Run(x, sm.Steps+1, true)
					if got, want := sm.D.Values(), mm.Sizes.Unpack(out).Stack(); !slices.Equal(got, want) {
						t.Errorf("length %d, input %v: hybrid %v, discretised ∂4 %v", n, ex.Input, got, want)
					}
				}
			}
			// Hybrid execution at a length far beyond training.
			for _, ex := range held[tc.hybridLen] {
				sm, err := runHybrid(code, m, symbolic.Config{ValueSize: tc.v, StackSize: tc.stackForLen(tc.hybridLen), MaxSteps: 1 << 20, Strict: true}, ex.Input)
				if err != nil {
					t.Fatal(err)
				}
				if got := sm.D.Values(); !slices.Equal(got, ex.Output) {
					t.Errorf("hybrid at length %d: %v → %v, want %v", tc.hybridLen, ex.Input, got, ex.Output)
				}
			}
		})
	}
}

package d4

import (
	"math/rand"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// BenchmarkTrainStepSortCompare is one training step (forward, backward,
// Adam) of the Compare sort sketch at length 3 with a batch of 32, on the
// naive execution RNN and on the static trace.
// Run: go test ./interpreter/d4 -run '^$' -bench TrainStep
func BenchmarkTrainStepSortCompare(b *testing.B) {
	b.Run("naive", func(b *testing.B) { benchTrainStep(b, false) })
	b.Run("static", func(b *testing.B) { benchTrainStep(b, true) })
}

func benchTrainStep(b *testing.B, static bool) {
	const n, v = 3, 16
	l := 2*n + 6
	code, _, m := sketchMachine(b, "sort_compare", v, l, 1)
	rng := rand.New(rand.NewSource(1))
	var exs []data.Example
	for i := 0; i < 32; i++ {
		exs = append(exs, sortExample(rng, n))
	}
	steps := 0
	{
		t := &testing.T{}
		steps = stepsFor(t, code, v, l, exs[0].Input)
	}
	mode := ModeNaive
	if static {
		mode = ModeStatic
	}
	tr := newStepper(m, TrainerConfig{Steps: steps, Mode: mode}, paperOptim(1), 1)
	g, err := tr.graphFor(exs)
	if err != nil {
		b.Fatal(err)
	}
	if ran, _ := tr.LastRun(); ran != static {
		b.Fatalf("static graph: %v, want %v", ran, static)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tr.TrainBatch(exs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(steps), "T")
	b.ReportMetric(g.PerStep, "nodes/step")
	b.ReportMetric(float64(g.Nodes), "fwd-nodes")
}

// BenchmarkStaticStepWAP is the forward and backward pass of the word
// algebra sketch on its static trace, at the word algebra task's sizes
// (value size 150, stack size 5) with a batch of 32 random soft heaps, as
// the reader fills them: the arithmetic words on distributions of 150
// values.
// Run: go test ./interpreter/d4 -run '^$' -bench StaticStepWAP
func BenchmarkStaticStepWAP(b *testing.B) {
	const v, l, batch = 150, 5, 32
	code, sz, m := sketchMachine(b, "wap", v, l, 1)
	learned := make([]bool, sz.H)
	for i := range learned {
		learned[i] = true
	}
	cfg := symbolic.Config{ValueSize: v, StackSize: l, HeapSize: sz.H, MaxSteps: 10000}
	trace, err := symbolic.StaticTrace(code, cfg, nil, symbolic.FirstChoice{}, learned)
	if err != nil {
		b.Fatal(err)
	}
	g, err := m.NewGraph(batch, GraphOpts{Trace: trace, InputGrad: true})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	var in, tg []float64
	for i := 0; i < batch; i++ {
		in = append(in, softState(sz, nil, rng)...)
		y, _ := sz.Target([]int{rng.Intn(v)})
		tg = append(tg, y...)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.Run(in, tg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(trace)), "T")
}

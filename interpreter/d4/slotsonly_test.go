package d4

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/symbolic"
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// slotsOnlySketch has slots that observe heap cells no word writes (A and
// B) and a store to another (C) between them.
const slotsOnlySketch = `VARIABLE A VARIABLE B VARIABLE C
{ observe H0 H1 -> choose 1 2 3 }
{ observe H1 -> choose 2 4 }
+ C !
{ observe H0 -> choose 1+ 1- }
C @`

// The slots alone (GraphOpts.SlotsOnly) give the distributions that the
// slots of the whole execution give, when they observe cells that no word
// before them changes; a slot that observes a stack is refused.
func TestSlotsOnly(t *testing.T) {
	m, err := NewModel("slots.fth", slotsOnlySketch, 6, 4, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	cfg := symbolic.Config{ValueSize: 6, StackSize: 4, HeapSize: m.Sizes.H, MaxSteps: 100}
	trace, err := symbolic.StaticTrace(m.Code, cfg, nil, symbolic.FirstChoice{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	const B = 3
	S := m.Sizes.Len()
	rng := rand.New(rand.NewSource(2))
	var states []float64
	for range B {
		x, err := m.Sizes.InitialState(nil)
		if err != nil {
			t.Fatal(err)
		}
		st := m.Sizes.Unpack(x)
		for i := range st.Heap {
			st.Heap[i] = rng.Float64()
		}
		states = append(states, x...)
	}
	outs := func(slotsOnly bool) [][]float64 {
		g := G.NewGraph()
		input := G.NewMatrix(g, tensor.Float64, G.WithShape(B, S), G.WithName("input"))
		target := G.NewMatrix(g, tensor.Float64, G.WithShape(B, m.Sizes.TargetWidth()), G.WithName("target"))
		part, err := m.Unroll(g, input, target, GraphOpts{Trace: trace, SlotsOnly: slotsOnly})
		if err != nil {
			t.Fatal(err)
		}
		if slotsOnly != (part.Final == nil) {
			t.Errorf("slots only %v: final state %v", slotsOnly, part.Final)
		}
		// A root that reads every slot's output, as a caller's loss does.
		var total *G.Node
		for _, n := range part.Slots {
			sum, err := G.Sum(n)
			if err == nil && total != nil {
				sum, err = G.Add(total, sum)
			}
			if err != nil {
				t.Fatal(err)
			}
			total = sum
		}
		G.Let(input, tensor.New(tensor.WithShape(B, S), tensor.WithBacking(states)))
		G.Let(target, tensor.New(tensor.Of(tensor.Float64), tensor.WithShape(B, m.Sizes.TargetWidth())))
		vm := G.NewTapeMachine(g)
		defer vm.Close()
		if err := vm.RunAll(); err != nil {
			t.Fatal(err)
		}
		var out [][]float64
		for _, n := range part.Slots {
			out = append(out, append([]float64(nil), n.Value().Data().([]float64)...))
		}
		return out
	}
	whole, alone := outs(false), outs(true)
	if len(whole) != 3 || len(alone) != 3 {
		t.Fatalf("%d and %d slot outputs, want 3", len(whole), len(alone))
	}
	for i := range whole {
		for k := range whole[i] {
			if math.Abs(whole[i][k]-alone[i][k]) > 1e-12 {
				t.Fatalf("slot execution %d: %v on the whole execution, %v alone", i, whole[i], alone[i])
			}
		}
	}
	stack, err := NewModel("stack.fth", "1 2 { observe D0 -> choose + - }", 6, 4, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := G.NewGraph()
	input := G.NewMatrix(g, tensor.Float64, G.WithShape(1, stack.Sizes.Len()), G.WithName("input"))
	if _, err := stack.Unroll(g, input, nil, GraphOpts{Trace: []int{0, 1, 2}, SlotsOnly: true}); err == nil || !strings.Contains(err.Error(), "observes D0") {
		t.Errorf("a slot observing D0: err = %v", err)
	}
}

package d4

import (
	"math"
	"math/rand"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/sketches"
)

// TestBlocksEqualNaive checks that the straight-line collapse and the
// if-interpolation give the naive execution RNN's loss and slot-parameter
// gradients to 1e-9 on every sketch of the paper whose control is crisp,
// each run with enough steps to halt.
func TestBlocksEqualNaive(t *testing.T) {
	tests := []struct {
		sketch string
		v      int
		gen    func(*rand.Rand) data.Example
	}{
		{"sort_compare", 12, func(r *rand.Rand) data.Example { return sortExample(r, 3) }},
		{"add_choose", 10, func(r *rand.Rand) data.Example { return addExample(r, 2) }},
		{"add_manipulate", 10, func(r *rand.Rand) data.Example { return addExample(r, 2) }},
	}
	for _, tc := range tests {
		for _, o := range []Optim{{Collapse: true}, {Collapse: true, Interpolate: true}} {
			code, _, m := sketchMachine(t, tc.sketch, tc.v, 16, 5)
			rng := rand.New(rand.NewSource(4))
			exs := []data.Example{tc.gen(rng), tc.gen(rng)}
			trace, ok := m.SharedTrace(exs, 10000)
			if !ok {
				t.Fatalf("%s: no shared trace", tc.sketch)
			}
			in, tg, _ := m.Batch(exs)
			naive, err := m.NewGraph(len(exs), GraphOpts{Steps: len(trace)})
			if err != nil {
				t.Fatal(err)
			}
			bsteps := BlockSteps(code, o, trace)
			blocks, err := m.NewGraph(len(exs), GraphOpts{Steps: bsteps, Optim: o})
			if err != nil {
				t.Fatal(err)
			}
			ln, _ := naive.Run(in, tg)
			lb, err := blocks.Run(in, tg)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %+v: %d steps → %d block steps, %d → %d nodes", tc.sketch, o, len(trace), bsteps, naive.Nodes, blocks.Nodes)
			if math.Abs(ln-lb) > 1e-9 {
				t.Errorf("%s %+v: loss naive %.15g, blocks %.15g", tc.sketch, o, ln, lb)
			}
			gn, gb := naive.ParamGrads(), blocks.ParamGrads()
			for i := range gn {
				for j := range gn[i] {
					if math.Abs(gn[i][j]-gb[i][j]) > 1e-9 {
						t.Fatalf("%s %+v: gradient %s[%d]: naive %.15g, blocks %.15g", tc.sketch, o, m.Params()[i].Name, j, gn[i][j], gb[i][j])
					}
				}
			}
		}
	}
}

// TestBlocksOnBubbleSort runs the plain bubble sort (its IF SWAP THEN is
// interpolated) on the block RNN: the final state equals the naive one.
func TestBlocksOnBubbleSort(t *testing.T) {
	src, _ := sketches.Embedded("bubble")
	code, _ := forth.ParseAndCompile("bubble.fth", src)
	sz, _ := NewSizes(code, 10, 12, 0)
	m := &Machine{Code: code, Sizes: sz}
	init := []int{2, 4, 2, 7, 4}
	sm, _ := symbolic.New(code, symbolic.Config{ValueSize: 10, StackSize: 12, MaxSteps: 10000})
	var path []int
	sm.Cfg.OnStep = nil
	trace, err := symbolic.StaticTrace(code, symbolic.Config{ValueSize: 10, StackSize: 12, MaxSteps: 10000}, init, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	path = trace
	x, _ := sz.InitialState(init)
	in := append([]float64(nil), x...)
	o := Optim{Collapse: true, Interpolate: true}
	p := plan(code, o)
	if len(p.ifs) != 1 {
		t.Fatalf("%d interpolable IFs, want 1 (IF SWAP THEN)", len(p.ifs))
	}
	naive, _ := m.NewGraph(1, GraphOpts{Steps: len(path)})
	blocks, _ := m.NewGraph(1, GraphOpts{Steps: BlockSteps(code, o, path), Optim: o})
	naive.Run(in, nil)
	blocks.Run(in, nil)
	a, b := sz.Unpack(naive.Final()), sz.Unpack(blocks.Final())
	if got := b.Stack(); len(got) != 4 || got[0] != 7 || got[3] != 2 {
		t.Errorf("blocks: stack %v, want [7 4 2 2]", got)
	}
	worst := 0.0
	for i := range naive.Final() {
		worst = math.Max(worst, math.Abs(naive.Final()[i]-blocks.Final()[i]))
	}
	t.Logf("%d steps → %d block steps; largest difference %g", len(path), BlockSteps(code, o, path), worst)
	if worst > 1e-12 || a.Crispness() > 1e-12 {
		t.Errorf("block and naive final states differ by %g", worst)
	}
}

// TestInterpolationSoftCondition states how far interpolating an IF
// departs from the naive execution when its condition is soft: the naive
// RNN runs the two branches out of step (ELSE costs a jump), the
// interpolation mixes them at once.
func TestInterpolationSoftCondition(t *testing.T) {
	src := "{ static -> choose 0 1 } IF 1+ 1+ ELSE 1- THEN 3 +"
	code, sz, m := newMachine(t, "soft", src, 10, 6, 1)
	x, _ := sz.InitialState([]int{5})
	tg, _ := sz.Target([]int{0})
	naive, _ := m.NewGraph(1, GraphOpts{Steps: 12})
	o := Optim{Collapse: true, Interpolate: true}
	blocks, _ := m.NewGraph(1, GraphOpts{Steps: 6, Optim: o})
	naive.Run(x, tg)
	blocks.Run(x, tg)
	a, b := sz.Unpack(naive.Final()), sz.Unpack(blocks.Final())
	if !a.Halted(code.Halt, 1e-9) || !b.Halted(code.Halt, 1e-9) {
		t.Fatalf("not halted: naive %v, blocks %v", a.C, b.C)
	}
	worst := 0.0
	for i := range a.D {
		worst = math.Max(worst, math.Abs(a.D[i]-b.D[i]))
	}
	h := m.Slots[0].Forward([]float64{1}) // h[0]: the slot pushes 0, so ELSE runs
	t.Logf("soft condition (P(else) = %.3f): the naive RNN departs from the interpolation by up to %.3g in a data-stack cell", h[0], worst)
	// The interpolation is the exact mixture of the two runs: ELSE leaves
	// 5−1+3 = 7, IF leaves 5+2+3 = 10 ≡ 0.
	top := b.D[0*sz.V : 1*sz.V]
	if math.Abs(top[7]-h[0]) > 1e-12 || math.Abs(top[0]-h[1]) > 1e-12 {
		t.Errorf("interpolated top %v, want %.3f on 7 and %.3f on 0", top, h[0], h[1])
	}
}

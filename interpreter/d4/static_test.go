package d4

import (
	"errors"
	"math"
	"math/rand"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// TestStaticEqualsNaive checks, for every sketch of the paper whose control
// flow does not depend on its slots, that the static-trace graph gives the
// naive execution RNN's loss and gradients to 1e-9, with enough steps to
// halt; and that for the Permute sketch, whose slot moves the counter, the
// static prefix (the words before the first branch that depends on the
// slot) followed by the naive RNN gives the naive RNN's. The WAP sketch runs
// on a random soft heap; the gradient of the heap (the reader's input)
// must agree too.
func TestStaticEqualsNaive(t *testing.T) {
	tests := []struct {
		sketch  string
		v       int
		gen     func(*rand.Rand) data.Example
		dynamic bool
		heap    bool // a random soft heap, as the WAP reader fills it
	}{
		{"sort_compare", 12, func(r *rand.Rand) data.Example { return sortExample(r, 3) }, false, false},
		{"add_choose", 10, func(r *rand.Rand) data.Example { return addExample(r, 2) }, false, false},
		{"add_manipulate", 10, func(r *rand.Rand) data.Example { return addExample(r, 2) }, false, false},
		{"sort_permute", 12, func(r *rand.Rand) data.Example { return sortExample(r, 3) }, true, false},
		{"wap", 12, func(r *rand.Rand) data.Example { return data.Example{Output: []int{r.Intn(12)}} }, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.sketch, func(t *testing.T) {
			code, sz, m := sketchMachine(t, tc.sketch, tc.v, 16, 9)
			rng := rand.New(rand.NewSource(2))
			exs := []data.Example{tc.gen(rng), tc.gen(rng), tc.gen(rng)}
			cfg := symbolic.Config{ValueSize: tc.v, StackSize: 16, MaxSteps: 10000}
			prefix, err := symbolic.StaticTrace(code, cfg, exs[0].Input, symbolic.FirstChoice{}, nil)
			in, tg, err2 := m.Batch(exs)
			if err2 != nil {
				t.Fatal(err2)
			}
			if tc.heap {
				S := sz.Len()
				for i := range exs {
					copy(in[i*S:(i+1)*S], softState(sz, nil, rng)) // empty stacks, every heap cell random
				}
			}
			var naive, static *Graph
			var trace []int
			if tc.dynamic {
				// The static prefix, then the naive RNN: the same steps as
				// the naive graph's. (The soft Permute machine does not
				// halt within a few hundred steps, so the comparison is
				// step for step; a block RNN after the prefix takes other
				// steps and agrees only once both have halted.)
				if !errors.Is(err, symbolic.ErrDynamicControl) || len(prefix) == 0 {
					t.Fatalf("StaticTrace: %v with a prefix of %d words, want ErrDynamicControl after a prefix", err, len(prefix))
				}
				const steps = 400
				if naive, err = m.NewGraph(len(exs), GraphOpts{Steps: steps, InputGrad: true}); err != nil {
					t.Fatal(err)
				}
				if static, err = m.NewGraph(len(exs), GraphOpts{Trace: prefix, Tail: steps - len(prefix), InputGrad: true}); err != nil {
					t.Fatal(err)
				}
				trace = prefix
			} else {
				ok := err == nil
				if tc.heap {
					// The heap is the reader's: mark it learned, as
					// tasks/wap does, so that the trace cannot depend on it.
					learned := make([]bool, sz.H)
					for i := range learned {
						learned[i] = true
					}
					cfg.HeapSize = sz.H
					trace, err = symbolic.StaticTrace(code, cfg, nil, symbolic.FirstChoice{}, learned)
					ok = err == nil
				} else if ok {
					trace, ok = m.SharedTrace(exs, 10000)
				}
				if !ok {
					t.Fatalf("no shared static trace: %v", err)
				}
				if naive, err = m.NewGraph(len(exs), GraphOpts{Steps: len(trace) + 3, InputGrad: true}); err != nil {
					t.Fatal(err)
				}
				if static, err = m.NewGraph(len(exs), GraphOpts{Trace: trace, InputGrad: true}); err != nil {
					t.Fatal(err)
				}
			}
			ln, err := naive.Run(in, tg)
			if err != nil {
				t.Fatal(err)
			}
			ls, err := static.Run(in, tg)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("static trace (or prefix) of %d steps: naive %d nodes, static %d nodes; loss %.12g", len(trace), naive.Nodes, static.Nodes, ln)
			if math.Abs(ln-ls) > 1e-9 {
				t.Errorf("loss: naive %.15g, static %.15g", ln, ls)
			}
			gn, gs := naive.ParamGrads(), static.ParamGrads()
			for i := range gn {
				for j := range gn[i] {
					if math.Abs(gn[i][j]-gs[i][j]) > 1e-9 {
						t.Fatalf("gradient %s[%d]: naive %.15g, static %.15g", m.Params()[i].Name, j, gn[i][j], gs[i][j])
					}
				}
			}
			// The input gradient agrees on the data the slots read. The
			// values that steer control (the counter n, the last input) are
			// constants on a static trace, while the naive graph also
			// differentiates through the branches they decide.
			// With a reader's heap, the heap's gradient must agree (the
			// stack pointers are constants on the trace).
			isHeap := make([]float64, sz.Len())
			heap := sz.Unpack(isHeap).Heap
			for i := range heap {
				heap[i] = 1
			}
			in1, in2 := naive.InputGrad(), static.InputGrad()
			nonzero := 0
			for j := range in1 {
				e, k := j/sz.Len(), j%sz.Len()
				if tc.heap && isHeap[k] == 0 || !tc.heap && (k >= sz.L*sz.V || k/sz.V >= len(exs[e].Input)-1) {
					continue
				}
				if math.Abs(in1[j]-in2[j]) > 1e-9 {
					t.Fatalf("input gradient [%d]: naive %.15g, static %.15g", j, in1[j], in2[j])
				}
				if math.Abs(in1[j]) > 1e-6 {
					nonzero++
				}
			}
			if nonzero == 0 {
				t.Error("the compared input gradient is zero everywhere: the check proves nothing")
			}
		})
	}
}

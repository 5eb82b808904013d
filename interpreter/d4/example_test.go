package d4_test

import (
	"fmt"
	"math/rand"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/optim"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// sortTwo is a sketch with one slot: it sees the two values on top of the
// data stack and chooses whether to swap them.
const sortTwo = "{ observe D0 D-1 -> choose NOP SWAP }"

// pairs returns every pair of values below v with the larger one at the
// bottom as the target: the data that teaches the slot to sort two values.
func pairs(v int) []data.Example {
	var exs []data.Example
	for a := 0; a < v; a++ {
		for b := 0; b < v; b++ {
			exs = append(exs, data.Example{Input: []int{a, b}, Output: []int{max(a, b), min(a, b)}})
		}
	}
	return exs
}

// Train a tiny sketch from input/output pairs with the Trainer, then run
// it on the symbolic machine with each slot deciding by the argmax of its
// network (hybrid execution).
func ExampleTrainer() {
	m, err := d4.NewModel("sort2.fth", sortTwo, 5, 4, 0, 1) // value size 5, stack size 4, seed 1
	if err != nil {
		panic(err)
	}
	tr := d4.NewTrainer(m.Machine, d4.TrainerConfig{Steps: 1}) // 1 step: the slot
	adam := optim.New(m.ParamData(), optim.Config{LR: 0.5, Clip: 1}, 1)
	exs := pairs(5)
	rng := rand.New(rand.NewSource(1))
	for epoch := 0; epoch < 30; epoch++ {
		rng.Shuffle(len(exs), func(i, j int) { exs[i], exs[j] = exs[j], exs[i] })
		for i := 0; i < len(exs); i += 5 {
			_, grads, err := tr.Gradient(exs[i : i+5])
			if err == nil {
				_, err = adam.Update(grads)
			}
			if err != nil {
				panic(err)
			}
		}
	}
	for _, in := range [][]int{{1, 3}, {4, 0}, {2, 2}} {
		sm, err := symbolic.New(m.Code, symbolic.Config{ValueSize: 5, StackSize: 4, MaxSteps: 10})
		if err != nil {
			panic(err)
		}
		sm.Decider = d4.Hybrid{M: m.Machine}
		sm.Push(in...)
		if err := sm.Run(); err != nil {
			panic(err)
		}
		fmt.Println(in, "→", sm.D.Values())
	}
	// Output:
	// [1 3] → [3 1]
	// [4 0] → [4 0]
	// [2 2] → [2 2]
}

// Put ∂4 into your own Gorgonia graph: Machine.Unroll adds the execution
// RNN between a node of initial states and a node of targets, and returns
// the loss and the parameter nodes to differentiate. Here a few steps of
// plain gradient descent, written by hand, teach the slot to sort two
// values.
func ExampleMachine_Unroll() {
	m, err := d4.NewModel("sort2.fth", sortTwo, 5, 4, 0, 1)
	if err != nil {
		panic(err)
	}
	exs := pairs(5)
	inputs, targets, err := m.Batch(exs) // packed one-hot states and loss targets
	if err != nil {
		panic(err)
	}
	B, S, TW := len(exs), m.Sizes.Len(), m.Sizes.TargetWidth()
	g := G.NewGraph()
	input := G.NewMatrix(g, tensor.Float64, G.WithShape(B, S), G.WithName("input"))
	target := G.NewMatrix(g, tensor.Float64, G.WithShape(B, TW), G.WithName("target"))
	part, err := m.Unroll(g, input, target, d4.GraphOpts{Steps: 1})
	if err != nil {
		panic(err)
	}
	grads, err := G.Grad(part.Loss, part.Params...)
	if err != nil {
		panic(err)
	}
	vm := G.NewTapeMachine(g)
	defer vm.Close()
	var first, last float64
	for step := 0; step < 50; step++ {
		G.Let(input, tensor.New(tensor.WithShape(B, S), tensor.WithBacking(inputs)))
		G.Let(target, tensor.New(tensor.WithShape(B, TW), tensor.WithBacking(targets)))
		if err := vm.RunAll(); err != nil {
			panic(err)
		}
		loss := part.Loss.Value().Data().(float64)
		if step == 0 {
			first = loss
		}
		last = loss
		for i, p := range m.Params() { // w -= 0.5·∂loss/∂w
			w, dw := p.T.Data().([]float64), grads[i].Value().Data().([]float64)
			for j := range w {
				w[j] -= 0.5 * dw[j]
			}
		}
		vm.Reset()
	}
	fmt.Printf("%d parameter nodes; the loss fell: %v\n", len(part.Params), last < first/2)
	h := d4.Hybrid{M: m.Machine}
	fmt.Println("swap 1 3:", h.DecideValues(&m.Code.Slots[0], []int{3, 1}).Choice == 1) // D0=3 above D-1=1
	// Output:
	// 2 parameter nodes; the loss fell: true
	// swap 1 3: true
}

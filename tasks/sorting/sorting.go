// Package sorting is the sorting task of Bošnjak et al., "Programming with
// a Differentiable Forth Interpreter" (ICML 2017, §4.1): its examples, its
// split sizes and training settings, and its two sketches, bound for the
// harness of package tasks (Task).
//
// An input is n random digits 0…9 followed by n, pushed onto the data
// stack in that order (a1 … an n, so n is on top). The target is the final
// data stack the bubble-sort sketches leave, bottom to top: the digits in
// descending order, the largest at the bottom. Input 2 4 2 7 4 has target
// 7 4 2 2. The length of an example is n, the number of digits, as in the
// paper's Table 1.
//
// The paper's split sizes (appendix, experimental details) are 256
// training, 32 development and 32 test examples, and its training settings
// are tasks.PaperOptions. The sketches are Permute (`tasks sort --sketch
// permute`, the embedded sort_permute: a slot chooses which of two values
// goes on into the recursion, so the control flow depends on what it has
// learned) and Compare (sort_compare: a slot chooses whether to swap two
// values); each has an oracle that decides its slots right, which measures
// the step budget of a right run.
package sorting

import (
	"math/rand"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/tasks"
)

// Task is the sorting task.
var Task = tasks.Task{
	Name: "sort", Title: "sort", Unit: "values", PaperUnit: 1,
	Example: Example,
	Sizes:   tasks.Sizes{Train: 256, Dev: 32, Test: 32},
	Options: tasks.PaperOptions(),
	Sketches: []tasks.Sketch{
		{Name: "permute", File: "sort_permute", Title: "Permute", Oracle: permute},
		{Name: "compare", File: "sort_compare", Title: "Compare", Oracle: compare},
	},
}

// Example draws a sort example of n digits: input a1 … an n with digits
// uniform in 0…9, target the digits in descending order (largest first,
// i.e. at the bottom of the stack). n must not be negative.
func Example(rng *rand.Rand, n int) data.Example {
	in := make([]int, n, n+1)
	for i := range in {
		in[i] = rng.Intn(10)
	}
	want := make([]int, n)
	copy(want, in)
	// Insertion sort, descending: n is small and this keeps the order plain.
	for i := 1; i < len(want); i++ {
		for j := i; j > 0 && want[j-1] < want[j]; j-- {
			want[j-1], want[j] = want[j], want[j-1]
		}
	}
	return data.Example{Input: append(in, n), Output: want}
}

// compare decides the Compare sketch's slot: SWAP (1) when D-1 < D0, so
// that the larger value goes down.
func compare(_ *forth.SlotCode, m *symbolic.Machine) symbolic.Decision {
	if tasks.Cell(m, 'D', -1) < tasks.Cell(m, 'D', 0) {
		return symbolic.Decision{Choice: 1}
	}
	return symbolic.Decision{Choice: 0}
}

// permute decides the Permute sketch's slot (permute D-1 D0 R0): the
// larger value stays on the data stack for the next comparison, the
// counter goes on top, the smaller to R.
func permute(_ *forth.SlotCode, m *symbolic.Machine) symbolic.Decision {
	if tasks.Cell(m, 'D', 0) > tasks.Cell(m, 'D', -1) {
		return symbolic.Decision{Perm: []int{1, 2, 0}}
	}
	return symbolic.Decision{Perm: []int{0, 2, 1}}
}

// Package taskstest checks the datasets a task generates, for the tests of
// the task packages (sorting, addition): Generate with a case's lengths and
// sizes must give splits of those sizes whose examples have the lengths the
// task's encoding gives, the length n on top of each input, and the
// targets a reference computes independently of the task's generator.
package taskstest

import (
	"slices"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks"
)

// Case is a dataset to generate (seed 1) and the lengths of its examples'
// inputs and targets at length n.
type Case struct {
	TrainLen, TestLen int
	Sizes             tasks.Sizes
	InLen, OutLen     func(n int) int
}

// CheckGenerate generates each case's dataset and checks every split.
func CheckGenerate(t *testing.T, task tasks.Task, ref func(input []int) []int, cases ...Case) {
	t.Helper()
	for _, tc := range cases {
		ds, err := task.Generate(tc.TrainLen, tc.TestLen, tc.Sizes, 1)
		if err != nil {
			t.Fatalf("Generate(%s, %d, %d): %v", task.Name, tc.TrainLen, tc.TestLen, err)
		}
		splits := []struct {
			name data.Split
			exs  []data.Example
			size int
			n    int
		}{
			{data.Train, ds.Train, tc.Sizes.Train, tc.TrainLen},
			{data.Dev, ds.Dev, tc.Sizes.Dev, tc.TrainLen},
			{data.Test, ds.Test, tc.Sizes.Test, tc.TestLen},
		}
		for _, s := range splits {
			if len(s.exs) != s.size {
				t.Errorf("%s %s: %d examples, want %d", task.Name, s.name, len(s.exs), s.size)
			}
			for i, ex := range s.exs {
				if len(ex.Input) != tc.InLen(s.n) || len(ex.Output) != tc.OutLen(s.n) || ex.Input[len(ex.Input)-1] != s.n {
					t.Fatalf("%s %s example %d: input %v, target %v for length %d", task.Name, s.name, i, ex.Input, ex.Output, s.n)
				}
				if want := ref(ex.Input); !slices.Equal(ex.Output, want) {
					t.Fatalf("%s %s example %d: target %v, want %v", task.Name, s.name, i, ex.Output, want)
				}
			}
		}
	}
}

package sorting

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/taskstest"
)

// refTarget is the sort target of an input a1 … an n, computed
// independently of Example.
func refTarget(in []int) []int {
	n := in[len(in)-1]
	want := slices.Clone(in[:n])
	slices.Sort(want)
	slices.Reverse(want)
	return want
}

func TestReferenceTarget(t *testing.T) {
	// The example of the package doc.
	if got, want := refTarget([]int{2, 4, 2, 7, 4}), []int{7, 4, 2, 2}; !slices.Equal(got, want) {
		t.Errorf("sort target of 2 4 2 7 4 = %v, want %v", got, want)
	}
}

func TestExample(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 8, 64, 200} {
		rng := rand.New(rand.NewSource(int64(n)))
		seen := map[int]bool{}
		for k := 0; k < 200; k++ {
			ex := Example(rng, n)
			if len(ex.Input) != n+1 || ex.Input[n] != n {
				t.Fatalf("n=%d: input %v, want %d digits followed by %d", n, ex.Input, n, n)
			}
			for _, d := range ex.Input[:n] {
				if d < 0 || d > 9 {
					t.Fatalf("n=%d: input %v has a value outside 0…9", n, ex.Input)
				}
				seen[d] = true
			}
			if len(ex.Output) != n {
				t.Fatalf("n=%d: target %v has %d values", n, ex.Output, len(ex.Output))
			}
			for i := 1; i < n; i++ {
				if ex.Output[i-1] < ex.Output[i] {
					t.Fatalf("n=%d: target %v is not in descending order", n, ex.Output)
				}
			}
			var count [10]int
			for _, d := range ex.Input[:n] {
				count[d]++
			}
			for _, d := range ex.Output {
				count[d]--
			}
			if count != [10]int{} {
				t.Fatalf("n=%d: target %v is not a permutation of the digits of %v", n, ex.Output, ex.Input)
			}
			if want := refTarget(ex.Input); !slices.Equal(ex.Output, want) {
				t.Fatalf("n=%d: target %v, want %v", n, ex.Output, want)
			}
		}
		if n >= 8 && len(seen) != 10 {
			t.Errorf("n=%d: only digits %v drawn", n, seen)
		}
	}
}

func TestSizes(t *testing.T) {
	if want := (tasks.Sizes{Train: 256, Dev: 32, Test: 32}); Task.Sizes != want {
		t.Errorf("sizes %+v, want %+v", Task.Sizes, want)
	}
}

func TestGenerate(t *testing.T) {
	in, out := func(n int) int { return n + 1 }, func(n int) int { return n }
	taskstest.CheckGenerate(t, Task, refTarget,
		taskstest.Case{TrainLen: 3, TestLen: 8, Sizes: Task.Sizes, InLen: in, OutLen: out},
		taskstest.Case{TrainLen: 2, TestLen: 64, Sizes: tasks.Sizes{Train: 5, Dev: 0, Test: 3}, InLen: in, OutLen: out})
}

// TestD4RunSortCompare trains the Compare sketch through the task harness
// (generated data, early stopping on dev) at length 2 and requires 100% on
// held-out sequences of length 8, with hybrid and discretised execution.
func TestD4RunSortCompare(t *testing.T) {
	ds, err := Task.Generate(2, 8, Task.Sizes, 1)
	if err != nil {
		t.Fatal(err)
	}
	run, err := tasks.NewD4Run(Task, "compare", 2, 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	o := Task.Options
	o.MaxEpochs = 30
	epochs, dev, _, err := run.Train(ds, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, exec := range []learn.Execution{learn.Hybrid, learn.Discretised} {
		h, s, err := run.Evaluate(ds.Test, exec)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: dev %.1f%% after %d epochs; test at length 8: %.1f%% Hamming, %.1f%% sequences", exec, dev, epochs, h, s)
		if h < 100 || s < 100 {
			t.Errorf("%s execution at length 8: %.2f%% Hamming, %.2f%% sequences, want 100%%", exec, h, s)
		}
	}
}

func TestMeasureAndOracle(t *testing.T) {
	_, _, code, err := Task.LoadSketch("permute")
	if err != nil {
		t.Fatal(err)
	}
	// The reference code's budget for sorting n values is (6n+5)n+4 steps
	// on its own compilation; ours differs by a constant per loop pass, but
	// must grow quadratically and sort correctly under the oracle.
	prev := 0
	for n := 2; n <= 6; n++ {
		sh, err := tasks.Measure(code, tasks.Oracle(permute), 16, append(make([]int, n), n))
		if err != nil {
			t.Fatal(err)
		}
		if sh.Steps <= prev {
			t.Errorf("n=%d: %d steps, not more than %d", n, sh.Steps, prev)
		}
		prev = sh.Steps
	}
}

// BenchmarkHybridSort64 is hybrid test-time execution of a trained Compare
// sketch on sequences of length 64.
// Run: go test ./tasks/sorting -run '^$' -bench Hybrid
func BenchmarkHybridSort64(b *testing.B) {
	ds, err := Task.Generate(2, 64, tasks.Sizes{Train: 256, Dev: 32, Test: 32}, 1)
	if err != nil {
		b.Fatal(err)
	}
	run, err := tasks.NewD4Run(Task, "compare", 2, 64, 1)
	if err != nil {
		b.Fatal(err)
	}
	if _, _, _, err := run.Train(ds, Task.Options); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := run.PredictAll(ds.Test, learn.Hybrid); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(ds.Test))/b.Elapsed().Seconds(), "seq/s")
}

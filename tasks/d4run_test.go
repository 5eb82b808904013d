package tasks

import (
	"testing"
)

// TestD4RunSortCompare trains the Compare sketch through the task harness
// (generated data, early stopping on dev) at length 2 and requires 100% on
// held-out sequences of length 8, with hybrid and discretised execution.
func TestD4RunSortCompare(t *testing.T) {
	ds, err := Generate("sort", 2, 8, DefaultSizes("sort"), 1)
	if err != nil {
		t.Fatal(err)
	}
	run, err := NewD4Run("sort", "compare", 2, 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultD4Options("sort")
	o.MaxEpochs = 30
	epochs, dev, _, err := run.Train(ds, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, exec := range []string{"hybrid", "discretised"} {
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
	_, _, code, err := LoadSketch("sort", "permute")
	if err != nil {
		t.Fatal(err)
	}
	// The reference code's budget for sorting n values is (6n+5)n+4 steps
	// on its own compilation; ours differs by a constant per loop pass, but
	// must grow quadratically and sort correctly under the oracle.
	prev := 0
	for n := 2; n <= 6; n++ {
		sh, err := Measure(code, "sort_permute", 16, append(make([]int, n), n))
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
// Run: go test ./tasks -run '^$' -bench Hybrid
func BenchmarkHybridSort64(b *testing.B) {
	ds, err := Generate("sort", 2, 64, Sizes{Train: 256, Dev: 32, Test: 32}, 1)
	if err != nil {
		b.Fatal(err)
	}
	run, err := NewD4Run("sort", "compare", 2, 64, 1)
	if err != nil {
		b.Fatal(err)
	}
	if _, _, _, err := run.Train(ds, DefaultD4Options("sort")); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := run.PredictAll(ds.Test, "hybrid"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(ds.Test))/b.Elapsed().Seconds(), "seq/s")
}

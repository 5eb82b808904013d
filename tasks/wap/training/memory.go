package training

import (
	"fmt"

	"github.com/d4lang/d4/internal/memory"
)

// The estimate of a run's peak memory (MemoryNeeded), measured as the
// peak resident size of `wap train --epochs 1` on 200 generated problems
// (vocabulary 1325) with 1, 2, 4 and 8 models and batches of 10, 50 and
// 100: a model's weights, gradients and Adam's two moments are a few MB;
// most of a model's share is its graph and the activations of a batch.
const (
	// memoryBase is what a run holds besides its models (the data, the
	// program).
	memoryBase = 45 << 20
	// memoryModel is a model's share besides its batch.
	memoryModel = 105 << 20
	// memoryProblem is a model's share for each problem of its batch.
	memoryProblem = 2.6 * (1 << 20)
)

// MemoryNeeded is the estimated peak memory of training models models at
// once with batches of batch problems: within a factor of 1.7 of the
// peaks measured (it over-estimates large batches most).
func MemoryNeeded(models, batch int) uint64 {
	return memoryBase + uint64(models)*(memoryModel+uint64(float64(batch)*memoryProblem))
}

// FitParallel returns how many of n models to train at once: parallel
// (0: all n), or fewer when MemoryNeeded of that many is more than avail
// (0: what the machine has, memory.Available). Models trained fewer at a
// time are the same models (each draws only from its seed). It fails, in
// one line with the figures, when not even one model fits.
func FitParallel(n, parallel, batch int, avail uint64) (int, error) {
	if parallel <= 0 || parallel > n {
		parallel = n
	}
	limit, _, err := memory.Limit(avail)
	if err != nil || limit == 0 {
		return parallel, err
	}
	fit := 0
	for fit < parallel && MemoryNeeded(fit+1, batch) <= limit {
		fit++
	}
	if fit == 0 {
		return 0, memory.Check(MemoryNeeded(1, batch), avail, fmt.Sprintf("training a model with batches of %d problems", batch))
	}
	return fit, nil
}

// Package par runs independent pieces of work on every CPU.
//
// For hands the indices 0…n−1 to GOMAXPROCS goroutines, one index at a
// time, and returns when all are done. The pieces must be independent and
// each write only its own results (element i of a slice made beforehand),
// so that what For computes does not depend on the scheduling.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For runs f(i) for every i in [0, n), spread over the CPUs.
func For(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	var next atomic.Int64
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}

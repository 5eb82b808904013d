// Package par runs independent pieces of work on every CPU: the one
// parallel loop of the code (wap prepare's reading and encoding, d4 eval's
// runs, the rows of the LSTM's steps, ∂4's examples in a batch, the bands
// of a matrix product, the exact-loss tables of the problems training
// scores).
//
// For hands the indices 0…n−1 to GOMAXPROCS goroutines, one index at a
// time, and returns when all are done; ForAtMost does the same on fewer
// goroutines, and Workers on goroutines that each keep state of their own
// (a scratch buffer). The pieces
// must be independent and each write only its own results (element i of a
// slice made beforehand), so that what they compute does not depend on the
// scheduling.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For runs f(i) for every i in [0, n), spread over the CPUs.
func For(n int, f func(i int)) { ForAtMost(n, n, f) }

// ForAtMost is For on at most most goroutines (for work that is worth
// fewer than every CPU).
func ForAtMost(n, most int, f func(i int)) {
	Workers(n, most, func() (func(int), func()) { return f, nil })
}

// Workers runs every i in [0, n) on min(most, GOMAXPROCS, n) goroutines,
// the caller's among them (all on the caller's, in order, when that is at
// most one). Each goroutine first calls newWorker for the function it runs
// its indices with, and calls done (when not nil) after its last one: the
// place for state a goroutine keeps to itself, such as a tape.
func Workers(n, most int, newWorker func() (f func(i int), done func())) {
	workers := min(runtime.GOMAXPROCS(0), most, n)
	if workers <= 1 {
		if n > 0 {
			i := -1
			work(newWorker, func() int { i++; return i }, n)
		}
		return
	}
	var next atomic.Int64
	take := func() int { return int(next.Add(1) - 1) }
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(func() { work(newWorker, take, n) })
	}
	work(newWorker, take, n)
	wg.Wait()
}

// work is one goroutine of Workers: it runs the indices take gives until
// one reaches n.
func work(newWorker func() (func(int), func()), take func() int, n int) {
	f, done := newWorker()
	if done != nil {
		defer done()
	}
	for i := take(); i < n; i = take() {
		f(i)
	}
}

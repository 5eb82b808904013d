package par

import (
	"runtime"
	"sync"
	"testing"
)

// Every index is run exactly once, whatever the number of CPUs and the
// bound on the goroutines, and each goroutine's done is called once, after
// its indices.
func TestWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 7} {
		runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 5, 1000} {
			for _, most := range []int{0, 1, 3, n} {
				counts := make([]int, n)
				var mu sync.Mutex
				made, finished := 0, 0
				Workers(n, most, func() (func(int), func()) {
					mu.Lock()
					made++
					mu.Unlock()
					return func(i int) { counts[i]++ }, func() {
						mu.Lock()
						finished++
						mu.Unlock()
					}
				})
				for i, c := range counts {
					if c != 1 {
						t.Fatalf("GOMAXPROCS %d, n %d, most %d: index %d run %d times", procs, n, most, i, c)
					}
				}
				if want := min(max(min(procs, most, n), 1), n); made != want || finished != made {
					t.Errorf("GOMAXPROCS %d, n %d, most %d: %d workers made, %d done, want %d", procs, n, most, made, finished, want)
				}
			}
			counts := make([]int, n)
			For(n, func(i int) { counts[i]++ })
			for i, c := range counts {
				if c != 1 {
					t.Fatalf("For, GOMAXPROCS %d, n %d: index %d run %d times", procs, n, i, c)
				}
			}
		}
	}
}

// On one goroutine the indices run in order.
func TestWorkersInOrder(t *testing.T) {
	var got []int
	Workers(4, 1, func() (func(int), func()) { return func(i int) { got = append(got, i) }, nil })
	if len(got) != 4 || got[0] != 0 || got[1] != 1 || got[2] != 2 || got[3] != 3 {
		t.Errorf("ran %v, want [0 1 2 3]", got)
	}
}

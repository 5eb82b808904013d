package par

import (
	"runtime"
	"testing"
)

// Every index is run exactly once, whatever the number of CPUs.
func TestFor(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 7} {
		runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 5, 1000} {
			counts := make([]int, n)
			For(n, func(i int) { counts[i]++ })
			for i, c := range counts {
				if c != 1 {
					t.Fatalf("GOMAXPROCS %d, n %d: index %d run %d times", procs, n, i, c)
				}
			}
		}
	}
}

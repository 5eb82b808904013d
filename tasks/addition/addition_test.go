package addition

import (
	"math/big"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/taskstest"
)

// refTarget is the addition target of an input a1 b1 … an bn c n,
// computed with big integers: the n+1 digits of a+b+c, most significant
// first.
func refTarget(in []int) []int {
	n := in[len(in)-1]
	carry := in[len(in)-2]
	var a, b strings.Builder
	for i := 0; i < n; i++ {
		a.WriteByte(byte('0' + in[2*i]))
		b.WriteByte(byte('0' + in[2*i+1]))
	}
	x, _ := new(big.Int).SetString("0"+a.String(), 10)
	y, _ := new(big.Int).SetString("0"+b.String(), 10)
	sum := new(big.Int).Add(x, y)
	sum.Add(sum, big.NewInt(int64(carry)))
	digits := sum.String()
	want := make([]int, n+1)
	for i := 0; i < len(digits); i++ {
		want[n+1-len(digits)+i] = int(digits[i] - '0')
	}
	return want
}

func TestReferenceTarget(t *testing.T) {
	// The example of the package doc, and two more.
	if got, want := refTarget([]int{4, 8, 7, 5, 0, 2}), []int{1, 3, 2}; !slices.Equal(got, want) {
		t.Errorf("add target of 4 8 7 5 0 2 = %v, want %v", got, want)
	}
	if got, want := refTarget([]int{0, 0, 1, 2, 1, 2}), []int{0, 0, 4}; !slices.Equal(got, want) {
		t.Errorf("add target of 0 0 1 2 1 2 = %v, want %v", got, want)
	}
	if got, want := refTarget([]int{9, 9, 9, 9, 1, 2}), []int{1, 9, 9}; !slices.Equal(got, want) {
		t.Errorf("add target of 9 9 9 9 1 2 = %v, want %v", got, want)
	}
}

func TestExample(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 8, 32, 64} {
		rng := rand.New(rand.NewSource(int64(100 + n)))
		carries := map[int]int{}
		for k := 0; k < 300; k++ {
			ex := Example(rng, n)
			if len(ex.Input) != 2*n+2 || ex.Input[2*n+1] != n {
				t.Fatalf("n=%d: input %v, want %d digits, a carry and %d", n, ex.Input, 2*n, n)
			}
			for _, d := range ex.Input[:2*n] {
				if d < 0 || d > 9 {
					t.Fatalf("n=%d: input %v has a digit outside 0…9", n, ex.Input)
				}
			}
			c := ex.Input[2*n]
			if c != 0 && c != 1 {
				t.Fatalf("n=%d: input %v has carry %d", n, ex.Input, c)
			}
			carries[c]++
			if len(ex.Output) != n+1 {
				t.Fatalf("n=%d: target %v has %d digits, want %d", n, ex.Output, len(ex.Output), n+1)
			}
			for _, d := range ex.Output {
				if d < 0 || d > 9 {
					t.Fatalf("n=%d: target %v has a value outside 0…9", n, ex.Output)
				}
			}
			if want := refTarget(ex.Input); !slices.Equal(ex.Output, want) {
				t.Fatalf("n=%d: input %v: target %v, want %v (a+b+carry)", n, ex.Input, ex.Output, want)
			}
		}
		if carries[0] < 100 || carries[1] < 100 {
			t.Errorf("n=%d: initial carries %v, want both about half of 300", n, carries)
		}
	}
}

func TestSizes(t *testing.T) {
	if want := (tasks.Sizes{Train: 512, Dev: 256, Test: 1024}); Task.Sizes != want {
		t.Errorf("sizes %+v, want %+v", Task.Sizes, want)
	}
	if Task.Units(8) != 4 {
		t.Errorf("the paper's length 8 is %d digit pairs, want 4", Task.Units(8))
	}
}

func TestGenerate(t *testing.T) {
	in, out := func(n int) int { return 2*n + 2 }, func(n int) int { return n + 1 }
	taskstest.CheckGenerate(t, Task, refTarget,
		taskstest.Case{TrainLen: 1, TestLen: 4, Sizes: Task.Sizes, InLen: in, OutLen: out},
		taskstest.Case{TrainLen: 4, TestLen: 32, Sizes: tasks.Sizes{Train: 7, Dev: 2, Test: 0}, InLen: in, OutLen: out})
}

package d4

import (
	"slices"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/internal/corpus"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// maxCorpusV is the largest value size at which the corpus runs on ∂4: a
// one-hot value of size v is a dense vector of v floats per cell, so the
// corpus programs written for v = 10⁴ … 10⁶ run on both machines at this
// size instead (the comparison is between the two machines at equal sizes).
const maxCorpusV = 1024

// TestCorpusMatchesSymbolic runs every corpus program on ∂4 from the
// one-hot image of its initial state and on the symbolic machine: the argmax
// of every cell, pointer and the program counter must agree, every
// distribution must be one-hot to 1e-6, and both must take the same number
// of steps.
func TestCorpusMatchesSymbolic(t *testing.T) {
	for _, tc := range corpus.Cases() {
		t.Run(tc.Name, func(t *testing.T) {
			v := min(tc.V, maxCorpusV)
			const l = 32
			code, err := forth.ParseAndCompile(tc.Name+".fth", tc.Src)
			if err != nil {
				t.Fatal(err)
			}
			m, err := symbolic.New(code, symbolic.Config{ValueSize: v, StackSize: l, MaxSteps: 1_000_000})
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Push(tc.Init...); err != nil {
				t.Fatal(err)
			}
			if err := m.Run(); err != nil {
				t.Fatal(err)
			}
			sz, err := NewSizes(code, v, l, 0)
			if err != nil {
				t.Fatal(err)
			}
			x, err := sz.InitialState(tc.Init)
			if err != nil {
				t.Fatal(err)
			}
			out, steps, err := RunForward(code, sz, x, m.Steps+10)
			if err != nil {
				t.Fatal(err)
			}
			s := sz.Unpack(out)
			if steps != m.Steps {
				t.Errorf("∂4 halted after %d steps, symbolic after %d", steps, m.Steps)
			}
			if c := s.Crispness(); c > 1e-6 {
				t.Errorf("final state is %g away from one-hot", c)
			}
			D, dTop, R, rTop, H, pc := s.Discrete()
			if !slices.Equal(D, m.D.Cells) || dTop != m.D.Top {
				t.Errorf("data stack: ∂4 %v top %d, symbolic %v top %d", D, dTop, m.D.Cells, m.D.Top)
			}
			if !slices.Equal(R, m.R.Cells) || rTop != m.R.Top {
				t.Errorf("return stack: ∂4 %v top %d, symbolic %v top %d", R, rTop, m.R.Cells, m.R.Top)
			}
			if !slices.Equal(H, m.H) {
				t.Errorf("heap: ∂4 %v, symbolic %v", H, m.H)
			}
			if pc != m.PC {
				t.Errorf("program counter: ∂4 %d, symbolic %d", pc, m.PC)
			}
		})
	}
}

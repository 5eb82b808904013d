package symbolic

import (
	"bytes"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic/internal/primgen"
)

// TestPrimsGenerated checks that prims_gen.go is what package primgen
// writes from forth.Prims today.
func TestPrimsGenerated(t *testing.T) {
	want, err := primgen.Source()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(primgen.File)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run go generate ./interpreter/symbolic", primgen.File)
	}
}

// TestEveryDecoderKindRuns checks that every kind of decoder has its run.
func TestEveryDecoderKindRuns(t *testing.T) {
	for k := range forth.NumDecoderKinds {
		if slotRuns[k] == nil {
			t.Errorf("decoder kind %s has no entry in slotRuns", k)
		}
	}
}

// TestUnknownWordOrDecoder checks that a primitive word or a decoder kind
// outside the tables is an error of the machine and of the analysis.
func TestUnknownWordOrDecoder(t *testing.T) {
	word, err := forth.ParseAndCompile("t.fth", "NOP")
	if err != nil {
		t.Fatal(err)
	}
	word.Instrs[0].Prim = forth.NumPrims
	slot, err := forth.ParseAndCompile("t.fth", "{ static -> choose NOP DUP }")
	if err != nil {
		t.Fatal(err)
	}
	slot.Slots[0].Dec.Kind = forth.NumDecoderKinds
	for _, tc := range []struct {
		code *forth.Code
		want string
	}{
		{word, "unknown primitive word"},
		{slot, "unknown decoder kind"},
	} {
		cfg := Config{ValueSize: 5, StackSize: 6, MaxSteps: 10}
		m, err := New(tc.code, cfg)
		if err != nil {
			t.Fatal(err)
		}
		m.Decider = FirstChoice{}
		if err := m.Run(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run: error %v, want one containing %q", err, tc.want)
		}
		if _, err := Analyze(tc.code, cfg, nil, FirstChoice{}, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("analysis: error %v, want one containing %q", err, tc.want)
		}
	}
}

// TestTaintSound checks the taint analysis of every primitive word on
// random states and taints: whatever values the tainted cells hold, the
// word leaves the same value in every cell it marks untainted.
func TestTaintSound(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for p := range forth.NumPrims {
		code := mustCompile(t, "t.fth", "VARIABLE A VARIABLE B VARIABLE C "+p.String())
		for trial := 0; trial < 200; trial++ {
			base := randomMachine(t, code, rng)
			before := randomTaint(base, rng)
			after := taint{dStack: slices.Clone(before.dStack), rStack: slices.Clone(before.rStack), heap: slices.Clone(before.heap)}
			if err := base.propagate(&after, code.Instrs[0]); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			want := stepCopy(t, base, nil, rng)
			for k := 0; k < 8; k++ {
				got := stepCopy(t, base, &before, rng)
				if !untaintedEqual(want, got, after) {
					t.Fatalf("%s: a cell marked untainted changed with the tainted ones:\nstate %v %v %v, taint %v %v %v\nafter %v %v %v\nor    %v %v %v, taint %v %v %v",
						p, base.D.Cells, base.R.Cells, base.H, before.dStack, before.rStack, before.heap,
						want.D.Cells, want.R.Cells, want.H, got.D.Cells, got.R.Cells, got.H, after.dStack, after.rStack, after.heap)
				}
			}
		}
	}
}

// randomMachine returns a machine at the start of code with random cells
// and stack pointers.
func randomMachine(t *testing.T, code *forth.Code, rng *rand.Rand) *Machine {
	m := mustNew(t, code, Config{ValueSize: 5, StackSize: 5, MaxSteps: 10})
	for _, s := range []*Stack{&m.D, &m.R} {
		for i := range s.Cells {
			s.Cells[i] = rng.Intn(5)
		}
		s.Top = rng.Intn(len(s.Cells))
	}
	for i := range m.H {
		m.H[i] = rng.Intn(5)
	}
	return m
}

func randomTaint(m *Machine, rng *rand.Rand) taint {
	marks := func(n int) []bool {
		out := make([]bool, n)
		for i := range out {
			out[i] = rng.Intn(3) == 0
		}
		return out
	}
	return taint{dStack: marks(len(m.D.Cells)), rStack: marks(len(m.R.Cells)), heap: marks(len(m.H))}
}

// stepCopy runs one step on a copy of m in which the cells tt marks (nil:
// none) hold new random values.
func stepCopy(t *testing.T, m *Machine, tt *taint, rng *rand.Rand) *Machine {
	c := *m
	c.D.Cells, c.R.Cells, c.H = slices.Clone(m.D.Cells), slices.Clone(m.R.Cells), slices.Clone(m.H)
	c.D.addr, c.R.addr = slices.Clone(m.D.addr), slices.Clone(m.R.addr)
	if tt != nil {
		for _, cells := range []struct {
			vals  []int
			marks []bool
		}{{c.D.Cells, tt.dStack}, {c.R.Cells, tt.rStack}, {c.H, tt.heap}} {
			for i := range cells.vals {
				if cells.marks[i] {
					cells.vals[i] = rng.Intn(5)
				}
			}
		}
	}
	if err := c.Step(); err != nil {
		t.Fatal(err)
	}
	return &c
}

// untaintedEqual reports whether a and b agree on every cell tt marks
// untainted and on the stack pointers.
func untaintedEqual(a, b *Machine, tt taint) bool {
	if a.D.Top != b.D.Top || a.R.Top != b.R.Top {
		return false
	}
	for _, cells := range []struct {
		x, y  []int
		marks []bool
	}{{a.D.Cells, b.D.Cells, tt.dStack}, {a.R.Cells, b.R.Cells, tt.rStack}, {a.H, b.H, tt.heap}} {
		for i := range cells.x {
			if !cells.marks[i] && cells.x[i] != cells.y[i] {
				return false
			}
		}
	}
	return true
}

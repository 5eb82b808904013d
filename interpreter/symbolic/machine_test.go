package symbolic

import (
	"errors"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/sketches"
)

func run(t *testing.T, src string, cfg Config, init ...int) (*Machine, error) {
	t.Helper()
	code := mustCompile(t, "test.fth", src)
	m := mustNew(t, code, cfg)
	if err := m.Push(init...); err != nil {
		t.Fatalf("push: %v", err)
	}
	return m, m.Run()
}

var small = Config{ValueSize: 10, StackSize: 8, MaxSteps: 10000}

func TestKnownStacks(t *testing.T) {
	tests := []struct {
		src     string
		init    []int
		wantD   []int
		wantR   []int
		wantRun int // steps, 0 = not checked
	}{
		{src: "", wantD: []int{}},
		{src: "1 2 3", wantD: []int{1, 2, 3}, wantRun: 3},
		{src: "7 1+ 0 1-", wantD: []int{8, 9}},
		{src: "9 1+", wantD: []int{0}},
		{src: "1 2 DUP", wantD: []int{1, 2, 2}},
		{src: "1 2 SWAP", wantD: []int{2, 1}},
		{src: "1 2 OVER", wantD: []int{1, 2, 1}},
		{src: "1 2 DROP", wantD: []int{1}},
		{src: "7 5 + 3 4 - 6 7 * 9 2 /", wantD: []int{2, 9, 2, 4}},
		{src: "5 0 /", wantD: []int{0}},
		{src: "3 4 > 4 3 > 3 4 < 4 4 =", wantD: []int{0, 1, 1, 1}},
		{src: "VARIABLE X VARIABLE Y 7 Y ! 3 X ! X @ Y @ X Y", wantD: []int{3, 7, 0, 1}},
		{src: "CREATE B 3 ALLOT VARIABLE V 5 B 2 + ! B 2 + @ V", wantD: []int{5, 3}},
		{src: "4 >R 5 R@ R>", wantD: []int{5, 4, 4}, wantR: []int{}},
		{src: "4 >R @R R>", wantD: []int{4, 4}, wantR: []int{}},
		{src: "1 >R 2 >R", wantD: []int{}, wantR: []int{1, 2}},
		{src: "0 IF 1 ELSE 2 THEN 3 IF 4 ELSE 5 THEN", wantD: []int{2, 4}},
		{src: "0 IF 1 THEN 1 IF 2 THEN", wantD: []int{2}},
		{src: "3 BEGIN DUP WHILE 1- REPEAT", wantD: []int{0}},
		{src: "0 BEGIN 1+ DUP 4 = UNTIL", wantD: []int{4}},
		{src: "5 2 DO I LOOP", wantD: []int{2, 3, 4}, wantR: []int{}},
		{src: "0 3 0 DO 2 0 DO 1+ LOOP LOOP", wantD: []int{6}},
		{src: ": SQ DUP * ; 3 SQ", wantD: []int{9}},
		{src: ": FACT DUP 1 > IF DUP 1- FACT * THEN ; 4 FACT", wantD: []int{4}}, // 24 mod 10
		{src: "MACRO: TWICE DUP + ; 3 TWICE TWICE", wantD: []int{2}},            // 12 mod 10
		{src: "MACRO: PUT >R ; MACRO: GET R> ; 1 2 PUT 3 GET", wantD: []int{1, 3, 2}},
		{src: ": EVEN? DUP IF 1- ODD? ELSE DROP 1 THEN ; : ODD? DUP IF 1- EVEN? ELSE DROP 0 THEN ; 4 EVEN? 3 EVEN?", wantD: []int{1, 0}},
		{src: ": F 1 EXIT 2 ; F", wantD: []int{1}},
		{src: "( a comment ) 1 \\ another\n 2", wantD: []int{1, 2}},
		{src: "dup swap", init: []int{4, 5}, wantD: []int{4, 5, 5}},
	}
	for _, tt := range tests {
		m, err := run(t, tt.src, small, tt.init...)
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		if got := m.D.Values(); !slices.Equal(got, tt.wantD) {
			t.Errorf("%q: D = %v, want %v", tt.src, got, tt.wantD)
		}
		if tt.wantR != nil {
			if got := m.R.Values(); !slices.Equal(got, tt.wantR) {
				t.Errorf("%q: R = %v, want %v", tt.src, got, tt.wantR)
			}
		}
		if tt.wantRun != 0 && m.Steps != tt.wantRun {
			t.Errorf("%q: %d steps, want %d", tt.src, m.Steps, tt.wantRun)
		}
	}
}

func TestCircularStacks(t *testing.T) {
	// A stack of 4 cells: the fourth push wraps onto the base cell, and a pop
	// of an empty stack reads the cell below the base, as ∂4 does.
	m, err := run(t, "1 2 3 4", Config{ValueSize: 10, StackSize: 4, MaxSteps: 100})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.D.Cells, []int{1, 2, 3, 4}) || m.D.Top != 3 || m.D.Depth() != 0 {
		t.Errorf("cells %v top %d depth %d", m.D.Cells, m.D.Top, m.D.Depth())
	}
	m, err = run(t, "DROP 5", Config{ValueSize: 10, StackSize: 4, MaxSteps: 100})
	if err != nil {
		t.Fatal(err)
	}
	if m.D.Top != 3 || m.D.Cells[3] != 5 {
		t.Errorf("after underflow: cells %v top %d", m.D.Cells, m.D.Top)
	}
}

func TestStrictErrors(t *testing.T) {
	strict := small
	strict.Strict = true
	tests := []struct{ src, want string }{
		{"1 DROP DROP", "test.fth:1:8: DROP: data stack underflow"},
		{"1 +", "test.fth:1:3: +: data stack underflow"},
		{"R>", "test.fth:1:1: R>: return stack underflow"},
		{"1 2 3 4 5 6 7 8", "test.fth:1:15: 8: data stack overflow"},
		{"VARIABLE X 5 3 !", "test.fth:1:16: !: heap address 3 outside the heap (1 cells)"},
		{": F F ; F", "test.fth:1:5: F: return stack overflow"},
		{"{ static -> choose NOP DUP }", "test.fth:1:1: {…}: slot 0 has no trained behaviour"},
	}
	for _, tt := range tests {
		_, err := run(t, tt.src, strict)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want prefix %q", tt.src, err, tt.want)
		}
	}
}

func TestStepBudget(t *testing.T) {
	_, err := run(t, "BEGIN 1 WHILE REPEAT", Config{ValueSize: 10, StackSize: 8, MaxSteps: 50})
	if !errors.Is(err, ErrNoHalt) {
		t.Fatalf("err = %v, want ErrNoHalt", err)
	}
}

func TestTrace(t *testing.T) {
	var steps []Step
	cfg := small
	cfg.OnStep = func(s Step) { steps = append(steps, s) }
	if _, err := run(t, ": F 2 ; 1 F", cfg); err != nil {
		t.Fatal(err)
	}
	// 1, call F, 2, exit.
	if len(steps) != 4 {
		t.Fatalf("%d steps, want 4", len(steps))
	}
	if s := steps[1]; s.Instr.Op != forth.OpCall || len(s.R) != 1 || !s.R[0].Addr || s.R[0].Value != 2 {
		t.Errorf("call step: %+v", s)
	}
	if s := steps[3]; s.Instr.Op != forth.OpExit || !slices.Equal(s.D, []int{1, 2}) || len(s.R) != 0 || s.PC != 4 {
		t.Errorf("exit step: %+v", s)
	}
}

// TestBubbleSortExample is the paper's example call: 2 4 2 7 4 SORT leaves 7 4 2 2.
func TestBubbleSortExample(t *testing.T) {
	src, _ := sketches.Embedded("bubble")
	m, err := run(t, src, Config{ValueSize: 10, StackSize: 16, MaxSteps: 10000, Strict: true}, 2, 4, 2, 7, 4)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.D.Values(); !slices.Equal(got, []int{7, 4, 2, 2}) {
		t.Fatalf("D = %v, want [7 4 2 2]", got)
	}
}

// TestBubbleSortRandom sorts random sequences of lengths 1..64.
func TestBubbleSortRandom(t *testing.T) {
	src, _ := sketches.Embedded("bubble")
	code := mustCompile(t, "bubble.fth", src)
	rng := rand.New(rand.NewSource(1))
	for n := 1; n <= 64; n++ {
		for rep := 0; rep < 3; rep++ {
			seq := make([]int, n)
			for i := range seq {
				seq[i] = rng.Intn(100)
			}
			m := mustNew(t, code, Config{ValueSize: 100, StackSize: 2*n + 8, MaxSteps: 1 << 22, Strict: true})
			m.Push(append(slices.Clone(seq), n)...)
			if err := m.Run(); err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			want := slices.Clone(seq)
			sort.Sort(sort.Reverse(sort.IntSlice(want)))
			if got := m.D.Values(); !slices.Equal(got, want) {
				t.Fatalf("n=%d: sort(%v) = %v, want %v", n, seq, got, want)
			}
		}
	}
}

// decideFunc makes fixed decisions, to drive slots in tests.
type decideFunc func(s *forth.SlotCode, m *Machine) (Decision, error)

func (d decideFunc) Decide(s *forth.SlotCode, m *Machine) (Decision, error) { return d(s, m) }

// TestSketchesWithOracle runs the paper's sort and addition sketches with
// slots decided by the correct rule, which must sort and add.
func TestSketchesWithOracle(t *testing.T) {
	load := func(name string) *forth.Code {
		src, ok := sketches.Embedded(name)
		if !ok {
			t.Fatalf("no sketch %s", name)
		}
		code := mustCompile(t, name, src)
		return code
	}
	elem := func(m *Machine, e forth.Elem) int {
		x, err := m.Elem(e)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	sortCases := map[string]decideFunc{
		"sort_compare": func(s *forth.SlotCode, m *Machine) (Decision, error) {
			// choose NOP SWAP: swap when D-1 < D0, so the smaller goes on R.
			d0, d1 := elem(m, forth.Elem{Space: 'D', Index: 0}), elem(m, forth.Elem{Space: 'D', Index: -1})
			if d1 < d0 {
				return Decision{Choice: 1}, nil
			}
			return Decision{Choice: 0}, nil
		},
		"sort_permute": func(s *forth.SlotCode, m *Machine) (Decision, error) {
			// permute D-1 D0 R0: keep the larger value on D for the next
			// comparison, the smaller on R, and the counter on top of D.
			d0, d1 := elem(m, forth.Elem{Space: 'D', Index: 0}), elem(m, forth.Elem{Space: 'D', Index: -1})
			// New D-1 := max, new D0 := counter (old R0), new R0 := min.
			if d0 > d1 {
				return Decision{Perm: []int{1, 2, 0}}, nil
			}
			return Decision{Perm: []int{0, 2, 1}}, nil
		},
	}
	rng := rand.New(rand.NewSource(2))
	for name, dec := range sortCases {
		code := load(name)
		for n := 1; n <= 12; n++ {
			seq := make([]int, n)
			for i := range seq {
				seq[i] = rng.Intn(10)
			}
			m := mustNew(t, code, Config{ValueSize: 16, StackSize: 2*n + 8, MaxSteps: 100000, Strict: true})
			m.Decider = dec
			m.Push(append(slices.Clone(seq), n)...)
			if err := m.Run(); err != nil {
				t.Fatalf("%s n=%d: %v", name, n, err)
			}
			want := slices.Clone(seq)
			sort.Sort(sort.Reverse(sort.IntSlice(want)))
			if got := m.D.Values(); !slices.Equal(got, want) {
				t.Fatalf("%s: sort(%v) = %v, want %v", name, seq, got, want)
			}
		}
	}

	addCases := map[string]decideFunc{
		"add_choose": func(s *forth.SlotCode, m *Machine) (Decision, error) {
			if s.Index == 0 { // carry from D0 D-1 D-2 = carry b a
				c, b, a := elem(m, forth.Elem{Space: 'D', Index: 0}), elem(m, forth.Elem{Space: 'D', Index: -1}), elem(m, forth.Elem{Space: 'D', Index: -2})
				return Decision{Choice: (a + b + c) / 10}, nil
			}
			// digit from D-1 D-2 D-3 = carry b a (the new carry is on top)
			c, b, a := elem(m, forth.Elem{Space: 'D', Index: -1}), elem(m, forth.Elem{Space: 'D', Index: -2}), elem(m, forth.Elem{Space: 'D', Index: -3})
			return Decision{Choice: (a + b + c) % 10}, nil
		},
		"add_manipulate": func(s *forth.SlotCode, m *Machine) (Decision, error) {
			c, b, a := elem(m, forth.Elem{Space: 'D', Index: 0}), elem(m, forth.Elem{Space: 'D', Index: -1}), elem(m, forth.Elem{Space: 'D', Index: -2})
			// manipulate D-1 D-2: the result digit and the new carry.
			return Decision{Values: []int{(a + b + c) % 10, (a + b + c) / 10}}, nil
		},
	}
	for name, dec := range addCases {
		code := load(name)
		for n := 1; n <= 10; n++ {
			a, b := make([]int, n), make([]int, n)
			var in []int
			for i := 0; i < n; i++ {
				a[i], b[i] = rng.Intn(10), rng.Intn(10)
				in = append(in, a[i], b[i])
			}
			in = append(in, 0, n)
			m := mustNew(t, code, Config{ValueSize: 16, StackSize: 3*n + 8, MaxSteps: 100000, Strict: true})
			m.Decider = dec
			m.Push(in...)
			if err := m.Run(); err != nil {
				t.Fatalf("%s n=%d: %v", name, n, err)
			}
			// Digits most significant first: a1 is the most significant.
			want := make([]int, n+1)
			carry := 0
			for i := n - 1; i >= 0; i-- {
				s := a[i] + b[i] + carry
				want[i+1], carry = s%10, s/10
			}
			want[0] = carry
			if got := m.D.Values(); !slices.Equal(got, want) {
				t.Fatalf("%s: %v + %v = %v, want %v", name, a, b, got, want)
			}
		}
	}
}

// mustCompile compiles the program src (name in errors), failing the test
// on an error.
func mustCompile(tb testing.TB, name, src string) *forth.Code {
	tb.Helper()
	code, err := forth.ParseAndCompile(name, src)
	if err != nil {
		tb.Fatalf("compile %q: %v", src, err)
	}
	return code
}

// mustNew returns New(code, cfg), failing the test on an error.
func mustNew(tb testing.TB, code *forth.Code, cfg Config) *Machine {
	tb.Helper()
	m, err := New(code, cfg)
	if err != nil {
		tb.Fatalf("new: %v", err)
	}
	return m
}

package export

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/internal/corpus"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/learn"
	"github.com/d4lang/d4/sketches"
)

// Gforth runs an exported program on an input and returns the last line of
// its output, or an error with what gforth printed.
func Gforth(t *testing.T, gforth, program string, input []int) (string, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "learned.fth")
	if err := os.WriteFile(file, []byte(program), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, gforth, "-e", strings.Trim(fmt.Sprint(input), "[]"), file, "-e", "bye")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("gforth: %v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	lines := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
	return lines[len(lines)-1], nil
}

func needGforth(t *testing.T) string {
	gforth, err := exec.LookPath("gforth")
	if err != nil {
		testskip.Skip(t, "gforth not installed: apt-get install gforth")
	}
	return gforth
}

// hybrid is what `d4 run --model` prints for a model and an input: the
// final stack of hybrid execution under learn.RunLimits, or the error.
func hybrid(m *d4.Model, input []int) (string, error) {
	r, err := learn.Predict(m, input, learn.Hybrid, learn.RunLimits(len(input), m.Sizes.L, 0, 0))
	if err != nil {
		return "", err
	}
	return strings.Trim(fmt.Sprint(r.Stack), "[]"), nil
}

// agree exports m, runs it on gforth on each input and compares with
// hybrid execution: the same final stack, or both failing to halt.
func agree(t *testing.T, gforth string, m *d4.Model, inputs [][]int) {
	t.Helper()
	prog, err := Forth(m, Options{})
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	for _, in := range inputs {
		want, werr := hybrid(m, in)
		got, gerr := Gforth(t, gforth, prog, in)
		switch {
		case errors.Is(werr, symbolic.ErrNoHalt):
			// Untrained slots may also rewrite a return address (a
			// circular return stack overflowing), which the export stops on.
			if gerr == nil || !strings.Contains(gerr.Error(), "no halt within the step budget") && !strings.Contains(gerr.Error(), "return address was rewritten") {
				t.Errorf("input %v: hybrid execution does not halt; gforth printed %q (%v)", in, got, gerr)
			}
		case werr != nil:
			t.Fatalf("input %v: %v", in, werr)
		case gerr != nil:
			t.Fatalf("input %v: %v\nprogram:\n%s", in, gerr, prog)
		case got != want:
			t.Errorf("input %v: gforth prints %q, hybrid execution %q\nprogram:\n%s", in, got, want, prog)
		}
	}
}

// TestExportCorpus exports every program of the differential corpus (no
// slots) and programs that rely on the machine's own semantics: popping
// below an empty stack reads the circular buffer's cells, R@ in a called
// word reads the return address, heap addresses wrap.
func TestExportCorpus(t *testing.T) {
	gforth := needGforth(t)
	cases := corpus.Cases()
	cases = append(cases,
		corpus.Case{Name: "underflow", V: 10, Src: "DROP DROP 5"},
		corpus.Case{Name: "underflow-arith", V: 10, Src: "+ 3 * 7", Init: []int{4}},
		corpus.Case{Name: "return-underflow", V: 10, Src: "R> R> 1+ R@"},
		corpus.Case{Name: "return-address", V: 50, Src: ": F R@ ; 1 2 F F"},
		corpus.Case{Name: "heap-wrap", V: 10, Src: "VARIABLE X 7 X ! X 1+ @ 3 5 !"},
		corpus.Case{Name: "mod-arith", V: 7, Src: "3 5 * 2 0 / 6 1+ 0 1- 9 4 -", Init: []int{6, 5}},
	)
	for _, tc := range cases {
		if tc.V > d4.MaxValueSize {
			continue // beyond ∂4: no model has it
		}
		t.Run(tc.Name, func(t *testing.T) {
			m, err := d4.NewModel(tc.Name+".fth", tc.Src, tc.V, 8, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			in := make([]int, len(tc.Init))
			for i, x := range tc.Init {
				in[i] = forth.Mod(x, tc.V)
			}
			agree(t, gforth, m, [][]int{in})
		})
	}
}

// TestExportSlots exports sketches whose networks are untrained (seeded
// random weights decide arbitrarily but deterministically) and checks
// every kind of slot against hybrid execution: choose between words
// (closed form or table), literals and a call, permute with a return-stack
// element, manipulate, a static encoder, a group of picks (each taking
// what the earlier left), and the sample of every kind of decoder
// (corpus.DecoderSamples).
func TestExportSlots(t *testing.T) {
	gforth := needGforth(t)
	embedded := func(name string) string {
		src, ok := sketches.Embedded(name)
		if !ok {
			t.Fatalf("no embedded sketch %s", name)
		}
		return src
	}
	rng := rand.New(rand.NewSource(1))
	digits := func(n, v int, tail ...int) []int {
		in := make([]int, n)
		for i := range in {
			in[i] = rng.Intn(v)
		}
		return append(in, tail...)
	}
	tests := []struct {
		name, src string
		v         int
		inputs    [][]int
	}{
		{"sort_compare", embedded("sort_compare"), 12, [][]int{digits(3, 10, 3), digits(8, 10, 8), digits(1, 10, 1)}},
		{"sort_permute", embedded("sort_permute"), 12, [][]int{digits(3, 10, 3), digits(5, 10, 5)}},
		{"add_choose", embedded("add_choose"), 10, [][]int{digits(4, 10, 1, 2), digits(6, 10, 0, 3)}},
		{"add_manipulate", embedded("add_manipulate"), 10, [][]int{digits(4, 10, 1, 2)}},
		{"static and call", ": TWICE DUP + ; 3 { static -> choose TWICE 1+ } { observe D0 R0 -> choose DROP TWICE 7 }", 9, [][]int{{4}, {}}},
		{"a group of picks", ": F 1+ ; { observe D0 -> pick 1 2 F 3 } { observe D0 -> pick 1 2 F 3 } { observe D-1 -> pick 1 2 F 3 } { static -> pick 1 2 F 3 }", 9, [][]int{digits(2, 9), digits(3, 9), {}}},
	}
	for kind, src := range corpus.DecoderSamples {
		tests = append(tests, struct {
			name, src string
			v         int
			inputs    [][]int
		}{"sample " + forth.DecoderKind(kind).String(), src, 9, [][]int{digits(4, 9), digits(1, 9)}})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for seed := int64(1); seed <= 3; seed++ {
				m, err := d4.NewModel(tc.name+".fth", tc.src, tc.v, 8, 0, seed)
				if err != nil {
					t.Fatal(err)
				}
				agree(t, gforth, m, tc.inputs)
			}
		})
	}
}

// TestClosedForm: a slot whose decisions one comparison explains is
// written as that comparison; others as a table.
func TestClosedForm(t *testing.T) {
	elems := []forth.Elem{{Space: 'D', Index: 0}, {Space: 'D', Index: -1}}
	tab := func(f func(a, b int) int) table {
		tb := table{elems: elems, widths: []int{5, 5}}
		for a := 0; a < 5; a++ {
			for b := 0; b < 5; b++ {
				tb.dec = append(tb.dec, f(a, b))
			}
		}
		return tb
	}
	tests := []struct {
		name string
		t    table
		want string // "" for none
	}{
		{"swap when below is smaller", tab(func(a, b int) int { return b2i(b < a) }), "D0 > D-1"},
		{"equal", tab(func(a, b int) int { return 3 * b2i(a == b) }), "D0 = D-1"},
		{"threshold", tab(func(a, b int) int { return b2i(b < 2) }), "D-1 > 1"},
		{"no comparison", tab(func(a, b int) int { return (a + b) % 2 }), ""},
		{"three decisions", tab(func(a, b int) int { return min(a, 2) }), ""},
	}
	for _, tc := range tests {
		c, ok := tc.t.closedForm()
		if ok != (tc.want != "") || ok && c.text != tc.want {
			t.Errorf("%s: closed form %q (%v), want %q", tc.name, c.text, ok, tc.want)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestExportErrors: what cannot be exported is an error that says why.
func TestExportErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"a slot with too many combinations", "{ observe D0 D-1 D-2 D-3 -> choose NOP DROP }", "too many for a decision table"},
	}
	for _, tc := range tests {
		m, err := d4.NewModel("x.fth", tc.src, 40, 8, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Forth(m, Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestExportFixedLimits: limits given to the export are those of
// `d4 run --stack-size L --steps T`.
func TestExportFixedLimits(t *testing.T) {
	gforth := needGforth(t)
	tests := []struct {
		src   string
		o     Options
		input []int
		want  string // the last line, or the error gforth reports
	}{
		{"DROP DROP 5", Options{StackSize: 5}, nil, "0 0 0 5"},
		{"1 2 3", Options{StackSize: 3}, []int{4, 5, 6}, "learned program: the input does not fit the stacks"},
		{": L BEGIN 1 WHILE REPEAT ; L", Options{Steps: 50}, nil, "no halt within the step budget of 50 steps"},
	}
	for _, tc := range tests {
		m, err := d4.NewModel("x.fth", tc.src, 10, 8, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := Forth(m, tc.o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Gforth(t, gforth, prog, tc.input)
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s with %+v: %q, want %q", tc.src, tc.o, got, tc.want)
		}
	}
	// The symbolic machine agrees on the first: a stack of 5 cells wraps.
	code, err := forth.ParseAndCompile("x.fth", "DROP DROP 5")
	if err != nil {
		t.Fatal(err)
	}
	sm, err := symbolic.New(code, symbolic.Config{ValueSize: 10, StackSize: 5, MaxSteps: 10})
	if err != nil {
		t.Fatal(err)
	}
	if err := sm.Run(); err != nil || fmt.Sprint(sm.D.Values()) != "[0 0 0 5]" {
		t.Errorf("symbolic machine: %v, %v", sm.D.Values(), err)
	}
}

package synth

import (
	"fmt"
	"math/big"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// The property tests hold over many seeds: each generates problems under
// seeds 1…propertySeeds and checks every problem.

// propertySeeds is the number of seeds, propertyN the problems of each.
const (
	propertySeeds = 6
	propertyN     = 1500
)

// onMachine evaluates an equation of CC's format on the symbolic machine
// with exact arithmetic: the equation's numbers are inputs in heap cells
// 0, 1, …, and the program fetches them and applies the operators in
// postfix order ("0 @ 1 @ + 2 @ -" for "X=((50.0+21.0)-15.0)"); the value
// is the one cell left on the data stack.
func onMachine(eq string) (*big.Rat, error) {
	tree, err := cc.ParseEquation(eq)
	if err != nil {
		return nil, err
	}
	var leaves []string
	var prog []string
	var walk func(t *cc.Tree)
	walk = func(t *cc.Tree) {
		if t.Op == 0 {
			prog = append(prog, fmt.Sprintf("%d @", len(leaves)))
			leaves = append(leaves, t.Text)
			return
		}
		walk(t.L)
		walk(t.R)
		prog = append(prog, string(t.Op))
	}
	walk(tree)
	code, err := forth.ParseAndCompile("equation.fth", strings.Join(prog, " "))
	if err != nil {
		return nil, fmt.Errorf("compiling %q: %w", strings.Join(prog, " "), err)
	}
	ex := symbolic.NewExact()
	m, err := symbolic.New(code, symbolic.Config{ValueSize: 256, StackSize: 8, HeapSize: len(leaves), MaxSteps: 100, Arith: ex})
	if err != nil {
		return nil, err
	}
	for k, text := range leaves {
		v, ok := new(big.Rat).SetString(text)
		if !ok {
			return nil, fmt.Errorf("%s: number %q", eq, text)
		}
		m.H[k] = ex.Input(v, text, k)
	}
	if err := m.Run(); err != nil {
		return nil, fmt.Errorf("running %q: %w", strings.Join(prog, " "), err)
	}
	d := m.D.Values()
	if len(d) != 1 {
		return nil, fmt.Errorf("%s: %d cells left on the data stack, want 1", eq, len(d))
	}
	term := ex.Term(d[0])
	if term.DivZero {
		return nil, fmt.Errorf("%s divides by zero", eq)
	}
	return term.Value, nil
}

func TestOnMachine(t *testing.T) {
	for eq, want := range map[string]string{
		"X=((50.0+21.0)-15.0)": "56",
		"X=(24.0-(3.0*4.5))":   "21/2",
		"X=((24.0-3.0)/4.5)":   "14/3",
		"X=(7.0*(12.0-5.0))":   "49",
	} {
		got, err := onMachine(eq)
		if err != nil || got.RatString() != want {
			t.Errorf("onMachine(%s) = %v, %v; want %s", eq, got, err, want)
		}
	}
	if _, err := onMachine("X=(5.0/(2.0-2.0))"); err == nil {
		t.Error("onMachine of a division by zero gives no error")
	}
}

// propertyRuns are the generators the property tests cover, with how each
// problem's numbers are accounted for.
var propertyRuns = []struct {
	name string
	// problems generates n problems under seed with, for each, the
	// slots of the numbers in text order, the values of the slots, the
	// slots the equation uses and the slots stated on purpose besides.
	problems func(n int, seed int64) []accounted
}{
	{"Generate", func(n int, seed int64) []accounted {
		var out []accounted
		for i, m := range generateAll(n, seed) {
			out = append(out, accounted{m.problem(i), m.slots, []num{whole(m.a), whole(m.b), whole(m.c)}, []int{0, 1, 2}, nil})
		}
		return out
	}},
	{"General", func(n int, seed int64) []accounted {
		var out []accounted
		for i, m := range generalAll(n, seed) {
			out = append(out, accounted{m.problem(i), m.slots, m.nums, m.eq.slots(), m.declared})
		}
		return out
	}},
}

// accounted is a problem with where its numbers come from.
type accounted struct {
	p        source.Problem
	slots    []int // the slot of each number of the text, in text order
	nums     []num // the slots' values
	used     []int // the slots the equation uses
	declared []int // the slots stated on purpose besides (asides, list items)
}

// accountedCache holds the problems of each generator and seed, made
// once for the property tests.
var accountedCache sync.Map // "name/seed" → func() []accounted

// eachAccounted runs check on every problem of every generator of
// propertyRuns under seeds 1…propertySeeds, in a subtest per generator and
// seed.
func eachAccounted(t *testing.T, check func(t *testing.T, a accounted)) {
	for _, run := range propertyRuns {
		for seed := int64(1); seed <= propertySeeds; seed++ {
			name := fmt.Sprintf("%s/%d", run.name, seed)
			made, _ := accountedCache.LoadOrStore(name, sync.OnceValue(func() []accounted { return run.problems(propertyN, seed) }))
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				for _, a := range made.(func() []accounted)() {
					check(t, a)
				}
			})
		}
	}
}

// TestAnswersOnMachine checks, over many seeds, that every problem's
// stated answer is its equation's value on the symbolic machine (the
// nearest float64 to the exact value), and that the exact value agrees
// with go/constant's (exactValue).
func TestAnswersOnMachine(t *testing.T) {
	eachAccounted(t, func(t *testing.T, a accounted) {
		v, err := onMachine(a.p.Equation)
		if err != nil {
			t.Fatalf("problem %d %q: %v", a.p.ID, a.p.Text, err)
		}
		if f, _ := v.Float64(); f != a.p.Answer {
			t.Errorf("problem %d %q: answer %v, the machine gives %s", a.p.ID, a.p.Text, a.p.Answer, v.RatString())
		}
		if w, err := exactValue(a.p.Equation); err != nil || w.Cmp(v) != 0 {
			t.Errorf("problem %d: %s is %s on the machine, %v (%v) by go/constant", a.p.ID, a.p.Equation, v.RatString(), w, err)
		}
	})
}

// TestNumbersAccountedFor checks, over many seeds, that every number of a
// problem's text is one its equation uses or one the story states on
// purpose (an aside, an item of a list the question picks from): the
// reader reads exactly the numbers the generator says it told, in order,
// each slot is told once and every slot the equation uses is told.
func TestNumbersAccountedFor(t *testing.T) {
	eachAccounted(t, func(t *testing.T, a accounted) {
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("problem %d %q (%s): %s", a.p.ID, a.p.Text, a.p.Equation, fmt.Sprintf(format, args...))
		}
		q, err := reader.ParseQuestion(a.p.Text)
		if err != nil {
			fail("reader: %v", err)
			return
		}
		if len(q.Quantities) != len(a.slots) {
			fail("the reader reads %d numbers, the generator told %d", len(q.Quantities), len(a.slots))
			return
		}
		told := map[int]bool{}
		for k, s := range a.slots {
			if q.Quantities[k].Value.Cmp(a.nums[s].rat()) != 0 {
				fail("number %d reads %s, the generator told %s", k, q.Quantities[k].Value.RatString(), a.nums[s].plain())
			}
			if told[s] {
				fail("slot %d told twice", s)
			}
			told[s] = true
			if !slices.Contains(a.used, s) && !slices.Contains(a.declared, s) {
				fail("number %s (slot %d) is neither in the equation nor declared", a.nums[s].plain(), s)
			}
		}
		for _, s := range a.used {
			if !told[s] {
				fail("the equation uses slot %d, which the text does not tell", s)
			}
		}
	})
}

// docClaims are the figures the docs state about the generated problems,
// each with the sentence that states it (which the doc must still hold)
// and how it is measured: got gives the share of problems of which it
// holds, over seeds 1…3, to be within tol of want.
var docClaims = []struct {
	file, says string
	gen        string // "Generate" or "General"
	want, tol  float64
	got        func(p []mixed) float64
}{
	{"docs/word-problems.md", "where the question goes (first in\nabout a quarter", "Generate", 0.25, 0.06,
		share(func(m mixed) bool { return m.first })},
	{"docs/word-problems.md", "The number the pattern treats apart (the divisor, the amount taken away, the rate) comes first, in the\nmiddle or last in about a third of the problems each", "Generate", 1.0 / 3, 0.05,
		share(func(m mixed) bool { return m.oddAt == 0 })},
	{"docs/word-problems.md", "comes first, in the\nmiddle or last in about a third", "Generate", 1.0 / 3, 0.05,
		share(func(m mixed) bool { return m.oddAt == 1 })},
	{"docs/word-problems.md", "comes first, in the\nmiddle or last in about a third", "Generate", 1.0 / 3, 0.05,
		share(func(m mixed) bool { return m.oddAt == 2 })},
	{"tasks/wap/synth/synth.go", "The five CC\n// patterns come in equal proportions", "Generate", 0.2, 0.0005,
		share(func(m mixed) bool { return m.pattern == cc.PatternAddSub })},
	{"tasks/wap/synth/synth.go", "The five CC\n// patterns come in equal proportions", "Generate", 0.2, 0.0005,
		share(func(m mixed) bool { return m.pattern == cc.PatternMulSub })},
	{"tasks/wap/synth/synth.go", "one\n// operation on two of the story's numbers (37.5%)", "General", 0.375, 0.0005,
		share(func(m mixed) bool { return m.ops == 1 && m.pattern == "" })},
	{"tasks/wap/synth/synth.go", "or two on three in\n// CC's five patterns (told by CC's frames, 45%)", "General", 0.45, 0.0005,
		share(func(m mixed) bool { return m.pattern != "" })},
	{"tasks/wap/synth/synth.go", "a*b/c, a/(b+c): 17.5%)", "General", 0.175, 0.0005,
		share(func(m mixed) bool { return m.ops == 2 && m.pattern == "" })},
	{"tasks/wap/synth/synth.go", "A third of the problems state numbers their question does not use", "General", 1.0 / 3, 0.06,
		share(func(m mixed) bool { return m.unused > 0 })},
	{"tasks/wap/synth/synth.go", "one in six has a number or an answer above 149", "General", 1.0 / 6, 0.05,
		share(func(m mixed) bool { return m.big })},
}

// mixed is what the mix of a generated problem is measured on.
type mixed struct {
	pattern string // the CC pattern, "" for another shape
	ops     int    // operations of the equation
	first   bool   // the question comes first
	oddAt   int    // the text position of the pattern's odd operand (Generate)
	unused  int    // numbers of the text the equation does not use
	big     bool   // a number of the text or the answer is above 149
}

// share is the share of problems of which is holds.
func share(is func(m mixed) bool) func(ps []mixed) float64 {
	return func(ps []mixed) float64 {
		k := 0
		for _, m := range ps {
			if is(m) {
				k++
			}
		}
		return float64(k) / float64(len(ps))
	}
}

// mixOf generates the problems of a generator under seeds 1…3 and
// describes each.
func mixOf(gen string) []mixed {
	var out []mixed
	for seed := int64(1); seed <= 3; seed++ {
		if gen == "Generate" {
			for _, m := range generateAll(3000, seed) {
				out = append(out, mixed{pattern: m.pattern, ops: 2, first: m.first, oddAt: slices.Index(m.slots, oddSlot(m.pattern))})
			}
			continue
		}
		for _, m := range generalAll(3000, seed) {
			x := mixed{ops: m.eq.ops(), first: m.first, unused: len(m.nums) - len(m.eq.slots()), oddAt: -1}
			for _, f := range generalFamilies {
				if f.shape == m.family {
					x.pattern = f.pattern
				}
			}
			v, _ := m.eq.value(m.nums)
			x.big = v > whole(149)
			for _, k := range m.nums {
				x.big = x.big || k > whole(149)
			}
			out = append(out, x)
		}
	}
	return out
}

// TestMixAsDocumented checks the figures the docs state about the mix of
// generated problems, each against the sentence of the doc that states
// it: a doc that changes its figure fails here until the figure is
// measured again.
func TestMixAsDocumented(t *testing.T) {
	mixes := map[string][]mixed{"Generate": mixOf("Generate"), "General": mixOf("General")}
	docs := map[string]string{}
	for _, c := range docClaims {
		if _, ok := docs[c.file]; !ok {
			b, err := os.ReadFile("../../../" + c.file)
			if err != nil {
				t.Fatal(err)
			}
			docs[c.file] = string(b)
		}
		if !strings.Contains(docs[c.file], c.says) {
			t.Errorf("%s no longer says %q: measure the figure it says now and change docClaims", c.file, c.says)
			continue
		}
		got := c.got(mixes[c.gen])
		t.Logf("%s: %q: %.1f%%, want %.1f%% ± %.1f", c.gen, strings.ReplaceAll(c.says, "\n", " "), 100*got, 100*c.want, 100*c.tol)
		if got < c.want-c.tol || got > c.want+c.tol {
			t.Errorf("%s says %q: %s gives %.1f%%, want %.1f%% ± %.1f", c.file, c.says, c.gen, 100*got, 100*c.want, 100*c.tol)
		}
	}
}

// TestCountsAsDocumented checks the counts the docs state about the
// generator's frames and lexicon against the tables (money, cash, is one
// of the things).
func TestCountsAsDocumented(t *testing.T) {
	all := append([]*thing{cash}, things...)
	topics := map[string]bool{}
	for _, th := range all {
		topics[th.topic] = true
	}
	b, err := os.ReadFile("../../../docs/word-problems.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		says string
		got  int
	}{
		{"one of %d semantic frames of the five patterns", len(frames)},
		{"a scene (%d kinds of things", len(all)},
		{"kinds of things over %d topics", len(topics)},
	} {
		if want := fmt.Sprintf(c.says, c.got); !strings.Contains(strings.ReplaceAll(string(b), "\n", " "), want) {
			t.Errorf("docs/word-problems.md does not say %q (the tables have %d)", want, c.got)
		}
	}
}

package synth

import (
	"crypto/sha256"
	"fmt"
	"math"
	"math/rand"
	"reflect"
	"sort"
	"sync"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// generateHash is the SHA-256 of Generate(2000, 1) as hashOf writes it,
// made before the general problems were added: Generate (and with it the
// CC pipeline's figures) must not change.
const generateHash = "abb8092ebb8e707367d5ead843edd36b3a30f2fee35e677026a6f9868ca7de2c"

// hashOf hashes problems field by field.
func hashOf(ps []source.Problem) string {
	h := sha256.New()
	for _, p := range ps {
		fmt.Fprintf(h, "%d\x00%s\x00%s\x00%v\x00%s\n", p.ID, p.Text, p.Equation, p.Answer, p.Source)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func TestGenerateUnchanged(t *testing.T) {
	if got := hashOf(Generate(2000, 1)); got != generateHash {
		t.Errorf("Generate(2000, 1) hashes to %s, want %s: the CC-style problems changed", got, generateHash)
	}
}

// generalN is the number of general problems the corpus tests look at.
const generalN = 20000

var (
	generalOnce   sync.Once
	generalSample []told
)

// generalCorpus makes the general problems the tests share (once).
func generalCorpus() []told {
	generalOnce.Do(func() { generalSample = generalAll(generalN, 2024) })
	return generalSample
}

func TestGeneralDeterministic(t *testing.T) {
	a, b := General(300, 1), General(300, 1)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("General(300, 1) differs between two calls")
	}
	c := General(300, 2)
	same := 0
	for i := range a {
		if a[i].Text == c[i].Text {
			same++
		}
		if a[i].ID != i || a[i].Source != Name {
			t.Fatalf("problem %d has ID %d, source %q", i, a[i].ID, a[i].Source)
		}
	}
	if same > 3 {
		t.Errorf("seeds 1 and 2 share %d of 300 texts", same)
	}
	for _, n := range []int{0, -1} {
		if got := General(n, 1); got == nil || len(got) != 0 {
			t.Errorf("General(%d) = %v, want an empty slice", n, got)
		}
	}
}

func TestSourceMix(t *testing.T) {
	for _, tc := range []struct {
		mix  Mix
		want func(int, int64) []source.Problem
	}{{CCMix, Generate}, {GeneralMix, General}} {
		ds, err := Source{N: [3]int{30, 5, 5}, Seed: 3, FirstID: 100, Mix: tc.mix}.Read()
		if err != nil {
			t.Fatal(err)
		}
		want := tc.want(40, 3)
		all := append(append(append([]source.Problem{}, ds[data.Train]...), ds[data.Dev]...), ds[data.Test]...)
		for i, p := range all {
			w := want[i]
			w.ID += 100
			if p != w {
				t.Fatalf("mix %d: problem %d is %+v, want %+v", tc.mix, i, p, w)
			}
		}
	}
}

// TestGeneralValid checks every general problem: its text's numbers, as
// the reader reads them, are the story's numbers in the order the
// generator told them (two to eight of them); the equation parses, uses
// each of one to three of them once and only them, and its value is the
// answer, exact and positive, with one or two operations; the question's
// unused numbers differ from every number the equation uses; the text has
// no number words and is well formed.
func TestGeneralValid(t *testing.T) {
	ms := generalCorpus()
	plurals := pluralsOf()
	for i, m := range ms {
		p := m.problem(i)
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("problem %d %q (%s, %s): %s", i, p.Text, p.Equation, m.frame, fmt.Sprintf(format, args...))
		}
		if len(m.nums) < 2 || len(m.nums) > 8 || len(m.slots) != len(m.nums) {
			fail("%d numbers, %d told", len(m.nums), len(m.slots))
			continue
		}
		// What the reader reads: TestNumbersAccountedFor.
		used := m.eq.slots()
		seen := map[int]bool{}
		for _, s := range used {
			if s < 0 || s >= len(m.nums) || seen[s] {
				fail("equation slots %v over %d numbers", used, len(m.nums))
			}
			seen[s] = true
		}
		if ops := m.eq.ops(); ops < 1 || ops > 2 || len(used) != ops+1 {
			fail("%d operations on %d numbers", ops, len(used))
		}
		v, ok := m.eq.value(m.nums)
		if !ok || v <= 0 {
			fail("value %v, ok %v", v, ok)
		}
		if f, _ := v.rat().Float64(); f != p.Answer {
			fail("Answer %v, exact value %s", p.Answer, v.plain())
		}
		if got, err := cc.EvalEquation(p.Equation); err != nil || math.Abs(got-p.Answer) > 1e-9*math.Max(1, p.Answer) {
			fail("cc.EvalEquation gives %v, %v", got, err)
		}
		eqNums, err := cc.EquationNumbers(p.Equation)
		if err != nil || len(eqNums) != len(used) {
			fail("cc.EquationNumbers gives %v, %v", eqNums, err)
		}
		for k, s := range used {
			if f, _ := m.nums[s].rat().Float64(); k < len(eqNums) && eqNums[k] != f {
				fail("equation number %d is %v, slot %d holds %s", k, eqNums[k], s, m.nums[s].plain())
			}
		}
		for s, x := range m.nums {
			if seen[s] {
				continue
			}
			for _, u := range used {
				if m.nums[u] == x {
					fail("unused number %s equals a number the equation uses", x.plain())
				}
			}
		}
		if w := numberWords.FindString(p.Text); w != "" {
			fail("number word %q", w)
		}
		checkText(t, m.reg, p.Text, plurals, fail)
	}
}

// TestGeneralShares measures the mix: each family comes in its share (to
// the problem), each frame is used, and the equations' shapes, the counts
// of numbers, the unused numbers, large numbers, decimals and questions
// told first come in the proportions the package doc states.
func TestGeneralShares(t *testing.T) {
	ms := generalCorpus()
	fams, shapes, frames := map[string]int{}, map[string]int{}, map[string]int{}
	counts := map[int]int{}
	unused := map[int]int{}
	var big, decimals, fractional, first, oneStep int
	for _, m := range ms {
		fams[m.family]++
		shape, err := cc.EquationShape(m.eq.equation(m.nums))
		if err != nil {
			t.Fatalf("%s: %v", m.eq.equation(m.nums), err)
		}
		shapes[shape]++
		frames[m.frame]++
		counts[len(m.nums)]++
		u := len(m.nums) - len(m.eq.slots())
		unused[min(u, 2)]++
		if m.eq.ops() == 1 {
			oneStep++
		}
		isBig, isDec := false, false
		for _, x := range m.nums {
			isBig = isBig || x > whole(149)
			isDec = isDec || !x.isWhole()
		}
		v, _ := m.eq.value(m.nums)
		if isBig || v > whole(149) {
			big++
		}
		if isDec {
			decimals++
		}
		if !v.isWhole() {
			fractional++
		}
		if m.first {
			first++
		}
	}
	n := float64(len(ms))
	for _, f := range generalFamilies {
		want := f.share * n
		t.Logf("family %-8s %5d problems (%.1f%%, share %.1f%%)", f.shape, fams[f.shape], 100*float64(fams[f.shape])/n, 100*f.share)
		if math.Abs(float64(fams[f.shape])-want) > 1 {
			t.Errorf("family %s: %d problems, want %.0f", f.shape, fams[f.shape], want)
		}
	}
	var names []string
	for s := range shapes {
		names = append(names, s)
	}
	sort.Strings(names)
	for _, s := range names {
		t.Logf("equation shape %-8s %5.1f%%", s, 100*float64(shapes[s])/n)
	}
	for _, f := range generalFamilies {
		if shapes[f.shape] == 0 {
			t.Errorf("no equation of shape %s", f.shape)
		}
	}
	for _, f := range generalFrames {
		if frames[f.name] < 20 {
			t.Errorf("general frame %q told %d times in %d problems", f.name, frames[f.name], len(ms))
		}
	}
	for k := 2; k <= 8; k++ {
		t.Logf("%d numbers: %5.2f%%", k, 100*float64(counts[k])/n)
		if counts[k] == 0 {
			t.Errorf("no problem has %d numbers", k)
		}
	}
	share := func(k int) float64 { return float64(k) / n }
	t.Logf("one step %.1f%%; unused numbers 0: %.1f%%, 1: %.1f%%, 2 or more: %.1f%%", 100*share(oneStep), 100*share(unused[0]), 100*share(unused[1]), 100*share(unused[2]))
	t.Logf("a number or the answer above 149: %.1f%%; decimals in the text: %.1f%%; answer not whole: %.1f%%; question first: %.1f%%",
		100*share(big), 100*share(decimals), 100*share(fractional), 100*share(first))
	for _, c := range []struct {
		what      string
		got       float64
		low, high float64
	}{
		{"one-step problems", share(oneStep), 0.35, 0.4},
		{"problems with unused numbers", 1 - share(unused[0]), 0.25, 0.45},
		{"problems with two or more unused numbers", share(unused[2]), 0.06, 0.2},
		{"problems with a value above 149", share(big), 0.12, 0.35},
		{"problems with decimals", share(decimals), 0.03, 0.2},
		{"questions told first", share(first), 0.15, 0.5},
	} {
		if c.got < c.low || c.got > c.high {
			t.Errorf("%s: %.1f%%, want %.0f%%…%.0f%%", c.what, 100*c.got, 100*c.low, 100*c.high)
		}
	}
}

// TestAsidesUnused checks what distractors are: the asides of a story
// state numbers its equation does not use, and in a story built without
// asides the same frame draw gives the same equation and answer.
func TestAsidesUnused(t *testing.T) {
	for seed := int64(0); seed < 300; seed++ {
		f := generalFamilies[seed%int64(len(generalFamilies))]
		if f.pattern != "" {
			continue
		}
		fr := generalFramesOf(f.shape)[seed%int64(len(generalFramesOf(f.shape)))]
		build := func(asides int) (*story, bool) {
			g := &gen{rng: rand.New(rand.NewSource(seed)), place: anywhere}
			st, ok := fr.build(g)
			if !ok {
				return nil, false
			}
			g.addAsides(st, asides)
			return st, true
		}
		plain, ok := build(0)
		if !ok {
			continue
		}
		with, _ := build(2)
		v0, ok0 := plain.eq.value(plain.nums)
		v1, ok1 := with.eq.value(with.nums)
		if ok0 != ok1 || v0 != v1 || plain.eq.equation(plain.nums) != with.eq.equation(with.nums) {
			t.Errorf("%s: asides changed the equation %s to %s", fr.name, plain.eq.equation(plain.nums), with.eq.equation(with.nums))
		}
		for _, f := range with.facts[len(plain.facts):] {
			if !f.aside {
				t.Errorf("%s: an added fact is not an aside", fr.name)
			}
			for _, s := range with.eq.slots() {
				if s == f.slot {
					t.Errorf("%s: the equation uses the aside in slot %d", fr.name, s)
				}
			}
		}
	}
}

func TestGeneralSkeletons(t *testing.T) {
	ms := generalCorpus()
	tags, longest := lexiconTags()
	problems := map[string]bool{}
	for i, m := range ms {
		problems[skeleton(m.problem(i).Text, tags, longest)] = true
	}
	t.Logf("%d general problems: %d distinct skeletons", len(ms), len(problems))
	if len(problems) < len(ms)*3/4 {
		t.Errorf("%d distinct problem skeletons in %d problems, want at least %d", len(problems), len(ms), len(ms)*3/4)
	}
}

func TestNumFormats(t *testing.T) {
	for _, c := range []struct {
		x                    num
		plain, dollars, eqTx string
	}{
		{whole(12), "12", "$12", "12.0"},
		{250, "2.5", "$2.50", "2.5"},
		{75, "0.75", "$0.75", "0.75"},
		{1205, "12.05", "$12.05", "12.05"},
		{whole(86444), "86444", "$86444", "86444.0"},
	} {
		if c.x.plain() != c.plain || c.x.dollars() != c.dollars || c.x.eqText() != c.eqTx {
			t.Errorf("%d: %q %q %q, want %q %q %q", c.x, c.x.plain(), c.x.dollars(), c.x.eqText(), c.plain, c.dollars, c.eqTx)
		}
	}
	nums := []num{whole(24), whole(3), 450}
	for _, c := range []struct {
		t     *term
		value num
		ok    bool
		eq    string
		shape string
	}{
		{sub(at(0), mul(at(1), at(2))), 1050, true, "X=(24.0-(3.0*4.5))", "a-(b*c)"},
		{div(at(0), at(1)), whole(8), true, "X=(24.0/3.0)", "a/b"},
		{div(at(1), at(0)), 12, false, "X=(3.0/24.0)", "a/b"}, // 0.125 is not whole hundredths
		{sub(at(1), at(0)), 0, false, "X=(3.0-24.0)", "a-b"},
		{mul(div(at(0), at(1)), at(2)), 3600, true, "X=((24.0/3.0)*4.5)", "(a/b)*c"},
	} {
		v, ok := c.t.value(nums)
		shape, err := cc.EquationShape(c.t.equation(nums))
		if ok != c.ok || (ok && v != c.value) || c.t.equation(nums) != c.eq || err != nil || shape != c.shape {
			t.Errorf("%s: value %d %v, shape %s (%v); want %d %v, %s", c.t.equation(nums), v, ok, shape, err, c.value, c.ok, c.shape)
		}
	}
}

package synth

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// sampleN is the number of problems the corpus tests look at.
const sampleN = 20000

var (
	sampleOnce sync.Once
	sample     []made
	sampleCC   []source.Problem
)

// corpus makes the problems the tests share (once).
func corpus() ([]made, []source.Problem) {
	sampleOnce.Do(func() {
		sample = generateAll(sampleN, 2024)
		sampleCC = Generate(sampleN, 2024)
	})
	return sample, sampleCC
}

func TestGenerateDeterministic(t *testing.T) {
	a, b := Generate(300, 1), Generate(300, 1)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("Generate(300, 1) differs between two calls")
	}
	c := Generate(300, 2)
	same := 0
	for i := range a {
		if a[i].Text == c[i].Text {
			same++
		}
	}
	if same > 3 {
		t.Errorf("seeds 1 and 2 share %d of 300 texts", same)
	}
	for i, p := range a {
		if p.ID != i {
			t.Fatalf("problem %d has ID %d", i, p.ID)
		}
	}
	for _, n := range []int{0, -1, -100} {
		if got := Generate(n, 1); got == nil || len(got) != 0 {
			t.Errorf("Generate(%d) = %v, want an empty slice", n, got)
		}
	}
}

// numberWords are words that write a number (or an ordinal, a multiple,
// a fraction): the text must have none.
var numberWords = regexp.MustCompile(`(?i)\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozens?|half|halves|twice|thrice|double|triple|pairs?|couple|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|once|both|single|quarter|twins|ones)\b`)

var digits = regexp.MustCompile(`[0-9]+`)

func TestProblemsValid(t *testing.T) {
	ms, ps := corpus()
	plurals := pluralsOf()
	counts := map[string]int{}
	divisors, smallDivisors := 0, 0
	for i, p := range ps {
		m := ms[i]
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("problem %d %q (%s): %s", i, p.Text, p.Equation, fmt.Sprintf(format, args...))
		}
		v, err := cc.EvalEquation(p.Equation)
		if err != nil || v != p.Answer {
			fail("equation gives %v, %v; Answer %v", v, err, p.Answer)
		}
		pat := cc.EquationPattern(p.Equation)
		if pat != m.pattern {
			fail("pattern %s, made as %s", pat, m.pattern)
		}
		counts[pat]++
		nums, _ := cc.EquationNumbers(p.Equation)
		var text []float64
		for _, d := range digits.FindAllString(p.Text, -1) {
			k, _ := strconv.Atoi(d)
			text = append(text, float64(k))
		}
		if !sameMultiset(nums, text) {
			fail("text numbers %v, equation numbers %v", text, nums)
		}
		if w := numberWords.FindString(p.Text); w != "" {
			fail("number word %q", w)
		}
		a, b, c := m.a, m.b, m.c
		for _, k := range []int{a, b, c} {
			if k < 1 || k > maxOperand {
				fail("operand %d out of 1..%d", k, maxOperand)
			}
		}
		var mids []int
		switch pat {
		case cc.PatternAddSub:
			mids = []int{a + b}
		case cc.PatternMulAdd:
			mids = []int{b + c}
		case cc.PatternAddDiv:
			mids = []int{a + b}
		case cc.PatternMulSub:
			mids = []int{b - c}
		case cc.PatternSubDiv:
			mids = []int{a - b}
		}
		for _, k := range append(mids, int(p.Answer)) {
			if k < 0 || k > maxValue {
				fail("value %d out of 0..%d", k, maxValue)
			}
		}
		if p.Answer < 1 || p.Answer != math.Trunc(p.Answer) {
			fail("answer %v is not a positive integer", p.Answer)
		}
		if (pat == cc.PatternMulSub && b-c < 1) || (pat == cc.PatternSubDiv && a-b < 1) {
			fail("difference below 1")
		}
		if (pat == cc.PatternMulAdd || pat == cc.PatternMulSub) && a < 2 {
			fail("rate %d below 2", a)
		}
		if pat == cc.PatternAddDiv || pat == cc.PatternSubDiv {
			divisors++
			if c >= 2 && c <= 12 {
				smallDivisors++
			}
			if c < 2 {
				fail("divisor %d", c)
			}
		}
		checkText(t, m.reg, p.Text, plurals, fail)
	}
	for _, pat := range cc.Patterns {
		if d := counts[pat] - sampleN/len(cc.Patterns); d < -1 || d > 1 {
			t.Errorf("pattern %s: %d problems of %d", pat, counts[pat], sampleN)
		}
	}
	if share := float64(smallDivisors) / float64(divisors); share < 0.9 {
		t.Errorf("divisors in 2..12: %.2f, want most", share)
	}
}

// sameMultiset reports whether a and b hold the same numbers.
func sameMultiset(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := append([]float64{}, a...), append([]float64{}, b...)
	sort.Float64s(x)
	sort.Float64s(y)
	return reflect.DeepEqual(x, y)
}

var (
	badArticleA  = regexp.MustCompile(`(?i)\ba [aeio]\w*`)
	badArticleAn = regexp.MustCompile(`(?i)\ban [bcdfgjklmnpqrstvwxyz]\w*`)
	oneWord      = regexp.MustCompile(`\b1 ([a-z-]+(?: [a-z-]+)?)`)
	sentenceEnd  = regexp.MustCompile(`[.?!]\s+`)
	placeholder  = regexp.MustCompile(`[{}]`)
)

// checkText checks the form of a text: spacing, articles, agreement with
// 1 and, in the standard register, sentences that start with a capital and
// end with a full stop or a question mark.
func checkText(t *testing.T, reg register, s string, plurals map[string]bool, fail func(string, ...any)) {
	t.Helper()
	if s != strings.TrimSpace(s) || strings.Contains(s, "  ") {
		fail("spacing")
	}
	for _, bad := range []string{" ,", " .", " ?", ",,", "..", ", ,", ",.", " :"} {
		if strings.Contains(s, bad) {
			fail("punctuation %q", bad)
		}
	}
	if placeholder.MatchString(s) {
		fail("unexpanded placeholder")
	}
	if w := badArticleA.FindString(s); w != "" {
		fail("article %q", w)
	}
	if w := badArticleAn.FindString(s); w != "" && !strings.HasPrefix(strings.ToLower(w), "an hour") {
		fail("article %q", w)
	}
	for _, mm := range oneWord.FindAllStringSubmatch(s, -1) {
		words := strings.Fields(mm[1])
		if plurals[words[0]] || (len(words) == 2 && plurals[mm[1]]) {
			fail("plural after 1: %q", mm[0])
		}
	}
	if reg != standard {
		return
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") {
		fail("no final stop")
	}
	for _, sent := range sentenceEnd.Split(s, -1) {
		if sent == "" {
			continue
		}
		r := sent[0]
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '$') {
			fail("sentence %q starts in lower case", sent)
		}
	}
}

// pluralsOf lists the plural nouns of the lexicon that differ from their
// singular.
func pluralsOf() map[string]bool {
	out := map[string]bool{}
	add := func(ws ...noun) {
		for _, w := range ws {
			if w.pl != w.sg {
				out[w.pl] = true
			}
		}
	}
	for _, th := range things {
		add(th.noun)
	}
	for _, c := range containers {
		add(c.noun)
	}
	for _, p := range periods {
		add(p.noun)
	}
	for _, a := range activities {
		add(a.unit)
	}
	for _, j := range jobs {
		add(j.task)
	}
	for _, p := range places {
		add(p.who)
	}
	for _, c := range crowds {
		add(c.kinds[0], c.kinds[1], c.whole)
	}
	for _, g := range gatherings {
		add(g.noun)
	}
	for _, g := range grids {
		add(g.unit, g.item)
	}
	for _, c := range chores {
		add(c.unit)
	}
	for _, h := range handouts {
		add(h.noun)
	}
	for _, rs := range recipients {
		add(rs...)
	}
	add(buys...)
	for _, r := range recipes {
		add(r.product, r.supply.noun)
	}
	for _, gm := range games {
		add(gm.item, gm.tries)
	}
	for _, s := range sessions {
		add(s.unit, s.part)
	}
	for _, e := range errands {
		add(e.thing)
	}
	add(payers...)
	return out
}

func TestOrderAndLayout(t *testing.T) {
	ms, ps := corpus()
	out, first := 0, 0
	for i, p := range ps {
		var text []int
		for _, d := range digits.FindAllString(p.Text, -1) {
			k, _ := strconv.Atoi(d)
			text = append(text, k)
		}
		m := ms[i]
		if !reflect.DeepEqual(text, []int{m.a, m.b, m.c}) {
			out++
		}
		if m.first {
			first++
		}
	}
	outShare := float64(out) / float64(len(ps))
	firstShare := float64(first) / float64(len(ps))
	t.Logf("numbers out of equation order: %.1f%%; question first: %.1f%%", 100*outShare, 100*firstShare)
	if outShare < 0.4 {
		t.Errorf("numbers out of equation order in %.1f%% of problems, want at least 40%%", 100*outShare)
	}
	if firstShare < 0.15 || firstShare > 0.5 {
		t.Errorf("question first in %.1f%% of problems, want 15%%..50%%", 100*firstShare)
	}
}

// TestNumberPositions checks where the numbers stand: the text has the
// operands in the order the generator says it told them, the odd operand
// of each pattern (the divisor, the amount taken away, the rate) is
// first, in the middle and last about equally often, and where a total
// and what is taken from it are told, they come in both orders.
func TestNumberPositions(t *testing.T) {
	ms, _ := corpus()
	pos := map[string]*[3]int{}
	reversed := map[string]int{}
	n := map[string]int{}
	loose := 0
	for _, m := range ms {
		vals := []int{m.a, m.b, m.c}
		var text []int
		for _, d := range digits.FindAllString(m.text, -1) {
			k, _ := strconv.Atoi(d)
			text = append(text, k)
		}
		var told []int
		for _, s := range m.slots {
			told = append(told, vals[s])
		}
		if !reflect.DeepEqual(text, told) {
			t.Errorf("%q: numbers %v, told as slots %v", m.text, text, m.slots)
		}
		if pos[m.pattern] == nil {
			pos[m.pattern] = &[3]int{}
		}
		odd := oddSlot(m.pattern)
		var others []int
		for i, s := range m.slots {
			if s == odd {
				pos[m.pattern][i]++
			} else {
				others = append(others, s)
			}
		}
		if others[0] > others[1] {
			reversed[m.pattern]++
		}
		n[m.pattern]++
		if m.loose {
			loose++
		}
	}
	for _, p := range cc.Patterns {
		c, k := pos[p], float64(n[p])
		share := [3]float64{float64(c[0]) / k, float64(c[1]) / k, float64(c[2]) / k}
		rev := float64(reversed[p]) / k
		t.Logf("%-14s odd operand first %.1f%%, middle %.1f%%, last %.1f%%; other two reversed %.1f%%", p, 100*share[0], 100*share[1], 100*share[2], 100*rev)
		for i, sh := range share {
			if sh < 0.22 {
				t.Errorf("%s: odd operand at position %d in %.1f%% of problems, want at least 22%%", p, i, 100*sh)
			}
		}
		if (p == cc.PatternMulSub || p == cc.PatternSubDiv) && (rev < 0.3 || rev > 0.7) {
			t.Errorf("%s: the other two operands reversed in %.1f%% of problems, want 30%%..70%%", p, 100*rev)
		}
	}
	if float64(loose) > 0.005*float64(len(ms)) {
		t.Errorf("%d problems did not get the placement they drew", loose)
	}
}

func TestFramesAllUsed(t *testing.T) {
	ms, _ := corpus()
	used := map[string]int{}
	for _, m := range ms {
		used[m.frame]++
	}
	perPattern := map[string]int{}
	for _, f := range frames {
		perPattern[f.pattern]++
		if used[f.name] < 100 {
			t.Errorf("frame %q told %d times in %d problems", f.name, used[f.name], len(ms))
		}
	}
	for _, p := range cc.Patterns {
		if perPattern[p] < 5 {
			t.Errorf("pattern %s has %d frames, want at least 5", p, perPattern[p])
		}
	}
}

func TestLexiconKeys(t *testing.T) {
	topics := map[string]bool{}
	for _, th := range things {
		topics[th.topic] = true
		for _, k := range th.get {
			if _, ok := gains[k]; !ok {
				t.Errorf("%s: no gain %q", th.sg, k)
			}
		}
		for _, k := range th.lose {
			if _, ok := losses[k]; !ok {
				t.Errorf("%s: no loss %q", th.sg, k)
			}
		}
		for _, k := range th.spoil {
			if _, ok := spoils[k]; !ok {
				t.Errorf("%s: no spoil %q", th.sg, k)
			}
		}
		for _, k := range th.packs {
			if _, ok := containers[k]; !ok {
				t.Errorf("%s: no container %q", th.sg, k)
			}
		}
		if len(th.get) == 0 || len(th.lose) == 0 {
			t.Errorf("%s: no way to get or lose it", th.sg)
		}
	}
	t.Logf("%d kinds of things in %d topics", len(things), len(topics))
	if len(things) < 60 || len(topics) < 15 {
		t.Errorf("%d things in %d topics, want 60 in 15", len(things), len(topics))
	}
}

// skeleton writes a text with its numbers and lexicon words replaced by
// their category tags: "NAME VERB N THING ..." keeps only the wording the
// realiser and the frames chose.
func skeleton(s string, tags map[string]string, longest int) string {
	words := strings.Fields(strings.ToLower(punct.ReplaceAllString(s, " $0 ")))
	var out []string
	for i := 0; i < len(words); {
		matched := false
		for n := min(longest, len(words)-i); n >= 1; n-- {
			if tag, ok := tags[strings.Join(words[i:i+n], " ")]; ok {
				out = append(out, tag)
				i += n
				matched = true
				break
			}
		}
		if !matched {
			w := words[i]
			if digits.MatchString(w) {
				w = "N"
			}
			out = append(out, w)
			i++
		}
	}
	return strings.Join(out, " ")
}

var punct = regexp.MustCompile(`[.,?!:;$'-]`)

// lexiconTags maps every phrase of the lexicon (lower case, split as
// skeleton splits) to its category.
func lexiconTags() (map[string]string, int) {
	tags := map[string]string{}
	longest := 0
	add := func(tag string, phrases ...string) {
		for _, p := range phrases {
			p = strings.Join(strings.Fields(strings.ToLower(punct.ReplaceAllString(p, " $0 "))), " ")
			if p == "" || strings.Contains(p, "{") {
				continue
			}
			if _, ok := tags[p]; !ok {
				tags[p] = tag
			}
			longest = max(longest, len(strings.Fields(p)))
		}
	}
	nouns := func(tag string, ws ...noun) {
		for _, w := range ws {
			add(tag, w.sg, w.pl)
		}
	}
	verbs := func(tag string, vs ...verb) {
		for _, w := range vs {
			add(tag, w.base, w.past, w.part, w.present(false), w.present(true), w.pastTense(false), w.pastTense(true))
		}
	}
	add("NAME", namesShe...)
	add("NAME", namesHe...)
	add("NAME", namesThey...)
	add("NAME", teachers...)
	add("NAME", families...)
	for _, r := range relatives {
		add("REL", r.rel)
	}
	for _, g := range groupActors {
		add("GROUP", g.again)
	}
	for _, th := range things {
		nouns("THING", th.noun)
		add("KIND", th.kinds...)
		add("BIZ", th.biz...)
		add("USE", th.uses...)
	}
	for _, a := range gains {
		verbs("GET", a.v)
		add("TAIL", a.tails...)
	}
	for _, a := range losses {
		verbs("LOSE", a.v)
		add("TAIL", a.tails...)
	}
	for _, w := range spoils {
		verbs("SPOIL", w)
	}
	for _, c := range containers {
		nouns("BOX", c.noun)
	}
	for _, bv := range boxVerbs {
		verbs("VERB", bv.v, bv.q)
	}
	for _, p := range periods {
		nouns("PERIOD", p.noun)
		add("PER", p.per...)
	}
	for _, ps := range timePairs {
		for _, p := range ps {
			add("TIME", p[0], p[1])
		}
	}
	for _, s := range spans {
		for _, p := range s.pairs {
			add("TIME", p[0], p[1])
		}
		add("TIME", s.one...)
	}
	for _, s := range timeSeqs {
		add("TIME", s[0], s[1], s[2])
	}
	for _, a := range activities {
		verbs("VERB", a.does, a.bare)
		nouns("UNIT", a.unit)
		add("TAIL", a.after, a.btail)
	}
	for _, j := range jobs {
		nouns("TASK", j.task)
		verbs("VERB", j.do)
	}
	for _, p := range places {
		nouns("PEOPLE", p.who)
		add("PLACE", p.where)
		verbs("VERB", p.in...)
		verbs("VERB", p.out...)
		add("TIME", p.events[0], p.events[1])
	}
	for _, c := range crowds {
		nouns("PEOPLE", c.kinds[0], c.kinds[1], c.whole)
		add("PLACE", c.where)
		add("BOSS", c.boss)
	}
	for _, g := range gatherings {
		nouns("GROUPING", g.noun)
	}
	for _, g := range grids {
		nouns("UNIT", g.unit, g.item)
		add("PART", g.parts[0], g.parts[1])
		add("PLACE", g.where)
		verbs("VERB", g.shut, g.ok)
	}
	for _, c := range chores {
		nouns("UNIT", c.unit)
		verbs("VERB", c.do)
		add("SOURCE", c.sources[0], c.sources[1])
	}
	for _, p := range projects {
		nouns("UNIT", p.unit)
		verbs("VERB", p.done, p.rate)
	}
	for _, h := range handouts {
		nouns("THING", h.noun)
	}
	for _, rs := range recipients {
		nouns("PEOPLE", rs...)
	}
	for _, e := range earners {
		add("GROUP", e.again)
		nouns("PEOPLE", e.member)
		add("TAIL", e.ways...)
	}
	nouns("THING", buys...)
	for _, r := range recipes {
		nouns("THING", r.product, r.supply.noun)
		verbs("VERB", r.make)
		add("KIND", r.supply.kinds...)
		add("CARRIER", ws(r.carrier)...)
	}
	for _, gm := range games {
		nouns("THING", gm.item, gm.tries)
		verbs("VERB", gm.get, gm.try)
	}
	for _, r := range rentals {
		add("RENTAL", r.thing, r.where)
	}
	for _, s := range sessions {
		add("SESSION", s.whole, s.first)
		nouns("UNIT", s.unit, s.part)
	}
	for _, e := range errands {
		nouns("THING", e.thing)
		add("PART", e.parts[0], e.parts[1])
		verbs("VERB", e.done)
		add("BOSS", e.by)
	}
	for _, b := range bills {
		add("OCCASION", b.occasion)
		add("PART", b.parts[0], b.parts[1])
	}
	nouns("PEOPLE", payers...)
	for _, hs := range hobbies {
		for _, h := range hs {
			verbs("HOBBY", v(h))
		}
	}
	for _, s := range scenery {
		add("DETAIL", s)
	}
	return tags, longest
}

func TestSkeletons(t *testing.T) {
	_, ps := corpus()
	tags, longest := lexiconTags()
	problems := map[string]bool{}
	sentences := map[string]bool{}
	for _, p := range ps {
		sk := skeleton(p.Text, tags, longest)
		problems[sk] = true
		for _, s := range strings.Split(sk, " . ") {
			sentences[s] = true
		}
	}
	t.Logf("%d problems: %d distinct problem skeletons, %d distinct sentence skeletons", len(ps), len(problems), len(sentences))
	if len(problems) < len(ps)*3/4 {
		t.Errorf("%d distinct problem skeletons in %d problems, want at least %d", len(problems), len(ps), len(ps)*3/4)
	}
	if len(sentences) < 10000 {
		t.Errorf("%d distinct sentence skeletons, want at least 10000", len(sentences))
	}
}

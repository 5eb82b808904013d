package synth

import (
	"math/rand"
	"regexp"
	"strings"
)

// This file tells a story: it chooses the register, the order of the
// facts, where the question goes, how clauses join into sentences, which
// connectives and openers mark time, and whether actors are named or
// referred to by pronouns.

// enRealise is the English of this file.
var enRealise = phraseBook("realise")

// register is the style of the whole text.
type register int

const (
	standard register = iota // full sentences, capitals, punctuation
	informal                 // lower case, no apostrophes, "ok so", "lol", no question mark
	terse                    // "30 cookies, 15 more baked, 20 eaten. how many left?"
)

// layout is where the question stands.
type layout int

const (
	qLast     layout = iota // facts, then the question
	qFirst                  // the question, then the facts
	qFirstIf                // "How many … if F1, F2 and F3?"
	qIfBefore               // facts, then "If F3, how many …?"
	qIfAfter                // facts, then "How many … if F3?"
	qTrail                  // facts, the question, then the last fact: "… He gets $9 an hour."
)

// teller holds the state of telling one story.
type teller struct {
	rng       *rand.Rand
	st        *story
	reg       register
	known     bool // the story's thing has been named
	mentioned map[*actor]bool
	last      *actor // the subject of the clause told last
	lastPro   bool   // last was told as a pronoun
	maxStep   int    // the largest step told so far
	minStep   int    // the smallest step (≥ 0) told so far, or -1
	prevStep  int    // the step of the fact told last
	openers   map[string]bool
	steps     map[int]bool // the steps of the facts told so far
}

// told is a story as told: its text, whether the question comes first,
// the register, and the slots of the facts in text order.
type toldStory struct {
	text  string
	first bool
	reg   register
	slots []int
}

// tell writes the story as text.
func tell(rng *rand.Rand, st *story) toldStory {
	text, first, reg, order := tellOrder(rng, st)
	slots := make([]int, 0, len(order))
	for _, j := range order {
		switch f := st.facts[j]; {
		case len(f.list) > 0:
			slots = append(slots, f.list...)
		case f.slot >= 0:
			slots = append(slots, f.slot)
		}
	}
	return toldStory{text, first, reg, slots}
}

// tellOrder writes the story as text; it also returns whether the
// question comes first, the register and the order of the facts.
func tellOrder(rng *rand.Rand, st *story) (text string, first bool, reg register, order []int) {
	t := &teller{rng: rng, st: st, mentioned: map[*actor]bool{}, maxStep: -1, minStep: -1, prevStep: -1, openers: map[string]bool{}, steps: map[int]bool{}}
	order = st.orders[rng.Intn(len(st.orders))]
	q := st.qs[rng.Intn(len(st.qs))]
	informalTo := 0.87
	if st.main != nil && st.main.deictic {
		informalTo = 0.95 // "I" and "you" are mostly typed in a hurry
	}
	switch r := rng.Float64(); {
	case r < 0.72 || (st.noTerse && r >= informalTo):
		t.reg = standard
	case r < informalTo:
		t.reg = informal
	default:
		t.reg = terse
		if rng.Intn(2) == 0 {
			// Notes read best in the plain order.
			for _, o := range st.orders {
				if isIdentity(o) {
					order = o
				}
			}
		}
	}
	facts := make([]fact, len(order))
	for i, j := range order {
		facts[i] = st.facts[j]
	}
	if t.reg == terse && !terseOK(facts) {
		t.reg = standard
	}
	if t.reg == terse {
		text, first = t.tellTerse(facts, q)
		return text, first, t.reg, order
	}
	lay := t.chooseLayout(facts)
	text = t.tellFull(facts, q, lay)
	if t.reg == informal {
		text = informalise(rng, text)
	}
	return text, lay == qFirst || lay == qFirstIf, t.reg, order
}

// terseOK reports whether facts in this order can be told as notes,
// which have no past perfect and no "Before she could,": none is told after a
// later one or leads on from the one before.
func terseOK(facts []fact) bool {
	top := -1
	for _, f := range facts {
		if f.lead != "" || (f.step >= 0 && f.step < top) {
			return false
		}
		top = max(top, f.step)
	}
	return true
}

// chooseLayout draws where the question goes, among the layouts the facts
// allow: an if-clause holds only facts that may stand in one, told in time
// order.
func (t *teller) chooseLayout(facts []fact) layout {
	r := t.rng.Float64()
	n := len(facts)
	if facts[n-1].trail && t.rng.Intn(4) == 0 {
		return qTrail
	}
	switch {
	case r < 0.26:
		return qFirst
	case r < 0.33 && condOK(facts, 0):
		return qFirstIf
	case r < 0.47 && condOK(facts, n-1):
		return qIfBefore
	case r < 0.58 && condOK(facts, n-1):
		return qIfAfter
	}
	return qLast
}

// condOK reports whether facts[from:] may form an if-clause after
// facts[:from] are told: none forbids it and none is a flashback.
func condOK(facts []fact, from int) bool {
	top := -1
	for i, f := range facts {
		if i >= from && (f.noCond || f.lead != "" || (f.step >= 0 && f.step < top) || (f.state && from > 0)) {
			return false
		}
		if i > from && isPast(condTense(f)) != isPast(condTense(facts[i-1])) {
			return false
		}
		top = max(top, f.step)
	}
	return true
}

// condTense is the tense of a fact in an if-clause.
func condTense(f fact) tense {
	if f.cond != nil {
		return f.cond.tense
	}
	return f.cl.tense
}

// tellFull writes the story in the standard register (the informal one is
// made from it).
func (t *teller) tellFull(facts []fact, q question, lay layout) string {
	var sents []string
	detailAt := -1
	if len(t.st.detail) > 0 && t.rng.Intn(4) == 0 {
		detailAt = t.rng.Intn(2) // before the facts or after the first sentence
	}
	switch lay {
	case qFirst:
		sents = append(sents, t.ask(q, nil, false))
		// The facts introduce the thing and the actors again.
		t.known, t.last, t.mentioned = false, nil, map[*actor]bool{}
		sents = append(sents, t.sentences(facts, detailAt)...)
	case qFirstIf:
		sents = append(sents, t.askFirst(q, facts))
	case qIfBefore, qIfAfter:
		k := len(facts) - 1
		if k >= 2 && condOK(facts, k-1) && t.rng.Intn(4) == 0 {
			k--
		}
		sents = append(sents, t.sentences(facts[:k], detailAt)...)
		sents = append(sents, t.ask(q, facts[k:], lay == qIfBefore))
	case qTrail:
		n := len(facts)
		sents = append(sents, t.sentences(facts[:n-1], detailAt)...)
		sents = append(sents, t.ask(q, nil, false))
		sents = append(sents, t.single(facts[n-1]))
	default:
		sents = append(sents, t.sentences(facts, detailAt)...)
		sents = append(sents, t.ask(q, nil, false))
	}
	return tidy(strings.Join(sents, " "))
}

// sentences tells facts as sentences, joining some pairs into one
// sentence, with a detail sentence at detailAt (0: first, 1: after the
// first sentence; -1: none).
func (t *teller) sentences(facts []fact, detailAt int) []string {
	var out []string
	addDetail := func() {
		d := t.st.detail[t.rng.Intn(len(t.st.detail))]
		out = append(out, upFirst(t.clauseText(d, false, false))+".")
	}
	if detailAt == 0 {
		addDetail()
	}
	for i := 0; i < len(facts); i++ {
		if i+1 < len(facts) && t.rng.Float64() < joinChance(facts[i], facts[i+1]) {
			if s, ok := t.joined(facts[i], facts[i+1]); ok {
				out = append(out, s)
				i++
				if detailAt == 1 && len(out) == 1 {
					addDetail()
				}
				continue
			}
		}
		out = append(out, t.single(facts[i]))
		if detailAt == 1 && len(out) == 1 {
			addDetail()
		}
	}
	return out
}

// joinChance is how likely two facts are told in one sentence: likely
// when the second can be gapped ("30 red apples and 21 green apples").
func joinChance(f, g fact) float64 {
	if g.rel != "" && f.host {
		return 0.6
	}
	if f.cl.v.base == g.cl.v.base && f.cl.tense == g.cl.tense && f.step == g.step &&
		((f.cl.who != nil && f.cl.who == g.cl.who) || (f.cl.who == nil && g.cl.who == nil && f.cl.subj.full == "there" && g.cl.subj.full == "there")) {
		return 0.75
	}
	return 0.35
}

// stative reports whether a verb tells a state (have, be): told out of
// order it keeps the simple past and gets an opener, not "had had".
func stative(w verb) bool { return w.base == "have" || w.base == "be" }

// flashback reports whether f is told after something that happened
// later than it.
func (t *teller) flashback(f fact) bool { return f.step >= 0 && f.step < t.maxStep }

// alsoFor reports whether f says "also": it asks to, and a fact of its
// time has been told.
func (t *teller) alsoFor(f fact) bool {
	return f.also && (t.steps[f.step] || (f.aside && len(t.steps) > 0))
}

// told records that f has been told.
func (t *teller) told(f fact) {
	if f.aside {
		return
	}
	t.steps[f.step] = true
	if f.step > t.maxStep {
		t.maxStep = f.step
	}
	if f.step >= 0 && (t.minStep < 0 || f.step < t.minStep) {
		t.minStep = f.step
	}
	t.prevStep = f.step
	t.known = true
}

// factText writes a fact's clause c (cl or cond). A short form that
// presupposes an earlier fact ("21 more") is used only after one.
func (t *teller) factText(f fact, c clause, fb, elide, whenFirst bool) string {
	saved := t.known
	c.also = c.also || t.alsoFor(f)
	if (f.more && !(t.minStep >= 0 && t.minStep < f.step)) || (f.ofStart && !t.steps[0]) {
		t.known = false
	}
	s := t.clauseWith(c, fb, elide, whenFirst)
	t.known = saved
	return s
}

// opener is the word that starts a sentence telling f: a connective of
// time, an opener for a state told late, or nothing.
func (t *teller) opener(f fact) string {
	if f.lead != "" {
		return t.expand(f.lead)
	}
	if f.cl.when != "" || t.alsoFor(f) {
		return ""
	}
	switch {
	case t.flashback(f) && t.prevStep == f.step:
		// Another fact of the time just told: no opener.
	case t.flashback(f) && (f.state || stative(f.cl.v)):
		if f.cl.v.base == "start" {
			return ""
		}
		return t.freshOpener(enRealise.list("state told late", nil))
	case t.flashback(f) && t.prevStep >= 0 && t.prevStep < f.step:
		// Back in the past, the story moves on: "Then she had bought 12."
		return t.freshOpener(enRealise.list("onward in the past", nil))
	case t.flashback(f):
		// Always marked: "She had shared 17" alone reads as a slip.
		return t.freshOpener(enRealise.list("flashback", nil))
	case f.step > t.maxStep && t.maxStep >= 0 && t.rng.Intn(5) < 2:
		return t.freshOpener(enRealise.list("later", nil))
	}
	return ""
}

// freshOpener draws an opener not used before in the story.
func (t *teller) freshOpener(opts []string) string {
	var fresh []string
	for _, o := range opts {
		if !t.openers[strings.TrimSuffix(o, ",")] {
			fresh = append(fresh, o)
		}
	}
	if len(fresh) == 0 {
		return ""
	}
	o := pick(t.rng, fresh)
	t.openers[strings.TrimSuffix(o, ",")] = true
	return o
}

// perfectFor reports whether f is told in the past perfect: a flashback
// that is not a state.
func (t *teller) perfectFor(f fact) bool { return t.flashback(f) && !stative(f.cl.v) }

// single tells one fact as a sentence.
func (t *teller) single(f fact) string {
	op := t.opener(f)
	s := t.factText(f, f.cl, t.perfectFor(f), false, t.rng.Intn(2) == 0)
	t.told(f)
	if op != "" {
		s = op + " " + s
	}
	return upFirst(s) + "."
}

// joined tells two facts as one sentence, if they join well: a flashback
// only gaps with a fact of its own time, a state does not follow an
// event, the past does not join the present (but for a timeless rate
// like "Each box holds 12"), and a timeless fact does not share its
// subject with an event.
func (t *teller) joined(f, g fact) (string, bool) {
	sameWho := f.cl.who != nil && f.cl.who == g.cl.who
	sameThere := f.cl.who == nil && g.cl.who == nil && f.cl.subj.full == "there" && g.cl.subj.full == "there"
	gap := (sameWho || sameThere) && f.cl.v.base == g.cl.v.base && f.cl.tense == g.cl.tense && f.cl.obj.full != "" && g.cl.obj.full != ""
	if g.rel != "" && f.host && len(t.steps) == 0 && f.lead == "" {
		// Only on the first count told, so that it is read as the rate of
		// all of them ("She sold 12 pies, which cost $5 each. On Sunday
		// she sold 8 more."), not of the last.
		// A relative clause: "She sold 12 pies, which cost $5 each."
		op := t.opener(f)
		a := t.factText(f, f.cl, t.perfectFor(f), false, t.rng.Intn(2) == 0)
		t.told(f)
		s := a + ", " + t.expand(g.rel)
		t.told(g)
		if op != "" {
			s = op + " " + s
		}
		return upFirst(s) + ".", true
	}
	switch {
	case g.lead != "", strings.Contains(f.cl.tail, ",") && !gap:
		// A lead starts its own sentence; after "into bags, 4 to a bag"
		// another clause would blur.
		return "", false
	case t.flashback(f) && !(gap && g.step == f.step):
		// A flashback joins only the fact of its own time it can gap:
		// "Before that, she had picked 49 red potatoes and 9 sweet ones."
		return "", false
	case g.state && !f.state && f.step >= 0:
		return "", false
	case g.step >= 0 && (g.step < f.step || (g.step < t.maxStep && g.step != f.step)):
		return "", false
	case isPast(f.cl.tense) != isPast(g.cl.tense) && !(f.cl.who == nil && f.step < 0):
		// Only a timeless rate without an actor ("Each box holds 12")
		// joins a clause in another tense.
		return "", false
	case sameWho && (f.step < 0) != (g.step < 0):
		return "", false
	case (f.solo || g.solo) && !sameWho:
		return "", false
	}
	op := t.opener(f)
	onward := f.step >= 0 && g.step > f.step
	a := t.factText(f, f.cl, t.perfectFor(f), false, t.rng.Intn(2) == 0)
	t.told(f)
	var s string
	switch {
	case gap:
		// Gapping: "Maya picked 30 apples in the morning and 21 in the afternoon."
		s = enRealise.one("gapped", holes{"a": a, "b": t.rest(g)})
	case sameWho:
		b := t.factText(g, g.cl, false, true, false)
		conj := enRealise.list("and", nil)
		if onward {
			conj = append(conj, enRealise.list("and then", nil)...)
		}
		if g.loss && !f.loss {
			conj = append(conj, enRealise.list("but", nil)...)
		}
		s = a + pick(t.rng, conj) + b
	default:
		b := t.factText(g, g.cl, false, false, t.rng.Intn(2) == 0)
		conj := enRealise.list("and other", nil)
		if g.loss && !f.loss && f.step >= 0 {
			conj = append(conj, enRealise.list("but other", nil)...)
		}
		s = a + pick(t.rng, conj) + b
		if onward && !f.state && !stative(f.cl.v) && f.cl.when == "" && op == "" && t.rng.Intn(3) == 0 {
			s = enRealise.one("after", holes{"a": a, "b": b})
		}
	}
	t.told(g)
	if op != "" {
		s = op + " " + s
	}
	return upFirst(s) + ".", true
}

// isPast reports whether a tense tells the past (the present perfect
// counts as present).
func isPast(tn tense) bool { return tn == past }

// rest writes the complement, adjuncts and time of a clause whose subject
// and verb were gapped.
func (t *teller) rest(f fact) string {
	c := f.cl
	known := t.known && (!f.more || (t.minStep >= 0 && t.minStep < f.step))
	s := t.expand(c.obj.text(known))
	if c.tail != "" {
		s += " " + t.expand(c.tail)
	}
	if c.when != "" {
		s += " " + c.when
	}
	return s
}

// clauseText writes a clause. fb moves a past clause to the past perfect;
// elide leaves out its actor subject (after "and").
func (t *teller) clauseText(c clause, fb, elide bool) string {
	return t.clauseWith(c, fb, elide, t.rng.Intn(2) == 0)
}

// clauseWith is clauseText with the choice of putting the time expression
// first.
func (t *teller) clauseWith(c clause, fb, elide, whenFirst bool) string {
	var subj string
	var plural bool
	switch {
	case c.who != nil && elide:
		plural = t.agreement(c.who)
	case c.who != nil:
		subj, plural = t.subject(c.who)
	default:
		subj, plural = t.expand(c.subj.text(t.known)), c.plural
	}
	// A clause about something else ("The goldfish cost $3") leaves no
	// actor for a pronoun to pick up.
	t.last = c.who
	var vf string
	switch {
	case c.v.base == "":
	case c.tense == present:
		vf = c.v.present(plural)
	case c.tense == presentPerfect:
		vf = c.v.presentPerfect(plural)
	case fb:
		vf = c.v.perfect()
	default:
		vf = c.v.pastTense(plural)
	}
	if c.who != nil && c.who.pro == proI && (elide || subj == "I") {
		vf = iForm(vf)
	}
	if c.also {
		vf = withAlso(vf)
	}
	parts := []string{}
	whenFirst = whenFirst && c.when != "" && !elide
	if whenFirst {
		parts = append(parts, c.when+",")
	}
	if subj != "" {
		parts = append(parts, subj)
	}
	parts = append(parts, t.expand(vf), t.expand(c.obj.text(t.known)))
	if c.tail != "" {
		parts = append(parts, t.expand(c.tail))
	}
	if c.when != "" && !whenFirst {
		parts = append(parts, c.when)
	}
	return strings.Join(parts, " ")
}

// iForm mends a verb form made for "I" as for a plural: "am" for "are",
// "was" for "were".
func iForm(vf string) string {
	h, rest := splitHead(vf)
	switch h {
	case "are":
		return "am" + rest
	case "were":
		return "was" + rest
	}
	return vf
}

// withAlso puts "also" into a verb form: after an auxiliary or a form
// of be ("had also bought", "are also"), before a simple verb ("also
// has").
func withAlso(vf string) string {
	h, rest := splitHead(vf)
	switch {
	case vf == "":
		return vf
	case contains(ws("is|are|was|were|am"), h):
		return h + " also" + rest
	case rest != "" && contains(ws("had|has|have"), h) && strings.HasPrefix(rest, " to "):
		return "also " + vf // "also has to read"
	case rest != "" && contains(ws("had|has|have|will|would|can|is|are|was|were"), h):
		return h + " also" + rest
	}
	return "also " + vf
}

// agreement is the verb agreement of an actor as it was last referred to.
func (t *teller) agreement(a *actor) bool {
	if a.deictic {
		return true
	}
	if t.mentioned[a] && t.last == a && t.lastPro {
		return a.pro.plural
	}
	return a.plural
}

// subject writes an actor as a subject: a name at first, then a name or a
// pronoun when the pronoun is clear.
func (t *teller) subject(a *actor) (string, bool) {
	if a.deictic {
		t.mentioned[a], t.last, t.lastPro = true, a, true
		return a.pro.subj, true
	}
	if t.mentioned[a] || t.partsMentioned(a) {
		p := 0.4
		if t.last == a {
			p = 0.75
		}
		if t.clearPronoun(a) && t.rng.Float64() < p {
			t.last, t.lastPro = a, true
			return a.pro.subj, a.pro.plural
		}
		t.last, t.lastPro = a, false
		return t.again(a), a.plural
	}
	s := t.first(a)
	t.last, t.lastPro = a, false
	return s, a.plural
}

// partsMentioned reports whether a is a pair of actors both already named
// (then "they" may refer to them).
func (t *teller) partsMentioned(a *actor) bool {
	if len(a.parts) == 0 {
		return false
	}
	for _, p := range a.parts {
		if !t.mentioned[p] {
			return false
		}
	}
	return true
}

// clearPronoun reports whether a pronoun would refer to a without doubt:
// a was the last subject, or no other named actor shares its pronoun.
func (t *teller) clearPronoun(a *actor) bool {
	if t.last == a || a.deictic {
		return true
	}
	if a.pro == proThey && len(a.parts) == 0 && a.kind == person {
		return false // a singular "they" only right after its name
	}
	for _, b := range t.st.cast {
		if b != a && b.pro == a.pro && (t.mentioned[b] || t.partsMentioned(b)) {
			return false
		}
	}
	return true
}

// first writes an actor's first mention.
func (t *teller) first(a *actor) string {
	t.mentioned[a] = true
	switch {
	case a.deictic:
		return a.pro.subj
	case a.owner != nil && (t.mentioned[a.owner] || a.owner.deictic):
		t.mentioned[a.owner] = true
		return a.owner.pro.poss + " " + a.rel
	case a.owner != nil:
		t.mentioned[a.owner] = true
		return possessive(a.owner.name, a.owner.plural) + " " + a.rel
	case len(a.parts) > 0:
		var names []string
		for _, p := range a.parts {
			names = append(names, t.objectRef(p, false))
		}
		if a.parts[0].pro == proI {
			// "my brother and I"
			names = append(names[1:], "I")
		}
		return list(names)
	}
	return a.name
}

// again writes an actor mentioned before, without a pronoun.
func (t *teller) again(a *actor) string {
	switch {
	case a.deictic:
		return a.pro.subj
	case a.owner != nil:
		return a.owner.pro.poss + " " + a.rel
	case len(a.parts) > 0:
		return t.first(a)
	case a.again != "":
		return a.again
	}
	return a.name
}

// objectRef writes an actor where it is not the subject; pro allows a
// pronoun.
func (t *teller) objectRef(a *actor, pro bool) string {
	if a.deictic {
		t.mentioned[a] = true
		return a.pro.obj
	}
	if !t.mentioned[a] && !t.partsMentioned(a) {
		return t.first(a)
	}
	// "Her aunt gave her 12 more": the object may be the owner of the
	// subject.
	if pro && (t.clearPronoun(a) || (t.last != nil && t.last.owner == a)) {
		return a.pro.obj
	}
	return t.again(a)
}

// expand replaces the actor references in s: {main} and {other} (a name,
// "her brother" or an object pronoun), {main=} and {other=} (never a
// pronoun), {main^} and {other^} (a name or a subject pronoun), {main's}
// and {other's} (a possessive).
func (t *teller) expand(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	// Left to right, so that the first reference names the actor.
	return actorRef.ReplaceAllStringFunc(s, func(m string) string {
		sub := actorRef.FindStringSubmatch(m)
		a := t.st.main
		if sub[1] == "other" {
			a = t.st.other
		}
		if a == nil {
			return m
		}
		switch sub[2] {
		case "'s":
			if a.deictic || t.mentioned[a] && (t.clearPronoun(a) || (t.last != nil && t.last.owner == a)) {
				t.mentioned[a] = true
				return a.pro.poss
			}
			return possessive(t.objectRef(a, false), a.plural)
		case "=":
			return t.objectRef(a, false)
		case "^":
			if a.deictic || t.mentioned[a] && t.clearPronoun(a) {
				t.mentioned[a] = true
				return a.pro.subj
			}
			return t.objectRef(a, false)
		}
		return t.objectRef(a, true)
	})
}

// actorRef matches an actor reference: {main}, {other=}, {main's}.
var actorRef = regexp.MustCompile(`\{(main|other)(=|'s|\^)?\}`)

// conds writes facts as the body of an if-clause: "she gave away 15 and
// picked 21 more". Time expressions stay at the end of their clauses.
func (t *teller) conds(facts []fact) string {
	var parts []string
	var prev clause
	for i, f := range facts {
		c := f.cl
		if f.cond != nil {
			c = *f.cond
		}
		elide := c.who != nil && c.who == prev.who && i > 0
		if elide && c.v.base == prev.v.base && c.tense == prev.tense && c.obj.full != "" {
			// Gapping: "if she earned 80 bronze medals and 8 gold medals"
			g := f
			g.cl = c
			parts[len(parts)-1] = enRealise.one("gapped", holes{"a": parts[len(parts)-1], "b": t.rest(g)})
		} else {
			parts = append(parts, t.factText(f, c, false, elide, false))
		}
		t.told(f)
		prev = c
	}
	return list(parts)
}

// ask writes the question. With facts, they form an if-clause before the
// question (before) or after it.
func (t *teller) ask(q question, facts []fact, before bool) string {
	if len(facts) > 0 && before {
		cond := t.conds(facts)
		body := t.direct(q)
		return upFirst(enRealise.one("if first", holes{"cond": cond, "q": lowFirst(body)})) + "?"
	}
	embed := t.rng.Intn(5) == 0 && !q.noEmbed
	var body string
	var frame choice
	if embed {
		body = t.embedded(q)
		frame = enRealise.choose(t.rng, "embedded")
	} else {
		body = t.direct(q)
		frame = enRealise.choose(nil, "direct")
	}
	if len(facts) > 0 {
		body = enRealise.one("if after", holes{"q": body, "cond": t.conds(facts)})
	}
	return upFirst(frame.fill(holes{"q": body}))
}

// askFirst writes the question with every fact in an if-clause after it:
// "How many apples does Maya have now if she had 30, …?". The if-clause
// names the actors again.
func (t *teller) askFirst(q question, facts []fact) string {
	body := t.direct(q)
	t.known, t.last, t.mentioned = false, nil, map[*actor]bool{}
	return upFirst(enRealise.one("if all", holes{"q": body, "cond": t.conds(facts)}))
}

// direct writes the question in question order, without its mark: "How
// many apples does she have now".
func (t *teller) direct(q question) string {
	var s string
	if q.who == nil && q.subj == "" {
		s = q.wh + " " + t.qverb(q, q.pl)
	} else {
		subj, pl := t.qsubject(q)
		aux, main := t.qaux(q, pl)
		if subj == "I" {
			aux = iForm(aux)
		}
		s = q.wh + " " + aux + " " + subj + " " + main
	}
	if q.tail != "" {
		s += " " + t.expand(q.tail)
	}
	t.known = true
	return s
}

// embedded writes the question in statement order, for "Find …": "how
// many apples she has now".
func (t *teller) embedded(q question) string {
	wh := lowFirst(q.wh)
	var s string
	if q.who == nil && q.subj == "" {
		s = wh + " " + t.qverb(q, q.pl)
	} else {
		subj, pl := t.qsubject(q)
		vf := t.qverb(q, pl)
		if subj == "I" {
			vf = iForm(vf)
		}
		s = wh + " " + subj + " " + vf
	}
	if q.tail != "" {
		s += " " + t.expand(q.tail)
	}
	t.known = true
	return s
}

// qsubject writes the subject of a question.
func (t *teller) qsubject(q question) (string, bool) {
	if q.who != nil {
		// A pronoun in the question only when no other actor shares it.
		t.last = nil
		s, pl := t.subject(q.who)
		return s, pl
	}
	return t.expand(q.subj), q.pl
}

// qaux splits the verb of a direct question into the auxiliary and the
// rest: "does" + "have", "will" + "get", "are" + "" for be.
func (t *teller) qaux(q question, pl bool) (aux, rest string) {
	switch q.aux {
	case "do":
		h, r := splitHead(q.v.base)
		if h == "be" {
			return verb{base: "be"}.present(pl), strings.TrimSpace(r)
		}
		if pl {
			return "do", q.v.base
		}
		return "does", q.v.base
	case "did":
		h, r := splitHead(q.v.base)
		if h == "be" {
			return verb{base: "be"}.pastTense(pl), strings.TrimSpace(r)
		}
		return "did", q.v.base
	}
	return q.aux, q.v.base
}

// qverb writes the verb of a question in statement order: "has", "had",
// "will get".
func (t *teller) qverb(q question, pl bool) string {
	switch q.aux {
	case "do":
		return q.v.present(pl)
	case "did":
		return q.v.pastTense(pl)
	}
	return q.aux + " " + q.v.base
}

// tellTerse writes the story as notes: "30 cookies, 15 more baked, 20
// eaten. how many left?"
func (t *teller) tellTerse(facts []fact, q question) (string, bool) {
	var parts []string
	for _, f := range facts {
		parts = append(parts, f.tersePhrase().text(t.known))
		t.known = true
	}
	body := strings.Join(parts, enRealise.pick(t.rng, "note separator", nil))
	first := t.rng.Intn(5) == 0
	var s string
	if first {
		s = q.terse + enRealise.pick(t.rng, "question first", nil) + body
	} else {
		s = body + enRealise.pick(t.rng, "question last", nil) + q.terse + enRealise.pick(t.rng, "question mark", nil)
	}
	if t.rng.Intn(3) == 0 {
		s = upFirst(s)
	}
	return tidy(s), first
}

// informalise turns a standard text into a chatty one, as people type a
// question to a friend or a forum: contractions without apostrophes
// ("im", "whats", "ive"), all lower case, "gonna", "wanna", "gotta",
// often "u", "ur", "r" and "bucks", sentences run together with commas,
// an opener such as "ok so" or "ugh", a remark such as "lol" or "pls
// help", and no question mark (or "??").
func informalise(rng *rand.Rand, s string) string {
	s = contract(s)
	s = strings.ToLower(s)
	s = strings.ReplaceAll(s, "'", "")
	for _, r := range slang {
		s = strings.ReplaceAll(s, r[0], r[1])
	}
	s = gotta.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasPrefix(m, "do ") || strings.HasPrefix(m, "did ") || strings.HasPrefix(m, "will ") {
			return m // "do you have to" stays
		}
		return strings.Replace(m, "have to", enRealise.one("gotta", nil), 1)
	})
	if rng.Intn(2) == 0 {
		s = replaceWords(s, slangYou)
	}
	if rng.Intn(4) == 0 {
		s = replaceWords(s, slangAre)
	}
	if rng.Intn(3) == 0 {
		s = bucks.ReplaceAllStringFunc(s, func(m string) string {
			if m == "$1" {
				return enRealise.one("one buck", nil)
			}
			return enRealise.one("bucks", holes{"amount": m[1:]})
		})
	}
	s = runOn(rng, s)
	end := ""
	if strings.HasSuffix(s, "?") {
		end = enRealise.pick(rng, "end mark", nil)
	}
	s = strings.TrimRight(s, ".?") + end
	if rng.Intn(2) == 0 {
		s = pick(rng, openers) + " " + s
	}
	if rng.Intn(3) == 0 {
		s += " " + pick(rng, remarks)
	}
	return s
}

// openers and remarks begin and end an informal text: "ok so", "lol"
// (data/lists.tsv).
var (
	openers = fromList("informal openers", (*row).list)
	remarks = fromList("informal remarks", (*row).list)
)

// slang are the words an informal text types otherwise, everywhere
// ("gonna"), and as whole words ("u", "r").
var (
	slang    = wordPairs(enRealise.list("slang", nil))
	slangYou = wordMap(enRealise.list("you", nil))
	slangAre = wordMap(enRealise.list("are", nil))
)

// wordPairs splits "going to/gonna" into its two parts.
func wordPairs(ps []string) [][2]string {
	out := make([][2]string, len(ps))
	for i, p := range ps {
		from, to, _ := strings.Cut(p, "/")
		out[i] = [2]string{from, to}
	}
	return out
}

// wordMap is wordPairs as a map.
func wordMap(ps []string) map[string]string {
	m := map[string]string{}
	for _, p := range wordPairs(ps) {
		m[p[0]] = p[1]
	}
	return m
}

// questionWords start a sentence that asks something; titles end in a
// full stop that does not end a sentence.
var (
	questionWords = enRealise.list("question words", nil)
	titles        = enRealise.list("titles", nil)
)

// questionWord reports whether a sentence starting with w asks
// something (it is not run on with "and").
func questionWord(w string) bool {
	return contains(questionWords, strings.TrimSpace(w))
}

// gotta matches "have to" after I, you or we, with the word before.
var gotta = regexp.MustCompile(`(\w+ )?\b(i|you|we) have to\b`)

// bucks matches an amount of money: "$5", "$2.50".
var bucks = regexp.MustCompile(`\$[0-9]+(?:\.[0-9]+)?`)

// contractions are the contractions people type (the apostrophes go
// later): "I'm", "what's", "I've read".
var contractions = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\bI am\b`), "I'm"},
	{regexp.MustCompile(`\b([Ww]hat|[Tt]hat|[Ii]t|[Tt]here|[Hh]e|[Ss]he) is\b`), "$1's"},
	{regexp.MustCompile(`\b([Yy]ou|[Ww]e|[Tt]hey) are\b`), "$1're"},
	{regexp.MustCompile(`\b(I|[Yy]ou|[Ww]e|[Tt]hey) have (been|\w+ed|read|done|made|sold|won|found|given|gotten|taken|spent|caught)\b`), "$1've $2"},
	{regexp.MustCompile(`\b([Dd]o|[Dd]oes|[Dd]id|[Ii]s|[Aa]re|[Ww]as|[Cc]ould) not\b`), "${1}n't"},
}

// contract writes the contractions of s.
func contract(s string) string {
	for _, c := range contractions {
		s = c.re.ReplaceAllString(s, c.with)
	}
	return s
}

// replaceWords replaces whole words of s.
func replaceWords(s string, m map[string]string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		core := strings.TrimRight(w, ".,?!:")
		if r, ok := m[core]; ok {
			words[i] = r + w[len(core):]
		}
	}
	return strings.Join(words, " ")
}

// runOn runs some sentences together with commas or "and", and puts the
// question's mark where a sentence follows it.
func runOn(rng *rand.Rand, s string) string {
	var b strings.Builder
	parts := strings.SplitAfter(s, " ")
	for i, w := range parts {
		last := i == len(parts)-1
		switch {
		case contains(titles, w):
			// A title, not the end of a sentence.
		case !last && strings.HasSuffix(w, ". ") && questionWord(parts[i+1]):
			w = strings.TrimSuffix(w, ". ") + enRealise.pick(rng, "before a question", nil)
		case !last && strings.HasSuffix(w, ". "):
			w = strings.TrimSuffix(w, ". ") + enRealise.pick(rng, "between sentences", nil)
		case !last && strings.HasSuffix(w, "? "):
			w = strings.TrimSuffix(w, "? ") + enRealise.pick(rng, "after a question", nil)
		}
		b.WriteString(w)
	}
	return b.String()
}

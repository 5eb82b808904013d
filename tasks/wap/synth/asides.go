package synth

import (
	"strconv"
	"strings"
)

// This file adds distractors to the general problems (general.go):
// asides, facts with a number the question does not use. An aside is
// about something else than what the question counts: another thing the
// main actor has, their age, another person's count of the same thing,
// the price of a thing nobody buys, the weight of one of the things. Each
// kind suits some stories only, and a story keeps only the questions that
// the aside leaves clear ("What is left?" goes once there are pears
// beside the apples). Asides are told in any order (never just before a
// fact that leads on from the one before it), never in an if-clause, and
// the story is not told as notes, whose questions are too short to
// single out the thing. The asides' English (who says what, with which
// numbers) is data/asides.tsv's; the functions of asideKinds decide which
// stories a kind suits and draw its number and thing.

// addAsides adds up to k asides to st, each of another kind and with a
// number that differs from the story's other numbers; it returns how
// many it added.
func (g *gen) addAsides(st *story, k int) int {
	n0 := len(st.facts)
	added := 0
	for _, i := range g.rng.Perm(len(asideKinds)) {
		if added < k && asideKinds[i](g, st) {
			added++
		}
	}
	if added == 0 {
		return 0
	}
	st.noTerse = true
	keep := st.keep
	st.keep = func(o []int) bool {
		var core []int
		top := -1 // the latest step of the story's own facts told so far
		for i, j := range o {
			if j < n0 {
				core = append(core, j)
				top = max(top, st.facts[j].step)
				continue
			}
			for _, next := range o[i+1:] {
				if next < n0 {
					if !independent(st.facts[next], top) {
						return false
					}
					break
				}
			}
		}
		return keep == nil || keep(core)
	}
	return added
}

// independent reports whether a fact reads the same after an aside as
// after the fact before it: it refers back to nothing ("them", "15 more",
// "Before that,") and is not told out of time order (top is the latest
// step told before it), which would open it with "Before that,".
func independent(f fact, top int) bool {
	return f.lead == "" && len(f.after) == 0 && !f.more && !f.ofStart && f.cl.obj.short == "" && f.cl.subj.short == "" &&
		(f.step < 0 || f.step >= top)
}

// asideKinds are the kinds of aside, in data/asides.tsv's order, each a
// function that adds one to a story or reports that it does not suit it:
// codedAsides' function for a kind named there, plain for the others.
var asideKinds = func() []func(g *gen, st *story) bool {
	var out []func(g *gen, st *story) bool
	for _, kind := range asideOrder {
		f, ok := codedAsides[kind]
		if !ok {
			f = plain(kind)
		}
		out = append(out, f)
	}
	return out
}()

// codedAsides are the kinds of aside whose stories and things a function
// chooses.
var codedAsides = map[string]func(g *gen, st *story) bool{
	"possession": (*gen).possession, "age": (*gen).age, "rival": (*gen).rival, "price": (*gen).otherPrice, "weight": (*gen).weight,
}

// asideNumber draws the number of an aside in lo…hi, distinct from the
// story's numbers; false when it finds none.
func (g *gen) asideNumber(st *story, lo, hi int) (int, bool) {
	for try := 0; try < 20; try++ {
		k := smallInt(g.rng, lo, hi)
		clash := false
		for _, x := range st.nums {
			if x == whole(k) {
				clash = true
			}
		}
		if !clash {
			return k, true
		}
	}
	return 0, false
}

// addAside appends an aside stating k to st, with questions kept to qs.
func (st *story) addAside(f fact, k int, qs []question) {
	f.slot, f.step, f.aside, f.noCond, f.trail, f.rel, f.host = len(st.nums), -1, true, true, false, "", false
	st.nums = append(st.nums, whole(k))
	st.facts = append(st.facts, f)
	st.qs = qs
}

// sizeOf is how large the story's numbers are: the largest of them, at
// least 20.
func (st *story) sizeOf() int {
	top := 20
	for _, x := range st.nums {
		top = max(top, x.floor())
	}
	return top
}

// words lists the wording of a story's facts and questions, in lower
// case, to check what it names.
func (st *story) words() string {
	var b strings.Builder
	for _, f := range st.facts {
		for _, s := range []string{f.cl.obj.full, f.cl.obj.short, f.cl.subj.full, f.cl.subj.short, f.cl.tail, f.terse.full, f.rel} {
			b.WriteString(" " + s)
		}
	}
	for _, q := range st.qs {
		b.WriteString(" " + q.wh + " " + q.subj + " " + q.tail)
	}
	return strings.ToLower(b.String()) + " "
}

// names reports whether a story's wording (its words) names a thing.
func names(words string, th *thing) bool {
	return strings.Contains(words, " "+th.sg+" ") || strings.Contains(words, " "+th.pl+" ") ||
		strings.Contains(words, " "+th.sg+",") || strings.Contains(words, " "+th.pl+",")
}

// specific keeps the questions that name what they count ("How many
// apples …", "How much money …", "How far …"), not "What is left?".
func specific(qs []question) []question {
	var out []question
	for _, q := range qs {
		if q.wh != "What" && q.wh != "How much" {
			out = append(out, q)
		}
	}
	return out
}

// asideWords is one row of data/asides.tsv: the wording of an aside
// kind (see the file's header).
type asideWords struct {
	kind       string
	who        [][2]string // a phrase subject's alternatives (full, short); nil for an actor or priceFact
	actor      string      // "main" or "relative" for an actor subject
	plural     bool
	also       bool
	verb       verb
	object     string
	terse      string
	tails      []string
	tailChance float64
	numbers    asideRange
	suits      []string
	avoid      []string
	topics     []string
	chance     float64
	kin        float64  // the chance that the aside's thing is of the story thing's topic
	clash      []string // words of a story the kind does not suit (plain kinds)
	skip       float64  // the chance that a plain kind passes its turn
}

// asideRange is the range of an aside's number: lo…hi, or lo up to the
// story's size (story), or the thing's prices (price).
type asideRange struct {
	lo, hi       int
	story, price bool
}

// asideOrder lists the kinds of data/asides.tsv in the file's order.
var asideOrder []string

// asideWording holds the rows of data/asides.tsv by kind, in the file's
// order.
var asideWording = func() map[string][]asideWords {
	m := map[string][]asideWords{}
	for _, w := range load("asides", func(r *row) asideWords {
		w := asideWords{kind: r.need("kind"), plural: r.yes("plural"), also: r.yes("also"), verb: r.verb("verb"),
			kin: r.chance("kin"), clash: r.list("clash"), skip: r.chance("skip"),
			object: r.text("object"), terse: r.text("terse"), tails: r.list("tails"), tailChance: r.chance("tail chance"),
			numbers: r.asideRange("numbers"), suits: r.list("suits"), avoid: r.list("avoid"), topics: r.list("topics"), chance: r.chance("chance")}
		switch who := r.text("who"); who {
		case "main", "relative":
			w.actor = who
		case "":
		default:
			for _, s := range r.list("who") {
				full, short, _ := strings.Cut(s, "/")
				w.who = append(w.who, [2]string{full, short})
			}
		}
		return w
	}) {
		if m[w.kind] == nil {
			asideOrder = append(asideOrder, w.kind)
		}
		m[w.kind] = append(m[w.kind], w)
	}
	return m
}()

// asideRange reads the column as an aside's range: "lo-hi", "lo-story"
// or "price".
func (r *row) asideRange(col string) asideRange {
	s := r.cell(col)
	if s == "price" {
		return asideRange{price: true}
	}
	lo, hi, _ := strings.Cut(s, "-")
	a, err1 := strconv.Atoi(lo)
	if hi == "story" && err1 == nil {
		return asideRange{lo: a, story: true}
	}
	b, err2 := strconv.Atoi(hi)
	if err1 != nil || err2 != nil || a > b {
		r.fail(col, s, `"lo-hi" with lo ≤ hi, "lo-story" or "price"`)
	}
	return asideRange{lo: a, hi: b}
}

// wordsOf is the wording of an aside kind: its first row.
func wordsOf(kind string) asideWords {
	ws, ok := asideWording[kind]
	if !ok {
		panic("synth: data/asides.tsv: no aside kind " + kind)
	}
	return ws[0]
}

// asideForm draws the row of a kind for a story of the topic: the first,
// replaced by each later one with its chance or when the topic is one of
// its topics; later reports whether a later one was drawn.
func (g *gen) asideForm(kind, topic string) (w asideWords, later bool) {
	w = wordsOf(kind)
	for _, x := range asideWording[kind][1:] {
		if g.chance(x.chance) || contains(x.topics, topic) {
			w, later = x, true
		}
	}
	return w, later
}

// number draws an aside's number in its range, distinct from the story's
// numbers (th is the thing whose prices "price" means).
func (w asideWords) number(g *gen, st *story, th *thing) (int, bool) {
	switch {
	case w.numbers.price:
		return g.asideNumber(st, th.price[0], th.price[1])
	case w.numbers.story:
		return g.asideNumber(st, w.numbers.lo, st.sizeOf())
	}
	return g.asideNumber(st, w.numbers.lo, w.numbers.hi)
}

// fact builds the aside of the wording stating k: who is the actor
// subject (nil for a phrase subject), th the thing of {count}, {sg}, {pl}.
func (w asideWords) fact(g *gen, who *actor, th *thing, k int) fact {
	fill := func(s string) string {
		if th != nil {
			s = strings.NewReplacer("{count}", cnt(th, k), "{sg}", th.sg, "{pl}", th.pl).Replace(s)
		}
		return strings.ReplaceAll(s, "{n}", itoa(k))
	}
	if (who == nil) != (w.actor == "") {
		panic("synth: data/asides.tsv: the kind " + w.kind + "'s subject is " + strconv.Quote(w.actor) + ", not what its function gives")
	}
	f := fact{also: w.also, cl: clause{who: who, plural: w.plural, v: w.verb, obj: same(fill(w.object)), tense: present}, terse: same(fill(w.terse))}
	if who == nil {
		subj := w.who[0]
		if len(w.who) > 1 {
			subj = pick(g.rng, w.who)
		}
		f.cl.subj = phrase{fill(subj[0]), fill(subj[1])}
	}
	if len(w.tails) > 0 && g.chance(w.tailChance) && (who == nil || who.kind == person) {
		f.cl.tail = g.one(w.tails...)
	}
	return f
}

// plain is an aside kind of data/asides.tsv that suits every story whose
// wording names none of its clash words and whose main actor is what its
// subject needs: "It is 75 degrees outside.", "The school fair is in 9
// days." Its subject is a phrase, or the main actor (a person, a group or
// a business: "main"). Its number is drawn in its range; its later rows
// replace the first with their chances.
func plain(kind string) func(g *gen, st *story) bool {
	return func(g *gen, st *story) bool {
		words := wordsOf(kind)
		if words.skip > 0 && g.chance(words.skip) {
			return false
		}
		w := st.words()
		for _, c := range words.clash {
			if strings.Contains(w, c) {
				return false
			}
		}
		for _, q := range st.qs {
			for _, c := range words.clash {
				if strings.Contains(strings.ToLower(q.wh), c) {
					return false
				}
			}
		}
		if contains(words.avoid, st.topic) || words.actor == "relative" || words.actor == "main" && (st.main == nil || len(st.main.parts) > 0) {
			return false
		}
		words, _ = g.asideForm(kind, st.topic)
		if words.numbers.price {
			panic("synth: data/asides.tsv: the plain kind " + kind + " has no thing to price")
		}
		k, ok := words.number(g, st, nil)
		if !ok {
			return false
		}
		var who *actor
		if words.actor == "main" {
			who = st.main
		}
		st.addAside(words.fact(g, who, nil, k), k, st.qs)
		return true
	}
}

// possession: the main actor also has some of another thing: "She also
// has 12 pears."
func (g *gen) possession(st *story) bool {
	who := st.main
	qs := specific(st.qs)
	if who == nil || len(who.parts) > 0 || len(qs) == 0 {
		return false
	}
	w := st.words()
	words := wordsOf("possession")
	suits := func(t *thing) bool {
		return !names(w, t) && (who.kind != business || contains(t.biz, strings.TrimPrefix(who.again, "the ")))
	}
	var th *thing
	if st.thing != nil && !st.thing.money && g.chance(words.kin) {
		th = g.thing(func(t *thing) bool { return suits(t) && t.topic == st.thing.topic && !t.money && !t.measure })
	}
	if th == nil {
		th = g.thing(suits)
	}
	if th == nil {
		return false
	}
	k, ok := words.number(g, st, th)
	if !ok {
		return false
	}
	st.addAside(words.fact(g, who, th, k), k, qs)
	return true
}

// age: how old the main person is: "Maya is 9 years old."
func (g *gen) age(st *story) bool {
	who := st.main
	if who == nil || who.kind != person || len(who.parts) > 0 || who.pro == proYou || who.owner != nil || strings.HasPrefix(who.name, "a") && strings.Contains(who.name, " ") {
		return false
	}
	if contains(wordsOf("age").avoid, st.topic) {
		return false // a story of ages
	}
	words, _ := g.asideForm("age", st.topic)
	k, ok := words.number(g, st, nil)
	if !ok {
		return false
	}
	st.addAside(words.fact(g, who, nil, k), k, st.qs)
	return true
}

// rival: someone else has some of the story's thing, and the question
// asks about the main actor: "Her cousin has 15 apples."
func (g *gen) rival(st *story) bool {
	who, th := st.main, st.thing
	if who == nil || th == nil || who.kind != person || len(who.parts) > 0 {
		return false
	}
	var qs []question
	for _, q := range st.qs {
		if q.who == who {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		return false
	}
	r := pickRelative(g.rng, who)
	if st.other != nil && (r.rel == st.other.rel && r.rel != "" || r.name == st.other.name && r.name != "") {
		return false
	}
	words := wordsOf("rival")
	k, ok := words.number(g, st, th)
	if !ok {
		return false
	}
	st.addAside(words.fact(g, r, th, k), k, qs)
	return true
}

// otherPrice: the price of a thing nobody in the story buys, in a story
// about counts, not money: "Pears cost $2 each."
func (g *gen) otherPrice(st *story) bool {
	for _, q := range st.qs {
		if !strings.HasPrefix(q.wh, "How many ") || strings.Contains(q.wh, "dollars") {
			return false
		}
	}
	w := st.words()
	if strings.Contains(w, "$") || (st.thing != nil && st.thing.money) {
		return false
	}
	th := g.thing(func(t *thing) bool { return t.price[1] > 0 && !names(w, t) })
	if th == nil {
		return false
	}
	k, ok := wordsOf("price").number(g, st, th)
	if !ok {
		return false
	}
	st.addAside(g.priceFact(th, k, nil), k, st.qs)
	return true
}

// weight: how much one of the story's things weighs, in a story about
// counts of food: "Each apple weighs 150 grams."
func (g *gen) weight(st *story) bool {
	th := st.thing
	words := wordsOf("weight")
	if th == nil || th.money || th.measure || !contains(words.suits, th.topic) || (th.most > 0 && th.most <= 24) {
		return false
	}
	for _, q := range st.qs {
		if !strings.HasPrefix(q.wh, "How many ") {
			return false
		}
	}
	k, ok := words.number(g, st, th)
	if !ok {
		return false
	}
	f := words.fact(g, nil, th, k)
	if w, later := g.asideForm("weight", st.topic); later {
		f = w.fact(g, nil, th, k)
	}
	st.addAside(f, k, st.qs)
	return true
}

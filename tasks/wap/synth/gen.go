package synth

import (
	"math/rand"
	"strconv"
	"strings"
)

// This file holds what the frames share: drawing from the lexicon,
// counting things, and the common facts (having, getting, losing) and
// questions.

// gen is the state of building one story: the random source and the
// operands a, b, c in the equation's order.
type gen struct {
	rng     *rand.Rand
	a, b, c int
	place   placement // where the facts are to stand in the text
	// For the general problems (general.go): whether their amounts may be
	// large, and how many numbers the question should leave unused.
	big    bool
	unused int
}

// pick draws one element of xs.
func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.Intn(len(xs))] }

// one draws one of the strings.
func (g *gen) one(xs ...string) string { return pick(g.rng, xs) }

// occasions draws two occasions in time order that each hold up to k
// periods ("last week", "this week" for days); false when none does.
func (g *gen) occasions(per string, k int) ([2]string, bool) {
	ss := fitSpans(per, k)
	if len(ss) == 0 {
		return [2]string{}, false
	}
	s := ss[g.rng.Intn(min(2, len(ss)))]
	return pick(g.rng, s.pairs), true
}

// occasion draws one stretch of time that holds k periods.
func (g *gen) occasion(per string, k int) (string, bool) {
	ss := fitSpans(per, k)
	if len(ss) == 0 {
		return "", false
	}
	s := ss[g.rng.Intn(min(2, len(ss)))]
	return pick(g.rng, s.one), true
}

// chance is true with probability p.
func (g *gen) chance(p float64) bool { return g.rng.Float64() < p }

// thing draws a thing that passes ok, or nil when none does.
func (g *gen) thing(ok func(*thing) bool) *thing {
	for _, i := range g.rng.Perm(len(things)) {
		if ok == nil || ok(things[i]) {
			return things[i]
		}
	}
	return nil
}

// person draws the main person of a story: now and then the speaker
// ("I") or the reader ("you"), mostly someone with a name.
func (g *gen) person() *actor {
	if g.chance(0.1) {
		return speaker(g.rng)
	}
	return pickPerson(g.rng)
}

// owner draws who has a thing: mostly a person, sometimes a group, a
// business that deals in it or a person of the business's trade.
func (g *gen) owner(th *thing) *actor {
	switch r := g.rng.Intn(10); {
	case r < 2 && th.group:
		return pickGroup(g.rng)
	case r < 4 && len(th.biz) > 0:
		return pickBusiness(pick(g.rng, th.biz))
	case r < 5 && len(th.biz) > 0:
		if a := pickTrade(g.rng, pick(g.rng, th.biz)); a != nil {
			return a
		}
	}
	return g.person()
}

// helper draws a second actor for a person (a relative or a friend); nil
// for a group or a business.
func (g *gen) helper(main *actor) *actor {
	if main.kind != person {
		return nil
	}
	return pickRelative(g.rng, main)
}

// cnt writes k of a thing: "5 apples", "1 apple", "$5".
func cnt(th *thing, k int) string {
	if th.money {
		return money(k)
	}
	return count(k, th.noun)
}

// kindCnt writes k of a kind of a thing: "5 red apples".
func kindCnt(th *thing, kind string, k int) string {
	return count(k, noun{kind + " " + th.sg, kind + " " + th.pl})
}

// more writes k more of a thing already named: "21 more", "another 21
// apples", "$21 more".
func (g *gen) more(th *thing, k int) string {
	ks := strconv.Itoa(k)
	if th.money && k == 1 {
		return "$1 more"
	}
	if th.money {
		return g.one("$"+ks+" more", "another $"+ks)
	}
	if th.measure {
		return "another " + cnt(th, k)
	}
	opts := []string{ks + " more", ks + " more " + th.noun.form(k)}
	if k > 1 {
		opts = append(opts, "another "+ks, "another "+ks+" "+th.pl)
	}
	return g.one(opts...)
}

// back writes k of a thing already named: "15", "15 of them", "15 of the
// apples".
func (g *gen) back(th *thing, k int) string {
	ks := strconv.Itoa(k)
	if th.money {
		return "$" + ks
	}
	if th.measure {
		return cnt(th, k)
	}
	return g.one(ks, ks+" of them", ks+" of the "+th.pl, cnt(th, k))
}

// backSubj is back for a subject, where a bare number reads badly.
func (g *gen) backSubj(th *thing, k int) string {
	ks := strconv.Itoa(k)
	if th.money {
		return "$" + ks
	}
	if th.measure {
		return cnt(th, k)
	}
	return g.one(ks+" of them", ks+" of the "+th.pl)
}

// usable keeps the actions of keys that who can do to n things, given
// the other actor (a recipient "to {other}" needs one).
func usable(keys []string, table map[string]action, who, other *actor, n int) []action {
	var out []action
	for _, k := range keys {
		a, ok := table[k]
		if !ok || (a.personal && who.kind == business) || (a.most > 0 && n > a.most) {
			continue
		}
		a.tails = fitTails(a.tails, who, other)
		if a.must && len(a.tails) == 0 {
			continue
		}
		out = append(out, a)
	}
	return out
}

// fitTails drops the tails that name another actor when there is none,
// and the tails marked "*" (what a person does: "at a yard sale") when who
// is a business.
func fitTails(tails []string, who, other *actor) []string {
	var out []string
	for _, t := range tails {
		if other == nil && strings.Contains(t, "{other") {
			continue
		}
		if rest, ok := strings.CutPrefix(t, "*"); ok {
			if who.kind == business {
				continue
			}
			t = rest
		}
		out = append(out, t)
	}
	return out
}

// orElse is acts, or the fallback action when none is usable.
func orElse(acts []action, table map[string]action, key string) []action {
	if len(acts) > 0 {
		return acts
	}
	a := table[key]
	a.tails = nil
	return []action{a}
}

// tailOf draws an adjunct for an action: always when it must have one,
// sometimes otherwise.
func (g *gen) tailOf(a action) string {
	if len(a.tails) == 0 || (!a.must && !g.chance(0.3)) {
		return ""
	}
	return pick(g.rng, a.tails)
}

// plainTail is a tail for notes, where no actor is named.
func plainTail(t string) string {
	t = strings.TrimPrefix(t, "*")
	t = strings.ReplaceAll(t, "{other}", "a friend")
	t = strings.ReplaceAll(t, "{main's} ", "")
	return t
}

// state is the fact that who had k of a thing at the start.
func (g *gen) state(who *actor, th *thing, k int) fact {
	c := cnt(th, k)
	cl := clause{who: who, v: v("have", "had"), obj: same(c)}
	switch r := g.rng.Intn(10); {
	case r < 2:
		cl.v, cl.obj = v("start", "started"), same(g.one("the day", "the week", "the month")+" with "+c)
	case r < 3 && !th.money && who.kind == person && len(th.packs) > 0:
		box := containers[pick(g.rng, th.packs)]
		if k <= box.cap[1] && (th.most == 0 || k <= th.most) {
			cl = clause{subj: same("there"), plural: k != 1, v: v("be"), obj: same(c), tail: box.prep + " {main's} " + box.sg}
		}
	case r < 4 && !th.money && (th.topic == "collecting" || th.topic == "toys" || th.topic == "music" || th.topic == "library"):
		cl.obj = same("a collection of " + c)
	case r < 5 && who.kind == business && !th.money:
		cl.tail = "on hand"
		if th.price[1] > 0 {
			cl.tail = g.one("in stock", "on hand", "ready to sell")
		}
	case r < 6 && th.money:
		cl.tail = g.one("in {main's} piggy bank", "in {main's} wallet", "saved up")
		if who.kind != person {
			cl.tail = "saved up"
		}
	}
	return fact{slot: 0, step: 0, state: true, cl: cl, terse: same(c)}
}

// giving is a verb of someone else giving the main actor things: to
// marks a verb whose recipient comes first ("gave her 5"); the others
// leave the recipient understood ("donated 5 more") or put it in tail.
type giving struct {
	v    verb
	to   bool
	tail string
}

// givings are the verbs of data/givings.tsv, in its order.
var givings = load("givings", func(r *row) giving { return giving{r.verb("verb"), r.yes("to"), r.text("tail")} })

// gain is the fact that who got k more of a thing (slot and step are set
// by the caller). other, when set, may give them or be their source.
func (g *gen) gain(who, other *actor, th *thing, k int) fact {
	acts := orElse(usable(th.get, gains, who, other, k), gains, "buy")
	full, short := cnt(th, k), g.more(th, k)
	if other != nil && who.kind == person && g.chance(0.25) {
		// The other gives them: "Her aunt gave her 5 apples", "Her aunt
		// donated 5 more".
		give := pick(g.rng, givings)
		obj := phrase{"{main} " + full, "{main} " + short}
		if !give.to {
			obj = phrase{full, short}
		}
		cl := clause{who: other, v: give.v, obj: obj, tail: give.tail}
		return fact{cl: cl, more: true, terse: phrase{full + " received", short + " received"}}
	}
	a := pick(g.rng, acts)
	cl := clause{who: who, v: a.v, obj: phrase{full, short}, tail: g.tailOf(a)}
	part := a.v.part
	switch a.v.base {
	case "get", "be given", "trade for", "receive":
		part = "received"
	}
	if th.money || th.measure {
		return fact{cl: cl, more: true, terse: same(full + " " + part)}
	}
	return fact{cl: cl, more: true, terse: phrase{full + " " + part, strconv.Itoa(k) + " more " + part}}
}

// loss is the fact that who (or the things themselves) lost k of a thing.
func (g *gen) loss(who, other *actor, th *thing, k int) fact {
	acts := orElse(usable(th.lose, losses, who, other, k), losses, "give away")
	full := cnt(th, k)
	plural := k != 1 && !th.money
	if len(th.spoil) > 0 && g.chance(0.2) {
		sv := spoils[pick(g.rng, th.spoil)]
		cl := clause{subj: phrase{full, g.backSubj(th, k)}, plural: plural, v: sv}
		past := sv.pastTense(plural)
		return fact{loss: true, ofStart: true, cl: cl, terse: phrase{full + " " + past, strconv.Itoa(k) + " " + past}}
	}
	a := pick(g.rng, acts)
	tail := g.tailOf(a)
	terseTail := ""
	if a.must {
		terseTail = " " + plainTail(tail)
	}
	terse := phrase{full + " " + a.v.part + terseTail, strings.TrimPrefix(full, "$") + " " + a.v.part + terseTail}
	if th.money {
		terse = same(full + " " + a.v.part + terseTail)
	}
	if g.chance(0.12) && !th.money && (a.must || contains(passives, a.v.base)) {
		if !a.must {
			tail = ""
		}
		cl := clause{subj: phrase{full, g.backSubj(th, k)}, plural: plural, v: passive(a.v), tail: tail}
		return fact{loss: true, ofStart: true, cl: cl, terse: terse}
	}
	cl := clause{who: who, v: a.v, obj: phrase{full, g.back(th, k)}, tail: tail}
	return fact{loss: true, ofStart: true, cl: cl, terse: terse}
}

// passives are the verbs of losing whose passive reads well without an
// adjunct: "12 of the apples were sold" (data/lists.tsv).
var passives = fromList("passives", (*row).list)

// howMany is the head of a question about a thing: "How many apples",
// "How much money".
func howMany(th *thing) string {
	if th.money {
		return "How much money"
	}
	return "How many " + th.pl
}

// haveQs are the questions of how much of a thing who has at the end.
func haveQs(th *thing, who *actor) []question {
	h := howMany(th)
	left := "left"
	if th.money {
		left = "left"
	}
	return []question{
		{wh: h, who: who, v: v("have", "had"), aux: "do", tail: "now", terse: "how many now"},
		{wh: h, who: who, v: v("have", "had"), aux: "do", tail: left, terse: "how many left"},
		{wh: h, who: who, v: v("have", "had"), aux: "do", tail: "in the end", terse: "how many in the end"},
		{wh: h, who: who, v: v("end up with", "ended up with"), aux: "did", terse: "how many at the end"},
		{wh: h, v: v("be"), pl: !th.money, aux: "do", tail: "left", terse: "what's left"},
		{wh: h, v: v("remain"), pl: !th.money, aux: "do", terse: "how many remain"},
		{wh: "What", v: v("be"), aux: "do", tail: "left", noEmbed: true, terse: "what's left"},
	}
}

// finish completes a story: its cast, its detail sentences and, unless
// the frame set them, the orders its facts may be told in.
func (st *story) finish(g *gen) {
	st.cast = nil
	for _, a := range []*actor{st.main, st.other} {
		if a != nil {
			st.cast = append(st.cast, a)
		}
	}
	for _, f := range st.facts {
		if w := f.cl.who; w != nil && !inCast(st.cast, w) {
			st.cast = append(st.cast, w)
		}
		if w := f.cl.who; w != nil {
			for _, p := range w.parts {
				if !inCast(st.cast, p) {
					st.cast = append(st.cast, p)
				}
			}
		}
	}
	if st.main != nil && st.main.kind == person && len(st.main.parts) == 0 {
		if hs := hobbies[st.topic]; len(hs) > 0 {
			st.detail = append(st.detail, clause{who: st.main, v: v(pick(g.rng, hs)), tense: present})
		}
	}
	st.detail = append(st.detail, clause{subj: same(strings.TrimSuffix(pick(g.rng, scenery), "."))})
	if st.orders == nil {
		st.orders = validOrders(st.facts, st.keep)
	}
}

// inCast reports whether a is in the cast.
func inCast(cast []*actor, a *actor) bool {
	for _, b := range cast {
		if a == b {
			return true
		}
	}
	return false
}

// validOrders lists the text orders of facts that keep every fact after
// those it refers back to (fact.after) and that keep allows (nil allows
// all). The plain order, the facts as listed, comes twice more, so it is
// told more often than any other.
func validOrders(facts []fact, keep func([]int) bool) [][]int {
	var out [][]int
	var plain []int
	for _, p := range perms(len(facts)) {
		if !respects(facts, p) || !pastFlashbacks(facts, p) || (keep != nil && !keep(p)) {
			continue
		}
		out = append(out, p)
		if isIdentity(p) {
			plain = p
		}
	}
	if plain != nil {
		out = append(out, plain, plain)
	}
	return out
}

// respects reports whether order tells every fact after the facts it
// needs before it.
func respects(facts []fact, order []int) bool {
	pos := make([]int, len(order))
	for i, j := range order {
		pos[j] = i
	}
	for j, f := range facts {
		for _, k := range f.after {
			if pos[k] > pos[j] {
				return false
			}
		}
	}
	return true
}

// pastFlashbacks reports whether every fact that order tells after a
// later one is in the past tense (only the past has a past perfect).
func pastFlashbacks(facts []fact, order []int) bool {
	top := -1
	for _, j := range order {
		f := facts[j]
		if f.step >= 0 && f.step < top && f.cl.tense != past {
			return false
		}
		top = max(top, f.step)
	}
	return true
}

// perms lists the permutations of 0…n−1.
func perms(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range perms(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// isIdentity reports whether p is 0, 1, 2, ….
func isIdentity(p []int) bool {
	for i, j := range p {
		if i != j {
			return false
		}
	}
	return true
}

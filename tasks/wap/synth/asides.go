package synth

import "strings"

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
// single out the thing.

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

// asideKinds are the kinds of aside, each a function that adds one to a
// story or reports that it does not suit it.
var asideKinds = []func(g *gen, st *story) bool{
	(*gen).possession, (*gen).age, (*gen).rival, (*gen).otherPrice, (*gen).weight,
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

// possession: the main actor also has some of another thing: "She also
// has 12 pears."
func (g *gen) possession(st *story) bool {
	who := st.main
	qs := specific(st.qs)
	if who == nil || len(who.parts) > 0 || len(qs) == 0 {
		return false
	}
	w := st.words()
	th := g.thing(func(t *thing) bool {
		return !names(w, t) && (who.kind != business || contains(t.biz, strings.TrimPrefix(who.again, "the ")))
	})
	if th == nil {
		return false
	}
	k, ok := g.asideNumber(st, 2, st.sizeOf())
	if !ok {
		return false
	}
	c := cnt(th, k)
	f := fact{also: true, cl: clause{who: who, v: v("have", "had"), obj: same(c), tense: present}, terse: same(c)}
	if g.chance(0.3) && who.kind == person {
		f.cl.tail = g.one("at home", "in {main's} room", "in a box")
	}
	st.addAside(f, k, qs)
	return true
}

// age: how old the main person is: "Maya is 9 years old."
func (g *gen) age(st *story) bool {
	who := st.main
	if who == nil || who.kind != person || len(who.parts) > 0 || who.pro == proYou || who.owner != nil || strings.HasPrefix(who.name, "a") && strings.Contains(who.name, " ") {
		return false
	}
	if st.topic == "family" {
		return false // a story of ages
	}
	lo, hi := 7, 15
	if g.chance(0.3) || contains(ws("work|hospital|warehouse|construction|office|travel|moving"), st.topic) {
		lo, hi = 22, 65
	}
	k, ok := g.asideNumber(st, lo, hi)
	if !ok {
		return false
	}
	f := fact{cl: clause{who: who, v: v("be"), obj: same(itoa(k) + " years old"), tense: present}, terse: same("age " + itoa(k))}
	st.addAside(f, k, st.qs)
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
	k, ok := g.asideNumber(st, 2, st.sizeOf())
	if !ok {
		return false
	}
	c := cnt(th, k)
	f := fact{cl: clause{who: r, v: v("have", "had"), obj: same(c), tense: present}, terse: same(c + " for someone else")}
	st.addAside(f, k, qs)
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
	k, ok := g.asideNumber(st, th.price[0], th.price[1])
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
	if th == nil || th.money || th.measure || !contains(ws("farm|baking|food|garden"), th.topic) || (th.most > 0 && th.most <= 24) {
		return false
	}
	for _, q := range st.qs {
		if !strings.HasPrefix(q.wh, "How many ") {
			return false
		}
	}
	k, ok := g.asideNumber(st, 20, 300)
	if !ok {
		return false
	}
	w := itoa(k) + " grams"
	f := fact{cl: clause{subj: same(g.one("each ", "every ") + th.sg), v: v("weigh"), obj: same(w), tense: present}, terse: same(w + " each")}
	if g.chance(0.4) {
		f.cl = clause{subj: phrase{th.pl, "the " + th.pl}, plural: true, v: v("weigh"), obj: same(w + " each"), tense: present}
	}
	st.addAside(f, k, st.qs)
	return true
}

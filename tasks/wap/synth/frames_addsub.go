package synth

// The frames of (a+b)-c.

// enAddSub is the English of this file.
var enAddSub = phraseBook("addsub")

// someThing draws the thing of a story: money now and then, otherwise
// any thing.
func (g *gen) someThing() *thing {
	if g.chance(0.12) {
		return cash
	}
	return g.thing(nil)
}

// timeFacts gives the events of a story time expressions from one
// sequence (now and then), by their steps.
func (g *gen) timeFacts(p float64, fs ...*fact) {
	if !g.chance(p) {
		return
	}
	seq := pick(g.rng, timeSeqs)
	for _, f := range fs {
		if f.step >= 0 && f.step < 3 {
			f.cl.when = seq[f.step]
		}
	}
}

// gainLose: someone had a, got b more and lost c (or lost c first and
// then got b).
func gainLose(g *gen) (*story, bool) {
	th := g.someThing()
	who := g.owner(th)
	other := g.helper(who)
	have := g.state(who, th, g.a)
	get := g.gain(who, other, th, g.b)
	get.slot, get.step = 1, 1
	lose := g.loss(who, other, th, g.c)
	lose.slot, lose.step = 2, 2
	if g.c <= g.a && g.chance(0.4) {
		get.step, lose.step = 2, 1
	}
	g.timeFacts(0.3, &get, &lose)
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, get, lose}, qs: haveQs(th, who)}
	st.keep = loseBeforeGain(get, lose, g.c > g.a)
	return st, true
}

// loseBeforeGain keeps the orders of a start (fact 0), a gain (1) and a
// loss (2) that read clearly: a loss that came after the gain is not told
// between the start and the gain ("She had 9. She broke 4. Earlier, she
// had got 48 more" leaves open whether the 9 came before the 48), and
// when more is lost than there was at the start (big), the gain is told
// first.
func loseBeforeGain(get, lose fact, big bool) func([]int) bool {
	return func(o []int) bool {
		if big && position(o, 1) > position(o, 2) {
			return false
		}
		return !(lose.step > get.step && o[0] == 0 && o[1] == 2)
	}
}

// position is where fact i stands in order.
func position(order []int, i int) int {
	for p, j := range order {
		if j == i {
			return p
		}
	}
	return -1
}

// pool: two people (or two kinds, or a start and a gain) make a whole,
// and c of it is used, sold or lost.
func pool(g *gen) (*story, bool) {
	th := g.someThing()
	p := g.twoParts(th)
	lose := g.loss(p.whole, nil, th, g.c)
	if p.whole == p.main {
		lose = g.loss(p.main, p.other, th, g.c)
	}
	lose.slot, lose.step = 2, 2
	if p.f1.step == 0 {
		lose.step = 1
	}
	st := &story{main: p.main, other: p.other, topic: th.topic, facts: []fact{p.f0, p.f1, lose}, qs: haveQs(th, p.whole)}
	// Taking some away between the two parts would read as taking from
	// the first part alone.
	st.keep = func(order []int) bool { return order[1] != 2 }
	return st, true
}

// surplus: someone gathered a and then b, but needs only c; how many are
// extra.
func surplus(g *gen) (*story, bool) {
	th := g.someThing()
	if th.money {
		th = cash
	} else {
		th = g.thing(func(t *thing) bool { return len(t.uses) > 0 })
	}
	if g.a+g.b-g.c < 1 {
		return nil, false
	}
	who := g.owner(th)
	uses := th.uses
	if th.money {
		uses = enAddSub.list("money uses", nil)
	}
	use := pick(g.rng, uses)
	acts := orElse(usable(th.get, gains, who, nil, max(g.a, g.b)), gains, "buy")
	a := pick(g.rng, acts)
	pair := pick(g.rng, timePairs[pick(g.rng, []string{"hour", "day", "week"})])
	f0 := fact{slot: 0, step: 0, cl: clause{who: who, v: a.v, obj: same(cnt(th, g.a)), when: pair[0]}, terse: same(cnt(th, g.a) + " " + a.v.part)}
	f1 := fact{slot: 1, step: 1, more: true, cl: clause{who: who, v: a.v, obj: phrase{cnt(th, g.b), g.more(th, g.b)}, when: pair[1]}, terse: same(enAddSub.one("more", holes{"n": itoa(g.b)}))}
	if th.money {
		f1.terse = same(enAddSub.one("more", holes{"n": money(g.b)}))
	}
	c := cnt(th, g.c)
	need := fact{slot: 2, step: -1, noCond: false, terse: same(enAddSub.one("needs", holes{"count": c, "use": use}))}
	only := enAddSub.one("only", holes{"count": c})
	switch g.rng.Intn(4) {
	case 0:
		need.cl = clause{who: who, v: enAddSub.verb("need"), obj: phrase{only, only}, tail: use}
	case 1:
		need.cl = clause{who: who, v: enAddSub.verb("need"), obj: same(only), tail: use, tense: present}
	case 2:
		need.cl = clause{subj: same(only), plural: g.c != 1 && !th.money, v: enAddSub.verb("be needed"), tail: use, tense: present}
	default:
		need.cl = clause{who: who, v: enAddSub.verb("be going to use"), obj: phrase{c, enAddSub.one("of them", holes{"n": itoa(g.c)})}, tail: use, tense: present}
		if th.money || !g.oddAt(2) {
			// Between the two sums, "6 of them" would be of the first.
			need.cl.obj = same(c)
		}
	}
	if th.money && g.chance(0.6) {
		need, qs := g.moneyOwed(who, use)
		return &story{main: who, topic: th.topic, facts: []fact{f0, f1, need}, qs: qs}, true
	}
	need.solo = true
	extra := enAddSub.one("how many extra", holes{"things": th.pl})
	if th.money {
		extra = enAddSub.one("how much extra", nil)
	}
	qs := asked("surplus", who, holes{"extra": extra, "got": verbText(a.v), "howmany": howMany(th), "plural": yes(!th.money)})
	st := &story{main: who, topic: th.topic, facts: []fact{f0, f1, need}, qs: qs}
	return st, true
}

// comeAndGo: a people were somewhere, b more came and c left.
func comeAndGo(g *gen) (*story, bool) {
	pl := pick(g.rng, places)
	w := pl.who
	start := fact{slot: 0, step: 0, state: true, terse: same(count(g.a, w) + " " + pl.where)}
	if g.chance(0.6) {
		start.cl = clause{subj: same("there"), plural: g.a != 1, v: enAddSub.verb("be"), obj: same(count(g.a, w)), tail: pl.where}
	} else {
		start.cl = clause{subj: same(count(g.a, w)), plural: g.a != 1, v: enAddSub.verb("be"), tail: pl.where}
	}
	bs := itoa(g.b)
	moreW := enAddSub.list("more people", holes{"n": bs, "people": w.form(g.b)})
	if g.b > 1 {
		moreW = append(moreW, enAddSub.one("another", holes{"n": bs}))
	}
	inV := pick(g.rng, pl.in)
	come := fact{slot: 1, step: 1, more: true, cl: clause{subj: phrase{count(g.b, w), g.one(moreW...)}, plural: g.b != 1, v: inV}, terse: same(enAddSub.one("came", holes{"n": bs, "came": inV.past}))}
	outV := pick(g.rng, pl.out)
	gone := fact{slot: 2, step: 2, loss: true, ofStart: true, cl: clause{subj: phrase{count(g.c, w), enAddSub.pick(g.rng, "some of them", holes{"n": itoa(g.c), "people": w.pl})}, plural: g.c != 1, v: outV}, terse: same(itoa(g.c) + " " + outV.past)}
	if g.c <= g.a && g.chance(0.5) {
		come.step, gone.step = 2, 1
	}
	if come.step != gone.step || g.chance(0.5) {
		come.cl.when, gone.cl.when = pl.events[come.step-1], pl.events[gone.step-1]
	}
	keep := loseBeforeGain(come, gone, false)
	qs := append(asked("come and go", nil, holes{"people": w.pl, "where": pl.where}), asked("come and go later", nil, holes{"people": w.pl, "where": pl.where})...)
	st := &story{topic: pl.topic, facts: []fact{start, come, gone}, qs: qs, keep: keep}
	return st, true
}

// compare: someone got a and then b; someone else got c in all; how many
// more did the first get.
func compare(g *gen) (*story, bool) {
	if g.a+g.b <= g.c {
		return nil, false
	}
	th := g.thing(nil)
	p := g.person()
	q := pickRelative(g.rng, p)
	acts := usable(th.get, gains, p, nil, max(g.a, g.b))
	var a action
	for _, x := range g.rng.Perm(len(acts)) {
		if acts[x].v.base != "be given" && acts[x].v.base != "get" {
			a = acts[x]
			break
		}
	}
	if a.v.base == "" {
		return nil, false
	}
	pair := pick(g.rng, timePairs[pick(g.rng, []string{"hour", "day", "week"})])
	f0 := fact{slot: 0, step: 0, noCond: true, cl: clause{who: p, v: a.v, obj: same(cnt(th, g.a)), when: pair[0]}}
	f1 := fact{slot: 1, step: 1, noCond: true, more: true, cl: clause{who: p, v: a.v, obj: phrase{cnt(th, g.b), g.one(itoa(g.b), g.more(th, g.b))}, when: pair[1]}}
	f2 := fact{slot: 2, step: -1, noCond: true, solo: true, cl: clause{who: q, v: a.v, obj: phrase{cnt(th, g.c), cnt(th, g.c)}, tail: enAddSub.pick(g.rng, "in all", nil)}}
	qs := append(asked("compare", p, holes{"things": th.pl, "got": verbText(a.v)}), asked("compare fewer", q, holes{"things": th.pl, "got": verbText(a.v)})...)
	st := &story{main: p, other: q, topic: th.topic, facts: []fact{f0, f1, f2}, qs: qs, noTerse: true}
	return st, true
}

// stillNeeded: someone needs a of a thing for one purpose and b for
// another; someone else already took care of c. How many are still
// needed?
func stillNeeded(g *gen) (*story, bool) {
	e := pick(g.rng, errands)
	th := &thing{noun: e.thing, topic: e.topic}
	var who *actor
	if g.chance(0.3) {
		who = pickGroup(g.rng)
	} else {
		who = g.person()
	}
	var other *actor
	if e.by == "" || g.chance(0.4) {
		other = g.helper(who)
		if other == nil {
			other = pickPerson(g.rng)
		}
	} else {
		other = &actor{name: e.by, pro: proShe, kind: group}
		if contains(enAddSub.list("one person", nil), e.by) {
			other.pro = pick(g.rng, []pronoun{proShe, proHe})
		} else {
			other.pro, other.plural = proThey, false
		}
	}
	need := pick(g.rng, enAddSub.verbsWith("need to do", holes{"do": e.done.base}))
	f0 := fact{slot: 0, step: -1, cl: clause{who: who, v: need, obj: same(cnt(th, g.a)), tail: e.parts[0], tense: present}, terse: same(cnt(th, g.a) + " " + e.parts[0])}
	f1 := fact{slot: 1, step: -1, cl: clause{who: who, v: need, obj: phrase{cnt(th, g.b), itoa(g.b)}, tail: e.parts[1], tense: present}, terse: same(itoa(g.b) + " " + e.parts[1])}
	done := enAddSub.verbsWith("already", holes{"do": e.done.base, "did": e.done.past, "done": e.done.part})[0]
	cs := itoa(g.c)
	took := fact{slot: 2, step: 0, loss: true, solo: true, terse: same(enAddSub.one("already done", holes{"n": cs, "done": e.done.part}))}
	obj := same(cnt(th, g.c))
	if g.oddAt(2) {
		obj.short = enAddSub.pick(g.rng, "of them or not", holes{"n": cs})
	}
	switch g.rng.Intn(3) {
	case 0:
		took.cl = clause{who: other, v: done, obj: obj}
	case 1:
		took.cl = clause{who: other, v: enAddSub.verb("take care of"), obj: obj}
	default:
		took.cl = clause{who: other, v: done, obj: obj, tail: enAddSub.pick(g.rng, "for whom", nil)}
	}
	qs := asked("still needed", who, holes{"things": th.pl, "do": e.done.base, "done": e.done.part})
	st := &story{main: who, other: other, topic: e.topic, facts: []fact{f0, f1, took}, qs: qs}
	if g.oddAt(1) {
		st.facts[1].also = true
		st.facts[0].also = true
	}
	return st, true
}

// moneyOwed is the fact that of the money someone got, c is owed or must
// be kept for something (slot 2, timeless), with the questions of what
// is left to spend: "She owes $15 of it to her brother", "He needs to
// save $15 for the bus".
func (g *gen) moneyOwed(who *actor, use string) (fact, []question) {
	c := money(g.c)
	f := fact{slot: 2, step: -1, solo: true, terse: same(enAddSub.one("owed", holes{"money": c}))}
	switch g.rng.Intn(4) {
	case 0:
		of := phrase{c, enAddSub.one("of it", holes{"money": c})}
		if !g.oddAt(2) {
			of.short = ""
		}
		f.cl = clause{who: who, v: enAddSub.verb("owe"), obj: of, tail: enAddSub.one("to relative", holes{"relative": pick(g.rng, relatives).rel}), tense: present}
	case 1:
		f.cl = clause{who: who, v: enAddSub.verb("need to save"), obj: same(c), tail: enAddSub.pick(g.rng, "save for", holes{"use": use}), tense: present}
		f.terse = same(enAddSub.one("to save", holes{"money": c}))
	case 2:
		f.cl = clause{who: who, v: enAddSub.verb("have to pay"), obj: same(enAddSub.one("pay back", holes{"relative": pick(g.rng, relatives).rel, "money": c})), tense: present}
	default:
		f.cl = clause{who: who, v: enAddSub.verb("have to set aside"), obj: same(c), tail: enAddSub.pick(g.rng, "set aside for", nil), tense: present}
		f.terse = same(enAddSub.one("set aside", holes{"money": c}))
	}
	return f, asked("money owed", who, nil)
}

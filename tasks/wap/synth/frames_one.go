package synth

// The frames of one-step problems (general.go): a+b, a-b, a*b and a/b.
// Besides the plain ones (had and got more, had and gave away, boxes of
// so many, shared equally) they tell what people write in one step:
// comparisons ("5 more than", "how many fewer"), a start found from what
// is left, a change found from before and after, a part and the rest,
// prices with cents, change from a bill, ages, "3 times as many", a total
// made at a rate, and a rate found from a total.

// nowQs ask how much of a thing someone has after a gain.
func nowQs(th *thing, who *actor) []question {
	h := howMany(th)
	return []question{
		{wh: h, who: who, v: v("have", "had"), aux: "do", tail: "now", terse: "how many now"},
		{wh: h, who: who, v: v("have", "had"), aux: "do", tail: "in all", terse: "how many in all"},
		{wh: h, who: who, v: v("have", "had"), aux: "do", tail: "altogether", terse: "total"},
		{wh: h, who: who, v: v("end up with", "ended up with"), aux: "did", terse: "how many at the end"},
	}
}

// bare writes k of a thing already named: "15", or "$15" for money.
func bare(th *thing, k int) string {
	if th.money {
		return money(k)
	}
	return itoa(k)
}

// haveThenOne: someone had a and got b more (a+b: how many now) or lost
// b (a-b: how many left).
func haveThenOne(g *gen, gain bool) (*story, bool) {
	th := g.someThing()
	a := g.amount(3, 99)
	b := g.part(a)
	if gain {
		b = g.amount(1, 60)
	}
	who := g.owner(th)
	other := g.helper(who)
	have := g.state(who, th, a)
	f, qs, eq := g.loss(who, other, th, b), haveQs(th, who), sub(at(0), at(1))
	if gain {
		f, qs, eq = g.gain(who, other, th, b), nowQs(th, who), add(at(0), at(1))
	}
	f.slot, f.step = 1, 1
	g.timeFacts(0.25, &f)
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, f}, qs: qs, thing: th}
	return st.with(eq, whole(a), whole(b)), true
}

func gainOne(g *gen) (*story, bool) { return haveThenOne(g, true) }
func loseOne(g *gen) (*story, bool) { return haveThenOne(g, false) }

// totalOne: two parts make a whole: two kinds, two people, or a start and
// a gain; how many in all.
func totalOne(g *gen) (*story, bool) {
	th := g.someThing()
	g.a, g.b = g.amount(1, 80), g.amount(1, 80)
	p := g.twoParts(th)
	h := howMany(th)
	qs := []question{
		{wh: h, who: p.whole, v: v("have", "had"), aux: "do", tail: g.one("in all", "altogether", "in total", "together"), terse: "how many in all"},
		{wh: h, who: p.whole, v: v("have", "had"), aux: "do", tail: g.one("in all", "altogether", "in total"), terse: "total"},
	}
	if p.gained() {
		qs = nowQs(th, p.whole)
	}
	if len(p.whole.parts) > 0 {
		qs = append(qs, question{wh: h, v: v("be"), pl: !th.money, aux: "do", tail: "there " + g.one("in all", "altogether"), terse: "how many in all"})
	}
	st := &story{main: p.main, other: p.other, topic: th.topic, facts: []fact{p.f0, p.f1}, qs: qs, thing: th}
	return st.with(add(at(0), at(1)), whole(g.a), whole(g.b)), true
}

// gatherVerb draws a verb of getting th that reads as something done on
// an occasion ("picked", "baked"), not a gift.
func (g *gen) gatherVerb(th *thing, who *actor, k int) (verb, bool) {
	for _, a := range g.rng.Perm(len(th.get)) {
		act, ok := gains[th.get[a]]
		if ok && act.v.base != "be given" && act.v.base != "get" && act.v.base != "receive" && !(act.personal && who.kind == business) && (act.most == 0 || k <= act.most) {
			return act.v, true
		}
	}
	return verb{}, false
}

// twoTimes: someone got a things on one occasion and b on another; how
// many in all.
func twoTimes(g *gen) (*story, bool) {
	th := g.thing(nil)
	a, b := g.amount(2, 80), g.amount(2, 80)
	who := g.owner(th)
	vb, ok := g.gatherVerb(th, who, max(a, b))
	if !ok {
		return nil, false
	}
	pair := pick(g.rng, timePairs[g.one("hour", "day", "week")])
	f0 := fact{slot: 0, step: 0, cl: clause{who: who, v: vb, obj: same(cnt(th, a)), when: pair[0]}, terse: same(cnt(th, a) + " " + pair[0])}
	f1 := fact{slot: 1, step: 1, more: true, cl: clause{who: who, v: vb, obj: phrase{cnt(th, b), g.one(itoa(b), g.more(th, b))}, when: pair[1]}, terse: same(itoa(b) + " " + pair[1])}
	h := howMany(th)
	qs := []question{
		{wh: h, who: who, v: vb, aux: "did", tail: g.inAll(), terse: "how many in all"},
		{wh: h, who: who, v: vb, aux: "did", tail: g.one("in all", "altogether", "in total"), terse: "total"},
	}
	st := &story{main: who, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th}
	return st.with(add(at(0), at(1)), whole(a), whole(b)), true
}

// rivals draws a person and a relative or friend for a comparison, and a
// verb they both do to th: "have" (present) or one of getting it (past).
func (g *gen) rivals(th *thing, k int) (p, q *actor, vb verb, tn tense, aux string) {
	p = g.person()
	q = pickRelative(g.rng, p)
	vb, tn, aux = v("have", "had"), present, "do"
	if w, ok := g.gatherVerb(th, p, k); ok && g.chance(0.5) {
		vb, tn, aux = w, past, "did"
	}
	return p, q, vb, tn, aux
}

// moreThan: someone has a; someone else has b more than that; how many
// does the second have.
func moreThan(g *gen) (*story, bool) {
	th := g.thing(nil)
	a, b := g.amount(2, 80), g.amount(1, 40)
	p, q, vb, tn, aux := g.rivals(th, a+b)
	f0 := fact{slot: 0, step: 0, cl: clause{who: p, v: vb, obj: same(cnt(th, a)), tense: tn}, terse: same(cnt(th, a))}
	more := itoa(b) + " more " + g.one(th.noun.form(b)+" ", "") + "than {main=}"
	f1 := fact{slot: 1, step: 0, after: []int{0}, noCond: true, cl: clause{who: q, v: vb, obj: same(more), tense: tn}}
	qs := []question{{wh: howMany(th), who: q, v: vb, aux: aux}}
	st := &story{main: p, other: q, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th, noTerse: true}
	return st.with(add(at(0), at(1)), whole(a), whole(b)), true
}

// fewerThan: someone has a; someone else has b fewer; how many does the
// second have.
func fewerThan(g *gen) (*story, bool) {
	th := g.thing(nil)
	a := g.amount(3, 90)
	b := g.part(a)
	p, q, vb, tn, aux := g.rivals(th, a)
	f0 := fact{slot: 0, step: 0, cl: clause{who: p, v: vb, obj: same(cnt(th, a)), tense: tn}, terse: same(cnt(th, a))}
	less := itoa(b) + g.one(" fewer ", " less ") + g.one(th.noun.form(b)+" ", "") + "than {main=}"
	if !contains(ws("fewer|less"), lastWord(less)) && g.chance(0.3) {
		less = itoa(b) + " fewer " + th.noun.form(b) + " than {main=}"
	}
	f1 := fact{slot: 1, step: 0, after: []int{0}, noCond: true, cl: clause{who: q, v: vb, obj: same(less), tense: tn}}
	qs := []question{{wh: howMany(th), who: q, v: vb, aux: aux}}
	st := &story{main: p, other: q, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th, noTerse: true}
	return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
}

// lastWord is the last word of s.
func lastWord(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}

// compareOne: two people have (or got) a and b, or one person got a on
// one occasion and b on another; how many more (or fewer).
func compareOne(g *gen) (*story, bool) {
	th := g.thing(nil)
	a := g.amount(3, 90)
	b := g.part(a)
	p, q, vb, tn, aux := g.rivals(th, a)
	h, hf := "How many more "+th.pl, "How many fewer "+th.pl
	if g.chance(0.35) && tn == past {
		// One person on two occasions: "How many more apples did she
		// pick on Saturday than on Sunday?"
		pair := pick(g.rng, timePairs[g.one("hour", "day", "week")])
		if g.chance(0.5) {
			pair[0], pair[1] = pair[1], pair[0]
		}
		f0 := fact{slot: 0, step: 0, cl: clause{who: p, v: vb, obj: same(cnt(th, a)), when: pair[0], tense: tn}, terse: same(cnt(th, a) + " " + pair[0])}
		f1 := fact{slot: 1, step: 0, cl: clause{who: p, v: vb, obj: phrase{cnt(th, b), itoa(b)}, when: pair[1], tense: tn}, terse: same(itoa(b) + " " + pair[1])}
		qs := []question{
			{wh: h, who: p, v: vb, aux: aux, tail: pair[0] + " than " + pair[1], terse: "how many more " + pair[0]},
			{wh: hf, who: p, v: vb, aux: aux, tail: pair[1] + " than " + pair[0], terse: "how many fewer " + pair[1]},
		}
		st := &story{main: p, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th}
		return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
	}
	f0 := fact{slot: 0, step: 0, cl: clause{who: p, v: vb, obj: same(cnt(th, a)), tense: tn}, terse: same(cnt(th, a))}
	f1 := fact{slot: 1, step: 0, cl: clause{who: q, v: vb, obj: phrase{cnt(th, b), g.one(itoa(b), cnt(th, b))}, tense: tn}, terse: same(cnt(th, b))}
	qs := []question{
		{wh: h, who: p, v: vb, aux: aux, tail: "than {other=}"},
		{wh: hf, who: q, v: vb, aux: aux, tail: "than {main=}"},
	}
	if tn == past {
		qs[0].tail += " did"
	}
	st := &story{main: p, other: q, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th, noTerse: true}
	return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
}

// startFrom: someone lost b and now has a left; how many to begin with.
func startFrom(g *gen) (*story, bool) {
	th := g.someThing()
	left, gone := g.amount(1, 80), g.amount(1, 60)
	who := g.owner(th)
	other := g.helper(who)
	lose := g.loss(who, other, th, gone)
	lose.slot, lose.step = 0, 0
	lose.cl.obj.short, lose.cl.subj.short = "", ""
	now := fact{slot: 1, step: 1, state: true, cl: clause{who: who, v: v("have", "had"), obj: phrase{cnt(th, left) + " left", g.one(bare(th, left)+" left", cnt(th, left)+" left")}, tense: present, when: "now"}, terse: same(bare(th, left) + " left")}
	h := howMany(th)
	qs := []question{
		{wh: h, who: who, v: v("have", "had"), aux: "did", tail: g.one("to begin with", "at the start", "in the beginning"), terse: "how many to begin with"},
		{wh: h, who: who, v: v("start with", "started with"), aux: "did", terse: "how many to start"},
	}
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{lose, now}, qs: qs, thing: th}
	return st.with(add(at(1), at(0)), whole(gone), whole(left)), true
}

// placeOne: a people were somewhere and b more came (a+b), or b of them
// left (a-b); how many are there now.
func placeOne(g *gen, came bool) (*story, bool) {
	pl := pick(g.rng, places)
	w := pl.who
	a := g.crowd(3, 90)
	b := g.crowd(1, 60)
	if !came {
		b = g.part(a)
	}
	start := fact{slot: 0, step: 0, state: true, terse: same(count(a, w) + " " + pl.where)}
	if g.chance(0.6) {
		start.cl = clause{subj: same("there"), plural: a != 1, v: v("be"), obj: same(count(a, w)), tail: pl.where}
	} else {
		start.cl = clause{subj: same(count(a, w)), plural: a != 1, v: v("be"), tail: pl.where}
	}
	bs := itoa(b)
	var move fact
	if came {
		inV := pick(g.rng, pl.in)
		move = fact{slot: 1, step: 1, more: true, cl: clause{subj: phrase{count(b, w), g.one(bs+" more", bs+" more "+w.form(b))}, plural: b != 1, v: inV}, terse: same(bs + " more " + inV.past)}
	} else {
		outV := pick(g.rng, pl.out)
		move = fact{slot: 1, step: 1, loss: true, ofStart: true, cl: clause{subj: phrase{count(b, w), g.one(bs, bs+" of them", bs+" of the "+w.pl)}, plural: b != 1, v: outV}, terse: same(bs + " " + outV.past)}
	}
	if g.chance(0.5) {
		move.cl.when = pl.events[0]
	}
	qs := []question{
		{wh: "How many " + w.pl, v: v("be"), pl: true, aux: "do", tail: pl.where + " now", terse: "how many now"},
		{wh: "How many " + w.pl, subj: "there", pl: true, v: v("be"), aux: "do", tail: pl.where + " now", terse: "how many " + pl.where + " now"},
	}
	st := &story{topic: pl.topic, facts: []fact{start, move}, qs: qs, thing: &thing{noun: w, topic: pl.topic}}
	eq := add(at(0), at(1))
	if !came {
		eq = sub(at(0), at(1))
	}
	return st.with(eq, whole(a), whole(b)), true
}

func cameOne(g *gen) (*story, bool) { return placeOne(g, true) }
func leftOne(g *gen) (*story, bool) { return placeOne(g, false) }

// pricePair draws two things with prices, the first cheaper.
func (g *gen) pricePair() (*thing, *thing, bool) {
	th0 := g.thing(func(t *thing) bool { return t.price[1] > 0 })
	th1 := g.thing(func(t *thing) bool { return t.price[1] > th0.price[0]+1 && t != th0 && t.topic == th0.topic })
	if th1 == nil {
		th1 = g.thing(func(t *thing) bool { return t.price[1] > th0.price[0]+1 && t != th0 })
	}
	return th0, th1, th1 != nil
}

// costMore: one thing costs $a, another $b more (a+b) or $b less (a-b);
// how much does the second cost.
func costMore(g *gen, more bool) (*story, bool) {
	th0, th1, ok := g.pricePair()
	if !ok {
		return nil, false
	}
	a := g.price(th0.price[0]+1, th0.price[1]+4)
	b := g.price(1, max(2, a.floor()/2))
	if !more && b >= a {
		return nil, false
	}
	f0 := fact{slot: 0, step: -1, cl: clause{subj: phrase{an(th0.sg), "the " + th0.sg}, v: v("cost", "cost"), obj: same(a.dollars()), tense: present}, terse: same(th0.sg + " " + a.dollars())}
	than := g.one(" more than ", " more than ")
	if !more {
		than = g.one(" less than ", " less than ")
	}
	f1 := fact{slot: 1, step: -1, after: []int{0}, cl: clause{subj: same(an(th1.sg)), v: v("cost", "cost"), obj: same(b.dollars() + than + "the " + th0.sg), tense: present}, terse: same(th1.sg + " " + b.dollars() + than + "that")}
	qs := []question{
		{wh: "How much", subj: "the " + th1.sg, v: v("cost", "cost"), aux: "do", terse: "how much for the " + th1.sg},
		{wh: "What", subj: "the price of the " + th1.sg, v: v("be"), aux: "do", noEmbed: true, terse: "price of the " + th1.sg},
	}
	st := &story{topic: th0.topic, facts: []fact{f0, f1}, qs: qs, thing: cash}
	eq := add(at(0), at(1))
	if !more {
		eq = sub(at(0), at(1))
	}
	return st.with(eq, a, b), true
}

func costsMore(g *gen) (*story, bool) { return costMore(g, true) }
func costsLess(g *gen) (*story, bool) { return costMore(g, false) }

// stillNeedOne: someone needs a of a thing for something and has b; how
// many more does she need.
func stillNeedOne(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return len(t.uses) > 0 })
	a := g.amount(3, 90)
	b := g.part(a)
	who := g.person()
	use := pick(g.rng, th.uses)
	need := fact{slot: 0, step: -1, cl: clause{who: who, v: g.needVerb(), obj: same(cnt(th, a)), tail: use, tense: present}, terse: same("need " + cnt(th, a))}
	have := fact{slot: 1, step: -1, cl: clause{who: who, v: v("have", "had"), obj: phrase{cnt(th, b), g.one(itoa(b), cnt(th, b))}, tense: present}, terse: same("have " + itoa(b))}
	if g.chance(0.4) {
		if vb, ok := g.gatherVerb(th, who, b); ok {
			have.cl = clause{who: who, v: compound(v("have", "had"), "already "+vb.part), obj: phrase{cnt(th, b), itoa(b)}, tense: present}
		}
	}
	if g.chance(0.3) {
		have.cl.also = false
		have.cl.tail = "so far"
	}
	h := "How many more " + th.pl
	qs := []question{
		{wh: h, who: who, v: v("need"), aux: "do", terse: "how many more"},
		{wh: h, who: who, v: compound(v("have to", "had to"), g.one("get", "find", "buy")), aux: "do", terse: "how many more to get"},
		{wh: h, v: v("be needed"), pl: true, aux: "do", terse: "how many more needed"},
	}
	st := &story{main: who, topic: th.topic, facts: []fact{need, have}, qs: qs, thing: th}
	return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
}

// must makes a verb of having to do something: "have to read", "need to
// read", one of the ways given.
func (g *gen) must(do string, ways ...string) verb {
	w := g.one(ways...)
	head := v(w)
	if w == "have to" {
		head = v("have to", "had to")
	}
	return compound(head, do)
}

// needVerb draws a verb of needing: "needs", "wants".
func (g *gen) needVerb() verb {
	return pick(g.rng, []verb{v("need"), v("need"), v("want"), compound(v("have to", "had to"), "use")})
}

// choreLeft: someone has a units of a chore to do (pages to read) and
// has done b; how many are left.
func choreLeft(g *gen) (*story, bool) {
	ch := pick(g.rng, chores)
	a := g.amount(5, 120)
	b := g.part(a)
	who := g.person()
	must := g.must(ch.do.base, "have to", "need to", "want to")
	f0 := fact{slot: 0, step: -1, cl: clause{who: who, v: must, obj: same(count(a, ch.unit) + " " + ch.sources[0]), tense: present}, terse: same(count(a, ch.unit) + " to " + ch.do.base)}
	done := verb{base: ch.do.base, past: ch.do.past, part: ch.do.part}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: done, obj: phrase{count(b, ch.unit), g.one(itoa(b), itoa(b)+" of them", count(b, ch.unit))}, tense: presentPerfect, tail: g.one("so far", "already", "")}, terse: same(itoa(b) + " " + ch.do.part)}
	h := "How many " + ch.unit.pl
	qs := []question{
		{wh: h, who: who, v: compound(v("still have to", "still had to"), ch.do.base), aux: "do", terse: "how many left"},
		{wh: h, v: v("be left to " + ch.do.base), pl: true, aux: "do", terse: "how many left"},
		{wh: h, who: who, v: v("have", "had"), aux: "do", tail: "left to " + ch.do.base, terse: "how many left to do"},
	}
	st := &story{main: who, topic: ch.topic, facts: []fact{f0, f1}, qs: qs, thing: &thing{noun: ch.unit, topic: ch.topic}}
	return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
}

// restKind: someone has a things, b of them of one kind and the rest of
// another; how many of the other kind.
func restKind(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return len(t.kinds) >= 2 })
	a := g.amount(3, 90)
	b := g.part(a)
	ks := g.rng.Perm(len(th.kinds))
	k0, k1 := th.kinds[ks[0]], th.kinds[ks[1]]
	who := g.owner(th)
	have := g.state(who, th, a)
	have.cl.tense = present
	rest := g.one("the rest are ", "the others are ", "all the others are ")
	part := fact{slot: 1, step: -1, after: []int{0}, noCond: true, cl: clause{subj: phrase{itoa(b) + " of the " + th.pl, itoa(b) + " of them"}, plural: b != 1, v: v("be"), obj: same(k0), tail: "and " + rest + k1, tense: present}, terse: same(itoa(b) + " " + k0 + ", rest " + k1)}
	qs := []question{
		{wh: "How many " + k1 + " " + th.pl, who: who, v: v("have", "had"), aux: "do", terse: "how many " + k1},
		{wh: "How many " + k1 + " " + th.pl, subj: "there", pl: true, v: v("be"), aux: "do", terse: "how many " + k1},
		{wh: "How many of the " + th.pl, v: v("be"), pl: true, aux: "do", tail: k1, terse: "how many " + k1},
	}
	st := &story{main: who, topic: th.topic, facts: []fact{have, part}, qs: qs, thing: th}
	return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
}

// changeFound: someone had b and, after getting some more, has a (how
// many did she get), or had a and, after giving some away, has b left
// (how many did she give away).
func changeFound(g *gen) (*story, bool) {
	th := g.someThing()
	a := g.amount(3, 99)
	b := g.part(a)
	who := g.person()
	other := g.helper(who)
	h := howMany(th)
	some := g.one("some", "some more")
	if th.money {
		some = g.one("some money", "some more money")
	}
	if g.chance(0.5) {
		// Gained: b before, a after.
		f0 := fact{slot: 0, step: 0, state: true, cl: clause{who: who, v: v("have", "had"), obj: same(cnt(th, b))}, terse: same(cnt(th, b))}
		mid := fact{slot: -1, step: 1, noCond: true, cl: clause{who: other, v: v("give", "gave", "given"), obj: same("{main} " + some)}, terse: same(some + " received")}
		f1 := fact{slot: 1, step: 2, state: true, noCond: true, cl: clause{who: who, v: v("have", "had"), obj: phrase{cnt(th, a), g.one(bare(th, a), cnt(th, a))}, tense: present, when: "now"}, terse: same(bare(th, a) + " now")}
		qs := []question{
			{wh: h, who: other, v: v("give", "gave", "given"), aux: "did", tail: "{main}", terse: "how many given"},
			{wh: h, who: who, v: v("get", "got", "gotten"), aux: "did", tail: "from {other}", terse: "how many received"},
		}
		st := &story{main: who, other: other, topic: th.topic, facts: []fact{f0, mid, f1}, qs: qs, thing: th}
		st.keep = func(o []int) bool { return o[0] == 0 && o[1] == 1 }
		return st.with(sub(at(1), at(0)), whole(b), whole(a)), true
	}
	// Lost: a before, b after.
	f0 := fact{slot: 0, step: 0, state: true, cl: clause{who: who, v: v("have", "had"), obj: same(cnt(th, a))}, terse: same(cnt(th, a))}
	mid := fact{slot: -1, step: 1, noCond: true, cl: clause{who: who, v: v("give", "gave", "given"), obj: same(g.one("some", "some of them")), tail: "to {other}"}, terse: same("some given away")}
	if th.money {
		mid.cl = clause{who: who, v: v("spend", "spent"), obj: same("some of it"), tail: pick(g.rng, losses["spend"].tails)}
	}
	short := bare(th, b) + " left"
	f1 := fact{slot: 1, step: 2, state: true, noCond: true, cl: clause{who: who, v: v("have", "had"), obj: phrase{cnt(th, b) + " left", short}, tense: present, when: "now"}, terse: same(short)}
	qs := []question{
		{wh: h, who: who, v: v("give", "gave", "given"), aux: "did", tail: "to {other}", terse: "how many given away"},
		{wh: h, who: who, v: v("give away", "gave away", "given away"), aux: "did", terse: "how many given away"},
	}
	if th.money {
		qs = []question{{wh: "How much money", who: who, v: v("spend", "spent"), aux: "did", terse: "how much spent"}, {wh: "How much", who: who, v: v("spend", "spent"), aux: "did", terse: "how much spent"}}
	}
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{f0, mid, f1}, qs: qs, thing: th}
	st.keep = func(o []int) bool { return o[0] == 0 && o[1] == 1 }
	return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
}

// sale: a thing costs $a and is sold for $b off; how much does it cost
// now.
func sale(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return t.price[1] >= 3 })
	a := g.price(max(th.price[0], 3), th.price[1]+10)
	b := g.price(1, max(1, a.floor()-1))
	if b >= a {
		return nil, false
	}
	f0 := fact{slot: 0, step: -1, cl: clause{subj: phrase{an(th.sg), "the " + th.sg}, v: v("cost", "cost"), obj: same(a.dollars()), tense: present, tail: g.one("", "at the store", "at the market", "online")}, terse: same(th.sg + " " + a.dollars())}
	f1 := fact{slot: 1, step: -1, noCond: true, terse: same(b.dollars() + " off")}
	switch g.rng.Intn(3) {
	case 0:
		f1.cl = clause{subj: same("the store"), v: v("take", "took", "taken"), obj: same(b.dollars() + " off the price"), tense: present}
	case 1:
		f1.cl = clause{subj: same("it"), v: v("be"), obj: same("on sale for " + b.dollars() + " off"), tense: present}
		f1.after = []int{0}
	default:
		f1.cl = clause{subj: same("there"), v: v("be"), obj: same("a discount of " + b.dollars()), tail: "on " + g.one("it", "each "+th.sg), tense: present}
		f1.after = []int{0}
	}
	qs := []question{
		{wh: "How much", subj: "the " + th.sg, v: v("cost", "cost"), aux: "do", tail: g.one("now", "after the discount", "on sale"), terse: "price now"},
		{wh: "How much", who: nil, subj: "you", pl: true, v: v("pay", "paid"), aux: "do", tail: "for " + g.one("it", "the "+th.sg) + " now", terse: "price now"},
	}
	st := &story{topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: cash}
	return st.with(sub(at(0), at(1)), a, b), true
}

// change: someone buys a thing for $b and pays with a $a bill; how much
// change.
func change(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return t.price[1] > 0 })
	bill := pick(g.rng, []int{5, 10, 20, 20, 50, 100})
	b := g.price(th.price[0], min(th.price[1]+5, bill))
	if b >= whole(bill) {
		return nil, false
	}
	who := g.person()
	buy := fact{slot: 1, step: 0, cl: clause{who: who, v: v("buy", "bought"), obj: same(an(th.sg)), tail: "for " + b.dollars()}, terse: same(th.sg + " for " + b.dollars())}
	with := "with a $" + itoa(bill) + " bill"
	if bill == 5 || bill == 50 {
		with = g.one(with, "with $"+itoa(bill))
	}
	pay := fact{slot: 0, step: 1, cl: clause{who: who, v: v("pay", "paid"), obj: same(with)}, terse: same("paid " + with)}
	qs := []question{
		{wh: "How much change", who: who, v: v("get", "got", "gotten"), aux: "did", tail: g.one("", "back"), terse: "how much change"},
		{wh: "How much money", who: who, v: v("get back", "got back", "gotten back"), aux: "did", terse: "change"},
	}
	st := &story{main: who, topic: th.topic, facts: []fact{buy, pay}, qs: qs, thing: cash}
	return st.with(sub(at(0), at(1)), whole(bill), b), true
}

// ageGap: someone is a years old; someone else is b years older (a+b) or
// younger (a-b); how old is the second.
func ageGap(g *gen, older bool) (*story, bool) {
	p := g.person()
	if p.pro == proYou {
		return nil, false
	}
	a := smallInt(g.rng, 4, 70)
	b := smallInt(g.rng, 1, 30)
	if !older && b >= a {
		return nil, false
	}
	q := g.agemate(p, older, b)
	f0 := fact{slot: 0, step: -1, cl: clause{who: p, v: v("be"), obj: same(itoa(a) + " years old"), tense: present}, terse: same("age " + itoa(a))}
	than := g.one(" older than {main=}", " older")
	if !older {
		than = g.one(" younger than {main=}", " younger")
	}
	f1 := fact{slot: 1, step: -1, after: []int{0}, noCond: true, cl: clause{who: q, v: v("be"), obj: same(count(b, n("year")) + than), tense: present}}
	qs := []question{
		{wh: "How old", who: q, v: v("be"), aux: "do", terse: "age"},
		{wh: "What", subj: "{other's} age", v: v("be"), aux: "do", noEmbed: true, terse: "age"},
	}
	st := &story{main: p, other: q, topic: "family", facts: []fact{f0, f1}, qs: qs, noTerse: true, thing: &thing{noun: n("year"), topic: "family"}}
	eq := add(at(0), at(1))
	if !older {
		eq = sub(at(0), at(1))
	}
	return st.with(eq, whole(a), whole(b)), true
}

// agemate draws someone b years older (or younger) than p: a sibling, a
// cousin or a friend, or a parent or grandparent when older by enough.
func (g *gen) agemate(p *actor, older bool, b int) *actor {
	rels := []relative{{"brother", proHe}, {"sister", proShe}, {"cousin", proShe}, {"cousin", proHe}, {"friend", proShe}, {"friend", proHe}, {"neighbor", proHe}}
	switch {
	case older && b >= 20:
		rels = []relative{{"mom", proShe}, {"dad", proHe}, {"aunt", proShe}, {"uncle", proHe}, {"neighbor", proShe}}
	case older:
		rels = append(rels, relative{"big sister", proShe})
	default:
		rels = append(rels, relative{"little brother", proHe})
	}
	if g.chance(0.3) {
		return pickPerson(g.rng, p)
	}
	r := pick(g.rng, rels)
	return &actor{rel: r.rel, owner: p, pro: r.pro, kind: person}
}

func ageOlder(g *gen) (*story, bool)   { return ageGap(g, true) }
func ageYounger(g *gen) (*story, bool) { return ageGap(g, false) }

// startBeforeGain: someone had some, got b more and now has a; how many
// to begin with.
func startBeforeGain(g *gen) (*story, bool) {
	th := g.someThing()
	got := g.amount(1, 60)
	now := got + g.amount(1, 80)
	who := g.owner(th)
	other := g.helper(who)
	some := g.one("some ", "a few ") + th.pl
	if th.money {
		some = "some money"
	}
	start := fact{slot: -1, step: 0, state: true, cl: clause{who: who, v: v("have", "had"), obj: same(some)}, terse: same(some)}
	get := g.gain(who, other, th, got)
	get.slot, get.step = 1, 1
	f := fact{slot: 0, step: 2, state: true, cl: clause{who: who, v: v("have", "had"), obj: phrase{cnt(th, now), g.one(bare(th, now), cnt(th, now))}, tense: present, when: "now"}, terse: same(bare(th, now) + " now")}
	h := howMany(th)
	qs := []question{
		{wh: h, who: who, v: v("have", "had"), aux: "did", tail: g.one("to begin with", "at the start", "in the beginning"), terse: "how many to begin with"},
		{wh: h, who: who, v: v("start with", "started with"), aux: "did", terse: "how many to start"},
	}
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{start, get, f}, qs: qs, thing: th}
	st.keep = func(o []int) bool { return o[0] == 0 }
	return st.with(sub(at(0), at(1)), whole(now), whole(got)), true
}

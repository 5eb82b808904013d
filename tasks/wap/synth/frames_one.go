package synth

import (
	"fmt"
	"strings"
)

// The frames of one-step problems (general.go): a+b, a-b, a*b and a/b.
// Besides the plain ones (had and got more, had and gave away, boxes of
// so many, shared equally) they tell what people write in one step:
// comparisons ("5 more than", "how many fewer"), a start found from what
// is left, a change found from before and after, a part and the rest,
// prices with cents, change from a bill, ages, "3 times as many", a total
// made at a rate, and a rate found from a total.

// enOne is the English of this file.
var enOne = phraseBook("one")

// nowQs ask how much of a thing someone has after a gain.
func nowQs(th *thing, who *actor) []question {
	return asked("now", who, holes{"howmany": howMany(th)})
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
	tail1 := enOne.pick(g.rng, "in all together", nil)
	tail2 := enOne.pick(g.rng, "in all", nil)
	qs := asked("total", p.whole, holes{"howmany": h, "tail1": tail1, "tail2": tail2})
	if p.gained() {
		qs = nowQs(th, p.whole)
	}
	if len(p.whole.parts) > 0 {
		qs = append(qs, asked("total there", nil, holes{"howmany": h, "plural": yes(!th.money), "tail": enOne.pick(g.rng, "there in all", nil)})...)
	}
	st := &story{main: p.main, other: p.other, topic: th.topic, facts: []fact{p.f0, p.f1}, qs: qs, thing: th}
	return st.with(add(at(0), at(1)), whole(g.a), whole(g.b)), true
}

// gatherVerb draws a verb of getting th that reads as something done on
// an occasion ("picked", "baked"), not a gift.
func (g *gen) gatherVerb(th *thing, who *actor, k int) (verb, bool) {
	for _, a := range g.rng.Perm(len(th.get)) {
		act, ok := gains[th.get[a]]
		if ok && !contains(enOne.list("gifts", nil), act.v.base) && !(act.personal && who.kind == business) && (act.most == 0 || k <= act.most) {
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
	tail1 := g.inAll()
	tail2 := enOne.pick(g.rng, "in all", nil)
	qs := asked("gathered", who, holes{"howmany": howMany(th), "verb": verbText(vb), "tail1": tail1, "tail2": tail2})
	st := &story{main: who, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th}
	return st.with(add(at(0), at(1)), whole(a), whole(b)), true
}

// rivals draws a person and a relative or friend for a comparison, and a
// verb they both do to th: "have" (present) or one of getting it (past).
func (g *gen) rivals(th *thing, k int) (p, q *actor, vb verb, tn tense, aux string) {
	p = g.person()
	q = pickRelative(g.rng, p)
	vb, tn, aux = enOne.verb("have"), present, "do"
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
	more := enOne.pick(g.rng, "more than", holes{"n": itoa(b), "things": th.noun.form(b)})
	f1 := fact{slot: 1, step: 0, after: []int{0}, noCond: true, cl: clause{who: q, v: vb, obj: same(more), tense: tn}}
	qs := asked("rival has", q, holes{"howmany": howMany(th), "verb": verbText(vb), "aux": aux})
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
	less := enOne.pick(g.rng, "fewer than", holes{"n": itoa(b), "fewer": enOne.pick(g.rng, "fewer", nil), "things": th.noun.form(b)})
	if !contains(enOne.list("fewer", nil), lastWord(less)) && g.chance(0.3) {
		less = enOne.one("n fewer", holes{"n": itoa(b), "things": th.noun.form(b)})
	}
	f1 := fact{slot: 1, step: 0, after: []int{0}, noCond: true, cl: clause{who: q, v: vb, obj: same(less), tense: tn}}
	qs := asked("rival has", q, holes{"howmany": howMany(th), "verb": verbText(vb), "aux": aux})
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
	if g.chance(0.35) && tn == past {
		// One person on two occasions: "How many more apples did she
		// pick on Saturday than on Sunday?"
		pair := pick(g.rng, timePairs[g.one("hour", "day", "week")])
		if g.chance(0.5) {
			pair[0], pair[1] = pair[1], pair[0]
		}
		f0 := fact{slot: 0, step: 0, cl: clause{who: p, v: vb, obj: same(cnt(th, a)), when: pair[0], tense: tn}, terse: same(cnt(th, a) + " " + pair[0])}
		f1 := fact{slot: 1, step: 0, cl: clause{who: p, v: vb, obj: phrase{cnt(th, b), itoa(b)}, when: pair[1], tense: tn}, terse: same(itoa(b) + " " + pair[1])}
		qs := asked("more on occasion", p, holes{"things": th.pl, "verb": verbText(vb), "aux": aux, "first": pair[0], "second": pair[1]})
		st := &story{main: p, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th}
		return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
	}
	f0 := fact{slot: 0, step: 0, cl: clause{who: p, v: vb, obj: same(cnt(th, a)), tense: tn}, terse: same(cnt(th, a))}
	f1 := fact{slot: 1, step: 0, cl: clause{who: q, v: vb, obj: phrase{cnt(th, b), g.one(itoa(b), cnt(th, b))}, tense: tn}, terse: same(cnt(th, b))}
	than := enOne.one("than other", nil)
	if tn == past {
		than = enOne.one("than other did", nil)
	}
	qs := append(asked("more than other", p, holes{"things": th.pl, "verb": verbText(vb), "aux": aux, "tail": than}), asked("fewer than main", q, holes{"things": th.pl, "verb": verbText(vb), "aux": aux})...)
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
	now := fact{slot: 1, step: 1, state: true, cl: clause{who: who, v: enOne.verb("have"), obj: phrase{enOne.one("left", holes{"amount": cnt(th, left)}), enOne.pick(g.rng, "amount left", holes{"amount": bare(th, left), "count": cnt(th, left)})}, tense: present, when: enOne.one("now", nil)}, terse: same(enOne.one("left", holes{"amount": bare(th, left)}))}
	qs := asked("to begin with", who, holes{"howmany": howMany(th), "tail": enOne.pick(g.rng, "begin", nil)})
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
		start.cl = clause{subj: same("there"), plural: a != 1, v: enOne.verb("be"), obj: same(count(a, w)), tail: pl.where}
	} else {
		start.cl = clause{subj: same(count(a, w)), plural: a != 1, v: enOne.verb("be"), tail: pl.where}
	}
	bs := itoa(b)
	var move fact
	if came {
		inV := pick(g.rng, pl.in)
		move = fact{slot: 1, step: 1, more: true, cl: clause{subj: phrase{count(b, w), enOne.pick(g.rng, "more people", holes{"n": bs, "people": w.form(b)})}, plural: b != 1, v: inV}, terse: same(enOne.one("came", holes{"n": bs, "came": inV.past}))}
	} else {
		outV := pick(g.rng, pl.out)
		move = fact{slot: 1, step: 1, loss: true, ofStart: true, cl: clause{subj: phrase{count(b, w), enOne.pick(g.rng, "some of them", holes{"n": bs, "people": w.pl})}, plural: b != 1, v: outV}, terse: same(bs + " " + outV.past)}
	}
	if g.chance(0.5) {
		move.cl.when = pl.events[0]
	}
	qs := asked("come and go", nil, holes{"people": w.pl, "where": pl.where})
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
	f0 := fact{slot: 0, step: -1, cl: clause{subj: phrase{an(th0.sg), enOne.one("the thing", holes{"thing": th0.sg})}, v: enOne.verb("cost"), obj: same(a.dollars()), tense: present}, terse: same(th0.sg + " " + a.dollars())}
	than := enOne.pick(g.rng, "more than price", nil)
	if !more {
		than = enOne.pick(g.rng, "less than price", nil)
	}
	f1 := fact{slot: 1, step: -1, after: []int{0}, cl: clause{subj: same(an(th1.sg)), v: enOne.verb("cost"), obj: same(enOne.one("than the thing", holes{"price": b.dollars(), "than": than, "thing": th0.sg})), tense: present}, terse: same(enOne.one("than that", holes{"thing": th1.sg, "price": b.dollars(), "than": than}))}
	qs := asked("cost of", nil, holes{"thing": th1.sg})
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
	need := fact{slot: 0, step: -1, cl: clause{who: who, v: g.needVerb(), obj: same(cnt(th, a)), tail: use, tense: present}, terse: same(enOne.one("need count", holes{"count": cnt(th, a)}))}
	have := fact{slot: 1, step: -1, cl: clause{who: who, v: enOne.verb("have"), obj: phrase{cnt(th, b), g.one(itoa(b), cnt(th, b))}, tense: present}, terse: same(enOne.one("have n", holes{"n": itoa(b)}))}
	if g.chance(0.4) {
		if vb, ok := g.gatherVerb(th, who, b); ok {
			have.cl = clause{who: who, v: enOne.verbsWith("have already", holes{"done": vb.part})[0], obj: phrase{cnt(th, b), itoa(b)}, tense: present}
		}
	}
	if g.chance(0.3) {
		have.cl.also = false
		have.cl.tail = enOne.one("so far", nil)
	}
	qs := append(asked("still need", who, holes{"things": th.pl, "get": enOne.pick(g.rng, "get", nil)}), asked("still need needed", nil, holes{"things": th.pl})...)
	st := &story{main: who, topic: th.topic, facts: []fact{need, have}, qs: qs, thing: th}
	return st.with(sub(at(0), at(1)), whole(a), whole(b)), true
}

// must makes a verb of having to do something: "have to read", "need to
// read", one of the ways given ("have to/had to", "need to").
func (g *gen) must(do string, ways []verb) verb {
	return compound(pick(g.rng, ways), do)
}

// needVerb draws a verb of needing: "needs", "wants".
func (g *gen) needVerb() verb {
	return pick(g.rng, enOne.verbs("need"))
}

// choreLeft: someone has a units of a chore to do (pages to read) and
// has done b; how many are left.
func choreLeft(g *gen) (*story, bool) {
	ch := pick(g.rng, chores)
	a := g.amount(5, 120)
	b := g.part(a)
	who := g.person()
	must := g.must(ch.do.base, enOne.verbs("must"))
	f0 := fact{slot: 0, step: -1, cl: clause{who: who, v: must, obj: same(count(a, ch.unit) + " " + ch.sources[0]), tense: present}, terse: same(enOne.one("to do", holes{"count": count(a, ch.unit), "do": ch.do.base}))}
	done := verb{base: ch.do.base, past: ch.do.past, part: ch.do.part}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: done, obj: phrase{count(b, ch.unit), enOne.pick(g.rng, "of them", holes{"n": itoa(b), "count": count(b, ch.unit)})}, tense: presentPerfect, tail: enOne.pick(g.rng, "so far or already", nil)}, terse: same(itoa(b) + " " + ch.do.part)}
	qs := asked("chore left", who, holes{"units": ch.unit.pl, "do": ch.do.base})
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
	rest := enOne.pick(g.rng, "the rest are", nil)
	part := fact{slot: 1, step: -1, after: []int{0}, noCond: true, cl: clause{subj: phrase{enOne.one("of the things", holes{"n": itoa(b), "things": th.pl}), enOne.one("n of them", holes{"n": itoa(b)})}, plural: b != 1, v: enOne.verb("be"), obj: same(k0), tail: enOne.one("and the rest", holes{"rest": rest, "kind": k1}), tense: present}, terse: same(enOne.one("kinds", holes{"n": itoa(b), "kind0": k0, "kind1": k1}))}
	qs := append(asked("rest kind", who, holes{"kind": k1, "things": th.pl}), asked("rest kind of the", nil, holes{"kind": k1, "things": th.pl})...)
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
	some := enOne.pick(g.rng, "some", nil)
	if th.money {
		some = enOne.pick(g.rng, "some money", nil)
	}
	if g.chance(0.5) {
		// Gained: b before, a after.
		f0 := fact{slot: 0, step: 0, state: true, cl: clause{who: who, v: enOne.verb("have"), obj: same(cnt(th, b))}, terse: same(cnt(th, b))}
		mid := fact{slot: -1, step: 1, noCond: true, cl: clause{who: other, v: enOne.verb("give"), obj: same(enOne.one("main some", holes{"some": some}))}, terse: same(enOne.one("received", holes{"some": some}))}
		f1 := fact{slot: 1, step: 2, state: true, noCond: true, cl: clause{who: who, v: enOne.verb("have"), obj: phrase{cnt(th, a), g.one(bare(th, a), cnt(th, a))}, tense: present, when: enOne.one("now", nil)}, terse: same(enOne.one("amount now", holes{"amount": bare(th, a)}))}
		qs := append(asked("gave main", other, holes{"howmany": h}), asked("got from other", who, holes{"howmany": h})...)
		st := &story{main: who, other: other, topic: th.topic, facts: []fact{f0, mid, f1}, qs: qs, thing: th}
		st.keep = func(o []int) bool { return o[0] == 0 && o[1] == 1 }
		return st.with(sub(at(1), at(0)), whole(b), whole(a)), true
	}
	// Lost: a before, b after.
	f0 := fact{slot: 0, step: 0, state: true, cl: clause{who: who, v: enOne.verb("have"), obj: same(cnt(th, a))}, terse: same(cnt(th, a))}
	mid := fact{slot: -1, step: 1, noCond: true, cl: clause{who: who, v: enOne.verb("give"), obj: same(enOne.pick(g.rng, "some or some of them", nil)), tail: enOne.one("to other", nil)}, terse: same(enOne.one("given away", nil))}
	if th.money {
		mid.cl = clause{who: who, v: enOne.verb("spend"), obj: same(enOne.one("some of it", nil)), tail: pick(g.rng, losses["spend"].tails)}
	}
	short := enOne.one("left", holes{"amount": bare(th, b)})
	f1 := fact{slot: 1, step: 2, state: true, noCond: true, cl: clause{who: who, v: enOne.verb("have"), obj: phrase{enOne.one("left", holes{"amount": cnt(th, b)}), short}, tense: present, when: enOne.one("now", nil)}, terse: same(short)}
	qs := asked("gave away", who, holes{"howmany": h})
	if th.money {
		qs = asked("spent", who, nil)
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
	f0 := fact{slot: 0, step: -1, cl: clause{subj: phrase{an(th.sg), enOne.one("the thing", holes{"thing": th.sg})}, v: enOne.verb("cost"), obj: same(a.dollars()), tense: present, tail: enOne.pick(g.rng, "at the store", nil)}, terse: same(th.sg + " " + a.dollars())}
	off := b.dollars()
	f1 := fact{slot: 1, step: -1, noCond: true, terse: same(enOne.one("off", holes{"price": off}))}
	switch g.rng.Intn(3) {
	case 0:
		f1.cl = clause{subj: same(enOne.one("the store", nil)), v: enOne.verb("take"), obj: same(enOne.one("off the price", holes{"price": off})), tense: present}
	case 1:
		f1.cl = clause{subj: same(enOne.one("it", nil)), v: enOne.verb("be"), obj: same(enOne.one("on sale", holes{"price": off})), tense: present}
		f1.after = []int{0}
	default:
		f1.cl = clause{subj: same("there"), v: enOne.verb("be"), obj: same(enOne.one("discount", holes{"price": off})), tail: enOne.pick(g.rng, "on it", holes{"thing": th.sg}), tense: present}
		f1.after = []int{0}
	}
	tail := enOne.pick(g.rng, "now or on sale", nil)
	qs := asked("sale", nil, holes{"thing": th.sg, "tail": tail, "it": enOne.pick(g.rng, "it or the thing", holes{"thing": th.sg})})
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
	buy := fact{slot: 1, step: 0, cl: clause{who: who, v: enOne.verb("buy"), obj: same(an(th.sg)), tail: enOne.one("for price", holes{"price": b.dollars()})}, terse: same(enOne.one("thing for", holes{"thing": th.sg, "price": b.dollars()}))}
	with := enOne.one("with a bill", holes{"money": money(bill)})
	if bill == 5 || bill == 50 {
		with = enOne.pick(g.rng, "with money", holes{"money": money(bill)})
	}
	pay := fact{slot: 0, step: 1, cl: clause{who: who, v: enOne.verb("pay"), obj: same(with)}, terse: same(enOne.one("paid with", holes{"with": with}))}
	qs := asked("change", who, holes{"tail": enOne.pick(g.rng, "back", nil)})
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
	f0 := fact{slot: 0, step: -1, cl: clause{who: p, v: enOne.verb("be"), obj: same(enOne.one("years old", holes{"n": itoa(a)})), tense: present}, terse: same(enOne.one("age", holes{"n": itoa(a)}))}
	years := count(b, enOne.noun("year"))
	than := enOne.pick(g.rng, "older", holes{"years": years})
	if !older {
		than = enOne.pick(g.rng, "younger", holes{"years": years})
	}
	f1 := fact{slot: 1, step: -1, after: []int{0}, noCond: true, cl: clause{who: q, v: enOne.verb("be"), obj: same(than), tense: present}}
	qs := asked("age", q, nil)
	st := &story{main: p, other: q, topic: "family", facts: []fact{f0, f1}, qs: qs, noTerse: true, thing: &thing{noun: enOne.noun("year"), topic: "family"}}
	eq := add(at(0), at(1))
	if !older {
		eq = sub(at(0), at(1))
	}
	return st.with(eq, whole(a), whole(b)), true
}

// agemate draws someone b years older (or younger) than p: a sibling, a
// cousin or a friend, or a parent or grandparent when older by enough.
func (g *gen) agemate(p *actor, older bool, b int) *actor {
	rels := relativesOf(enOne.list("agemates", nil))
	switch {
	case older && b >= 20:
		rels = relativesOf(enOne.list("elders", nil))
	case older:
		rels = append(rels, relativesOf(enOne.list("older sibling", nil))...)
	default:
		rels = append(rels, relativesOf(enOne.list("younger sibling", nil))...)
	}
	if g.chance(0.3) {
		return pickPerson(g.rng, p)
	}
	r := pick(g.rng, rels)
	return &actor{rel: r.rel, owner: p, pro: r.pro, kind: person}
}

// relativesOf reads relations with their pronouns: "brother/he".
func relativesOf(rs []string) []relative {
	out := make([]relative, len(rs))
	for i, r := range rs {
		rel, pro, _ := strings.Cut(r, "/")
		p, ok := relativePronouns[pro]
		if !ok {
			panic(fmt.Sprintf("synth: data/text/one.tsv: relation %q, want a relation and she or he: brother/he", r))
		}
		out[i] = relative{rel, p}
	}
	return out
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
	some := enOne.pick(g.rng, "some things", holes{"things": th.pl})
	if th.money {
		some = enOne.one("just some money", nil)
	}
	start := fact{slot: -1, step: 0, state: true, cl: clause{who: who, v: enOne.verb("have"), obj: same(some)}, terse: same(some)}
	get := g.gain(who, other, th, got)
	get.slot, get.step = 1, 1
	f := fact{slot: 0, step: 2, state: true, cl: clause{who: who, v: enOne.verb("have"), obj: phrase{cnt(th, now), g.one(bare(th, now), cnt(th, now))}, tense: present, when: enOne.one("now", nil)}, terse: same(enOne.one("amount now", holes{"amount": bare(th, now)}))}
	qs := asked("to begin with", who, holes{"howmany": howMany(th), "tail": enOne.pick(g.rng, "begin", nil)})
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{start, get, f}, qs: qs, thing: th}
	st.keep = func(o []int) bool { return o[0] == 0 }
	return st.with(sub(at(0), at(1)), whole(now), whole(got)), true
}

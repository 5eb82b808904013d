package synth

// The frames of the two-step shapes that CC does not have (general.go):
// three parts added; two amounts taken away (or told as a part and the
// rest); a loss then a gain; a product and an amount added or taken away
// (boxes and a few more, a bill and a fee, a wage and a tip, money left
// after buying several); three factors; a rate found and applied again;
// a product shared; a total shared among two groups.

// enTwo is the English of this file.
var enTwo = phraseBook("two")

// threeTimes: someone got a, b and c of a thing on three occasions; how
// many in all.
func threeTimes(g *gen) (*story, bool) {
	th := g.thing(nil)
	a, b, c := g.amount(2, 60), g.amount(2, 60), g.amount(2, 60)
	who := g.owner(th)
	vb, ok := g.gatherVerb(th, who, max(a, b, c))
	if !ok {
		return nil, false
	}
	seq := pick(g.rng, timeSeqs)
	var fs []fact
	for i, k := range []int{a, b, c} {
		obj := phrase{cnt(th, k), g.one(itoa(k), g.more(th, k))}
		if i == 0 {
			obj.short = ""
		}
		fs = append(fs, fact{slot: i, step: i, more: i > 0, cl: clause{who: who, v: vb, obj: obj, when: seq[i]}, terse: same(itoa(k) + " " + seq[i])})
	}
	qs := asked("gathered all", who, holes{"howmany": howMany(th), "verb": verbText(vb), "tail": g.inAll()})
	st := &story{main: who, topic: th.topic, facts: fs, qs: qs, thing: th}
	return st.with(add(add(at(0), at(1)), at(2)), whole(a), whole(b), whole(c)), true
}

// threeKinds: someone has (or got) a, b and c of three kinds of a thing;
// how many in all.
func threeKinds(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return len(t.kinds) >= 3 })
	a, b, c := g.amount(2, 60), g.amount(2, 60), g.amount(2, 60)
	who := g.owner(th)
	ks := g.rng.Perm(len(th.kinds))
	vb := enTwo.verb("have")
	if w, ok := g.gatherVerb(th, who, max(a, b, c)); ok && g.chance(0.5) {
		vb = w
	}
	var fs []fact
	for i, k := range []int{a, b, c} {
		kc := kindCnt(th, th.kinds[ks[i]], k)
		fs = append(fs, fact{slot: i, step: 0, state: stative(vb), cl: clause{who: who, v: vb, obj: same(kc)}, terse: same(kc)})
	}
	h := howMany(th)
	qs := asked("kinds in all", who, holes{"howmany": h, "verb": verbText(vb), "tail": enTwo.pick(g.rng, "in all", nil)})
	if vb.base == "have" {
		qs = append(qs, asked("kinds total", who, holes{"howmany": h, "verb": verbText(vb), "tail": enTwo.pick(g.rng, "in all or altogether", nil)})...)
	}
	st := &story{main: who, topic: th.topic, facts: fs, qs: qs, thing: th}
	return st.with(add(add(at(0), at(1)), at(2)), whole(a), whole(b), whole(c)), true
}

// threePeople: three people have a, b and c of a thing; how many do they
// have together.
func threePeople(g *gen) (*story, bool) {
	th := g.thing(nil)
	a, b, c := g.amount(2, 60), g.amount(2, 60), g.amount(2, 60)
	who := g.person()
	other, third := pickRelative(g.rng, who), pickRelative(g.rng, who)
	if third.rel == other.rel && third.rel != "" || third.name == other.name && third.name != "" {
		return nil, false
	}
	all := &actor{parts: []*actor{who, other, third}, pro: proThey, plural: true, kind: person}
	if who.pro == proI {
		all.pro = proWe
	}
	var fs []fact
	for i, p := range all.parts {
		k := []int{a, b, c}[i]
		obj := phrase{cnt(th, k), g.one(itoa(k), cnt(th, k))}
		if i == 0 {
			obj.short = ""
		}
		fs = append(fs, fact{slot: i, step: 0, state: true, cl: clause{who: p, v: enTwo.verb("have"), obj: obj, tense: present}, terse: same(cnt(th, k))})
	}
	qs := asked("have in all", all, holes{"howmany": howMany(th), "tail": enTwo.pick(g.rng, "in all together", nil)})
	st := &story{main: who, other: other, topic: th.topic, facts: fs, qs: qs, thing: th}
	return st.with(add(add(at(0), at(1)), at(2)), whole(a), whole(b), whole(c)), true
}

// haveThenTwo: someone had a and got b and then c more ((a+b)+c: how
// many now), or lost b and then c ((a-b)-c: how many left).
func haveThenTwo(g *gen, gain bool) (*story, bool) {
	th := g.someThing()
	a := g.amount(4, 99)
	b := g.part(a)
	if a-b < 2 {
		return nil, false
	}
	c := g.part(a - b)
	if gain {
		b, c = g.amount(2, 60), g.amount(2, 60)
	}
	who := g.owner(th)
	other := g.helper(who)
	fs := []fact{g.state(who, th, a)}
	for i, k := range []int{b, c} {
		f := g.loss(who, other, th, k)
		if gain {
			f = g.gain(who, other, th, k)
		}
		f.slot, f.step = i+1, i+1
		fs = append(fs, f)
	}
	if !gain && fs[1].cl.v.base == fs[2].cl.v.base && fs[2].cl.who != nil && fs[2].cl.obj.full != "" && g.chance(0.5) {
		// "She sold 12 on Monday and 8 more on Tuesday."
		fs[2].cl.obj.short = enTwo.pick(g.rng, "more", holes{"n": itoa(c)})
		if th.money {
			fs[2].cl.obj.short = enTwo.one("more money", holes{"money": money(c)})
		}
	}
	g.timeFacts(0.3, &fs[1], &fs[2])
	qs, eq := haveQs(th, who), sub(sub(at(0), at(1)), at(2))
	if gain {
		qs, eq = nowQs(th, who), add(add(at(0), at(1)), at(2))
	}
	st := &story{main: who, other: other, topic: th.topic, facts: fs, qs: qs, thing: th}
	return st.with(eq, whole(a), whole(b), whole(c)), true
}

func gainTwice(g *gen) (*story, bool) { return haveThenTwo(g, true) }
func loseTwice(g *gen) (*story, bool) { return haveThenTwo(g, false) }

// kindsRest: someone has a things: b of one kind, c of another and the
// rest of a third; how many of the third.
func kindsRest(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return len(t.kinds) >= 3 })
	a := g.amount(5, 99)
	b := g.part(a)
	if a-b < 2 {
		return nil, false
	}
	c := g.part(a - b)
	ks := g.rng.Perm(len(th.kinds))
	k0, k1, k2 := th.kinds[ks[0]], th.kinds[ks[1]], th.kinds[ks[2]]
	who := g.owner(th)
	have := g.state(who, th, a)
	have.cl.tense = present
	f1 := fact{slot: 1, step: -1, after: []int{0}, noCond: true, cl: clause{subj: phrase{enTwo.one("of the things", holes{"n": itoa(b), "things": th.pl}), enTwo.one("n of them", holes{"n": itoa(b)})}, plural: b != 1, v: enTwo.verb("be"), obj: same(k0), tense: present}, terse: same(itoa(b) + " " + k0)}
	f2 := fact{slot: 2, step: -1, after: []int{1}, noCond: true, cl: clause{subj: same(itoa(c)), plural: c != 1, v: enTwo.verb("be"), obj: same(k1), tense: present}, terse: same(itoa(c) + " " + k1)}
	rest := fact{slot: -1, step: -1, after: []int{2}, noCond: true, cl: clause{subj: same(enTwo.pick(g.rng, "the rest", nil)), plural: true, v: enTwo.verb("be"), obj: same(k2), tense: present}, terse: same(enTwo.one("rest kind", holes{"kind": k2}))}
	qs := asked("rest kind", who, holes{"kind": k2, "things": th.pl})
	st := &story{main: who, topic: th.topic, facts: []fact{have, f1, f2, rest}, qs: qs, thing: th}
	return st.with(sub(at(0), add(at(1), at(2))), whole(a), whole(b), whole(c)), true
}

// spendTwice: someone had $a and spent $b on one thing and $c on another;
// how much is left.
func spendTwice(g *gen) (*story, bool) {
	a := whole(g.amount(10, 120))
	if g.chance(0.3) {
		a = g.price(10, 120)
	}
	b := g.price(1, max(1, a.floor()/2))
	c := g.price(1, max(1, a.floor()/2))
	if b+c >= a {
		return nil, false
	}
	who := g.person()
	other := g.helper(who)
	tails := g.rng.Perm(len(losses["spend"].tails))
	have := fact{slot: 0, step: 0, state: true, cl: clause{who: who, v: enTwo.verb("have"), obj: same(a.dollars())}, terse: same(a.dollars())}
	if g.chance(0.3) {
		have.cl.tail = enTwo.pick(g.rng, "wallet", nil)
	}
	var fs []fact
	for i, x := range []num{b, c} {
		t := losses["spend"].tails[tails[i]]
		fs = append(fs, fact{slot: i + 1, step: i + 1, loss: true, cl: clause{who: who, v: enTwo.verb("spend"), obj: same(x.dollars()), tail: t}, terse: same(x.dollars() + " " + plainTail(t))})
	}
	g.timeFacts(0.2, &fs[0], &fs[1])
	st := &story{main: who, other: other, topic: "money", facts: []fact{have, fs[0], fs[1]}, qs: haveQs(cash, who), thing: cash}
	eq := sub(sub(at(0), at(1)), at(2))
	if g.chance(0.3) {
		eq = sub(at(0), add(at(1), at(2)))
	}
	return st.with(eq, a, b, c), true
}

// choreTwice: someone has a units of a chore to do and did b on one day
// and c on another; how many are left.
func choreTwice(g *gen) (*story, bool) {
	ch := pick(g.rng, chores)
	a := g.amount(6, 150)
	b := g.part(a)
	if a-b < 2 {
		return nil, false
	}
	c := g.part(a - b)
	who := g.person()
	must := g.must(ch.do.base, enTwo.verbs("have to or need to"))
	f0 := fact{slot: 0, step: -1, cl: clause{who: who, v: must, obj: same(count(a, ch.unit) + " " + ch.sources[0]), tense: present}, terse: same(enTwo.one("to do", holes{"count": count(a, ch.unit), "do": ch.do.base}))}
	pair := pick(g.rng, timePairs["day"])
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: ch.do, obj: phrase{count(b, ch.unit), itoa(b)}, when: pair[0]}, terse: same(itoa(b) + " " + pair[0])}
	f2 := fact{slot: 2, step: 1, more: true, cl: clause{who: who, v: ch.do, obj: phrase{count(c, ch.unit), enTwo.pick(g.rng, "n more", holes{"n": itoa(c)})}, when: pair[1]}, terse: same(itoa(c) + " " + pair[1])}
	qs := asked("chore twice", who, holes{"units": ch.unit.pl, "do": ch.do.base})
	st := &story{main: who, topic: ch.topic, facts: []fact{f0, f1, f2}, qs: qs, thing: &thing{noun: ch.unit, topic: ch.topic}}
	eq := sub(at(0), add(at(1), at(2)))
	if g.chance(0.5) {
		eq = sub(sub(at(0), at(1)), at(2))
	}
	return st.with(eq, whole(a), whole(b), whole(c)), true
}

// loseThenGain: someone had a, lost b and then got c more; how many now.
func loseThenGain(g *gen) (*story, bool) {
	th := g.someThing()
	a := g.amount(3, 99)
	b := g.part(a)
	c := g.amount(1, 60)
	who := g.owner(th)
	other := g.helper(who)
	have := g.state(who, th, a)
	lose := g.loss(who, other, th, b)
	lose.slot, lose.step = 1, 1
	get := g.gain(who, other, th, c)
	get.slot, get.step = 2, 2
	g.timeFacts(0.3, &lose, &get)
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, lose, get}, qs: nowQs(th, who), thing: th}
	st.keep = func(o []int) bool { return o[0] == 0 }
	return st.with(add(sub(at(0), at(1)), at(2)), whole(a), whole(b), whole(c)), true
}

// stops: a people were somewhere; b left and then c came; how many now.
func stops(g *gen) (*story, bool) {
	pl := pick(g.rng, places)
	w := pl.who
	a := g.crowd(3, 90)
	b := g.part(a)
	c := g.crowd(1, 40)
	start := fact{slot: 0, step: 0, state: true, cl: clause{subj: same("there"), plural: a != 1, v: enTwo.verb("be"), obj: same(count(a, w)), tail: pl.where}, terse: same(count(a, w) + " " + pl.where)}
	outV, inV := pick(g.rng, pl.out), pick(g.rng, pl.in)
	bs, cs := itoa(b), itoa(c)
	gone := fact{slot: 1, step: 1, loss: true, ofStart: true, cl: clause{subj: phrase{count(b, w), enTwo.pick(g.rng, "some of them", holes{"n": bs, "people": w.pl})}, plural: b != 1, v: outV, when: pl.events[0]}, terse: same(bs + " " + outV.past)}
	come := fact{slot: 2, step: 2, more: true, cl: clause{subj: phrase{count(c, w), enTwo.pick(g.rng, "more people", holes{"n": cs, "people": w.form(c)})}, plural: c != 1, v: inV, when: pl.events[1]}, terse: same(cs + " " + inV.past)}
	qs := asked("come and go", nil, holes{"people": w.pl, "where": pl.where})
	st := &story{topic: pl.topic, facts: []fact{start, gone, come}, qs: qs, thing: &thing{noun: w, topic: pl.topic}}
	st.keep = func(o []int) bool { return isIdentity(o) }
	return st.with(add(sub(at(0), at(1)), at(2)), whole(a), whole(b), whole(c)), true
}

// boxesAndMore: someone has a boxes of b things and got c more; how many
// in all.
func boxesAndMore(g *gen) (*story, bool) {
	per, k := smallInt(g.rng, 2, 24), g.amount(2, 20)
	l, ok := g.boxLot(per, k, false)
	if !ok {
		return nil, false
	}
	c := smallInt(g.rng, 1, 40)
	other := g.helper(l.who)
	more := g.gain(l.who, other, l.th, c)
	more.slot, more.step = 2, 1
	st := &story{main: l.who, other: other, topic: l.th.topic, facts: []fact{l.count, l.rate, more}, qs: nowQs(l.th, l.who), thing: l.th}
	st.keep = func(o []int) bool { return o[2] == 2 }
	return st.with(add(mul(at(0), at(1)), at(2)), whole(k), whole(per), whole(c)), true
}

// fees are what an extra fee is for (data/lists.tsv).
var fees = fromList("fees", (*row).list)

// billAndFee: someone bought a things at $b each and paid $c more for
// something else (a*b+c), or had a coupon for $c off (a*b-c).
func billAndFee(g *gen, extra bool) (*story, bool) {
	th := g.thing(func(t *thing) bool { return t.price[1] > 0 })
	p := g.price(th.price[0], th.price[1])
	k := smallInt(g.rng, 2, 12)
	total := p * num(k)
	c := g.price(1, max(1, min(15, total.floor()-1)))
	if !extra && c >= total {
		return nil, false
	}
	who := g.buyer(th, false)
	rate := g.priceOf(th, p.dollars(), nil)
	rate.slot = 1
	f := fact{slot: 0, step: 0, host: true, cl: clause{who: who, v: enTwo.verb("buy"), obj: same(cnt(th, k))}, terse: same(enTwo.one("bought", holes{"n": itoa(k)}))}
	var f2 fact
	if extra {
		fee := pick(g.rng, fees)
		f2 = fact{slot: 2, step: 1, also: true, after: []int{0}, cl: clause{who: who, v: enTwo.verb("pay"), obj: same(c.dollars()), tail: fee}, terse: same(c.dollars() + " " + fee)}
	} else {
		f2 = fact{slot: 2, step: -1, cl: clause{who: who, v: enTwo.verb("have"), obj: same(enTwo.one("coupon for", holes{"price": c.dollars()})), tail: enTwo.pick(g.rng, "the total", nil), tense: present}, terse: same(enTwo.one("coupon", holes{"price": c.dollars()}))}
		if g.chance(0.4) {
			f2.cl = clause{who: who, v: enTwo.verb("use"), obj: same(enTwo.one("a coupon", holes{"price": c.dollars()}))}
		}
	}
	qs := spendQs(who)
	st := &story{main: who, topic: th.topic, facts: []fact{f, rate, f2}, qs: qs, thing: cash}
	eq := add(mul(at(0), at(1)), at(2))
	if !extra {
		eq = sub(mul(at(0), at(1)), at(2))
	}
	return st.with(eq, whole(k), p, c), true
}

func billPlusFee(g *gen) (*story, bool)    { return billAndFee(g, true) }
func billWithCoupon(g *gen) (*story, bool) { return billAndFee(g, false) }

// moneyActivity draws an activity paid by the hour.
func (g *gen) moneyActivity() (activity, int) {
	for {
		act, _, r := g.anyActivity()
		if act.money && contains(act.pers, "hour") {
			return act, r
		}
	}
}

// wageAnd: someone earns $b per period and worked a periods, then got $c
// in tips (a*b+c) or spent $c of it (a*b-c).
func wageAnd(g *gen, tip bool) (*story, bool) {
	act, r := g.moneyActivity()
	k := smallInt(g.rng, 2, 12)
	who := g.person()
	other := g.helper(who)
	f, rate, ok := g.worked(who, act, "hour", r, k)
	if !ok {
		return nil, false
	}
	c := g.price(1, max(1, min(40, r*k-1)))
	var f2 fact
	var qs []question
	if tip {
		tips := enTwo.one("in tips", holes{"price": c.dollars()})
		f2 = fact{slot: 2, step: 0, also: true, cl: clause{who: who, v: enTwo.verb("get"), obj: same(tips)}, terse: same(tips)}
		if g.chance(0.4) {
			f2.cl = clause{who: who, v: enTwo.verb("get"), obj: same(enTwo.pick(g.rng, "a tip", holes{"price": c.dollars()}))}
		}
		qs = earnQs(who, "did")
	} else {
		t := pick(g.rng, losses["spend"].tails)
		f2 = fact{slot: 2, step: 1, loss: true, cl: clause{who: who, v: enTwo.verb("spend"), obj: phrase{c.dollars(), enTwo.one("of it", holes{"price": c.dollars()})}, tail: t}, terse: same(enTwo.one("spent", holes{"price": c.dollars()}))}
		qs = haveQs(cash, who)[:4]
	}
	st := &story{main: who, other: other, topic: act.topic, facts: []fact{f, rate, f2}, qs: qs, thing: cash, timed: true}
	st.keep = func(o []int) bool { return o[2] == 2 || tip }
	eq := add(mul(at(0), at(1)), at(2))
	if !tip {
		eq = sub(mul(at(0), at(1)), at(2))
	}
	return st.with(eq, whole(k), whole(r), c), true
}

func wagePlusTip(g *gen) (*story, bool)    { return wageAnd(g, true) }
func wageMinusSpent(g *gen) (*story, bool) { return wageAnd(g, false) }

// boxesLess: someone has a boxes of b things and gave away (ate, sold)
// c of them; how many are left.
func boxesLess(g *gen) (*story, bool) {
	per, k := smallInt(g.rng, 2, 24), g.amount(2, 20)
	l, ok := g.boxLot(per, k, false)
	if !ok {
		return nil, false
	}
	c := g.part(k * per)
	other := g.helper(l.who)
	lose := g.loss(l.who, other, l.th, c)
	lose.slot, lose.step = 2, 1
	lose.cl.obj.short, lose.cl.subj.short = "", ""
	st := &story{main: l.who, other: other, topic: l.th.topic, facts: []fact{l.count, l.rate, lose}, qs: haveQs(l.th, l.who), thing: l.th}
	st.keep = func(o []int) bool { return o[2] == 2 }
	return st.with(sub(mul(at(0), at(1)), at(2)), whole(k), whole(per), whole(c)), true
}

// moneyLeft: someone had $a and bought b things at $c each; how much is
// left.
func moneyLeft(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return t.price[1] > 0 })
	p := g.price(th.price[0], th.price[1])
	k := smallInt(g.rng, 2, 12)
	cost := p * num(k)
	a := whole(max(cost.floor()+1+g.amount(1, 60), 5))
	who := g.person()
	have := fact{slot: 0, step: 0, state: true, cl: clause{who: who, v: enTwo.verb("have"), obj: same(a.dollars())}, terse: same(a.dollars())}
	buy := fact{slot: 1, step: 1, host: true, cl: clause{who: who, v: enTwo.verb("buy"), obj: phrase{cnt(th, k), cnt(th, k)}}, terse: same(enTwo.one("count bought", holes{"count": cnt(th, k)}))}
	rate := g.priceOf(th, p.dollars(), nil)
	rate.slot = 2
	qs := haveQs(cash, who)[:4]
	st := &story{main: who, topic: th.topic, facts: []fact{have, buy, rate}, qs: qs, thing: cash}
	st.keep = func(o []int) bool { return position(o, 0) < position(o, 1) }
	return st.with(sub(at(0), mul(at(1), at(2))), a, whole(k), p), true
}

// needBoxes: someone needs a things and has b boxes of c; how many more.
func needBoxes(g *gen) (*story, bool) {
	per := smallInt(g.rng, 2, 24)
	th, box, ok := g.boxThing(per)
	if !ok || len(th.uses) == 0 {
		return nil, false
	}
	k := smallInt(g.rng, 2, 8)
	a := k*per + smallInt(g.rng, 1, 50)
	who := g.person()
	need := fact{slot: 0, step: -1, cl: clause{who: who, v: g.needVerb(), obj: same(cnt(th, a)), tail: pick(g.rng, th.uses), tense: present}, terse: same(enTwo.one("need count", holes{"count": cnt(th, a)}))}
	have := fact{slot: 1, step: -1, cl: clause{who: who, v: enTwo.verb("have"), obj: same(enTwo.one("count of", holes{"count": count(k, box.noun), "things": th.pl})), tense: present}, terse: same(count(k, box.noun))}
	rate := g.perBox(who, th, box, per, false)
	rate.slot = 2
	qs := asked("still need", who, holes{"things": th.pl, "get": enTwo.pick(g.rng, "get or buy", nil)})
	st := &story{main: who, topic: th.topic, facts: []fact{need, have, rate}, qs: qs, thing: th}
	return st.with(sub(at(0), mul(at(1), at(2))), whole(a), whole(k), whole(per)), true
}

// pagesLeft: someone has a units of an activity to do (a book of so many
// pages) and did c a period for b periods; how many are left.
func pagesLeft(g *gen) (*story, bool) {
	act, key, r := g.anyActivity()
	if act.money || act.far {
		return nil, false
	}
	k := smallInt(g.rng, 2, 7)
	a := r*k + smallInt(g.rng, 1, 90)
	per := periods[key]
	who := g.person()
	goal := fact{slot: 0, step: -1, cl: clause{who: who, v: g.must(act.does.base, enTwo.verbs("want to or plan to")), obj: same(act.object(a)), tail: enTwo.pick(g.rng, "this month", nil), tense: present}, terse: same(enTwo.one("amount in all", holes{"amount": act.amount(a)}))}
	rate := g.rateFact(who, act, per, r)
	rate.slot = 2
	done := fact{slot: 1, step: 0, cl: clause{who: who, v: act.bare, obj: same(strings0(act.btail) + fmtPer(per, k)), tail: enTwo.one("so far", nil), tense: presentPerfect}, terse: same(enTwo.one("done", holes{"count": count(k, per.noun)}))}
	qs := asked("pages left", who, holes{"units": act.unit.pl, "do": activityBase(act)})
	st := &story{main: who, topic: act.topic, facts: []fact{goal, rate, done}, qs: qs, timed: true}
	st.keep = func(o []int) bool { return position(o, 1) < position(o, 2) }
	return st.with(sub(at(0), mul(at(1), at(2))), whole(a), whole(k), whole(r)), true
}

// fmtPer writes k periods as a count: "on 4 days", "for 3 hours".
func fmtPer(per period, k int) string {
	return per.count.with(holes{"count": count(k, per.noun)})
}

// activityBase is the verb of an activity as a question asks it: "read",
// "practice".
func activityBase(act activity) string {
	if h, rest := splitHead(act.does.base); playsFor(rest) {
		return h
	}
	return act.does.base
}

// nested: a containers, each holding b smaller ones with c things each;
// how many things.
func nested(g *gen) (*story, bool) {
	per := smallInt(g.rng, 2, 24)
	th, inner, ok := g.boxThing(per)
	if !ok || inner.fixed {
		return nil, false
	}
	outer := containers[pick(g.rng, enTwo.list("outer boxes", nil))]
	if outer.sg == inner.sg {
		return nil, false
	}
	k := smallInt(g.rng, 2, 12)
	m := smallInt(g.rng, 2, 12)
	who := g.owner(th)
	bv, ok := g.boxVerbFor(th, outer, false)
	if !ok || bv.v.base == "sell" || !bv.of {
		return nil, false
	}
	f0 := fact{slot: 0, step: 0, host: true, cl: clause{who: who, v: bv.v, obj: same(enTwo.one("count of", holes{"count": count(k, outer.noun), "things": th.pl}))}, terse: same(count(k, outer.noun))}
	f1 := fact{slot: 1, step: -1, cl: clause{subj: same(enTwo.pick(g.rng, "each box", holes{"box": outer.sg})), v: pick(g.rng, enTwo.verbs("hold")), obj: same(count(m, inner.noun)), tense: present}, terse: same(enTwo.one("per box", holes{"count": count(m, inner.noun), "box": outer.sg}))}
	f1.rel = enTwo.pick(g.rng, "each holding", holes{"count": count(m, inner.noun)})
	f2 := fact{slot: 2, step: -1, after: []int{1}, cl: clause{subj: same(enTwo.pick(g.rng, "each box", holes{"box": inner.sg})), v: pick(g.rng, enTwo.verbs("hold")), obj: same(cnt(th, per)), tense: present}, terse: same(enTwo.one("per box", holes{"count": cnt(th, per), "box": inner.sg}))}
	tail := g.inAll()
	qs := asked("nested", who, holes{"howmany": howMany(th), "verb": verbText(bv.q), "tail": tail, "things": th.pl, "total": enTwo.pick(g.rng, "in all or altogether", nil)})
	st := &story{main: who, topic: th.topic, facts: []fact{f0, f1, f2}, qs: qs, thing: th}
	return st.with(mul(mul(at(0), at(1)), at(2)), whole(k), whole(m), whole(per)), true
}

// wageDays: someone works a periods of b hours each at $c an hour; how
// much does she earn.
func wageDays(g *gen) (*story, bool) {
	act, r := g.moneyActivity()
	hours := smallInt(g.rng, 2, 9)
	days := smallInt(g.rng, 2, 7)
	who := g.person()
	rate := g.rateFact(who, act, periods["hour"], r)
	rate.slot = 2
	hs := count(hours, enTwo.noun("hour"))
	f1 := fact{slot: 1, step: -1, cl: clause{who: who, v: act.bare, obj: same(enTwo.pick(g.rng, "hours a day", holes{"btail": act.btail, "hours": hs})), tense: present}, terse: same(enTwo.one("count a day", holes{"hours": hs}))}
	f0 := fact{slot: 0, step: -1, cl: clause{who: who, v: act.bare, obj: same(act.btail + " " + periods["day"].count.with(holes{"count": count(days, enTwo.noun("day"))})), when: enTwo.pick(g.rng, "last week", nil), tense: past}, terse: same(count(days, enTwo.noun("day")))}
	if f0.cl.when == "" {
		f0.cl.tense = present
		f0.cl.v = g.must(act.bare.base, enTwo.verbs("plan to"))
	}
	aux := "did"
	if f0.cl.tense == present {
		aux = "will"
	}
	qs := earnQs(who, aux)
	st := &story{main: who, topic: act.topic, facts: []fact{rate, f1, f0}, qs: qs, thing: cash, timed: true}
	return st.with(mul(mul(at(0), at(1)), at(2)), whole(days), whole(hours), whole(r)), true
}

// rateAgain: b things cost $a (or someone did a units in b periods); how
// much for c things (in c periods) at that rate.
func rateAgain(g *gen) (*story, bool) {
	if g.chance(0.5) {
		th := g.thing(func(t *thing) bool { return t.price[1] > 0 })
		p := g.price(th.price[0], th.price[1])
		k, m := smallInt(g.rng, 2, 12), smallInt(g.rng, 2, 20)
		if k == m {
			return nil, false
		}
		total := p * num(k)
		who := g.person()
		f0 := fact{slot: 0, list: []int{1, 0}, step: -1, cl: clause{subj: same(cnt(th, k)), plural: true, v: enTwo.verb("cost"), obj: same(total.dollars()), tense: present}, terse: same(enTwo.one("for total", holes{"count": cnt(th, k), "total": total.dollars()}))}
		f1 := fact{slot: 2, step: -1, after: []int{0}, cl: clause{who: who, v: g.must(enTwo.verb("buy").base, enTwo.verbs("want to buy")), obj: same(cnt(th, m)), tense: present}, terse: same(enTwo.one("wants", holes{"n": itoa(m)}))}
		qs := asked("pay at rate", who, nil)
		st := &story{main: who, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: cash}
		return st.with(mul(div(at(0), at(1)), at(2)), total, whole(k), whole(m)), true
	}
	act, key, r := g.anyActivity()
	k, m := smallInt(g.rng, 2, 8), smallInt(g.rng, 2, 12)
	if k == m {
		return nil, false
	}
	per := periods[key]
	who := g.person()
	obj := act.object(r * k)
	f0 := fact{slot: 0, list: []int{0, 1}, step: 0, cl: clause{who: who, v: act.does, obj: same(obj), tail: enTwo.one("in periods", holes{"periods": count(k, per.noun)})}, terse: same(enTwo.one("obj in periods", holes{"obj": obj, "periods": count(k, per.noun)}))}
	f1 := fact{slot: 2, step: -1, after: []int{0}, cl: clause{who: who, v: g.must(act.bare.base, enTwo.verbs("plan or want to")), obj: same(strings0(act.btail) + fmtPer(per, m)), tail: enTwo.pick(g.rng, "same rate", nil), tense: present}, terse: same(enTwo.one("next", holes{"periods": count(m, per.noun)}))}
	qs := activityQs(who, act, "will", enTwo.pick(g.rng, "at this rate", nil))
	if act.money {
		qs = earnQs(who, "will")
	}
	st := &story{main: who, topic: act.topic, facts: []fact{f0, f1}, qs: qs, timed: true}
	return st.with(mul(div(at(0), at(1)), at(2)), whole(r*k), whole(k), whole(m)), true
}

// strings0 is s followed by a space, or nothing for an empty s.
func strings0(s string) string {
	if s == "" {
		return ""
	}
	return s + " "
}

// packsShared: someone has a packs of b things and shares them equally
// among c people; how many each.
func packsShared(g *gen) (*story, bool) {
	per := smallInt(g.rng, 2, 24)
	th, box, ok := g.boxThing(per)
	if !ok || box.fixed || !shareable(th) {
		return nil, false
	}
	k := smallInt(g.rng, 2, 12)
	c := divisor(g.rng)
	if k*per%c != 0 {
		return nil, false
	}
	who := g.owner(th)
	if who.kind == business {
		who = g.person()
	}
	boxes := enTwo.one("count of", holes{"count": count(k, box.noun), "things": th.pl})
	f0 := fact{slot: 0, step: 0, host: true, cl: clause{who: who, v: enTwo.verb("have"), obj: same(boxes)}, terse: same(boxes)}
	rate := g.perBox(who, th, box, per, false)
	rate.slot = 1
	l := lot{tense: g.planOrDone(), them: phrase{enTwo.one("all the things", holes{"things": th.pl}), g.them(th)}}
	share, qs := g.shareAmong(who, th, c, l)
	share.slot = 2
	st := &story{main: who, topic: th.topic, facts: []fact{f0, rate, share}, qs: qs, thing: th}
	st.keep = func(o []int) bool { return o[2] == 2 }
	return st.with(div(mul(at(0), at(1)), at(2)), whole(k), whole(per), whole(c)), true
}

// shareTwoGroups: someone shares a things equally among b people of one
// kind and c of another; how many does each get.
func shareTwoGroups(g *gen) (*story, bool) {
	cr := pick(g.rng, crowds)
	th := g.handout(12)
	if th == nil {
		return nil, false
	}
	b, c := smallInt(g.rng, 2, 15), smallInt(g.rng, 2, 15)
	if b+c > cr.most {
		return nil, false
	}
	a := (b + c) * smallInt(g.rng, 1, 6)
	boss := g.boss(cr)
	k0, k1 := kindsFor(cr, b, c)
	f0 := fact{slot: 0, step: 0, state: true, cl: clause{who: boss, v: enTwo.verb("have"), obj: same(cnt(th, a)), tense: present}, terse: same(cnt(th, a))}
	f1 := fact{slot: 1, step: 0, state: true, cl: clause{subj: same("there"), plural: b != 1, v: enTwo.verb("be"), obj: same(count(b, k0)), tail: cr.where, tense: present}, terse: same(count(b, k0))}
	f2 := fact{slot: 2, step: 0, state: true, also: true, cl: clause{subj: same("there"), plural: c != 1, v: enTwo.verb("be"), obj: same(count(c, k1)), tense: present}, terse: same(count(c, k1))}
	sv := pick(g.rng, shareVerbs)
	share := fact{slot: -1, step: -1, after: []int{0, 1, 2}, noCond: true, cl: clause{who: boss, v: g.planVerb(sv), obj: same(enTwo.one("the things", holes{"things": th.pl})), tail: enTwo.one("share among", holes{"how": enTwo.pick(g.rng, "among", nil), "whom": enTwo.pick(g.rng, "everyone", holes{"people": cr.whole.pl})}), tense: present}, terse: same(enTwo.one("shared equally", nil))}
	qs := asked("each gets", nil, holes{"howmany": howMany(th), "one": cr.whole.sg})
	st := &story{main: boss, topic: th.topic, facts: []fact{f0, f1, f2, share}, qs: qs, thing: th}
	return st.with(div(at(0), add(at(1), at(2))), whole(a), whole(b), whole(c)), true
}

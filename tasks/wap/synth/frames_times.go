package synth

// The frames of one-step products and quotients (general.go): a*b (boxes
// of so many, a price times a count, a rate times a time, "3 times as
// many") and a/b (shared equally, packed so many to a box, a rate or a
// price found from a total, rows of equal size, teams).

// enTimes is the English of this file.
var enTimes = phraseBook("times")

// boxLot is a story's k boxes of per things each: what is in them, who
// handled them and how, and its facts: the count of boxes (slot 0) and
// how many each holds (slot 1).
type boxLot struct {
	th          *thing
	box         container
	who         *actor
	bv          boxVerb
	count, rate fact
}

// boxLot draws boxes of per things that someone handled k of (sold them,
// when sell allows it).
func (g *gen) boxLot(per, k int, sell bool) (boxLot, bool) {
	th, box, ok := g.boxThing(per)
	if !ok {
		return boxLot{}, false
	}
	who := g.owner(th)
	bv, ok := g.boxVerbFor(th, box, sell)
	if !ok {
		return boxLot{}, false
	}
	rate := g.perBox(who, th, box, per, bv.q.base == "pack")
	rate.slot = 1
	f := g.boxCount(who, bv, th, box, "", k, false)
	f.slot, f.step, f.host = 0, 0, k >= 2
	return boxLot{th, box, who, bv, f, rate}, true
}

// boxesOne: someone handled a boxes with b things in each; how many
// things.
func boxesOne(g *gen) (*story, bool) {
	per, k := smallInt(g.rng, 2, 24), g.amount(2, 30)
	l, ok := g.boxLot(per, k, true)
	if !ok {
		return nil, false
	}
	st := &story{main: l.who, topic: l.th.topic, facts: []fact{l.count, l.rate}, qs: g.boxQs(l.who, l.th, l.box, l.bv), thing: l.th}
	return st.with(mul(at(0), at(1)), whole(k), whole(per)), true
}

// buyer draws who buys (or, when selling, sells) a thing.
func (g *gen) buyer(th *thing, selling bool) *actor {
	if selling && len(th.biz) > 0 && g.chance(0.6) {
		return pickBusiness(pick(g.rng, th.biz))
	}
	who := g.owner(th)
	if who.kind == business && !selling {
		who = g.person()
	}
	return who
}

// priceOne: someone bought (or sold) a things at $b each; how much.
func priceOne(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return t.price[1] > 0 })
	p := g.price(th.price[0], th.price[1])
	k := g.amount(2, 30)
	selling := g.chance(0.3)
	who := g.buyer(th, selling)
	var seller *actor
	bv := enTimes.verb("buy")
	if selling {
		seller, bv = who, enTimes.verb("sell")
	}
	rate := g.priceOf(th, p.dollars(), seller)
	rate.slot = 1
	f := fact{slot: 0, step: 0, host: k >= 2, cl: clause{who: who, v: bv, obj: phrase{cnt(th, k), itoa(k)}}, terse: same(itoa(k) + " " + bv.part)}
	qs := append(spendQs(who), costQs(th, "did")...)
	if selling {
		qs = earnQs(who, "did")
	}
	st := &story{main: who, topic: th.topic, facts: []fact{f, rate}, qs: qs, thing: cash}
	return st.with(mul(at(0), at(1)), whole(k), p), true
}

// anyActivity draws an activity, one of its periods and a rate in its
// range.
func (g *gen) anyActivity() (activity, string, int) {
	act := pick(g.rng, activities)
	return act, pick(g.rng, act.pers), smallInt(g.rng, act.rate[0], act.rate[1])
}

// object writes k of an activity's unit as the object of its verb: "5
// km", "for 30 minutes".
func (act activity) object(k int) string {
	if act.pre != "" {
		return act.pre + " " + act.amount(k)
	}
	return act.amount(k)
}

// worked is that who did an activity on k periods (slot 0) at r units a
// period (slot 1); false when no stretch of time holds k periods.
func (g *gen) worked(who *actor, act activity, key string, r, k int) (count, rate fact, ok bool) {
	when, ok := g.occasion(key, k)
	if !ok {
		return fact{}, fact{}, false
	}
	per := periods[key]
	rate = g.rateFact(who, act, per, r)
	rate.slot = 1
	count = g.periodCount(who, act, per, k, when)
	count.slot, count.step, count.host = 0, 0, k >= 2
	return count, rate, true
}

// rateOne: someone does b units per period and did it on a periods; how
// much in all.
func rateOne(g *gen) (*story, bool) {
	act, key, r := g.anyActivity()
	k := smallInt(g.rng, 2, 12)
	who := g.person()
	f, rate, ok := g.worked(who, act, key, r, k)
	if !ok {
		return nil, false
	}
	st := &story{main: who, topic: act.topic, facts: []fact{f, rate}, qs: activityQs(who, act, "did", g.inAll()), timed: true}
	return st.with(mul(at(0), at(1)), whole(k), whole(r)), true
}

// jobOne: someone is paid $b per task and did a tasks; how much did she
// earn.
func jobOne(g *gen) (*story, bool) {
	j := pick(g.rng, jobs)
	r := smallInt(g.rng, j.rate[0], j.rate[1])
	k := smallInt(g.rng, 2, 15)
	who := g.person()
	pay := g.payFact(who, j, r)
	pay.slot = 1
	f := fact{slot: 0, step: 0, host: k >= 2, cl: clause{who: who, v: j.do, obj: same(count(k, j.task)), when: enTimes.pick(g.rng, "when", nil)}, terse: same(count(k, j.task))}
	if k > 6 && f.cl.when == enTimes.one("on a day", nil) {
		f.cl.when = enTimes.one("in a week", nil)
	}
	st := &story{main: who, topic: j.topic, facts: []fact{f, pay}, qs: earnQs(who, "did"), thing: cash}
	return st.with(mul(at(0), at(1)), whole(k), whole(r)), true
}

// timesAs: someone has a; someone else has b times as many; how many
// does the second have.
func timesAs(g *gen) (*story, bool) {
	th := g.thing(nil)
	a := g.amount(2, 40)
	b := smallInt(g.rng, 2, 9)
	p, q, vb, tn, aux := g.rivals(th, a*b)
	f0 := fact{slot: 0, step: 0, cl: clause{who: p, v: vb, obj: same(cnt(th, a)), tense: tn}, terse: same(cnt(th, a))}
	f1 := fact{slot: 1, step: 0, after: []int{0}, noCond: true, cl: clause{who: q, v: vb, obj: same(enTimes.pick(g.rng, "times as many", holes{"n": itoa(b), "things": th.pl})), tense: tn}}
	qs := asked("rival has", q, holes{"howmany": howMany(th), "verb": verbText(vb), "aux": aux})
	st := &story{main: p, other: q, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th, noTerse: true}
	return st.with(mul(at(0), at(1)), whole(a), whole(b)), true
}

// gridQs ask for the items of a grid in all.
func (g *gen) gridQs(gr grid, place *actor) []question {
	return asked("grid total", place, holes{"items": gr.item.pl, "where": enTimes.pick(g.rng, "in where", holes{"where": gr.where}), "total": enTimes.pick(g.rng, "in all", nil)})
}

// gridOne: a place has a units with b items each; how many items.
func gridOne(g *gen) (*story, bool) {
	gr := pick(g.rng, grids)
	per := smallInt(g.rng, gr.fit[0], gr.fit[1])
	k := smallInt(g.rng, 2, gr.units)
	place := gridActor(gr)
	rate := g.perUnit(gr, per)
	rate.slot = 1
	f := fact{slot: 0, step: -1, cl: clause{who: place, v: enTimes.verb("have"), obj: same(count(k, gr.unit)), tense: present}, terse: same(count(k, gr.unit))}
	st := &story{main: place, topic: gr.topic, facts: []fact{f, rate}, qs: g.gridQs(gr, place), thing: &thing{noun: gr.item, topic: gr.topic}}
	return st.with(mul(at(0), at(1)), whole(k), whole(per)), true
}

// perPersonOne: each of a people gets b things; how many things are
// needed.
func perPersonOne(g *gen) (*story, bool) {
	cr := pick(g.rng, crowds)
	per := smallInt(g.rng, 2, 12)
	th := g.handout(per)
	if th == nil {
		return nil, false
	}
	k := smallInt(g.rng, 3, cr.most)
	boss := g.boss(cr)
	c := cnt(th, per)
	rate := fact{slot: 1, step: -1, trail: true, terse: same(enTimes.one("count each", holes{"count": c}))}
	switch g.rng.Intn(3) {
	case 0:
		rate.cl = clause{who: boss, v: enTimes.verb("give"), obj: same(enTimes.pick(g.rng, "each one count", holes{"one": cr.whole.sg, "count": c})), tense: present}
	case 1:
		rate.cl = clause{subj: same(enTimes.pick(g.rng, "each one", holes{"one": cr.whole.sg})), v: enTimes.verb("get"), obj: same(c), tense: present}
	default:
		rate.cl = clause{who: boss, v: enTimes.verb("want to give"), obj: same(enTimes.one("to each", holes{"count": c, "one": cr.whole.sg})), tense: present}
	}
	f := fact{slot: 0, step: -1, cl: clause{subj: same("there"), plural: k != 1, v: enTimes.verb("be"), obj: same(count(k, cr.whole)), tail: cr.where, tense: present}, terse: same(count(k, cr.whole))}
	tail1 := g.inAll()
	tail2 := g.inAll()
	qs := asked("per person one", boss, holes{"howmany": howMany(th), "things": th.pl, "tail1": tail1, "tail2": tail2})
	st := &story{main: boss, topic: th.topic, facts: []fact{f, rate}, qs: qs, thing: th}
	return st.with(mul(at(0), at(1)), whole(k), whole(per)), true
}

// dividend draws a divisor c (2…12, now and then up to 20) and a total
// that c divides.
func (g *gen) dividend() (total, c int) {
	c = divisor(g.rng)
	return c * g.amount(1, 20), c
}

// wholeLotOf names all of someone's things for a division: in full when
// told first, "them" after.
func (g *gen) wholeLotOf(th *thing, who *actor) lot {
	return lot{tense: g.planOrDone(), them: phrase{g.allOf(th, parts{whole: who}), g.them(th)}}
}

// shareOne: someone has a things and shares them equally among b
// people (or puts them into b boxes); how many each.
func shareOne(g *gen) (*story, bool) {
	th := g.someThing()
	a, c := g.dividend()
	who := g.owner(th)
	have := g.state(who, th, a)
	l := g.wholeLotOf(th, who)
	share, qs := g.shareFact(who, th, c, l)
	share.slot = 1
	if l.tense == divPlan && nowable(have) {
		have.cl.tense = present
	}
	st := &story{main: who, topic: th.topic, facts: []fact{have, share}, qs: qs, thing: th}
	return st.with(div(at(0), at(1)), whole(a), whole(c)), true
}

// packOne: someone has a things and packs them b to a box; how many
// boxes.
func packOne(g *gen) (*story, bool) {
	a, c := g.dividend()
	g.c = c
	th := g.packable()
	if th == nil {
		return nil, false
	}
	who := g.owner(th)
	have := g.state(who, th, a)
	l := g.wholeLotOf(th, who)
	pack, qs, ok := g.packFact(who, th, c, l)
	if !ok {
		return nil, false
	}
	pack.slot = 1
	if l.tense == divPlan && nowable(have) {
		have.cl.tense = present
	}
	st := &story{main: who, topic: th.topic, facts: []fact{have, pack}, qs: qs}
	return st.with(div(at(0), at(1)), whole(a), whole(c)), true
}

// rateFound: someone did a units in b periods, the same each period; how
// many per period.
func rateFound(g *gen) (*story, bool) {
	act, key, r := g.anyActivity()
	k := smallInt(g.rng, 2, 10)
	if _, ok := g.occasion(key, k); !ok {
		return nil, false
	}
	per := periods[key]
	who := g.person()
	obj := act.object(r * k)
	tail := enTimes.one("in periods", holes{"periods": count(k, per.noun)})
	if g.chance(0.5) {
		tail = enTimes.pick(g.rng, "the same each", holes{"tail": tail, "period": per.sg})
	}
	f := fact{slot: 0, list: []int{0, 1}, step: 0, cl: clause{who: who, v: act.does, obj: same(obj), tail: tail}, terse: same(enTimes.one("obj in periods", holes{"obj": obj, "periods": count(k, per.noun)}))}
	each := enTimes.pick(g.rng, "each period", holes{"period": per.sg})
	qs := activityQs(who, act, "did", each)
	if act.money {
		qs = asked("earned each", who, holes{"each": each, "period": per.sg})
	}
	st := &story{main: who, topic: act.topic, facts: []fact{f}, qs: qs, timed: true}
	return st.with(div(at(0), at(1)), whole(r*k), whole(k)), true
}

// unitPrice: someone paid $a for b things; how much did each cost.
func unitPrice(g *gen) (*story, bool) {
	th := g.thing(func(t *thing) bool { return t.price[1] > 0 })
	p := g.price(th.price[0], th.price[1])
	k := smallInt(g.rng, 2, 12)
	total := p * num(k)
	who := g.buyer(th, false)
	bought := enTimes.one("for total", holes{"count": cnt(th, k), "total": total.dollars()})
	f := fact{slot: 1, list: []int{1, 0}, step: 0, cl: clause{who: who, v: enTimes.verb("buy"), obj: same(bought)}, terse: same(bought)}
	switch g.rng.Intn(3) {
	case 0:
		paid := enTimes.one("total for", holes{"total": total.dollars(), "count": cnt(th, k)})
		f.cl = clause{who: who, v: enTimes.verb("pay"), obj: same(paid), tail: enTimes.pick(g.rng, "at the store", nil)}
		f.list, f.terse = []int{0, 1}, same(paid)
	case 1:
		f.cl = clause{subj: same(cnt(th, k)), plural: true, v: enTimes.verb("cost"), obj: same(total.dollars()), tail: enTimes.pick(g.rng, "together", nil), tense: present}
	}
	aux := "did"
	if f.cl.tense == present {
		aux = "do"
	}
	qs := asked("unit price", nil, holes{"thing": th.sg, "athing": an(th.sg), "aux": aux})
	st := &story{main: who, topic: th.topic, facts: []fact{f}, qs: qs, thing: cash}
	return st.with(div(at(0), at(1)), total, whole(k)), true
}

// timesAsBack: someone has a, b times as many as someone else; how many
// does the other have.
func timesAsBack(g *gen) (*story, bool) {
	th := g.thing(nil)
	q := g.amount(2, 30)
	b := smallInt(g.rng, 2, 9)
	a := q * b
	p, o, vb, tn, aux := g.rivals(th, a)
	f0 := fact{slot: 0, step: 0, cl: clause{who: p, v: vb, obj: same(cnt(th, a)), tense: tn}, terse: same(cnt(th, a))}
	f1 := fact{slot: 1, step: 0, after: []int{0}, noCond: true, cl: clause{subj: same(enTimes.one("that", nil)), v: enTimes.verb("be"), obj: same(enTimes.one("times as many as", holes{"n": itoa(b)})), tense: tn}}
	if vb.base == "have" {
		f1.cl.tail = enTimes.pick(g.rng, "has", nil)
	} else {
		f1.cl.tail = enTimes.one("did", nil)
	}
	qs := asked("rival has", o, holes{"howmany": howMany(th), "verb": verbText(vb), "aux": aux})
	st := &story{main: p, other: o, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th, noTerse: true}
	return st.with(div(at(0), at(1)), whole(a), whole(b)), true
}

// rowsFound: a place has a items in b equal units; how many in each.
func rowsFound(g *gen) (*story, bool) {
	gr := pick(g.rng, grids)
	per := smallInt(g.rng, gr.fit[0], gr.fit[1])
	k := smallInt(g.rng, 2, gr.units)
	place := gridActor(gr)
	items := count(per*k, gr.item)
	f := fact{slot: 0, list: []int{0, 1}, step: -1, cl: clause{who: place, v: enTimes.verb("have"), obj: same(enTimes.one("in units", holes{"count": items, "prep": gr.prep, "k": itoa(k), "units": gr.unit.pl})), tail: enTimes.pick(g.rng, "same size", holes{"prep": gr.prep, "unit": gr.unit.sg}), tense: present}, terse: same(enTimes.one("count units", holes{"count": items, "units": count(k, gr.unit)}))}
	if f.cl.tail == enTimes.one("of the same size", nil) {
		f.cl.obj = same(enTimes.one("in equal units", holes{"count": items, "prep": gr.prep, "k": itoa(k), "units": gr.unit.pl}))
		f.cl.tail = ""
	}
	qs := asked("in each unit", nil, holes{"items": gr.item.pl, "prep": gr.prep, "unit": gr.unit.sg})
	st := &story{main: place, topic: gr.topic, facts: []fact{f}, qs: qs, thing: &thing{noun: gr.item, topic: gr.topic}}
	return st.with(div(at(0), at(1)), whole(per*k), whole(k)), true
}

// teamsOne: a people are put into teams of b (how many teams) or into b
// equal teams (how many on each).
func teamsOne(g *gen) (*story, bool) {
	cr := pick(g.rng, crowds)
	c := smallInt(g.rng, 2, 12)
	q := smallInt(g.rng, 2, max(2, cr.most/c))
	a := q * c
	boss := g.boss(cr)
	tn := g.oneTense()
	f0 := fact{slot: 0, step: 0, state: true, cl: clause{subj: same("there"), plural: true, v: enTimes.verb("be"), obj: same(count(a, cr.whole)), tail: cr.where, tense: tn}, terse: same(count(a, cr.whole))}
	them := phrase{enTimes.pick(g.rng, "everyone", holes{"people": cr.whole.pl}), enTimes.pick(g.rng, "them", nil)}
	f1, qs, ok := g.groupFact(boss, cr, them, c, tn, false)
	if !ok {
		return nil, false
	}
	f1.slot = 1
	st := &story{main: boss, topic: "school", facts: []fact{f0, f1}, qs: qs, thing: &thing{noun: cr.whole, topic: "school"}}
	return st.with(div(at(0), at(1)), whole(a), whole(c)), true
}

// gaveEach: someone gave b things to each of a people; how many did she
// give away.
func gaveEach(g *gen) (*story, bool) {
	th := g.thing(shareable)
	per := smallInt(g.rng, 2, 12)
	k := smallInt(g.rng, 2, 30)
	who := g.person()
	rec := pick(g.rng, recipientsOf(who))
	vb := pick(g.rng, enTimes.verbs("give out"))
	f := fact{slot: 0, list: []int{1, 0}, step: 0, cl: clause{who: who, v: vb, obj: same(cnt(th, per)), tail: enTimes.one("to each of", holes{"recipients": count(k, rec)})}, terse: same(enTimes.one("count to each of", holes{"count": cnt(th, per), "recipients": count(k, rec)}))}
	qs := asked("gave each", who, holes{"howmany": howMany(th), "verb": verbText(vb), "tail": enTimes.pick(g.rng, "in all", nil)})
	st := &story{main: who, topic: th.topic, facts: []fact{f}, qs: qs, thing: th}
	return st.with(mul(at(0), at(1)), whole(k), whole(per)), true
}

// daysToFinish: someone has a units of a chore to do and does b a day;
// how many days will it take.
func daysToFinish(g *gen) (*story, bool) {
	ch := pick(g.rng, chores)
	r := smallInt(g.rng, 2, 25)
	k := smallInt(g.rng, 2, 20)
	key := g.one("day", "day", "evening", "week")
	per := periods[key]
	who := g.person()
	total := fact{slot: 0, step: -1, cl: clause{who: who, v: g.must(ch.do.base, enTimes.verbs("must")), obj: same(count(r*k, ch.unit) + " " + ch.sources[0]), tense: present}, terse: same(count(r*k, ch.unit))}
	rate := fact{slot: 1, step: -1, cl: clause{who: who, v: ch.do, obj: same(count(r, ch.unit)), tail: pick(g.rng, per.per), tense: present}, terse: same(count(r, ch.unit) + " " + pick(g.rng, per.per))}
	qs := asked("days to finish", who, holes{"periods": per.pl, "do": ch.do.base, "all": enTimes.pick(g.rng, "them all", nil)})
	st := &story{main: who, topic: ch.topic, facts: []fact{total, rate}, qs: qs, thing: &thing{noun: ch.unit, topic: ch.topic}, timed: true}
	return st.with(div(at(0), at(1)), whole(r*k), whole(r)), true
}

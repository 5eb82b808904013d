package synth

// The frames of one-step products and quotients (general.go): a*b (boxes
// of so many, a price times a count, a rate times a time, "3 times as
// many") and a/b (shared equally, packed so many to a box, a rate or a
// price found from a total, rows of equal size, teams).

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
	bv := v("buy", "bought")
	if selling {
		seller, bv = who, v("sell", "sold")
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
	f := fact{slot: 0, step: 0, host: k >= 2, cl: clause{who: who, v: j.do, obj: same(count(k, j.task)), when: g.one("", "last week", "this month", "on Saturday")}, terse: same(count(k, j.task))}
	if k > 6 && f.cl.when == "on Saturday" {
		f.cl.when = "last week"
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
	f1 := fact{slot: 1, step: 0, after: []int{0}, noCond: true, cl: clause{who: q, v: vb, obj: same(itoa(b) + " times as many " + g.one(th.pl+" ", "") + "as {main=}"), tense: tn}}
	qs := []question{{wh: howMany(th), who: q, v: vb, aux: aux}}
	st := &story{main: p, other: q, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th, noTerse: true}
	return st.with(mul(at(0), at(1)), whole(a), whole(b)), true
}

// gridQs ask for the items of a grid in all.
func (g *gen) gridQs(gr grid, place *actor) []question {
	h := "How many " + gr.item.pl
	return []question{
		{wh: h, subj: "there", pl: true, v: v("be"), aux: "do", tail: "in " + gr.where + g.one("", " in all", " altogether"), terse: "how many " + gr.item.pl + " in all"},
		{wh: h, who: place, v: v("have", "had"), aux: "do", tail: g.one("in all", "altogether", "in total"), terse: "total " + gr.item.pl},
	}
}

// gridOne: a place has a units with b items each; how many items.
func gridOne(g *gen) (*story, bool) {
	gr := pick(g.rng, grids)
	per := smallInt(g.rng, gr.fit[0], gr.fit[1])
	k := smallInt(g.rng, 2, gr.units)
	place := gridActor(gr)
	rate := g.perUnit(gr, per)
	rate.slot = 1
	f := fact{slot: 0, step: -1, cl: clause{who: place, v: v("have", "had"), obj: same(count(k, gr.unit)), tense: present}, terse: same(count(k, gr.unit))}
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
	rate := fact{slot: 1, step: -1, trail: true, terse: same(c + " each")}
	switch g.rng.Intn(3) {
	case 0:
		rate.cl = clause{who: boss, v: v("give", "gave", "given"), obj: same(g.one("each ", "every ") + cr.whole.sg + " " + c), tense: present}
	case 1:
		rate.cl = clause{subj: same(g.one("each ", "every ") + cr.whole.sg), v: v("get", "got", "gotten"), obj: same(c), tense: present}
	default:
		rate.cl = clause{who: boss, v: v("want to give"), obj: same(c + " to each " + cr.whole.sg), tense: present}
	}
	f := fact{slot: 0, step: -1, cl: clause{subj: same("there"), plural: k != 1, v: v("be"), obj: same(count(k, cr.whole)), tail: cr.where, tense: present}, terse: same(count(k, cr.whole))}
	h := howMany(th)
	qs := []question{
		{wh: h, who: boss, v: v("need"), aux: "do", terse: "how many " + th.pl + " needed"},
		{wh: h, who: boss, v: v("give out", "gave out", "given out"), aux: "will", tail: g.inAll(), terse: "how many given out"},
		{wh: h, v: v("be needed"), pl: true, aux: "do", tail: g.inAll(), terse: "how many needed"},
	}
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
	tail := "in " + count(k, per.noun)
	if g.chance(0.5) {
		tail += g.one(", the same amount each ", ", the same every ") + per.sg
	}
	f := fact{slot: 0, list: []int{0, 1}, step: 0, cl: clause{who: who, v: act.does, obj: same(obj), tail: tail}, terse: same(obj + " in " + count(k, per.noun))}
	each := g.one("each ", "per ", "every ") + per.sg
	qs := activityQs(who, act, "did", each)
	if act.money {
		qs = []question{
			{wh: "How much", who: who, v: v("earn"), aux: "did", tail: each, terse: "how much per " + per.sg},
			{wh: "How much money", who: who, v: v("make", "made"), aux: "did", tail: each, terse: "how much per " + per.sg},
		}
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
	f := fact{slot: 1, list: []int{1, 0}, step: 0, cl: clause{who: who, v: v("buy", "bought"), obj: same(cnt(th, k) + " for " + total.dollars())}, terse: same(cnt(th, k) + " for " + total.dollars())}
	switch g.rng.Intn(3) {
	case 0:
		f.cl = clause{who: who, v: v("pay", "paid"), obj: same(total.dollars() + " for " + cnt(th, k)), tail: g.one("", "in all", "at the store")}
		f.list, f.terse = []int{0, 1}, same(total.dollars()+" for "+cnt(th, k))
	case 1:
		f.cl = clause{subj: same(cnt(th, k)), plural: true, v: v("cost", "cost"), obj: same(total.dollars()), tail: g.one("in all", "altogether", "together"), tense: present}
	}
	qs := []question{
		{wh: "How much", subj: "each " + th.sg, v: v("cost", "cost"), aux: "did", terse: "price of each"},
		{wh: "What", subj: "the price of " + an(th.sg), v: v("be"), aux: "did", noEmbed: true, terse: "price of each"},
	}
	if f.cl.tense == present {
		qs[0].aux, qs[1].aux = "do", "do"
	}
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
	f1 := fact{slot: 1, step: 0, after: []int{0}, noCond: true, cl: clause{subj: same("that"), v: v("be"), obj: same(itoa(b) + " times as many as {other=}"), tense: tn}}
	if vb.base == "have" {
		f1.cl.tail = g.one("has", "")
	} else {
		f1.cl.tail = "did"
	}
	qs := []question{{wh: howMany(th), who: o, v: vb, aux: aux}}
	st := &story{main: p, other: o, topic: th.topic, facts: []fact{f0, f1}, qs: qs, thing: th, noTerse: true}
	return st.with(div(at(0), at(1)), whole(a), whole(b)), true
}

// rowsFound: a place has a items in b equal units; how many in each.
func rowsFound(g *gen) (*story, bool) {
	gr := pick(g.rng, grids)
	per := smallInt(g.rng, gr.fit[0], gr.fit[1])
	k := smallInt(g.rng, 2, gr.units)
	place := gridActor(gr)
	f := fact{slot: 0, list: []int{0, 1}, step: -1, cl: clause{who: place, v: v("have", "had"), obj: same(count(per*k, gr.item) + " " + gr.prep + " " + itoa(k) + " " + gr.unit.pl), tail: g.one(", the same number "+gr.prep+" each "+gr.unit.sg, "of the same size", ", all the same size"), tense: present}, terse: same(count(per*k, gr.item) + ", " + count(k, gr.unit))}
	if f.cl.tail == "of the same size" {
		f.cl.obj = same(count(per*k, gr.item) + " " + gr.prep + " " + itoa(k) + " equal " + gr.unit.pl)
		f.cl.tail = ""
	}
	qs := []question{
		{wh: "How many " + gr.item.pl, v: v("be"), pl: true, aux: "do", tail: gr.prep + " each " + gr.unit.sg, terse: "how many per " + gr.unit.sg},
		{wh: "How many " + gr.item.pl, subj: "each " + gr.unit.sg, v: v("have", "had"), aux: "do", terse: "how many per " + gr.unit.sg},
	}
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
	f0 := fact{slot: 0, step: 0, state: true, cl: clause{subj: same("there"), plural: true, v: v("be"), obj: same(count(a, cr.whole)), tail: cr.where, tense: tn}, terse: same(count(a, cr.whole))}
	them := phrase{g.one("everyone", "all the "+cr.whole.pl), g.one("them", "everyone", "all of them")}
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
	vb := pick(g.rng, []verb{v("give", "gave", "given"), v("hand out"), v("send", "sent")})
	f := fact{slot: 0, list: []int{1, 0}, step: 0, cl: clause{who: who, v: vb, obj: same(cnt(th, per)), tail: "to each of {main's} " + count(k, rec)}, terse: same(cnt(th, per) + " to each of " + count(k, rec))}
	h := howMany(th)
	qs := []question{
		{wh: h, who: who, v: vb, aux: "did", tail: g.one("in all", "altogether", "in total"), terse: "how many in all"},
		{wh: h, who: who, v: v("give away", "gave away", "given away"), aux: "did", terse: "how many given away"},
	}
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
	total := fact{slot: 0, step: -1, cl: clause{who: who, v: g.must(ch.do.base, "have to", "need to", "want to"), obj: same(count(r*k, ch.unit) + " " + ch.sources[0]), tense: present}, terse: same(count(r*k, ch.unit))}
	rate := fact{slot: 1, step: -1, cl: clause{who: who, v: ch.do, obj: same(count(r, ch.unit)), tail: pick(g.rng, per.per), tense: present}, terse: same(count(r, ch.unit) + " " + pick(g.rng, per.per))}
	h := "How many " + per.pl
	qs := []question{
		{wh: h, subj: "it", v: v("take", "took", "taken"), aux: "will", tail: "{main} to finish", terse: "how many " + per.pl},
		{wh: h, who: who, v: v("need"), aux: "will", tail: "to " + ch.do.base + " " + g.one("them all", "all of them"), terse: "how many " + per.pl},
	}
	st := &story{main: who, topic: ch.topic, facts: []fact{total, rate}, qs: qs, thing: &thing{noun: ch.unit, topic: ch.topic}, timed: true}
	return st.with(div(at(0), at(1)), whole(r*k), whole(r)), true
}

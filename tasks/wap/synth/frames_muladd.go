package synth

// The frames of a*(b+c), and the rate facts that a*(b-c) shares.

// enMulAdd is the English of this file.
var enMulAdd = phraseBook("muladd")

// boxFor draws a container of th that plausibly holds k of it.
func (g *gen) boxFor(th *thing, k int) (container, bool) {
	if th.most > 0 && k > th.most {
		return container{}, false
	}
	for _, i := range g.rng.Perm(len(th.packs)) {
		if box := containers[th.packs[i]]; in(k, box.cap) {
			return box, true
		}
	}
	return container{}, false
}

// boxThing draws a thing with a container that holds k of it.
func (g *gen) boxThing(k int) (*thing, container, bool) {
	for try := 0; try < 30; try++ {
		th := g.thing(func(t *thing) bool { return len(t.packs) > 0 })
		if box, ok := g.boxFor(th, k); ok {
			return th, box, true
		}
	}
	return nil, container{}, false
}

// perBox is the fact that each container holds a things (slot 0,
// timeless).
func (g *gen) perBox(who *actor, th *thing, box container, a int, filler bool) fact {
	c := cnt(th, a)
	f := fact{slot: 0, step: -1, trail: true, terse: same(enMulAdd.pick(g.rng, "per box", holes{"n": itoa(a), "count": c, "box": box.sg, "boxes": box.pl}))}
	f.rel = enMulAdd.pick(g.rng, "each holding", holes{"count": c})
	r := g.rng.Intn(6)
	if r == 5 && !filler {
		r = 0 // only who fills the boxes puts things in them
	}
	switch r {
	case 0, 1:
		holds := enMulAdd.verbs("hold")
		switch {
		case contains(enMulAdd.list("loaded", nil), box.sg):
			holds = append(holds, enMulAdd.verbs("be loaded with")...)
		case contains(enMulAdd.list("kits", nil), box.sg):
			holds = append(holds, enMulAdd.verb("come with"))
		}
		f.cl = clause{subj: same(enMulAdd.pick(g.rng, "each box", holes{"box": box.sg})), v: pick(g.rng, holds), obj: same(c), tense: present}
	case 2:
		f.cl = clause{subj: same("there"), plural: a != 1, v: enMulAdd.verb("be"), obj: same(c), tail: enMulAdd.one("prep each", holes{"prep": box.prep, "box": box.sg}), tense: present}
	case 3:
		f.cl = clause{subj: same(an(box.sg)), v: enMulAdd.verb("hold one"), obj: same(c), tense: present}
	case 4:
		f.cl = clause{subj: phrase{th.pl, enMulAdd.one("the things", holes{"things": th.pl})}, plural: true, v: enMulAdd.verb("come"), obj: same(enMulAdd.one("in boxes of", holes{"boxes": box.pl, "n": itoa(a)})), tense: present}
	default:
		f.cl = clause{who: who, v: enMulAdd.verb("put"), obj: same(c), tail: enMulAdd.one("prep each", holes{"prep": box.prep, "box": box.sg})}
		if who.kind == business {
			f.cl.tense = present
		}
	}
	return f
}

// oneTense draws past or present for a habit.
func (g *gen) oneTense() tense {
	if g.chance(0.5) {
		return past
	}
	return present
}

// boxVerb is a way to handle containers, with the verb that asks about
// the things in them: filled boxes → how many did she pack.
type boxVerb struct {
	v  verb
	of bool // the count names the contents: "5 boxes of apples"
	q  verb
}

// boxVerbs are the ways of data/boxverbs.tsv, in its order.
var boxVerbs = load("boxverbs", func(r *row) boxVerb { return boxVerb{r.verb("verb"), r.yes("of"), r.verb("question")} })

// boxVerbFor draws a way to handle containers of th that suits them: a
// fixed container (a shelf) is only filled, and only things with a price
// are bought, ordered or sold by the box. sell allows selling.
func (g *gen) boxVerbFor(th *thing, box container, sell bool) (boxVerb, bool) {
	priced := th.price[1] > 0 || len(th.biz) > 0
	var ok []boxVerb
	for _, bv := range boxVerbs {
		filling := bv.q.base == "pack"
		trade := bv.v.base == "buy" || bv.v.base == "order" || bv.v.base == "sell"
		switch {
		case box.fixed && bv.v.base != "fill" && bv.v.base != "fill up":
		case trade && !priced:
		case bv.v.base == "sell" && !sell:
		case !filling && !trade && box.fixed:
		default:
			ok = append(ok, bv)
		}
	}
	if len(ok) == 0 {
		return boxVerb{}, false
	}
	return pick(g.rng, ok), true
}

// boxCount is a fact that who handled k containers.
func (g *gen) boxCount(who *actor, bv boxVerb, th *thing, box container, kind string, k int, again bool) fact {
	full := count(k, box.noun)
	what := th.pl
	if kind != "" {
		what = kind + " " + th.pl
	}
	if bv.of || kind != "" {
		full = enMulAdd.one("of what", holes{"count": full, "what": what})
	}
	short := full
	if again && kind == "" {
		short = enMulAdd.pick(g.rng, "more boxes", holes{"n": itoa(k), "boxes": box.form(k)})
	}
	return fact{more: again, cl: clause{who: who, v: bv.v, obj: phrase{full, short}}, terse: same(count(k, box.noun) + " " + bv.v.part)}
}

// inAll is an optional "in all" for a question of a total.
func (g *gen) inAll() string {
	return enMulAdd.pick(g.rng, "in all", nil)
}

// fillTwice: each box holds a; someone filled b boxes on one occasion
// and c on another (or of two kinds, or two people filled them).
func fillTwice(g *gen) (*story, bool) {
	th, box, ok := g.boxThing(g.a)
	if !ok {
		return nil, false
	}
	who := g.owner(th)
	bv, ok := g.boxVerbFor(th, box, true)
	if !ok {
		return nil, false
	}
	rate := g.perBox(who, th, box, g.a, bv.q.base == "pack")
	var f1, f2 fact
	subject := who
	var other *actor
	switch r := g.rng.Intn(5); {
	case r == 0 && len(th.kinds) >= 2:
		ks := g.rng.Perm(len(th.kinds))
		f1 = g.boxCount(who, bv, th, box, th.kinds[ks[0]], g.b, false)
		f2 = g.boxCount(who, bv, th, box, th.kinds[ks[1]], g.c, false)
		f1.step, f2.step = 0, 0
	case r == 1 && who.kind == person:
		other = g.helper(who)
		f1 = g.boxCount(who, bv, th, box, "", g.b, false)
		f2 = g.boxCount(other, bv, th, box, "", g.c, true)
		f1.step, f2.step = 0, 0
		subject = pair(who, other)
	default:
		pair := pick(g.rng, timePairs[pick(g.rng, []string{"hour", "day", "week"})])
		f1 = g.boxCount(who, bv, th, box, "", g.b, false)
		f2 = g.boxCount(who, bv, th, box, "", g.c, true)
		f1.cl.when, f2.cl.when = pair[0], pair[1]
		f1.step, f2.step = 0, 1
	}
	f1.slot, f2.slot = 1, 2
	f1.host, f2.host = g.b >= 2, g.c >= 2
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{rate, f1, f2}, qs: g.boxQs(subject, th, box, bv)}
	return st, true
}

// boxQs ask how many things are in the boxes who handled.
func (g *gen) boxQs(who *actor, th *thing, box container, bv boxVerb) []question {
	h := howMany(th)
	qv, qtail := bv.q, g.inAll()
	if box.fixed {
		// Things are put on shelves and pages, not packed.
		qv, qtail = enMulAdd.verb("put"), enMulAdd.one("on the shelves", holes{"prep": box.prep, "boxes": box.pl, "tail": qtail})
	}
	qs := asked("in the boxes", who, holes{"howmany": h, "verb": verbText(qv), "tail": qtail, "things": th.pl, "total": enMulAdd.pick(g.rng, "in total", nil)})
	if !bv.of {
		qs = append(qs, asked("in the boxes all", nil, holes{"howmany": h, "prep": box.prep, "boxes": box.pl, "all": enMulAdd.pick(g.rng, "all or altogether", nil), "things": th.pl})...)
	}
	return qs
}

// priceThing draws a thing sold at price k.
func (g *gen) priceThing(k int) *thing {
	return g.thing(func(t *thing) bool { return in(k, t.price) })
}

// priceFact is the fact that one thing costs k dollars (slot 0,
// timeless). seller, when set, is who sells it.
func (g *gen) priceFact(th *thing, k int, seller *actor) fact {
	return g.priceOf(th, money(k), seller)
}

// priceOf is priceFact for a price written m: "$5", "$2.50".
func (g *gen) priceOf(th *thing, m string, seller *actor) fact {
	f := fact{slot: 0, step: -1, trail: true, terse: same(enMulAdd.pick(g.rng, "price each", holes{"m": m, "thing": th.sg}))}
	f.rel = enMulAdd.pick(g.rng, "which cost", holes{"m": m})
	if seller != nil {
		switch g.rng.Intn(3) {
		case 0:
			f.cl = clause{who: seller, v: enMulAdd.verb("sell"), obj: phrase{enMulAdd.pick(g.rng, "for each", holes{"things": th.pl, "m": m}), enMulAdd.one("them for", holes{"m": m})}, tense: present}
		case 1:
			f.cl = clause{who: seller, v: enMulAdd.verb("charge"), obj: same(m), tail: enMulAdd.pick(g.rng, "for every", holes{"thing": th.sg}), tense: present}
		default:
			f.cl = clause{subj: same(enMulAdd.pick(g.rng, "each thing", holes{"thing": th.sg})), v: enMulAdd.verb("sell"), obj: same(enMulAdd.one("for price", holes{"m": m})), tense: present}
		}
		return f
	}
	switch g.rng.Intn(5) {
	case 0:
		f.cl = clause{subj: phrase{th.pl, enMulAdd.one("the things", holes{"things": th.pl})}, plural: true, v: enMulAdd.verb("cost"), obj: same(enMulAdd.pick(g.rng, "m each", holes{"m": m})), tense: present}
	case 1:
		f.cl = clause{subj: same(enMulAdd.pick(g.rng, "each or one", holes{"thing": th.sg})), v: enMulAdd.verb("cost"), obj: same(m), tense: present}
		if f.cl.subj.full == enMulAdd.one("one thing", holes{"thing": th.sg}) {
			f.cl.subj = same(an(th.sg))
		}
	case 2:
		f.cl = clause{subj: same(enMulAdd.one("the store", nil)), v: enMulAdd.verb("sell"), obj: same(enMulAdd.pick(g.rng, "store sells", holes{"things": th.pl, "m": m})), tense: present}
	case 3:
		f.cl = clause{subj: same(enMulAdd.one("price of", holes{"athing": an(th.sg)})), v: enMulAdd.verb("be"), obj: same(m), tense: present}
	default:
		f.cl = clause{subj: phrase{th.pl, enMulAdd.one("the things", holes{"things": th.pl})}, plural: true, v: enMulAdd.verb("be"), obj: same(enMulAdd.pick(g.rng, "m each", holes{"m": m})), tense: present, tail: enMulAdd.pick(g.rng, "at the fair", nil)}
	}
	return f
}

// spendQs ask how much a buyer spent.
func spendQs(who *actor) []question {
	qs := asked("spend", who, nil)
	if who.pro == proI {
		qs = append(qs, asked("spend mine", nil, nil)...)
	}
	return qs
}

// earnQs ask how much a seller or worker made.
func earnQs(who *actor, aux string) []question {
	return asked("earn", who, holes{"aux": aux})
}

// priceTwice: one thing costs a; b were bought (or sold) on one occasion
// and c on another.
func priceTwice(g *gen) (*story, bool) {
	th := g.priceThing(g.a)
	if th == nil {
		return nil, false
	}
	var who, other *actor
	selling := g.chance(0.35)
	if selling {
		if len(th.biz) > 0 && g.chance(0.6) {
			who = pickBusiness(pick(g.rng, th.biz))
		} else {
			who = g.person()
		}
	} else {
		who = g.owner(th)
		if who.kind == business {
			who = g.person()
		}
	}
	var seller *actor
	if selling {
		seller = who
	}
	rate := g.priceFact(th, g.a, seller)
	bv := enMulAdd.verb("buy")
	if selling {
		bv = enMulAdd.verb("sell")
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: bv, obj: phrase{cnt(th, g.b), itoa(g.b)}}, terse: same(itoa(g.b) + " " + bv.part)}
	f2 := fact{slot: 2, step: 1, more: true, cl: clause{who: who, v: bv, obj: phrase{cnt(th, g.c), g.more(th, g.c)}}, terse: same(enMulAdd.one("more bought", holes{"n": itoa(g.c), "bought": bv.part}))}
	f1.host, f2.host = g.b >= 2, g.c >= 2
	subject := who
	if !selling && who.kind == person && g.chance(0.35) {
		other = g.helper(who)
		f2.cl.who = other
		f2.cl.obj.short = g.one(itoa(g.c), cnt(th, g.c))
		f2.step = 0
		subject = pair(who, other)
	} else {
		pair := pick(g.rng, timePairs[pick(g.rng, []string{"day", "week"})])
		f1.cl.when, f2.cl.when = pair[0], pair[1]
	}
	qs := append(spendQs(subject), costQs(th, "did")...)
	if selling {
		qs = earnQs(who, "did")
	}
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{rate, f1, f2}, qs: qs}
	return st, true
}

// activityFor draws an activity with a period (its key) whose rate range
// holds k; only, when given, limits the periods.
func (g *gen) activityFor(k int, only ...string) (activity, string, bool) {
	for _, i := range g.rng.Perm(len(activities)) {
		act := activities[i]
		if !in(k, act.rate) {
			continue
		}
		var pers []string
		for _, p := range act.pers {
			if len(only) == 0 || contains(only, p) {
				pers = append(pers, p)
			}
		}
		if len(pers) > 0 {
			return act, pick(g.rng, pers), true
		}
	}
	return activity{}, "", false
}

// contains reports whether xs holds x.
func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// amount writes k of an activity's unit: "5 km", "$12", "30 minutes".
func (act activity) amount(k int) string {
	if act.money {
		return money(k)
	}
	s := count(k, act.unit)
	if act.after != "" {
		s += " " + act.after
	}
	return s
}

// rateFact is the fact that who does a units per period (slot 0,
// timeless): "Maya runs 5 km a day."
func (g *gen) rateFact(who *actor, act activity, per period, a int) fact {
	obj := act.amount(a)
	if act.pre != "" {
		obj = act.pre + " " + obj
	}
	p := pick(g.rng, per.per)
	cl := clause{who: who, v: act.does, obj: same(obj), tail: p, tense: present}
	if act.money && act.after != "" {
		cl.obj = same(money(a))
		cl.tail = p + " " + act.after
	}
	if contains(enMulAdd.list("every period", holes{"period": per.sg}), p) && g.chance(0.5) && !act.money {
		cl.tail, cl.when = "", p
	}
	rel := act.amount(a) + " " + g.one(per.per...)
	if act.money {
		rel = enMulAdd.one("at rate", holes{"money": money(a), "per": g.one(per.per...)})
	}
	return fact{slot: 0, step: -1, cl: cl, trail: true, rel: rel, terse: same(act.amount(a) + " " + p)}
}

// periodCount is the fact that who did the activity on k periods: "she
// ran on 6 days last week", "she rode her bike on 5 days".
func (g *gen) periodCount(who *actor, act activity, per period, k int, when string) fact {
	obj := per.count.with(holes{"count": count(k, per.noun)})
	if act.btail != "" {
		obj = act.btail + " " + obj
	}
	cl := clause{who: who, v: act.bare, obj: same(obj), when: when}
	return fact{cl: cl, terse: same(count(k, per.noun) + " " + when)}
}

// activityQs ask for the total of an activity.
func activityQs(who *actor, act activity, aux, tail string) []question {
	qv := act.does
	if h, rest := splitHead(qv.base); playsFor(rest) {
		qv = v(h+rest[:len(rest)-4], qv.past[:len(qv.past)-4])
	}
	var qs []question
	switch {
	case act.money:
		qs = earnQs(who, aux)
		for i := range qs {
			if qs[i].tail == "" {
				qs[i].tail = tail
			}
		}
	case act.far:
		qs = asked("far", who, holes{"units": act.unit.pl, "verb": verbText(qv), "aux": aux, "tail": tail})
	default:
		h := enMulAdd.one("how many units", holes{"units": act.unit.pl})
		if act.after != "" {
			h += " " + act.after
		}
		qs = asked("activity", who, holes{"howmany": h, "units": act.unit.pl, "verb": verbText(qv), "aux": aux, "tail": tail})
	}
	return qs
}

// playsFor reports whether rest, the words after an activity's first
// verb, are an instrument played "for" a time: " the piano for".
func playsFor(rest string) bool { return contains(enMulAdd.list("play for", nil), rest) }

// rateTwice: someone does a units per period; they did it for b periods
// on one occasion and c on another.
func rateTwice(g *gen) (*story, bool) {
	act, key, ok := g.activityFor(g.a)
	if !ok {
		return nil, false
	}
	pair, ok := g.occasions(key, max(g.b, g.c))
	if !ok {
		return nil, false
	}
	per := periods[key]
	who := g.person()
	rate := g.rateFact(who, act, per, g.a)
	f1 := g.periodCount(who, act, per, g.b, pair[0])
	f2 := g.periodCount(who, act, per, g.c, pair[1])
	f1.slot, f1.step, f2.slot, f2.step = 1, 0, 2, 1
	f1.host, f2.host = g.b >= 2, g.c >= 2
	st := &story{main: who, topic: act.topic, facts: []fact{rate, f1, f2}, qs: activityQs(who, act, "did", g.inAll())}
	return st, true
}

// jobFor draws a paid job whose rate range holds k.
func (g *gen) jobFor(k int) (job, bool) {
	for _, i := range g.rng.Perm(len(jobs)) {
		if in(k, jobs[i].rate) {
			return jobs[i], true
		}
	}
	return job{}, false
}

// payFact is the fact that who is paid a dollars per task (slot 0,
// timeless).
func (g *gen) payFact(who *actor, j job, a int) fact {
	m := money(a)
	does := who.pro.subj + " " + j.do.present(who.pro.plural)
	task := j.task.sg
	f := fact{slot: 0, step: -1, trail: true, terse: same(enMulAdd.one("per task", holes{"m": m, "task": task}))}
	f.rel = enMulAdd.pick(g.rng, "at pay", holes{"m": m, "per": enMulAdd.pick(g.rng, "a task", holes{"atask": an(task), "task": task})})
	switch g.rng.Intn(5) {
	case 0:
		f.cl = clause{who: who, v: enMulAdd.verb("earn"), obj: same(m), tail: enMulAdd.pick(g.rng, "for each task", holes{"task": task, "does": does}), tense: present}
	case 1:
		f.cl = clause{who: who, v: enMulAdd.verb("charge"), obj: same(m), tail: enMulAdd.one("to do a task", holes{"do": j.do.base, "atask": an(task)}), tense: present}
		if task == "shift" {
			f.cl = clause{who: who, v: enMulAdd.verb("get paid"), obj: same(m), tail: enMulAdd.one("per shift", nil), tense: present}
		}
	case 2:
		f.cl = clause{who: who, v: enMulAdd.verb("get paid"), obj: same(m), tail: enMulAdd.pick(g.rng, "per task or each", holes{"task": task, "does": does}), tense: present}
	case 3:
		f.cl = clause{subj: same(enMulAdd.pick(g.rng, "payers", nil)), plural: true, v: enMulAdd.verb("pay"), obj: same(enMulAdd.one("pay main", holes{"m": m})), tail: enMulAdd.pick(g.rng, "for each task", holes{"task": task, "does": does}), tense: present}
	default:
		f.cl = clause{who: who, v: enMulAdd.verb("make"), obj: same(m), tail: enMulAdd.pick(g.rng, "per task or every", holes{"task": task, "does": does}), tense: present}
	}
	return f
}

// jobTwice: someone earns a per task; they did b tasks on one day and c
// on another.
func jobTwice(g *gen) (*story, bool) {
	j, ok := g.jobFor(g.a)
	if !ok {
		return nil, false
	}
	who := g.person()
	pay := g.payFact(who, j, g.a)
	pair := pick(g.rng, timePairs[g.one("day", "hour")])
	if max(g.b, g.c) > 6 {
		pair = pick(g.rng, timePairs["week"])
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: j.do, obj: same(count(g.b, j.task)), when: pair[0]}, terse: same(count(g.b, j.task) + " " + pair[0])}
	f2 := fact{slot: 2, step: 1, more: true, cl: clause{who: who, v: j.do, obj: phrase{count(g.c, j.task), enMulAdd.pick(g.rng, "more tasks", holes{"n": itoa(g.c), "count": count(g.c, j.task)})}, when: pair[1]}, terse: same(itoa(g.c) + " " + pair[1])}
	f1.host, f2.host = g.b >= 2, g.c >= 2
	st := &story{main: who, topic: j.topic, facts: []fact{pay, f1, f2}, qs: earnQs(who, "did")}
	return st, true
}

// gridActor makes the whole of a grid an actor ("the theater", "it").
func gridActor(gr grid) *actor {
	return &actor{name: gr.where, pro: proIt, kind: business}
}

// perUnit is the fact that each unit of a grid has a items (slot 0,
// timeless).
func (g *gen) perUnit(gr grid, a int) fact {
	c := count(a, gr.item)
	unit := gr.unit.sg
	plants := contains(enMulAdd.list("plants", nil), gr.item.sg)
	f := fact{slot: 0, step: -1, trail: true, terse: same(enMulAdd.one("per unit", holes{"n": itoa(a), "unit": unit}))}
	f.rel = enMulAdd.pick(g.rng, "each with", holes{"count": c, "prep": gr.prep, "unit": unit})
	switch g.rng.Intn(3) {
	case 0:
		f.cl = clause{subj: same(enMulAdd.pick(g.rng, "each unit", holes{"unit": unit})), v: pick(g.rng, enMulAdd.verbs("have or hold")), obj: same(c), tense: present}
		if plants {
			f.cl.v = enMulAdd.verb("have")
		}
	case 1:
		f.cl = clause{subj: same("there"), plural: a != 1, v: enMulAdd.verb("be"), obj: same(c), tail: enMulAdd.one("prep each unit", holes{"prep": gr.prep, "unit": unit}), tense: present}
	default:
		f.cl = clause{subj: same(c), plural: a != 1, v: enMulAdd.verb("fit"), tail: enMulAdd.pick(g.rng, "prep every unit", holes{"prep": gr.prep, "unit": unit}), tense: present}
		if plants {
			f.cl = clause{subj: same("there"), plural: a != 1, v: enMulAdd.verb("be"), obj: same(c), tail: enMulAdd.one("prep every", holes{"prep": gr.prep, "unit": unit}), tense: present}
		}
	}
	return f
}

// gridTwoParts: a place has b units in one part and c in another, each
// with a items.
func gridTwoParts(g *gen) (*story, bool) {
	gr := pick(g.rng, grids)
	if !in(g.a, gr.fit) || g.b+g.c > gr.units {
		return nil, false
	}
	whole := gridActor(gr)
	rate := g.perUnit(gr, g.a)
	f1 := fact{slot: 1, step: -1, cl: clause{who: whole, v: enMulAdd.verb("have"), obj: same(count(g.b, gr.unit) + " " + gr.parts[0]), tense: present}, terse: same(count(g.b, gr.unit) + " " + gr.parts[0])}
	f2 := fact{slot: 2, step: -1, cl: clause{who: whole, v: enMulAdd.verb("have"), obj: same(count(g.c, gr.unit) + " " + gr.parts[1]), tense: present}, terse: same(count(g.c, gr.unit) + " " + gr.parts[1])}
	qs := append(g.gridQs(gr, whole), asked("grid total what", nil, holes{"items": gr.item.pl, "place": gr.where})...)
	st := &story{main: whole, topic: gr.topic, facts: []fact{rate, f1, f2}, qs: qs}
	return st, true
}

// handout draws a thing handed out to people, at most k each; nil when
// none is given out that many at a time.
func (g *gen) handout(k int) *thing {
	var ok []handout
	for _, h := range handouts {
		if k <= h.most {
			ok = append(ok, h)
		}
	}
	if len(ok) == 0 {
		return nil
	}
	h := pick(g.rng, ok)
	return &thing{noun: h.noun, topic: h.topic}
}

// perPerson: each person gets a things; there are b of one kind of
// people and c of another.
func perPerson(g *gen) (*story, bool) {
	cr := pick(g.rng, crowds)
	th := g.handout(g.a)
	if th == nil {
		return nil, false
	}
	boss := &actor{name: cr.boss, pro: pick(g.rng, []pronoun{proShe, proHe}), kind: group}
	c := cnt(th, g.a)
	rate := fact{slot: 0, step: -1, trail: true, terse: same(enMulAdd.one("count each", holes{"count": c}))}
	switch g.rng.Intn(3) {
	case 0:
		rate.cl = clause{who: boss, v: enMulAdd.verb("give"), obj: same(enMulAdd.one("each person count", holes{"each": enMulAdd.pick(g.rng, "each", nil), "one": enMulAdd.pick(g.rng, "person", holes{"one": cr.whole.sg}), "count": c})), tense: present}
	case 1:
		rate.cl = clause{subj: same(enMulAdd.one("each person", holes{"each": enMulAdd.pick(g.rng, "each", nil), "one": enMulAdd.pick(g.rng, "person", holes{"one": cr.whole.sg})})), v: enMulAdd.verb("get"), obj: same(c), tense: present}
	default:
		rate.cl = clause{who: boss, v: enMulAdd.verb("have"), obj: same(enMulAdd.one("for each one", holes{"count": c, "one": enMulAdd.pick(g.rng, "person", holes{"one": cr.whole.sg})})), tense: present}
	}
	if g.b+g.c > cr.most {
		return nil, false
	}
	k0, k1 := kindsFor(cr, g.b, g.c)
	f1 := fact{slot: 1, step: -1, cl: clause{subj: same("there"), plural: g.b != 1, v: enMulAdd.verb("be"), obj: same(count(g.b, k0)), tense: present}, terse: same(count(g.b, k0))}
	f2 := fact{slot: 2, step: -1, cl: clause{subj: same("there"), plural: g.c != 1, v: enMulAdd.verb("be"), obj: same(count(g.c, k1)), tense: present}, terse: same(count(g.c, k1))}
	if g.chance(0.5) {
		f1.cl.tail = cr.where
	} else {
		f2.cl.tail = cr.where
	}
	tail1 := g.inAll()
	tail2 := g.inAll()
	qs := asked("per person", boss, holes{"howmany": howMany(th), "things": th.pl, "tail1": tail1, "tail2": tail2})
	st := &story{main: boss, topic: th.topic, facts: []fact{rate, f1, f2}, qs: qs}
	return st, true
}

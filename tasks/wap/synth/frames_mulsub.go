package synth

// The frames of a*(b-c).

// enMulSub is the English of this file.
var enMulSub = phraseBook("mulsub")

// compound makes a verb phrase of a verb before another: compound(v("plan
// to"), "mow") is "plan to mow", "planned to mow".
func compound(head verb, rest string) verb {
	return verb{base: head.base + " " + rest, past: head.past + " " + rest, part: head.part + " " + rest}
}

// stateWords writes a verb of state for notes: "closed for repairs" for
// "be closed for repairs", "got flooded" for "get flooded".
func stateWords(w verb) string {
	if h, rest := splitHead(w.base); h == "be" {
		return rest[1:]
	}
	return w.past
}

// containersRemoved: each box holds a; someone had b boxes and c of them
// went away.
func containersRemoved(g *gen) (*story, bool) {
	th, box, ok := g.boxThing(g.a)
	if !ok || box.fixed {
		return nil, false
	}
	who := g.owner(th)
	other := g.helper(who)
	bv, ok := g.boxVerbFor(th, box, false)
	if !ok {
		return nil, false
	}
	rate := g.perBox(who, th, box, g.a, bv.q.base == "pack")
	f1 := g.boxCount(who, bv, th, box, "", g.b, false)
	f1.slot, f1.step = 1, 0
	cs := itoa(g.c)
	back := enMulSub.pick(g.rng, "of the boxes", holes{"n": cs, "boxes": box.pl, "count": count(g.c, box.noun)})
	// Told before the boxes are counted, the loss names what was in them:
	// "She gave away 3 boxes of cookies. She had filled 10 boxes."
	boxes := enMulSub.one("boxes of", holes{"count": count(g.c, box.noun), "things": th.pl})
	f2 := fact{slot: 2, step: 1, loss: true, more: true}
	if g.chance(0.3) {
		gone := pick(g.rng, enMulSub.verbs("gone"))
		f2.cl = clause{subj: phrase{boxes, back}, plural: g.c != 1, v: gone}
		f2.terse = same(count(g.c, box.noun) + " " + gone.pastTense(g.c != 1))
	} else {
		keys := enMulSub.list("give keys", nil)
		acts := usable(keys, losses, who, other, 0)
		a := pick(g.rng, acts)
		tail := g.tailOf(a)
		f2.cl = clause{who: who, v: a.v, obj: phrase{boxes, back}, tail: tail}
		f2.terse = same(count(g.c, box.noun) + " " + a.v.part)
		if a.must {
			f2.terse = same(count(g.c, box.noun) + " " + a.v.part + " " + plainTail(tail))
		}
	}
	f1.host = g.b >= 2
	qs := haveQs(th, who)
	qs = append(qs, asked("still have", who, holes{"howmany": howMany(th), "things": th.pl})...)
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{rate, f1, f2}, qs: qs}
	return st, true
}

// unsold: one thing sells for a; a seller had b and c went unsold.
func unsold(g *gen) (*story, bool) {
	th := g.priceThing(g.a)
	if th == nil {
		return nil, false
	}
	var who *actor
	if len(th.biz) > 0 && g.chance(0.6) {
		who = pickBusiness(pick(g.rng, th.biz))
	} else {
		who = g.person()
	}
	price := g.priceFact(th, g.a, who)
	made := enMulSub.verb("have")
	var makes []string
	for _, k := range th.get {
		if contains(enMulSub.list("make keys", nil), k) {
			makes = append(makes, k)
		}
	}
	if acts := usable(makes, gains, who, nil, g.b); len(acts) > 0 && g.chance(0.7) {
		made = pick(g.rng, acts).v
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: made, obj: same(cnt(th, g.b)), tail: enMulSub.pick(g.rng, "to sell", nil)}, terse: same(enMulSub.one("count to sell", holes{"count": cnt(th, g.b)}))}
	if made.base == "have" {
		f1.cl.tail = enMulSub.pick(g.rng, "for sale", nil)
	}
	c := cnt(th, g.c)
	cs := itoa(g.c)
	f2 := fact{slot: 2, step: 1, loss: true, terse: same(enMulSub.one("unsold", holes{"n": cs}))}
	switch g.rng.Intn(5) {
	case 0:
		f2.cl = clause{who: who, v: enMulSub.verb("sell"), obj: phrase{enMulSub.one("all but", holes{"count": c}), enMulSub.pick(g.rng, "all but them", holes{"n": cs})}}
	case 1:
		f2.cl = clause{subj: phrase{c, enMulSub.pick(g.rng, "of them", holes{"n": cs, "things": th.pl})}, plural: g.c != 1, v: enMulSub.verb("go unsold")}
	case 2:
		f2.cl = clause{who: who, v: enMulSub.verb("sell"), obj: phrase{enMulSub.one("every except", holes{"thing": th.sg, "n": cs}), enMulSub.one("all except", holes{"n": cs})}}
	case 3:
		f2.cl = clause{who: who, v: enMulSub.verb("have"), obj: same(enMulSub.one("left over", holes{"count": c})), when: enMulSub.pick(g.rng, "at closing", nil)}
	default:
		f2.cl = clause{subj: phrase{c, enMulSub.pick(g.rng, "of them", holes{"n": cs, "things": th.pl})}, plural: g.c != 1, v: enMulSub.verb("be left"), tail: enMulSub.one("unsold tail", nil)}
		f2.cl.when = enMulSub.pick(g.rng, "when ended", nil)
	}
	f2.more, f1.host = true, g.b >= 2
	qs := append(earnQs(who, "did"), asked("took in", who, nil)...)
	st := &story{main: who, topic: th.topic, facts: []fact{price, f1, f2}, qs: qs}
	return st, true
}

// class is a group a teacher or coach gives things to.
type class struct {
	whole noun
	where string // where they are, with {main's} for the leader
	title string // the leader's title
}

// classes are the classes of data/classes.tsv, in its order.
var classes = load("classes", func(r *row) class { return class{r.noun("whole"), r.need("where"), r.need("title")} })

// absent: a leader gives each of b people a things, but c are absent.
func absent(g *gen) (*story, bool) {
	cl := pick(g.rng, classes)
	th := g.handout(g.a)
	if th == nil || g.b > 40 {
		return nil, false
	}
	boss := &actor{kind: group}
	switch cl.title {
	case "Coach":
		p := pickPerson(g.rng)
		boss.name, boss.pro = "Coach "+p.name, p.pro
		if p.pro == proThey {
			boss.pro = proShe
		}
	case "Mr.":
		boss.name, boss.pro = "Mr. "+pick(g.rng, teachers), proHe
	default:
		boss.name, boss.pro = cl.title+" "+pick(g.rng, teachers), proShe
	}
	w := cl.whole
	c := cnt(th, g.a)
	rate := fact{slot: 0, step: -1, trail: true, terse: same(enMulSub.one("per one", holes{"count": c, "one": w.sg}))}
	switch g.rng.Intn(3) {
	case 0:
		rate.cl = clause{who: boss, v: enMulSub.verb("give"), obj: same(enMulSub.pick(g.rng, "each one count", holes{"one": w.sg, "count": c})), tense: present}
	case 1:
		rate.cl = clause{subj: same(enMulSub.pick(g.rng, "each one", holes{"one": w.sg})), v: enMulSub.verb("get"), obj: same(c), tail: enMulSub.pick(g.rng, "from main", nil), tense: present}
	default:
		rate.cl = clause{who: boss, v: enMulSub.verb("plan to give"), obj: same(enMulSub.pick(g.rng, "each one count", holes{"one": w.sg, "count": c})), tense: present}
	}
	f1 := fact{slot: 1, step: -1, terse: same(count(g.b, w))}
	if g.chance(0.5) {
		f1.cl = clause{subj: same("there"), plural: g.b != 1, v: enMulSub.verb("be"), obj: same(count(g.b, w)), tail: cl.where, tense: present}
	} else {
		f1.cl = clause{who: boss, v: enMulSub.verb("have"), obj: same(count(g.b, w)), tail: cl.where, tense: present}
	}
	cs := itoa(g.c)
	f2 := fact{slot: 2, step: -1, loss: true, terse: same(enMulSub.one("absent", holes{"n": cs}))}
	miss := pick(g.rng, enMulSub.verbs("missing"))
	tn := present
	if h, _ := splitHead(miss.base); h != "be" {
		tn = past
	}
	f2.cl = clause{subj: phrase{count(g.c, w), enMulSub.one("of the people", holes{"n": cs, "people": w.pl})}, plural: g.c != 1, v: miss, tail: enMulSub.pick(g.rng, "today", nil), tense: tn}
	qs := asked("absent", boss, holes{"howmany": howMany(th), "aux": enMulSub.pick(g.rng, "do or will", nil)})
	st := &story{main: boss, topic: th.topic, facts: []fact{rate, f1, f2}, qs: qs}
	return st, true
}

// missedSessions: someone does a units per period, planned b periods and
// missed c of them.
func missedSessions(g *gen) (*story, bool) {
	act, key, ok := g.activityFor(g.a, "day", "evening", "night", "hour", "practice")
	if !ok {
		return nil, false
	}
	when, ok := g.occasion(key, g.b)
	if !ok {
		return nil, false
	}
	per := periods[key]
	who := g.person()
	rate := g.rateFact(who, act, per, g.a)
	plans := enMulSub.verbsWith("plan to", holes{"do": act.bare.base})
	plan := pick(g.rng, plans)
	if contains(enMulSub.list("plan only", nil), act.bare.base) {
		plan = plans[0]
	}
	planned := per.count.with(holes{"count": count(g.b, per.noun)})
	if act.btail != "" {
		planned = act.btail + " " + planned
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: plan, obj: same(planned), when: when}, terse: same(enMulSub.one("planned", holes{"count": count(g.b, per.noun)}))}
	cs := itoa(g.c)
	// more: told before the plan, the loss counts days ("she was sick on
	// 3 days"); after it, "of those days", not "of them" (a rate told in
	// between would make "them" the laps or pages).
	f2 := fact{slot: 2, step: 1, loss: true, more: true, terse: same(enMulSub.one("missed", holes{"n": cs}))}
	those := enMulSub.one("those", holes{"n": cs, "periods": per.pl})
	some := count(g.c, per.noun)
	switch {
	case per.sg == "practice":
		f2.cl = clause{who: who, v: pick(g.rng, enMulSub.verbs("skip practice")), obj: phrase{some, those}}
		if g.chance(0.3) {
			f2.cl = clause{who: who, v: enMulSub.verb("be"), obj: phrase{enMulSub.one("sick for", holes{"what": some}), enMulSub.one("sick for", holes{"what": those})}}
		}
	case per.sg == "hour" && g.b > 12:
		f2.cl = clause{who: who, v: pick(g.rng, enMulSub.verbs("skip hours")), obj: phrase{some, enMulSub.one("of those hours", holes{"n": cs})}}
	case per.sg == "hour":
		switch g.rng.Intn(3) {
		case 0:
			f2.cl = clause{who: who, v: enMulSub.verb("have to stop"), obj: same(enMulSub.one("early", holes{"some": some}))}
		case 1:
			f2.cl = clause{who: who, v: enMulSub.verb("leave"), obj: same(enMulSub.one("early", holes{"some": some}))}
		default:
			f2.cl = clause{who: who, v: enMulSub.verb("lose"), obj: same(some), tail: enMulSub.pick(g.rng, "because", nil)}
		}
	case act.money && g.chance(0.5):
		f2.cl = clause{who: who, v: enMulSub.verb("call in sick"), obj: phrase{enMulSub.one("on", holes{"what": some}), enMulSub.one("on", holes{"what": those})}}
	default:
		switch g.rng.Intn(5) {
		case 0:
			f2.cl = clause{subj: same(enMulSub.one("it", nil)), v: enMulSub.verb("rain"), obj: phrase{enMulSub.one("on", holes{"what": some}), enMulSub.one("on", holes{"what": those})}}
		case 1:
			f2.cl = clause{who: who, v: enMulSub.verb("be"), obj: phrase{enMulSub.one("sick on", holes{"what": some}), enMulSub.one("sick on", holes{"what": those})}}
		case 2:
			f2.cl = clause{who: who, v: enMulSub.verb("miss"), obj: phrase{some, those}}
		case 3:
			f2.cl = clause{who: who, v: enMulSub.verb("be"), obj: phrase{enMulSub.one("away", holes{"what": some}), enMulSub.one("away", holes{"what": those})}}
		default:
			f2.cl = clause{who: who, v: enMulSub.verb("have to skip"), obj: phrase{some, those}}
		}
	}
	f1.host = g.b >= 2
	qs := activityQs(who, act, "did", enMulSub.pick(g.rng, "in the end", holes{"when": when}))
	st := &story{main: who, topic: act.topic, facts: []fact{rate, f1, f2}, qs: qs}
	return st, true
}

// cancelledJobs: someone earns a per task, was booked for b tasks and c
// were cancelled.
func cancelledJobs(g *gen) (*story, bool) {
	j, ok := g.jobFor(g.a)
	if !ok {
		return nil, false
	}
	who := g.person()
	pay := g.payFact(who, j, g.a)
	booked := pick(g.rng, enMulSub.verbsWith("booked", holes{"do": j.do.base}))
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: booked, obj: same(count(g.b, j.task)), when: enMulSub.pick(g.rng, "this week", nil)}, terse: same(enMulSub.one("count booked", holes{"count": count(g.b, j.task)}))}
	cs := itoa(g.c)
	f2 := fact{slot: 2, step: 1, loss: true, more: true, terse: same(enMulSub.pick(g.rng, "cancelled", holes{"n": cs}))}
	var other *actor
	switch r := g.rng.Intn(5); {
	case r == 0:
		f2.cl = clause{subj: phrase{count(g.c, enMulSub.noun("job")), enMulSub.pick(g.rng, "of those jobs", holes{"n": cs})}, plural: g.c != 1, v: pick(g.rng, enMulSub.verbs("be cancelled"))}
	case r == 1 && j.task.sg != "shift":
		f2.cl = clause{subj: same(count(g.c, enMulSub.noun("customer"))), plural: g.c != 1, v: pick(g.rng, enMulSub.verbs("cancel"))}
	case r == 2:
		// "Her brother already took care of 3 of them."
		other = pickRelative(g.rng, who)
		f2.cl = clause{who: other, v: enMulSub.verb("take care of"), obj: phrase{count(g.c, j.task), enMulSub.one("n of them", holes{"n": cs})}, tail: enMulSub.pick(g.rng, "for main", nil)}
		f2.terse = same(enMulSub.one("someone else", holes{"n": cs}))
	case r == 3 && j.task.sg == "shift":
		f2.cl = clause{who: who, v: enMulSub.verb("call in sick for"), obj: phrase{count(g.c, j.task), enMulSub.pick(g.rng, "of the shifts", holes{"n": cs})}}
		f2.terse = same(enMulSub.one("sick shifts", holes{"n": cs}))
	default:
		f2.cl = clause{who: who, v: enMulSub.verb("have to skip"), obj: phrase{count(g.c, j.task), enMulSub.one("of those tasks", holes{"n": cs, "tasks": j.task.form(2)})}, tail: enMulSub.pick(g.rng, "because of", nil)}
	}
	f1.host = g.b >= 2
	st := &story{main: who, other: other, topic: j.topic, facts: []fact{pay, f1, f2}, qs: earnQs(who, "did")}
	return st, true
}

// closedUnits: a place has b units of a items each, and c units are out of
// use.
func closedUnits(g *gen) (*story, bool) {
	var gr grid
	for gr.shut.base == "" {
		gr = pick(g.rng, grids)
	}
	if !in(g.a, gr.fit) || g.b > gr.units {
		return nil, false
	}
	whole := gridActor(gr)
	rate := g.perUnit(gr, g.a)
	f1 := fact{slot: 1, step: -1, cl: clause{who: whole, v: enMulSub.verb("have"), obj: same(count(g.b, gr.unit)), tense: present}, terse: same(count(g.b, gr.unit))}
	cs := itoa(g.c)
	f2 := fact{slot: 2, step: -1, loss: true, terse: same(cs + " " + stateWords(gr.shut))}
	f2.cl = clause{subj: phrase{count(g.c, gr.unit), enMulSub.one("of the units", holes{"n": cs, "units": gr.unit.pl})}, plural: g.c != 1, v: gr.shut, tense: gr.shutT}
	f1.host = g.b >= 2
	qs := asked("working units", nil, holes{"items": gr.item.pl, "ok": verbText(gr.ok), "aux": gr.okAux})
	if gr.okAux == "do" {
		qs = append(qs, asked("working units now", nil, holes{"items": gr.item.pl, "ok": verbText(gr.ok)})...)
	}
	st := &story{main: whole, topic: gr.topic, facts: []fact{rate, f1, f2}, qs: qs}
	return st, true
}

// returned: one thing costs a; a buyer bought b and took c back for a
// refund, or needs b and already has c.
func returned(g *gen) (*story, bool) {
	th := g.priceThing(g.a)
	if th == nil {
		return nil, false
	}
	who := g.owner(th)
	if who.kind == business {
		who = g.person()
	}
	price := g.priceFact(th, g.a, nil)
	c, cs := cnt(th, g.c), itoa(g.c)
	var f1, f2 fact
	var qs []question
	if g.chance(0.5) {
		buy := pick(g.rng, enMulSub.verbs("buy"))
		f1 = fact{slot: 1, step: 0, cl: clause{who: who, v: buy, obj: same(cnt(th, g.b))}, terse: same(cnt(th, g.b) + " " + buy.part)}
		f2 = fact{slot: 2, step: 1, loss: true, more: true, terse: same(enMulSub.one("returned", holes{"n": cs}))}
		back := phrase{c, enMulSub.pick(g.rng, "of them", holes{"n": cs, "things": th.pl})}
		switch g.rng.Intn(3) {
		case 0:
			f2.cl = clause{who: who, v: pick(g.rng, enMulSub.verbs("return")), obj: back, tail: enMulSub.pick(g.rng, "refund", nil)}
		case 1:
			f2.cl = clause{subj: back, plural: g.c != 1, v: pick(g.rng, enMulSub.verbs("refunded"))}
		default:
			f2.cl = clause{who: who, v: enMulSub.verb("get a refund"), obj: same(""), tail: enMulSub.one("for back", holes{"back": back.full})}
		}
		qs = spendQs(who)
	} else {
		f1 = fact{slot: 1, step: -1, cl: clause{who: who, v: enMulSub.verb("need"), obj: same(cnt(th, g.b)), tail: enMulSub.pick(g.rng, "for a project", nil), tense: present}, terse: same(enMulSub.one("needs", holes{"count": cnt(th, g.b)}))}
		f2 = fact{slot: 2, step: -1, loss: true, cl: clause{who: who, v: enMulSub.verb("already have"), obj: phrase{c, cs}, tense: present}, terse: same(enMulSub.one("already has", holes{"n": cs}))}
		qs = asked("the rest", who, holes{"tail": enMulSub.pick(g.rng, "on the rest", nil)})
	}
	f1.host = g.b >= 2
	st := &story{main: who, topic: th.topic, facts: []fact{price, f1, f2}, qs: qs}
	return st, true
}

// costQs ask what things cost in all; aux is "did" or "will".
func costQs(th *thing, aux string) []question {
	return asked("cost", nil, holes{"things": th.pl, "aux": aux})
}

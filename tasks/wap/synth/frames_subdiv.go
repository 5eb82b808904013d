package synth

import "strings"

// The frames of (a-b)/c.

// enSubDiv is the English of this file.
var enSubDiv = phraseBook("subdiv")

// restLoss is the fact that b of the whole went away, before the rest is
// divided (slot 1, step 1).
func (g *gen) restLoss(who, other *actor, th *thing) fact {
	f := g.loss(who, other, th, g.b)
	f.slot, f.step = 1, 1
	return f
}

// shareRest: someone had a, lost b and shared the rest among c.
func shareRest(g *gen) (*story, bool) {
	th := g.someThing()
	who := g.owner(th)
	other := g.helper(who)
	have := g.state(who, th, g.a)
	lose := g.restLoss(who, other, th)
	l := g.restLot(th, who)
	share, qs := g.shareFact(who, th, g.c, l)
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, lose, share}, qs: qs}
	g.placeRest(st, l)
	return st, true
}

// packRest: someone had a, lost b and packed the rest c to a container.
func packRest(g *gen) (*story, bool) {
	th := g.packable()
	if th == nil {
		return nil, false
	}
	who := g.owner(th)
	other := g.helper(who)
	have := g.state(who, th, g.a)
	lose := g.restLoss(who, other, th)
	l := g.restLot(th, who)
	pack, qs, ok := g.packFact(who, th, g.c, l)
	if !ok {
		return nil, false
	}
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, lose, pack}, qs: qs}
	g.placeRest(st, l)
	return st, true
}

// spendRest: someone had $a, spent $b and buys things at $c each with the
// rest.
func spendRest(g *gen) (*story, bool) {
	th := g.priceThing(g.c)
	if th == nil {
		return nil, false
	}
	who := g.person()
	other := g.helper(who)
	have := g.state(who, cash, g.a)
	lose := g.restLoss(who, other, cash)
	l := g.restLot(cash, who)
	var buy fact
	var qs []question
	switch r := g.rng.Intn(3); {
	case r == 0 && l.tense != divMeant:
		buy = g.priceFact(th, g.c, nil)
		buy.slot, buy.trail = 2, true
		tail1 := enSubDiv.pick(g.rng, "with the rest of the money", nil)
		tail2 := enSubDiv.pick(g.rng, "with the rest", nil)
		qs = asked("buy with rest", who, holes{"things": th.pl, "tail1": tail1, "tail2": tail2})
		l = lot{}
	case l.tense == divPlan || l.tense == divMeant:
		buy = fact{slot: 2, step: -1, cl: clause{who: who, v: g.planVerb(enSubDiv.verb("spend")), obj: l.them, tail: enSubDiv.one("on things", holes{"things": th.pl, "price": money(g.c)}), tense: present}}
		cond := buy.cl
		cond.v = enSubDiv.verb("spend")
		buy.cond = &cond
		qs = asked("buy planned", who, holes{"things": th.pl})
		if l.tense == divMeant {
			buy.cl.tense, buy.step, buy.cond, buy.noCond = past, 0, nil, true
			qs = asked("buy meant", who, holes{"things": th.pl, "tail": enSubDiv.pick(g.rng, "after that", nil)})
		}
	default:
		buy = fact{slot: 2, step: 2, cl: clause{who: who, v: enSubDiv.verb("use"), obj: l.them, tail: enSubDiv.pick(g.rng, "to buy", holes{"things": th.pl, "price": money(g.c)})}}
		qs = asked("bought", who, holes{"things": th.pl})
	}
	buy.terse = same(enSubDiv.one("things each", holes{"things": th.pl, "price": money(g.c)}))
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, lose, buy}, qs: qs}
	g.placeRest(st, l)
	return st, true
}

// project is a piece of work of a units done at a steady rate.
type project struct {
	topic  string
	subj   string   // the work: "{main's} book"
	has    verb     // "have" or "be"
	total  template // "{total}" or "{total} long": how the total is said
	unit   noun
	done   verb // "read": "has read 30 pages"
	rate   verb // "read": "reads 9 pages a day"
	pers   []string
	finish string // "finish the book"
}

// projects are the projects of data/projects.tsv, in its order.
var projects = load("projects", func(r *row) project {
	return project{r.need("topic"), r.need("work"), r.verb("has"), r.template("total", "total"), r.noun("unit"), r.verb("done"), r.verb("rate"), r.list("pers"), r.need("finish")}
})

// finishJob: a task has a units, b are done, c are done per day; how many
// days are left (or: finish in c days, how many per day).
func finishJob(g *gen) (*story, bool) {
	who := g.person()
	money := g.chance(0.15)
	var p project
	if money {
		p = project{topic: "money", unit: cash.noun, done: enSubDiv.verb("save"), rate: enSubDiv.verb("save"), pers: ws("week"), finish: enSubDiv.one("reach the goal", nil)}
	} else {
		p = pick(g.rng, projects)
	}
	amount := func(k int) string {
		if money {
			return "$" + itoa(k)
		}
		return count(k, p.unit)
	}
	per := periods[pick(g.rng, p.pers)]
	var total fact
	if money {
		goal := enSubDiv.pick(g.rng, "goal", nil)
		total = fact{slot: 0, step: -1, cl: clause{who: who, v: enSubDiv.verb("want to save"), obj: same(amount(g.a)), tail: enSubDiv.one("for goal", holes{"goal": goal}), tense: present}, terse: same(enSubDiv.one("amount goal", holes{"amount": amount(g.a)}))}
	} else {
		total = fact{slot: 0, step: -1, cl: clause{subj: same(p.subj), v: p.has, obj: same(p.total.with(holes{"total": amount(g.a)})), tense: present}, terse: same(enSubDiv.one("in all", holes{"amount": amount(g.a)}))}
	}
	done := fact{slot: 1, step: 0, cl: clause{who: who, v: p.done, obj: same(amount(g.b)), tail: enSubDiv.pick(g.rng, "so far", nil), tense: presentPerfect}, terse: same(enSubDiv.one("done", holes{"amount": amount(g.b)}))}
	var rate fact
	var qs []question
	if g.chance(0.6) {
		rate = fact{slot: 2, step: -1, cl: clause{who: who, v: p.rate, obj: same(amount(g.c)), tail: pick(g.rng, per.per), tense: present}, terse: same(amount(g.c) + " " + pick(g.rng, per.per))}
		howMany := enSubDiv.pick(g.rng, "how many periods", holes{"periods": per.pl})
		qs = asked("periods left", who, holes{"howmany": howMany, "periods": per.pl, "finish": p.finish})
	} else {
		periods := count(g.c, per.noun)
		rate = fact{slot: 2, step: -1, cl: clause{who: who, v: verb{base: enSubDiv.one("want to", holes{"finish": p.finish})}, obj: same(enSubDiv.one("in periods", holes{"periods": periods})), tense: present}, terse: same(enSubDiv.one("finish in", holes{"finish": plainTail(strings.ReplaceAll(p.finish, "{main's}", enSubDiv.one("the", nil))), "periods": periods}))}
		rate.noCond = true
		h := enSubDiv.one("how many units", holes{"units": p.unit.pl})
		if money {
			h = enSubDiv.one("how much money", nil)
		}
		qs = asked("per period", who, holes{"howmany": h, "rate": p.rate.base, "rates": verbText(p.rate), "period": per.sg, "each": enSubDiv.pick(g.rng, "each or per", holes{"period": per.sg})})
	}
	if rest, ok := strings.CutPrefix(p.subj, "{main's} "); ok && g.chance(0.3) {
		with := p.total.with(holes{"total": amount(g.a)})
		total.cl = clause{who: who, v: enSubDiv.verb("be working on"), obj: same(enSubDiv.one("working on", holes{"arest": an(rest), "total": with})), tense: present}
	}
	st := &story{main: who, topic: p.topic, facts: []fact{total, done, rate}, qs: qs}
	return st, true
}

// teamsRest: a people were somewhere, b left, and the rest were put into
// teams of c (or c equal teams).
func teamsRest(g *gen) (*story, bool) {
	cr := pick(g.rng, crowds)
	if g.a > cr.most {
		return nil, false
	}
	boss := g.boss(cr)
	w := cr.whole
	tn := g.oneTense()
	start := fact{slot: 0, step: 0, state: true, cl: clause{subj: same("there"), plural: g.a != 1, v: enSubDiv.verb("be"), obj: same(count(g.a, w)), tail: cr.where, tense: tn}, terse: same(count(g.a, w) + " " + cr.where)}
	bs := itoa(g.b)
	leave := pick(g.rng, enSubDiv.verbs("leave"))
	gone := fact{slot: 1, step: 1, loss: true, cl: clause{subj: phrase{count(g.b, w), enSubDiv.pick(g.rng, "of them", holes{"n": bs, "people": w.pl})}, plural: g.b != 1, v: leave, tense: tn}, terse: same(bs + " " + leave.past)}
	if tn == present {
		gone.cl.v = enSubDiv.verbsWith("have to leave", holes{"leave": leave.base})[0]
	}
	l := g.restLot(&thing{noun: w}, boss)
	switch {
	case l.ref:
		l.them = same(enSubDiv.pick(g.rng, "the others", holes{"people": w.pl}))
	case l.tense != divMeant && tn == present:
		l.them = same(enSubDiv.pick(g.rng, "who stay", holes{"people": w.pl}))
	case l.tense != divMeant:
		l.them = same(enSubDiv.pick(g.rng, "who stayed", holes{"people": w.pl}))
	default:
		l.them = same(enSubDiv.pick(g.rng, "everyone", holes{"people": w.pl}))
	}
	f2, qs, ok := g.groupFact(boss, cr, l.them, g.c, tn, true)
	if !ok {
		return nil, false
	}
	if f2.cl.who == nil {
		// "Each van holds 4 people" does not refer back: the question must
		// say who is left.
		for i := range qs {
			qs[i].tail = enSubDiv.pick(g.rng, "for the rest", holes{"tail": qs[i].tail})
		}
		l = lot{}
	} else if l.tense == divMeant {
		f2.cl.v, f2.cl.tense, f2.step, f2.noCond = g.planVerb(f2.cl.v), past, 0, true
		for i := range qs {
			if qs[i].aux == "will" || qs[i].aux == "do" {
				qs[i].aux = "did"
			}
		}
		start.cl.tense, gone.cl.tense = past, past
		if tn == present {
			gone.cl.v = leave
		}
	}
	st := &story{main: boss, topic: "school", facts: []fact{start, gone, f2}, qs: qs}
	g.placeRest(st, l)
	return st, true
}

// timeLeft: a session lasts a (minutes, hours, km); its opening part
// takes b; the rest is split into c equal parts. How long is each?
func timeLeft(g *gen) (*story, bool) {
	se := pick(g.rng, sessions)
	if g.a > se.most || 2*g.b > g.a {
		// The opening part is the smaller part.
		return nil, false
	}
	amt := func(k int) string { return count(k, se.unit) }
	far := contains(enSubDiv.list("far units", nil), se.unit.sg)
	whole := fact{slot: 0, step: -1, terse: same(se.whole + " " + amt(g.a))}
	switch {
	case far:
		whole.cl = clause{subj: same(se.whole), v: enSubDiv.verb("be"), obj: same(enSubDiv.one("long", holes{"amount": amt(g.a)})), tense: present}
	case g.chance(0.5):
		whole.cl = clause{subj: same(se.whole), v: enSubDiv.verb("last"), obj: same(amt(g.a)), tense: present}
	default:
		whole.cl = clause{subj: same(se.whole), v: enSubDiv.verb("be"), obj: same(enSubDiv.one("long", holes{"amount": amt(g.a)})), tense: present}
	}
	first := fact{slot: 1, step: -1, loss: true, terse: same(se.first + " " + amt(g.b))}
	plural := strings.Contains(se.first, " and ") || (strings.HasPrefix(se.first, "the ") && strings.HasSuffix(se.first, "s"))
	first.cl = clause{subj: same(se.first), plural: plural, v: enSubDiv.verb("take"), obj: same(amt(g.b)), tense: present}
	if far {
		first.cl.v = enSubDiv.verb("be")
	}
	// What is left, named by what came out of it when told before it.
	left := enSubDiv.one("the rest of the time", nil)
	full := enSubDiv.one("the time left", holes{"first": se.first})
	if far {
		left, full = enSubDiv.one("the rest of the whole", holes{"whole": se.whole}), enSubDiv.one("the rest after", holes{"whole": se.whole, "first": se.first})
	}
	ref := g.oddAt(2) || (g.oddAt(1) && g.reversed())
	what := full
	if ref {
		what = enSubDiv.pick(g.rng, "what is left", holes{"left": left})
	}
	n := itoa(g.c)
	parts := count(g.c, se.part)
	split := fact{slot: 2, step: -1, terse: same(enSubDiv.one("rest into", holes{"n": n, "parts": se.part.pl}))}
	switch g.rng.Intn(3) {
	case 0:
		split.cl = clause{subj: same(what), v: enSubDiv.verb("be split"), tail: enSubDiv.one("into equal", holes{"n": n, "parts": se.part.pl}), tense: present}
	case 1:
		split.cl = clause{subj: same(enSubDiv.pick(g.rng, "planners", nil)), plural: true, v: enSubDiv.verb("want to fit"), obj: same(enSubDiv.one("same length", holes{"n": n, "parts": se.part.pl})), tail: enSubDiv.one("into what", holes{"what": what}), tense: present}
		if se.topic == "sport" || se.topic == "fitness" {
			split.cl.subj = same(enSubDiv.one("the coach", nil))
			split.cl.plural = false
		}
	default:
		split.cl = clause{subj: same(what), v: enSubDiv.verb("be divided"), tail: enSubDiv.one("equal length", holes{"parts": parts}), tense: present}
	}
	if split.cl.subj.full == enSubDiv.one("they", nil) {
		split.cl.subj = same(enSubDiv.one("the organizers", nil))
	}
	qs := asked("each part", nil, holes{"part": se.part.sg, "units": se.unit.pl})
	if !far {
		qs = append(qs, asked("each part lasts", nil, holes{"part": se.part.sg, "units": se.unit.pl})...)
	}
	st := &story{topic: se.topic, facts: []fact{whole, first, split}, qs: qs, noTerse: false}
	if ref {
		st.facts[2].after = []int{1}
	}
	return st, true
}

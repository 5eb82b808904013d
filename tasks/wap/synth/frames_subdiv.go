package synth

import (
	"fmt"
	"strings"
)

// The frames of (a-b)/c.

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
	h := "How many " + th.pl
	l := g.restLot(cash, who)
	var buy fact
	var qs []question
	switch r := g.rng.Intn(3); {
	case r == 0 && l.tense != divMeant:
		buy = g.priceFact(th, g.c, nil)
		buy.slot, buy.trail = 2, true
		qs = []question{
			{wh: h, who: who, v: v("buy", "bought"), aux: "can", tail: g.one("with the rest of {main's} money", "with the money that is left", "with what is left"), terse: "how many " + th.pl + " with the rest"},
			{wh: h, who: who, v: v("afford"), aux: "can", tail: g.one("with the rest", "now", "with what is left"), terse: "how many can be bought"},
		}
		l = lot{}
	case l.tense == divPlan || l.tense == divMeant:
		buy = fact{slot: 2, step: -1, cl: clause{who: who, v: g.planVerb(v("spend", "spent")), obj: l.them, tail: "on " + th.pl + " that cost " + money(g.c) + " each", tense: present}}
		cond := buy.cl
		cond.v = v("spend", "spent")
		buy.cond = &cond
		qs = []question{
			{wh: h, who: who, v: v("buy", "bought"), aux: "can", terse: "how many " + th.pl},
			{wh: h, who: who, v: v("get", "got", "gotten"), aux: "will", terse: "how many " + th.pl},
		}
		if l.tense == divMeant {
			buy.cl.tense, buy.step, buy.cond, buy.noCond = past, 0, nil, true
			qs = []question{
				{wh: h, who: who, v: v("buy", "bought"), aux: "could", tail: g.one("after that", "in the end"), terse: "how many " + th.pl},
				{wh: h, who: who, v: v("end up with", "ended up with"), aux: "did", terse: "how many " + th.pl},
			}
		}
	default:
		buy = fact{slot: 2, step: 2, cl: clause{who: who, v: v("use"), obj: l.them, tail: "to buy " + th.pl + " at " + money(g.c) + g.one(" each", " apiece")}}
		qs = []question{
			{wh: h, who: who, v: v("buy", "bought"), aux: "did", terse: "how many " + th.pl},
			{wh: h, who: who, v: v("end up with", "ended up with"), aux: "did", terse: "how many " + th.pl},
		}
	}
	buy.terse = same(th.pl + " " + money(g.c) + " each")
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, lose, buy}, qs: qs}
	g.placeRest(st, l)
	return st, true
}

// project is a piece of work of a units done at a steady rate.
type project struct {
	topic  string
	subj   string // the work: "{main's} book"
	has    verb   // "have" or "be"
	objFmt string // "%s" or "%s long": the total
	unit   noun
	done   verb // "read": "has read 30 pages"
	rate   verb // "read": "reads 9 pages a day"
	pers   []string
	finish string // "finish the book"
}

// projects are the projects of data/projects.tsv, in its order.
var projects = load("projects", func(r *row) project {
	return project{r.need("topic"), r.need("work"), r.verb("has"), r.need("total"), r.noun("unit"), r.verb("done"), r.verb("rate"), r.list("pers"), r.need("finish")}
})

// finishJob: a task has a units, b are done, c are done per day; how many
// days are left (or: finish in c days, how many per day).
func finishJob(g *gen) (*story, bool) {
	who := g.person()
	money := g.chance(0.15)
	var p project
	if money {
		p = project{topic: "money", unit: cash.noun, done: v("save"), rate: v("save"), pers: ws("week"), finish: "reach the goal"}
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
		goal := g.one("a new bike", "a tablet", "a trip to the zoo", "new skates", "a guitar")
		total = fact{slot: 0, step: -1, cl: clause{who: who, v: v("want to save"), obj: same(amount(g.a)), tail: "for " + goal, tense: present}, terse: same(amount(g.a) + " goal")}
	} else {
		total = fact{slot: 0, step: -1, cl: clause{subj: same(p.subj), v: p.has, obj: same(fmt.Sprintf(p.objFmt, amount(g.a))), tense: present}, terse: same(amount(g.a) + " in all")}
	}
	done := fact{slot: 1, step: 0, cl: clause{who: who, v: p.done, obj: same(amount(g.b)), tail: g.one("so far", "already", ""), tense: presentPerfect}, terse: same(amount(g.b) + " done")}
	var rate fact
	var qs []question
	if g.chance(0.6) {
		rate = fact{slot: 2, step: -1, cl: clause{who: who, v: p.rate, obj: same(amount(g.c)), tail: pick(g.rng, per.per), tense: present}, terse: same(amount(g.c) + " " + pick(g.rng, per.per))}
		qs = []question{
			{wh: "How many " + g.one("", "more ") + per.pl, subj: "it", v: v("take", "took", "taken"), aux: "will", tail: "{main} to " + p.finish, terse: "how many " + per.pl + " left"},
			{wh: "How many more " + per.pl, who: who, v: v("need"), aux: "will", tail: "to " + p.finish, terse: "how many more " + per.pl},
		}
	} else {
		rate = fact{slot: 2, step: -1, cl: clause{who: who, v: compound(v("want to"), p.finish), obj: same("in " + count(g.c, per.noun)), tense: present}, terse: same(plainTail(strings.ReplaceAll(p.finish, "{main's}", "the")) + " in " + count(g.c, per.noun))}
		rate.cl.v = verb{base: "want to " + p.finish}
		rate.noCond = true
		h := "How many " + p.unit.pl
		if money {
			h = "How much money"
		}
		qs = []question{
			{wh: h, who: who, v: compound(v("need to"), p.rate.base), aux: "do", tail: "each " + per.sg, terse: "how many per " + per.sg},
			{wh: h, who: who, v: p.rate, aux: "should", tail: g.one("each ", "per ") + per.sg, terse: "how many each " + per.sg},
		}
	}
	if rest, ok := strings.CutPrefix(p.subj, "{main's} "); ok && g.chance(0.3) {
		with := fmt.Sprintf(p.objFmt, amount(g.a))
		total.cl = clause{who: who, v: v("be working on", "was working on"), obj: same(an(rest) + " with " + with), tense: present}
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
	start := fact{slot: 0, step: 0, state: true, cl: clause{subj: same("there"), plural: g.a != 1, v: v("be"), obj: same(count(g.a, w)), tail: cr.where, tense: tn}, terse: same(count(g.a, w) + " " + cr.where)}
	bs := itoa(g.b)
	leave := pick(g.rng, []verb{v("go home", "went home", "gone home"), v("leave early", "left early"), v("have to leave", "had to leave"), v("sit out", "sat out"), v("go to help the cooks", "went to help the cooks", "gone to help the cooks")})
	gone := fact{slot: 1, step: 1, loss: true, cl: clause{subj: phrase{count(g.b, w), g.one(bs+" of them", bs+" of the "+w.pl)}, plural: g.b != 1, v: leave, tense: tn}, terse: same(bs + " " + leave.past)}
	if tn == present {
		gone.cl.v = compound(v("have to", "had to"), leave.base)
	}
	l := g.restLot(&thing{noun: w}, boss)
	switch {
	case l.ref:
		l.them = same(g.one("the rest", "the others", "everyone else", "the remaining "+w.pl))
	case l.tense != divMeant:
		stay, left := "stayed", "were left"
		if tn == present {
			stay, left = "stay", "are left"
		}
		l.them = same(g.one("the "+w.pl+" who "+stay, "everyone who "+stay, "the "+w.pl+" who "+left, "the remaining "+w.pl))
	default:
		l.them = same(g.one("all the "+w.pl, "everyone"))
	}
	f2, qs, ok := g.groupFact(boss, cr, l.them, g.c, tn, true)
	if !ok {
		return nil, false
	}
	if f2.cl.who == nil {
		// "Each van holds 4 people" does not refer back: the question must
		// say who is left.
		for i := range qs {
			qs[i].tail += g.one(" for the rest", " for the others")
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
	far := se.unit.sg == "km" || se.unit.sg == "mile"
	whole := fact{slot: 0, step: -1, terse: same(se.whole + " " + amt(g.a))}
	switch {
	case far:
		whole.cl = clause{subj: same(se.whole), v: v("be"), obj: same(amt(g.a) + " long"), tense: present}
	case g.chance(0.5):
		whole.cl = clause{subj: same(se.whole), v: v("last"), obj: same(amt(g.a)), tense: present}
	default:
		whole.cl = clause{subj: same(se.whole), v: v("be"), obj: same(amt(g.a) + " long"), tense: present}
	}
	first := fact{slot: 1, step: -1, loss: true, terse: same(se.first + " " + amt(g.b))}
	plural := strings.Contains(se.first, " and ") || (strings.HasPrefix(se.first, "the ") && strings.HasSuffix(se.first, "s"))
	first.cl = clause{subj: same(se.first), plural: plural, v: v("take", "took", "taken"), obj: same(amt(g.b)), tense: present}
	if far {
		first.cl.v = v("be")
	}
	// What is left, named by what came out of it when told before it.
	left := "the rest of the time"
	full := "the time left after " + se.first
	if far {
		left, full = "the rest of "+se.whole, "the rest of "+se.whole+" after "+se.first
	}
	ref := g.oddAt(2) || (g.oddAt(1) && g.reversed())
	what := full
	if ref {
		what = g.one(left, "what is left", left)
	}
	parts := count(g.c, se.part)
	split := fact{slot: 2, step: -1, terse: same("rest into " + itoa(g.c) + " equal " + se.part.pl)}
	switch g.rng.Intn(3) {
	case 0:
		split.cl = clause{subj: same(what), v: v("be split", "was split"), tail: "into " + itoa(g.c) + " equal " + se.part.pl, tense: present}
	case 1:
		split.cl = clause{subj: same(g.one("the planners", "the leaders", "they")), plural: true, v: v("want to fit"), obj: same(itoa(g.c) + " " + se.part.pl + " of the same length"), tail: "into " + what, tense: present}
		if se.topic == "sport" || se.topic == "fitness" {
			split.cl.subj = same("the coach")
			split.cl.plural = false
		}
	default:
		split.cl = clause{subj: same(what), v: v("be divided"), tail: "into " + parts + " of equal length", tense: present}
	}
	if split.cl.subj.full == "they" {
		split.cl.subj = same("the organizers")
	}
	long := "How long"
	h := "How many " + se.unit.pl + " long"
	qs := []question{
		{wh: long, v: v("be"), subj: "each " + se.part.sg, aux: "do", terse: "how long each"},
		{wh: h, v: v("be"), subj: "each " + se.part.sg, aux: "do", terse: "how long each " + se.part.sg},
	}
	if !far {
		qs = append(qs, question{wh: "How many " + se.unit.pl, subj: "each " + se.part.sg, v: v("last"), aux: "will", terse: "how many " + se.unit.pl + " each"})
	}
	st := &story{topic: se.topic, facts: []fact{whole, first, split}, qs: qs, noTerse: false}
	if ref {
		st.facts[2].after = []int{1}
	}
	return st, true
}

package synth

import "fmt"

// The frames of a*(b+c), and the rate facts that a*(b-c) shares.

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
	f := fact{slot: 0, step: -1, trail: true, terse: same(g.one(itoa(a)+" per "+box.sg, c+" per "+box.sg, box.pl+" of "+itoa(a)))}
	f.rel = g.one("each holding "+c, "each with "+c+" in it", "each of them holding "+c)
	r := g.rng.Intn(6)
	if r == 5 && !filler {
		r = 0 // only who fills the boxes puts things in them
	}
	switch r {
	case 0, 1:
		holds := []verb{v("hold", "held"), v("have", "had"), v("contain")}
		switch {
		case contains(ws("truck|van|cart|wagon|pallet|wheelbarrow|crate"), box.sg):
			holds = append(holds, v("be loaded with"), v("be loaded with"))
		case contains(ws("box|pack|bag|case|tin|carton|bundle|kit"), box.sg):
			holds = append(holds, v("come with", "came with", "come with"))
		}
		f.cl = clause{subj: same(g.one("each ", "every ") + box.sg), v: pick(g.rng, holds), obj: same(c), tense: present}
	case 2:
		f.cl = clause{subj: same("there"), plural: a != 1, v: v("be"), obj: same(c), tail: box.prep + " each " + box.sg, tense: present}
	case 3:
		f.cl = clause{subj: same(an(box.sg)), v: v("hold", "held"), obj: same(c), tense: present}
	case 4:
		f.cl = clause{subj: phrase{th.pl, "the " + th.pl}, plural: true, v: v("come", "came", "come"), obj: same("in " + box.pl + " of " + itoa(a)), tense: present}
	default:
		f.cl = clause{who: who, v: v("put", "put"), obj: same(c), tail: box.prep + " each " + box.sg}
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
	if bv.of {
		what := th.pl
		if kind != "" {
			what = kind + " " + th.pl
		}
		full += " of " + what
	} else if kind != "" {
		full += " of " + kind + " " + th.pl
	}
	short := full
	if again && kind == "" {
		ks := itoa(k)
		short = g.one(ks+" more", ks+" more "+box.form(k), ks, ks+" "+box.form(k))
	}
	return fact{more: again, cl: clause{who: who, v: bv.v, obj: phrase{full, short}}, terse: same(count(k, box.noun) + " " + bv.v.part)}
}

// inAll is an optional "in all" for a question of a total.
func (g *gen) inAll() string {
	return g.one("in all", "altogether", "in total", "", "all together")
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
		qv, qtail = v("put", "put"), box.prep+" the "+box.pl+" "+qtail
	}
	qs := []question{
		{wh: h, who: who, v: qv, aux: "did", tail: qtail, terse: "how many " + th.pl + " in all"},
		{wh: h, subj: "that", v: v("be"), aux: "do", tail: g.one("in all", "altogether", "in total"), terse: "how many in total"},
	}
	if !bv.of {
		qs = append(qs, question{wh: h, v: v("be"), pl: true, aux: "do", tail: box.prep + " the " + box.pl + " " + g.one("in all", "altogether"), terse: "total " + th.pl})
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
	f := fact{slot: 0, step: -1, trail: true, terse: same(g.one(m+" each", m+" per "+th.sg, m+" apiece"))}
	f.rel = g.one("which cost "+m+" each", "at "+m+" each", "at "+m+" apiece", "for "+m+" each")
	if seller != nil {
		switch g.rng.Intn(3) {
		case 0:
			f.cl = clause{who: seller, v: v("sell", "sold"), obj: phrase{th.pl + " for " + m + g.one(" each", " apiece", " a piece"), "them for " + m + " each"}, tense: present}
		case 1:
			f.cl = clause{who: seller, v: v("charge"), obj: same(m), tail: g.one("for each ", "for every ", "per ") + th.sg, tense: present}
		default:
			f.cl = clause{subj: same(g.one("each ", "every ") + th.sg), v: v("sell", "sold"), obj: same("for " + m), tense: present}
		}
		return f
	}
	switch g.rng.Intn(5) {
	case 0:
		f.cl = clause{subj: phrase{th.pl, "the " + th.pl}, plural: true, v: v("cost", "cost"), obj: same(m + g.one(" each", " apiece", " a piece")), tense: present}
	case 1:
		f.cl = clause{subj: same(g.one("each ", "one ") + th.sg), v: v("cost", "cost"), obj: same(m), tense: present}
		if f.cl.subj.full == "one "+th.sg {
			f.cl.subj = same(an(th.sg))
		}
	case 2:
		f.cl = clause{subj: same("the store"), v: v("sell", "sold"), obj: same(th.pl + " for " + m + g.one(" each", " apiece")), tense: present}
	case 3:
		f.cl = clause{subj: same("the price of " + an(th.sg)), v: v("be"), obj: same(m), tense: present}
	default:
		f.cl = clause{subj: phrase{th.pl, "the " + th.pl}, plural: true, v: v("be"), obj: same(m + g.one(" each", " apiece", " a piece")), tense: present, tail: g.one("", "", "at the fair", "at the market")}
	}
	return f
}

// spendQs ask how much a buyer spent.
func spendQs(who *actor) []question {
	qs := []question{
		{wh: "How much money", who: who, v: v("spend", "spent"), aux: "did", tail: "in all", terse: "how much money in all"},
		{wh: "How much", who: who, v: v("spend", "spent"), aux: "did", tail: "altogether", terse: "total cost"},
		{wh: "How many dollars", who: who, v: v("spend", "spent"), aux: "did", terse: "how many dollars"},
		{wh: "How much", who: who, v: v("pay", "paid"), aux: "did", tail: "in total", terse: "how much paid"},
		{wh: "What", v: v("be"), aux: "did", tail: "the total cost", noEmbed: true, terse: "total cost"},
		{wh: "What", who: who, v: v("end up paying", "ended up paying"), aux: "did", terse: "total paid"},
	}
	if who.pro == proI {
		qs = append(qs, question{wh: "What", v: v("be"), subj: "my total", aux: "do", noEmbed: true, terse: "whats my total"})
	}
	return qs
}

// earnQs ask how much a seller or worker made.
func earnQs(who *actor, aux string) []question {
	return []question{
		{wh: "How much money", who: who, v: v("make", "made"), aux: aux, terse: "how much money"},
		{wh: "How much money", who: who, v: v("earn"), aux: aux, tail: "in all", terse: "how much earned"},
		{wh: "How many dollars", who: who, v: v("earn"), aux: aux, terse: "how many dollars"},
		{wh: "How much", who: who, v: v("make", "made"), aux: aux, tail: "altogether", terse: "how much in total"},
	}
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
	bv := v("buy", "bought")
	if selling {
		bv = v("sell", "sold")
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: bv, obj: phrase{cnt(th, g.b), itoa(g.b)}}, terse: same(itoa(g.b) + " " + bv.part)}
	f2 := fact{slot: 2, step: 1, more: true, cl: clause{who: who, v: bv, obj: phrase{cnt(th, g.c), g.more(th, g.c)}}, terse: same(itoa(g.c) + " more " + bv.part)}
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
	if (p == "every "+per.sg || p == "each "+per.sg) && g.chance(0.5) && !act.money {
		cl.tail, cl.when = "", p
	}
	rel := act.amount(a) + " " + g.one(per.per...)
	if act.money {
		rel = "at " + money(a) + " " + g.one(per.per...)
	}
	return fact{slot: 0, step: -1, cl: cl, trail: true, rel: rel, terse: same(act.amount(a) + " " + p)}
}

// periodCount is the fact that who did the activity on k periods: "she
// ran on 6 days last week", "she rode her bike on 5 days".
func (g *gen) periodCount(who *actor, act activity, per period, k int, when string) fact {
	obj := fmt.Sprintf(per.count, count(k, per.noun))
	if act.btail != "" {
		obj = act.btail + " " + obj
	}
	cl := clause{who: who, v: act.bare, obj: same(obj), when: when}
	return fact{cl: cl, terse: same(count(k, per.noun) + " " + when)}
}

// activityQs ask for the total of an activity.
func activityQs(who *actor, act activity, aux, tail string) []question {
	qv := act.does
	if h, rest := splitHead(qv.base); rest == " the piano for" || rest == " the guitar for" {
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
		qs = []question{
			{wh: "How far", who: who, v: qv, aux: aux, tail: tail, terse: "how far in all"},
			{wh: "How many " + act.unit.pl, who: who, v: qv, aux: aux, tail: tail, terse: "how many " + act.unit.pl},
		}
	default:
		qs = []question{{wh: "How many " + act.unit.pl, who: who, v: qv, aux: aux, tail: tail, terse: "how many " + act.unit.pl}}
		if act.after != "" {
			qs[0].wh += " " + act.after
		}
	}
	return qs
}

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
	f := fact{slot: 0, step: -1, trail: true, terse: same(m + " per " + j.task.sg)}
	f.rel = g.one("at "+m+" "+g.one(an(j.task.sg), "per "+j.task.sg, "for each "+j.task.sg), "for "+m+" each", "at "+m+" apiece")
	switch g.rng.Intn(5) {
	case 0:
		f.cl = clause{who: who, v: v("earn"), obj: same(m), tail: g.one("for each ", "for every ") + j.task.sg + " " + does, tense: present}
	case 1:
		f.cl = clause{who: who, v: v("charge"), obj: same(m), tail: "to " + j.do.base + " " + an(j.task.sg), tense: present}
		if j.task.sg == "shift" {
			f.cl = clause{who: who, v: v("get paid", "got paid", "gotten paid"), obj: same(m), tail: "per shift", tense: present}
		}
	case 2:
		f.cl = clause{who: who, v: v("get paid", "got paid", "gotten paid"), obj: same(m), tail: g.one("per "+j.task.sg, "for each "+j.task.sg+" "+does), tense: present}
	case 3:
		f.cl = clause{subj: same("{main's} " + g.one("neighbors", "customers", "clients")), plural: true, v: v("pay", "paid"), obj: same("{main} " + m), tail: g.one("for each ", "for every ") + j.task.sg + " " + does, tense: present}
	default:
		f.cl = clause{who: who, v: v("make", "made"), obj: same(m), tail: g.one("per "+j.task.sg, "for every "+j.task.sg+" "+does), tense: present}
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
	f2 := fact{slot: 2, step: 1, more: true, cl: clause{who: who, v: j.do, obj: phrase{count(g.c, j.task), g.one(itoa(g.c), itoa(g.c)+" more", count(g.c, j.task))}, when: pair[1]}, terse: same(itoa(g.c) + " " + pair[1])}
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
	f := fact{slot: 0, step: -1, trail: true, terse: same(itoa(a) + " per " + gr.unit.sg)}
	f.rel = g.one("each with "+c, "with "+c+" "+gr.prep+" each "+gr.unit.sg, "each holding "+c)
	switch g.rng.Intn(3) {
	case 0:
		f.cl = clause{subj: same(g.one("each ", "every ") + gr.unit.sg), v: pick(g.rng, []verb{v("have", "had"), v("hold", "held")}), obj: same(c), tense: present}
		if gr.item.sg == "tree" || gr.item.sg == "plant" || gr.item.sg == "corn plant" {
			f.cl.v = v("have", "had")
		}
	case 1:
		f.cl = clause{subj: same("there"), plural: a != 1, v: v("be"), obj: same(c), tail: gr.prep + " each " + gr.unit.sg, tense: present}
	default:
		f.cl = clause{subj: same(c), plural: a != 1, v: v("fit"), tail: gr.prep + g.one(" each ", " every ") + gr.unit.sg, tense: present}
		if gr.item.sg == "plant" || gr.item.sg == "tree" || gr.item.sg == "corn plant" {
			f.cl = clause{subj: same("there"), plural: a != 1, v: v("be"), obj: same(c), tail: gr.prep + " every " + gr.unit.sg, tense: present}
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
	f1 := fact{slot: 1, step: -1, cl: clause{who: whole, v: v("have", "had"), obj: same(count(g.b, gr.unit) + " " + gr.parts[0]), tense: present}, terse: same(count(g.b, gr.unit) + " " + gr.parts[0])}
	f2 := fact{slot: 2, step: -1, cl: clause{who: whole, v: v("have", "had"), obj: same(count(g.c, gr.unit) + " " + gr.parts[1]), tense: present}, terse: same(count(g.c, gr.unit) + " " + gr.parts[1])}
	h := "How many " + gr.item.pl
	qs := []question{
		{wh: h, subj: "there", pl: true, v: v("be"), aux: "do", tail: "in " + gr.where + g.one("", " in all", " altogether"), terse: "how many " + gr.item.pl + " in all"},
		{wh: h, who: whole, v: v("have", "had"), aux: "do", tail: g.one("in all", "altogether", "in total"), terse: "total " + gr.item.pl},
		{wh: "What", v: v("be"), aux: "do", tail: "the total number of " + gr.item.pl + " in " + gr.where, noEmbed: true, terse: "total " + gr.item.pl},
	}
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
	rate := fact{slot: 0, step: -1, trail: true, terse: same(c + " each")}
	switch g.rng.Intn(3) {
	case 0:
		rate.cl = clause{who: boss, v: v("give", "gave", "given"), obj: same(g.one("each ", "every ") + g.one(cr.whole.sg, "person") + " " + c), tense: present}
	case 1:
		rate.cl = clause{subj: same(g.one("each ", "every ") + g.one(cr.whole.sg, "person")), v: v("get", "got", "gotten"), obj: same(c), tense: present}
	default:
		rate.cl = clause{who: boss, v: v("have", "had"), obj: same(c + " for each " + g.one(cr.whole.sg, "person")), tense: present}
	}
	if g.b+g.c > cr.most {
		return nil, false
	}
	k0, k1 := kindsFor(cr, g.b, g.c)
	f1 := fact{slot: 1, step: -1, cl: clause{subj: same("there"), plural: g.b != 1, v: v("be"), obj: same(count(g.b, k0)), tense: present}, terse: same(count(g.b, k0))}
	f2 := fact{slot: 2, step: -1, cl: clause{subj: same("there"), plural: g.c != 1, v: v("be"), obj: same(count(g.c, k1)), tense: present}, terse: same(count(g.c, k1))}
	if g.chance(0.5) {
		f1.cl.tail = cr.where
	} else {
		f2.cl.tail = cr.where
	}
	h := howMany(th)
	qs := []question{
		{wh: h, who: boss, v: v("need"), aux: "do", terse: "how many " + th.pl + " needed"},
		{wh: h, who: boss, v: v("give out", "gave out", "given out"), aux: "do", tail: g.inAll(), terse: "how many given out"},
		{wh: h, v: v("be handed out"), pl: true, aux: "will", terse: "how many handed out"},
		{wh: h, v: v("be needed"), pl: true, aux: "do", tail: g.inAll(), terse: "how many needed"},
	}
	st := &story{main: boss, topic: th.topic, facts: []fact{rate, f1, f2}, qs: qs}
	return st, true
}

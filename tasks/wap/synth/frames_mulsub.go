package synth

import "fmt"

// The frames of a*(b-c).

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
	back := g.one(cs+" of the "+box.pl, cs+" of them", count(g.c, box.noun))
	// Told before the boxes are counted, the loss names what was in them:
	// "She gave away 3 boxes of cookies. She had filled 10 boxes."
	boxes := count(g.c, box.noun) + " of " + th.pl
	f2 := fact{slot: 2, step: 1, loss: true, more: true}
	if g.chance(0.3) {
		gone := pick(g.rng, []verb{v("be ruined"), v("go missing", "went missing", "gone missing"), v("get lost", "got lost", "gotten lost"), v("be damaged and thrown away"), v("be sent back"), v("fail inspection", "failed inspection"), v("be rejected"), v("be returned for a refund")})
		f2.cl = clause{subj: phrase{boxes, back}, plural: g.c != 1, v: gone}
		f2.terse = same(count(g.c, box.noun) + " " + gone.pastTense(g.c != 1))
	} else {
		keys := ws("give away|sell|donate|give|return|lend|deliver|set aside|send back")
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
	qs = append(qs, question{wh: howMany(th), who: who, v: v("still have", "still had"), aux: "do", terse: "how many " + th.pl + " still"})
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
	made := v("have", "had")
	var makes []string
	for _, k := range th.get {
		if contains(ws("make|bake|build|knit|sew|grow|pick|buy|order|bring|print|paint|fold|harvest|cook|fry|collect"), k) {
			makes = append(makes, k)
		}
	}
	if acts := usable(makes, gains, who, nil, g.b); len(acts) > 0 && g.chance(0.7) {
		made = pick(g.rng, acts).v
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: made, obj: same(cnt(th, g.b)), tail: g.one("to sell", "for the fair", "for the sale", "", "for the market")}, terse: same(cnt(th, g.b) + " to sell")}
	if made.base == "have" {
		f1.cl.tail = g.one("for sale", "to sell")
	}
	c := cnt(th, g.c)
	cs := itoa(g.c)
	f2 := fact{slot: 2, step: 1, loss: true, terse: same(cs + " unsold")}
	switch g.rng.Intn(5) {
	case 0:
		f2.cl = clause{who: who, v: v("sell", "sold"), obj: phrase{"all but " + c, "all but " + g.one(cs, cs+" of them")}}
	case 1:
		f2.cl = clause{subj: phrase{c, g.one(cs+" of them", cs+" of the "+th.pl)}, plural: g.c != 1, v: v("go unsold", "went unsold", "gone unsold")}
	case 2:
		f2.cl = clause{who: who, v: v("sell", "sold"), obj: phrase{"every " + th.sg + " except " + cs, "all of them except " + cs}}
	case 3:
		f2.cl = clause{who: who, v: v("have", "had"), obj: same(c + " left over"), when: g.one("at closing time", "at the end of the day", "")}
	default:
		f2.cl = clause{subj: phrase{c, g.one(cs+" of them", cs+" of the "+th.pl)}, plural: g.c != 1, v: v("be left"), tail: "unsold"}
		f2.cl.when = g.one("", "at the end of the day", "when the sale ended")
	}
	f2.more, f1.host = true, g.b >= 2
	qs := earnQs(who, "did")
	qs = append(qs, question{wh: "How much money", who: who, v: v("take in", "took in", "taken in"), aux: "did", terse: "money made"})
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
	rate := fact{slot: 0, step: -1, trail: true, terse: same(c + " per " + w.sg)}
	switch g.rng.Intn(3) {
	case 0:
		rate.cl = clause{who: boss, v: v("give", "gave", "given"), obj: same(g.one("each ", "every ") + w.sg + " " + c), tense: present}
	case 1:
		rate.cl = clause{subj: same(g.one("each ", "every ") + w.sg), v: v("get", "got", "gotten"), obj: same(c), tail: g.one("", "from {main}"), tense: present}
	default:
		rate.cl = clause{who: boss, v: v("plan to give", "planned to give"), obj: same(g.one("each ", "every ") + w.sg + " " + c), tense: present}
	}
	f1 := fact{slot: 1, step: -1, terse: same(count(g.b, w))}
	if g.chance(0.5) {
		f1.cl = clause{subj: same("there"), plural: g.b != 1, v: v("be"), obj: same(count(g.b, w)), tail: cl.where, tense: present}
	} else {
		f1.cl = clause{who: boss, v: v("have", "had"), obj: same(count(g.b, w)), tail: cl.where, tense: present}
	}
	cs := itoa(g.c)
	f2 := fact{slot: 2, step: -1, loss: true, terse: same(cs + " absent")}
	miss := pick(g.rng, []struct {
		v  verb
		tn tense
	}{{v("be absent"), present}, {v("be out sick"), present}, {v("be away on a trip"), present}, {v("stay home", "stayed home"), past}, {v("be home sick"), present}})
	f2.cl = clause{subj: phrase{count(g.c, w), cs + " of the " + w.pl}, plural: g.c != 1, v: miss.v, tail: g.one("today", "", "this morning"), tense: miss.tn}
	h := howMany(th)
	qs := []question{
		{wh: h, who: boss, v: v("hand out"), aux: g.one("do", "will"), tail: "today", terse: "how many handed out"},
		{wh: h, who: boss, v: v("need"), aux: "do", tail: "today", terse: "how many needed"},
		{wh: h, v: v("be handed out"), pl: true, aux: "will", tail: "today", terse: "how many given out"},
		{wh: h, who: boss, v: v("give out", "gave out", "given out"), aux: "will", terse: "how many given out"},
	}
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
	plan := compound(pick(g.rng, []verb{v("plan to", "planned to"), v("hope to", "hoped to"), v("sign up to", "signed up to")}), act.bare.base)
	if act.bare.base == "ride" || act.bare.base == "swim" || act.bare.base == "go to the pool" {
		plan = compound(v("plan to", "planned to"), act.bare.base)
	}
	planned := fmt.Sprintf(per.count, count(g.b, per.noun))
	if act.btail != "" {
		planned = act.btail + " " + planned
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: plan, obj: same(planned), when: when}, terse: same(count(g.b, per.noun) + " planned")}
	cs := itoa(g.c)
	// more: told before the plan, the loss counts days ("she was sick on
	// 3 days"); after it, "of those days", not "of them" (a rate told in
	// between would make "them" the laps or pages).
	f2 := fact{slot: 2, step: 1, loss: true, more: true, terse: same(cs + " missed")}
	those := cs + " of those " + per.pl
	some := count(g.c, per.noun)
	switch {
	case per.sg == "practice":
		f2.cl = clause{who: who, v: pick(g.rng, []verb{v("miss"), v("have to skip", "had to skip"), v("sit out", "sat out")}), obj: phrase{some, those}}
		if g.chance(0.3) {
			f2.cl = clause{who: who, v: v("be"), obj: phrase{"sick for " + some, "sick for " + those}}
		}
	case per.sg == "hour" && g.b > 12:
		f2.cl = clause{who: who, v: pick(g.rng, []verb{v("miss"), v("have to skip", "had to skip")}), obj: phrase{some, cs + " of those hours"}}
	case per.sg == "hour":
		switch g.rng.Intn(3) {
		case 0:
			f2.cl = clause{who: who, v: v("have to stop", "had to stop"), obj: same(some + " early")}
		case 1:
			f2.cl = clause{who: who, v: v("leave", "left"), obj: same(some + " early")}
		default:
			f2.cl = clause{who: who, v: v("lose", "lost"), obj: same(some), tail: "because of " + g.one("the rain", "a power cut", "a storm")}
		}
	case act.money && g.chance(0.5):
		f2.cl = clause{who: who, v: v("call in sick", "called in sick"), obj: phrase{"on " + some, "on " + those}}
	default:
		switch g.rng.Intn(5) {
		case 0:
			f2.cl = clause{subj: same("it"), v: v("rain"), obj: phrase{"on " + some, "on " + those}}
		case 1:
			f2.cl = clause{who: who, v: v("be"), obj: phrase{"sick on " + some, "sick on " + those}}
		case 2:
			f2.cl = clause{who: who, v: v("miss"), obj: phrase{some, those}}
		case 3:
			f2.cl = clause{who: who, v: v("be"), obj: phrase{"away on a trip for " + some, "away on a trip for " + those}}
		default:
			f2.cl = clause{who: who, v: v("have to skip", "had to skip"), obj: phrase{some, those}}
		}
	}
	f1.host = g.b >= 2
	qs := activityQs(who, act, "did", g.one("", "in the end", "after all", when))
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
	booked := pick(g.rng, []verb{
		{base: "be asked to " + j.do.base},
		compound(v("plan to", "planned to"), j.do.base),
		compound(v("agree to", "agreed to"), j.do.base),
		compound(v("sign up to", "signed up to"), j.do.base),
	})
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: booked, obj: same(count(g.b, j.task)), when: g.one("this week", "this weekend", "last week", "on Saturday")}, terse: same(count(g.b, j.task) + " booked")}
	cs := itoa(g.c)
	f2 := fact{slot: 2, step: 1, loss: true, more: true, terse: same(cs + " " + g.one("cancelled", "canceled"))}
	var other *actor
	switch r := g.rng.Intn(5); {
	case r == 0:
		f2.cl = clause{subj: phrase{count(g.c, n("job")), g.one(cs+" of those jobs", cs+" of the jobs")}, plural: g.c != 1, v: v(g.one("be canceled", "be cancelled", "be called off"))}
	case r == 1 && j.task.sg != "shift":
		f2.cl = clause{subj: same(count(g.c, n("customer"))), plural: g.c != 1, v: v("cancel", g.one("canceled", "cancelled"))}
	case r == 2:
		// "Her brother already took care of 3 of them."
		other = pickRelative(g.rng, who)
		f2.cl = clause{who: other, v: v("already take care of", "already took care of", "already taken care of"), obj: phrase{count(g.c, j.task), cs + " of them"}, tail: g.one("", "for {main=}")}
		f2.terse = same(cs + " done by someone else")
	case r == 3 && j.task.sg == "shift":
		f2.cl = clause{who: who, v: v("call in sick for", "called in sick for"), obj: phrase{count(g.c, j.task), cs + " of " + g.one("the", "those") + " shifts"}}
		f2.terse = same(cs + " missed (sick)")
	default:
		f2.cl = clause{who: who, v: v("have to skip", "had to skip"), obj: phrase{count(g.c, j.task), cs + " of those " + j.task.form(2)}, tail: "because of " + g.one("the rain", "a cold", "a storm")}
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
	f1 := fact{slot: 1, step: -1, cl: clause{who: whole, v: v("have", "had"), obj: same(count(g.b, gr.unit)), tense: present}, terse: same(count(g.b, gr.unit))}
	cs := itoa(g.c)
	f2 := fact{slot: 2, step: -1, loss: true, terse: same(cs + " " + stateWords(gr.shut))}
	f2.cl = clause{subj: phrase{count(g.c, gr.unit), cs + " of the " + gr.unit.pl}, plural: g.c != 1, v: gr.shut, tense: gr.shutT}
	f1.host = g.b >= 2
	h := "How many " + gr.item.pl
	qs := []question{{wh: h, v: gr.ok, pl: true, aux: gr.okAux, terse: "how many " + gr.item.pl}}
	if gr.okAux == "do" {
		qs = append(qs, question{wh: h, v: gr.ok, pl: true, aux: "do", tail: "now", terse: "how many now"})
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
		buy := pick(g.rng, []verb{v("buy", "bought"), v("order"), v("pick out", "picked out", "picked out")})
		f1 = fact{slot: 1, step: 0, cl: clause{who: who, v: buy, obj: same(cnt(th, g.b))}, terse: same(cnt(th, g.b) + " " + buy.part)}
		f2 = fact{slot: 2, step: 1, loss: true, more: true, terse: same(cs + " returned")}
		back := phrase{c, g.one(cs+" of them", cs+" of the "+th.pl)}
		switch g.rng.Intn(3) {
		case 0:
			f2.cl = clause{who: who, v: pick(g.rng, []verb{v("return"), v("take back", "took back", "taken back"), v("send back", "sent back", "sent back")}), obj: back, tail: g.one("", "for a refund", "and got the money back")}
		case 1:
			f2.cl = clause{subj: back, plural: g.c != 1, v: pick(g.rng, []verb{v("be refunded"), v("be returned for a refund"), v("be sent back")})}
		default:
			f2.cl = clause{who: who, v: v("get a refund", "got a refund", "gotten a refund"), obj: same(""), tail: "for " + back.full}
		}
		qs = spendQs(who)
	} else {
		f1 = fact{slot: 1, step: -1, cl: clause{who: who, v: v("need"), obj: same(cnt(th, g.b)), tail: g.one("", "for a project", "for the party", "in all"), tense: present}, terse: same("needs " + cnt(th, g.b))}
		f2 = fact{slot: 2, step: -1, loss: true, cl: clause{who: who, v: v("already have", "already had"), obj: phrase{c, cs}, tense: present}, terse: same("already has " + cs)}
		qs = []question{
			{wh: "How much", who: who, v: v("spend", "spent"), aux: "will", tail: g.one("on the rest", "", "to get the rest"), terse: "cost of the rest"},
			{wh: "How much money", who: who, v: v("need"), aux: "do", tail: "to buy the rest", terse: "money needed"},
			{wh: "How much", who: who, v: v("have to pay", "had to pay"), aux: "will", terse: "how much to pay"},
		}
	}
	f1.host = g.b >= 2
	st := &story{main: who, topic: th.topic, facts: []fact{price, f1, f2}, qs: qs}
	return st, true
}

// costQs ask what things cost in all; aux is "did" or "will".
func costQs(th *thing, aux string) []question {
	return []question{
		{wh: "How much", subj: "the " + th.pl, pl: true, v: v("cost", "cost"), aux: aux, tail: "in all", terse: "total cost"},
		{wh: "What", subj: "the " + th.pl, pl: true, v: v("cost", "cost"), aux: aux, tail: "altogether", terse: "total cost"},
	}
}

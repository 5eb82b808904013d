package synth

import "strings"

// The frames of (a+b)/c, and the grouping of people that (a-b)/c shares.

// enAddDiv is the English of this file.
var enAddDiv = phraseBook("adddiv")

// shareBoth: a and b make a whole that is shared equally among c people
// or containers.
func shareBoth(g *gen) (*story, bool) {
	th := g.someThing()
	p := g.twoParts(th)
	l := g.wholeLot(th, p)
	share, qs := g.shareFact(p.whole, th, g.c, l)
	st := &story{main: p.main, other: p.other, topic: th.topic, facts: []fact{p.f0, p.f1, share}, qs: qs}
	g.placeWhole(st, l)
	return st, true
}

// packBoth: a and b make a whole that is packed c to a container; how
// many containers.
func packBoth(g *gen) (*story, bool) {
	th := g.packable()
	if th == nil {
		return nil, false
	}
	p := g.twoParts(th)
	l := g.wholeLot(th, p)
	pack, qs, ok := g.packFact(p.whole, th, g.c, l)
	if !ok {
		return nil, false
	}
	st := &story{main: p.main, other: p.other, topic: th.topic, facts: []fact{p.f0, p.f1, pack}, qs: qs}
	g.placeWhole(st, l)
	return st, true
}

// spreadDays: someone has a units of one task and b of another to do over
// c days, the same amount each day.
func spreadDays(g *gen) (*story, bool) {
	ch := pick(g.rng, chores)
	who := g.person()
	key := g.one("day", "day", "evening", "week")
	if (key == "week" && g.c > 6) || (key == "evening" && g.c > 14) {
		key = "day"
	}
	per := periods[key]
	must := verb{base: enAddDiv.pick(g.rng, "must", holes{"do": ch.do.base})}
	f0 := fact{slot: 0, step: -1, noCond: true, cl: clause{who: who, v: must, obj: same(count(g.a, ch.unit) + " " + ch.sources[0]), tense: present}, terse: same(count(g.a, ch.unit) + " " + ch.sources[0])}
	f1 := fact{slot: 1, step: -1, noCond: true, cl: clause{who: who, v: must, obj: same(count(g.b, ch.unit) + " " + ch.sources[1]), tense: present}, terse: same(count(g.b, ch.unit) + " " + ch.sources[1])}
	days := count(g.c, per.noun)
	f2 := fact{slot: 2, step: -1, terse: same(enAddDiv.one("same each", holes{"days": days, "period": per.sg}))}
	// Told before both tasks, or between them, the plan names all the
	// work; told after them it may say "it all".
	all := phrase{enAddDiv.pick(g.rng, "everything", nil), enAddDiv.pick(g.rng, "it all", nil)}
	if !g.oddAt(2) {
		all = same(enAddDiv.pick(g.rng, "all work", holes{"work": enAddDiv.pick(g.rng, "work", nil)}))
	}
	var cond clause
	r := g.rng.Intn(5)
	if r == 4 && g.oddAt(1) {
		// "the same number on each of 4 days" between the tasks would
		// seem to be about the first alone.
		r = g.rng.Intn(4)
	}
	switch r {
	case 0:
		f2.cl = clause{who: who, v: enAddDiv.verb("want to finish"), obj: all, tail: enAddDiv.one("finish in", holes{"days": days, "period": per.sg}), tense: present}
		cond = f2.cl
		cond.v = enAddDiv.verb("finish")
	case 1:
		spread := enAddDiv.verbs("spread")
		f2.cl = clause{who: who, v: pick(g.rng, spread), obj: all, tail: enAddDiv.one("evenly over", holes{"days": days}), tense: present}
		if f2.cl.v != spread[0] {
			f2.cl.tail = enAddDiv.pick(g.rng, "out", holes{"tail": f2.cl.tail})
		}
		cond = f2.cl
		cond.v = enAddDiv.verb("split")
	case 2:
		f2.cl = clause{who: who, v: enAddDiv.verb("have"), obj: same(enAddDiv.one("days to do", holes{"days": days, "all": all.text(false)})), tail: enAddDiv.one("with the same", holes{"period": per.sg}), tense: present}
		if g.oddAt(2) {
			f2.cl.obj = phrase{enAddDiv.one("days to do", holes{"days": days, "all": all.full}), enAddDiv.pick(g.rng, "days to finish", holes{"days": days})}
		}
		cond = f2.cl
	case 3:
		f2.cl = clause{who: who, v: enAddDiv.verb("want to fit"), obj: same(all.text(false)), tail: enAddDiv.one("fit into", holes{"days": days, "period": per.sg}), tense: present}
		cond = f2.cl
		cond.v = enAddDiv.verb("fit")
	default:
		each := enAddDiv.one("on each of", holes{"days": days})
		if per.sg == "week" {
			each = enAddDiv.one("in each of", holes{"days": days})
		}
		f2.cl = clause{who: who, v: verb{base: enAddDiv.one("going to", holes{"do": ch.do.base})}, obj: same(enAddDiv.one("same number of", holes{"units": ch.unit.pl})), tail: each, tense: present}
		cond = f2.cl
		cond.v = ch.do
	}
	f2.cond = &cond
	switch {
	case g.oddAt(2):
		f2.after = []int{0, 1}
	case g.oddAt(1):
		f1.also = true
		f0.also = true
	}
	each := enAddDiv.pick(g.rng, "each period", holes{"period": per.sg})
	if each == enAddDiv.one("a period", holes{"period": per.sg}) {
		each = an(per.sg)
	}
	qs := asked("spread", who, holes{"units": ch.unit.pl, "do": verbText(ch.do), "dobase": ch.do.base, "each": each, "period": per.sg})
	st := &story{main: who, topic: ch.topic, facts: []fact{f0, f1, f2}, qs: qs}
	return st, true
}

// earner is a group that earns money together and splits it.
type earner struct {
	name, again string
	member      noun
	ways        []string
}

// earners are the groups of data/earners.tsv, in its order.
var earners = load("earners", func(r *row) earner { return earner{r.need("name"), r.need("again"), r.noun("member"), r.list("ways")} })

// buys are things a group buys several of at one price (data/lists.tsv).
var buys = fromList("buys", (*row).nouns)

// splitEarnings: a group earned a and then b, and split it among c
// members (or spent it on c things of one price).
func splitEarnings(g *gen) (*story, bool) {
	if g.a < 3 || g.b < 3 {
		return nil, false
	}
	e := pick(g.rng, earners)
	grp := &actor{name: e.name, again: e.again, pro: proThey, kind: group, plural: strings.HasSuffix(e.again, "s")}
	earn := pick(g.rng, enAddDiv.verbs("earn"))
	ws := g.rng.Perm(len(e.ways))
	pair := pick(g.rng, timePairs[g.one("day", "week")])
	f0 := fact{slot: 0, step: 0, cl: clause{who: grp, v: earn, obj: same(money(g.a)), tail: e.ways[ws[0]], when: pair[0]}, terse: same(money(g.a) + " " + e.ways[ws[0]])}
	f1 := fact{slot: 1, step: 1, more: true, cl: clause{who: grp, v: earn, obj: phrase{money(g.b), enAddDiv.pick(g.rng, "more money", holes{"money": money(g.b)})}, tail: e.ways[ws[1]], when: pair[1]}, terse: same(money(g.b) + " " + e.ways[ws[1]])}
	members := enAddDiv.one("the members", holes{"n": itoa(g.c), "members": e.member.pl})
	f2 := fact{slot: 2, step: 2, after: nil, terse: same(enAddDiv.one("split among", holes{"n": itoa(g.c), "members": e.member.pl}))}
	qs := asked("earnings", nil, holes{"member": e.member.sg})
	// Told before the second sum, the money is named in full.
	money := enAddDiv.pick(g.rng, "the money made", nil)
	if g.chance(0.4) || g.oddAt(1) {
		return earningsPlan(g, grp, e.member, []fact{f0, f1, f2}, qs)
	}
	ref := g.oddAt(2)
	them := func(short string) phrase {
		if ref {
			return phrase{money, short}
		}
		return same(money)
	}
	switch g.rng.Intn(4) {
	case 0:
		f2.cl = clause{subj: same(members), plural: true, v: enAddDiv.verb("split"), obj: them(enAddDiv.pick(g.rng, "it or the money", nil)), tail: enAddDiv.pick(g.rng, "evenly", nil)}
	case 1:
		f2.cl = clause{who: grp, v: pick(g.rng, enAddDiv.verbs("share")), obj: them(enAddDiv.pick(g.rng, "it or all", nil)), tail: enAddDiv.one("among", holes{"even": enAddDiv.pick(g.rng, "evenly", nil), "members": members})}
	case 2:
		item := pick(g.rng, buys)
		f2.cl = clause{who: grp, v: enAddDiv.verb("spend"), obj: them(enAddDiv.pick(g.rng, "all of it", nil)), tail: enAddDiv.one("on items", holes{"items": count(g.c, item), "same": enAddDiv.pick(g.rng, "cost the same", nil)})}
		f2.terse = same(enAddDiv.one("spent on", holes{"items": count(g.c, item)}))
		qs = asked("item price", nil, holes{"item": item.sg})
	default:
		f2.cl = clause{who: grp, v: enAddDiv.verb("decide to share"), obj: them(enAddDiv.pick(g.rng, "it or the money", nil)), tail: enAddDiv.one("among", holes{"even": enAddDiv.pick(g.rng, "evenly", nil), "members": members})}
	}
	st := &story{main: grp, topic: "money", facts: []fact{f0, f1, f2}, qs: qs}
	if ref {
		st.facts[2].after = []int{0, 1}
	}
	return st, true
}

// earningsPlan is splitEarnings with the sharing planned in the present,
// which can be told before both sums or between them: "The 5 members
// will split everything they earn this weekend equally."
func earningsPlan(g *gen, grp *actor, member noun, facts []fact, qs []question) (*story, bool) {
	f2 := &facts[2]
	members := enAddDiv.one("the members", holes{"n": itoa(g.c), "members": member.pl})
	money := phrase{enAddDiv.pick(g.rng, "earnings", nil), enAddDiv.pick(g.rng, "it or all", nil)}
	if !g.oddAt(2) {
		money.short = ""
	}
	even := enAddDiv.pick(g.rng, "evenly", nil)
	switch g.rng.Intn(3) {
	case 0:
		f2.cl = clause{subj: same(members), plural: true, v: enAddDiv.verb("will split"), obj: money, tail: even}
		if money.short == "" {
			f2.cl.tail = enAddDiv.pick(g.rng, "evenly when", holes{"even": even})
		}
	case 1:
		f2.cl = clause{who: grp, v: pick(g.rng, enAddDiv.verbs("plan to share")), obj: money, tail: enAddDiv.one("among", holes{"even": even, "members": members})}
	default:
		f2.cl = clause{who: grp, v: enAddDiv.verb("want to split"), obj: money, tail: enAddDiv.one("so that each", holes{"even": even, "members": members})}
	}
	f2.cl.tense, f2.step = present, -1
	f2.noCond = true
	for i := range qs {
		qs[i].aux = g.one("will", "does")
		if qs[i].aux == "does" {
			qs[i].aux = "do"
		}
	}
	st := &story{main: grp, topic: "money", facts: facts, qs: qs}
	switch {
	case g.oddAt(2):
		f2.after = []int{0, 1}
	case g.oddAt(1):
		st.keep = func(o []int) bool { return o[0] == 0 }
	}
	return st, true
}

// kindsFor orders the kinds of a crowd for the counts a and b: the larger
// count goes with the larger group.
func kindsFor(cr crowd, a, b int) (noun, noun) {
	if cr.ranked && a < b {
		return cr.kinds[1], cr.kinds[0]
	}
	return cr.kinds[0], cr.kinds[1]
}

// boss makes the actor who sorts a crowd: "the coach".
func (g *gen) boss(cr crowd) *actor {
	return &actor{name: cr.boss, pro: pick(g.rng, []pronoun{proShe, proHe}), kind: group}
}

// groupFact is the fact that them (a crowd, or the rest of it) are put
// into gatherings: c to a team (how many teams), or into c equal teams
// (how many on each), in tense tn, with its questions. rest tells that
// them is what is left of the crowd.
func (g *gen) groupFact(boss *actor, cr crowd, them phrase, c int, tn tense, rest bool) (fact, []question, bool) {
	var gs []int
	for i, gt := range gatherings {
		if in(c, gt.cap) && contains(cr.fits, gt.into) {
			gs = append(gs, i)
		}
	}
	if len(gs) == 0 {
		return fact{}, nil, false
	}
	gt := gatherings[pick(g.rng, gs)]
	aux, fut := "did", "did"
	if tn == present {
		aux, fut = "do", "will"
	}
	split := pick(g.rng, enAddDiv.verbs("split into"))
	w := cr.whole
	n := itoa(c)
	f := fact{slot: 2, step: 2, cl: clause{who: boss, v: split, obj: them, tense: tn}}
	ofPeople := contains(enAddDiv.list("groups of people", nil), gt.into)
	bySize := g.chance(0.6) || !ofPeople
	if bySize {
		f.terse = same(enAddDiv.one("gatherings of", holes{"gatherings": gt.into, "n": n}))
		switch g.rng.Intn(3) {
		case 0:
			f.cl.tail = enAddDiv.one("into gatherings of", holes{"gatherings": gt.into, "n": n})
			if g.chance(0.3) {
				f.cl.tail = enAddDiv.one("into gatherings per", holes{"gatherings": gt.into, "n": n, "one": gt.sg})
			}
		case 1:
			f.cl = clause{who: boss, v: enAddDiv.verb("put"), obj: same(count(c, w)), tail: gt.on, tense: tn}
			if rest {
				f.cl.obj, f.cl.tail = them, enAddDiv.one("into gatherings on", holes{"gatherings": gt.into, "n": n, "on": gt.on})
			}
		default:
			hold := pick(g.rng, enAddDiv.verbs("hold"))
			if ofPeople {
				hold = enAddDiv.verb("have")
			}
			f.cl = clause{subj: same(enAddDiv.pick(g.rng, "each one", holes{"one": gt.sg})), v: hold, obj: same(count(c, w)), tense: present}
			f.step, aux, fut = -1, "do", "will"
		}
		qs := asked("gatherings", nil, holes{"gatherings": gt.pl, "fut": fut, "aux": aux})
		if f.cl.who == boss && ofPeople {
			qs = append(qs, asked("gatherings made", boss, holes{"gatherings": gt.pl, "aux": aux})...)
		}
		return f, qs, true
	}
	f.cl.tail = enAddDiv.pick(g.rng, "into equal", holes{"n": n, "gatherings": gt.into})
	if plain := enAddDiv.one("into n", holes{"n": n, "gatherings": gt.into}); f.cl.tail == plain {
		f.cl.tail = enAddDiv.pick(g.rng, "of equal size", holes{"tail": plain})
	}
	f.terse = same(enAddDiv.one("equal gatherings", holes{"n": n, "gatherings": gt.into}))
	qs := asked("in each gathering", nil, holes{"people": w.pl, "fut": fut, "on": gt.on, "one": gt.sg})
	return f, qs, true
}

// makeTeams: there are a people of one kind and b of another; they are
// put into teams of c (or c equal teams).
func makeTeams(g *gen) (*story, bool) {
	cr := pick(g.rng, crowds)
	boss := g.boss(cr)
	tn := g.oneTense()
	k0, k1 := kindsFor(cr, g.a, g.b)
	if g.a+g.b > cr.most {
		return nil, false
	}
	f0 := fact{slot: 0, step: 0, state: true, cl: clause{subj: same("there"), plural: g.a != 1, v: enAddDiv.verb("be"), obj: same(count(g.a, k0)), tense: tn}, terse: same(count(g.a, k0))}
	f1 := fact{slot: 1, step: 0, state: true, cl: clause{subj: same("there"), plural: g.b != 1, v: enAddDiv.verb("be"), obj: same(count(g.b, k1)), tense: tn}, terse: same(count(g.b, k1))}
	if g.chance(0.5) {
		f0.cl.tail = cr.where
	} else {
		f1.cl.tail = cr.where
	}
	them := same(enAddDiv.pick(g.rng, "everyone", holes{"people": cr.whole.pl, "kind0": k0.pl, "kind1": k1.pl}))
	if g.oddAt(2) {
		them.short = enAddDiv.pick(g.rng, "them", nil)
	}
	f2, qs, ok := g.groupFact(boss, cr, them, g.c, tn, false)
	if !ok {
		return nil, false
	}
	st := &story{main: boss, topic: "school", facts: []fact{f0, f1, f2}, qs: qs}
	switch {
	case g.oddAt(2) && !isRate(f2):
		f2.after = []int{0, 1}
	case g.oddAt(1):
		// "There are 12 girls in the gym. The coach splits all the girls
		// and boys into teams of 4. There are also 16 boys."
		st.facts[0].also, st.facts[1].also = true, true
	}
	st.facts[2] = f2
	return st, true
}

// packable draws a thing that comes in a container holding c of it, or
// returns nil after 20 tries.
func (g *gen) packable() *thing {
	for try := 0; try < 20; try++ {
		t := g.thing(func(t *thing) bool { return len(t.packs) > 0 })
		if _, ok := g.boxFor(t, g.c); ok {
			return t
		}
	}
	return nil
}

package synth

import "strings"

// The frames of (a+b)/c, and the grouping of people that (a-b)/c shares.

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
	must := verb{base: g.one("have to ", "need to ", "want to ", "plan to ", "be going to ") + ch.do.base}
	f0 := fact{slot: 0, step: -1, noCond: true, cl: clause{who: who, v: must, obj: same(count(g.a, ch.unit) + " " + ch.sources[0]), tense: present}, terse: same(count(g.a, ch.unit) + " " + ch.sources[0])}
	f1 := fact{slot: 1, step: -1, noCond: true, cl: clause{who: who, v: must, obj: same(count(g.b, ch.unit) + " " + ch.sources[1]), tense: present}, terse: same(count(g.b, ch.unit) + " " + ch.sources[1])}
	days := count(g.c, per.noun)
	f2 := fact{slot: 2, step: -1, terse: same(days + ", same amount each " + per.sg)}
	// Told before both tasks, or between them, the plan names all the
	// work; told after them it may say "it all".
	all := phrase{g.one("everything", "all of it", "all {main's} work"), g.one("it all", "the work", "everything")}
	if !g.oddAt(2) {
		all = same(g.one("everything", "all {main's} work", "all {main's} "+g.one("homework", "tasks", "jobs")))
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
		f2.cl = clause{who: who, v: v("want to finish"), obj: all, tail: "in " + days + ", doing the same amount each " + per.sg, tense: present}
		cond = f2.cl
		cond.v = v("finish", "finished")
	case 1:
		f2.cl = clause{who: who, v: pick(g.rng, []verb{v("plan to split"), v("want to spread"), v("be going to spread")}), obj: all, tail: "evenly over " + days, tense: present}
		if f2.cl.v.base != "plan to split" {
			f2.cl.tail = g.one("out ", "") + f2.cl.tail
		}
		cond = f2.cl
		cond.v = v("split", "split")
	case 2:
		f2.cl = clause{who: who, v: v("have", "had"), obj: same(days + " to do " + all.text(false)), tail: ", with the same amount each " + per.sg, tense: present}
		if g.oddAt(2) {
			f2.cl.obj = phrase{days + " to do " + all.full, days + " to " + g.one("do it all", "finish")}
		}
		cond = f2.cl
	case 3:
		f2.cl = clause{who: who, v: v("want to fit"), obj: same(all.text(false)), tail: "into " + days + ", the same amount each " + per.sg, tense: present}
		cond = f2.cl
		cond.v = v("fit", "fit")
	default:
		each := "on each of "
		if per.sg == "week" {
			each = "in each of "
		}
		f2.cl = clause{who: who, v: verb{base: "be going to " + ch.do.base}, obj: same("the same number of " + ch.unit.pl), tail: each + days, tense: present}
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
	h := "How many " + ch.unit.pl
	each := g.one("each ", "per ", "a ") + per.sg
	if each == "a "+per.sg {
		each = an(per.sg)
	}
	qs := []question{
		{wh: h, who: who, v: ch.do, aux: "should", tail: each, terse: "how many per " + per.sg},
		{wh: h, who: who, v: verb{base: "need to " + ch.do.base}, aux: "do", tail: each, terse: "how many each " + per.sg},
		{wh: h, who: who, v: ch.do, aux: "will", tail: each, terse: "how many per " + per.sg},
	}
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
	earn := pick(g.rng, []verb{v("earn"), v("raise"), v("make", "made"), v("collect")})
	ws := g.rng.Perm(len(e.ways))
	pair := pick(g.rng, timePairs[g.one("day", "week")])
	f0 := fact{slot: 0, step: 0, cl: clause{who: grp, v: earn, obj: same(money(g.a)), tail: e.ways[ws[0]], when: pair[0]}, terse: same(money(g.a) + " " + e.ways[ws[0]])}
	f1 := fact{slot: 1, step: 1, more: true, cl: clause{who: grp, v: earn, obj: phrase{money(g.b), g.one("another "+money(g.b), money(g.b)+" more")}, tail: e.ways[ws[1]], when: pair[1]}, terse: same(money(g.b) + " " + e.ways[ws[1]])}
	members := "the " + itoa(g.c) + " " + e.member.pl
	f2 := fact{slot: 2, step: 2, after: nil, terse: same("split among " + itoa(g.c) + " " + e.member.pl)}
	qs := []question{
		{wh: "How much money", subj: "each " + e.member.sg, v: v("get", "got", "gotten"), aux: "did", terse: "how much each"},
		{wh: "How much", subj: "each " + e.member.sg, v: v("receive"), aux: "did", terse: "how much per " + e.member.sg},
		{wh: "How many dollars", subj: "each " + e.member.sg, v: v("get", "got", "gotten"), aux: "did", terse: "how many dollars each"},
	}
	// Told before the second sum, the money is named in full.
	money := g.one("all the money they made", "everything they earned", "all the money they raised")
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
		f2.cl = clause{subj: same(members), plural: true, v: v("split", "split"), obj: them(g.one("it", "the money")), tail: g.one("equally", "evenly")}
	case 1:
		f2.cl = clause{who: grp, v: pick(g.rng, []verb{v("share"), v("divide"), v("split", "split")}), obj: them(g.one("it", "the money", "all of it")), tail: g.one("equally", "evenly") + " among " + members}
	case 2:
		item := pick(g.rng, buys)
		f2.cl = clause{who: grp, v: v("spend", "spent"), obj: them(g.one("all of it", "all the money", "it all")), tail: "on " + count(g.c, item) + " that " + g.one("each cost the same", "all cost the same")}
		f2.terse = same("spent on " + count(g.c, item) + ", same price")
		qs = []question{
			{wh: "How much", subj: "each " + item.sg, v: v("cost", "cost"), aux: "did", terse: "price of each"},
			{wh: "How much money", subj: "each " + item.sg, v: v("cost", "cost"), aux: "did", terse: "how much each"},
		}
	default:
		f2.cl = clause{who: grp, v: v("decide to share", "decided to share"), obj: them(g.one("it", "the money")), tail: g.one("equally", "evenly") + " among " + members}
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
	members := "the " + itoa(g.c) + " " + member.pl
	money := phrase{g.one("their total earnings", "all their earnings", "the total they make", "all the money they make"), g.one("it", "the money", "all of it")}
	if !g.oddAt(2) {
		money.short = ""
	}
	even := g.one("equally", "evenly")
	switch g.rng.Intn(3) {
	case 0:
		f2.cl = clause{subj: same(members), plural: true, v: v("will split", "would split"), obj: money, tail: even}
		if money.short == "" {
			f2.cl.tail = even + " " + g.one("this time", "at the end", "when they are done")
		}
	case 1:
		f2.cl = clause{who: grp, v: pick(g.rng, []verb{v("want to share"), v("plan to split"), v("be going to divide")}), obj: money, tail: even + " among " + members}
	default:
		f2.cl = clause{who: grp, v: v("want to split"), obj: money, tail: even + " so that each of " + members + " gets the same amount"}
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
	split := pick(g.rng, []verb{v("split", "split"), v("divide"), v("sort"), v("put", "put"), v("group")})
	w := cr.whole
	f := fact{slot: 2, step: 2, cl: clause{who: boss, v: split, obj: them, tense: tn}}
	bySize := g.chance(0.6) || (gt.into != "teams" && gt.into != "groups" && gt.into != "lines" && gt.into != "rows")
	if bySize {
		f.terse = same(gt.into + " of " + itoa(c))
		switch g.rng.Intn(3) {
		case 0:
			f.cl.tail = "into " + gt.into + " of " + itoa(c)
			if g.chance(0.3) {
				f.cl.tail = "into " + gt.into + ", " + itoa(c) + " per " + gt.sg
			}
		case 1:
			f.cl = clause{who: boss, v: v("put", "put"), obj: same(count(c, w)), tail: gt.on, tense: tn}
			if rest {
				f.cl.obj, f.cl.tail = them, "into "+gt.into+", "+itoa(c)+" "+gt.on
			}
		default:
			hold := pick(g.rng, []verb{v("hold", "held"), v("have room for", "had room for"), v("fit", "fit")})
			if contains(ws("teams|groups|lines|rows"), gt.into) {
				hold = v("have", "had")
			}
			f.cl = clause{subj: same(g.one("each ", "every ") + gt.sg), v: hold, obj: same(count(c, w)), tense: present}
			f.step, aux, fut = -1, "do", "will"
		}
		h := "How many " + gt.pl
		qs := []question{
			{wh: h, subj: "there", pl: true, v: v("be"), aux: fut, terse: "how many " + gt.pl},
			{wh: h, v: v("be needed"), pl: true, aux: aux, terse: "how many " + gt.pl + " needed"},
		}
		if f.cl.who == boss && contains(ws("teams|groups|lines|rows"), gt.into) {
			qs = append(qs, question{wh: h, who: boss, v: v("make", "made"), aux: aux, terse: "how many " + gt.pl})
		}
		return f, qs, true
	}
	f.cl.tail = "into " + itoa(c) + " " + g.one("equal ", "equal-sized ", "") + gt.into
	if f.cl.tail == "into "+itoa(c)+" "+gt.into {
		f.cl.tail += g.one(" of the same size", " of equal size")
	}
	f.terse = same(itoa(c) + " equal " + gt.into)
	h := "How many " + w.pl
	qs := []question{
		{wh: h, v: v("be"), pl: true, aux: fut, tail: gt.on, terse: "how many " + gt.on},
		{wh: h, subj: "each " + gt.sg, v: v("have", "had"), aux: fut, terse: "how many per " + gt.sg},
	}
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
	f0 := fact{slot: 0, step: 0, state: true, cl: clause{subj: same("there"), plural: g.a != 1, v: v("be"), obj: same(count(g.a, k0)), tense: tn}, terse: same(count(g.a, k0))}
	f1 := fact{slot: 1, step: 0, state: true, cl: clause{subj: same("there"), plural: g.b != 1, v: v("be"), obj: same(count(g.b, k1)), tense: tn}, terse: same(count(g.b, k1))}
	if g.chance(0.5) {
		f0.cl.tail = cr.where
	} else {
		f1.cl.tail = cr.where
	}
	them := same(g.one("everyone", "all the "+cr.whole.pl, "all the "+k0.pl+" and "+k1.pl))
	if g.oddAt(2) {
		them.short = g.one("them", "everyone", "all of them")
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

package synth

// The frames of (a+b)-c.

// someThing draws the thing of a story: money now and then, otherwise
// any thing.
func (g *gen) someThing() *thing {
	if g.chance(0.12) {
		return cash
	}
	return g.thing(nil)
}

// timeFacts gives the events of a story time expressions from one
// sequence (now and then), by their steps.
func (g *gen) timeFacts(p float64, fs ...*fact) {
	if !g.chance(p) {
		return
	}
	seq := pick(g.rng, timeSeqs)
	for _, f := range fs {
		if f.step >= 0 && f.step < 3 {
			f.cl.when = seq[f.step]
		}
	}
}

// gainLose: someone had a, got b more and lost c (or lost c first and
// then got b).
func gainLose(g *gen) (*story, bool) {
	th := g.someThing()
	who := g.owner(th)
	other := g.helper(who)
	have := g.state(who, th, g.a)
	get := g.gain(who, other, th, g.b)
	get.slot, get.step = 1, 1
	lose := g.loss(who, other, th, g.c)
	lose.slot, lose.step = 2, 2
	if g.c <= g.a && g.chance(0.4) {
		get.step, lose.step = 2, 1
	}
	g.timeFacts(0.3, &get, &lose)
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, get, lose}, qs: haveQs(th, who)}
	st.keep = loseBeforeGain(get, lose, g.c > g.a)
	return st, true
}

// loseBeforeGain keeps the orders of a start (fact 0), a gain (1) and a
// loss (2) that read clearly: a loss that came after the gain is not told
// between the start and the gain ("She had 9. She broke 4. Earlier, she
// had got 48 more" leaves open whether the 9 came before the 48), and
// when more is lost than there was at the start (big), the gain is told
// first.
func loseBeforeGain(get, lose fact, big bool) func([]int) bool {
	return func(o []int) bool {
		if big && position(o, 1) > position(o, 2) {
			return false
		}
		return !(lose.step > get.step && o[0] == 0 && o[1] == 2)
	}
}

// position is where fact i stands in order.
func position(order []int, i int) int {
	for p, j := range order {
		if j == i {
			return p
		}
	}
	return -1
}

// pool: two people (or two kinds, or a start and a gain) make a whole,
// and c of it is used, sold or lost.
func pool(g *gen) (*story, bool) {
	th := g.someThing()
	p := g.twoParts(th)
	lose := g.loss(p.whole, nil, th, g.c)
	if p.whole == p.main {
		lose = g.loss(p.main, p.other, th, g.c)
	}
	lose.slot, lose.step = 2, 2
	if p.f1.step == 0 {
		lose.step = 1
	}
	st := &story{main: p.main, other: p.other, topic: th.topic, facts: []fact{p.f0, p.f1, lose}, qs: haveQs(th, p.whole)}
	// Taking some away between the two parts would read as taking from
	// the first part alone.
	st.keep = func(order []int) bool { return order[1] != 2 }
	return st, true
}

// surplus: someone gathered a and then b, but needs only c; how many are
// extra.
func surplus(g *gen) (*story, bool) {
	th := g.someThing()
	if th.money {
		th = cash
	} else {
		th = g.thing(func(t *thing) bool { return len(t.uses) > 0 })
	}
	if g.a+g.b-g.c < 1 {
		return nil, false
	}
	who := g.owner(th)
	uses := th.uses
	if th.money {
		uses = ws("for a new book|for a movie ticket|for a gift|for a bus pass")
	}
	use := pick(g.rng, uses)
	acts := orElse(usable(th.get, gains, who, nil, max(g.a, g.b)), gains, "buy")
	a := pick(g.rng, acts)
	pair := pick(g.rng, timePairs[pick(g.rng, []string{"hour", "day", "week"})])
	f0 := fact{slot: 0, step: 0, cl: clause{who: who, v: a.v, obj: same(cnt(th, g.a)), when: pair[0]}, terse: same(cnt(th, g.a) + " " + a.v.part)}
	f1 := fact{slot: 1, step: 1, more: true, cl: clause{who: who, v: a.v, obj: phrase{cnt(th, g.b), g.more(th, g.b)}, when: pair[1]}, terse: same(itoa(g.b) + " more")}
	if th.money {
		f1.terse = same(money(g.b) + " more")
	}
	need := fact{slot: 2, step: -1, noCond: false, terse: same("needs " + cnt(th, g.c) + " " + use)}
	c := cnt(th, g.c)
	switch g.rng.Intn(4) {
	case 0:
		need.cl = clause{who: who, v: v("need"), obj: phrase{"only " + c, "only " + c}, tail: use}
	case 1:
		need.cl = clause{who: who, v: v("need"), obj: same("only " + c), tail: use, tense: present}
	case 2:
		need.cl = clause{subj: same("only " + c), plural: g.c != 1 && !th.money, v: v("be needed"), tail: use, tense: present}
	default:
		need.cl = clause{who: who, v: v("be going to use"), obj: phrase{c, itoa(g.c) + " of them"}, tail: use, tense: present}
		if th.money || !g.oddAt(2) {
			// Between the two sums, "6 of them" would be of the first.
			need.cl.obj = same(c)
		}
	}
	if th.money && g.chance(0.6) {
		need, qs := g.moneyOwed(who, use)
		return &story{main: who, topic: th.topic, facts: []fact{f0, f1, need}, qs: qs}, true
	}
	need.solo = true
	h := howMany(th)
	extra := "How many extra " + th.pl
	if th.money {
		extra = "How much extra money"
	}
	qs := []question{
		{wh: extra, who: who, v: a.v, aux: "did", terse: "how many extra"},
		{wh: h, v: v("be"), pl: !th.money, aux: "will", tail: "left over", terse: "how many left over"},
		{wh: h, who: who, v: v("have", "had"), aux: "will", tail: "left over", terse: "how many left over"},
		{wh: extra, who: who, v: v("have", "had"), aux: "do", terse: "how many extra"},
	}
	st := &story{main: who, topic: th.topic, facts: []fact{f0, f1, need}, qs: qs}
	return st, true
}

// comeAndGo: a people were somewhere, b more came and c left.
func comeAndGo(g *gen) (*story, bool) {
	pl := pick(g.rng, places)
	w := pl.who
	start := fact{slot: 0, step: 0, state: true, terse: same(count(g.a, w) + " " + pl.where)}
	if g.chance(0.6) {
		start.cl = clause{subj: same("there"), plural: g.a != 1, v: v("be"), obj: same(count(g.a, w)), tail: pl.where}
	} else {
		start.cl = clause{subj: same(count(g.a, w)), plural: g.a != 1, v: v("be"), tail: pl.where}
	}
	bs := itoa(g.b)
	moreW := []string{bs + " more", bs + " more " + w.form(g.b)}
	if g.b > 1 {
		moreW = append(moreW, "another "+bs)
	}
	inV := pick(g.rng, pl.in)
	come := fact{slot: 1, step: 1, more: true, cl: clause{subj: phrase{count(g.b, w), g.one(moreW...)}, plural: g.b != 1, v: inV}, terse: same(bs + " more " + inV.past)}
	outV := pick(g.rng, pl.out)
	gone := fact{slot: 2, step: 2, loss: true, ofStart: true, cl: clause{subj: phrase{count(g.c, w), g.one(itoa(g.c), itoa(g.c)+" of them", itoa(g.c)+" of the "+w.pl)}, plural: g.c != 1, v: outV}, terse: same(itoa(g.c) + " " + outV.past)}
	if g.c <= g.a && g.chance(0.5) {
		come.step, gone.step = 2, 1
	}
	if come.step != gone.step || g.chance(0.5) {
		come.cl.when, gone.cl.when = pl.events[come.step-1], pl.events[gone.step-1]
	}
	keep := loseBeforeGain(come, gone, false)
	qs := []question{
		{wh: "How many " + w.pl, v: v("be"), pl: true, aux: "do", tail: pl.where + " now", terse: "how many now"},
		{wh: "How many " + w.pl, subj: "there", pl: true, v: v("be"), aux: "do", tail: pl.where + " now", terse: "how many " + pl.where + " now"},
		{wh: "How many " + w.pl, v: v("be"), pl: true, aux: "did", tail: pl.where + " after that", terse: "how many after that"},
		{wh: "How many " + w.pl, v: v("be"), pl: true, aux: "do", tail: "still " + pl.where, terse: "how many still there"},
	}
	st := &story{topic: pl.topic, facts: []fact{start, come, gone}, qs: qs, keep: keep}
	return st, true
}

// compare: someone got a and then b; someone else got c in all; how many
// more did the first get.
func compare(g *gen) (*story, bool) {
	if g.a+g.b <= g.c {
		return nil, false
	}
	th := g.thing(nil)
	p := g.person()
	q := pickRelative(g.rng, p)
	acts := usable(th.get, gains, p, nil, max(g.a, g.b))
	var a action
	for _, x := range g.rng.Perm(len(acts)) {
		if acts[x].v.base != "be given" && acts[x].v.base != "get" {
			a = acts[x]
			break
		}
	}
	if a.v.base == "" {
		return nil, false
	}
	pair := pick(g.rng, timePairs[pick(g.rng, []string{"hour", "day", "week"})])
	f0 := fact{slot: 0, step: 0, noCond: true, cl: clause{who: p, v: a.v, obj: same(cnt(th, g.a)), when: pair[0]}}
	f1 := fact{slot: 1, step: 1, noCond: true, more: true, cl: clause{who: p, v: a.v, obj: phrase{cnt(th, g.b), g.one(itoa(g.b), g.more(th, g.b))}, when: pair[1]}}
	f2 := fact{slot: 2, step: -1, noCond: true, solo: true, cl: clause{who: q, v: a.v, obj: phrase{cnt(th, g.c), cnt(th, g.c)}, tail: g.one("in all", "altogether", "in total")}}
	more := "How many more " + th.pl
	fewer := "How many fewer " + th.pl
	qs := []question{
		{wh: more, who: p, v: a.v, aux: "did", tail: "than {other=}"},
		{wh: more, who: p, v: a.v, aux: "did", tail: "than {other=} did"},
		{wh: fewer, who: q, v: a.v, aux: "did", tail: "than {main=}"},
	}
	st := &story{main: p, other: q, topic: th.topic, facts: []fact{f0, f1, f2}, qs: qs, noTerse: true}
	return st, true
}

// stillNeeded: someone needs a of a thing for one purpose and b for
// another; someone else already took care of c. How many are still
// needed?
func stillNeeded(g *gen) (*story, bool) {
	e := pick(g.rng, errands)
	th := &thing{noun: e.thing, topic: e.topic}
	var who *actor
	if g.chance(0.3) {
		who = pickGroup(g.rng)
	} else {
		who = g.person()
	}
	var other *actor
	if e.by == "" || g.chance(0.4) {
		other = g.helper(who)
		if other == nil {
			other = pickPerson(g.rng)
		}
	} else {
		other = &actor{name: e.by, pro: proShe, kind: group}
		if e.by == "the coach" || e.by == "the janitor" {
			other.pro = pick(g.rng, []pronoun{proShe, proHe})
		} else {
			other.pro, other.plural = proThey, false
		}
	}
	need := pick(g.rng, []verb{v("need"), v("have to " + e.done.base), v("want to " + e.done.base)})
	f0 := fact{slot: 0, step: -1, cl: clause{who: who, v: need, obj: same(cnt(th, g.a)), tail: e.parts[0], tense: present}, terse: same(cnt(th, g.a) + " " + e.parts[0])}
	f1 := fact{slot: 1, step: -1, cl: clause{who: who, v: need, obj: phrase{cnt(th, g.b), itoa(g.b)}, tail: e.parts[1], tense: present}, terse: same(itoa(g.b) + " " + e.parts[1])}
	done := verb{base: "already " + e.done.base, past: "already " + e.done.past, part: "already " + e.done.part}
	cs := itoa(g.c)
	took := fact{slot: 2, step: 0, loss: true, solo: true, terse: same(cs + " already " + e.done.part)}
	obj := same(cnt(th, g.c))
	if g.oddAt(2) {
		obj.short = g.one(cs, cs+" of them")
	}
	switch g.rng.Intn(3) {
	case 0:
		took.cl = clause{who: other, v: done, obj: obj}
	case 1:
		took.cl = clause{who: other, v: v("already take care of", "already took care of", "already taken care of"), obj: obj}
	default:
		took.cl = clause{who: other, v: done, obj: obj, tail: g.one("for {main=}", "to help")}
	}
	h := "How many more " + th.pl
	qs := []question{
		{wh: h, who: who, v: v("still need"), aux: "do", terse: "how many more needed"},
		{wh: "How many " + th.pl, v: v("still need to be " + e.done.part), pl: true, aux: "do", terse: "how many still needed"},
		{wh: h, who: who, v: compound(v("have to", "had to"), e.done.base), aux: "do", terse: "how many more"},
	}
	st := &story{main: who, other: other, topic: e.topic, facts: []fact{f0, f1, took}, qs: qs}
	if g.oddAt(1) {
		st.facts[1].also = true
		st.facts[0].also = true
	}
	return st, true
}

// moneyOwed is the fact that of the money someone got, c is owed or must
// be kept for something (slot 2, timeless), with the questions of what
// is left to spend: "She owes $15 of it to her brother", "He needs to
// save $15 for the bus".
func (g *gen) moneyOwed(who *actor, use string) (fact, []question) {
	c := money(g.c)
	f := fact{slot: 2, step: -1, solo: true, terse: same(c + " owed")}
	switch g.rng.Intn(4) {
	case 0:
		of := phrase{c, c + " of it"}
		if !g.oddAt(2) {
			of.short = ""
		}
		f.cl = clause{who: who, v: v("owe", "owed"), obj: of, tail: "to {main's} " + pick(g.rng, relatives).rel, tense: present}
	case 1:
		f.cl = clause{who: who, v: v("need to save"), obj: same(c), tail: g.one("for the bus", "for lunch next week", "for a birthday gift", use), tense: present}
		f.terse = same(c + " to save")
	case 2:
		f.cl = clause{who: who, v: v("have to pay"), obj: same("{main's} " + pick(g.rng, relatives).rel + " back " + c), tense: present}
	default:
		f.cl = clause{who: who, v: v("have to set aside"), obj: same(c), tail: g.one("for the bus", "for school lunch", "for a field trip"), tense: present}
		f.terse = same(c + " set aside")
	}
	qs := []question{
		{wh: "How much money", who: who, v: v("get to keep"), aux: "do", terse: "how much to keep"},
		{wh: "How much money", who: who, v: v("spend"), aux: "can", terse: "how much to spend"},
		{wh: "How much", who: who, v: v("have", "had"), aux: "will", tail: "left to spend", terse: "how much left"},
		{wh: "What", v: v("be"), aux: "do", tail: "left", noEmbed: true, terse: "whats left"},
	}
	return f, qs
}

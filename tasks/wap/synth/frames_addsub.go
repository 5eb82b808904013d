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
	if g.c > g.a {
		// More is lost than there was at the start: tell the gain first.
		st.keep = func(order []int) bool { return position(order, 1) < position(order, 2) }
	}
	return st, true
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
	f0, f1, main, other, whole := g.twoParts(th)
	lose := g.loss(whole, nil, th, g.c)
	if whole == main {
		lose = g.loss(main, other, th, g.c)
	}
	lose.slot, lose.step = 2, 2
	if f1.step == 0 {
		lose.step = 1
	}
	st := &story{main: main, other: other, topic: th.topic, facts: []fact{f0, f1, lose}, qs: haveQs(th, whole)}
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
		if th.money {
			need.cl.obj = same(c)
		}
	}
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
	gone := fact{slot: 2, step: 2, loss: true, cl: clause{subj: phrase{count(g.c, w), g.one(itoa(g.c), itoa(g.c)+" of them", itoa(g.c)+" of the "+w.pl)}, plural: g.c != 1, v: outV}, terse: same(itoa(g.c) + " " + outV.past)}
	if g.c <= g.a && g.chance(0.5) {
		come.step, gone.step = 2, 1
	}
	if come.step != gone.step || g.chance(0.5) {
		come.cl.when, gone.cl.when = pl.events[come.step-1], pl.events[gone.step-1]
	}
	qs := []question{
		{wh: "How many " + w.pl, v: v("be"), pl: true, aux: "do", tail: pl.where + " now", terse: "how many now"},
		{wh: "How many " + w.pl, subj: "there", pl: true, v: v("be"), aux: "do", tail: pl.where + " now", terse: "how many " + pl.where + " now"},
		{wh: "How many " + w.pl, v: v("be"), pl: true, aux: "did", tail: pl.where + " after that", terse: "how many after that"},
		{wh: "How many " + w.pl, v: v("be"), pl: true, aux: "do", tail: "still " + pl.where, terse: "how many still there"},
	}
	st := &story{topic: pl.topic, facts: []fact{start, come, gone}, qs: qs}
	return st, true
}

// compare: someone got a and then b; someone else got c in all; how many
// more did the first get.
func compare(g *gen) (*story, bool) {
	if g.a+g.b <= g.c {
		return nil, false
	}
	th := g.thing(nil)
	p := pickPerson(g.rng)
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

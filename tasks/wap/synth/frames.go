package synth

import (
	"strconv"

	"d4/data"
)

// frame is a semantic frame of one pattern: build fills it with a scene
// that suits the operands g.a, g.b, g.c and returns the story, or false
// when no scene suits them (the caller then draws new numbers).
type frame struct {
	name    string
	pattern string
	build   func(g *gen) (*story, bool)
}

// frames lists every frame; frames_*.go define them, one file per
// pattern.
var frames = []frame{
	{"gain and loss", data.PatternAddSub, gainLose},
	{"pool and remove", data.PatternAddSub, pool},
	{"surplus", data.PatternAddSub, surplus},
	{"come and go", data.PatternAddSub, comeAndGo},
	{"compare", data.PatternAddSub, compare},

	{"fill containers", data.PatternMulAdd, fillTwice},
	{"price", data.PatternMulAdd, priceTwice},
	{"activity rate", data.PatternMulAdd, rateTwice},
	{"paid job", data.PatternMulAdd, jobTwice},
	{"grid", data.PatternMulAdd, gridTwoParts},
	{"per person", data.PatternMulAdd, perPerson},

	{"share equally", data.PatternAddDiv, shareBoth},
	{"pack by size", data.PatternAddDiv, packBoth},
	{"spread over days", data.PatternAddDiv, spreadDays},
	{"split earnings", data.PatternAddDiv, splitEarnings},
	{"make teams", data.PatternAddDiv, makeTeams},

	{"containers removed", data.PatternMulSub, containersRemoved},
	{"unsold", data.PatternMulSub, unsold},
	{"absent", data.PatternMulSub, absent},
	{"missed sessions", data.PatternMulSub, missedSessions},
	{"cancelled jobs", data.PatternMulSub, cancelledJobs},
	{"closed units", data.PatternMulSub, closedUnits},

	{"share the rest", data.PatternSubDiv, shareRest},
	{"pack the rest", data.PatternSubDiv, packRest},
	{"spend the rest", data.PatternSubDiv, spendRest},
	{"finish the job", data.PatternSubDiv, finishJob},
	{"teams from the rest", data.PatternSubDiv, teamsRest},
}

// framesOf lists the frames of a pattern.
func framesOf(pattern string) []frame {
	var out []frame
	for _, f := range frames {
		if f.pattern == pattern {
			out = append(out, f)
		}
	}
	return out
}

// itoa writes an integer.
func itoa(k int) string { return strconv.Itoa(k) }

// in reports whether k lies in the range r.
func in(k int, r [2]int) bool { return r[0] <= k && k <= r[1] }

// recipients are the people things are shared among, by who shares
// them.
var recipients = map[kind][]noun{
	person:   {n("friend"), n("cousin"), n("classmate"), n("neighbor"), n("teammate"), n("coworker"), n("friend"), n("classmate")},
	group:    {n("family", "families"), n("kid"), n("student"), n("guest"), n("camper"), n("neighbor"), n("child", "children")},
	business: {n("customer"), n("family", "families"), n("school"), n("shelter"), n("neighbor")},
}

// shareable reports whether a thing is given out among people (not
// bricks or hospital pillows).
func shareable(th *thing) bool {
	return !contains(ws("construction|warehouse|hospital|cleaning|recycling"), th.topic)
}

// recipientsOf lists the recipients who can share among.
func recipientsOf(who *actor) []noun { return recipients[who.kind] }

// shareVerbs are the ways to share things equally; each is told with
// "equally"/"evenly" and "among"/"between".
var shareVerbs = []verb{
	v("share"), v("split", "split"), v("divide"), v("hand out"), v("give out", "gave out", "given out"), v("distribute"),
}

// twoParts builds the facts of a and b combined: someone had a and got b
// more, had a of one kind and b of another, or two people had a and b.
// It returns the facts (slots 0 and 1), the owner and the actor who acts
// on the whole (the owner or the pair).
func (g *gen) twoParts(th *thing) (f0, f1 fact, main, other, whole *actor) {
	main = g.owner(th)
	switch r := g.rng.Intn(3); {
	case r == 0 && len(th.kinds) >= 2:
		ks := g.rng.Perm(len(th.kinds))
		k0, k1 := th.kinds[ks[0]], th.kinds[ks[1]]
		vb := v("have", "had")
		if acts := usable(th.get, gains, main, nil, max(g.a, g.b)); len(acts) > 0 && g.chance(0.5) {
			vb = pick(g.rng, acts).v
		}
		f0 = fact{slot: 0, step: 0, state: stative(vb), cl: clause{who: main, v: vb, obj: same(kindCnt(th, k0, g.a))}, terse: same(kindCnt(th, k0, g.a))}
		f1 = fact{slot: 1, step: 0, state: stative(vb), cl: clause{who: main, v: vb, obj: same(kindCnt(th, k1, g.b))}, terse: same(kindCnt(th, k1, g.b))}
		return f0, f1, main, nil, main
	case r == 1 && main.kind != business:
		if main.kind == person {
			other = g.helper(main)
		} else {
			other = pickGroup(g.rng)
			for try := 0; try < 10 && (other.again == main.again || other.name == main.name); try++ {
				other = pickGroup(g.rng)
			}
			if other.again == main.again {
				other = pickPerson(g.rng)
			}
		}
		f0 = g.state(main, th, g.a)
		short := g.one(cnt(th, g.b), itoa(g.b))
		if th.money {
			short = money(g.b)
		}
		f1 = fact{slot: 1, step: 0, state: true, cl: clause{who: other, v: v("have", "had"), obj: phrase{cnt(th, g.b), short}}, terse: phrase{cnt(th, g.b), itoa(g.b) + " more " + th.noun.form(g.b)}}
		if th.money {
			f1.terse = phrase{money(g.b), money(g.b) + " more"}
		}
		return f0, f1, main, other, pair(main, other)
	}
	other = g.helper(main)
	f0 = g.state(main, th, g.a)
	f1 = g.gain(main, other, th, g.b)
	f1.slot, f1.step = 1, 1
	return f0, f1, main, other, main
}

// divideLast keeps the division of a whole (fact 2) after the facts that
// make the whole (0 and 1), or, when it is a plan that names the whole in
// full, before both.
func divideLast(st *story) {
	f := &st.facts[2]
	if f.step >= 0 {
		f.after = []int{0, 1}
		return
	}
	st.keep = func(order []int) bool { return order[0] == 2 || order[2] == 2 }
}

// shareFact is the fact that the whole is shared equally among c people
// or put equally into c containers, with the questions that ask for one
// share. rest names what is shared as "the rest" (after a loss).
func (g *gen) shareFact(who *actor, th *thing, c int, rest bool) (fact, []question) {
	them := phrase{"all the " + th.pl, g.one("them", "all of them", "the "+th.pl)}
	if th.money {
		them = phrase{"all the money", g.one("it", "the money", "all of it")}
	}
	single := who.kind == person && len(who.parts) == 0
	if single && g.chance(0.5) {
		them.full = "{main's} " + th.pl
		if th.money {
			them.full = "{main's} money"
		}
	}
	if rest {
		them = same(g.one("the rest", "what was left", "the remaining "+th.pl, "the rest of the "+th.pl))
		if th.money {
			them = same(g.one("the rest", "what was left", "the remaining money", "the rest of the money"))
		}
	}
	h := howMany(th)
	var f fact
	var qs []question
	if (g.chance(0.6) && shareable(th)) || len(th.packs) == 0 || th.money {
		rec := pick(g.rng, recipientsOf(who))
		group := g.one("equally among ", "evenly among ", "equally between ", "evenly between ")
		whom := count(c, rec)
		if single && g.chance(0.4) {
			whom = "{main's} " + whom
		}
		sv := pick(g.rng, shareVerbs)
		tail := group + whom
		if sv.base == "hand out" || sv.base == "give out" || sv.base == "distribute" {
			tail = g.one("equally to ", "evenly to ") + whom
		}
		if (sv.base == "hand out" || sv.base == "give out") && (them.short == "them" || them.short == "it") {
			// "hand out them" is not English; name the things.
			them.short = "the " + th.pl
			if th.money {
				them.short = "the money"
			}
		}
		if g.chance(0.2) {
			sv, tail = v("give", "gave", "given"), "to "+whom+", the same amount to each"
			if !th.money {
				tail = "to " + whom + ", the same number to each"
			}
		}
		each := "each " + rec.sg
		f, qs = g.shareTense(who, sv, them, tail)
		for i := range qs {
			qs[i].wh, qs[i].subj = h, each
			qs[i].terse = "how many each"
			if th.money {
				qs[i].terse = "how much each"
			}
		}
		if g.chance(0.3) {
			qs = append(qs, question{wh: h, v: v("go", "went", "gone"), aux: qs[0].aux, subj: "", pl: false, tail: "to each " + rec.sg, terse: "how many per " + rec.sg})
			if !th.money {
				qs[len(qs)-1].pl = true
			}
		}
		return f, qs
	}
	box := containers[pick(g.rng, th.packs)]
	into := "into "
	if box.prep == "on" {
		into = "onto "
	}
	sv := pick(g.rng, []verb{v("put", "put"), v("pack"), v("divide"), v("split", "split")})
	switch {
	case box.prep == "on":
		sv = pick(g.rng, []verb{v("put", "put"), v("arrange"), v("place")})
	case box.fixed:
		sv = v("put", "put")
	}
	tail := g.one("equally ", "evenly ") + into + count(c, box.noun)
	if sv.base != "divide" && sv.base != "split" {
		tail = into + count(c, box.noun) + g.one(", the same number "+box.prep+" each", " equally", " evenly")
	}
	f, qs = g.shareTense(who, sv, them, tail)
	// The things stay in the containers: "How many are in each box?" asks
	// in the present whether the packing is done or planned.
	aux, be := qs[0].aux, "do"
	if aux == "will" {
		be = "will"
	}
	qs = []question{
		{wh: h, v: v("be"), pl: true, aux: be, tail: box.prep + " each " + box.sg, terse: "how many per " + box.sg},
		{wh: h, who: who, v: v("put", "put"), aux: aux, tail: box.prep + " each " + box.sg, terse: "how many " + box.prep + " each " + box.sg},
	}
	return f, qs
}

// shareTense tells a sharing as done (past), planned ("wants to") or
// going to happen, and gives matching question skeletons: subject "each
// …" and verb "get".
func (g *gen) shareTense(who *actor, sv verb, them phrase, tail string) (fact, []question) {
	f := fact{slot: 2, step: 2, cl: clause{who: who, v: sv, obj: them, tail: tail}}
	f.terse = same(sv.part + " " + plainTail(tail))
	get := v("get", "got", "gotten")
	switch r := g.rng.Intn(3); {
	case r == 0:
		return f, []question{{v: get, aux: "did"}, {v: v("receive"), aux: "did"}}
	default:
		plan := g.one("want to ", "plan to ", "be going to ", "decide to ")
		head, rest := splitHead(sv.base)
		pv := verb{base: plan + head + rest}
		if plan == "decide to " {
			pv = verb{base: "decide to " + sv.base, past: "decided to " + sv.base, part: "decided to " + sv.base}
			f.cl.v, f.cl.tense = pv, past
			return f, []question{{v: get, aux: "did"}, {v: get, aux: "will"}}
		}
		f.cl.v, f.cl.tense = pv, present
		f.step = -1
		cond := f.cl
		cond.v = sv
		f.cond = &cond
		return f, []question{{v: get, aux: "will"}, {v: get, aux: "do"}, {v: v("receive"), aux: "will"}}
	}
}

// packFact is the fact that the whole is packed c to a container, with the
// questions that ask how many containers.
func (g *gen) packFact(who *actor, th *thing, c int, rest bool) (fact, []question, bool) {
	var opts []container
	for _, k := range th.packs {
		if box := containers[k]; in(c, box.cap) && (th.most == 0 || c <= th.most) {
			opts = append(opts, box)
		}
	}
	if len(opts) == 0 || th.money {
		return fact{}, nil, false
	}
	box := pick(g.rng, opts)
	them := phrase{"all the " + th.pl, g.one("them", "all of them", "the "+th.pl)}
	if rest {
		them = same(g.one("the rest", "the remaining "+th.pl, "the rest of the "+th.pl, "what was left"))
	}
	h := "How many " + box.pl
	var f fact
	var qs []question
	fill := v("fill")
	r := g.rng.Intn(4)
	if r == 0 && rest {
		r = 2 // a rate cannot say "the rest"
	}
	if (box.fixed || box.prep == "on") && r >= 2 {
		r = 1 // a shelf is filled, not packed: "8 on each shelf"
	}
	switch {
	case r == 0:
		// A rate: "Each bag holds 4 apples."
		f = fact{slot: 2, step: -1, cl: clause{subj: same(g.one("each ", "every ", "a ") + box.sg), v: pick(g.rng, []verb{v("hold", "held"), v("fit", "fit"), v("have", "had")}), obj: phrase{cnt(th, c), itoa(c)}, tense: present}}
		if f.cl.subj.full == "a "+box.sg {
			f.cl.subj = same(an(box.sg))
		}
		f.terse = same(itoa(c) + " per " + box.sg)
		qs = []question{
			{wh: h, who: who, v: fill, aux: g.one("can", "will"), terse: "how many " + box.pl},
			{wh: h, who: who, v: v("need"), aux: "do", terse: "how many " + box.pl + " needed"},
			{wh: h, who: who, v: v("need"), aux: "will", terse: "how many " + box.pl},
		}
	case r == 1:
		pv := pick(g.rng, []verb{v("put", "put"), v("place")})
		f = fact{slot: 2, step: 2, cl: clause{who: who, v: pv, obj: phrase{cnt(th, c), itoa(c)}, tail: box.prep + " each " + box.sg}}
		f.terse = same(itoa(c) + " per " + box.sg)
		if rest {
			f.cl.obj = them
			f.cl.tail = box.prep + " " + box.pl + ", " + itoa(c) + " " + box.prep + " each"
		}
		qs = []question{{wh: h, who: who, v: fill, aux: "did", terse: "how many " + box.pl}, {wh: h, who: who, v: v("use"), aux: "did", terse: "how many " + box.pl}}
	default:
		pv := pick(g.rng, []verb{v("pack"), v("put", "put"), v("sort"), v("bundle")})
		tail := "into " + box.pl + " of " + itoa(c)
		if g.chance(0.3) {
			tail = "into " + box.pl + ", " + itoa(c) + " to " + an(box.sg)
		}
		f = fact{slot: 2, step: 2, cl: clause{who: who, v: pv, obj: them, tail: tail}}
		f.terse = same(box.pl + " of " + itoa(c))
		qs = []question{{wh: h, who: who, v: fill, aux: "did", terse: "how many " + box.pl}, {wh: h, who: who, v: v("end up with", "ended up with"), aux: "did", terse: "how many " + box.pl}}
		if g.chance(0.5) {
			plan := g.one("want to ", "plan to ", "be going to ")
			f.cl.v = verb{base: plan + pv.base}
			f.cl.tense, f.step = present, -1
			cond := f.cl
			cond.v = pv
			f.cond = &cond
			qs = []question{{wh: h, who: who, v: v("need"), aux: g.one("do", "will"), terse: "how many " + box.pl}, {wh: h, who: who, v: fill, aux: "will", terse: "how many " + box.pl}, {wh: h, who: who, v: fill, aux: "can", terse: "how many " + box.pl}}
		}
	}
	return f, qs, true
}

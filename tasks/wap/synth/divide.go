package synth

// This file holds the divisions that (a+b)/c and (a-b)/c share: a whole
// (or what is left of it) shared among c people, put equally into c
// containers or packed c to a container, and how each is worded for the
// place it takes in the text (place.go): a plan stated first names what
// it divides in full ("She wants to share the apples she has left …"), a
// division told between the two amounts is followed by "Before that, …"
// or "Before she could, …", and one told last may say "them" or "the rest".

// divTense is when a division happens.
type divTense int

const (
	divDone  divTense = iota // it happened: "she shared them"
	divPlan                  // it is planned now: "she wants to share them"
	divMeant                 // it was planned, and what is told next came first: "she was going to share them. Before she could, …"
)

// lot is what a division divides, worded for where the division stands.
type lot struct {
	them  phrase // the object: full before the things are known, short after
	tense divTense
	// ref marks an object that refers back to the facts told before it
	// ("them", "the rest"): the division must follow them.
	ref bool
	// rest marks what is left after a loss: a rate then asks "with the
	// rest".
	rest bool
}

// planOrDone draws whether a division is planned or done.
func (g *gen) planOrDone() divTense {
	if g.chance(0.6) {
		return divPlan
	}
	return divDone
}

// allOf names the whole of a thing that p made: "all her apples", "all
// the money", "all their stickers", "all her red and green apples".
func (g *gen) allOf(th *thing, p parts) string {
	single := p.whole.kind == person && len(p.whole.parts) == 0
	whose := "the "
	switch {
	case single && g.chance(0.6):
		whose = "{main's} "
	case len(p.whole.parts) > 0:
		whose = p.whole.pro.poss + " "
	}
	if th.money {
		return "all " + whose + "money"
	}
	if p.kinds[0] != "" && g.chance(0.6) {
		return "all " + whose + p.kinds[0] + " and " + p.kinds[1] + " " + th.pl
	}
	return "all " + whose + th.pl
}

// them refers back to a thing: "them", "all of them", "the apples".
func (g *gen) them(th *thing) string {
	if th.money {
		return g.one("it", "the money", "all of it")
	}
	return g.one("them", "all of them", "the "+th.pl)
}

// wholeLot words the whole that p made for a division at the wanted
// place: in full when it comes before the parts or between them, as
// "them" when it comes after both. Between a start and a gain the
// division is done (the gain is told as "Before that, …") or was meant
// ("Before she could, …").
func (g *gen) wholeLot(th *thing, p parts) lot {
	l := lot{tense: g.planOrDone(), them: same(g.allOf(th, p))}
	if g.oddAt(0) && p.gained() && g.chance(0.7) {
		// "She packed all her apples into bags of 5. She had picked 30,
		// and her mom had given her 20 more."
		l.tense = divDone
	}
	switch {
	case g.oddAt(2):
		l.them.short, l.ref = g.them(th), true
	case g.oddAt(1) && p.gained() && g.chance(0.5):
		l.tense = divMeant
	case g.oddAt(1) && p.gained():
		l.tense = divDone
	}
	return l
}

// placeWhole fits the parts of a story (facts 0 and 1) to its division
// (fact 2): a division that says "them" follows both; between a start
// and a gain, the gain is told last with "Before that," (after a done
// division, in the past perfect) or "But before that," (after a meant one);
// between two parts of one time, the later one says "also".
func (g *gen) placeWhole(st *story, l lot) {
	f1, div := &st.facts[1], &st.facts[2]
	switch {
	case l.ref:
		div.after = []int{0, 1}
	case isRate(*div) && p1gain(st):
	case g.oddAt(1) && f1.step > st.facts[0].step:
		st.keep = func(o []int) bool { return o[0] == 0 && o[1] == 2 }
		if l.tense == divMeant {
			f1.lead = g.one("But before that,", "Before {main^} could,", "Before {main^} got the chance,", "Before {main^} did,")
		} else {
			f1.lead = g.one("Before that,", "Earlier,", "Earlier on,")
		}
	case g.oddAt(1):
		st.facts[0].also, f1.also = true, true
	}
	if l.tense == divPlan && !p1gain(st) && nowable(st.facts[0]) && nowable(*f1) {
		// Parts stated with a plan are stated in the present: "She has
		// 12 red apples and 15 green ones. She wants to share …"
		st.facts[0].cl.tense, f1.cl.tense = present, present
	}
}

// nowable reports whether a part can be told in the present: a plain
// "she had" or "there were".
func nowable(f fact) bool {
	return f.state && f.step == 0 && (f.cl.v.base == "have" || f.cl.v.base == "be") && f.cl.tail == ""
}

// p1gain reports whether the second part of a story came later than
// the first.
func p1gain(st *story) bool { return st.facts[1].step > st.facts[0].step }

// restWords names what is left of a thing after a loss, as something
// told before the loss: "the apples she had left", "her remaining
// apples", "what is left of her apples". early leaves out "the rest of
// her apples", which reads badly right after how many she had.
func (g *gen) restWords(th *thing, who *actor, now, early bool) string {
	is := "was"
	if now {
		is = "is"
	}
	whose := "{main's} "
	if who.kind != person || len(who.parts) > 0 {
		whose = "the "
	}
	what := th.pl
	if th.money {
		what = "money"
	}
	opts := []string{"what " + is + " left of " + whose + what, whose + "remaining " + what}
	if !now {
		opts = append(opts, "the "+what+" {main^} had left")
	}
	if !early {
		opts = append(opts, "the rest of "+whose+what)
	}
	return g.one(opts...)
}

// restLot words what is left after a loss (fact 1) for a division at
// the wanted place: told first or before the loss, it is named in full
// ("the apples she has left"), or the division was meant for all of
// them ("She was going to share them. Before she could, …"); told after
// the loss, it is "the rest".
func (g *gen) restLot(th *thing, who *actor) lot {
	l := lot{tense: g.planOrDone(), rest: true}
	switch {
	case g.oddAt(0), g.oddAt(1) && !g.reversed() && g.chance(0.4):
		l.them = same(g.restWords(th, who, l.tense == divPlan, g.oddAt(1)))
	case g.oddAt(1) && !g.reversed():
		l.tense, l.rest = divMeant, false
		l.them = same(g.allOf(th, parts{whole: who}))
		if g.chance(0.5) {
			l.them = same(g.them(th))
		}
	default:
		l.ref = true
		l.them = same(g.one("the rest", "what was left", "the remaining "+th.pl, "the rest of the "+th.pl))
		if th.money {
			l.them = same(g.one("the rest", "what was left", "the remaining money", "the rest of the money"))
		}
	}
	return l
}

// placeRest fits a loss (fact 1) to the division of what is left (fact
// 2): after "the rest", the division follows the loss; told between
// the start and the loss, the loss is told last with "But before that," (after
// a meant division) or "Before that," (after a done one).
func (g *gen) placeRest(st *story, l lot) {
	loss, div := &st.facts[1], &st.facts[2]
	if g.oddAt(0) || (g.oddAt(1) && !g.reversed()) {
		// After "… into 4 boxes", "3 of them" would be boxes: the loss
		// names its things.
		loss.cl.obj.short, loss.cl.subj.short = "", ""
	}
	switch {
	case l.ref:
		div.after = []int{1}
	case isRate(*div) || !g.oddAt(1) || g.reversed():
	case l.tense == divMeant:
		st.keep = func(o []int) bool { return o[0] == 0 && o[1] == 2 }
		loss.lead = g.one("But before that,", "Before {main^} could,", "Before {main^} could do that,", "Before that could happen,")
	case l.tense == divDone:
		loss.lead = g.one("Before that,", "Earlier,")
	default:
		loss.lead = g.one("", "Earlier,", "Earlier on,", "Before that,")
	}
}

// isRate reports whether f is a timeless rate without an actor ("Each
// bag holds 4 apples"), which can stand anywhere.
func isRate(f fact) bool { return f.step < 0 && f.cond == nil && f.cl.who == nil }

// shareFact is the fact that a lot is shared equally among c people or
// put equally into c containers, with the questions that ask for one
// share.
func (g *gen) shareFact(who *actor, th *thing, c int, l lot) (fact, []question) {
	if (g.chance(0.6) && shareable(th)) || len(th.packs) == 0 || th.money {
		return g.shareAmong(who, th, c, l)
	}
	return g.shareInto(who, th, c, l)
}

// shareAmong is a sharing of the things equally among c recipients, and
// its questions of how many (or how much) each gets.
func (g *gen) shareAmong(who *actor, th *thing, c int, l lot) (fact, []question) {
	them := l.them
	single := who.kind == person && len(who.parts) == 0
	h := howMany(th)
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
	if (sv.base == "hand out" || sv.base == "give out") && (them.text(true) == "them" || them.text(true) == "it") {
		// "hand out them" is not English; name the things.
		them = same("the " + th.pl)
		if th.money {
			them = same("the money")
		}
	}
	switch r := g.rng.Intn(10); {
	case r < 2:
		sv, tail = v("give", "gave", "given"), "to "+whom+", the same amount to each"
		if !th.money {
			tail = "to " + whom + ", the same number to each"
		}
	case r < 3:
		// "so that each of the 4 friends gets the same"
		tail = "so that each of the " + itoa(c) + " " + rec.pl + " " + g.one("gets the same amount", "gets the same share", "ends up with the same amount")
		if !th.money {
			tail = "so that each of the " + itoa(c) + " " + rec.pl + " " + g.one("gets the same number", "gets the same amount", "ends up with the same number")
		}
		if l.tense == divDone || l.tense == divMeant {
			tail = pastTail(tail)
		}
		sv = pick(g.rng, []verb{v("share"), v("split", "split"), v("divide")})
	}
	each := "each " + rec.sg
	f, qs := g.shareTense(who, sv, them, tail, l.tense)
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

// shareInto is a packing of the things equally into c containers, and its
// questions of how many are in each.
func (g *gen) shareInto(who *actor, th *thing, c int, l lot) (fact, []question) {
	them := l.them
	single := who.kind == person && len(who.parts) == 0
	h := howMany(th)
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
	if !l.rest && g.chance(0.25) {
		// "She put the same number of books on each of her 4 shelves."
		sv, them = pick(g.rng, []verb{v("put", "put"), v("place")}), same("the same number of "+th.pl)
		whose := "the "
		if single && g.chance(0.5) {
			whose = "{main's} "
		}
		tail = box.prep + " each of " + whose + count(c, box.noun)
	}
	f, qs := g.shareTense(who, sv, them, tail, l.tense)
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

// pastTail puts the "so that each … gets" of a sharing told in the past
// into the past.
func pastTail(s string) string {
	for _, w := range [][2]string{{"gets", "got"}, {"ends up", "ended up"}} {
		if i := indexWord(s, w[0]); i >= 0 {
			return s[:i] + w[1] + s[i+len(w[0]):]
		}
	}
	return s
}

// indexWord is the index of the word w in s, or -1.
func indexWord(s, w string) int {
	for i := 0; i+len(w) <= len(s); i++ {
		if s[i:i+len(w)] == w && (i == 0 || s[i-1] == ' ') && (i+len(w) == len(s) || s[i+len(w)] == ' ') {
			return i
		}
	}
	return -1
}

// planVerb makes the verb of a plan to do sv: "want to share", "plan to
// split", "be going to hand out".
func (g *gen) planVerb(sv verb) verb {
	plan := g.one("want to ", "plan to ", "be going to ", "hope to ")
	switch plan {
	case "want to ":
		return verb{base: plan + sv.base, past: "wanted to " + sv.base, part: "wanted to " + sv.base}
	case "plan to ":
		return verb{base: plan + sv.base, past: "planned to " + sv.base, part: "planned to " + sv.base}
	case "hope to ":
		return verb{base: plan + sv.base, past: "hoped to " + sv.base, part: "hoped to " + sv.base}
	}
	return verb{base: plan + sv.base}
}

// shareTense tells a sharing as done (past), planned ("wants to") or
// meant ("was going to"), and gives matching question skeletons: verb
// "get" with the auxiliary of the tense.
func (g *gen) shareTense(who *actor, sv verb, them phrase, tail string, tn divTense) (fact, []question) {
	f := fact{slot: 2, step: 2, cl: clause{who: who, v: sv, obj: them, tail: tail}}
	f.terse = same(sv.part + " " + plainTail(tail))
	get := v("get", "got", "gotten")
	switch tn {
	case divDone:
		if g.chance(0.2) {
			f.cl.v = verb{base: "decide to " + sv.base, past: "decided to " + sv.base, part: "decided to " + sv.base}
			return f, []question{{v: get, aux: "did"}, {v: get, aux: "will"}}
		}
		return f, []question{{v: get, aux: "did"}, {v: v("receive"), aux: "did"}}
	case divMeant:
		f.step, f.noCond = 0, true
		f.cl.v = g.planVerb(sv)
		return f, []question{{v: get, aux: "did"}, {v: v("receive"), aux: "did"}, {v: get, aux: "did", tail: "in the end"}}
	}
	f.cl.v, f.cl.tense, f.step = g.planVerb(sv), present, -1
	cond := f.cl
	cond.v = sv
	f.cond = &cond
	return f, []question{{v: get, aux: "will"}, {v: get, aux: "do"}, {v: v("receive"), aux: "will"}}
}

// packFact is the fact that a lot is packed c to a container, with the
// questions that ask how many containers; false when no container of
// the thing holds c.
func (g *gen) packFact(who *actor, th *thing, c int, l lot) (fact, []question, bool) {
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
	them := l.them
	h := "How many " + box.pl
	full := g.one("How many full "+box.pl, h)
	var f fact
	var qs []question
	fill := v("fill")
	r := g.rng.Intn(4)
	if r == 1 && l.tense != divDone {
		r = 2
	}
	if l.tense == divMeant && r == 0 {
		r = 2
	}
	if (box.fixed || box.prep == "on") && r >= 2 {
		r = 1 // a shelf is filled, not packed: "8 on each shelf"
	}
	if r == 1 && l.tense != divDone {
		return fact{}, nil, false
	}
	switch {
	case r == 0:
		f = g.boxRate(th, box, c)
		with := ""
		if l.rest {
			with = g.one("with the rest", "with what is left", "with the "+th.pl+" that are left")
		}
		qs = []question{
			{wh: full, who: who, v: fill, aux: g.one("can", "will"), tail: with, terse: "how many " + box.pl},
			{wh: h, who: who, v: v("need"), aux: "do", tail: with, terse: "how many " + box.pl + " needed"},
			{wh: h, who: who, v: v("need"), aux: "will", tail: with, terse: "how many " + box.pl},
		}
	case r == 1:
		pv := pick(g.rng, []verb{v("put", "put"), v("place")})
		f = fact{slot: 2, step: 2, cl: clause{who: who, v: pv, obj: phrase{cnt(th, c), itoa(c)}, tail: box.prep + " each " + box.sg}}
		f.terse = same(itoa(c) + " per " + box.sg)
		if !l.ref || l.rest {
			f.cl.obj = them
			f.cl.tail = box.prep + " " + box.pl + ", " + itoa(c) + " " + box.prep + " each"
		}
		qs = []question{{wh: h, who: who, v: fill, aux: "did", terse: "how many " + box.pl}, {wh: h, who: who, v: v("use"), aux: "did", terse: "how many " + box.pl}}
	default:
		pv := pick(g.rng, []verb{v("pack"), v("put", "put"), v("sort"), v("bundle")})
		tail := "into " + box.pl + " of " + itoa(c)
		switch g.rng.Intn(10) {
		case 0, 1, 2:
			tail = "into " + box.pl + ", " + itoa(c) + " to " + an(box.sg)
		case 3:
			tail = "into " + box.pl + ", " + itoa(c) + " per " + box.sg
		}
		f = fact{slot: 2, step: 2, cl: clause{who: who, v: pv, obj: them, tail: tail}}
		f.terse = same(box.pl + " of " + itoa(c))
		qs = []question{{wh: full, who: who, v: fill, aux: "did", terse: "how many " + box.pl}, {wh: h, who: who, v: v("end up with", "ended up with"), aux: "did", terse: "how many " + box.pl}}
		switch l.tense {
		case divPlan:
			f.cl.v = g.planVerb(pv)
			f.cl.tense, f.step = present, -1
			cond := f.cl
			cond.v = pv
			f.cond = &cond
			qs = []question{{wh: h, who: who, v: v("need"), aux: g.one("do", "will"), terse: "how many " + box.pl}, {wh: full, who: who, v: fill, aux: "will", terse: "how many " + box.pl}, {wh: full, who: who, v: fill, aux: "can", terse: "how many " + box.pl}}
		case divMeant:
			f.cl.v, f.step, f.noCond = g.planVerb(pv), 0, true
			qs = []question{{wh: h, who: who, v: fill, aux: "did", tail: "in the end", terse: "how many " + box.pl}, {wh: h, who: who, v: v("need"), aux: "did", terse: "how many " + box.pl}}
		}
	}
	return f, qs, true
}

// boxRate is the fact that each container holds c of a thing (slot 2,
// timeless): "Each bag holds 4 apples", "Eggs come in cartons of 6".
func (g *gen) boxRate(th *thing, box container, c int) fact {
	f := fact{slot: 2, step: -1, trail: true, terse: same(itoa(c) + " per " + box.sg)}
	switch g.rng.Intn(5) {
	case 0:
		f.cl = clause{subj: phrase{th.pl, "the " + th.pl}, plural: true, v: v("come", "came", "come"), obj: same("in " + box.pl + " of " + itoa(c)), tense: present}
	case 1:
		f.cl = clause{subj: same(g.one("each ", "every ") + box.sg), v: pick(g.rng, []verb{v("take", "took", "taken"), v("have room for", "had room for")}), obj: phrase{cnt(th, c), itoa(c)}, tense: present}
	default:
		f.cl = clause{subj: same(g.one("each ", "every ", "a ") + box.sg), v: pick(g.rng, []verb{v("hold", "held"), v("fit", "fit"), v("have", "had")}), obj: phrase{cnt(th, c), itoa(c)}, tense: present}
		if f.cl.subj.full == "a "+box.sg {
			f.cl.subj = same(an(box.sg))
		}
	}
	return f
}

package synth

// This file holds the divisions that (a+b)/c and (a-b)/c share: a whole
// (or what is left of it) shared among c people, put equally into c
// containers or packed c to a container, and how each is worded for the
// place it takes in the text (place.go): a plan stated first names what
// it divides in full ("She wants to share the apples she has left …"), a
// division told between the two amounts is followed by "Before that, …"
// or "Before she could, …", and one told last may say "them" or "the rest".

// enDivide is the English of this file.
var enDivide = phraseBook("divide")

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
	whose := enDivide.one("the", nil)
	switch {
	case single && g.chance(0.6):
		whose = enDivide.one("main's", nil)
	case len(p.whole.parts) > 0:
		whose = p.whole.pro.poss
	}
	if th.money {
		return enDivide.one("all money", holes{"whose": whose})
	}
	if p.kinds[0] != "" && g.chance(0.6) {
		return enDivide.one("all kinds", holes{"whose": whose, "kind1": p.kinds[0], "kind2": p.kinds[1], "things": th.pl})
	}
	return enDivide.one("all things", holes{"whose": whose, "things": th.pl})
}

// them refers back to a thing: "them", "all of them", "the apples".
func (g *gen) them(th *thing) string {
	if th.money {
		return enDivide.pick(g.rng, "them money", nil)
	}
	return enDivide.pick(g.rng, "them", holes{"things": th.pl})
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
			f1.lead = enDivide.pick(g.rng, "before meant", nil)
		} else {
			f1.lead = enDivide.pick(g.rng, "before done", nil)
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
	is := v("be").pastTense(false)
	if now {
		is = v("be").present(false)
	}
	whose := enDivide.one("main's", nil)
	if who.kind != person || len(who.parts) > 0 {
		whose = enDivide.one("the", nil)
	}
	what := th.pl
	if th.money {
		what = enDivide.one("money", nil)
	}
	opts := enDivide.list("rest words", holes{"is": is, "whose": whose, "what": what})
	if !now {
		opts = append(opts, enDivide.one("had left", holes{"what": what}))
	}
	if !early {
		opts = append(opts, enDivide.one("rest of", holes{"whose": whose, "what": what}))
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
		l.them = same(enDivide.pick(g.rng, "the rest", holes{"things": th.pl}))
		if th.money {
			l.them = same(enDivide.pick(g.rng, "the rest", holes{"things": enDivide.one("money", nil)}))
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
		loss.lead = enDivide.pick(g.rng, "before meant rest", nil)
	case l.tense == divDone:
		loss.lead = enDivide.pick(g.rng, "before done rest", nil)
	default:
		loss.lead = enDivide.pick(g.rng, "before rest", nil)
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
	group := enDivide.pick(g.rng, "among", nil)
	whom := count(c, rec)
	if single && g.chance(0.4) {
		whom = enDivide.one("whose recipients", holes{"whom": whom})
	}
	sv := pick(g.rng, shareVerbs)
	tail := group + " " + whom
	if contains(enDivide.list("verbs to", nil), sv.base) {
		tail = enDivide.pick(g.rng, "to", nil) + " " + whom
	}
	if contains(enDivide.list("verbs with an object", nil), sv.base) && contains(enDivide.list("pronouns", nil), them.text(true)) {
		// "hand out them" is not English; name the things.
		them = same(enDivide.one("the things", holes{"things": th.pl}))
		if th.money {
			them = same(enDivide.one("the money", nil))
		}
	}
	switch r := g.rng.Intn(10); {
	case r < 2:
		sv, tail = enDivide.verb("give"), enDivide.one("same amount to each", holes{"whom": whom})
		if !th.money {
			tail = enDivide.one("same number to each", holes{"whom": whom})
		}
	case r < 3:
		// "so that each of the 4 friends gets the same"
		tail = enDivide.one("so that each", holes{"n": itoa(c), "recipients": rec.pl, "gets": enDivide.pick(g.rng, "gets amount", nil)})
		if !th.money {
			tail = enDivide.one("so that each", holes{"n": itoa(c), "recipients": rec.pl, "gets": enDivide.pick(g.rng, "gets number", nil)})
		}
		if l.tense == divDone || l.tense == divMeant {
			tail = pastTail(tail)
		}
		sv = pick(g.rng, enDivide.verbs("share"))
	}
	each := enDivide.one("each one", holes{"one": rec.sg})
	f, qs := g.shareTense(who, sv, them, tail, l.tense)
	for i := range qs {
		qs[i].wh, qs[i].subj = h, each
		qs[i].terse = enDivide.one("how many each", nil)
		if th.money {
			qs[i].terse = enDivide.one("how much each", nil)
		}
	}
	if g.chance(0.3) {
		qs = append(qs, asked("share extra", nil, holes{"howmany": h, "aux": qs[0].aux, "one": rec.sg, "plural": yes(!th.money)})...)
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
	into := enDivide.one("into", nil)
	if box.prep == "on" {
		into = enDivide.one("onto", nil)
	}
	sv := pick(g.rng, enDivide.verbs("put"))
	switch {
	case box.prep == "on":
		sv = pick(g.rng, enDivide.verbs("put on"))
	case box.fixed:
		sv = enDivide.verb("put fixed")
	}
	boxes := count(c, box.noun)
	tail := enDivide.pick(g.rng, "evenly into", holes{"into": into, "boxes": boxes})
	if sv.base != "divide" && sv.base != "split" {
		tail = enDivide.pick(g.rng, "into each", holes{"into": into, "boxes": boxes, "prep": box.prep})
	}
	if !l.rest && g.chance(0.25) {
		// "She put the same number of books on each of her 4 shelves."
		sv, them = pick(g.rng, enDivide.verbs("put same")), same(enDivide.one("same number of", holes{"things": th.pl}))
		whose := enDivide.one("the", nil)
		if single && g.chance(0.5) {
			whose = enDivide.one("main's", nil)
		}
		tail = enDivide.one("each of", holes{"prep": box.prep, "whose": whose, "boxes": boxes})
	}
	f, qs := g.shareTense(who, sv, them, tail, l.tense)
	// The things stay in the containers: "How many are in each box?" asks
	// in the present whether the packing is done or planned.
	aux, be := qs[0].aux, "do"
	if aux == "will" {
		be = "will"
	}
	return f, asked("in each box", who, holes{"howmany": h, "be": be, "aux": aux, "prep": box.prep, "box": box.sg})
}

// pastTail puts the "so that each … gets" of a sharing told in the past
// into the past.
func pastTail(s string) string {
	for _, w := range pastTails {
		if i := indexWord(s, w[0]); i >= 0 {
			return s[:i] + w[1] + s[i+len(w[0]):]
		}
	}
	return s
}

// pastTails are the verbs of "so that each … gets" and their past.
var pastTails = wordPairs(enDivide.list("past tails", nil))

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
	return pick(g.rng, enDivide.verbsWith("plan", holes{"do": sv.base}))
}

// shareTense tells a sharing as done (past), planned ("wants to") or
// meant ("was going to"), and gives matching question skeletons: verb
// "get" with the auxiliary of the tense.
func (g *gen) shareTense(who *actor, sv verb, them phrase, tail string, tn divTense) (fact, []question) {
	f := fact{slot: 2, step: 2, cl: clause{who: who, v: sv, obj: them, tail: tail}}
	f.terse = same(sv.part + " " + plainTail(tail))
	get, receive := enDivide.verb("get"), enDivide.verb("receive")
	switch tn {
	case divDone:
		if g.chance(0.2) {
			f.cl.v = enDivide.verbsWith("decide", holes{"do": sv.base})[0]
			return f, []question{{v: get, aux: "did"}, {v: get, aux: "will"}}
		}
		return f, []question{{v: get, aux: "did"}, {v: receive, aux: "did"}}
	case divMeant:
		f.step, f.noCond = 0, true
		f.cl.v = g.planVerb(sv)
		return f, []question{{v: get, aux: "did"}, {v: receive, aux: "did"}, {v: get, aux: "did", tail: enDivide.one("in the end", nil)}}
	}
	f.cl.v, f.cl.tense, f.step = g.planVerb(sv), present, -1
	cond := f.cl
	cond.v = sv
	f.cond = &cond
	return f, []question{{v: get, aux: "will"}, {v: get, aux: "do"}, {v: receive, aux: "will"}}
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
	full := enDivide.pick(g.rng, "full", holes{"boxes": box.pl})
	var f fact
	var qs []question
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
			with = enDivide.pick(g.rng, "with the rest", holes{"things": th.pl})
		}
		qs = asked("boxes rate", who, holes{"full": full, "boxes": box.pl, "aux": enDivide.pick(g.rng, "can or will", nil), "with": with})
	case r == 1:
		n := itoa(c)
		pv := pick(g.rng, enDivide.verbs("place"))
		f = fact{slot: 2, step: 2, cl: clause{who: who, v: pv, obj: phrase{cnt(th, c), n}, tail: enDivide.one("prep each", holes{"prep": box.prep, "box": box.sg})}}
		f.terse = same(enDivide.one("per box", holes{"n": n, "box": box.sg}))
		if !l.ref || l.rest {
			f.cl.obj = them
			f.cl.tail = enDivide.one("prep boxes", holes{"prep": box.prep, "boxes": box.pl, "n": n})
		}
		qs = asked("boxes filled", who, holes{"boxes": box.pl})
	default:
		n := itoa(c)
		pv := pick(g.rng, enDivide.verbs("pack"))
		tail := enDivide.one("into boxes of", holes{"boxes": box.pl, "n": n})
		switch g.rng.Intn(10) {
		case 0, 1, 2:
			tail = enDivide.one("n to a box", holes{"boxes": box.pl, "n": n, "abox": an(box.sg)})
		case 3:
			tail = enDivide.one("n per box", holes{"boxes": box.pl, "n": n, "box": box.sg})
		}
		f = fact{slot: 2, step: 2, cl: clause{who: who, v: pv, obj: them, tail: tail}}
		f.terse = same(enDivide.one("boxes of", holes{"boxes": box.pl, "n": n}))
		qs = asked("boxes packed", who, holes{"full": full, "boxes": box.pl})
		switch l.tense {
		case divPlan:
			f.cl.v = g.planVerb(pv)
			f.cl.tense, f.step = present, -1
			cond := f.cl
			cond.v = pv
			f.cond = &cond
			qs = asked("boxes planned", who, holes{"full": full, "boxes": box.pl, "aux": enDivide.pick(g.rng, "do or will", nil)})
		case divMeant:
			f.cl.v, f.step, f.noCond = g.planVerb(pv), 0, true
			qs = asked("boxes meant", who, holes{"boxes": box.pl})
		}
	}
	return f, qs, true
}

// boxRate is the fact that each container holds c of a thing (slot 2,
// timeless): "Each bag holds 4 apples", "Eggs come in cartons of 6".
func (g *gen) boxRate(th *thing, box container, c int) fact {
	n := itoa(c)
	f := fact{slot: 2, step: -1, trail: true, terse: same(enDivide.one("per box", holes{"n": n, "box": box.sg}))}
	switch g.rng.Intn(5) {
	case 0:
		f.cl = clause{subj: phrase{th.pl, enDivide.one("the things", holes{"things": th.pl})}, plural: true, v: enDivide.verb("come"), obj: same(enDivide.one("in boxes of", holes{"boxes": box.pl, "n": n})), tense: present}
	case 1:
		f.cl = clause{subj: same(enDivide.pick(g.rng, "each box", holes{"box": box.sg})), v: pick(g.rng, enDivide.verbs("take")), obj: phrase{cnt(th, c), n}, tense: present}
	default:
		f.cl = clause{subj: same(enDivide.pick(g.rng, "each or a box", holes{"box": box.sg})), v: pick(g.rng, enDivide.verbs("hold")), obj: phrase{cnt(th, c), n}, tense: present}
		if f.cl.subj.full == enDivide.one("a box", holes{"box": box.sg}) {
			f.cl.subj = same(an(box.sg))
		}
	}
	return f
}

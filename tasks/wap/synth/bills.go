package synth

// This file holds bills split among people: two costs shared by c people
// ((a+b)/c), or a bill, less a coupon or what someone else paid, shared
// by c people ((a-b)/c).

// enBills is the English of this file.
var enBills = phraseBook("bills")

// bill is something people pay for together, in two parts.
type bill struct {
	occasion string    // "dinner": "the bill for dinner"
	parts    [2]string // "the pizza", "the drinks"
	plural   [2]bool   // the parts' agreement: "the drinks were"
}

// bills are the bills of data/bills.tsv, in its order.
var bills = load("bills", func(r *row) bill {
	return bill{r.need("occasion"), r.pair("parts"), [2]bool{r.yes("first plural"), r.yes("second plural")}}
})

// payers are who split a bill (data/lists.tsv).
var payers = fromList("bill payers", (*row).nouns)

// billCut is something that takes something off a bill or pays part of
// it; obj is the object before the bill is named and after ("{amount} of
// the bill", "{amount} of it").
type billCut struct {
	subj     string
	v        verb
	obj, ref template
}

// billCuts are the bill cuts of data/billcuts.tsv, in its order.
var billCuts = load("billcuts", func(r *row) billCut {
	return billCut{r.need("who"), r.verb("verb"), r.template("object", "amount"), r.template("again", "amount")}
})

// splitters are the people a bill is split among: "4 friends", and the
// question subject "each friend"; first tells the speaker is one of
// them ("there were 4 of us").
func (g *gen) splitters(c int) (group phrase, each string, first bool) {
	n := itoa(c)
	if g.chance(0.2) {
		return same(enBills.one("of us", holes{"n": n})), enBills.one("each of us", nil), true
	}
	w := pick(g.rng, payers)
	return phrase{enBills.one("payers", holes{"n": n, "payers": w.pl}), enBills.one("the payers", holes{"n": n, "payers": w.pl})}, enBills.one("each payer", holes{"payer": w.sg}), false
}

// cost is the fact that a part of a bill cost k dollars (step 0).
func (g *gen) cost(part string, plural bool, k int) fact {
	f := fact{step: 0, state: true, terse: same(part + " " + money(k))}
	f.cl = clause{subj: same(part), plural: plural, v: pick(g.rng, enBills.verbs("cost")), obj: same(money(k))}
	return f
}

// billQs ask for one share.
func billQs(each string, first bool) []question {
	qs := asked("bill", nil, holes{"each": each})
	if first {
		qs = append(qs, asked("bill mine", nil, nil)...)
	}
	return qs
}

// splitFact is the fact that the people split what (the bill, the rest
// of it) evenly (slot 2, step 2).
func (g *gen) splitFact(group phrase, first bool, what phrase, c int) fact {
	n := itoa(c)
	f := fact{slot: 2, step: 2, terse: same(enBills.one("split ways", holes{"n": n}))}
	even := enBills.pick(g.rng, "evenly", nil)
	switch r := g.rng.Intn(4); {
	case first && r < 2:
		f.cl = clause{subj: same("we"), plural: true, v: enBills.verb("split"), obj: what, tail: enBills.one("ways", holes{"n": n})}
	case first:
		f.cl = clause{subj: same("there"), plural: true, v: enBills.verb("be"), obj: same(enBills.one("of us", holes{"n": n})), tail: enBills.one("splitting", holes{"what": what.text(false), "even": even})}
	case r == 0:
		f.cl = clause{subj: what, v: enBills.verb("be split"), tail: enBills.one("among", holes{"even": even, "group": group.text(false)})}
	default:
		f.cl = clause{subj: group, plural: true, v: enBills.verb("split"), obj: what, tail: even}
	}
	return f
}

// billBoth: two parts of a bill cost a and b; c people split it evenly.
func billBoth(g *gen) (*story, bool) {
	b := pick(g.rng, bills)
	f0, f1 := g.cost(b.parts[0], b.plural[0], g.a), g.cost(b.parts[1], b.plural[1], g.b)
	f0.slot, f1.slot = 0, 1
	group, each, first := g.splitters(g.c)
	what := phrase{enBills.one("the bill for", holes{"occasion": b.occasion}), enBills.pick(g.rng, "the bill", nil)}
	switch {
	case g.oddAt(1):
		what = same(enBills.pick(g.rng, "the whole bill", holes{"occasion": b.occasion}))
		// "The bill also included $20 for the drinks."
		f1.cl = clause{subj: same(enBills.one("the bill again", nil)), v: enBills.verb("include"), obj: same(enBills.one("for part", holes{"price": money(g.b), "part": b.parts[1]})), also: true}
	case g.oddAt(0):
		what = same(enBills.pick(g.rng, "the bill or cost", holes{"occasion": b.occasion}))
	}
	split := g.splitFact(group, first, what, g.c)
	split.step = 0 // the bill is one event: no "Before that" or "Later"
	if g.oddAt(1) {
		f1.step = 0
	}
	st := &story{topic: "money", facts: []fact{f0, f1, split}, qs: billQs(each, first)}
	switch {
	case g.oddAt(1):
		st.keep = func(o []int) bool { return o[0] == 0 }
	case g.oddAt(2):
		st.facts[2].after = []int{0, 1}
	}
	return st, true
}

// billRest: a bill came to a; b of it was taken off or paid by someone
// else; c people split the rest evenly.
func billRest(g *gen) (*story, bool) {
	b := pick(g.rng, bills)
	total := fact{slot: 0, step: 0, state: true, terse: same(enBills.one("bill total", holes{"price": money(g.a)}))}
	total.cl = clause{subj: same(enBills.one("the bill for", holes{"occasion": b.occasion})), v: pick(g.rng, enBills.verbs("total")), obj: same(money(g.a))}
	cut := pick(g.rng, billCuts)
	off := fact{slot: 1, step: 1, loss: true, terse: same(enBills.one("off", holes{"price": money(g.b)}))}
	off.cl = clause{subj: same(cut.subj), v: cut.v, obj: phrase{cut.obj.with(holes{"amount": money(g.b)}), cut.ref.with(holes{"amount": money(g.b)})}}
	group, each, first := g.splitters(g.c)
	what := same(enBills.pick(g.rng, "the rest", nil))
	ref := g.oddAt(2) || (g.oddAt(1) && g.reversed())
	if !ref {
		what = same(enBills.pick(g.rng, "the rest of the bill", nil))
		if first {
			what = same(enBills.pick(g.rng, "the rest we owed", nil))
		}
	}
	split := g.splitFact(group, first, what, g.c)
	st := &story{topic: "money", facts: []fact{total, off, split}, qs: billQs(each, first)}
	switch {
	case ref:
		st.facts[2].after = []int{1}
	case g.oddAt(1):
		// Between the bill and the cut, the cut is told as earlier.
		st.facts[1].lead = enBills.pick(g.rng, "earlier", nil)
	}
	return st, true
}

package synth

import "strings"

// This file holds things paid for by the period: a kayak rented for b
// hours one day and c the next (a*(b+c)), a hotel room booked for b
// nights and left c nights early (a*(b-c)).

// enRentals is the English of this file.
var enRentals = phraseBook("rentals")

// rentalFor draws a rental whose price range holds k.
func (g *gen) rentalFor(k int) (rental, bool) {
	for _, i := range g.rng.Perm(len(rentals)) {
		if in(k, rentals[i].price) {
			return rentals[i], true
		}
	}
	return rental{}, false
}

// holds reports whether k periods of a rental fit one occasion: up to
// 12 hours or months, up to 31 days or nights.
func (r rental) holds(k int) bool {
	if r.per == "hour" || r.per == "month" {
		return k <= 12
	}
	return k <= 31
}

// rentPrice is the fact that a rental costs a dollars a period (slot 0,
// timeless): "The hotel charges $40 a night", "Renting a kayak costs $9
// an hour".
func (g *gen) rentPrice(r rental, a int) fact {
	per := periods[r.per]
	m := money(a)
	each := pick(g.rng, per.per)
	f := fact{slot: 0, step: -1, trail: true, terse: same(m + " " + each), rel: enRentals.one("at price", holes{"price": m, "each": each})}
	switch g.rng.Intn(3) {
	case 0:
		f.cl = clause{subj: same(r.where), v: enRentals.verb("charge"), obj: same(m + " " + each), tail: enRentals.one("for thing", holes{"thing": r.thing}), tense: present}
	case 1:
		f.cl = clause{subj: same(r.thing), v: enRentals.verb("cost"), obj: same(m + " " + each), tense: present}
		if strings.HasPrefix(r.used.text, "rented") {
			f.cl.subj = same(enRentals.one("renting", holes{"thing": r.thing}))
		}
	default:
		f.cl = clause{subj: same(r.thing), v: enRentals.verb("be"), obj: same(m + " " + each), tail: enRentals.pick(g.rng, "at where", holes{"where": r.where}), tense: present}
	}
	return f
}

// rentUse is the fact that who did what (used or booked) for k periods:
// "She rented a kayak for 3 hours"; the words before the hole {periods}
// are the verb, those after it the tail.
func rentUse(who *actor, what template, per period, k int, when string) fact {
	head, tail, _ := strings.Cut(what.text, "{periods}")
	head = strings.TrimSpace(head)
	w := verb{base: head, past: head, part: head}
	cl := clause{who: who, v: w, obj: same(count(k, per.noun)), tail: strings.TrimSpace(tail), when: when}
	return fact{cl: cl, terse: same(count(k, per.noun) + " " + when)}
}

// rentWhen draws two occasions in time order for uses of k periods.
func (g *gen) rentWhen(per string) [2]string {
	switch per {
	case "hour":
		return pick(g.rng, timePairs["day"])
	case "month":
		return [2]string(enRentals.list("months", nil))
	}
	return pick(g.rng, timePairs["week"][1:])
}

// rentQs ask what a renter paid.
func rentQs(who *actor) []question {
	return append(spendQs(who), asked("rent", who, nil)...)
}

// rentTwice: a rental costs a a period; someone used it for b periods on
// one occasion and c on another.
func rentTwice(g *gen) (*story, bool) {
	r, ok := g.rentalFor(g.a)
	if !ok || !r.holds(max(g.b, g.c)) {
		return nil, false
	}
	per := periods[r.per]
	who := g.person()
	when := g.rentWhen(r.per)
	f1 := rentUse(who, r.used, per, g.b, when[0])
	f2 := rentUse(who, r.used, per, g.c, when[1])
	f1.slot, f1.step, f1.host = 1, 0, true
	f2.slot, f2.step, f2.host = 2, 1, true
	st := &story{main: who, topic: r.topic, facts: []fact{g.rentPrice(r, g.a), f1, f2}, qs: rentQs(who)}
	return st, true
}

// rentShort: a rental costs a a period; someone booked it for b periods
// but left (or cancelled) c of them early.
func rentShort(g *gen) (*story, bool) {
	r, ok := g.rentalFor(g.a)
	if !ok || !r.holds(g.b) {
		return nil, false
	}
	per := periods[r.per]
	who := g.person()
	when := enRentals.pick(g.rng, "booked when", nil)
	switch r.per {
	case "hour":
		when = enRentals.pick(g.rng, "booked hours", nil)
	case "month":
		when = enRentals.pick(g.rng, "booked months", nil)
	}
	f1 := rentUse(who, r.booked, per, g.b, when)
	f1.slot, f1.step, f1.host = 1, 0, true
	some := count(g.c, per.noun)
	f2 := fact{slot: 2, step: 1, loss: true, more: true, terse: same(enRentals.one("cancelled", holes{"some": some}))}
	switch g.rng.Intn(3) {
	case 0:
		f2.cl = clause{who: who, v: pick(g.rng, enRentals.verbs("cancel")), obj: phrase{some, enRentals.one("of them", holes{"n": itoa(g.c)})}}
	case 1:
		f2.cl = clause{who: who, v: enRentals.verb("leave"), obj: same(enRentals.one("early", holes{"some": some}))}
		if r.per == "month" {
			f2.cl = clause{who: who, v: enRentals.verb("stop"), obj: same(enRentals.one("early", holes{"some": some}))}
		}
	default:
		f2.cl = clause{who: who, v: enRentals.verb("get back"), obj: same(enRentals.one("money for", holes{"some": some})), tail: enRentals.pick(g.rng, "because", nil)}
	}
	st := &story{main: who, topic: r.topic, facts: []fact{g.rentPrice(r, g.a), f1, f2}, qs: rentQs(who)}
	return st, true
}

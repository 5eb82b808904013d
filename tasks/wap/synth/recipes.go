package synth

import "strings"

// This file holds what one item takes: a supply (beads, eggs,
// centimeters of ribbon, liters of juice) is used up c at a time to make
// things, or boxes are moved c to a trip. Divided, how many things or
// trips does it make: (a+b)/c pools two amounts of the supply, (a-b)/c
// uses what is left after a loss. Multiplied, how much of the supply do
// the things take: a*(b+c) for things made on two occasions, a*(b-c) for
// the things still to make. The same sentence of the rate ("Each bracelet
// uses 12 beads") thus stands in both, and only the question tells them
// apart.

// enRecipes is the English of this file.
var enRecipes = phraseBook("recipes")

// recipe is something made from a fixed amount of a supply: "Each
// bracelet uses 12 beads." With a carrier, the things are trips: "Her
// van carries 8 boxes per trip."
type recipe struct {
	product noun   // "bracelet", "trip"
	make    verb   // "make"
	supply  *thing // what it takes: its noun may be a measure ("cm of ribbon")
	rate    [2]int
	carrier string // the vehicle of a trip: "van"; empty for a product
	full    bool   // ask for "full" ones: "How many full portions"
}

// recipes are the recipes of data/recipes.tsv, in its order.
var recipes = load("recipes", func(r *row) recipe {
	sup := &thing{noun: r.noun("supply"), topic: r.need("topic"), kinds: r.list("kinds"), get: r.list("get"), lose: r.list("lose"), spoil: r.list("spoil")}
	sup.measure = strings.Contains(sup.pl, " of ")
	return recipe{r.noun("product"), r.verb("make"), sup, r.span("rate"), r.text("carriers"), r.yes("full")}
})

// recipeFor draws a recipe whose rate range holds k.
func (g *gen) recipeFor(k int) (recipe, bool) {
	for _, i := range g.rng.Perm(len(recipes)) {
		if in(k, recipes[i].rate) {
			return recipes[i], true
		}
	}
	return recipe{}, false
}

// recipeRate is the fact that one product takes c of the supply (slot 2,
// timeless): "Each bracelet uses 12 beads", "It takes 3 eggs to bake a
// cake", "She needs 20 cm of ribbon for each bow", "Her van carries 8
// boxes per trip".
func (g *gen) recipeRate(rc recipe, who *actor, c int) fact {
	amt := cnt(rc.supply, c)
	product := rc.product.sg
	f := fact{slot: 2, step: -1, trail: true, terse: same(enRecipes.one("per product", holes{"amount": amt, "product": product}))}
	if rc.carrier != "" {
		car := pick(g.rng, ws(rc.carrier))
		subj := enRecipes.one("the carrier", holes{"carrier": car})
		if who.kind == person && len(who.parts) == 0 {
			subj = enRecipes.pick(g.rng, "whose carrier", holes{"carrier": car})
		}
		f.cl = clause{subj: same(subj), v: pick(g.rng, enRecipes.verbs("carry")), obj: same(amt), tail: enRecipes.pick(g.rng, "per trip", nil), tense: present}
		return f
	}
	switch g.rng.Intn(5) {
	case 0:
		f.cl = clause{subj: same("it"), v: enRecipes.verb("take"), obj: same(amt), tail: enRecipes.one("to make one", holes{"make": rc.make.base, "aproduct": an(product)}), tense: present}
	case 1:
		f.cl = clause{who: who, v: enRecipes.verb("need"), obj: same(amt), tail: enRecipes.pick(g.rng, "for each", holes{"product": product}), tense: present}
	case 2:
		f.cl = clause{subj: same(an(product)), v: pick(g.rng, enRecipes.verbs("a product needs")), obj: same(amt), tense: present}
	default:
		f.cl = clause{subj: same(enRecipes.pick(g.rng, "each product", holes{"product": product})), v: pick(g.rng, enRecipes.verbs("each uses")), obj: same(amt), tense: present}
	}
	if rc.make.base == "fill" && f.cl.subj.full != "it" {
		// "Each bottle holds 2 liters of juice."
		f.cl = clause{subj: same(enRecipes.pick(g.rng, "each product", holes{"product": product})), v: pick(g.rng, enRecipes.verbs("each holds")), obj: same(amt), tense: present}
	}
	return f
}

// recipeQs ask how many products (or trips) the supply makes; with, when
// set, says it is what is left: "with the rest".
func (g *gen) recipeQs(rc recipe, who *actor, with string) []question {
	products := rc.product.pl
	if rc.carrier != "" {
		move := enRecipes.one("move all", holes{"supplies": rc.supply.pl})
		need := ""
		if with != "" {
			move = enRecipes.pick(g.rng, "move the rest", holes{"supplies": rc.supply.pl})
			need = move
		}
		return asked("trips", who, holes{"products": products, "need": need, "move": move})
	}
	full := enRecipes.one("how many", holes{"products": products})
	if rc.full {
		full = enRecipes.one("how many full", holes{"products": products})
	}
	return asked("products", who, holes{"full": full, "products": products, "make": rc.make.base, "made": rc.make.past, "madepart": rc.make.part, "with": with})
}

// recipeBoth: a and b of a supply are pooled and used c to a product (or
// moved c to a trip); how many products.
func recipeBoth(g *gen) (*story, bool) {
	rc, ok := g.recipeFor(g.c)
	if !ok {
		return nil, false
	}
	p := g.twoParts(rc.supply)
	rate := g.recipeRate(rc, p.whole, g.c)
	st := &story{main: p.main, other: p.other, topic: rc.supply.topic, facts: []fact{p.f0, p.f1, rate}, qs: g.recipeQs(rc, p.whole, "")}
	if g.oddAt(1) {
		st.facts[0].also, st.facts[1].also = true, true
	}
	return st, true
}

// recipeRest: someone had a of a supply, lost b and uses the rest c to a
// product; how many products.
func recipeRest(g *gen) (*story, bool) {
	rc, ok := g.recipeFor(g.c)
	if !ok {
		return nil, false
	}
	th := rc.supply
	who := g.owner(th)
	other := g.helper(who)
	have := g.state(who, th, g.a)
	lose := g.restLoss(who, other, th)
	rate := g.recipeRate(rc, who, g.c)
	with := enRecipes.pick(g.rng, "with the rest", nil)
	if !strings.Contains(th.pl, " of ") && g.chance(0.3) {
		with = enRecipes.one("with those left", holes{"supplies": th.pl})
	}
	st := &story{main: who, other: other, topic: th.topic, facts: []fact{have, lose, rate}, qs: g.recipeQs(rc, who, with)}
	return st, true
}

// madeRecipeFor draws a recipe of a product (not trips) whose rate range
// holds k, for the multiplication frames.
func (g *gen) madeRecipeFor(k int) (recipe, bool) {
	for try := 0; try < 5; try++ {
		if rc, ok := g.recipeFor(k); ok && rc.carrier == "" {
			return rc, true
		}
	}
	return recipe{}, false
}

// recipeByRate draws, for the multiplication frames, a recipe whose rate
// is a, the supply's owner and the fact of the rate (slot 0).
func (g *gen) recipeByRate() (recipe, *actor, fact, bool) {
	rc, ok := g.madeRecipeFor(g.a)
	if !ok {
		return recipe{}, nil, fact{}, false
	}
	who := g.owner(rc.supply)
	rate := g.recipeRate(rc, who, g.a)
	rate.slot = 0
	return rc, who, rate, true
}

// supplyQs ask how much of the supply was (or will be) used; aux is "did"
// or "will".
func (g *gen) supplyQs(rc recipe, who *actor, aux string) []question {
	tail1 := enRecipes.pick(g.rng, "in all", nil)
	tail2 := enRecipes.pick(g.rng, "in all for them", nil)
	tail3 := enRecipes.pick(g.rng, "in all or not", nil)
	return asked("supply", who, holes{"supplies": rc.supply.pl, "aux": aux, "tail1": tail1, "tail2": tail2, "tail3": tail3})
}

// recipeTwice: one product takes a of a supply; b products were made on
// one occasion (or by one person) and c on another; how much of the
// supply went into them.
func recipeTwice(g *gen) (*story, bool) {
	rc, who, rate, ok := g.recipeByRate()
	if !ok {
		return nil, false
	}
	// Made, or planned: "She baked 8 loaves", "She plans to bake 8 loaves".
	make, tns, aux := rc.make, past, "did"
	if g.chance(0.4) {
		make = pick(g.rng, enRecipes.verbsWith("plan", holes{"make": rc.make.base}))
		tns, aux = present, enRecipes.pick(g.rng, "will or do", nil)
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: make, obj: same(count(g.b, rc.product)), tense: tns}, terse: same(enRecipes.one("made", holes{"count": count(g.b, rc.product), "made": rc.make.part}))}
	f2 := fact{slot: 2, step: 1, more: true, cl: clause{who: who, v: make, obj: phrase{count(g.c, rc.product), enRecipes.pick(g.rng, "more", holes{"n": itoa(g.c)})}, tense: tns}, terse: same(enRecipes.one("more made", holes{"n": itoa(g.c), "made": rc.make.part}))}
	f1.host, f2.host = g.b >= 2, g.c >= 2
	subject := who
	var other *actor
	if who.kind == person && g.chance(0.35) {
		other = g.helper(who)
		f2.cl.who, f2.step = other, 0
		f2.cl.obj.short = itoa(g.c)
		subject = pair(who, other)
	} else {
		pair := pick(g.rng, timePairs[pick(g.rng, []string{"hour", "day", "week"})])
		f1.cl.when, f2.cl.when = pair[0], pair[1]
	}
	st := &story{main: who, other: other, topic: rc.supply.topic, facts: []fact{rate, f1, f2}, qs: g.supplyQs(rc, subject, aux)}
	return st, true
}

// recipeStillToMake: one product takes a of a supply; someone wants to
// make b products and has made c; how much more of the supply is needed.
func recipeStillToMake(g *gen) (*story, bool) {
	rc, who, rate, ok := g.recipeByRate()
	if !ok {
		return nil, false
	}
	want := pick(g.rng, enRecipes.verbsWith("want", holes{"make": rc.make.base}))
	f1 := fact{slot: 1, step: -1, cl: clause{who: who, v: want, obj: same(count(g.b, rc.product)), tail: enRecipes.pick(g.rng, "for when", nil), tense: present}, terse: same(enRecipes.one("to make", holes{"count": count(g.b, rc.product), "make": rc.make.base}))}
	done := fact{slot: 2, step: -1, loss: true, cl: clause{who: who, v: enRecipes.verbsWith("have made", holes{"made": rc.make.part})[0], obj: phrase{count(g.c, rc.product), itoa(g.c)}, tense: present}, terse: same(enRecipes.one("already made", holes{"n": itoa(g.c), "made": rc.make.part}))}
	tail1 := enRecipes.pick(g.rng, "to finish", nil)
	tail2 := enRecipes.pick(g.rng, "on the rest", nil)
	qs := asked("still to make", who, holes{"supplies": rc.supply.pl, "tail1": tail1, "tail2": tail2})
	st := &story{main: who, topic: rc.supply.topic, facts: []fact{rate, f1, done}, qs: qs}
	return st, true
}

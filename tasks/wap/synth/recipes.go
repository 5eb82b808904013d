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
	f := fact{slot: 2, step: -1, trail: true, terse: same(amt + " per " + rc.product.sg)}
	if rc.carrier != "" {
		car := pick(g.rng, ws(rc.carrier))
		whose := "the "
		if who.kind == person && len(who.parts) == 0 {
			whose = g.one("the ", "{main's} ")
		}
		f.cl = clause{subj: same(whose + car), v: pick(g.rng, []verb{v("carry", "carried"), v("hold", "held"), v("fit", "fit")}), obj: same(amt), tail: g.one("per trip", "on each trip", "at a time", "each trip"), tense: present}
		return f
	}
	switch g.rng.Intn(5) {
	case 0:
		f.cl = clause{subj: same("it"), v: v("take", "took", "taken"), obj: same(amt), tail: "to " + rc.make.base + " " + an(rc.product.sg), tense: present}
	case 1:
		f.cl = clause{who: who, v: v("need"), obj: same(amt), tail: g.one("for each ", "for every ", "per ") + rc.product.sg, tense: present}
	case 2:
		f.cl = clause{subj: same(an(rc.product.sg)), v: pick(g.rng, []verb{v("need"), v("take", "took", "taken"), v("call for", "called for"), v("be made with")}), obj: same(amt), tense: present}
	default:
		f.cl = clause{subj: same(g.one("each ", "every ") + rc.product.sg), v: pick(g.rng, []verb{v("use"), v("need"), v("take", "took", "taken")}), obj: same(amt), tense: present}
	}
	if rc.make.base == "fill" && f.cl.subj.full != "it" {
		// "Each bottle holds 2 liters of juice."
		f.cl = clause{subj: same(g.one("each ", "every ") + rc.product.sg), v: pick(g.rng, []verb{v("hold", "held"), v("take", "took", "taken")}), obj: same(amt), tense: present}
	}
	return f
}

// recipeQs ask how many products (or trips) the supply makes; with, when
// set, says it is what is left: "with the rest".
func (g *gen) recipeQs(rc recipe, who *actor, with string) []question {
	h := "How many " + rc.product.pl
	t := "how many " + rc.product.pl
	if rc.carrier != "" {
		move := "to move all the " + rc.supply.pl
		if with != "" {
			move = g.one("to move the rest", "to move the "+rc.supply.pl+" that are left")
		}
		need := ""
		if with != "" {
			need = move
		}
		return []question{
			{wh: h, who: who, v: v("need to make"), aux: "will", tail: need, terse: t},
			{wh: h, subj: "it", v: v("take", "took", "taken"), aux: "will", tail: move, terse: t},
			{wh: h, who: who, v: compound(v("have to", "had to"), "make"), aux: "will", tail: move, terse: t},
		}
	}
	full := h
	if rc.full {
		full = "How many full " + rc.product.pl
	}
	be := v("be able to " + rc.make.base)
	return []question{
		{wh: full, who: who, v: rc.make, aux: "can", tail: with, terse: t},
		{wh: h, who: who, v: be, aux: "will", tail: with, terse: t},
		{wh: full, v: passive(rc.make), pl: true, aux: "can", tail: with, terse: t},
	}
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
	with := g.one("with the rest", "with what is left", "now")
	if !strings.Contains(th.pl, " of ") && g.chance(0.3) {
		with = "with the " + th.pl + " that are left"
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
	h := "How many " + rc.supply.pl
	t := "how many " + rc.supply.pl
	return []question{
		{wh: h, who: who, v: v("use"), aux: aux, tail: g.one("in all", "altogether", ""), terse: t + " used"},
		{wh: h, who: who, v: v("need"), aux: aux, tail: g.one("in all", "altogether", "for them"), terse: t + " needed"},
		{wh: h, v: passive(v("use")), pl: true, aux: aux, tail: g.one("in all", ""), terse: t + " in all"},
	}
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
		make = pick(g.rng, []verb{v("plan to " + rc.make.base), v("want to " + rc.make.base), v("need to " + rc.make.base), v("be going to " + rc.make.base)})
		tns, aux = present, g.one("will", "do")
	}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: make, obj: same(count(g.b, rc.product)), tense: tns}, terse: same(count(g.b, rc.product) + " " + rc.make.part)}
	f2 := fact{slot: 2, step: 1, more: true, cl: clause{who: who, v: make, obj: phrase{count(g.c, rc.product), g.one(itoa(g.c)+" more", "another "+itoa(g.c))}, tense: tns}, terse: same(itoa(g.c) + " more " + rc.make.part)}
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
	want := pick(g.rng, []verb{v("want to " + rc.make.base), v("need to " + rc.make.base), v("plan to " + rc.make.base), v("have to " + rc.make.base)})
	f1 := fact{slot: 1, step: -1, cl: clause{who: who, v: want, obj: same(count(g.b, rc.product)), tail: g.one("", "for the fair", "for a party", "this week"), tense: present}, terse: same(count(g.b, rc.product) + " to " + rc.make.base)}
	done := fact{slot: 2, step: -1, loss: true, cl: clause{who: who, v: v("have already "+rc.make.part, "had already "+rc.make.part), obj: phrase{count(g.c, rc.product), itoa(g.c)}, tense: present}, terse: same(itoa(g.c) + " already " + rc.make.part)}
	h := "How many more " + rc.supply.pl
	qs := []question{
		{wh: h, who: who, v: v("need"), aux: "do", tail: g.one("", "to finish", "for the rest"), terse: "how many more " + rc.supply.pl},
		{wh: h, who: who, v: v("use"), aux: "will", tail: g.one("", "on the rest"), terse: rc.supply.pl + " still needed"},
	}
	st := &story{main: who, topic: rc.supply.topic, facts: []fact{rate, f1, done}, qs: qs}
	return st, true
}

package synth

// This file holds scores: points won at a rate per goal or answer
// (a*(b+c)), a test score with some answers wrong (a*(b-c)), and the
// answers right out of two parts of a quiz ((a+b)-c).

// game is something scored by the item: "Each goal is worth 3 points."
type game struct {
	topic string
	item  noun // "goal"
	get   verb // "score": "she scored 4 goals"
	tries noun // what is tried for the items: "shot"; for a test, "question"
	try   verb // how: "take" (shots), "throw" (darts)
	test  bool // items are answers to the questions of a test
	rate  [2]int
}

// games are the games of data/games.tsv, in its order.
var games = load("games", func(r *row) game {
	return game{r.need("topic"), r.noun("item"), r.verb("get"), r.noun("tries"), r.verb("try"), r.yes("test"), r.span("rate")}
})

// gameFor draws a game whose points per item range holds k; test asks
// for a test.
func (g *gen) gameFor(k int, test bool) (game, bool) {
	for _, i := range g.rng.Perm(len(games)) {
		if gm := games[i]; in(k, gm.rate) && (!test || gm.tries.sg != "") {
			return gm, true
		}
	}
	return game{}, false
}

// worth is the fact that each item is worth a points (slot 0,
// timeless).
func (g *gen) worth(gm game, a int) fact {
	pts := count(a, n("point"))
	f := fact{slot: 0, step: -1, trail: true, terse: same(pts + " per " + gm.item.sg)}
	f.rel = g.one("worth "+pts+" each", "at "+pts+" each")
	item := gm.item.sg
	switch g.rng.Intn(4) {
	case 0:
		f.cl = clause{subj: same(g.one("each ", "every ") + item), v: v("be worth"), obj: same(pts), tense: present}
	case 1:
		f.cl = clause{subj: same(an(item)), v: v("count for", "counted for"), obj: same(pts), tense: present}
	case 2:
		f.cl = clause{subj: same(n(item).pl), plural: true, v: v("be worth"), obj: same(pts + " each"), tense: present}
	default:
		f.cl = clause{subj: same(g.one("each ", "every ") + item), v: v("give", "gave", "given"), obj: same(pts), tense: present}
	}
	return f
}

// pointsQs ask for a total score.
func pointsQs(who *actor) []question {
	return []question{
		{wh: "How many points", who: who, v: v("score", "scored"), aux: "did", tail: "in all", terse: "how many points"},
		{wh: "How many points", who: who, v: v("get", "got", "gotten"), aux: "did", terse: "total points"},
		{wh: "What", v: v("be"), subj: "{main's} total score", aux: "did", noEmbed: true, terse: "total score"},
		{wh: "How many points", who: who, v: v("end up with", "ended up with"), aux: "did", terse: "points in the end"},
	}
}

// pointsTwice: each item is worth a points; someone got b items on one
// occasion and c on another.
func pointsTwice(g *gen) (*story, bool) {
	gm, ok := g.gameFor(g.a, false)
	if !ok || max(g.b, g.c) > 30 {
		return nil, false
	}
	who := g.person()
	rate := g.worth(gm, g.a)
	when := pick(g.rng, timePairs[g.one("day", "hour")])
	if gm.test {
		when = [2]string{g.one("on the math quiz", "in the morning round", "on Monday's quiz"), g.one("on the science quiz", "in the afternoon round", "on Friday's quiz")}
	}
	f1 := fact{slot: 1, step: 0, host: g.b >= 2, cl: clause{who: who, v: gm.get, obj: same(count(g.b, gm.item)), when: when[0]}, terse: same(count(g.b, gm.item) + " " + when[0])}
	f2 := fact{slot: 2, step: 1, more: true, host: g.c >= 2, cl: clause{who: who, v: gm.get, obj: phrase{count(g.c, gm.item), g.one(itoa(g.c), itoa(g.c)+" more")}, when: when[1]}, terse: same(itoa(g.c) + " " + when[1])}
	st := &story{main: who, topic: gm.topic, facts: []fact{rate, f1, f2}, qs: pointsQs(who)}
	return st, true
}

// quizScore: each item is worth a points; someone tried b (a test of b
// questions, b shots) and missed c of them.
func quizScore(g *gen) (*story, bool) {
	gm, ok := g.gameFor(g.a, true)
	if !ok || g.b > 60 {
		return nil, false
	}
	who := g.person()
	pts := count(g.a, n("point"))
	rate := fact{slot: 0, step: -1, trail: true, terse: same(pts + " each")}
	tries := fact{slot: 1, step: 0, host: g.b >= 2, terse: same(count(g.b, gm.tries))}
	missed := fact{slot: 2, step: 1, loss: true, more: true, terse: same(itoa(g.c) + " wrong")}
	cs := itoa(g.c)
	if gm.test {
		quiz := g.one("quiz", "test", "spelling test", "math test")
		if gm.tries.sg == "word" {
			quiz = "spelling test"
		}
		rate.cl = clause{subj: same(g.one("each ", "every ") + gm.tries.sg), v: v("be worth"), obj: same(pts), tense: present}
		rate.rel = g.one("each worth "+pts, "worth "+pts+" each")
		// The test is timeless: "The test has 20 questions."
		tries.cl = clause{subj: same("the " + quiz), v: v("have", "had"), obj: same(count(g.b, gm.tries)), tense: present}
		tries.step = -1
		switch g.rng.Intn(4) {
		case 0:
			missed.cl = clause{who: who, v: v("get", "got", "gotten"), obj: phrase{cs + " " + gm.tries.form(g.c) + " wrong", cs + " of them wrong"}}
		case 1:
			missed.cl = clause{who: who, v: v("miss", "missed"), obj: phrase{count(g.c, gm.tries), cs + " of them"}}
		case 2:
			missed.cl = clause{subj: same(cs + " of {main's} answers"), plural: g.c != 1, v: v("be wrong")}
		default:
			missed.cl = clause{who: who, v: v("get", "got", "gotten"), obj: same("every " + gm.tries.sg + " right except " + cs)}
		}
		missed.terse = same(cs + " wrong")
	} else {
		rate.cl = clause{subj: same(g.one("each ", "every ") + gm.item.sg), v: v("be worth"), obj: same(pts), tense: present}
		if gm.tries.sg == "dart" {
			rate.cl.subj = same(g.one("each ", "every ") + "dart that hits the target")
		}
		tries.cl = clause{who: who, v: gm.try, obj: same(count(g.b, gm.tries)), when: g.one("in the game", "at practice", "")}
		missed.cl = clause{who: who, v: v("miss", "missed"), obj: phrase{count(g.c, gm.tries), cs + " of them"}}
		missed.terse = same(cs + " missed")
	}
	st := &story{main: who, topic: gm.topic, facts: []fact{rate, tries, missed}, qs: pointsQs(who)}
	return st, true
}

// rightAnswers: a quiz had a questions in one part and b in another;
// someone got c wrong. How many did they get right?
func rightAnswers(g *gen) (*story, bool) {
	if g.a+g.b > 80 {
		return nil, false
	}
	who := g.person()
	parts := pick(g.rng, [][2]string{{"in the math section", "in the reading section"}, {"on the spelling test", "on the vocabulary test"}, {"before the break", "after the break"}, {"in the morning round", "in the afternoon round"}})
	q := n("question")
	if g.chance(0.3) {
		q = n("problem")
	}
	f0 := fact{slot: 0, step: 0, cl: clause{who: who, v: v("answer", "answered"), obj: same(count(g.a, q)), tail: parts[0]}, terse: same(count(g.a, q) + " " + parts[0])}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: v("answer", "answered"), obj: phrase{count(g.b, q), itoa(g.b)}, tail: parts[1]}, terse: same(itoa(g.b) + " " + parts[1])}
	cs := itoa(g.c)
	wrong := fact{slot: 2, step: 1, loss: true, solo: true, terse: same(cs + " wrong")}
	switch g.rng.Intn(3) {
	case 0:
		wrong.cl = clause{who: who, v: v("get", "got", "gotten"), obj: same(count(g.c, q) + " wrong"), tail: g.one("in all", "altogether", "")}
	case 1:
		wrong.cl = clause{subj: same(cs + " of {main's} answers"), plural: g.c != 1, v: v("be wrong")}
	default:
		wrong.cl = clause{who: who, v: v("miss", "missed"), obj: same(count(g.c, q)), tail: g.one("in all", "in total")}
	}
	qs := []question{
		{wh: "How many " + q.pl, who: who, v: v("get right", "got right", "gotten right"), aux: "did", terse: "how many right"},
		{wh: "How many " + q.pl, who: who, v: v("answer correctly", "answered correctly"), aux: "did", terse: "how many right"},
		{wh: "How many " + q.pl, v: v("be right"), subj: "", pl: true, aux: "did", terse: "how many right"},
	}
	st := &story{main: who, topic: "school", facts: []fact{f0, f1, wrong}, qs: qs}
	// Wrong answers told between the two parts would seem to be of the
	// first alone.
	st.keep = func(o []int) bool { return o[1] != 2 }
	return st, true
}

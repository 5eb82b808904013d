package synth

import "strings"

// This file holds scores: points won at a rate per goal or answer
// (a*(b+c)), a test score with some answers wrong (a*(b-c)), and the
// answers right out of two parts of a quiz ((a+b)-c).

// enGames is the English of this file.
var enGames = phraseBook("games")

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
	pts := count(a, enGames.noun("point"))
	f := fact{slot: 0, step: -1, trail: true, terse: same(enGames.one("per item", holes{"points": pts, "item": gm.item.sg}))}
	f.rel = enGames.pick(g.rng, "worth each", holes{"points": pts})
	item := gm.item.sg
	switch g.rng.Intn(4) {
	case 0:
		f.cl = clause{subj: same(enGames.pick(g.rng, "each item", holes{"item": item})), v: enGames.verb("be worth"), obj: same(pts), tense: present}
	case 1:
		f.cl = clause{subj: same(an(item)), v: enGames.verb("count for"), obj: same(pts), tense: present}
	case 2:
		f.cl = clause{subj: same(n(item).pl), plural: true, v: enGames.verb("be worth"), obj: same(enGames.one("points each", holes{"points": pts})), tense: present}
	default:
		f.cl = clause{subj: same(enGames.pick(g.rng, "each item", holes{"item": item})), v: enGames.verb("give"), obj: same(pts), tense: present}
	}
	return f
}

// pointsQs ask for a total score.
func pointsQs(who *actor) []question {
	return asked("points", who, nil)
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
		when = [2]string{enGames.pick(g.rng, "first quiz", nil), enGames.pick(g.rng, "second quiz", nil)}
	}
	f1 := fact{slot: 1, step: 0, host: g.b >= 2, cl: clause{who: who, v: gm.get, obj: same(count(g.b, gm.item)), when: when[0]}, terse: same(count(g.b, gm.item) + " " + when[0])}
	f2 := fact{slot: 2, step: 1, more: true, host: g.c >= 2, cl: clause{who: who, v: gm.get, obj: phrase{count(g.c, gm.item), enGames.pick(g.rng, "more", holes{"n": itoa(g.c)})}, when: when[1]}, terse: same(itoa(g.c) + " " + when[1])}
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
	pts := count(g.a, enGames.noun("point"))
	cs := itoa(g.c)
	rate := fact{slot: 0, step: -1, trail: true, terse: same(enGames.one("points each", holes{"points": pts}))}
	tries := fact{slot: 1, step: 0, host: g.b >= 2, terse: same(count(g.b, gm.tries))}
	missed := fact{slot: 2, step: 1, loss: true, more: true, terse: same(enGames.one("wrong", holes{"n": cs}))}
	if gm.test {
		quiz := enGames.pick(g.rng, "quiz", nil)
		if gm.tries.sg == "word" {
			quiz = enGames.one("spelling test", nil)
		}
		rate.cl = clause{subj: same(enGames.pick(g.rng, "each item", holes{"item": gm.tries.sg})), v: enGames.verb("be worth"), obj: same(pts), tense: present}
		rate.rel = enGames.pick(g.rng, "each worth", holes{"points": pts})
		// The test is timeless: "The test has 20 questions."
		tries.cl = clause{subj: same(enGames.one("the quiz", holes{"quiz": quiz})), v: enGames.verb("have"), obj: same(count(g.b, gm.tries)), tense: present}
		tries.step = -1
		switch g.rng.Intn(4) {
		case 0:
			missed.cl = clause{who: who, v: enGames.verb("get"), obj: phrase{enGames.one("tries wrong", holes{"n": cs, "tries": gm.tries.form(g.c)}), enGames.one("of them wrong", holes{"n": cs})}}
		case 1:
			missed.cl = clause{who: who, v: enGames.verb("miss"), obj: phrase{count(g.c, gm.tries), enGames.one("of them", holes{"n": cs})}}
		case 2:
			missed.cl = clause{subj: same(enGames.one("of answers", holes{"n": cs})), plural: g.c != 1, v: enGames.verb("be wrong")}
		default:
			missed.cl = clause{who: who, v: enGames.verb("get"), obj: same(enGames.one("all right except", holes{"try": gm.tries.sg, "n": cs}))}
		}
		missed.terse = same(enGames.one("wrong", holes{"n": cs}))
	} else {
		rate.cl = clause{subj: same(enGames.pick(g.rng, "each item", holes{"item": gm.item.sg})), v: enGames.verb("be worth"), obj: same(pts), tense: present}
		if gm.tries.sg == "dart" {
			rate.cl.subj = same(enGames.pick(g.rng, "each dart", nil))
		}
		tries.cl = clause{who: who, v: gm.try, obj: same(count(g.b, gm.tries)), when: enGames.pick(g.rng, "practice", nil)}
		missed.cl = clause{who: who, v: enGames.verb("miss"), obj: phrase{count(g.c, gm.tries), enGames.one("of them", holes{"n": cs})}}
		missed.terse = same(enGames.one("missed", holes{"n": cs}))
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
	first, second, _ := strings.Cut(enGames.pick(g.rng, "parts", nil), "/")
	q := enGames.noun("question")
	if g.chance(0.3) {
		q = enGames.noun("problem")
	}
	f0 := fact{slot: 0, step: 0, cl: clause{who: who, v: enGames.verb("answer"), obj: same(count(g.a, q)), tail: first}, terse: same(count(g.a, q) + " " + first)}
	f1 := fact{slot: 1, step: 0, cl: clause{who: who, v: enGames.verb("answer"), obj: phrase{count(g.b, q), itoa(g.b)}, tail: second}, terse: same(itoa(g.b) + " " + second)}
	cs := itoa(g.c)
	wrong := fact{slot: 2, step: 1, loss: true, solo: true, terse: same(enGames.one("wrong", holes{"n": cs}))}
	switch g.rng.Intn(3) {
	case 0:
		wrong.cl = clause{who: who, v: enGames.verb("get"), obj: same(enGames.one("wrong", holes{"n": count(g.c, q)})), tail: enGames.pick(g.rng, "in all", nil)}
	case 1:
		wrong.cl = clause{subj: same(enGames.one("of answers", holes{"n": cs})), plural: g.c != 1, v: enGames.verb("be wrong")}
	default:
		wrong.cl = clause{who: who, v: enGames.verb("miss"), obj: same(count(g.c, q)), tail: enGames.pick(g.rng, "in total", nil)}
	}
	qs := asked("right answers", who, holes{"things": q.pl})
	st := &story{main: who, topic: "school", facts: []fact{f0, f1, wrong}, qs: qs}
	// Wrong answers told between the two parts would seem to be of the
	// first alone.
	st.keep = func(o []int) bool { return o[1] != 2 }
	return st, true
}

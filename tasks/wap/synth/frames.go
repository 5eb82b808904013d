package synth

import (
	"strconv"

	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// frame is a semantic frame of one pattern: build fills it with a scene
// that suits the operands g.a, g.b, g.c and returns the story, or false
// when no scene suits them (the caller then draws new numbers).
type frame struct {
	name    string
	pattern string
	build   func(g *gen) (*story, bool)
}

// enFrames is the English of this file.
var enFrames = phraseBook("frames")

// frames lists every frame; frames_*.go define them, one file per
// pattern, and the scenes that serve two patterns have their own files
// (divide.go, recipes.go, bills.go, games.go, rentals.go).
var frames = []frame{
	{"gain and loss", cc.PatternAddSub, gainLose},
	{"pool and remove", cc.PatternAddSub, pool},
	{"surplus", cc.PatternAddSub, surplus},
	{"come and go", cc.PatternAddSub, comeAndGo},
	{"compare", cc.PatternAddSub, compare},
	{"still needed", cc.PatternAddSub, stillNeeded},
	{"right answers", cc.PatternAddSub, rightAnswers},

	{"fill containers", cc.PatternMulAdd, fillTwice},
	{"price", cc.PatternMulAdd, priceTwice},
	{"activity rate", cc.PatternMulAdd, rateTwice},
	{"paid job", cc.PatternMulAdd, jobTwice},
	{"grid", cc.PatternMulAdd, gridTwoParts},
	{"per person", cc.PatternMulAdd, perPerson},
	{"points", cc.PatternMulAdd, pointsTwice},
	{"rental", cc.PatternMulAdd, rentTwice},
	{"recipe", cc.PatternMulAdd, recipeTwice},

	{"share equally", cc.PatternAddDiv, shareBoth},
	{"pack by size", cc.PatternAddDiv, packBoth},
	{"spread over days", cc.PatternAddDiv, spreadDays},
	{"split earnings", cc.PatternAddDiv, splitEarnings},
	{"make teams", cc.PatternAddDiv, makeTeams},
	{"recipe", cc.PatternAddDiv, recipeBoth},
	{"split the bill", cc.PatternAddDiv, billBoth},

	{"containers removed", cc.PatternMulSub, containersRemoved},
	{"unsold", cc.PatternMulSub, unsold},
	{"absent", cc.PatternMulSub, absent},
	{"missed sessions", cc.PatternMulSub, missedSessions},
	{"cancelled jobs", cc.PatternMulSub, cancelledJobs},
	{"closed units", cc.PatternMulSub, closedUnits},
	{"test score", cc.PatternMulSub, quizScore},
	{"rental cut short", cc.PatternMulSub, rentShort},
	{"returned", cc.PatternMulSub, returned},
	{"recipe still to make", cc.PatternMulSub, recipeStillToMake},

	{"share the rest", cc.PatternSubDiv, shareRest},
	{"pack the rest", cc.PatternSubDiv, packRest},
	{"spend the rest", cc.PatternSubDiv, spendRest},
	{"finish the job", cc.PatternSubDiv, finishJob},
	{"teams from the rest", cc.PatternSubDiv, teamsRest},
	{"recipe from the rest", cc.PatternSubDiv, recipeRest},
	{"split the rest of the bill", cc.PatternSubDiv, billRest},
	{"time left", cc.PatternSubDiv, timeLeft},
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
// them (data/lists.tsv).
var recipients = map[kind][]noun{
	person:   fromList("person", (*row).nouns),
	group:    fromList("group", (*row).nouns),
	business: fromList("business", (*row).nouns),
}

// shareable reports whether a thing is given out among people (not
// bricks or hospital pillows).
func shareable(th *thing) bool {
	return !contains(enFrames.list("not shared", nil), th.topic)
}

// recipientsOf lists the recipients who can share among.
func recipientsOf(who *actor) []noun { return recipients[who.kind] }

// shareVerbs are the ways to share things equally; each is told with
// "equally"/"evenly" and "among"/"between" (data/lists.tsv).
var shareVerbs = fromList("share verbs", (*row).verbs)

// parts are the facts of a and b combined (slots 0 and 1), the owner,
// a second actor or nil, the actor who acts on the whole (the owner or
// the pair) and, when the parts are two kinds of the thing, the kinds.
type parts struct {
	f0, f1             fact
	main, other, whole *actor
	kinds              [2]string
}

// gained reports whether the second part came later (a gain), not at
// the same time (a second kind, a second owner).
func (p parts) gained() bool { return p.f1.step > p.f0.step }

// twoParts builds the facts of a and b combined: someone had a and got b
// more, had a of one kind and b of another, or two people had a and b.
func (g *gen) twoParts(th *thing) parts {
	var f0, f1 fact
	var other *actor
	main := g.owner(th)
	switch r := g.rng.Intn(3); {
	case r == 0 && len(th.kinds) >= 2:
		ks := g.rng.Perm(len(th.kinds))
		k0, k1 := th.kinds[ks[0]], th.kinds[ks[1]]
		vb := enFrames.verb("have")
		if acts := usable(th.get, gains, main, nil, max(g.a, g.b)); len(acts) > 0 && g.chance(0.5) {
			vb = pick(g.rng, acts).v
		}
		f0 = fact{slot: 0, step: 0, state: stative(vb), cl: clause{who: main, v: vb, obj: same(kindCnt(th, k0, g.a))}, terse: same(kindCnt(th, k0, g.a))}
		f1 = fact{slot: 1, step: 0, state: stative(vb), cl: clause{who: main, v: vb, obj: same(kindCnt(th, k1, g.b))}, terse: same(kindCnt(th, k1, g.b))}
		return parts{f0: f0, f1: f1, main: main, whole: main, kinds: [2]string{k0, k1}}
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
		f1 = fact{slot: 1, step: 0, state: true, cl: clause{who: other, v: enFrames.verb("have"), obj: phrase{cnt(th, g.b), short}}, terse: phrase{cnt(th, g.b), enFrames.one("more things", holes{"n": itoa(g.b), "things": th.noun.form(g.b)})}}
		if th.measure {
			f1.terse = phrase{cnt(th, g.b), enFrames.one("another", holes{"count": cnt(th, g.b)})}
		}
		if th.money {
			f1.terse = phrase{money(g.b), enFrames.one("more money", holes{"money": money(g.b)})}
		}
		return parts{f0: f0, f1: f1, main: main, other: other, whole: pair(main, other)}
	}
	other = g.helper(main)
	f0 = g.state(main, th, g.a)
	f1 = g.gain(main, other, th, g.b)
	f1.slot, f1.step = 1, 1
	return parts{f0: f0, f1: f1, main: main, other: other, whole: main}
}

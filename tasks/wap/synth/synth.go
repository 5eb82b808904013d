// Package synth generates arithmetic word problems in the style of the
// Common Core (CC) dataset compositionally: every problem has three
// numbers and one of the five CC equation patterns, and is put together
// from many independent choices rather than from whole-problem templates,
// so that a model trained on them must learn to read.
//
// A story is a semantic frame of its pattern filled with a scene and told
// by a realiser. The frame (frames_*.go) fixes what happens: for (a+b)-c,
// someone had a things, got b more and lost c, or two people pooled theirs
// and used some; for a*(b+c), a is a rate (per box, per hour, per ticket)
// applied to b units on one occasion and c on another; and so on, several
// frames per pattern. The scene (the lexicon in data/*.tsv, read by
// data.go into the tables of things.go, lexicon.go, actors.go and the
// frames' files) fills the frame's roles: an agent (a person with a pronoun, a group, a
// business), a thing with its plural, kinds, containers, prices and the
// verbs that suit it, time expressions, relatives and friends. A frame
// turns its numbers into facts: clauses with a subject, a verb chosen from
// a lexicon of synonyms, a complement that holds the number and adjuncts,
// each with a step in time (or none, for rates and prices) and forms for
// an if-clause and for notes; and into questions that ask for exactly the
// quantity its pattern computes.
//
// Where the numbers stand is drawn first (place.go): the fact of the
// pattern's odd operand (the divisor, the amount taken away, the rate)
// goes first, in the middle or last with equal chances, and for a*(b-c)
// and (a-b)/c the other two come in either order. The frame words its
// facts for that place: a division told first names what it divides in
// full ("She wants to share the apples she has left among 4 friends"), a
// division between two amounts is followed by "Before that, …", "Before
// she could, …" or "She also had …", a rate may hang on a count ("She sold
// 12 pies, which cost $5 each") or follow the question ("How much did he
// make? He gets $9 an hour."). The orders the story allows are then cut
// down to those that put the facts there.
//
// The realiser (realise.go) then chooses, independently, the register
// (standard, informal or terse notes), an order of the facts among those
// left (flashbacks get the past perfect and "before that", states told
// late get "to begin with"), where the question goes (last, first, around
// an if-clause, or before a trailing rate), how facts join ("and", "but",
// "then", "after …", or gapping: "30 in the morning and 21 in the
// afternoon"), where time expressions go, whether an actor is named or
// referred to by a pronoun, and whether a detail sentence without numbers
// is added. The main person is now and then the speaker ("I", "my brother
// and I", "we") or the reader ("you"); the informal register types as
// people do in a hurry ("ok so i gotta split 60 bucks between 4 of us,
// whats my share??"). English agreement (a/an, singular for 1, verb
// agreement, pronouns, capitals) is handled in english.go.
//
// Generate makes the CC-style problems above. General (general.go) makes
// the shapes people write, as MAWPS, ASDiv-A and SVAMP hold them: one
// operation on two of the story's numbers (37.5%), or two on three in
// CC's five patterns (told by CC's frames, 45%) or in ten others
// ((a+b)+c, (a-b)-c, (a-b)+c, a*b+c, a*b-c, a-b*c, a*b*c, (a/b)*c,
// a*b/c, a/(b+c): 17.5%), each family in a fixed share (generalFamilies).
// Their frames (frames_one.go, frames_times.go, frames_two.go,
// frames_list.go) tell comparisons ("5 more than", "how many fewer"), a
// start found from what is left, a change found from before and after,
// a part and the rest, prices with cents and change from a bill, ages,
// "3 times as many", rates found from a total and applied again, and
// lists of up to eight counts of which the question uses two or three.
// A third of the problems state numbers their question does not use
// (asides.go: another thing, often of the story's topic, an age, another
// person's count, a price nobody pays, a weight, a temperature, the days
// to an event, a distance), one in six has a number or an answer above 149, and
// values are exact (money in cents). A Source with Mix GeneralMix gives them.
//
// # The English as data
//
// The lexicon and the scenes are not Go code: data/*.tsv (embedded) hold
// the things and their containers, the verbs of getting, losing and
// spoiling, names, relatives, groups and trades, periods and time
// expressions, activities, jobs, places, crowds, grids, chores, rentals,
// sessions, errands, bills, games, recipes, projects, the asides' wording
// and short word lists, one table a file, each with a header comment saying what its
// columns hold. data.go is the engine that reads them: a file is
// tab-separated with a header line naming the columns, a cell is decoded
// by the kind its table's decoder asks for (text, bar-separated list,
// noun "sg/pl", verb "base/past/participle", range "lo-hi", …), and a
// bad cell, a wrong count of cells or a column no decoder reads stops the
// package from starting with an error naming the file, the line and the
// column (TestDecodeErrors, TestDataFiles).
//
// The words of the stories are data too: data/text/*.tsv hold one phrase
// book a Go file (rentals.go reads data/text/rentals.tsv as enRentals,
// frames_addsub.go reads addsub.tsv as enAddSub, realise.go realise.tsv
// as enRealise, …) and data/text/questions.tsv the questions, in sets by
// name. templates.go is their engine. An entry of a book is a key and
// alternatives separated by bars, each a template with named holes:
// "{n} more {things}"; the holes {main} and {other} are the story's
// actors, which the teller fills. The Go code asks for an entry by key
// with the values of its holes: one (its one alternative), pick (draws
// one, exactly as pick over the list does), list, choose (draws now,
// fills later), verb, verbs, verbsWith and noun; and for questions with
// asked(set, who, holes). A missing key, a hole without a value or a
// value without a hole panics, and TestPhraseBooks walks every call in
// the Go code: each key is in its book, each holes literal names exactly
// the entry's holes, and each entry and set is read by some call.
//
// The asides' words are data/asides.tsv (asides.go chooses the stories
// they suit). The frames (frames_*.go), the asides and the realiser keep
// the logic: which numbers suit a scene, what is drawn from the
// generator's random source and in which order, and the grammar
// (english.go: plurals, articles, verb forms; realise.go: tenses,
// pronouns, "also", contractions). The literals left in them are what the
// logic reads rather than writes: keys of the tables ("day", "hour"), the
// auxiliaries a question inverts ("do", "did", "will"), the subject
// "there" the teller recognises, and the frames' names.
//
// What an extension costs:
//   - an entry (a thing, a verb, a name, a rental, …): one line in its
//     data file, nothing else; keys it names (a thing's get, lose, spoil
//     and packs) must exist (TestLexiconKeys);
//   - a column: the header of its file and one call in its decoder (the
//     function passed to load or keyed beside the Go table), with a field
//     of the table's type;
//   - a word list: a line of data/lists.tsv and a var read with fromList;
//   - a wording of a frame: a line, or an alternative, in its phrase book
//     (data/text/); a new alternative of an entry that pick draws from
//     changes the draws, so the golden hashes are written again
//     (golden_test.go);
//   - a question: a line in its set of data/text/questions.tsv;
//   - a table: a data file and a var read with load or keyed;
//   - a kind of aside (a number the question does not use) that suits any
//     story without its clash words ("It is 75 degrees outside."): rows
//     of data/asides.tsv, nothing else; one that chooses its stories or
//     its thing: its rows and a function named in codedAsides (asides.go)
//     that adds its fact with story.addAside, which marks it an aside, so
//     that the property tests (TestNumbersAccountedFor) know it is stated
//     on purpose.
//
// The problems are the same, byte for byte, as before the English moved
// into data files: TestGolden hashes 20,000 problems of Generate and of
// General for seeds 1–3 against hashes made at main 5bfb3a5 (General's
// rewritten since, when the generator changed on purpose: see
// golden_test.go).
package synth

import (
	"fmt"
	"math/rand"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// Bounds of the numbers of Generate's problems.
const (
	maxOperand = 120 // every number in the text
	maxValue   = 149 // every intermediate value and the answer
)

// bounds bound the numbers that numbers draws: every operand is at most
// operand, every intermediate value and the answer at most value.
type bounds struct{ operand, value int }

// ccBounds are the bounds of Generate's problems.
var ccBounds = bounds{maxOperand, maxValue}

// Generate makes n problems deterministically under seed. The five CC
// patterns come in equal proportions (the problems cycle through them and
// are then shuffled). Each problem's text has exactly three numbers,
// written as digits, which are the operands of its equation in CC's
// format (e.g. "X=((50.0+21.0)-15.0)", operands in pattern order); Answer
// is the equation's exact value. Every operand is in 1…120, every
// intermediate value and the answer in 0…149, divisions are exact, and a
// divisor is 2…12 in most problems. IDs are 0…n−1; n ≤ 0 gives an empty
// slice. Each problem's Source is Name.
func Generate(n int, seed int64) []source.Problem { return numbered(generateAll(n, seed)) }

// numbered writes generated problems with the IDs 0, 1, ….
func numbered[M interface{ problem(id int) source.Problem }](ms []M) []source.Problem {
	out := make([]source.Problem, len(ms))
	for i, m := range ms {
		out[i] = m.problem(i)
	}
	return out
}

// Name names the generated problems in prepared data.
const Name = "synthetic"

// Source is a dataset of generated problems (source.Source): N[0]
// training, N[1] dev and N[2] test problems, the first N[0] of Generate(N[0]
// + N[1] + N[2], Seed) training (of General, with Mix GeneralMix), the
// next dev, the rest test, with FirstID added to their IDs (to follow
// another source's).
type Source struct {
	N       [3]int
	Seed    int64
	FirstID int
	Mix     Mix
}

// Name names the source.
func (Source) Name() string { return Name }

// Read generates the problems.
func (s Source) Read() (source.Dataset, error) {
	var ds source.Dataset
	for i, n := range s.N {
		if n < 0 {
			return ds, fmt.Errorf("%d generated %s problems asked for, want 0 or more", n, data.Splits[i])
		}
	}
	gen := Generate
	if s.Mix == GeneralMix {
		gen = General
	}
	all := gen(s.N[0]+s.N[1]+s.N[2], s.Seed)
	for i := range all {
		all[i].ID += s.FirstID
	}
	ds[data.Train], ds[data.Dev], ds[data.Test] = all[:s.N[0]], all[s.N[0]:s.N[0]+s.N[1]], all[s.N[0]+s.N[1]:]
	return ds, nil
}

// generateAll makes the problems of Generate with what the tests look at.
func generateAll(n int, seed int64) []made {
	if n <= 0 {
		return []made{}
	}
	rng := rand.New(rand.NewSource(seed))
	patterns := make([]string, n)
	for i := range patterns {
		patterns[i] = cc.Patterns[i%len(cc.Patterns)]
	}
	rng.Shuffle(n, func(i, j int) { patterns[i], patterns[j] = patterns[j], patterns[i] })
	out := make([]made, n)
	for i, p := range patterns {
		out[i] = problemOf(rng, p)
	}
	return out
}

// made is one generated problem with what the tests look at.
type made struct {
	pattern string
	a, b, c int
	text    string
	frame   string
	first   bool // the question comes first
	reg     register
	slots   []int // the operands (0 for a, 1 for b, 2 for c) in text order
	loose   bool  // no story fitted the placement drawn (place.go)
}

// problem writes m as a problem with the given ID.
func (m made) problem(id int) source.Problem {
	eq, ans := equation(m.pattern, m.a, m.b, m.c)
	return source.Problem{ID: id, Text: m.text, Equation: eq, Answer: float64(ans), Source: Name}
}

// problemOf makes one problem of the pattern: it draws a frame and numbers
// until the frame finds a scene that suits the numbers, then tells the
// story.
func problemOf(rng *rand.Rand, pattern string) made {
	m, _ := problemWith(rng, pattern, ccBounds, nil)
	return m
}

// problemWith is problemOf with the numbers' bounds and a step that may
// add to a story after its frame built it (the general problems'
// distractors, general.go); it also returns the story as told.
func problemWith(rng *rand.Rand, pattern string, bd bounds, add func(g *gen, st *story)) (made, *story) {
	fs := framesOf(pattern)
	pl := drawPlacement(rng, pattern)
	for tries := 0; ; tries++ {
		if tries == 50 {
			// No frame found a story for the placement: take any order
			// (a safeguard; the tests check that it stays rare).
			pl = placement{odd: pl.odd, at: -1}
		}
		f := fs[rng.Intn(len(fs))]
		for try := 0; try < 20; try++ {
			a, b, c := numbers(rng, pattern, bd)
			g := &gen{rng: rng, a: a, b: b, c: c, place: pl}
			st, ok := f.build(g)
			if !ok {
				continue
			}
			if add != nil {
				add(g, st)
			}
			st.finish(g)
			if st.orders = pl.filter(st); len(st.orders) == 0 {
				continue
			}
			ts := tell(rng, st)
			return made{pattern: pattern, a: a, b: b, c: c, text: ts.text, frame: f.name, first: ts.first, reg: ts.reg, slots: ts.slots, loose: pl.at < 0}, st
		}
	}
}

// equation writes the equation of a pattern in CC's format and computes
// its value.
func equation(pattern string, a, b, c int) (string, int) {
	switch pattern {
	case cc.PatternAddSub:
		return fmt.Sprintf("X=((%d.0+%d.0)-%d.0)", a, b, c), a + b - c
	case cc.PatternMulAdd:
		return fmt.Sprintf("X=(%d.0*(%d.0+%d.0))", a, b, c), a * (b + c)
	case cc.PatternAddDiv:
		return fmt.Sprintf("X=((%d.0+%d.0)/%d.0)", a, b, c), (a + b) / c
	case cc.PatternMulSub:
		return fmt.Sprintf("X=(%d.0*(%d.0-%d.0))", a, b, c), a * (b - c)
	case cc.PatternSubDiv:
		return fmt.Sprintf("X=((%d.0-%d.0)/%d.0)", a, b, c), (a - b) / c
	}
	panic("synth: unknown pattern " + pattern)
}

// smallInt draws an integer in lo…hi, small ones more often, as in school
// exercises, but covering the whole range.
func smallInt(rng *rand.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	top := hi
	switch r := rng.Float64(); {
	case r < 0.35:
		top = lo + 9
	case r < 0.65:
		top = lo + 19
	case r < 0.85:
		top = lo + 49
	}
	top = min(top, hi)
	return lo + rng.Intn(top-lo+1)
}

// divisor draws a divisor or rate of a division: 2…12 mostly, up to 20
// now and then.
func divisor(rng *rand.Rand) int {
	if rng.Intn(20) == 0 {
		return 13 + rng.Intn(8)
	}
	return 2 + rng.Intn(11)
}

// numbers draws the operands a, b, c of a pattern in the equation's order,
// within bd.
func numbers(rng *rand.Rand, pattern string, bd bounds) (a, b, c int) {
	switch pattern {
	case cc.PatternAddSub: // a+b ≤ 149, 1 ≤ c < a+b
		a = smallInt(rng, 2, bd.operand-1)
		b = smallInt(rng, 1, min(bd.operand, bd.value-a))
		c = smallInt(rng, 1, min(bd.operand, a+b-1))
	case cc.PatternMulAdd: // a ≥ 2, a·(b+c) ≤ 149
		a = smallInt(rng, 2, bd.value/2)
		s := smallInt(rng, 2, bd.value/a)
		b = 1 + rng.Intn(s-1)
		c = s - b
	case cc.PatternAddDiv: // a+b = q·c ≤ 149
		c = divisor(rng)
		q := smallInt(rng, 1, bd.value/c)
		t := q * c
		if t < 2 {
			t = 2 * c
		}
		b = smallInt(rng, max(1, t-bd.operand), min(t-1, bd.operand))
		a = t - b
	case cc.PatternMulSub: // a ≥ 2, b−c ≥ 1, a·(b−c) ≤ 149
		a = smallInt(rng, 2, bd.operand)
		d := smallInt(rng, 1, bd.value/a)
		c = smallInt(rng, 1, bd.operand-d)
		b = c + d
	case cc.PatternSubDiv: // a−b = q·c, a ≤ 120
		c = divisor(rng)
		q := smallInt(rng, 1, (bd.operand-1)/c)
		b = smallInt(rng, 1, bd.operand-q*c)
		a = b + q*c
	}
	return a, b, c
}

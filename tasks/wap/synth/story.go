package synth

// This file holds the model of a story that the frames build and the
// realiser tells: facts made of clauses, and a question.

// tense is the tense of a clause as the frame means it; the realiser may
// move a past clause to the past perfect when it tells it out of order.
type tense int

const (
	past           tense = iota // "she gave away 12 apples"
	present                     // "each box holds 12 eggs", "she wants to …"
	presentPerfect              // "she has read 30 pages"
)

// phrase is a piece of text that depends on whether the story's thing is
// already known: full introduces it ("21 apples"), short refers back to it
// ("21 more", "21 of them"). An empty short means full in both cases.
type phrase struct {
	full, short string
}

// text is the phrase for a story in which the thing is (or is not) known.
func (p phrase) text(known bool) string {
	if known && p.short != "" {
		return p.short
	}
	return p.full
}

// same is a phrase that does not change.
func same(s string) phrase { return phrase{full: s} }

// clause is one fact as a clause: subject, verb, complement and adjuncts.
// The subject is an actor (told by name or pronoun as the realiser sees
// fit) or, when who is nil, the phrase subj with the agreement plural
// ("12 of the eggs cracked", "there were 30 people"). Strings may name
// actors of the story with {main}, {main's}, {other}, {other's}: the
// realiser writes a name, a pronoun or "her brother" for them.
type clause struct {
	who    *actor
	subj   phrase
	plural bool // agreement of subj
	v      verb
	obj    phrase // complement right after the verb, usually with the number
	tail   string // adjuncts after the complement: "to {other}", "at the market"
	tense  tense
	when   string // a time expression the realiser puts first or last
	also   bool   // "also" goes with the verb: "she also has", "there are also"
}

// fact is one statement of a story. step orders the facts in time: a
// smaller step happened earlier, equal steps at the same time, and a
// negative step marks a timeless fact (a rate, a price, a plan) that can
// stand anywhere. A fact told after one with a larger step is a
// flashback.
type fact struct {
	slot  int  // 0, 1, 2: the operand a, b or c the fact states (a general story's slot, general.go); -1 for none
	step  int  // see above
	state bool // how things stood at the start ("she had 30 apples")
	loss  bool // the fact takes something away; it may be joined with "but"
	cl    clause
	// cond is the clause in an if-clause when it differs from cl ("if she
	// shares them" for "she wants to share them"); nil for cl itself.
	cond *clause
	// noCond forbids the fact in an if-clause.
	noCond bool
	// solo keeps the fact out of a sentence with another subject's fact
	// (it would read as happening at the same time).
	solo bool
	// more marks a short form that presupposes an earlier fact ("21
	// more", "another 21"): it is used only after a fact of an earlier
	// step has been told.
	more bool
	// ofStart marks a short form that counts off the things of the
	// start ("15 of them"): it is used only after the start (a fact of
	// step 0) has been told, or "them" could be a later gain.
	ofStart bool
	// after lists the facts (indices into story.facts) that must be told
	// before this one, because it refers back to them ("the rest").
	after []int
	// terse is the fact in the terse register: "15 more baked"; empty
	// for the complement of cl.
	terse phrase
	// lead is a fixed opener of the fact's sentence ("Before that,",
	// "Before {main} could,"), for a fact told after the one it leads on
	// from; such a fact starts its own sentence and stays out of
	// if-clauses.
	lead string
	// also adds "also" to the clause ("She also had 15 green apples"),
	// for a part of a whole told after the whole was named.
	also bool
	// trail allows the fact (a timeless rate or price) to stand after
	// the question: "How much did he earn? He gets $9 an hour."
	trail bool
	// rel is the fact as a relative clause on the fact before it
	// ("which cost $5 each"); host marks a fact it may hang on.
	rel  string
	host bool
	// aside marks a fact about something the question does not ask
	// about (a distractor of the general problems, general.go): telling
	// it neither names the story's thing nor moves the story's time, and
	// its "also" needs only some fact told before it.
	aside bool
	// list holds the slots of a fact that states several numbers in one
	// complement ("12 red, 15 blue and 8 green marbles"); slot is then
	// the first of them.
	list []int
}

// tersePhrase is the fact in the terse register.
func (f fact) tersePhrase() phrase {
	if f.terse.full != "" {
		return f.terse
	}
	return f.cl.obj
}

// question is one way to ask for the answer. It is told directly ("How
// many apples does Maya have now?"), embedded ("Find how many apples Maya
// has now.") or tersely ("how many left").
type question struct {
	wh   string // "How many apples", "How much money", "How far"
	who  *actor // the subject, or nil
	subj string // a subject that is not an actor ("each friend"); with who nil
	pl   bool   // agreement of subj
	v    verb
	aux  string // "do" (present), "did" (past), or a modal: "will", "can", "would"
	tail string // "now", "left", "in all"
	// terse is the question in the terse register, without the question
	// mark: "how many left".
	terse string
	// noEmbed forbids the embedded form (the wh-word needs inversion).
	noEmbed bool
}

// story is what a frame builds: the facts in time order, the text orders
// it allows, and the questions that ask for the answer.
type story struct {
	facts   []fact
	orders  [][]int // each a permutation of the facts; the first is the plain one
	qs      []question
	main    *actor // the actor the story is about; nil for a scene
	other   *actor // a second actor or nil
	cast    []*actor
	topic   string   // the topic, for detail sentences
	detail  []clause // sentences without numbers that may be added
	noTerse bool     // the story cannot be told as notes
	// keep, when set, restricts the text orders further.
	keep func(order []int) bool

	// The general problems (general.go) also record their numbers and
	// equation in the story; Generate's frames leave these unset.
	nums  []num  // the values of the facts' slots
	eq    *term  // the equation over the slots
	thing *thing // the thing the question counts, when there is one
	// timed marks a story in which time is a quantity (a rate per hour, a
	// number of days): no distractor may then be a duration.
	timed bool
}

// with sets the equation and the numbers of a general story.
func (st *story) with(eq *term, nums ...num) *story {
	st.eq, st.nums = eq, nums
	return st
}

// declared lists the slots the story states on purpose whether or not its
// equation uses them: the asides (the distractors of asides.go) and the
// counts of a list the question picks from (frames_list.go).
func (st *story) declared() []int {
	var out []int
	for _, f := range st.facts {
		switch {
		case f.aside:
			out = append(out, f.slot)
		case f.list != nil:
			out = append(out, f.list...)
		}
	}
	return out
}

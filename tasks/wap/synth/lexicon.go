package synth

// This file holds the types of the rest of the lexicon: activities done
// at a rate, paid jobs, places people come to and leave, groups of
// people, chores spread over days, time expressions and detail sentences.
// Their entries are in data/*.tsv, one file a table (named after it); a
// file's header comment says what its columns hold.

// period is a unit of time something is done per ("a day", "an hour").
type period struct {
	noun
	per   []string // "a day", "each day", "every day", "per day"
	count template // how a number of them is said: "on {count}", "for {count}"
}

// periods are the units of time of data/periods.tsv by key.
var periods = keyed("periods", func(r *row) (string, period) {
	return r.need("key"), period{r.noun("noun"), r.list("per"), r.template("count", "count")}
})

// timePairs are two occasions in time order for two events, by how far
// apart they are (data/timepairs.tsv).
var timePairs = func() map[string][][2]string {
	m := map[string][][2]string{}
	for _, p := range load("timepairs", func(r *row) [3]string { return [3]string{r.need("key"), r.need("first"), r.need("then")} }) {
		m[p[0]] = append(m[p[0]], [2]string{p[1], p[2]})
	}
	return m
}()

// span is a stretch of time: how many periods of each kind it holds at
// most, pairs of such stretches in time order, and single ones.
type span struct {
	holds map[string]int
	pairs [][2]string
	one   []string
}

// spans go from short to long; a count of periods is placed in the
// shortest span that holds it (or the one after) (data/spans.tsv).
var spans = load("spans", func(r *row) span { return span{r.counts("holds"), r.pairs("pairs"), r.list("one")} })

// fitSpans lists the spans that hold k periods, shortest first.
func fitSpans(per string, k int) []span {
	var out []span
	for _, s := range spans {
		if s.holds[per] >= k {
			out = append(out, s)
		}
	}
	return out
}

// timeSeqs are three occasions in time order for stories of events
// (data/timeseqs.tsv).
var timeSeqs = load("timeseqs", func(r *row) [3]string { return [3]string{r.need("first"), r.need("second"), r.need("third")} })

// activity is something done at a rate: "runs 5 km a day".
type activity struct {
	topic string
	does  verb   // "run" in "she runs 5 km a day"
	pre   string // words between the verb and the number: "the piano for"
	unit  noun   // what the number counts: km, laps, pages; dollars for money
	after string // words after the unit: "babysitting"
	bare  verb   // the activity without a number: "run", "work"
	btail string // words after the count of periods: "at the cafe"
	pers  []string
	rate  [2]int
	far   bool // the unit is a distance: "How far"
	money bool
}

// activities are the activities of data/activities.tsv, in its order.
var activities = load("activities", func(r *row) activity {
	return activity{topic: r.need("topic"), does: r.verb("does"), pre: r.text("pre"), unit: r.noun("unit"), after: r.text("after"),
		bare: r.verb("bare"), btail: r.text("btail"), pers: r.list("pers"), rate: r.span("rate"), far: r.yes("far"), money: r.yes("money")}
})

// job is a task paid by the piece: "$8 for each lawn".
type job struct {
	task  noun
	do    verb // "mow"
	rate  [2]int
	topic string
}

// jobs are the jobs of data/jobs.tsv, in its order.
var jobs = load("jobs", func(r *row) job { return job{r.noun("task"), r.verb("do"), r.span("rate"), r.need("topic")} })

// place is somewhere people or animals come to and leave.
type place struct {
	topic  string
	who    noun      // "passenger"
	where  string    // "on the bus"
	in     []verb    // "got on"
	out    []verb    // "got off"
	events [2]string // two moments in time order when some come and go
}

// places are the places of data/places.tsv, in its order.
var places = load("places", func(r *row) place {
	return place{r.need("topic"), r.noun("who"), r.need("where"), r.verbs("in"), r.verbs("out"), r.pair("events")}
})

// crowd is a pair of kinds of people that can be put together.
type crowd struct {
	kinds  [2]noun
	where  string   // "in the gym"
	boss   string   // who sorts them: "the coach"
	whole  noun     // all of them: "kid"
	fits   []string // the gatherings they are put into (gathering.into)
	ranked bool     // the first kind is the larger group (more students than teachers)
	most   int      // how many people it plausibly holds
}

// crowds are the crowds of data/crowds.tsv, in its order.
var crowds = load("crowds", func(r *row) crowd {
	return crowd{r.nounPair("kinds"), r.need("where"), r.need("boss"), r.noun("whole"), r.list("fits"), r.yes("ranked"), r.number("most")}
})

// gathering is what people are put into: teams of c, tables of c.
type gathering struct {
	noun
	into string // "teams", said as "into teams of 4" or "into 4 equal teams"
	on   string // "on each team"
	cap  [2]int
}

// gatherings are the gatherings of data/gatherings.tsv, in its order.
var gatherings = load("gatherings", func(r *row) gathering {
	return gathering{r.noun("noun"), r.need("into"), r.need("on"), r.span("holds")}
})

// grid is something laid out in equal units: seats in rows, plants in
// rows, photos on pages. Some of its units can be out of use (shut), and
// ok asks for the items still in use ("How many seats are available?").
type grid struct {
	topic string
	prep  string    // "in" or "on" each unit
	unit  noun      // "row"
	item  noun      // "seat"
	parts [2]string // two parts of the whole: "on the main floor", "in the balcony"
	where string    // the whole: "the theater"
	shut  verb      // "be closed for repairs"; none when units cannot be shut
	shutT tense
	ok    verb   // "be available"
	okAux string // "do" or a modal: "can" (be used)
	fit   [2]int // how many items a unit plausibly has
	units int    // how many units the whole plausibly has
}

// grids are the grids of data/grids.tsv, in its order.
var grids = load("grids", func(r *row) grid {
	return grid{r.need("topic"), oneOf(r, "prep", preps), r.noun("unit"), r.noun("item"), r.pair("parts"), r.need("where"),
		r.verb("shut"), oneOf(r, "shut tense", tenses), r.verb("ok"), r.text("ok aux"), r.span("fit"), r.number("units")}
})

// tenses are the tenses a data file names.
var tenses = map[string]tense{"past": past, "present": present}

// chore is work that can be spread over days: pages of two books.
type chore struct {
	unit    noun      // "page"
	do      verb      // "read"
	sources [2]string // "of her history book", "of a novel"
	topic   string
}

// chores are the chores of data/chores.tsv, in its order.
var chores = load("chores", func(r *row) chore { return chore{r.noun("unit"), r.verb("do"), r.pair("sources"), r.need("topic")} })

// handout is something handed out to people, at most a few each.
type handout struct {
	noun
	most  int
	topic string
}

// handouts are the handouts of data/handouts.tsv, in its order.
var handouts = load("handouts", func(r *row) handout { return handout{r.noun("noun"), r.number("most"), r.need("topic")} })

// hobbies are what a person likes, by topic, for detail sentences: verb
// phrases in the base form ("love to bake"), inflected for the subject
// (data/hobbies.tsv).
var hobbies = keyed("hobbies", func(r *row) (string, []string) { return r.need("topic"), r.list("likes") })

// scenery are detail sentences about anything: "It was a sunny day."
// (data/scenery.tsv).
var scenery = load("scenery", func(r *row) string { return r.need("sentence") })

// rental is something paid for by the period: "Renting a kayak costs $9
// an hour."
type rental struct {
	topic string
	thing string // "a kayak"
	per   string // a key of periods: "hour"
	// used and booked say what the renter did and had planned, with
	// {periods} for the count of periods: "rented a kayak for {periods}",
	// "booked a kayak for {periods}".
	used, booked template
	price        [2]int
	where        string // who charges: "the boat shop"
}

// rentals are the rentals of data/rentals.tsv, in its order.
var rentals = load("rentals", func(r *row) rental {
	return rental{r.need("topic"), r.need("thing"), r.need("per"), r.template("used", "periods"), r.template("booked", "periods"), r.span("price"), r.need("where")}
})

// session is a stretch of time split into equal parts after a first
// part: practice of 60 minutes, a warm-up, then 4 equal drills.
type session struct {
	topic string
	whole string // "soccer practice"
	unit  noun   // "minute"
	first string // what comes out of it: "the warm-up"
	part  noun   // "drill"
	most  int    // how long it plausibly lasts
}

// sessions are the sessions of data/sessions.tsv, in its order.
var sessions = load("sessions", func(r *row) session {
	return session{r.need("topic"), r.need("whole"), r.noun("unit"), r.need("first"), r.noun("part"), r.number("most")}
})

// errand is something several are needed of, partly taken care of by
// someone else: "The class needs 30 chairs in the gym and 12 in the hall.
// The janitor already set up 15."
type errand struct {
	topic string
	thing noun
	parts [2]string // where or what for: "in the gym", "in the hall"
	done  verb      // "set up"
	by    string    // who did some: "the janitor"; empty for a relative
}

// errands are the errands of data/errands.tsv, in its order.
var errands = load("errands", func(r *row) errand {
	return errand{r.need("topic"), r.noun("thing"), r.pair("parts"), r.verb("done"), r.text("by")}
})

package synth

import "strings"

// This file holds the verbs of getting and losing things; the entries are
// in data/gains.tsv, data/losses.tsv and data/spoils.tsv. Things list the
// keys of the actions that suit them (data/things.tsv).

// action is a verb of getting or losing some of a thing.
type action struct {
	v verb
	// tails are adjuncts the verb may take: a recipient ("to {other}"),
	// a source ("from {other}"), a place ("at the market"). must makes
	// one of them obligatory ("gave 5 apples to her brother").
	tails []string
	must  bool
	// personal marks what people do but a business does not (eat, drop,
	// lose, borrow).
	personal bool
	// most is the most things one does it to at a time (one eats a few
	// cookies, not 80); 0 for no limit.
	most int
}

// gains are the actions of getting more of a thing (data/gains.tsv).
var gains = keyed("gains", actionRow)

// losses are the actions of giving, using or losing some of a thing
// (data/losses.tsv).
var losses = keyed("losses", actionRow)

// actionRow decodes an action of data/gains.tsv or data/losses.tsv.
func actionRow(r *row) (string, action) {
	return r.need("key"), action{v: r.verb("verb"), tails: r.list("tails"), must: r.yes("must"), personal: r.yes("personal"), most: r.number("most")}
}

// spoils are the things' own ways of getting lost: "12 of the eggs
// cracked" (data/spoils.tsv). Their subject is the things.
var spoils = keyed("spoils", func(r *row) (string, verb) { return r.need("key"), r.verb("verb") })

// passive makes the passive of a transitive verb: "be sold".
func passive(w verb) verb {
	return verb{base: "be " + w.part, past: "", part: "been " + w.part}
}

// ws splits a list written with bars: "red|green" → ["red", "green"].
func ws(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "|")
}

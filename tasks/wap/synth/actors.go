package synth

import (
	"math/rand"
	"strings"
)

// This file holds the cast of the stories: people with their pronouns,
// groups, businesses, relatives and friends.

// pronoun is a set of personal pronouns; plural is the verb agreement of
// the subject form ("they have", "she has").
type pronoun struct {
	subj, obj, poss string
	plural          bool
}

var (
	proShe  = pronoun{"she", "her", "her", false}
	proHe   = pronoun{"he", "him", "his", false}
	proThey = pronoun{"they", "them", "their", true}
	proIt   = pronoun{"it", "it", "its", false}
	// The speaker and the reader: "I" agrees like a plural ("I have")
	// but for be ("I am", "I was"), which the realiser mends.
	proI   = pronoun{"I", "me", "my", true}
	proYou = pronoun{"you", "you", "your", true}
	proWe  = pronoun{"we", "us", "our", true}
)

// kind is what sort of agent an actor is; it decides which verbs suit it
// (a bakery does not eat its muffins, a class has no brother).
type kind int

const (
	person   kind = iota // one person: has relatives and friends
	group                // a class, team, club or family
	business             // a shop, farm, library, hospital …
)

// actor is someone in a story. A relative or friend names itself through
// its owner: "her brother" once the owner is known, "Maya's brother"
// before.
type actor struct {
	name   string // first mention: "Maya", "a bakery", "Mr. Lopez's class"
	again  string // later mentions; empty for the name again
	pro    pronoun
	plural bool // the agreement of the name: "the volunteers have"
	kind   kind
	owner  *actor   // for a relative: whose relative
	rel    string   // for a relative: "brother", "aunt", "friend"
	parts  []*actor // for a pair: the two actors ("Maya and her brother")
	// deictic marks the speaker ("I") or the reader ("you"), who are
	// only ever referred to by pronouns.
	deictic bool
}

// pair makes the actor "a and b", referred to as "they".
func pair(a, b *actor) *actor {
	p := &actor{parts: []*actor{a, b}, pro: proThey, plural: true, kind: a.kind}
	switch {
	case a.pro == proI:
		p.pro = proWe // "my brother and I" … "we"
	case a.pro == proYou:
		p.pro = proYou // "you and your brother" … "you"
	}
	return p
}

// speaker makes the person telling the story ("I") or the reader it is
// told to ("you").
func speaker(rng *rand.Rand) *actor {
	if rng.Intn(3) == 0 {
		return &actor{name: "you", pro: proYou, plural: true, kind: person, deictic: true}
	}
	return &actor{name: "I", pro: proI, plural: true, kind: person, deictic: true}
}

// The names of people (data/names.tsv): first names by pronoun, and the
// surnames of teachers and families.
var (
	namesShe  = nameLists["she"]
	namesHe   = nameLists["he"]
	namesThey = nameLists["they"]
	teachers  = nameLists["teacher"]
	families  = nameLists["family"]
)

// nameLists are the names of data/names.tsv by kind, each kind in the file's
// order.
var nameLists = func() map[string][]string {
	m := map[string][]string{}
	for _, e := range load("names", func(r *row) [2]string {
		return [2]string{oneOf(r, "kind", nameKinds), r.need("name")}
	}) {
		m[e[0]] = append(m[e[0]], e[1])
	}
	return m
}()

// nameKinds are the kinds of names.
var nameKinds = map[string]string{"she": "she", "he": "he", "they": "they", "teacher": "teacher", "family": "family"}

// relative is a relation a person has, with the relative's pronoun.
type relative struct {
	rel string
	pro pronoun
}

// relatives are the relations of data/relatives.tsv, in its order.
var relatives = load("relatives", func(r *row) relative { return relative{r.need("relation"), oneOf(r, "pronoun", relativePronouns)} })

// relativePronouns are the pronouns a relative is referred to by.
var relativePronouns = map[string]pronoun{"she": proShe, "he": proHe}

// pickPerson draws a person; avoid lists names already in the story.
func pickPerson(rng *rand.Rand, avoid ...*actor) *actor {
	for {
		var a *actor
		switch r := rng.Intn(20); {
		case r < 9:
			a = &actor{name: pick(rng, namesShe), pro: proShe}
		case r < 18:
			a = &actor{name: pick(rng, namesHe), pro: proHe}
		default:
			a = &actor{name: pick(rng, namesThey), pro: proThey}
		}
		clash := false
		for _, b := range avoid {
			if b != nil && b.name == a.name {
				clash = true
			}
		}
		if !clash {
			return a
		}
	}
}

// pickRelative draws a relative or friend of p: "her brother", or a
// friend with a name ("Tom" after "her friend Tom").
func pickRelative(rng *rand.Rand, p *actor) *actor {
	if rng.Intn(3) == 0 {
		f := pickPerson(rng, p)
		if f.pro == proThey {
			f.pro = proShe
			f.name = pick(rng, namesShe)
		}
		if f.name == p.name {
			f.name = pick(rng, namesHe)
			f.pro = proHe
		}
		return f
	}
	r := relatives[rng.Intn(len(relatives))]
	return &actor{rel: r.rel, owner: p, pro: r.pro, kind: person}
}

// groupActor is a group that collects, makes and shares things. {T} is
// a teacher's name, {F} a family name.
type groupActor struct {
	name, again string
	plural      bool
}

// groupActors are the groups of data/groups.tsv, in its order.
var groupActors = load("groups", func(r *row) groupActor { return groupActor{r.need("name"), r.need("again"), r.yes("plural")} })

// pickGroup draws a group; it is referred to as "they".
func pickGroup(rng *rand.Rand) *actor {
	g := groupActors[rng.Intn(len(groupActors))]
	t, f := pick(rng, teachers), pick(rng, families)
	fill := strings.NewReplacer("{T}", t, "{F}s", surnamePlural(f), "{F}", f)
	return &actor{name: fill.Replace(g.name), again: fill.Replace(g.again), plural: g.plural, pro: proThey, kind: group}
}

// surnamePlural writes a family by its surname: "the Kims", "the
// Lopezes".
func surnamePlural(f string) string {
	for _, end := range []string{"s", "z", "sh", "ch", "x"} {
		if strings.HasSuffix(f, end) {
			return f + "es"
		}
	}
	return f + "s"
}

// trades names the person who works in a business, for the businesses
// that have one word for it (data/trades.tsv): a florist has roses as a
// flower shop does, but is told as "she" or "he".
var trades = keyed("trades", func(r *row) (string, []string) { return r.need("business"), r.list("trades") })

// pickTrade makes a person named by trade for a business such as "flower
// shop": "a florist" first, "the florist" after, referred to as "she" or
// "he"; nil when the business has no tradesperson.
func pickTrade(rng *rand.Rand, biz string) *actor {
	ts := trades[biz]
	if len(ts) == 0 {
		return nil
	}
	t := pick(rng, ts)
	pro := proShe
	if rng.Intn(2) == 0 {
		pro = proHe
	}
	return &actor{name: an(t), again: "the " + t, pro: pro, kind: person}
}

// pickBusiness makes a business actor from a name such as "bakery": "a
// bakery" first, "the bakery" after, referred to as "it".
func pickBusiness(name string) *actor {
	return &actor{name: an(name), again: "the " + name, pro: proIt, kind: business}
}

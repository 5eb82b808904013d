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

// The names of people, by pronoun. They come from many languages so that
// the reader meets names it has not seen.
var (
	namesShe = strings.Fields(`Maya Sofia Aisha Chloe Elena Fatima Grace Hana Isabel Jasmine Keisha Lena Mei
		Nadia Olivia Priya Rosa Sara Tara Uma Vera Wendy Yara Zoe Amara Bianca Carmen Dana Emma Fiona Gloria
		Ines Julia Kiara Lucy Marta Nina Paula Ruth Sienna Talia Valeria Ada Beth Clara Daisy Erin Freya
		Hope Irene Joy Kate Layla Molly Noor Opal Pia Rina Suki Tess Ana Leah Naomi Hailey Ming Yuki Ayla`)
	namesHe = strings.Fields(`Liam Omar Carlos Dev Eli Felix Gabe Hugo Ivan Jamal Kenji Leo Marcus Nate Pablo
		Raj Theo Victor Will Yusuf Zack Diego Kofi Luis Milo Oscar Tomas Arjun Ben Caleb Dylan Ethan Frank
		George Henry Isaac Jack Kyle Luke Mateo Noah Owen Peter Ravi Sean Tyler Wes Xavier Yosef Ali
		Bruno Chen Dmitri Emeka Hassan Jorge Kwame Lars Malik Nico Paolo Rohan Sami Tariq Andre`)
	namesThey = strings.Fields(`Alex Sam Jordan Riley Casey Quinn Robin Avery Jesse Rowan Sky Kai`)
	teachers  = strings.Fields(`Lopez Chen Patel Okafor Rivera Novak Kim Brown Garcia Nguyen Haddad Silva
		Cohen Tanaka Moreau Jensen Walsh Adeyemi Kowalski Romero`)
	families = strings.Fields(`Kim Lopez Patel Smith Garcia Nguyen Haddad Silva Cohen Tanaka Jensen Walsh
		Romero Murphy Singh Ortiz`)
)

// relative is a relation a person has, with the relative's pronoun.
type relative struct {
	rel string
	pro pronoun
}

var relatives = []relative{
	{"brother", proHe}, {"sister", proShe}, {"mom", proShe}, {"dad", proHe}, {"mother", proShe},
	{"father", proHe}, {"aunt", proShe}, {"uncle", proHe}, {"grandma", proShe}, {"grandpa", proHe},
	{"cousin", proShe}, {"cousin", proHe}, {"neighbor", proShe}, {"neighbor", proHe},
	{"best friend", proShe}, {"best friend", proHe}, {"friend", proShe}, {"friend", proHe},
	{"coach", proHe}, {"teacher", proShe}, {"little brother", proHe}, {"big sister", proShe},
}

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

// groupActors are groups that collect, make and share things. {T} is a
// teacher's name, {F} a family name.
var groupActors = []struct {
	name, again string
	plural      bool
}{
	{"Mr. {T}'s class", "the class", false},
	{"Ms. {T}'s class", "the class", false},
	{"Mrs. {T}'s students", "the students", true},
	{"Ms. {T}'s students", "the students", true},
	{"the school band", "the band", false},
	{"the art club", "the club", false},
	{"the garden club", "the club", false},
	{"the scout troop", "the troop", false},
	{"the {F} family", "the family", false},
	{"the {F}s", "the {F}s", true},
	{"a group of friends", "the group", false},
	{"the volunteers", "the volunteers", true},
	{"the soccer team", "the team", false},
	{"the chess club", "the club", false},
	{"the kids at the day camp", "the kids", true},
	{"the student council", "the council", false},
}

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
// that have one word for it: a florist has roses as a flower shop does,
// but is told as "she" or "he". The words do not tell the person's sex
// ("server", not "waitress"), as the pronoun is drawn.
var trades = map[string][]string{
	"flower shop": {"florist"}, "bakery": {"baker", "pastry chef"}, "farm": {"farmer"},
	"garden center": {"gardener"}, "restaurant": {"chef", "server"}, "diner": {"cook", "server"},
	"cafe": {"barista"}, "bookstore": {"bookseller"}, "library": {"librarian"}, "fish market": {"fishmonger"},
	"pottery studio": {"potter"}, "art gallery": {"painter"}, "fruit stand": {"fruit seller"},
	"market stall": {"vendor"}, "pharmacy": {"pharmacist"}, "clinic": {"nurse"}, "hospital": {"nurse"},
	"food truck": {"cook"}, "toy store": {"toy maker"}, "deli": {"butcher"}, "pizza shop": {"pizza maker"},
	"post office": {"mail carrier"}, "lumber yard": {"carpenter"}, "building site": {"builder"},
}

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

package synth

// This file holds the types of the things the stories count and the
// containers they come in; the entries are in data/things.tsv and
// data/containers.tsv. To add a thing, add a line to data/things.tsv: its
// actions are keys of data/gains.tsv, data/losses.tsv and
// data/spoils.tsv, its containers keys of data/containers.tsv.

// thing is a kind of countable object.
type thing struct {
	noun
	topic string
	kinds []string // adjectives that sort it: "red", "green" (none for "can of food")
	get   []string // keys of gains
	lose  []string // keys of losses
	spoil []string // keys of spoils
	packs []string // keys of containers
	price [2]int   // a price range in dollars; zero when it is not sold by the piece
	uses  []string // what some of it is needed for: "for a pie"
	biz   []string // businesses that have it: "bakery"
	group bool     // a class, club or family may collect or make it
	money bool     // the thing is money: counts are written "$5"
	// measure marks an amount in a unit ("cm of ribbon", "grams of
	// rice"), which is not counted off: "8 cm of ribbon", not "8 of them".
	measure bool
	most    int // the most of it a container holds (big things); 0 for no limit
}

// cash is money as a thing.
var cash = &thing{noun: n("dollar"), topic: "money", money: true,
	get:  ws("earn|save|get|receive|be given|find|win"),
	lose: ws("spend|give|lend|donate|lose|pay")}

// things are the things of data/things.tsv, in its order.
var things = load("things", func(r *row) *thing {
	return &thing{noun: r.noun("noun"), topic: r.need("topic"), kinds: r.list("kinds"),
		get: r.list("get"), lose: r.list("lose"), spoil: r.list("spoil"), packs: r.list("packs"),
		price: r.span("price"), uses: r.list("uses"), biz: r.list("biz"), group: r.yes("group"),
		money: r.yes("money"), measure: r.yes("measure"), most: r.number("most")}
})

// container is something things are packed in (or on): a box, a shelf.
type container struct {
	noun
	prep  string // "in" or "on": "12 eggs in each carton", "8 books on each shelf"
	cap   [2]int // how many things it plausibly holds
	fixed bool   // it stays where it is: a shelf, a row, a page (it is filled, not carried or sold)
}

// containers are the containers of data/containers.tsv by key.
var containers = keyed("containers", func(r *row) (string, container) {
	return r.need("key"), container{r.noun("noun"), oneOf(r, "prep", preps), r.span("holds"), r.yes("fixed")}
})

// preps are the prepositions of a container.
var preps = map[string]string{"in": "in", "on": "on"}

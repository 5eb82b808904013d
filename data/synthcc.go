package data

import (
	"fmt"
	"math/rand"
	"strings"
)

// SyntheticCC makes n word algebra problems in the style of CC from
// templates written for this project (no text is taken from a dataset),
// deterministically under seed. The five CC patterns come in CC's
// proportions: the problems cycle through (a+b)-c, (a+b)-c, a*(b+c),
// (a+b)/c, a*(b-c), (a-b)/c and are then shuffled, so every block of six
// holds one third (a+b)-c and one sixth of each other pattern.
//
// Each problem is a short story about people (many names), things (many
// objects, containers, shops, jobs) and what they do (varied verbs and
// phrasings), with the question in the last sentence and its three
// numbers written as digits; as in CC, the text does not always give the
// numbers in the order the equation uses them (“had 50 roses, sold 15,
// picked 21 more” is (50+21)-15). The numbers are integers: every operand
// is in 1…120, every intermediate value and the answer in 0…149, and
// divisions are exact. Equation is in CC's format, e.g.
// "X=((50.0+21.0)-15.0)", and Answer is its value. IDs are 0 … n−1.
// SyntheticCC(n) for n ≤ 0 is empty.
func SyntheticCC(n int, seed int64) []CCProblem {
	if n <= 0 {
		return []CCProblem{}
	}
	rng := rand.New(rand.NewSource(seed))
	cycle := []string{PatternAddSub, PatternAddSub, PatternMulAdd, PatternAddDiv, PatternMulSub, PatternSubDiv}
	patterns := make([]string, n)
	for i := range patterns {
		patterns[i] = cycle[i%len(cycle)]
	}
	rng.Shuffle(n, func(i, j int) { patterns[i], patterns[j] = patterns[j], patterns[i] })
	out := make([]CCProblem, n)
	for i, p := range patterns {
		out[i] = synthProblem(rng, i, p)
	}
	return out
}

// synthProblem makes one problem of the given pattern.
func synthProblem(rng *rand.Rand, id int, pattern string) CCProblem {
	var ts []synthTemplate
	for _, t := range synthTemplates {
		if t.pattern == pattern {
			ts = append(ts, t)
		}
	}
	t := ts[rng.Intn(len(ts))]
	a, b, c := synthNumbers(rng, pattern)
	// Redraw for a story that needs more of its numbers; each draw meets
	// the condition with a good chance, so the bound is never reached in
	// practice, and the first story of each pattern needs nothing.
	for tries := 0; t.ok != nil && !t.ok(a, b, c); tries++ {
		if tries == 1000 {
			t = ts[0]
			break
		}
		a, b, c = synthNumbers(rng, pattern)
	}
	s := newScene(rng, t.food)
	text := t.text(s, a, b, c)
	var eq string
	var ans int
	switch pattern {
	case PatternAddSub:
		eq, ans = fmt.Sprintf("X=((%d.0+%d.0)-%d.0)", a, b, c), a+b-c
	case PatternMulAdd:
		eq, ans = fmt.Sprintf("X=(%d.0*(%d.0+%d.0))", a, b, c), a*(b+c)
	case PatternAddDiv:
		eq, ans = fmt.Sprintf("X=((%d.0+%d.0)/%d.0)", a, b, c), (a+b)/c
	case PatternMulSub:
		eq, ans = fmt.Sprintf("X=(%d.0*(%d.0-%d.0))", a, b, c), a*(b-c)
	case PatternSubDiv:
		eq, ans = fmt.Sprintf("X=((%d.0-%d.0)/%d.0)", a, b, c), (a-b)/c
	}
	return CCProblem{ID: id, Text: text, Equation: eq, Answer: float64(ans)}
}

// Bounds of the synthetic numbers.
const (
	synthMaxOperand = 120 // every number in the text
	synthMaxValue   = 149 // every intermediate value and the answer
)

// between draws an integer uniformly from lo … hi (hi ≥ lo).
func between(rng *rand.Rand, lo, hi int) int {
	return lo + rng.Intn(hi-lo+1)
}

// synthNumbers draws the operands a, b, c of a pattern (in the equation's
// order) within the bounds above. Small numbers are more likely, as in CC.
func synthNumbers(rng *rand.Rand, pattern string) (a, b, c int) {
	switch pattern {
	case PatternAddSub: // a+b ≤ 149, 1 ≤ c ≤ a+b
		a = between(rng, 2, []int{20, 60, 100}[rng.Intn(3)])
		b = between(rng, 1, min(synthMaxOperand, synthMaxValue-a, []int{20, 50}[rng.Intn(2)]))
		c = between(rng, 1, min(synthMaxOperand, a+b))
	case PatternMulAdd: // (b+c)·a ≤ 149
		a = between(rng, 2, 12)
		s := between(rng, 2, synthMaxValue/a)
		b = between(rng, 1, s-1)
		c = s - b
	case PatternAddDiv: // a+b = q·c ≤ 149
		c = between(rng, 2, 12)
		q := between(rng, 1, min(30, synthMaxValue/c))
		t := q * c // ≥ 2
		b = between(rng, max(1, t-synthMaxOperand), min(t-1, synthMaxOperand))
		a = t - b
	case PatternMulSub: // a·(b−c) ≤ 149, b−c ≥ 1
		a = between(rng, 2, 12)
		d := between(rng, 1, min(30, synthMaxValue/a))
		b = between(rng, d+1, min(synthMaxOperand, d+[]int{15, 60}[rng.Intn(2)]))
		c = b - d
	case PatternSubDiv: // a−b = q·c, a ≤ 120
		c = between(rng, 2, 12)
		q := between(rng, 1, min(30, (synthMaxOperand-1)/c))
		b = between(rng, 1, min(synthMaxOperand-q*c, []int{20, 60}[rng.Intn(2)]))
		a = b + q*c
	}
	return a, b, c
}

// synthTemplate is one story of a pattern: text writes it with the
// operands a, b, c in the equation's order, placing them where the story
// needs them; ok, when set, restricts the operands (e.g. a story that
// loses c things before gaining b needs c ≤ a); food asks for an object
// that can be eaten or baked.
type synthTemplate struct {
	pattern string
	ok      func(a, b, c int) bool
	food    bool
	text    func(s *scene, a, b, c int) string
}

// person is a name with its pronouns.
type person struct {
	name    string
	he, him string // subject and object pronouns
	He      string // the subject pronoun capitalised
}

// thing is a kind of object the stories count.
type thing struct {
	one, many  string   // singular and plural
	kinds      []string // adjectives that split it in two sorts
	gain       []string // past-tense verbs of getting some
	lose       []string // past-tense verbs of losing some
	box, boxes string   // a container of it
	place      string   // a container it lies in, singular
	shop       string   // a shop that sells it
	food       bool
}

var synthPeople = func() []person {
	she := []string{"Alice", "Bianca", "Carmen", "Dana", "Elena", "Fiona", "Grace", "Hannah", "Isla", "Jasmine",
		"Keisha", "Lena", "Maya", "Nora", "Olivia", "Priya", "Quinn", "Rosa", "Sofia", "Tara", "Uma", "Vera",
		"Wendy", "Yara", "Zoe", "Mei", "Amara", "Chloe", "Ines", "Leila"}
	he := []string{"Aaron", "Ben", "Carlos", "Dev", "Eli", "Felix", "Gabe", "Hugo", "Ivan", "Jamal", "Kenji",
		"Leo", "Marcus", "Nate", "Omar", "Pablo", "Raj", "Sam", "Theo", "Victor", "Will", "Yusuf", "Zack",
		"Diego", "Kofi", "Luis", "Milo", "Oscar", "Tomas", "Arjun"}
	var ps []person
	for _, n := range she {
		ps = append(ps, person{name: n, he: "she", him: "her", He: "She"})
	}
	for _, n := range he {
		ps = append(ps, person{name: n, he: "he", him: "him", He: "He"})
	}
	return ps
}()

var synthThings = []thing{
	{one: "apple", many: "apples", kinds: []string{"red", "green", "yellow"}, gain: []string{"picked", "bought"}, lose: []string{"ate", "gave away", "sold"}, box: "bag", boxes: "bags", place: "basket", shop: "fruit stand", food: true},
	{one: "orange", many: "oranges", kinds: []string{"large", "small", "ripe"}, gain: []string{"picked", "bought"}, lose: []string{"ate", "gave away", "squeezed"}, box: "crate", boxes: "crates", place: "bowl", shop: "market", food: true},
	{one: "cookie", many: "cookies", kinds: []string{"chocolate", "oatmeal", "sugar"}, gain: []string{"baked", "made", "bought"}, lose: []string{"ate", "gave away", "sold"}, box: "tin", boxes: "tins", place: "jar", shop: "bakery", food: true},
	{one: "cupcake", many: "cupcakes", kinds: []string{"vanilla", "lemon", "chocolate"}, gain: []string{"baked", "made"}, lose: []string{"ate", "sold", "gave away"}, box: "box", boxes: "boxes", place: "tray", shop: "bakery", food: true},
	{one: "muffin", many: "muffins", kinds: []string{"blueberry", "banana", "corn"}, gain: []string{"baked", "bought"}, lose: []string{"ate", "sold", "shared"}, box: "basket", boxes: "baskets", place: "tray", shop: "cafe", food: true},
	{one: "strawberry", many: "strawberries", kinds: []string{"big", "small", "ripe"}, gain: []string{"picked", "gathered"}, lose: []string{"ate", "gave away", "used"}, box: "carton", boxes: "cartons", place: "bucket", shop: "farm stand", food: true},
	{one: "egg", many: "eggs", kinds: []string{"brown", "white"}, gain: []string{"collected", "bought"}, lose: []string{"used", "cracked", "sold"}, box: "carton", boxes: "cartons", place: "basket", shop: "farm", food: true},
	{one: "seashell", many: "seashells", kinds: []string{"pink", "white", "spotted"}, gain: []string{"found", "collected", "picked up"}, lose: []string{"gave away", "lost", "broke"}, box: "jar", boxes: "jars", place: "bucket", shop: "gift shop"},
	{one: "marble", many: "marbles", kinds: []string{"blue", "glass", "striped"}, gain: []string{"won", "found", "bought"}, lose: []string{"lost", "gave away", "traded"}, box: "pouch", boxes: "pouches", place: "jar", shop: "toy store"},
	{one: "sticker", many: "stickers", kinds: []string{"shiny", "animal", "star"}, gain: []string{"bought", "got", "won"}, lose: []string{"used", "gave away", "lost"}, box: "page", boxes: "pages", place: "folder", shop: "stationery shop"},
	{one: "baseball card", many: "baseball cards", kinds: []string{"rare", "common", "signed"}, gain: []string{"bought", "traded for", "got"}, lose: []string{"sold", "traded away", "lost"}, box: "binder", boxes: "binders", place: "shoebox", shop: "card shop"},
	{one: "stamp", many: "stamps", kinds: []string{"old", "new", "foreign"}, gain: []string{"collected", "bought", "received"}, lose: []string{"gave away", "sold", "lost"}, box: "album", boxes: "albums", place: "drawer", shop: "post office"},
	{one: "rose", many: "roses", kinds: []string{"red", "white", "pink"}, gain: []string{"picked", "cut", "bought"}, lose: []string{"sold", "gave away", "threw away"}, box: "vase", boxes: "vases", place: "vase", shop: "flower shop"},
	{one: "tulip", many: "tulips", kinds: []string{"yellow", "purple", "red"}, gain: []string{"picked", "planted", "bought"}, lose: []string{"sold", "gave away", "lost"}, box: "bouquet", boxes: "bouquets", place: "flower bed", shop: "garden center"},
	{one: "balloon", many: "balloons", kinds: []string{"red", "silver", "green"}, gain: []string{"blew up", "bought", "got"}, lose: []string{"popped", "lost", "gave away"}, box: "bunch", boxes: "bunches", place: "room", shop: "party store"},
	{one: "pencil", many: "pencils", kinds: []string{"yellow", "colored", "short"}, gain: []string{"bought", "found", "got"}, lose: []string{"lost", "broke", "gave away"}, box: "case", boxes: "cases", place: "cup", shop: "school store"},
	{one: "crayon", many: "crayons", kinds: []string{"blue", "orange", "purple"}, gain: []string{"bought", "found", "got"}, lose: []string{"broke", "lost", "gave away"}, box: "box", boxes: "boxes", place: "bin", shop: "art store"},
	{one: "book", many: "books", kinds: []string{"mystery", "history", "comic"}, gain: []string{"bought", "borrowed", "found"}, lose: []string{"gave away", "sold", "donated"}, box: "box", boxes: "boxes", place: "bookcase", shop: "bookstore"},
	{one: "toy car", many: "toy cars", kinds: []string{"red", "racing", "metal"}, gain: []string{"bought", "won", "got"}, lose: []string{"lost", "gave away", "broke"}, box: "case", boxes: "cases", place: "toy box", shop: "toy store"},
	{one: "fish", many: "fish", kinds: []string{"small", "large"}, gain: []string{"caught", "bought"}, lose: []string{"released", "sold", "gave away"}, box: "tank", boxes: "tanks", place: "pond", shop: "pet store"},
	{one: "photo", many: "photos", kinds: []string{"color", "old", "beach"}, gain: []string{"took", "printed"}, lose: []string{"deleted", "lost", "gave away"}, box: "album", boxes: "albums", place: "folder", shop: "photo shop"},
	{one: "bead", many: "beads", kinds: []string{"glass", "wooden", "gold"}, gain: []string{"bought", "found", "got"}, lose: []string{"lost", "used", "dropped"}, box: "bag", boxes: "bags", place: "tin", shop: "craft store"},
	{one: "button", many: "buttons", kinds: []string{"round", "square", "shiny"}, gain: []string{"found", "bought", "collected"}, lose: []string{"lost", "used", "gave away"}, box: "jar", boxes: "jars", place: "sewing box", shop: "craft store"},
	{one: "video game", many: "video games", kinds: []string{"new", "used", "puzzle"}, gain: []string{"bought", "won", "got"}, lose: []string{"sold", "traded away", "gave away"}, box: "case", boxes: "cases", place: "cabinet", shop: "game store"},
	{one: "carrot", many: "carrots", kinds: []string{"orange", "purple", "baby"}, gain: []string{"picked", "pulled", "grew"}, lose: []string{"ate", "gave away", "cooked"}, box: "bunch", boxes: "bunches", place: "garden", shop: "farm stand", food: true},
}

// scene is the cast and setting of one story.
type scene struct {
	rng    *rand.Rand
	p, m   person // the main person and another
	it     thing
	k1, k2 string // two kinds of the thing
	d1, d2 string // two days in order
}

var synthDays = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

// newScene draws a cast of two different people, a thing (one that can
// be eaten when food is set), two of its kinds and two days.
func newScene(rng *rand.Rand, food bool) *scene {
	s := &scene{rng: rng}
	i := rng.Perm(len(synthPeople))
	s.p, s.m = synthPeople[i[0]], synthPeople[i[1]]
	for {
		s.it = synthThings[rng.Intn(len(synthThings))]
		if !food || s.it.food {
			break
		}
	}
	j := rng.Perm(len(s.it.kinds))
	s.k1, s.k2 = s.it.kinds[j[0]], s.it.kinds[j[1]]
	d := rng.Intn(len(synthDays) - 1)
	s.d1, s.d2 = synthDays[d], synthDays[d+1]
	return s
}

// pick returns one of the choices at random.
func (s *scene) pick(choices ...string) string { return choices[s.rng.Intn(len(choices))] }

// n writes a count of the thing, singular for 1: "5 apples", "1 apple".
func (s *scene) n(k int) string { return count(k, s.it.one, s.it.many) }

// nk writes a count of a kind of the thing: "5 red apples".
func (s *scene) nk(k int, kind string) string {
	return count(k, kind+" "+s.it.one, kind+" "+s.it.many)
}

// count writes k with the singular or plural noun.
func count(k int, one, many string) string {
	if k == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", k, many)
}

// be is "was" for 1 and "were" otherwise.
func be(k int) string {
	if k == 1 {
		return "was"
	}
	return "were"
}

// gain and lose draw a verb of getting or losing the thing.
func (s *scene) gain() string { return s.pick(s.it.gain...) }
func (s *scene) lose() string { return s.pick(s.it.lose...) }

// sentences joins sentences with spaces.
func sentences(ss ...string) string { return strings.Join(ss, " ") }

// synthJob is a paid chore, for the a·(b−c) stories.
type synthJob struct{ one, many, do, does string }

var synthJobs = []synthJob{
	{"lawn", "lawns", "mow", "mows"},
	{"dog", "dogs", "walk", "walks"},
	{"car", "cars", "wash", "washes"},
	{"room", "rooms", "clean", "cleans"},
	{"window", "windows", "wash", "washes"},
	{"bike", "bikes", "fix", "fixes"},
}

// synthFoes are what a video game player defeats.
var synthFoes = [][2]string{{"monster", "monsters"}, {"robot", "robots"}, {"dragon", "dragons"}, {"alien", "aliens"}, {"zombie", "zombies"}, {"ghost", "ghosts"}}

// synthTemplates are the stories, by pattern. a, b, c are the operands in
// the equation's order.
var synthTemplates = []synthTemplate{
	// (a+b)-c
	{pattern: PatternAddSub, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s had %s.", s.p.name, s.n(a)),
			fmt.Sprintf("%s %s %d more.", s.p.He, s.gain(), b),
			fmt.Sprintf("%s %s %s %d of them.", s.pick("Then", "Later", "After that,"), s.p.he, s.lose(), c),
			s.pick(
				fmt.Sprintf("How many %s does %s have now?", s.it.many, s.p.name),
				fmt.Sprintf("How many %s does %s have left?", s.it.many, s.p.he),
				fmt.Sprintf("How many %s did %s end up with?", s.it.many, s.p.name)))
	}},
	{pattern: PatternAddSub, ok: func(a, b, c int) bool { return c <= a }, text: func(s *scene, a, b, c int) string {
		if s.rng.Intn(2) == 0 {
			return sentences(
				fmt.Sprintf("%s had %s.", s.p.name, s.n(a)),
				fmt.Sprintf("If %s %s %d of them and %s %s %d more, how many %s would %s have?", s.p.he, s.lose(), c,
					s.pick("then later", "later", "then", "the next day"), s.gain(), b, s.it.many, s.p.he))
		}
		return sentences(
			fmt.Sprintf("%s had %s.", s.p.name, s.n(a)),
			fmt.Sprintf("%s %s %d of them, and %s %s %s %d more.", s.p.He, s.lose(), c, s.pick("later", "the next day", "then"), s.p.he, s.gain(), b),
			s.pick(
				fmt.Sprintf("How many %s does %s have now?", s.it.many, s.p.he),
				fmt.Sprintf("How many %s does %s have?", s.it.many, s.p.name)))
	}},
	{pattern: PatternAddSub, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s %s %s and %s %s %s.", s.p.name, s.gain(), s.n(a), s.m.name, s.gain(), s.n(b)),
			fmt.Sprintf("They %s %d of the %s.", s.lose(), c, s.it.many),
			s.pick(
				fmt.Sprintf("How many %s do they have left?", s.it.many),
				fmt.Sprintf("How many %s do %s and %s have now?", s.it.many, s.p.name, s.m.name)))
	}},
	{pattern: PatternAddSub, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("The %s had %s and %s.", s.it.shop, s.nk(a, s.k1), s.nk(b, s.k2)),
			fmt.Sprintf("If %s %s sold %s, how many %s are left at the %s?", s.n(c), be(c), s.pick("today", "in the morning", "by noon"), s.it.many, s.it.shop))
	}},
	{pattern: PatternAddSub, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("There %s %s in the %s.", be(a), s.n(a), s.it.place),
			fmt.Sprintf("%s put in %d more, and %s took out %d.", s.p.name, b, s.m.name, c),
			fmt.Sprintf("How many %s are in the %s now?", s.it.many, s.it.place))
	}},
	{pattern: PatternAddSub, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s already had %s.", s.p.name, s.n(a)),
			fmt.Sprintf("On %s %s %s %d more, but %s %s %d %s.", s.d1, s.p.he, s.gain(), b, s.p.he, s.lose(), c, s.pick("on the way home", "the same day", "by evening")),
			fmt.Sprintf("How many %s does %s have now?", s.it.many, s.p.name))
	}},
	{pattern: PatternAddSub, ok: func(a, b, c int) bool { return c <= b }, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s gave %s %s.", s.m.name, s.p.name, s.n(b)),
			fmt.Sprintf("%s had %d %s before, and %s %s %d of the new ones.", s.p.He, a, s.it.many, s.p.he, s.lose(), c),
			fmt.Sprintf("How many %s does %s have %s?", s.it.many, s.p.name, s.pick("now", "in all", "left")))
	}},

	// a*(b+c)
	{pattern: PatternMulAdd, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s has %d %s.", s.p.name, a, s.it.boxes),
			fmt.Sprintf("Each %s holds %s and %s.", s.it.box, s.nk(b, s.k1), s.nk(c, s.k2)),
			fmt.Sprintf("How many %s does %s have %s?", s.it.many, s.p.he, s.pick("in all", "altogether", "in total")))
	}},
	{pattern: PatternMulAdd, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s earns %d dollars an hour %s.", s.p.name, a, s.pick("babysitting", "at the library", "at the pet store", "tutoring")),
			fmt.Sprintf("%s worked %s on %s and %s on %s.", s.p.He, count(b, "hour", "hours"), s.d1, count(c, "hour", "hours"), s.d2),
			fmt.Sprintf("How many dollars did %s earn %s?", s.p.he, s.pick("in those two days", "in all", "altogether")))
	}},
	{pattern: PatternMulAdd, text: func(s *scene, a, b, c int) string {
		unit := s.pick("points", "stars", "dollars")
		return sentences(
			fmt.Sprintf("%s %s %s on %s and %s on %s.", s.p.name, s.pick("practiced piano for", "worked for", "volunteered for", "swam for"), count(b, "hour", "hours"), s.d1, count(c, "hour", "hours"), s.d2),
			fmt.Sprintf("If %s %s %d %s each hour, how many %s did %s %s?", s.p.he, s.pick("earns", "gets"), a, unit, unit, s.p.he, s.pick("get", "collect")))
	}},
	{pattern: PatternMulAdd, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("The %s sells %s for %d dollars each.", s.it.shop, s.it.many, a),
			fmt.Sprintf("It sold %d on %s and %d on %s.", b, s.d1, c, s.d2),
			fmt.Sprintf("How many dollars did the %s make from the %s?", s.it.shop, s.it.many))
	}},
	{pattern: PatternMulAdd, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s is filling %s for a %s.", s.p.name, s.it.boxes, s.pick("party", "school fair", "bake sale", "picnic")),
			fmt.Sprintf("%s puts %s and %s in each %s.", s.p.He, s.nk(b, s.k1), s.nk(c, s.k2), s.it.box),
			fmt.Sprintf("If %s fills %d %s, how many %s does %s use?", s.p.he, a, s.it.boxes, s.it.many, s.p.he))
	}},
	{pattern: PatternMulAdd, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("Each of %s's friends brought %s and %s to the %s.", s.p.name, s.nk(b, s.k1), s.nk(c, s.k2), s.pick("picnic", "party", "club meeting")),
			fmt.Sprintf("If %d friends came, how many %s did they bring?", a, s.it.many))
	}},

	// (a+b)/c
	{pattern: PatternAddDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s %s %s and %s %s %s.", s.p.name, s.gain(), s.n(a), s.m.name, s.gain(), s.n(b)),
			fmt.Sprintf("They put all of them into %s, %d in each %s.", s.it.boxes, c, s.it.box),
			fmt.Sprintf("How many %s did they %s?", s.it.boxes, s.pick("fill", "use", "need")))
	}},
	{pattern: PatternAddDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s had %s and %s %d more.", s.p.name, s.n(a), s.gain(), b),
			fmt.Sprintf("If %s shares them equally among %d %s, how many %s does each %s get?", s.p.he, c, s.pick("friends", "cousins", "classmates"), s.it.many, s.pick("one", "of them")))
	}},
	{pattern: PatternAddDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("The %s had %s and %s.", s.it.shop, s.nk(a, s.k1), s.nk(b, s.k2)),
			fmt.Sprintf("The %s were packed into %s with %d in each.", s.it.many, s.it.boxes, c),
			fmt.Sprintf("How many %s were %s?", s.it.boxes, s.pick("there", "packed", "used")))
	}},
	{pattern: PatternAddDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s wants to share %s equally among %d friends.", s.p.name, s.it.many, c),
			fmt.Sprintf("%s had %s and %s %d more.", s.p.He, s.n(a), s.gain(), b),
			fmt.Sprintf("How many %s will each friend get?", s.it.many))
	}},
	{pattern: PatternAddDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s has to read %s for %s and %s for %s.", s.p.name, count(a, "page", "pages"), s.pick("history", "science", "English"), count(b, "page", "pages"), s.pick("art class", "math", "a book club")),
			fmt.Sprintf("If %s reads %d pages a day, how many days will it take %s to finish?", s.p.he, c, s.p.him))
	}},

	// a*(b-c)
	{pattern: PatternMulSub, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("The %s had %s to sell.", s.it.shop, s.n(b)),
			fmt.Sprintf("%d of them %s %s and thrown away.", c, be(c), s.pick("damaged", "spoiled", "ruined")),
			fmt.Sprintf("If it sells the rest for %d dollars each, how many dollars will it make?", a))
	}},
	{pattern: PatternMulSub, text: func(s *scene, a, b, c int) string {
		j := synthJobs[s.rng.Intn(len(synthJobs))]
		return sentences(
			fmt.Sprintf("%s earns %d dollars for each %s %s %s.", s.p.name, a, j.one, s.p.he, j.does),
			fmt.Sprintf("%s had %s to %s, but %s forgot %d of them.", s.p.He, count(b, j.one, j.many), j.do, s.p.he, c),
			fmt.Sprintf("How many dollars did %s %s?", s.p.he, s.pick("actually earn", "earn", "make")))
	}},
	{pattern: PatternMulSub, text: func(s *scene, a, b, c int) string {
		f := synthFoes[s.rng.Intn(len(synthFoes))]
		return sentences(
			fmt.Sprintf("In a video game, each %s you defeat gives you %d points.", f[0], a),
			fmt.Sprintf("A level has %s and %s defeated all but %d of them.", count(b, f[0], f[1]), s.p.name, c),
			fmt.Sprintf("How many points did %s %s?", s.p.he, s.pick("earn", "score", "get")))
	}},
	{pattern: PatternMulSub, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s had %s of %s.", s.p.name, count(b, s.it.box, s.it.boxes), s.it.many),
			fmt.Sprintf("%s gave %d of the %s to %s.", s.p.He, c, s.it.boxes, s.m.name),
			fmt.Sprintf("If each %s holds %s, how many %s does %s have left?", s.it.box, s.n(a), s.it.many, s.p.name))
	}},
	{pattern: PatternMulSub, food: true, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s %s %s for a %s and ate %d of them.", s.p.name, s.gain(), s.n(b), s.pick("bake sale", "school fair", "yard sale"), c),
			fmt.Sprintf("%s sold each of the rest for %d dollars.", s.p.He, a),
			fmt.Sprintf("How many dollars did %s make?", s.p.he))
	}},

	// (a-b)/c
	{pattern: PatternSubDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s had %s.", s.p.name, s.n(a)),
			fmt.Sprintf("%s %s %d of them and put the rest into %d %s with the same number in each.", s.p.He, s.lose(), b, c, s.it.boxes),
			fmt.Sprintf("How many %s %s in each %s?", s.it.many, s.pick("were", "did "+s.p.he+" put"), s.it.box))
	}},
	{pattern: PatternSubDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s %s %s.", s.p.name, s.gain(), s.n(a)),
			fmt.Sprintf("After giving %d to %s, %s shared the rest equally among %d friends.", b, s.m.name, s.p.he, c),
			fmt.Sprintf("How many %s did each friend get?", s.it.many))
	}},
	{pattern: PatternSubDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("The %s had %s.", s.it.shop, s.n(a)),
			fmt.Sprintf("It sold %d of them %s and packed the rest into %s of %d.", b, s.pick("in the morning", "on "+s.d1, "before lunch"), s.it.boxes, c),
			fmt.Sprintf("How many %s did it %s?", s.it.boxes, s.pick("fill", "use", "need")))
	}},
	{pattern: PatternSubDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("%s wants to put %s into %s that hold %d each.", s.p.name, s.it.many, s.it.boxes, c),
			fmt.Sprintf("%s had %s, but %s %s %d of them.", s.p.He, s.n(a), s.p.he, s.lose(), b),
			fmt.Sprintf("How many %s can %s fill?", s.it.boxes, s.p.he))
	}},
	{pattern: PatternSubDiv, text: func(s *scene, a, b, c int) string {
		return sentences(
			fmt.Sprintf("There are %d students going on a %s.", a, s.pick("field trip", "trip to the zoo", "museum visit")),
			fmt.Sprintf("%d of them go by car and the rest ride in %d vans with the same number of students in each van.", b, c),
			"How many students are in each van?")
	}},
}

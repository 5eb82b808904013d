package prepare

import (
	"fmt"
	"math"
	"math/rand"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// MaxAugment is the largest Config.Augment: augmented copies per kept
// training problem.
const MaxAugment = 10

// A distractor is a sentence of a training problem's story that holds one
// number and reads on its own (no pronoun, no comparison, no "left" or
// "more"), kept to be inserted into another problem's story, where its
// number is one the question does not use.
type distractor struct {
	from  int    // the problem it comes from (its ID)
	text  string // the sentence
	value string // its number's exact value (RatString)
	words []string
	nouns []string // the lemmas of the words after its number (its unit, what it counts)
	kinds []string // the measure kinds it speaks of (money, time, length, …)
	name  string   // its first word when that is a name, else ""
	cased bool     // whether the problem it comes from has capitals
}

// sentenceEnd cuts a story into sentences: a '.', '!' or '?' followed by
// white space or the end (a decimal point is followed by a digit).
var sentenceEnd = regexp.MustCompile(`[.!?](\s+|$)`)

// wordRE finds the words of a sentence.
var wordRE = regexp.MustCompile(`[A-Za-z]+`)

// sentences cuts a text into its sentences, each with its closing mark.
func sentences(text string) []string {
	var out []string
	last := 0
	for _, m := range sentenceEnd.FindAllStringIndex(text, -1) {
		if s := strings.TrimSpace(text[last:m[1]]); s != "" {
			out = append(out, s)
		}
		last = m[1]
	}
	if s := strings.TrimSpace(text[last:]); s != "" {
		out = append(out, s)
	}
	return out
}

// relationalWords tie a sentence to another number or to the story's time
// ("5 more", "left", "each"): such a sentence does not read as a fact of
// its own, inserted elsewhere (notStandalone) or told of another thing
// (own.go's relational).
var relationalWords = []string{"more", "less", "fewer", "than", "left", "rest", "remaining", "remain", "total",
	"altogether", "all", "each", "every", "per", "times", "twice", "half", "other", "another", "same", "if",
	"after", "before", "again", "still", "together", "both", "instead"}

// notStandalone are words a distractor may not hold: pronouns, words that
// tie a sentence to the story around it, and the relational words.
var notStandalone = setOf(append([]string{"he", "she", "it", "they", "them", "him", "her", "his", "hers", "its",
	"their", "theirs", "we", "us", "our", "i", "me", "my", "you", "your", "this", "that", "these", "those", "then",
	"also", "too", "some", "now", "only", "already", "however"}, relationalWords...)...)

// glue and adjectives are skipped when reading what a number counts; a
// number followed by glue ("3 are eaten", "5 of them") does not say it.
var (
	glue = setOf("a", "an", "the", "of", "in", "on", "at", "to", "for", "with", "from", "by", "and", "or",
		"is", "are", "was", "were", "has", "had", "have")
	adjectives = setOf("big", "small", "large", "little", "new", "old", "red", "blue", "green", "yellow", "white", "black")
)

// generalNouns are words of a question that may count any thing
// ("how many people …"): a problem asking with one is not augmented, for
// an inserted number of teachers would then be counted.
var generalNouns = setOf("people", "person", "persons", "animal", "animals", "fruit", "fruits", "vegetable",
	"vegetables", "thing", "things", "item", "items", "object", "objects", "pet", "pets", "toy", "toys", "plant",
	"plants", "vehicle", "vehicles", "food", "foods", "bird", "birds", "student", "students", "child", "children",
	"kid", "kids", "flower", "flowers", "tree", "trees", "coin", "coins", "ball", "balls", "book", "books")

// calendar are capitalised words that are not people's names.
var calendar = setOf("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
	"february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december")

// measureKinds are words of the measures a problem may ask for without
// naming the unit ("how much money", "how long"): a distractor speaking
// of a measure is not inserted into a story that speaks of the same.
var measureKinds = map[string][]string{
	"money":  {"dollar", "dollars", "cent", "cents", "money", "cost", "costs", "price", "pay", "paid", "spend", "spent", "earn", "earned", "sold", "sell", "buy", "bought", "save", "saved", "$"},
	"time":   {"second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years", "old", "age", "long"},
	"length": {"inch", "inches", "foot", "feet", "yard", "yards", "mile", "miles", "meter", "meters", "metre", "metres", "cm", "centimeters", "km", "kilometers", "far", "tall", "long", "wide", "distance"},
	"weight": {"pound", "pounds", "ounce", "ounces", "gram", "grams", "kg", "kilograms", "ton", "tons", "heavy", "weigh", "weighs", "weight"},
	"volume": {"cup", "cups", "liter", "liters", "litre", "litres", "gallon", "gallons", "quart", "quarts", "pint", "pints", "ml", "milliliters", "spoon", "spoons", "tablespoons", "teaspoons"},
}

func setOf(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// hasNone reports whether none of words is in set.
func hasNone(words []string, set map[string]bool) bool {
	for _, w := range words {
		if set[w] {
			return false
		}
	}
	return true
}

// kindsOf returns the measure kinds (measureKinds) a text speaks of.
func kindsOf(text string, words []string) []string {
	var out []string
	for k, ws := range measureKinds {
		for _, w := range ws {
			if (w == "$" && strings.Contains(text, "$")) || slices.Contains(words, w) {
				out = append(out, k)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// lowerWords returns the words of a text, lower-cased.
func lowerWords(text string) []string {
	ws := wordRE.FindAllString(text, -1)
	for i, w := range ws {
		ws[i] = strings.ToLower(w)
	}
	return ws
}

// hasCapitals reports whether a text has a capital letter (the MAWPS
// problems do; ASDiv-A's are lower-cased).
func hasCapitals(text string) bool { return strings.IndexFunc(text, unicode.IsUpper) >= 0 }

// distractors returns the sentences of the training problems that can be
// inserted into another story (see distractor). lower holds the words
// the training problems write in lower case, to tell a name ("Mary")
// from a word that starts a sentence ("There").
func distractors(train []source.Problem, lower map[string]bool) []distractor {
	var out []distractor
	for _, p := range train {
		body, err := reader.SplitQuestion(p.Text)
		if err != nil || body == "" {
			continue
		}
		cased := hasCapitals(p.Text)
		for _, s := range sentences(body) {
			if d, ok := newDistractor(p.ID, s, lower, cased); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

// newDistractor makes the distractor of a sentence, if it is one.
func newDistractor(from int, s string, lower map[string]bool, cased bool) (distractor, bool) {
	if !strings.HasSuffix(s, ".") {
		return distractor{}, false
	}
	q, err := reader.ParseQuestion(s)
	if err != nil || len(q.Quantities) != 1 || len(q.Ignored) > 0 {
		return distractor{}, false
	}
	words := lowerWords(s)
	if len(words) < 3 || len(words) > 16 {
		return distractor{}, false
	}
	if !hasNone(words, notStandalone) {
		return distractor{}, false
	}
	d := distractor{from: from, text: s, value: q.Quantities[0].Value.RatString(), words: words, cased: cased}
	n := q.Quantities[0]
	if next := n.Pos + n.Len; next >= len(q.Tokens) || glue[strings.ToLower(q.Tokens[next])] {
		return distractor{}, false // "3 are eaten …": what it counts is not said
	}
	for j := n.Pos + n.Len; j < len(q.Tokens) && j < n.Pos+n.Len+3; j++ {
		w := strings.ToLower(q.Tokens[j])
		if !wordRE.MatchString(w) || w != wordRE.FindString(w) {
			break
		}
		if !glue[w] && !adjectives[w] {
			d.nouns = append(d.nouns, reader.Lemma(w))
		}
	}
	if len(d.nouns) == 0 {
		return distractor{}, false // a bare number: what it counts is unknown
	}
	d.kinds = kindsOf(s, words)
	if first := wordRE.FindString(s); first != "" && s[0] == first[0] && unicode.IsUpper(rune(first[0])) && !lower[strings.ToLower(first)] && !calendar[strings.ToLower(first)] {
		d.name = first
	}
	return d, true
}

// target is what is known of a problem a distractor may be inserted into.
type target struct {
	p      source.Problem
	body   []string // the sentences of its story before the question
	rest   string   // its question
	words  map[string]bool
	kinds  []string
	values []string // its numbers' exact values
	name   string   // the first name of its story, "" if none
	cased  bool
}

// newTarget reads a problem for insertion; ok is false for one whose
// question asks with a general noun or that has no story before its
// question or already the most numbers a sketch takes.
func newTarget(p source.Problem, q reader.Question, lower map[string]bool) (target, bool) {
	if len(q.Quantities) >= model.MaxNumbers {
		return target{}, false
	}
	ss := sentences(p.Text)
	if len(ss) < 2 {
		return target{}, false
	}
	last := strings.LastIndex(p.Text, ss[len(ss)-1])
	body := strings.TrimSpace(p.Text[:last])
	t := target{p: p, body: sentences(body), rest: ss[len(ss)-1], words: map[string]bool{}, cased: hasCapitals(p.Text)}
	if !hasNone(lowerWords(t.rest), generalNouns) {
		return target{}, false
	}
	words := lowerWords(p.Text)
	for _, w := range words {
		t.words[reader.Lemma(w)] = true
	}
	t.kinds = kindsOf(p.Text, words)
	for _, n := range q.Quantities {
		t.values = append(t.values, n.Value.RatString())
	}
	for _, w := range wordRE.FindAllString(body, -1) {
		if unicode.IsUpper(rune(w[0])) && !lower[strings.ToLower(w)] && !calendar[strings.ToLower(w)] {
			t.name = w
			break
		}
	}
	return t, true
}

// fits reports whether a distractor may be inserted into a target: from
// another problem, written in the same case, of a number none of the
// target's, counting nothing the target names, of no measure the target
// speaks of.
func (t target) fits(d distractor) bool {
	if d.from == t.p.ID || d.cased != t.cased || slices.Contains(t.values, d.value) {
		return false
	}
	for _, n := range d.nouns {
		if t.words[n] {
			return false
		}
	}
	for _, k := range d.kinds {
		if slices.Contains(t.kinds, k) {
			return false
		}
	}
	return true
}

// insert returns the target's problem with the distractor's sentence
// inserted before its story's sentence at (at its question when at is
// the number of the story's sentences); a distractor that starts with a
// name takes the story's first name instead, as people's distractors
// speak of the story's people ("Mary also has 4 pencils").
func (t target) insert(d distractor, id, at int) source.Problem {
	s := d.text
	if d.name != "" && t.name != "" {
		s = t.name + s[len(d.name):]
	}
	return t.insertSentence(s, d.from, id, at)
}

// insertSentence returns the target's problem with sentence s, made from
// training problem from, inserted before its story's sentence at.
func (t target) insertSentence(s string, from, id, at int) source.Problem {
	p := t.p
	p.ID = id
	p.Text = strings.Join(slices.Concat(t.body[:at], []string{s}, t.body[at:], []string{t.rest}), " ")
	where := t.p.Where
	if where == "" {
		where = fmt.Sprintf("problem %d", t.p.ID)
	}
	p.Where = fmt.Sprintf("%s with a sentence of training problem %d", where, from)
	return p
}

// MixCounts counts problems by their numbers and by their equation's
// operations (0 where it has no equation that parses).
type MixCounts struct {
	Numbers    map[int]int `json:"numbers"`
	Operations map[int]int `json:"operations"`
}

// AugmentSummary is what the augmentation did (Summary.Augment).
type AugmentSummary struct {
	// Ratio is Config.Augment.
	Ratio float64 `json:"ratio"`
	// Asked is the copies asked for (Ratio times the kept training
	// problems, stratum by stratum), Added those made.
	Asked int `json:"asked"`
	Added int `json:"added"`
	// Own is Config.AugmentOwn; OwnAdded counts the copies whose
	// sentence is one of their own story's told of another thing.
	Own      bool `json:"own,omitempty"`
	OwnAdded int  `json:"own_added,omitempty"`
	// Distractors is the number of training sentences that can be
	// inserted.
	Distractors int `json:"distractors"`
	// Before and After are the training split's mix without and with the
	// copies.
	Before MixCounts `json:"before"`
	After  MixCounts `json:"after"`
	// Dev is the number of dev problems given a sentence (Config.UnusedDev),
	// DevLeft those left out for want of one that fits.
	Dev     int `json:"dev,omitempty"`
	DevLeft int `json:"dev_left,omitempty"`
}

// operations counts the operations of an equation (0 where there is none
// or it does not parse).
func operations(eq string) int {
	t, err := cc.ParseEquation(eq)
	if err != nil {
		return 0
	}
	var count func(*cc.Tree) int
	count = func(t *cc.Tree) int {
		if t.Op == 0 {
			return 0
		}
		return 1 + count(t.L) + count(t.R)
	}
	return count(t)
}

// add counts problems into a mix.
func (m *MixCounts) add(ps []source.Problem, qs []reader.Question) {
	if m.Numbers == nil {
		m.Numbers, m.Operations = map[int]int{}, map[int]int{}
	}
	for i, p := range ps {
		m.Numbers[len(qs[i].Quantities)]++
		m.Operations[operations(p.Equation)]++
	}
}

// lowerWordSet returns the words the problems written with capitals
// write in lower case (a lower-cased problem tells no name apart).
func lowerWordSet(ps []source.Problem) map[string]bool {
	m := map[string]bool{}
	for _, p := range ps {
		if !hasCapitals(p.Text) {
			continue
		}
		for _, w := range wordRE.FindAllString(p.Text, -1) {
			if !unicode.IsUpper(rune(w[0])) {
				m[w] = true
			}
		}
	}
	return m
}

// inserter inserts distractors of the training split into problems.
type inserter struct {
	ds    []distractor
	lower map[string]bool
	rng   *rand.Rand
	// own makes a problem's distractor, where it can, one of its own
	// sentences told of another thing (own.go); own counts those made.
	own  bool
	owns int
}

// maxTries is how many distractors are drawn for a problem before it is
// given up.
const maxTries = 200

// newInserter collects the distractors of the kept training problems.
func newInserter(train []source.Problem, seed int64) *inserter {
	lower := lowerWordSet(train)
	return &inserter{ds: distractors(train, lower), lower: lower, rng: rand.New(rand.NewSource(seed))}
}

// one inserts a fitting distractor into p (read as q), before one of its
// story's sentences or its question drawn at random (so that where a
// number stands does not tell that it is unused), and reads the result
// back: ok is false when the problem takes none, or none of maxTries
// drawn fits and reads as p's numbers and one more that its equation does
// not use.
func (in *inserter) one(p source.Problem, q reader.Question, id int) (source.Problem, reader.Question, bool) {
	t, ok := newTarget(p, q, in.lower)
	if !ok || len(in.ds) == 0 {
		return source.Problem{}, reader.Question{}, false
	}
	var own []int
	if in.own {
		own = t.ownSentences()
	}
	for range maxTries {
		d := in.ds[in.rng.Intn(len(in.ds))]
		if !t.fits(d) {
			continue
		}
		at := in.rng.Intn(len(t.body) + 1)
		var a source.Problem
		if len(own) > 0 {
			s, ok := t.retell(own[in.rng.Intn(len(own))], d)
			if !ok {
				continue
			}
			a = t.insertSentence(s, d.from, id, at)
		} else {
			a = t.insert(d, id, at)
		}
		aq, reason, _ := readProblem(a)
		if reason != "" || len(aq.Quantities) != len(q.Quantities)+1 {
			continue
		}
		if len(own) > 0 {
			in.owns++
		}
		return a, aq, true
	}
	return source.Problem{}, reader.Question{}, false
}

// augmentTrain makes ratio copies per kept training problem, each with a
// sentence of another training problem inserted into its story (one;
// with own, one of its own sentences told of that sentence's thing where
// it has one),
// drawn stratum by stratum (the problem's count of numbers and of its
// equation's operations) so that the copies keep the split's mix. It
// reads the training split alone; the copies take IDs from firstID on.
func augmentTrain(train []source.Problem, qs []reader.Question, ratio float64, own bool, seed int64, firstID int) ([]source.Problem, []reader.Question, AugmentSummary) {
	in := newInserter(train, seed)
	in.own = own
	sum := AugmentSummary{Ratio: ratio, Own: own, Distractors: len(in.ds)}
	sum.Before.add(train, qs)
	type key struct{ n, ops int }
	strata := map[key][]int{}
	var keys []key
	for i, p := range train {
		k := key{len(qs[i].Quantities), operations(p.Equation)}
		if _, ok := strata[k]; !ok {
			keys = append(keys, k)
		}
		strata[k] = append(strata[k], i)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i].n < keys[j].n || keys[i].n == keys[j].n && keys[i].ops < keys[j].ops
	})
	var ps []source.Problem
	var aqs []reader.Question
	for _, k := range keys {
		members := strata[k]
		want := int(math.Round(ratio * float64(len(members))))
		sum.Asked += want
		order := in.rng.Perm(len(members))
		tries := len(members) * int(math.Ceil(ratio)) // each problem at most ⌈ratio⌉ copies
		for j, made := 0, 0; made < want && j < tries; j++ {
			i := members[order[j%len(members)]]
			if a, aq, ok := in.one(train[i], qs[i], firstID+len(ps)); ok {
				ps, aqs = append(ps, a), append(aqs, aq)
				made++
			}
		}
	}
	sum.Added, sum.OwnAdded = len(ps), in.owns
	sum.After.add(train, qs)
	sum.After.add(ps, aqs)
	return ps, aqs, sum
}

// unusedDev gives each dev problem a sentence of a training problem
// (inserter.one): the dev set with unused numbers that Config.UnusedDev
// asks for. A dev problem no sentence fits is left out (left counts it).
func unusedDev(train []source.Problem, dev []source.Problem, devQs []reader.Question, seed int64) ([]source.Problem, []reader.Question, int) {
	in := newInserter(train, seed)
	var ps []source.Problem
	var qs []reader.Question
	left := 0
	for i, p := range dev {
		a, aq, ok := in.one(p, devQs[i], p.ID)
		if !ok {
			left++
			continue
		}
		ps, qs = append(ps, a), append(qs, aq)
	}
	return ps, qs, left
}

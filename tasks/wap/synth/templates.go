package synth

import (
	"embed"
	"fmt"
	"math/rand"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// This file is the engine that reads the English of the frames and of the
// teller: the phrase books of data/text/*.tsv, one a Go file, and the
// question sets of data/text/questions.tsv, which hold the words while
// the Go code keeps the logic (which numbers suit, what is drawn and in
// which order). Tables of data/*.tsv that word a value use the same
// templates (row.template: a period's "on {count}").
//
// A phrase book is a data file (see data.go) with two columns, key and
// text. A key names an entry of the book; its text is one or more
// alternatives separated by bars, each a template (lines of
// data/text/rentals.tsv and realise.tsv):
//
//	key        text
//	at price   at {price} {each}
//	cancel     cancel/canceled|cancel/cancelled
//	and then   ", and then "|" and then "|", then "|" and then later "|" and later "
//
// An alternative with blanks at its ends, or an empty one, is written in
// double quotes as a Go string ("" is nothing); any other is written as it
// is. A template's holes are lower-case names in braces, {price}; the
// holes {main} and {other} (also {main=}, {main's}, {main^}) are the
// story's actors, which the teller fills when the story is told
// (realise.go's expand), so they stay in the text.
//
// The Go code reads an entry with a method of the book, which names the
// key and, for a template with holes, their values:
//
//	enRentals.one("at price", holes{"price": m, "each": each}) // the one alternative, filled
//	enRentals.pick(g.rng, "because", nil)                     // draws one of 3 alternatives: rng.Intn(3)
//	enRealise.list("and then", nil)                           // every alternative, in order
//	enRealise.choose(rng, "embedded").fill(holes{"q": q})     // draws now, fills later
//	enRentals.verb("charge")                                  // the entry as a verb (data.go's syntax)
//	pick(g.rng, enRentals.verbs("cancel"))                    // the alternatives as verbs
//	enRecipes.verbsWith("plan", holes{"make": "bake"})        // the alternatives, filled, as verbs
//
// pick draws exactly as pick(rng, xs) over the alternatives in their order,
// one and list draw nothing. A key the book lacks, a hole without a value
// and a value for a hole no alternative has panic (a bug of the Go code,
// not of the input), and TestPhraseBooks walks every call in the Go code:
// each key it names is in its book, each holes literal gives exactly the
// entry's holes, and each entry of each book is read by some call.

//go:embed data/text/*.tsv
var textFiles embed.FS

// holes are the values of a template's holes by name.
type holes map[string]string

// book is a phrase book: the entries of one data file by key.
type book struct {
	file    string
	entries map[string]*entry
}

// entry is one key of a phrase book.
type entry struct {
	where string     // "data/text/rentals.tsv:12", for errors
	alts  []template // the alternatives in their order
	holes []string   // the holes of all alternatives, each once, sorted
	verbs []verb     // the alternatives as verbs, or nil when one is not a verb
	nouns []noun     // the alternatives as nouns, or nil when one is not a noun
}

// template is one alternative: literal text and holes in turn.
type template struct {
	text  string
	parts []part
}

// part is a piece of a template: literal text, or a hole when hole is set.
type part struct {
	text string
	hole bool
}

// phraseBook reads the phrase book name (name plus ".tsv" in data/text);
// it panics on an error, which only a broken data file causes
// (TestPhraseBooks reads every file).
func phraseBook(name string) *book {
	b, err := readBook(name)
	if err != nil {
		panic("synth: " + err.Error())
	}
	return b
}

// booksRead holds the phrase books read by name, for the tests.
var booksRead = map[string]*book{}

// readBook reads and decodes the phrase book name.
func readBook(name string) (*book, error) {
	file := "data/text/" + name + ".tsv"
	text, err := textFiles.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	b, err := decodeBook(file, string(text))
	if err == nil {
		booksRead[name] = b
	}
	return b, err
}

// decodeBook decodes the text of a phrase book (named file in errors).
func decodeBook(file, text string) (*book, error) {
	type keyed struct {
		key string
		e   *entry
	}
	es, err := decode(file, text, func(r *row) keyed {
		e := &entry{where: fmt.Sprintf("%s:%d", r.file, r.line)}
		key := r.need("key")
		for _, s := range alternatives(r, r.cell("text")) {
			tm, err := parseTemplate(s)
			if err != nil {
				r.fail("text", s, err.Error())
			}
			e.alts = append(e.alts, tm)
			for _, p := range tm.parts {
				if p.hole && !slices.Contains(e.holes, p.text) {
					e.holes = append(e.holes, p.text)
				}
			}
		}
		slices.Sort(e.holes)
		if len(e.holes) == 0 {
			e.verbs, e.nouns = asWords(e.alts)
		}
		return keyed{key, e}
	})
	if err != nil {
		return nil, err
	}
	b := &book{file: file, entries: map[string]*entry{}}
	for _, k := range es {
		if _, dup := b.entries[k.key]; dup {
			return nil, fmt.Errorf("%s: key %q twice", k.e.where, k.key)
		}
		b.entries[k.key] = k.e
	}
	return b, nil
}

// alternatives splits a text cell at its bars and unquotes the quoted
// alternatives.
func alternatives(r *row, s string) []string {
	var out []string
	for _, a := range strings.Split(s, "|") {
		switch {
		case strings.HasPrefix(a, `"`):
			u, err := strconv.Unquote(a)
			if err != nil {
				r.fail("text", a, `a Go string in double quotes`)
			}
			a = u
		case a == "" || strings.TrimSpace(a) != a:
			r.fail("text", a, `an alternative without blanks at its ends (quote it: " and ")`)
		}
		out = append(out, a)
	}
	return out
}

// holeName matches a hole's name; actorHole one of the story's actors,
// which the teller fills.
var (
	holeName  = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	actorHole = regexp.MustCompile(`^(main|other)(=|'s|\^)?$`)
)

// parseTemplate splits an alternative into literal text and holes.
func parseTemplate(s string) (template, error) {
	tm := template{text: s}
	lit := ""
	for rest := s; rest != ""; {
		i := strings.IndexAny(rest, "{}")
		if i < 0 {
			lit += rest
			break
		}
		lit += rest[:i]
		if rest[i] == '}' {
			return tm, fmt.Errorf("a template whose braces pair up: a } without {")
		}
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return tm, fmt.Errorf("a template whose braces pair up: a { without }")
		}
		name := rest[i+1 : i+j]
		rest = rest[i+j+1:]
		if actorHole.MatchString(name) {
			lit += "{" + name + "}"
			continue
		}
		if !holeName.MatchString(name) {
			return tm, fmt.Errorf("holes named in lower-case letters and digits: {%s}", name)
		}
		if lit != "" {
			tm.parts = append(tm.parts, part{text: lit})
			lit = ""
		}
		tm.parts = append(tm.parts, part{text: name, hole: true})
	}
	if lit != "" {
		tm.parts = append(tm.parts, part{text: lit})
	}
	return tm, nil
}

// yes is "yes" for true and "" for false: the value of a hole {plural}.
func yes(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

// verbText writes a verb as a hole of a verb takes it:
// "give/gave/given".
func verbText(w verb) string { return w.base + "/" + w.past + "/" + w.part }

// filledVerb reads s, a filled template, as a verb (data.go's syntax); it
// panics when s is not one.
func filledVerb(where, s string) verb {
	r := &row{cols: []string{"text"}, used: map[string]bool{}}
	w := r.verbOf("text", s)
	if r.err != nil || w == (verb{}) {
		panic(fmt.Sprintf("synth: %s: %q is not a verb", where, s))
	}
	return w
}

// asWords reads alternatives without holes as verbs and as nouns (data.go's
// syntax); each is nil when an alternative is not one.
func asWords(alts []template) ([]verb, []noun) {
	var vs []verb
	var ns []noun
	rv := &row{cols: []string{"text"}, used: map[string]bool{}}
	rn := &row{cols: []string{"text"}, used: map[string]bool{}}
	for _, a := range alts {
		vs = append(vs, rv.verbOf("text", a.text))
		ns = append(ns, rn.nounOf("text", a.text))
	}
	if rv.err != nil || slices.Contains(vs, verb{}) {
		vs = nil
	}
	if rn.err != nil || slices.Contains(ns, noun{}) {
		ns = nil
	}
	return vs, ns
}

// template reads the cell of col, in a table of data/*.tsv, as one
// template whose holes are among names: a wording of a value, such as a
// bill cut's "{amount} off the bill" or a period's "on {count}".
func (r *row) template(col string, names ...string) template {
	s := r.need(col)
	tm, err := parseTemplate(s)
	if err != nil {
		r.fail(col, s, err.Error())
		return tm
	}
	for _, p := range tm.parts {
		if p.hole && !slices.Contains(names, p.text) {
			r.fail(col, s, fmt.Sprintf("a template whose holes are among {%s}", strings.Join(names, "}, {")))
		}
	}
	return tm
}

// with writes a template of a table with its holes filled by h; as for
// a phrase book's entry, a hole without a value and a value without a
// hole panic.
func (tm template) with(h holes) string {
	e := entry{where: strconv.Quote(tm.text), alts: []template{tm}}
	for _, p := range tm.parts {
		if p.hole && !slices.Contains(e.holes, p.text) {
			e.holes = append(e.holes, p.text)
		}
	}
	return e.fill(0, tm.text, h)
}

// get is the entry of key; it panics when the book lacks it.
func (b *book) get(key string) *entry {
	e, ok := b.entries[key]
	if !ok {
		panic(fmt.Sprintf("synth: %s: no key %q", b.file, key))
	}
	return e
}

// one is the text of key, whose entry has one alternative, with its holes
// filled.
func (b *book) one(key string, h holes) string {
	e := b.get(key)
	if len(e.alts) != 1 {
		panic(fmt.Sprintf("synth: %s: key %q has %d alternatives, want 1 (draw with pick)", e.where, key, len(e.alts)))
	}
	return e.fill(0, key, h)
}

// pick draws one alternative of key, as pick(rng, alternatives) does, and
// fills its holes.
func (b *book) pick(rng *rand.Rand, key string, h holes) string {
	e := b.get(key)
	return e.fill(rng.Intn(len(e.alts)), key, h)
}

// list is every alternative of key in order, with its holes filled.
func (b *book) list(key string, h holes) []string {
	e := b.get(key)
	out := make([]string, len(e.alts))
	for i := range e.alts {
		out[i] = e.fill(i, key, h)
	}
	return out
}

// choice is an alternative drawn now and filled later: choose draws it.
type choice struct {
	e   *entry
	key string
	i   int
}

// choose draws one alternative of key, as pick does, to be filled later;
// with a nil rng the entry must have one alternative, which is taken
// without a draw.
func (b *book) choose(rng *rand.Rand, key string) choice {
	e := b.get(key)
	if rng == nil {
		if len(e.alts) != 1 {
			panic(fmt.Sprintf("synth: %s: key %q has %d alternatives, want 1 (choose with an rng)", e.where, key, len(e.alts)))
		}
		return choice{e, key, 0}
	}
	return choice{e, key, rng.Intn(len(e.alts))}
}

// fill writes the alternative drawn with its holes filled by h.
func (c choice) fill(h holes) string { return c.e.fill(c.i, c.key, h) }

// verb is the entry of key, with one alternative, as a verb.
func (b *book) verb(key string) verb {
	vs := b.verbs(key)
	if len(vs) != 1 {
		panic(fmt.Sprintf("synth: %s: key %q has %d verbs, want 1", b.get(key).where, key, len(vs)))
	}
	return vs[0]
}

// verbs are the alternatives of key as verbs.
func (b *book) verbs(key string) []verb {
	e := b.get(key)
	if e.verbs == nil {
		panic(fmt.Sprintf("synth: %s: key %q is not a list of verbs", e.where, key))
	}
	return e.verbs
}

// verbsWith are the alternatives of key, filled by h, as verbs: "plan to
// {make}" with holes{"make": "bake"}.
func (b *book) verbsWith(key string, h holes) []verb {
	e := b.get(key)
	out := make([]verb, len(e.alts))
	for i := range e.alts {
		out[i] = filledVerb(e.where, e.fill(i, key, h))
	}
	return out
}

// noun is the entry of key, with one alternative, as a noun.
func (b *book) noun(key string) noun {
	e := b.get(key)
	if e.nouns == nil || len(e.nouns) != 1 {
		panic(fmt.Sprintf("synth: %s: key %q is not one noun", e.where, key))
	}
	return e.nouns[0]
}

// fill writes alternative i with its holes filled by h: every hole of the
// alternative needs a value, and every value a hole of the entry.
func (e *entry) fill(i int, key string, h holes) string {
	for name := range h {
		if !slices.Contains(e.holes, name) {
			panic(fmt.Sprintf("synth: %s: key %q has no hole {%s}", e.where, key, name))
		}
	}
	tm := e.alts[i]
	if len(tm.parts) == 1 && !tm.parts[0].hole {
		return tm.text
	}
	var s strings.Builder
	for _, p := range tm.parts {
		if !p.hole {
			s.WriteString(p.text)
			continue
		}
		v, ok := h[p.text]
		if !ok {
			panic(fmt.Sprintf("synth: %s: key %q: hole {%s} has no value", e.where, key, p.text))
		}
		s.WriteString(v)
	}
	return s.String()
}

// The questions of the frames are in data/text/questions.tsv, one a line,
// grouped in sets by name: a frame asks asked(set, who, holes) for the
// questions of a set in their order. A line's columns are a question's
// fields (story.go's question): wh, subject, verb, aux, tail and terse are
// templates as in a phrase book (one alternative each), except that a
// subject of exactly {who} is the actor the frame passes (a name or a
// pronoun as the teller sees fit) and the verb is read as a verb once
// filled (data.go's syntax: "{make}/{made}", or {verb} with verbText);
// plural says the subject takes a plural verb ("yes", empty, or {plural}
// for a hole the frame fills with yes(b)) and no embed forbids "Find how
// much …".

// questionSets are the question sets of data/text/questions.tsv by name.
var questionSets = readQuestions()

// qTemplate is one line of data/text/questions.tsv.
type qTemplate struct {
	where                     string
	actor                     bool // the subject is the actor passed
	wh, subj, aux, tail, tell template
	v                         verb     // the verb, when it has no holes
	vt                        template // the verb with holes, read as a verb once filled
	pl, noEmbed               bool
	plt                       bool // the agreement is the hole {plural}: "yes" or ""
}

// readQuestions reads data/text/questions.tsv; it panics on an error,
// which only a broken data file causes.
func readQuestions() map[string]*questionSet {
	const file = "data/text/questions.tsv"
	text, err := textFiles.ReadFile(file)
	if err == nil {
		var sets map[string]*questionSet
		sets, err = decodeQuestions(file, string(text))
		if err == nil {
			return sets
		}
	}
	panic("synth: " + err.Error())
}

// questionSet is the questions of one set, with the holes of all of them.
type questionSet struct {
	qs    []qTemplate
	holes []string
}

// decodeQuestions decodes the text of a question file.
func decodeQuestions(file, text string) (map[string]*questionSet, error) {
	type named struct {
		set string
		q   qTemplate
	}
	rows, err := decode(file, text, func(r *row) named {
		tmpl := func(col string) template {
			tm, err := parseTemplate(r.cell(col))
			if err != nil {
				r.fail(col, r.cell(col), err.Error())
			}
			return tm
		}
		q := qTemplate{where: fmt.Sprintf("%s:%d", r.file, r.line), wh: tmpl("wh"), vt: tmpl("verb"),
			aux: tmpl("aux"), tail: tmpl("tail"), tell: tmpl("terse"), noEmbed: r.yes("no embed")}
		if r.cell("plural") == "{plural}" {
			q.plt = true
		} else {
			q.pl = r.yes("plural")
		}
		if !slices.ContainsFunc(q.vt.parts, func(p part) bool { return p.hole }) {
			q.v = r.verb("verb")
		}
		if r.need("wh") == "" || r.need("verb") == "" || r.need("aux") == "" {
			return named{}
		}
		if r.cell("subject") == "{who}" {
			q.actor = true
		} else {
			q.subj = tmpl("subject")
		}
		return named{r.need("set"), q}
	})
	if err != nil {
		return nil, err
	}
	sets := map[string]*questionSet{}
	for _, n := range rows {
		s := sets[n.set]
		if s == nil {
			s = &questionSet{}
			sets[n.set] = s
		}
		s.qs = append(s.qs, n.q)
		if n.q.plt && !slices.Contains(s.holes, "plural") {
			s.holes = append(s.holes, "plural")
		}
		for _, tm := range []template{n.q.wh, n.q.subj, n.q.vt, n.q.aux, n.q.tail, n.q.tell} {
			for _, p := range tm.parts {
				if p.hole && !slices.Contains(s.holes, p.text) {
					s.holes = append(s.holes, p.text)
				}
			}
		}
		slices.Sort(s.holes)
	}
	return sets, nil
}

// asked is the questions of set, in order, about who (for a subject
// {who}) with the holes filled by h.
func asked(set string, who *actor, h holes) []question {
	s, ok := questionSets[set]
	if !ok {
		panic(fmt.Sprintf("synth: data/text/questions.tsv: no set %q", set))
	}
	e := &entry{where: "data/text/questions.tsv", holes: s.holes}
	fill := func(tm template) string {
		e.alts = []template{tm}
		return e.fill(0, set, h)
	}
	out := make([]question, len(s.qs))
	for i, q := range s.qs {
		out[i] = question{wh: fill(q.wh), subj: fill(q.subj), pl: q.pl, v: q.v, aux: fill(q.aux),
			tail: fill(q.tail), terse: fill(q.tell), noEmbed: q.noEmbed}
		if q.plt {
			out[i].pl = h["plural"] == "yes"
		}
		if q.v == (verb{}) {
			out[i].v = filledVerb(q.where, fill(q.vt))
		}
		if q.actor {
			out[i].who = who
		}
	}
	return out
}

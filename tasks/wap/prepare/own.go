package prepare

import (
	"regexp"
	"strings"

	"github.com/d4lang/d4/reader"
)

// This file makes distractors of a story's own kind (Config.AugmentOwn):
// one of the story's sentences that counts the thing its question asks
// about, told again of another thing and another number ("A pet shop has
// 34 goldfish." gives "A pet shop has 12 hamsters." before a question
// about goldfish), as SVAMP's "add irrelevant information" writes them.
// The other thing and its number come from a distractor of another
// training problem (its "12 hamsters"), so that both read as people wrote
// them; only the question's noun tells the two sentences apart.

// countRE finds a number in digits followed by a word: "34 goldfish".
var countRE = regexp.MustCompile(`(^|\s)(\d+(?:,\d{3})*(?:\.\d+)?) ([A-Za-z]+)`)

// relational are the words (relationalWords) that keep a sentence from
// being told again of another thing: "5 more", "left", "each".
var relational = setOf(relationalWords...)

// countOf returns the one "NUMBER WORD" of a sentence with one number in
// digits followed by what it counts, as the match's number and word, and
// where the pair starts and ends in s.
func countOf(s string) (num, word string, at [2]int, ok bool) {
	ms := countRE.FindAllStringSubmatchIndex(s, -1)
	if len(ms) != 1 {
		return "", "", at, false
	}
	m := ms[0]
	num, word = s[m[4]:m[5]], s[m[6]:m[7]]
	if lw := strings.ToLower(word); glue[lw] || adjectives[lw] {
		return "", "", at, false
	}
	return num, word, [2]int{m[4], m[7]}, true
}

// ownSentences returns the sentences of a target's story that count, with
// one number, a thing its question names, and say nothing relational.
func (t target) ownSentences() []int {
	asked := map[string]bool{}
	for _, w := range lowerWords(t.rest) {
		asked[reader.Lemma(w)] = true
	}
	var out []int
	for i, s := range t.body {
		q, err := reader.ParseQuestion(s)
		if err != nil || len(q.Quantities) != 1 {
			continue
		}
		_, word, _, ok := countOf(s)
		if !ok || !asked[reader.Lemma(strings.ToLower(word))] {
			continue
		}
		if hasNone(lowerWords(s), relational) {
			out = append(out, i)
		}
	}
	return out
}

// retell returns the target's sentence i told of the distractor's count
// instead of its own ("34 goldfish" → "12 hamsters"), if the distractor
// counts with a number in digits followed by the thing it counts.
func (t target) retell(i int, d distractor) (string, bool) {
	num, word, _, ok := countOf(d.text)
	if !ok || len(d.nouns) == 0 || reader.Lemma(strings.ToLower(word)) != d.nouns[0] {
		return "", false
	}
	s := t.body[i]
	_, _, at, _ := countOf(s)
	return s[:at[0]] + num + " " + word + s[at[1]:], true
}

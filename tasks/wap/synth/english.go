package synth

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the small pieces of English grammar the stories need:
// counting nouns, the indefinite article, verb inflection and agreement,
// capitalisation and lists.

// noun is a countable noun with its singular and plural.
type noun struct{ sg, pl string }

// n makes a noun; the plural is the singular with an s unless given.
func n(sg string, pl ...string) noun {
	if len(pl) > 0 {
		return noun{sg, pl[0]}
	}
	return noun{sg, sg + "s"}
}

// form is the singular for 1 and the plural otherwise.
func (w noun) form(k int) string {
	if k == 1 {
		return w.sg
	}
	return w.pl
}

// count writes k and the noun: "1 apple", "5 apples".
func count(k int, w noun) string { return strconv.Itoa(k) + " " + w.form(k) }

// money writes k dollars: "$5".
func money(k int) string { return "$" + strconv.Itoa(k) }

// article is "a" or "an" for the word that follows it.
func article(word string) string {
	w := strings.ToLower(word)
	for _, p := range []string{"uni", "use", "euro", "one", "ukulele", "u-"} {
		if strings.HasPrefix(w, p) {
			return "a"
		}
	}
	for _, p := range []string{"hour", "honest", "heir"} {
		if strings.HasPrefix(w, p) {
			return "an"
		}
	}
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

// an writes the word with its indefinite article: "an apple", "a box".
func an(word string) string { return article(word) + " " + word }

// verb is a verb with the forms the stories use. A phrasal or longer verb
// inflects its first word: "give away" → "gave away", "gives away".
// A verb whose base starts with "be" agrees in every tense ("was given",
// "were given").
type verb struct {
	base string // "give away"
	past string // "gave away"
	part string // "given away"
}

// v makes a verb; past and participle default to the regular -ed form of
// the base. A verb on "be" ("be given") needs no forms: its past is
// "were given" (pastTense agrees) and its participle "been given".
func v(base string, forms ...string) verb {
	w := verb{base: base}
	if h, rest := splitHead(base); h == "be" {
		w.past, w.part = "were"+rest, "been"+rest
		return w
	}
	switch len(forms) {
	case 0:
		w.past = regularPast(base)
		w.part = w.past
	case 1:
		w.past, w.part = forms[0], forms[0]
	default:
		w.past, w.part = forms[0], forms[1]
	}
	return w
}

// splitHead splits a verb phrase into its first word and the rest (with
// its leading space).
func splitHead(s string) (head, rest string) {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

// adverbs are words that may come before a verb in a verb phrase
// ("still need", "already know"); the verb after them inflects.
var adverbs = map[string]bool{"still": true, "already": true, "also": true, "just": true}

// regularPast adds -ed to the first word: "pick up" → "picked up"; after
// an adverb, to the word after it: "still need" → "still needed".
func regularPast(base string) string {
	h, rest := splitHead(base)
	if adverbs[h] && rest != "" {
		return h + " " + regularPast(rest[1:])
	}
	switch {
	case strings.HasSuffix(h, "e"):
		h += "d"
	case strings.HasSuffix(h, "y") && len(h) > 1 && !strings.ContainsRune("aeiou", rune(h[len(h)-2])):
		h = h[:len(h)-1] + "ied"
	case doublesFinal(h):
		h += h[len(h)-1:] + "ed"
	default:
		h += "ed"
	}
	return h + rest
}

// doublesFinal reports the short verbs that double their last consonant
// (drop → dropped, plan → planned).
func doublesFinal(h string) bool {
	switch h {
	case "drop", "plan", "stop", "shop", "skip", "mop", "chop", "trim", "jog", "hug", "pat", "rub", "tap", "wrap", "ship", "stir", "prep", "spot", "step", "rot", "pop":
		return true
	}
	return false
}

// present writes the present tense: "gives away" for a singular subject,
// "give away" for a plural one; "is"/"are" for be.
func (w verb) present(plural bool) string {
	h, rest := splitHead(w.base)
	if adverbs[h] && rest != "" {
		// "still has", "already knows"
		return h + " " + verb{base: rest[1:]}.present(plural)
	}
	switch {
	case h == "be":
		if plural {
			return "are" + rest
		}
		return "is" + rest
	case plural:
		return w.base
	case h == "have":
		return "has" + rest
	case h == "do", h == "go":
		return h + "es" + rest
	case strings.HasSuffix(h, "y") && len(h) > 1 && !strings.ContainsRune("aeiou", rune(h[len(h)-2])):
		return h[:len(h)-1] + "ies" + rest
	case strings.HasSuffix(h, "s"), strings.HasSuffix(h, "sh"), strings.HasSuffix(h, "ch"), strings.HasSuffix(h, "x"), strings.HasSuffix(h, "z"):
		return h + "es" + rest
	}
	return h + "s" + rest
}

// pastTense writes the simple past: "gave away"; "was"/"were" for be.
func (w verb) pastTense(plural bool) string {
	h, rest := splitHead(w.base)
	if h == "be" {
		if plural {
			return "were" + rest
		}
		return "was" + rest
	}
	return w.past
}

// perfect writes the past perfect: "had given away".
func (w verb) perfect() string {
	h, rest := splitHead(w.base)
	if h == "be" {
		return "had been" + rest
	}
	return "had " + w.part
}

// presentPerfect writes "has given away" or "have given away".
func (w verb) presentPerfect(plural bool) string {
	h, rest := splitHead(w.base)
	aux := "has"
	if plural {
		aux = "have"
	}
	if h == "be" {
		return aux + " been" + rest
	}
	return aux + " " + w.part
}

// upFirst capitalises the first letter of s.
func upFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// lowFirst puts the first letter of s in lower case (for a question word
// that no longer starts the sentence).
func lowFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}

// list joins items as English does: "a", "a and b", "a, b and c".
func list(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// possessive writes the possessive of a name or noun phrase: "Maya's";
// a plural such as "the Kims" or "the volunteers" takes only the
// apostrophe.
func possessive(name string, plural bool) string {
	if plural && strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}

// tidy collapses repeated spaces and removes spaces before punctuation.
func tidy(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for _, p := range []string{" ,", " .", " ?", " !", " :"} {
		s = strings.ReplaceAll(s, p, p[1:])
	}
	return s
}

package reader

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// Number words: the one table of the words that write a number, read as
// quantities by ParseQuestionWords (and not by ParseQuestion, whose
// questions keep the paper's reading: CC's stories have "two" and "half"
// that the formula does not use), or named but not read.
//
// Read: the cardinals two to twenty, the tens thirty to ninety and their
// compounds ("twenty-five", or "twenty five" over two tokens), a hundred
// ("a hundred", "one hundred", or a cardinal before "hundred": "two
// hundred" is 200, over two tokens), dozen (12: "a dozen" and "one dozen"
// are one quantity over two tokens, "two dozen" the two quantities 2 and
// 12, which the formula multiplies), half (1/2; "a half", "one half"),
// twice and double (2), triple and thrice (3), in any case. Each has its
// form in digits (Question.InDigits).
//
// Named, not read (Question.Ignored, with why in NumberList): "one", as
// often a pronoun or an article ("one of them", "one day") as a quantity,
// and the ordinals first to twentieth, positions. Neither read nor named:
// zero, quarter (as often the coin worth 25 cents as 1/4), pair, couple,
// dozens, thousand, and the words of larger compounds ("two hundred and
// fifty" reads 200 and 50).
var cardinals = map[string]int64{
	"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
	"seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
	"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}

// multiple is a word read as a quantity that is not a cardinal: its value,
// and how it is written in digits, as the training data write it ("twice
// as many" is "2 times as many"; half is 0.5, as 1/2 after a whole number
// would make a mixed number). A cardinal is written as its value.
type multiple struct {
	value  *big.Rat
	digits string
}

// multiples are the other words read as quantities.
var multiples = map[string]multiple{
	"dozen": {big.NewRat(12, 1), "12"}, "half": {big.NewRat(1, 2), "0.5"},
	"twice": {big.NewRat(2, 1), "2 times"}, "double": {big.NewRat(2, 1), "2 times"},
	"triple": {big.NewRat(3, 1), "3 times"}, "thrice": {big.NewRat(3, 1), "3 times"},
}

// counted are the multiples that "a" or "one" before them joins into one
// quantity ("one dozen", "a half"), as hundred ("a hundred").
var counted = map[string]bool{"dozen": true, "half": true}

// units are the words that end a compound after a tens word
// ("twenty-one", "forty five").
var units = map[string]int64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

// hundred multiplies the cardinal before it, or "a" or "one".
const hundred = "hundred"

// ordinalWords are the ordinals named in errors.
var ordinalWords = strings.Fields("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth " +
	"thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth")

// Why a number word is named but not read (NumberList).
const (
	whyOne     = "is not read as a quantity (as often a pronoun or an article: write 1)"
	whyOrdinal = "is an ordinal, not a quantity"
	whyHundred = "is read only after a, one or a cardinal (a hundred, two hundred)"
)

// NumberWord returns the value of a word that ParseQuestionWords reads as
// a quantity on its own ("three" 3, "twenty-five" 25, "dozen" 12, "half"
// 1/2, "twice" 2), or nil and why a number word is not read ("one", the
// ordinals, "hundred" alone); ok is false for any other word. Case does
// not matter.
func NumberWord(word string) (value *big.Rat, why string, ok bool) {
	w := strings.ToLower(word)
	if v, ok := cardinal(w); ok {
		return big.NewRat(v, 1), "", true
	}
	if m, ok := multiples[w]; ok {
		return new(big.Rat).Set(m.value), "", true
	}
	switch {
	case w == "one":
		return nil, whyOne, true
	case w == hundred:
		return nil, whyHundred, true
	}
	for _, o := range ordinalWords {
		if w == o {
			return nil, whyOrdinal, true
		}
	}
	return nil, "", false
}

// cardinal reads a lower-case cardinal: a word of cardinals, or a tens
// word and a unit joined by a hyphen ("twenty-five").
func cardinal(w string) (int64, bool) {
	if v, ok := cardinals[w]; ok {
		return v, true
	}
	tens, unit, found := strings.Cut(w, "-")
	if t := cardinals[tens]; found && t >= 20 && t%10 == 0 && units[unit] > 0 {
		return t + units[unit], true
	}
	return 0, false
}

// wordQuantity reads the number word at tokens[i], with the token after
// it when the two make one number ("twenty five", "two hundred", "a
// hundred"): the quantity, or nil and why the word is named, or nil and ""
// for a word that is not a number.
func wordQuantity(tokens []string, i int) (q *Quantity, why string) {
	w, next := strings.ToLower(tokens[i]), ""
	if i+1 < len(tokens) {
		next = strings.ToLower(tokens[i+1])
	}
	two := func(v *big.Rat) *Quantity {
		return &Quantity{Text: tokens[i] + " " + tokens[i+1], Value: v, Pos: i, Len: 2, Word: true}
	}
	c, isCardinal := cardinal(w)
	switch {
	case (w == "a" || w == "one") && next == hundred:
		return two(big.NewRat(100, 1)), ""
	case (w == "a" || w == "one") && counted[next]:
		return two(new(big.Rat).Set(multiples[next].value)), ""
	case isCardinal && next == hundred:
		return two(big.NewRat(100*c, 1)), ""
	case isCardinal && c >= 20 && c%10 == 0 && units[next] > 0:
		return two(big.NewRat(c+units[next], 1)), ""
	}
	v, why, ok := NumberWord(w)
	if !ok || v == nil {
		return nil, why
	}
	return &Quantity{Text: tokens[i], Value: v, Pos: i, Len: 1, Word: true}, ""
}

// NumberWords lists the number words of q (read by ParseQuestionWords) in
// text order, as written: its quantities in words and the number words it
// names without reading them, but the ordinals, which are positions
// ("three", "a dozen", "one", "hundred"): what a reading of digits only
// leaves out.
func (q Question) NumberWords() []string {
	words := map[int]Quantity{}
	for _, n := range q.Quantities {
		if n.Word {
			words[n.Pos] = n
		}
	}
	var out []string
	for i := 0; i < len(q.Tokens); i++ {
		if n, ok := words[i]; ok {
			out = append(out, n.Text)
			i += n.Len - 1
		} else if _, why, ok := NumberWord(q.Tokens[i]); ok && why != whyOrdinal {
			out = append(out, q.Tokens[i])
		}
	}
	return out
}

// InDigits returns q (read by ParseQuestionWords) with its quantities in
// words written in digits, as the training data write numbers: its text
// with "three" → "3", "twenty five" → "25", "a dozen" → "12", "half" →
// "0.5", "twice" → "2 times" (every other character as it was), read by
// ParseQuestion, so that the tokenizer reads each quantity as NumberToken
// and the question gives the ids of the same question written in digits.
// A question without quantities in words is returned as it is. It fails
// when the text in digits reads other quantities than q ("two 1/2" holds
// 2 and 1/2, "2 1/2" one mixed number).
func (q Question) InDigits() (Question, error) {
	if !slices.ContainsFunc(q.Quantities, func(n Quantity) bool { return n.Word }) {
		return q, nil
	}
	spans, err := tokenSpans(q.Text, q.Tokens)
	if err != nil {
		return Question{}, fmt.Errorf("writing the number words in digits: %w", err)
	}
	var b strings.Builder
	at := 0
	for _, n := range q.Quantities {
		if n.Word {
			b.WriteString(q.Text[at:spans[n.Pos][0]])
			b.WriteString(n.digits(q.Tokens))
			at = spans[n.Pos+n.Len-1][1]
		}
	}
	b.WriteString(q.Text[at:])
	d, err := ParseQuestion(b.String())
	if err != nil {
		return Question{}, fmt.Errorf("writing the number words in digits: %w", err)
	}
	if !slices.EqualFunc(d.Quantities, q.Quantities, func(a, b Quantity) bool { return a.Value.Cmp(b.Value) == 0 }) {
		return Question{}, fmt.Errorf("reading the question: its numbers (%s) read otherwise in digits (%s): write them as digits", texts(q.Quantities), texts(d.Quantities))
	}
	return d, nil
}

// digits writes a quantity in words in digits (see multiple).
func (n Quantity) digits(tokens []string) string {
	if m, ok := multiples[strings.ToLower(tokens[n.Pos+n.Len-1])]; ok {
		return m.digits
	}
	return FormatRat(n.Value)
}

// texts lists quantities as written.
func texts(qs []Quantity) string {
	var out []string
	for _, n := range qs {
		out = append(out, n.Text)
	}
	return strings.Join(out, ", ")
}

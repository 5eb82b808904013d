package reader

import (
	"math/big"
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
// hundred" is 200, over two tokens), dozen (12: "two dozen" is the two
// quantities 2 and 12, which the formula multiplies), half (1/2), twice
// and double (2), triple and thrice (3), in any case.
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

// multiples are the other words read as quantities.
var multiples = map[string]*big.Rat{
	"dozen": big.NewRat(12, 1), "half": big.NewRat(1, 2),
	"twice": big.NewRat(2, 1), "double": big.NewRat(2, 1), "triple": big.NewRat(3, 1), "thrice": big.NewRat(3, 1),
}

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
	if v, ok := multiples[w]; ok {
		return new(big.Rat).Set(v), "", true
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
	two := func(v int64) *Quantity {
		return &Quantity{Text: tokens[i] + " " + tokens[i+1], Value: big.NewRat(v, 1), Pos: i, Len: 2, Word: true}
	}
	c, isCardinal := cardinal(w)
	switch {
	case (w == "a" || w == "one") && next == hundred:
		return two(100), ""
	case isCardinal && next == hundred:
		return two(100 * c), ""
	case isCardinal && c >= 20 && c%10 == 0 && units[next] > 0:
		return two(c + units[next]), ""
	}
	v, why, ok := NumberWord(w)
	if !ok || v == nil {
		return nil, why
	}
	return &Quantity{Text: tokens[i], Value: v, Pos: i, Len: 1, Word: true}, ""
}

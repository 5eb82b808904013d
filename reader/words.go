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
// Read: numbers spelled out (spelled): the cardinals two to twenty, the
// tens thirty to ninety and their compounds ("twenty-five", or "twenty
// five" over two tokens), hundreds ("a hundred", "one hundred", "two
// hundred fifty", "a hundred and five", "twelve hundred") and the large
// scales thousand, million, billion and trillion, in decreasing order
// ("a thousand", "twenty five thousand", "two million three hundred
// thousand and one"), and any of these and a half ("two and a half",
// "one and a half", "two and a half million"); "one" is read within
// such a number ("twenty-one", "one hundred", "one and a half"). Then
// dozen (12: "a dozen" and "one dozen" are one quantity over two tokens,
// "two dozen" the two quantities 2 and 12, which the formula multiplies,
// as the training data have it), half (1/2; "a half", "one half"), twice
// and double (2), triple and thrice (3), in any case. Each has its form
// in digits (Question.InDigits).
//
// Named, not read (Question.Ignored, with why in NumberList): "one" alone,
// as often a pronoun or an article ("one of them", "one day") as a
// quantity, the scale words alone ("hundreds came", "the million") and
// the ordinals first to twentieth, positions. Neither read nor named:
// zero, quarter (as often the coin worth 25 cents as 1/4), pair, couple,
// dozens.
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
// quantity ("one dozen", "a half").
var counted = map[string]bool{"dozen": true, "half": true}

// units are the words that end a compound after a tens word
// ("twenty-one", "forty five").
var units = map[string]int64{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}

// ordinalWords are the ordinals named in errors.
var ordinalWords = strings.Fields("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth " +
	"thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth")

// Why a number word is named but not read (NumberList).
const (
	whyOne     = "is not read as a quantity (as often a pronoun or an article: write 1)"
	whyOrdinal = "is an ordinal, not a quantity"
	whyScale   = "is read only after a number (a hundred, two thousand, 3 million)"
)

// NumberWord returns the value of a word that ParseQuestionWords reads as
// a quantity on its own ("three" 3, "twenty-five" 25, "dozen" 12, "half"
// 1/2, "twice" 2), or nil and why a number word is not read ("one", the
// ordinals, a scale word alone: "hundred", "thousand"); ok is false for
// any other word. Case does not matter.
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
	case w == hundredWord || largeScales[w] != nil:
		return nil, whyScale, true
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

// wordQuantity reads the number in words at tokens[i], with the tokens
// after it that make one number with it ("twenty five", "two hundred
// fifty", "a dozen"): the quantity, or nil and why the word is named, or
// nil and "" for a word that is not a number.
func wordQuantity(tokens []string, i int) (q *Quantity, why string) {
	n := Quantity{Pos: i, Len: 0, Word: true}
	w, next := strings.ToLower(tokens[i]), ""
	if i+1 < len(tokens) {
		next = strings.ToLower(tokens[i+1])
	}
	if v, k := spelled(tokens, i); k > 0 {
		n.Value, n.Len = v, k
	} else if (w == "a" || w == "one") && counted[next] {
		n.Value, n.Len = new(big.Rat).Set(multiples[next].value), 2
	} else if v, why, ok := NumberWord(w); !ok || v == nil {
		return nil, why
	} else {
		n.Value, n.Len = v, 1
	}
	n.Text = strings.Join(tokens[i:i+n.Len], " ")
	return &n, ""
}

// spelled reads a number spelled out at tokens[i] (see the table of number
// words): its value and how many tokens it spans, or 0 tokens. Its
// groups below a thousand (group) each take a large scale, in decreasing
// order, but the last; "and" may come before a group after a scale;
// "and a half" adds a half to a whole number, which a large scale can
// then multiply when it had none. "one" alone is not read.
func spelled(tokens []string, i int) (*big.Rat, int) {
	word := func(k int) string {
		if k < len(tokens) {
			return strings.ToLower(tokens[k])
		}
		return ""
	}
	total, j := new(big.Rat), i
	var last *big.Rat // the last large scale
	for {
		g, n := group(word, j, j == i)
		if n == 0 {
			break
		}
		s := largeScales[word(j+n)]
		if s == nil || last != nil && s.Cmp(last) >= 0 {
			total.Add(total, big.NewRat(g, 1))
			j += n
			break
		}
		total.Add(total, new(big.Rat).Mul(big.NewRat(g, 1), s))
		last, j = s, j+n+1
		if _, m := group(word, j+1, false); word(j) == "and" && m > 0 {
			j++
		}
	}
	if j == i || j == i+1 && word(i) == "one" && !halfAt(tokens, j) {
		return nil, 0
	}
	if halfAt(tokens, j) {
		total.Add(total, big.NewRat(1, 2))
		j += len(andAHalf)
		if s := largeScales[word(j)]; s != nil && last == nil {
			total.Mul(total, s)
			j++
		}
	}
	return total, j - i
}

// group reads a number below a thousand at word(j): a cardinal, "one", or
// a compound of a tens word and a unit ("twenty five"), followed or not by
// "hundred" and, after "and" or not, another such number ("two hundred
// fifty", "a hundred and five"); at the start of a number (first), "a"
// before "hundred" or a large scale ("a thousand") is one. It returns the
// value and how many words it spans, or 0 words.
func group(word func(int) string, j int, first bool) (int64, int) {
	var v int64
	n := 0
	switch {
	case first && word(j) == "a" && word(j+1) == hundredWord:
		v, n = 1, 1
	case first && word(j) == "a" && largeScales[word(j+1)] != nil:
		return 1, 1
	default:
		v, n = below100(word, j)
		if n == 0 {
			return 0, 0
		}
	}
	if word(j+n) != hundredWord {
		return v, n
	}
	v, n = v*100, n+1
	if r, m := below100(word, j+n+1); word(j+n) == "and" && m > 0 {
		return v + r, n + 1 + m
	}
	if r, m := below100(word, j+n); m > 0 {
		return v + r, n + m
	}
	return v, n
}

// below100 reads a number from one to ninety-nine at word(j): a cardinal,
// "one", or a tens word and a unit over two words ("twenty five").
func below100(word func(int) string, j int) (int64, int) {
	w := word(j)
	if w == "one" {
		return 1, 1
	}
	c, ok := cardinal(w)
	if !ok {
		return 0, 0
	}
	if u := units[word(j+1)]; c >= 20 && c%10 == 0 && u > 0 {
		return c + u, 2
	}
	return c, 1
}

// NumberWords lists the number words of q (read by ParseQuestionWords) in
// text order, as written: its quantities in words and the number words it
// names without reading them, but the ordinals, which are positions
// ("three", "a dozen", "one", "hundred"): what a reading of digits only
// leaves out.
func (q Question) NumberWords() []string {
	starts := map[int]Quantity{}
	for _, n := range q.Quantities {
		starts[n.Pos] = n
	}
	var out []string
	for i := 0; i < len(q.Tokens); i++ {
		if n, ok := starts[i]; ok {
			if n.Word {
				out = append(out, n.Text)
			}
			i += n.Len - 1 // the scale words of "3 thousand" are read
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

// digits writes a quantity in words in digits: a multiple alone as
// multiples have it ("twice" → "2 times"), any other as its value.
func (n Quantity) digits(tokens []string) string {
	if m, ok := multiples[strings.ToLower(tokens[n.Pos])]; ok && n.Len == 1 {
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

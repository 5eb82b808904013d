package reader

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quantity is a number read from a question, with its exact value.
type Quantity struct {
	// Text is the number as written, its tokens joined by spaces: "42",
	// "1,000", "12.50", "-3", "1/2", "5k", "3 1/2" (a mixed number spans
	// two tokens), "1.5 million", "2 and a half", "two hundred fifty".
	Text string
	// Value is the exact value: 1,000 is 1000, 12.50 is 25/2, 3 1/2 is 7/2,
	// 1.5 million is 1500000.
	Value *big.Rat
	// Pos is the index of its first token and Len the number of tokens it
	// spans (1, or more for a mixed number, a number with a scale word or
	// a number of several words).
	Pos, Len int
	// Word says the quantity is written in words ("three", "a dozen":
	// ParseQuestionWords): its tokens keep their own ids. A quantity in
	// digits, whatever its length, reads as one NumberToken (the
	// tokenizer's normalizer folds "3 1/2", "2 and a half" and "3
	// thousand" into it as it folds "3").
	Word bool
}

// Patterns of the number tokens (prose keeps each of these whole).
var (
	// unsignedRE: digits with optional thousands separators and an
	// optional decimal part, or a decimal part alone.
	unsignedRE = regexp.MustCompile(`^(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?$|^\.[0-9]+$`)
	// wholeRE: the whole part of a mixed number, as the normalizer
	// reads it.
	wholeRE = regexp.MustCompile(`^` + wholePattern + `$`)
	// fractionRE: a common fraction.
	fractionRE = regexp.MustCompile(`^[0-9]+/[0-9]+$`)
	// suffixRE: a number with a scale suffix ("5k", "2.5M", "3bn").
	suffixRE = regexp.MustCompile(`^([-+−]*)(` + unsignedPattern + `)(` + suffixLetters + `)$`)
	// ordinalRE: a position (3rd, 21st), not a quantity.
	ordinalRE = regexp.MustCompile(`(?i)^[0-9]+(?:st|nd|rd|th)$`)
	timeRE    = regexp.MustCompile(`^[0-9]{1,2}:[0-9]{2}`)
	rangeRE   = regexp.MustCompile(`^[0-9.,]+[-–—][0-9.,]+$`)
	unitRE    = regexp.MustCompile(`^[-−]?[0-9.,]*[0-9][a-zA-Z]+$`)
)

// Scales: the words that multiply the number before them, and the
// suffixes glued to a number in digits that do (lower-cased: "5k" and
// "5K" are 5000, "2.5M" 2500000, "3bn" 3000000000; a small "m" is the
// metre, "5m" is 5 and a unit, and "B" is not read, as in a "2B" pencil).
var (
	hundredScale = big.NewRat(100, 1)
	largeScales  = map[string]*big.Rat{
		"thousand": big.NewRat(1e3, 1), "million": big.NewRat(1e6, 1),
		"billion": big.NewRat(1e9, 1), "trillion": big.NewRat(1e12, 1),
	}
	suffixScales = map[string]*big.Rat{"k": big.NewRat(1e3, 1), "m": big.NewRat(1e6, 1), "bn": big.NewRat(1e9, 1)}
)

// The scale words as the normalizer reads them after a number in digits:
// "hundred", a large scale, or "hundred" and a large scale ("3 hundred
// thousand"), in any case; and the suffixes.
const (
	hundredWord   = "hundred"
	suffixLetters = `[kK]|M|[bB][nN]`
)

// ParseNumber reports whether the whole token is an unsigned decimal
// number — "42", "007", "1,000", "3.5", ".5" — and returns its exact value.
// A token with anything else in it is not a number: "mp3", "3rd", "12%",
// "20-25", "1/2", "-3", "1,00" (ReadQuantities reads fractions and
// negative numbers).
func ParseNumber(tok string) (*big.Rat, bool) {
	if !unsignedRE.MatchString(tok) {
		return nil, false
	}
	v, ok := new(big.Rat).SetString(strings.ReplaceAll(tok, ",", ""))
	return v, ok
}

// numberLike reports whether a token must be read as a number or named in
// an error: it holds a digit and does not start with a letter ("42",
// "-3", "12%", "#5", "~5"). A token that starts with a letter ("mp3",
// "B12") is a word.
func numberLike(tok string) bool {
	r, _ := utf8.DecodeRuneInString(tok)
	return !unicode.IsLetter(r) && strings.ContainsFunc(tok, unicode.IsDigit)
}

// startsNumber reports whether a text starts as a number in digits does:
// a digit, after signs and a decimal point if any ("5", "-5", "−.5").
func startsNumber(s string) bool {
	s = strings.TrimLeft(s, "-+−")
	s = strings.TrimPrefix(s, ".")
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsDigit(r)
}

// quote shortens a token for an error message: at most 24 characters.
func quote(tok string) string {
	if utf8.RuneCountInString(tok) > 24 {
		r := []rune(tok)
		tok = string(r[:24]) + "…"
	}
	return fmt.Sprintf("%q", tok)
}

// ReadQuantities finds the quantities among a question's tokens, in text
// order: unsigned numbers (see ParseNumber; a currency sign is a token of
// its own, so "$12.50" reads 12.50), negative numbers ("-3"), fractions
// ("1/2"), mixed numbers ("3 1/2", an integer token followed by a
// fraction token) and an integer and a half ("2 and a half", 5/2); any of
// these followed by scale words ("3 thousand", "1.5 million", "3 hundred
// thousand": hundred, thousand, million, billion, trillion, in any case),
// and numbers with a scale suffix ("5k", "2.5M", "3bn"). Ordinals ("3rd",
// "21st") are positions, not quantities: they are returned in ignored.
// Any other token that holds a digit and does not start with a letter is
// an error naming it: percentages, times, ranges, numbers glued to a unit
// ("2.5km": ParseQuestion splits them), a fraction over zero, a sign
// before a number ("~5", "#5"). Tokens that start with a letter ("mp3")
// are words.
func ReadQuantities(tokens []string) (qs []Quantity, ignored []string, err error) {
	return readQuantities(tokens, false)
}

// readQuantities is ReadQuantities, reading number words too (wordQuantity)
// if words.
func readQuantities(tokens []string, words bool) (qs []Quantity, ignored []string, err error) {
	qs = []Quantity{}
	for i := 0; i < len(tokens); {
		t := tokens[i]
		switch {
		case !numberLike(t):
			if !words {
				i++
				continue
			}
			q, why := wordQuantity(tokens, i)
			if q == nil {
				if why != "" {
					ignored = append(ignored, t)
				}
				i++
				continue
			}
			if err := checkFollows(tokens, qs, *q); err != nil {
				return nil, nil, err
			}
			qs = append(qs, *q)
			i += q.Len
		case ordinalRE.MatchString(t):
			ignored = append(ignored, t)
			i++
		default:
			q, err := digitQuantity(tokens, i)
			if err != nil {
				return nil, nil, err
			}
			if err := checkFollows(tokens, qs, q); err != nil {
				return nil, nil, err
			}
			qs = append(qs, q)
			i += q.Len
		}
	}
	return qs, ignored, nil
}

// digitQuantity reads the quantity in digits that starts at tokens[i], a
// number-like token that is not an ordinal (see ReadQuantities), or fails
// naming the token it cannot read.
func digitQuantity(tokens []string, i int) (Quantity, error) {
	t := tokens[i]
	q := Quantity{Pos: i, Len: 1}
	if m := suffixRE.FindStringSubmatch(t); m != nil {
		v, _ := ParseNumber(m[2])
		q.Value = v.Mul(v, suffixScales[strings.ToLower(m[3])])
		if m[1] != "" && m[1][0] != '+' {
			q.Value.Neg(q.Value)
		}
		q.Text = t
		return q, nil
	}
	switch {
	case wholeRE.MatchString(t) && halfAt(tokens, i+1):
		q.Value, _ = ParseNumber(strings.TrimLeft(t, "+"))
		q.Value.Add(q.Value, big.NewRat(1, 2))
		q.Len = 1 + len(andAHalf)
	case wholeRE.MatchString(t) && i+1 < len(tokens) && fractionRE.MatchString(tokens[i+1]) && !zeroDenominator(tokens[i+1]):
		// A whole number before a fraction makes a mixed number (not a
		// fraction or a mixed number before it: "4/2 1/2" and "3 1/2
		// 1/2" are two quantities).
		q.Value, _ = ParseNumber(strings.TrimLeft(t, "+"))
		f, _ := new(big.Rat).SetString(tokens[i+1])
		q.Value.Add(q.Value, f)
		q.Len = 2
	default:
		v, err := oneToken(t)
		if err != nil {
			return Quantity{}, err
		}
		q.Value = v
	}
	if scale, n := scaleWords(tokens, i+q.Len); n > 0 {
		q.Value.Mul(q.Value, scale)
		q.Len += n
	}
	q.Text = strings.Join(tokens[i:i+q.Len], " ")
	return q, nil
}

// oneToken reads a number of one token: unsigned, signed ("-3", "+7"; a
// minus sign first makes it negative) or a fraction.
func oneToken(t string) (*big.Rat, error) {
	if v, ok := ParseNumber(t); ok {
		return v, nil
	}
	if sign := t[0]; sign == '-' || sign == '+' || strings.HasPrefix(t, "−") {
		if v, ok := ParseNumber(strings.TrimLeft(t, "-+−")); ok {
			if sign != '+' {
				v.Neg(v)
			}
			return v, nil
		}
	}
	if fractionRE.MatchString(t) {
		if zeroDenominator(t) {
			return nil, fmt.Errorf("the fraction %s has a zero denominator", quote(t))
		}
		v, _ := new(big.Rat).SetString(t)
		return v, nil
	}
	return nil, unreadable(t)
}

// zeroDenominator reports whether a fraction token is over zero.
func zeroDenominator(frac string) bool {
	_, ok := new(big.Rat).SetString(frac)
	return !ok
}

// andAHalf are the words after an integer that add a half to it.
var andAHalf = []string{"and", "a", "half"}

// halfAt reports whether tokens[i:] starts with "and a half" (any case).
func halfAt(tokens []string, i int) bool {
	for k, w := range andAHalf {
		if i+k >= len(tokens) || asciiLower(tokens[i+k]) != w {
			return false
		}
	}
	return true
}

// scaleWords reads the scale words at tokens[i] after a number in digits:
// "hundred", a large scale ("thousand", "million", "billion",
// "trillion"), or "hundred" and a large scale, in any case. It returns
// their product and how many tokens they are (0 for none).
func scaleWords(tokens []string, i int) (*big.Rat, int) {
	scale, n := big.NewRat(1, 1), 0
	if i < len(tokens) && asciiLower(tokens[i]) == hundredWord {
		scale.Set(hundredScale)
		n++
	}
	if i+n < len(tokens) {
		if s, ok := largeScales[asciiLower(tokens[i+n])]; ok {
			scale.Mul(scale, s)
			n++
		}
	}
	return scale, n
}

// checkFollows refuses a number that goes on after its scale word in a
// way the reader does not read as one number: a quantity that ends with a
// scale word just before one, not both in words, that is smaller than
// that scale ("3 thousand five hundred", "two thousand 500", "2 million
// 500 thousand"). Numbers in words after a scale word are read by
// spelled ("two thousand five hundred").
func checkFollows(tokens []string, qs []Quantity, q Quantity) error {
	if len(qs) == 0 {
		return nil
	}
	last := qs[len(qs)-1]
	if last.Pos+last.Len != q.Pos || last.Word && q.Word {
		return nil
	}
	scale := endScale(tokens, last)
	if scale == nil || new(big.Rat).Abs(q.Value).Cmp(scale) >= 0 {
		return nil
	}
	return fmt.Errorf("cannot read %s as a number: %s", quote(last.Text+" "+q.Text), mixedWriting)
}

// mixedWriting says why checkFollows refuses a number.
const mixedWriting = "write it all in digits or all in words"

// endScale returns the scale that a quantity ends with ("3 thousand":
// 1000), or nil.
func endScale(tokens []string, q Quantity) *big.Rat {
	w := asciiLower(tokens[q.Pos+q.Len-1])
	if w == hundredWord {
		return hundredScale
	}
	return largeScales[w]
}

// unreadable is the error for a number-like token that is not a quantity.
func unreadable(t string) error {
	why := "it is not a number the reader knows (digits, 1,000, 2.5, -3, 1/2, 5k)"
	switch {
	case strings.HasSuffix(t, "%"):
		why = "it is a percentage; the formulas take plain quantities"
	case timeRE.MatchString(t):
		why = "it is a time of day"
	case rangeRE.MatchString(t):
		why = "it is a range; give one number"
	case unitRE.MatchString(t):
		why = "write the number apart from its unit (e.g. \"2.5 km\")"
	case !startsNumber(t):
		why = "a mark before a number is not read; write the number alone"
	}
	return fmt.Errorf("cannot read %s as a number: %s", quote(t), why)
}

// FormatRat writes an exact value for people: an integer as is ("56"), a
// value with a terminating decimal expansion as a decimal ("12.5",
// "-0.25"), any other as a fraction ("7/3").
func FormatRat(v *big.Rat) string {
	if v.IsInt() {
		return v.Num().String()
	}
	if digits, ok := decimalDigits(v.Denom()); ok {
		return v.FloatString(digits)
	}
	return v.String()
}

// decimalDigits returns the number of decimal places of 1/d when d has no
// prime factor but 2 and 5.
func decimalDigits(d *big.Int) (int, bool) {
	x := new(big.Int).Set(d)
	twos, fives := 0, 0
	two, five, r := big.NewInt(2), big.NewInt(5), new(big.Int)
	for {
		if q, m := new(big.Int).QuoRem(x, two, r); m.Sign() == 0 {
			x, twos = q, twos+1
			continue
		}
		if q, m := new(big.Int).QuoRem(x, five, r); m.Sign() == 0 {
			x, fives = q, fives+1
			continue
		}
		break
	}
	return max(twos, fives), x.Cmp(big.NewInt(1)) == 0
}

// NumberList lists the question's quantities as written, and the ordinals
// and number words it did not read, with why ("none found" when there are
// none): what an error about its numbers shows.
func (q Question) NumberList() string {
	var out []string
	for _, n := range q.Quantities {
		out = append(out, n.Text)
	}
	if len(out) == 0 {
		out = append(out, "none found")
	}
	for _, t := range q.Ignored {
		why := whyOrdinal
		if _, w, ok := NumberWord(t); ok && w != "" {
			why = w
		}
		out = append(out, t+" "+why)
	}
	return strings.Join(out, ", ")
}

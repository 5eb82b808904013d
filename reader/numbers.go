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
	// Text is the number as written: "42", "1,000", "12.50", "-3", "1/2",
	// "3 1/2" (a mixed number spans two tokens).
	Text string
	// Value is the exact value: 1,000 is 1000, 12.50 is 25/2, 3 1/2 is 7/2.
	Value *big.Rat
	// Pos is the index of its first token and Len the number of tokens it
	// spans (1, or 2 for a mixed number or a number of two words).
	Pos, Len int
	// Word says the quantity is written in words ("three", "a dozen":
	// ParseQuestionWords): its tokens keep their own ids, where a number
	// in digits reads as NumberToken.
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
	// ordinalRE: a position (3rd, 21st), not a quantity.
	ordinalRE = regexp.MustCompile(`(?i)^[0-9]+(?:st|nd|rd|th)$`)
	timeRE    = regexp.MustCompile(`^[0-9]{1,2}:[0-9]{2}`)
	rangeRE   = regexp.MustCompile(`^[0-9.,]+[-–—][0-9.,]+$`)
	unitRE    = regexp.MustCompile(`^[-−]?[0-9.,]*[0-9][a-zA-Z]+$`)
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
// an error: it starts with a digit, with a sign or a decimal point followed
// by a digit. A token that starts with a letter ("mp3", "B12") is a word.
func numberLike(tok string) bool {
	r, n := utf8.DecodeRuneInString(tok)
	if unicode.IsDigit(r) {
		return true
	}
	if r == '-' || r == '−' || r == '+' || r == '.' {
		next, _ := utf8.DecodeRuneInString(tok[n:])
		return unicode.IsDigit(next)
	}
	return false
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
// ("1/2") and mixed numbers ("3 1/2", an integer token followed by a
// fraction token). Ordinals ("3rd", "21st") are positions, not quantities:
// they are returned in ignored. Any other token that starts like a number
// (a digit, or a sign or point followed by a digit) is an error naming it:
// percentages, times, ranges, numbers glued to a unit ("2.5km"), a
// fraction over zero. Tokens that start with a letter ("mp3") are words.
func ReadQuantities(tokens []string) (qs []Quantity, ignored []string, err error) {
	return readQuantities(tokens, false)
}

// readQuantities is ReadQuantities, reading number words too (wordQuantity)
// if words.
func readQuantities(tokens []string, words bool) (qs []Quantity, ignored []string, err error) {
	qs = []Quantity{}
	skip := 0
	for i, t := range tokens {
		if skip > 0 {
			skip--
			continue
		}
		if words && !numberLike(t) {
			q, why := wordQuantity(tokens, i)
			if q != nil {
				qs = append(qs, *q)
				skip = q.Len - 1
			} else if why != "" {
				ignored = append(ignored, t)
			}
			continue
		}
		if !numberLike(t) {
			continue
		}
		if v, ok := ParseNumber(t); ok {
			qs = append(qs, Quantity{Text: t, Value: v, Pos: i, Len: 1})
			continue
		}
		if ordinalRE.MatchString(t) {
			ignored = append(ignored, t)
			continue
		}
		if sign := t[0]; sign == '-' || sign == '+' || strings.HasPrefix(t, "−") {
			body := strings.TrimLeft(t, "-+−")
			if v, ok := ParseNumber(body); ok {
				if sign != '+' {
					v.Neg(v)
				}
				qs = append(qs, Quantity{Text: t, Value: v, Pos: i, Len: 1})
				continue
			}
		}
		if fractionRE.MatchString(t) {
			v, ok := new(big.Rat).SetString(t)
			if !ok {
				return nil, nil, fmt.Errorf("the fraction %s has a zero denominator", quote(t))
			}
			// A whole number just before it makes a mixed number (not a
			// fraction, a mixed number or a number word, whatever their
			// value: "4/2 1/2" and "3 1/2 1/2" are two quantities).
			if n := len(qs); n > 0 && qs[n-1].Pos+qs[n-1].Len == i && qs[n-1].Len == 1 && !qs[n-1].Word && wholeRE.MatchString(qs[n-1].Text) {
				last := &qs[n-1]
				last.Value = new(big.Rat).Add(last.Value, v)
				last.Text += " " + t
				last.Len++
				continue
			}
			qs = append(qs, Quantity{Text: t, Value: v, Pos: i, Len: 1})
			continue
		}
		return nil, nil, unreadable(t)
	}
	return qs, ignored, nil
}

// unreadable is the error for a number-like token that is not a quantity.
func unreadable(t string) error {
	why := "it is not a number the reader knows (digits, 1,000, 2.5, -3, 1/2)"
	switch {
	case strings.HasSuffix(t, "%"):
		why = "it is a percentage; the formulas take plain quantities"
	case timeRE.MatchString(t):
		why = "it is a time of day"
	case rangeRE.MatchString(t):
		why = "it is a range; give one number"
	case unitRE.MatchString(t):
		why = "write the number apart from its unit (e.g. \"2.5 km\")"
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

package reader

import (
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"
)

// The numbers as people write them, read as one quantity each, in words
// (ParseQuestionWords) and in digits only (ParseQuestion).
func TestReadNumbers(t *testing.T) {
	tests := []struct {
		text   string
		words  []string // text=value@position, by ParseQuestionWords
		digits []string // by ParseQuestion; nil: the same as words
	}{
		// Spelled out, with scales and "and".
		{"two hundred fifty apples", []string{"two hundred fifty=250@0"}, []string{}},
		{"one hundred twenty apples", []string{"one hundred twenty=120@0"}, []string{}},
		{"a hundred and five apples", []string{"a hundred and five=105@0"}, []string{}},
		{"one hundred and fifty three apples", []string{"one hundred and fifty three=153@0"}, []string{}},
		{"twenty five thousand apples", []string{"twenty five thousand=25000@0"}, []string{}},
		{"twenty-five thousand apples", []string{"twenty-five thousand=25000@0"}, []string{}},
		{"Twelve hundred apples", []string{"Twelve hundred=1200@0"}, []string{}},
		{"a thousand and one nights", []string{"a thousand and one=1001@0"}, []string{}},
		{"A million ants", []string{"A million=1000000@0"}, []string{}},
		{"two million three hundred thousand and five ants", []string{"two million three hundred thousand and five=2300005@0"}, []string{}},
		{"three hundred thousand cars and 500 buses", []string{"three hundred thousand=300000@0", "500=500@5"}, []string{"500=500@5"}},
		{"two BILLION stars", []string{"two BILLION=2000000000@0"}, []string{}},
		{"two and a half pies", []string{"two and a half=5/2@0"}, []string{}},
		{"one and a half pies", []string{"one and a half=3/2@0"}, []string{}},
		{"two and a half million people", []string{"two and a half million=2500000@0"}, []string{}},
		{"twenty one kids and one hundred one pens", []string{"twenty one=21@0", "one hundred one=101@4"}, []string{}},
		// Digits with scale words and suffixes.
		{"3 thousand apples", []string{"3 thousand=3000@0"}, nil},
		{"1.5 million people", []string{"1.5 million=1500000@0"}, nil},
		{"2 billion stars", []string{"2 billion=2000000000@0"}, nil},
		{"3 hundred thousand ants", []string{"3 hundred thousand=300000@0"}, nil},
		{"5 Hundred ants", []string{"5 Hundred=500@0"}, nil},
		{"-2 thousand and 3 1/2 million", []string{"-2 thousand=-2000@0", "3 1/2 million=3500000@3"}, nil},
		{"1/2 million", []string{"1/2 million=500000@0"}, nil},
		{"5k runners and 2.5M fans, 3bn views", []string{"5k=5000@0", "2.5M=2500000@3", "3bn=3000000000@6"}, nil},
		{"-5K dollars", []string{"-5K=-5000@0"}, nil},
		{"2 and a half pies", []string{"2 and a half=5/2@0"}, nil},
		{"2 and a half thousand", []string{"2 and a half thousand=2500@0"}, nil},
		// Units are not scales: metres, kilometres, bytes.
		{"5km and 5m and 2B pencils and 5 k", []string{"5=5@0", "5=5@3", "2=2@6", "5=5@10"}, nil},
		// Currency signs before and after, alone or after capitals.
		{"€12 and £5", []string{"12=12@1", "5=5@4"}, nil},
		{"It costs 12€ or ¥1,000 or ₹500 or 5¢.", []string{"12=12@2", "1,000=1000@6", "500=500@9", "5=5@11"}, nil},
		{"US$5 and C$3.50 and $2 million", []string{"5=5@1", "3.50=7/2@4", "2 million=2000000@7"}, nil},
		{"€-5 and €3 1/2", []string{"-5=-5@1", "3 1/2=7/2@4"}, nil},
		// Format characters around and inside a number.
		{"\u200f12\u200f apples and \u202b5\u202c pears, \u20663\u2069 more, 1\u200b000 ants", []string{"12=12@0", "5=5@3", "3=3@6", "1000=1000@9"}, nil},
		{"\ufeffTom had 5\u00ad apples", []string{"5=5@2"}, nil},
		// What works stays: separate numbers joined by "and", dozens,
		// fractions, mixed numbers, negatives, separators, ordinals.
		{"5 apples and 3 pears", []string{"5=5@0", "3=3@3"}, nil},
		{"twenty and five", []string{"twenty=20@0", "five=5@2"}, []string{}},
		{"a dozen eggs and two dozen pies", []string{"a dozen=12@0", "two=2@4", "dozen=12@5"}, []string{}},
		{"3 1/2 roses, -3 degrees, 1,000 ants, 1/2 pie", []string{"3 1/2=7/2@0", "-3=-3@4", "1,000=1000@7", "1/2=1/2@10"}, nil},
		{"He ate 3 half pies and one of them", []string{"3=3@2", "half=1/2@3"}, []string{"3=3@2"}},
		{"the 3rd and the first of 2", []string{"2=2@6"}, nil},
		{"one day 2 and a", []string{"2=2@2"}, nil},
		{"a hundred and", []string{"a hundred=100@0"}, []string{}},
		{"thousands of ants and 7", []string{"7=7@4"}, nil},
	}
	for _, tt := range tests {
		qw, err := ParseQuestionWords(tt.text)
		if err != nil {
			t.Errorf("ParseQuestionWords(%q): %v", tt.text, err)
			continue
		}
		if got := quantities(qw); !reflect.DeepEqual(got, tt.words) {
			t.Errorf("ParseQuestionWords(%q) = %q, want %q (tokens %q)", tt.text, got, tt.words, qw.Tokens)
		}
		want := tt.digits
		if want == nil {
			want = tt.words
		}
		q, err := ParseQuestion(tt.text)
		if err != nil {
			t.Errorf("ParseQuestion(%q): %v", tt.text, err)
			continue
		}
		if got := quantities(q); !reflect.DeepEqual(got, want) {
			t.Errorf("ParseQuestion(%q) = %q, want %q (tokens %q)", tt.text, got, want, q.Tokens)
		}
	}
}

// Each quantity in digits, however many tokens it spans, is one
// NumberToken for the tokenizer, and a quantity in words is at its first
// word; written in digits (InDigits), the question reads the same values.
func TestEncodeNumbers(t *testing.T) {
	v := encodeVocab(t)
	for _, text := range []string{
		"Tom had 3 thousand apples and 2 and a half pies; twenty five bees came.",
		"It cost €12, then 12€ and US$5; 5k runners and 1.5 million fans saw 3 1/2 goals.",
		"\u200f12\u200f apples and two hundred fifty pears, a hundred and five plums.",
	} {
		q, err := ParseQuestionWords(text)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := v.Encode(q)
		if err != nil {
			t.Fatalf("Encode(%q): %v", text, err)
		}
		for k, n := range q.Quantities {
			p := enc.NumPos[k]
			if !n.Word && enc.IDs[p] != NumID || n.Word && enc.Pieces[p] != strings.ToLower(q.Tokens[n.Pos])[:len(enc.Pieces[p])] {
				t.Errorf("%q: quantity %q at piece %d %q (pieces %q)", text, n.Text, p, enc.Pieces[p], enc.Pieces)
			}
		}
		d, err := q.InDigits()
		if err != nil {
			t.Fatalf("InDigits(%q): %v", text, err)
		}
		enc, err = v.Encode(d)
		if err != nil {
			t.Fatalf("Encode(InDigits(%q)): %v", text, err)
		}
		for k, n := range d.Quantities {
			if n.Word || n.Value.Cmp(q.Quantities[k].Value) != 0 || enc.IDs[enc.NumPos[k]] != NumID {
				t.Errorf("InDigits(%q) = %q: quantity %q=%v, read in words %q", text, d.Text, n.Text, n.Value, q.Quantities[k].Text)
			}
		}
	}
}

// What looks like a number and cannot be read is refused in one line
// naming it, in digits and in words; never split or dropped.
func TestReadNumbersErrors(t *testing.T) {
	tests := []struct {
		text, want string
		wordsOnly  bool
	}{
		{"About ~5 kids came.", `cannot read "~5" as a number: a mark before a number is not read`, false},
		{"Room #5 has 3 beds.", `cannot read "#5" as a number`, false},
		{"It costs 5$/kg.", `cannot read "5$/kg" as a number`, false},
		{"It costs -€5.", `cannot read "-€5" as a number`, false},
		{"He has 3 thousand five hundred ants.", `cannot read "3 thousand five hundred" as a number: write it all in digits or all in words`, true},
		{"He has two thousand 500 ants.", `cannot read "two thousand 500" as a number`, true},
		{"He has 2 hundred fifty ants.", `cannot read "2 hundred fifty" as a number`, true},
		{"It has ٥ legs.", `cannot read "٥" as a number`, false},
		{"He has 2 million 500 thousand ants.", `cannot read "2 million 500 thousand" as a number: write it all in digits or all in words`, false},
	}
	for _, tt := range tests {
		for _, words := range []bool{false, true} {
			_, err := parseQuestion(tt.text, words)
			if !words && tt.wordsOnly {
				if err != nil {
					t.Errorf("ParseQuestion(%q): %v", tt.text, err)
				}
				continue
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.ContainsAny(err.Error(), "\n\r") {
				t.Errorf("parseQuestion(%q, words %v): %v; want one line containing %q", tt.text, words, err, tt.want)
			}
		}
	}
}

// spell writes a whole number below a quadrillion in English words, in one
// of the ways people write them: with or without "and" after hundred and
// before a last group, tens and units with a hyphen or a space, "a" or
// "one" for a leading one.
func spell(n int64, r *rand.Rand) string {
	small := []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
		"twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tens := []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	below100 := func(n int64) string {
		if n < 20 {
			return small[n]
		}
		if n%10 == 0 {
			return tens[n/10]
		}
		return tens[n/10] + []string{"-", " "}[r.IntN(2)] + small[n%10]
	}
	one := func() string { return []string{"a", "one"}[r.IntN(2)] }
	group := func(n int64, first bool) string {
		var parts []string
		if h := n / 100; h > 0 {
			w := small[h]
			if h == 1 && first {
				w = one()
			}
			parts = append(parts, w, "hundred")
			if n%100 > 0 && r.IntN(2) == 0 {
				parts = append(parts, "and")
			}
		}
		if n%100 > 0 {
			parts = append(parts, below100(n%100))
		}
		return strings.Join(parts, " ")
	}
	if n == 0 {
		return "zero"
	}
	scales := []struct {
		v    int64
		name string
	}{{1e12, "trillion"}, {1e9, "billion"}, {1e6, "million"}, {1e3, "thousand"}}
	var parts []string
	for _, s := range scales {
		if g := n / s.v; g > 0 {
			w := group(g, len(parts) == 0)
			if g == 1 && len(parts) == 0 {
				w = one()
			}
			parts = append(parts, w, s.name)
			n %= s.v
		}
	}
	if n > 0 {
		if len(parts) > 0 && n < 100 && r.IntN(2) == 0 {
			parts = append(parts, "and")
		}
		parts = append(parts, group(n, len(parts) == 0))
	}
	return strings.Join(parts, " ")
}

// Numbers spelled out by spell read back as one quantity of their value,
// between words and after digits; a half after them too.
func TestSpelledRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 1))
	for range 3000 {
		var n int64
		switch r.IntN(4) {
		case 0:
			n = 2 + r.Int64N(98)
		case 1:
			n = 2 + r.Int64N(999_998)
		case 2:
			n = 2 + r.Int64N(999_999_998)
		default:
			n = 2 + r.Int64N(999_999_999_999_998)
		}
		words := spell(n, r)
		want := big.NewRat(n, 1)
		if r.IntN(4) == 0 {
			words += " and a half"
			want.Add(want, big.NewRat(1, 2))
		}
		text := "Tom saw 7 birds and " + words + " ants, then 4 more."
		q, err := ParseQuestionWords(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		got := quantities(q)
		wantQ := []string{"7=7@2", words + "=" + want.RatString() + "@5", "4=4@" + itoa(6+len(strings.Fields(words))+2)}
		if !reflect.DeepEqual(got, wantQ) {
			t.Fatalf("%q: read %q, want %q", text, got, wantQ)
		}
		if q.Quantities[1].Len != len(strings.Fields(words)) {
			t.Fatalf("%q spans %d tokens", words, q.Quantities[1].Len)
		}
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// The characters dropped are format characters, and the signs split off
// a number currency signs.
func TestCharTables(t *testing.T) {
	for _, c := range []struct {
		ranges []runeRange
		table  *unicode.RangeTable
	}{{formatChars, unicode.Cf}, {currencySigns, unicode.Sc}} {
		for _, g := range c.ranges {
			for r := g[0]; r <= g[1]; r++ {
				if !unicode.Is(c.table, r) {
					t.Errorf("%U is not in its Unicode category", r)
				}
			}
		}
	}
}

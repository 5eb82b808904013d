package reader

import (
	"math/big"
	"reflect"
	"strings"
	"testing"
)

func TestNumberWord(t *testing.T) {
	tests := []struct {
		word  string
		value string // "" for none
		why   string
		ok    bool
	}{
		{"three", "3", "", true},
		{"Twenty", "20", "", true},
		{"twenty-five", "25", "", true},
		{"NINETY-NINE", "99", "", true},
		{"dozen", "12", "", true},
		{"half", "1/2", "", true},
		{"twice", "2", "", true},
		{"double", "2", "", true},
		{"triple", "3", "", true},
		{"thrice", "3", "", true},
		{"one", "", whyOne, true},
		{"first", "", whyOrdinal, true},
		{"twentieth", "", whyOrdinal, true},
		{"hundred", "", whyScale, true},
		{"twenty-one", "21", "", true},
		{"ten-five", "", "", false},
		{"twenty-ten", "", "", false},
		{"zero", "", "", false},
		{"quarter", "", "", false},
		{"pair", "", "", false},
		{"dozens", "", "", false},
		{"thousand", "", whyScale, true},
		{"apples", "", "", false},
	}
	for _, tt := range tests {
		v, why, ok := NumberWord(tt.word)
		got := ""
		if v != nil {
			got = v.RatString()
		}
		if got != tt.value || why != tt.why || ok != tt.ok {
			t.Errorf("NumberWord(%q) = %s, %q, %v; want %s, %q, %v", tt.word, got, why, ok, tt.value, tt.why, tt.ok)
		}
	}
	// A value handed out is the caller's.
	v, _, _ := NumberWord("half")
	v.SetInt64(7)
	if w, _, _ := NumberWord("half"); w.Cmp(big.NewRat(1, 2)) != 0 {
		t.Errorf("half is now %v", w)
	}
}

func TestParseQuestionWords(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    []string // text=value@position
		ignored []string
		list    string // NumberList
	}{
		{"cardinals and digits", "Tom had three apples and got 12 more. Twenty kids came.", []string{"three=3@2", "12=12@6", "Twenty=20@9"}, nil, "three, 12, Twenty"},
		{"compounds", "It has twenty-five pages, forty five lines and ninety words.", []string{"twenty-five=25@2", "forty five=45@5", "ninety=90@9"}, nil, ""},
		{"hundreds", "A hundred ants, two hundred bees and one hundred flies.", []string{"A hundred=100@0", "two hundred=200@4", "one hundred=100@8"}, nil, ""},
		{"multiples", "Half of the 8 pies, twice a dozen eggs, double and triple.", []string{"Half=1/2@0", "8=8@3", "twice=2@6", "a dozen=12@7", "double=2@11", "triple=3@13"}, nil, ""},
		{"an article or one before dozen and half", "One dozen eggs, two dozen pies and an hour and a half.", []string{"One dozen=12@0", "two=2@4", "dozen=12@5", "a half=1/2@11"}, nil, ""},
		{"named, not read", "One of the 3 kids came first, on the 2nd day.", []string{"3=3@3"}, []string{"One", "first", "2nd"},
			"3, One " + whyOne + ", first is an ordinal, not a quantity, 2nd is an ordinal, not a quantity"},
		{"hundred alone", "Hundreds came, a hundred left, 5 hundred stayed, then hundred.", []string{"a hundred=100@3", "5 hundred=500@7"}, []string{"hundred"}, ""},
		{"no words", "Tom had 5 apples.", []string{"5=5@2"}, nil, ""},
		{"none", "Tom had some apples and a pair of pears.", []string{}, nil, "none found"},
		{"a word before a fraction is not a mixed number", "two 1/2 cups", []string{"two=2@0", "1/2=1/2@1"}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := ParseQuestionWords(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if got := quantities(q); !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(q.Ignored, tt.ignored) {
				t.Errorf("quantities %q, ignored %q; want %q, %q (tokens %q)", got, q.Ignored, tt.want, tt.ignored, q.Tokens)
			}
			for _, n := range q.Quantities {
				if word := n.Text[0] < '0' || n.Text[0] > '9'; n.Word != word {
					t.Errorf("%q: Word is %v", n.Text, n.Word)
				}
			}
			if tt.list != "" && q.NumberList() != tt.list {
				t.Errorf("NumberList = %q, want %q", q.NumberList(), tt.list)
			}
			// ParseQuestion reads the digits only, and names no word.
			d, err := ParseQuestion(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range d.Quantities {
				if n.Word {
					t.Errorf("ParseQuestion read %q as a word", n.Text)
				}
			}
			for _, ig := range d.Ignored {
				if _, _, ok := NumberWord(ig); ok {
					t.Errorf("ParseQuestion named the word %q", ig)
				}
			}
		})
	}
}

// Encode places a number in words at its word's first piece, which keeps
// its own id; numbers in digits are NumberToken as before.
func TestEncodeWords(t *testing.T) {
	v := encodeVocab(t)
	tests := []struct {
		text   string
		pieces string // the pieces at NumPos, in order
	}{
		{"Tom had three apples and 3 1/2 pears. Twenty five kids ate 2 of them.", "three <num> twenty <num>"},
		{"A hundred ants and twenty-five bees.", "a twenty-five"},
		{"Half a dozen eggs.", "half a"},
	}
	for _, tt := range tests {
		q, err := ParseQuestionWords(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := v.Encode(q)
		if err != nil {
			t.Fatalf("Encode(%q): %v", tt.text, err)
		}
		var got []string // the word that starts at each position
		for _, p := range enc.NumPos {
			w := enc.Pieces[p]
			for k := p + 1; k < len(enc.Pieces) && strings.HasPrefix(enc.Pieces[k], SubwordPrefix); k++ {
				w += strings.TrimPrefix(enc.Pieces[k], SubwordPrefix)
			}
			got = append(got, w)
		}
		if len(enc.NumPos) != len(q.Quantities) || strings.Join(got, " ") != tt.pieces {
			t.Errorf("Encode(%q): pieces %q at NumPos %v (pieces %q), want %q", tt.text, got, enc.NumPos, enc.Pieces, tt.pieces)
		}
	}
	// A word the tokenizer reads otherwise is an error, not a wrong place.
	q, _ := ParseQuestionWords("Tom had three apples.")
	q.Text = "Tom had no three apples."
	if _, err := v.Encode(q); err == nil || !strings.Contains(err.Error(), `does not read the number word "three" as the reader does`) {
		t.Errorf("a misplaced word: %v", err)
	}
}

// The vocabulary learns number words read as quantities as words.
func TestLearnVocabKeepsNumberWords(t *testing.T) {
	q, err := ParseQuestionWords("Tom had seventeen apples and seventeen pears.")
	if err != nil {
		t.Fatal(err)
	}
	if v := LearnVocab([]Question{q, q}, 2000); !v.Whole("seventeen") {
		t.Errorf("seventeen is not a piece of the vocabulary")
	}
}

// NumberWords names what a reading of digits leaves out: the quantities in
// words and the words named, in text order, but not the ordinals.
func TestNumberWords(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Tom had three apples, one pear and 12 plums on the first day.", []string{"three", "one"}},
		{"A hundred ants and twenty five bees came, then a dozen more, twice.", []string{"A hundred", "twenty five", "a dozen", "twice"}},
		{"Five hundred and hundred.", []string{"Five hundred", "hundred"}},
		{"Tom had 3 apples on the 2nd day.", nil},
		{"Tom had 3 thousand apples and 2 and a half pies, then a thousand more.", []string{"a thousand"}},
	}
	for _, tt := range tests {
		q, err := ParseQuestionWords(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		if got := q.NumberWords(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("NumberWords(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// InDigits writes the quantities in words as digits, keeping every other
// character, and the question in digits reads the same quantities, each
// as NumberToken: the ids of the same question written in digits.
func TestInDigits(t *testing.T) {
	v := encodeVocab(t)
	tests := []struct {
		text, want string // want: the text in digits; "" for an error
	}{
		{"Sam has three apples and buys 5 more.", "Sam has 3 apples and buys 5 more."},
		{"Sam has 3 apples and buys five.", "Sam has 3 apples and buys 5."},
		{"Twenty five kids ate a dozen pies; a hundred  ants, Two hundred bees.", "25 kids ate 12 pies; 100  ants, 200 bees."},
		{"Half of the 8 pies, twice as many, twenty-one (eleven).", "0.5 of the 8 pies, 2 times as many, 21 (11)."},
		{"\u201cThree,\u201d said Tom\u2019s  seven\tfriends.", "\u201c3,\u201d said Tom\u2019s  7\tfriends."},
		{"It&rsquo;s four o'clock; one of them ran first.", "It&rsquo;s 4 o'clock; one of them ran first."},
		{"Tom had 5 apples.", "Tom had 5 apples."},
		{"He ate 3 half pies.", "He ate 3 0.5 pies."},
		{"He used two 1/2 cups.", ""}, // 2 1/2 is one mixed number
	}
	for _, tt := range tests {
		q, err := ParseQuestionWords(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		d, err := q.InDigits()
		if tt.want == "" {
			if err == nil || !strings.Contains(err.Error(), "read otherwise in digits") {
				t.Errorf("InDigits(%q): %q, %v; want an error", tt.text, d.Text, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("InDigits(%q): %v", tt.text, err)
		}
		if d.Text != tt.want {
			t.Errorf("InDigits(%q) = %q, want %q", tt.text, d.Text, tt.want)
		}
		want, err := ParseQuestion(tt.want)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(d, want) || len(d.Quantities) != len(q.Quantities) {
			t.Errorf("InDigits(%q) reads %v, ParseQuestion of its text %v", tt.text, quantities(d), quantities(want))
		}
		for k, n := range d.Quantities {
			if n.Word || n.Value.Cmp(q.Quantities[k].Value) != 0 {
				t.Errorf("InDigits(%q): quantity %d is %q=%v, read in words %q=%v", tt.text, k, n.Text, n.Value, q.Quantities[k].Text, q.Quantities[k].Value)
			}
		}
		enc, err := v.Encode(d)
		if err != nil {
			t.Fatalf("Encode(InDigits(%q)): %v", tt.text, err)
		}
		for _, p := range enc.NumPos {
			if enc.IDs[p] != NumID {
				t.Errorf("InDigits(%q): a number at %d is %q", tt.text, p, enc.Pieces[p])
			}
		}
	}
}

// tokenSpans finds every token in the text as given, curly quotes and
// &rsquo; included, and sanitizeMap agrees with the sanitizer.
func TestTokenSpans(t *testing.T) {
	for _, text := range []string{
		"Tom\u2019s  \u201c3\u201d apples&rsquo;s, 2.5km\t8-inch.",
		"caf\u00e9 \u00a0 won't. 'skee",
		"",
	} {
		clean, _ := sanitizeMap(text)
		if clean != sanitizer.Replace(text) {
			t.Errorf("sanitizeMap(%q) = %q, the sanitizer %q", text, clean, sanitizer.Replace(text))
		}
		toks, err := Tokenize(text)
		if err != nil {
			t.Fatal(err)
		}
		toks = splitUnits(toks)
		spans, err := tokenSpans(text, toks)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		for i, sp := range spans {
			if got := sanitizer.Replace(text[sp[0]:sp[1]]); got != toks[i] {
				t.Errorf("%q: token %d %q spans %q", text, i, toks[i], text[sp[0]:sp[1]])
			}
		}
	}
	if _, err := tokenSpans("a b", []string{"a", "c"}); err == nil {
		t.Error("a token not in the text has a span")
	}
}

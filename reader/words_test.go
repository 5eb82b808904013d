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
		{"hundred", "", whyHundred, true},
		{"twenty-one", "21", "", true},
		{"ten-five", "", "", false},
		{"twenty-ten", "", "", false},
		{"zero", "", "", false},
		{"quarter", "", "", false},
		{"pair", "", "", false},
		{"dozens", "", "", false},
		{"thousand", "", "", false},
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
		{"multiples", "Half of the 8 pies, twice a dozen eggs, double and triple.", []string{"Half=1/2@0", "8=8@3", "twice=2@6", "dozen=12@8", "double=2@11", "triple=3@13"}, nil, ""},
		{"named, not read", "One of the 3 kids came first, on the 2nd day.", []string{"3=3@3"}, []string{"One", "first", "2nd"},
			"3, One " + whyOne + ", first is an ordinal, not a quantity, 2nd is an ordinal, not a quantity"},
		{"hundred alone", "Hundreds came, a hundred left, 5 hundred stayed.", []string{"a hundred=100@3", "5=5@7"}, []string{"hundred"}, ""},
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
		{"Half a dozen eggs.", "half dozen"},
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

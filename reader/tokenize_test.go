package reader

import (
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"contraction", "She didn't go.", []string{"She", "did", "n't", "go", "."}},
		{"decimal", "It weighs 3.5 kg.", []string{"It", "weighs", "3.5", "kg", "."}},
		{"mp3", "her mp3 player", []string{"her", "mp3", "player"}},
		{"thousands", "There were 1,000 ants.", []string{"There", "were", "1,000", "ants", "."}},
		{"number at the end", "she has 42.", []string{"she", "has", "42", "."}},
		{"dollar", "It costs $5.", []string{"It", "costs", "$", "5", "."}},
		{"percent ordinal range", "12% of the 3rd class, 20-25 kids", []string{"12%", "of", "the", "3rd", "class", ",", "20-25", "kids"}},
		{"possessive", "Joan's 7 dogs", []string{"Joan", "'s", "7", "dogs"}},
		{"curly quotes", "Joan\u2019s \u201cdog\u201d", []string{"Joan", "'s", `"`, "dog", `"`}},
		{"white space", "  7\tdogs\u00a0and\n11 cats ", []string{"7", "dogs", "and", "11", "cats"}},
		// prose v2.0.0 loses these without Tokenize's repair.
		{"clitic before a full stop", "He won't.", []string{"He", "wo", "n't", "."}},
		{"clitic before punctuation", "He can't. She won't! (Don't)", []string{"He", "ca", "n't", ".", "She", "wo", "n't", "!", "(", "Do", "n't", ")"}},
		{"possessive before a comma", "at Sam's, 5 more", []string{"at", "Sam", "'s", ",", "5", "more"}},
		{"quoted word", "'mother'", []string{"'", "mother", "'"}},
		{"quote before s", "playing 'skip rope' and 'whack it'", []string{"playing", "'", "skip", "rope", "'", "and", "'whack", "it", "'"}},
		{"clitic inside a word", "x'sold", []string{"x", "'s", "old"}},
		{"clitic alone before a full stop", "Sam 's.", []string{"Sam", "'s", "."}},
		{"blank", " \n ", []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Tokenize(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Tokenize(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestTokenizeErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"invalid UTF-8", "caf\xe9", "not valid UTF-8"},
		{"too long", strings.Repeat("a", MaxTextLen+1), "more than the limit of 2000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Tokenize(tt.text)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestParseNumber(t *testing.T) {
	tests := []struct {
		tok  string
		want string // exact value; "" when not a number
	}{
		{"42", "42"},
		{"007", "7"},
		{"1,000", "1000"},
		{"1,000,000", "1000000"},
		{"3.5", "7/2"},
		{"5.00", "5"},
		{".5", "1/2"},
		{"1,234.5", "2469/2"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"mp3", ""},
		{"3rd", ""},
		{"12%", ""},
		{"20-25", ""},
		{"1/2", ""},
		{"-3", ""},
		{"1,00", ""},
		{"1,0000", ""},
		{"3.", ""},
		{"$5", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, ok := ParseNumber(tt.tok)
		if ok != (tt.want != "") || ok && got.RatString() != tt.want {
			t.Errorf("ParseNumber(%q) = %v, %v; want %q", tt.tok, got, ok, tt.want)
		}
	}
}

// quantities writes the quantities of q as "text=value@pos".
func quantities(q Question) []string {
	out := []string{}
	for _, n := range q.Quantities {
		out = append(out, fmt.Sprintf("%s=%s@%d", n.Text, n.Value.RatString(), n.Pos))
	}
	return out
}

func TestParseQuestion(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    []string // text=value@position
		ignored []string
	}{
		{"cc style", "Debby had 32 pieces of candy while her sister had 42. If they ate 35 pieces, how many are left?",
			[]string{"32=32@2", "42=42@10", "35=35@15"}, nil},
		{"mp3 is a word", "Paige had 8 songs on her mp3 player.", []string{"8=8@2"}, nil},
		{"money and decimals", "A pen costs $5 and a pad 3.5 dollars, 1,000 in all.", []string{"5=5@4", "3.5=7/2@8", "1,000=1000@11"}, nil},
		{"cents", "It cost $12.50 or $0.75.", []string{"12.50=25/2@3", "0.75=3/4@6"}, nil},
		{"big", "He has 12,345,678,901,234 ants.", []string{"12,345,678,901,234=12345678901234@2"}, nil},
		{"negative", "It was -3 degrees and then −2.5.", []string{"-3=-3@2", "−2.5=-5/2@6"}, nil},
		{"fraction", "She ate 1/2 of 3/4 of a pie.", []string{"1/2=1/2@2", "3/4=3/4@4"}, nil},
		{"mixed number", "A florist had 3 1/2 roses and 2 more.", []string{"3 1/2=7/2@3", "2=2@7"}, nil},
		{"decimal before a fraction", "2.5 1/2 x", []string{"2.5=5/2@0", "1/2=1/2@1"}, nil},
		{"fraction after a mixed number or a fraction", "0 0/2 1/2 and 4/2 1/2 x", []string{"0 0/2=0@0", "1/2=1/2@2", "4/2=2@4", "1/2=1/2@5"}, nil},
		{"glued unit", "She ran 2.5km and cut 8-inch pieces.", []string{"2.5=5/2@2", "8=8@6"}, nil},
		{"rate with a slash", "taxi: $2.50/km, and pies at $14/pie.", []string{"2.50=5/2@3", "14=14@11"}, nil},
		{"ordinal", "On the 3rd day she had 5 apples.", []string{"5=5@6"}, []string{"3rd"}},
		{"number at the end", "she has 42.", []string{"42=42@2"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := ParseQuestion(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if q.Text != tt.text {
				t.Errorf("Text = %q, want the input", q.Text)
			}
			if got := quantities(q); !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(q.Ignored, tt.ignored) {
				t.Errorf("quantities %q, ignored %q; want %q, %q (tokens %q)", got, q.Ignored, tt.want, tt.ignored, q.Tokens)
			}
		})
	}
}

func TestFormatRat(t *testing.T) {
	tests := []struct{ in, want string }{
		{"56", "56"}, {"-3", "-3"}, {"25/2", "12.5"}, {"-1/4", "-0.25"}, {"1/3", "1/3"}, {"7/6", "7/6"},
		{"1/1024", "0.0009765625"}, {"123456789012345678901234567890", "123456789012345678901234567890"},
	}
	for _, tt := range tests {
		v, _ := new(big.Rat).SetString(tt.in)
		if got := FormatRat(v); got != tt.want {
			t.Errorf("FormatRat(%s) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseQuestionErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", "the text is empty"},
		{"blank", " \t\n", "the text is empty"},
		{"too long", strings.Repeat("ab ", 700), "more than the limit of 2000"},
		{"too many tokens", strings.Repeat("a ", MaxTokens+1), "401 tokens, more than the limit of 400"},
		{"too many tokens with the units split off", strings.Repeat("2km ", MaxTokens/2+1), "402 tokens, more than the limit of 400"},
		{"invalid UTF-8", "\xff", "not valid UTF-8"},
		{"percentage", "It is 12% off.", `cannot read "12%" as a number: it is a percentage`},
		{"range", "About 20-25 kids came.", `cannot read "20-25" as a number: it is a range`},
		{"time", "At 5:30 she left.", `"5:30" as a number: it is a time of day`},
		{"am", "At 10am she left.", `"10am" as a number: write the number apart from its unit`},
		{"zero denominator", "She ate 3/0 of it.", `the fraction "3/0" has a zero denominator`},
		{"odd separators", "He had 1,00 apples.", `cannot read "1,00" as a number`},
		{"long token quoted short", "He had 1" + strings.Repeat("x1", 500) + " apples.", `cannot read "1x1x1x1x1x1x1x1x1x1x1x1x…" as a number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseQuestion(tt.text)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is more than one line", err)
			}
		})
	}
}

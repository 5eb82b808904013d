package reader

import (
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
		want float64
		ok   bool
	}{
		{"42", 42, true},
		{"007", 7, true},
		{"1,000", 1000, true},
		{"1,000,000", 1e6, true},
		{"3.5", 3.5, true},
		{"5.00", 5, true},
		{".5", 0.5, true},
		{"1,234.5", 1234.5, true},
		{"mp3", 0, false},
		{"3rd", 0, false},
		{"12%", 0, false},
		{"20-25", 0, false},
		{"1/2", 0, false},
		{"-3", 0, false},
		{"1,00", 0, false},
		{"1,0000", 0, false},
		{"3.", 0, false},
		{"$5", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseNumber(tt.tok)
		if ok != tt.ok || got != tt.want {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v, %v", tt.tok, got, ok, tt.want, tt.ok)
		}
	}
}

func TestParseQuestion(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		numPos  []int
		numbers []float64
	}{
		{"cc style", "Debby had 32 pieces of candy while her sister had 42. If they ate 35 pieces, how many are left?",
			[]int{2, 10, 15}, []float64{32, 42, 35}},
		{"mp3 is a word", "Paige had 8 songs on her mp3 player.", []int{2}, []float64{8}},
		{"money and decimals", "A pen costs $5 and a pad 3.5 dollars, 1,000 in all.", []int{4, 8, 11}, []float64{5, 3.5, 1000}},
		{"not numbers", "12% of the 3rd class, 20-25 kids didn't go.", []int{}, []float64{}},
		{"number at the end", "she has 42.", []int{2}, []float64{42}},
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
			if !reflect.DeepEqual(q.NumPos, tt.numPos) || !reflect.DeepEqual(q.Numbers, tt.numbers) {
				t.Errorf("NumPos, Numbers = %v, %v; want %v, %v (tokens %q)", q.NumPos, q.Numbers, tt.numPos, tt.numbers, q.Tokens)
			}
		})
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
		{"invalid UTF-8", "\xff", "not valid UTF-8"},
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

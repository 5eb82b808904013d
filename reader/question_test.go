package reader

import (
	"slices"
	"strings"
	"testing"
)

func TestQuestionStart(t *testing.T) {
	for _, c := range []struct{ text, question string }{
		{"a pet shop has <num> goldfish . it sells <num> goldfish . how many goldfish are left ?", "how many goldfish are left ?"},
		{"if bryan has <num> books in each of his <num> bookshelves , how many books does he have in total ?", "how many books does he have in total ?"},
		{"how many apples did tom have if he had <num> and ate <num> ?", "how many apples did tom have if he had <num> and ate <num> ?"},
		{"tom had <num> apples , and ate <num> . find the apples left", "find the apples left"},
		{"sam has <num> pens . he lost <num> . how many are left ? ?", "how many are left ? ?"},
		{"", ""},
	} {
		toks := strings.Fields(c.text)
		if got := strings.Join(toks[QuestionStart(toks):], " "); got != c.question {
			t.Errorf("%q: question %q, want %q", c.text, got, c.question)
		}
	}
}

func TestSplitQuestion(t *testing.T) {
	for _, c := range []struct{ text, body string }{
		{"A pet shop has 34 goldfish and 12 hamsters. It sells 19 goldfish. How many goldfish are left?", "A pet shop has 34 goldfish and 12 hamsters. It sells 19 goldfish."},
		{"If Bryan has 56 books in each of his 9 bookshelves, how many books does he have in total?", "If Bryan has 56 books in each of his 9 bookshelves,"},
		{"How many is 2 and 3?", ""},
	} {
		body, err := SplitQuestion(c.text)
		if err != nil {
			t.Fatal(err)
		}
		if body != c.body {
			t.Errorf("%q: body %q, want %q", c.text, body, c.body)
		}
	}
}

// The goldfish problem: 34 and 19 are of goldfish, which the question asks
// about, 12 of hamsters, which it does not.
func TestNumberFeatures(t *testing.T) {
	for _, c := range []struct {
		pieces string
		want   [][]float64 // the numbers' features (the question cell's is checked apart)
	}{
		{"a pet shop has <num> goldfish and <num> hamsters . it sells <num> goldfish . how many goldfish are left ?",
			[][]float64{{1, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}}},
		{"there are <num> red ##dish apples and <num> boxes of pear ##s . how many pears are there ?",
			[][]float64{{0, 0, 0, 0}, {1, 0, 0, 0}}},
		{"tom had <num> . he gave <num> away . how many more than <num> cats are there ?",
			[][]float64{{0, 0, 1, 0}, {0, 0, 1, 0}, {0, 1, 0, 0}}},
	} {
		pieces := strings.Fields(c.pieces)
		var pos []int
		for i, p := range pieces {
			if p == NumberToken {
				pos = append(pos, i)
			}
		}
		got, err := NumberFeatures(pieces, pos, QuestionStart(pieces))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(pos)+1 || !slices.Equal(got[0], []float64{0, 0, 0, 1}) {
			t.Fatalf("%q: features %v", c.pieces, got)
		}
		for k, w := range c.want {
			if !slices.Equal(got[k+1], w) {
				t.Errorf("%q: number %d: features %v, want %v", c.pieces, k+1, got[k+1], w)
			}
		}
	}
	if _, err := NumberFeatures([]string{"a"}, []int{3}, 0); err == nil {
		t.Error("a number outside the story accepted")
	}
}

func TestLemma(t *testing.T) {
	for w, want := range map[string]string{"hamsters": "hamster", "boxes": "box", "berries": "berry", "glass": "glass", "bus": "bus", "Peaches": "peach"} {
		if got := Lemma(w); got != want {
			t.Errorf("Lemma(%q) = %q, want %q", w, got, want)
		}
	}
}

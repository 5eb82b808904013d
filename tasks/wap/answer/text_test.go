package answer

import (
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
)

// A sketch that takes any count of numbers reads number words as the
// numbers they are, and its reader sees them as digits: a question with
// number words is the problem of the same question written in digits,
// token ids included. Words named but not read ("one", "first") stay
// words.
func TestProblemFromTextReadsNumberWords(t *testing.T) {
	vocab := generatedVocab(t)
	open := model.Layout{Cells: 8}
	tests := []struct {
		words, digits string
		values        []string
		views         int // of NewProblem
	}{
		{"Sam has three apples and buys 5 more. How many apples does he have?", "Sam has 3 apples and buys 5 more. How many apples does he have?", []string{"3", "5"}, 0},
		{"A baker made a dozen cakes and twice as many pies. How many did he make?", "A baker made 12 cakes and 2 times as many pies. How many did he make?", []string{"12", "2"}, 0},
		{"Twenty-five kids ate half of the 8 pies and forty two cakes.", "25 kids ate 0.5 of the 8 pies and 42 cakes.", []string{"25", "1/2", "8", "42"}, 0},
		{"One of the 3 kids came first with 4 pens and a hundred pencils.", "One of the 3 kids came first with 4 pens and 100 pencils.", []string{"3", "4", "100"}, 0},
		{"Tom had 7 apples and gave 3 away.", "Tom had 7 apples and gave 3 away.", []string{"7", "3"}, 0},
		// Numbers spelled out with scales (issue 38), one number each.
		{"A farm has two hundred fifty cows and buys one hundred twenty more.", "A farm has 250 cows and buys 120 more.", []string{"250", "120"}, 0},
		{"A shop sold a hundred and five pens and twenty five thousand clips.", "A shop sold 105 pens and 25000 clips.", []string{"105", "25000"}, 0},
		{"A town has three hundred thousand cars and 500 buses.", "A town has 300000 cars and 500 buses.", []string{"300000", "500"}, 0},
		{"Tom ate two and a half pies and 3 cakes.", "Tom ate 2.5 pies and 3 cakes.", []string{"5/2", "3"}, 0},
		{"\u200fTom had 12\u200f apples and got \u20665\u2069 more.", "Tom had 12 apples and got 5 more.", nil, -1},
		// A question told first that holds a number is not moved last,
		// in words as in digits; it is read with the statements in both
		// orders, the question last.
		{"How many apples does Sam have if he eats three? Sam had 9 apples. He got 4 more.", "How many apples does Sam have if he eats 3? Sam had 9 apples. He got 4 more.", []string{"3", "9", "4"}, 2},
	}
	for _, tt := range tests {
		w, read, err := problemFromText(tt.words, vocab, open)
		if err != nil {
			t.Fatalf("%q: %v", tt.words, err)
		}
		d, _, err := problemFromText(tt.digits, vocab, open)
		if err != nil {
			t.Fatalf("%q: %v", tt.digits, err)
		}
		if read != tt.digits && tt.views >= 0 {
			t.Errorf("%q read as %q, want %q", tt.words, read, tt.digits)
		}
		var values []string
		for _, n := range w.Quantities {
			values = append(values, n.Value.RatString())
		}
		if tt.views < 0 { // format characters: the same ids and numbers
			if !reflect.DeepEqual(w.IDs, d.IDs) || !reflect.DeepEqual(w.NumPos, d.NumPos) || !reflect.DeepEqual(w.Numbers, d.Numbers) {
				t.Errorf("%q: ids %v at %v; in digits %v at %v", tt.words, w.IDs, w.NumPos, d.IDs, d.NumPos)
			}
			continue
		}
		if !reflect.DeepEqual(values, tt.values) {
			t.Errorf("%q: numbers %v, want %v", tt.words, values, tt.values)
		}
		if !reflect.DeepEqual(w, d) {
			t.Errorf("%q: ids %v at %v, quantities %v;\nin digits ids %v at %v, quantities %v", tt.words, w.IDs, w.NumPos, w.Quantities, d.IDs, d.NumPos, d.Quantities)
		}
		for _, p := range w.NumPos {
			if w.IDs[p] != reader.NumID {
				t.Errorf("%q: a number at piece %d has id %d", tt.words, p, w.IDs[p])
			}
		}
		// So are its views, told otherwise.
		wv, err := NewProblem(tt.words, vocab, open)
		if err != nil {
			t.Fatal(err)
		}
		dv, err := NewProblem(tt.digits, vocab, open)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(wv, dv) || len(wv.Views) != tt.views {
			t.Errorf("%q: %d views, in digits %d, want %d and the same problems", tt.words, len(wv.Views), len(dv.Views), tt.views)
		}
	}
	// A word form of more numbers than the sketch takes, or of none, is
	// named in the error.
	for text, want := range map[string]string{
		"She picked 1, 2, 3, 4, 5, 6 and 7 roses, then eight more and nine.": "has 9 numbers (1, 2, 3, 4, 5, 6, 7, eight, nine); the sketch takes 1 to 8",
		"She picked some roses on the first day and one more.":               "has 0 numbers (none found, first is an ordinal, not a quantity, one is not read",
		"He used two 1/2 cups of flour for the cakes.":                       "its numbers (two, 1/2) read otherwise in digits (2 1/2)",
	} {
		if _, _, err := problemFromText(text, vocab, open); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: error %v, want one containing %q", text, err, want)
		}
	}
}

// The paper's three-number sketch reads digits only, as it did: its
// problem is the digits' reading encoded as is (a number word keeps its
// own id), and a count that does not fit names the number words.
func TestProblemFromTextPaperDigitsOnly(t *testing.T) {
	vocab := generatedVocab(t)
	for _, text := range []string{
		"Sam had two dogs. He has 5 apples, buys 4 and eats 2. How many apples does he have?",
		"A florist had 50 roses, sold half of them, 15, and picked 21 more.",
		"A florist had 50 roses, sold 15 and picked 21 more.",
		"A city had 1.5 million people. 2 thousand left and 5k came. How many people are there?",
	} {
		p, read, err := problemFromText(text, vocab, paperLayout)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		q, err := reader.ParseQuestion(text)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := vocab.Encode(q)
		if err != nil {
			t.Fatal(err)
		}
		if read != text || !reflect.DeepEqual(p.IDs, enc.IDs) || !reflect.DeepEqual(p.NumPos, enc.NumPos) || !reflect.DeepEqual(p.Quantities, q.Quantities) {
			t.Errorf("%q: ids %v at %v, the digits' reading %v at %v", text, p.IDs, p.NumPos, enc.IDs, enc.NumPos)
		}
		for _, n := range p.Quantities {
			if strings.Contains(n.Text, "million") && n.Value.RatString() != "1500000" || n.Text == "5k" && n.Value.RatString() != "5000" {
				t.Errorf("%q: %q read as %v", text, n.Text, n.Value)
			}
		}
	}
	for text, want := range map[string]string{
		"She had three roses, sold 2 and picked 5.":                                         "has 2 numbers (2, 5); the sketch takes exactly 3; number words (three) are not read: write the numbers as digits",
		"She had one rose and a dozen tulips on the first day, and 5 more.":                 "has 1 numbers (5); the sketch takes exactly 3; number words (one, a dozen) are not read",
		"Twenty five kids had a hundred apples and twice as many pears, and ate 2 of them.": "number words (Twenty five, a hundred, twice) are not read",
		"She had 2 roses and 5 tulips on the 3rd day.":                                      "has 2 numbers (2, 5, 3rd is an ordinal, not a quantity); the sketch takes exactly 3",
	} {
		_, _, err := problemFromText(text, vocab, paperLayout)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: error %v, want one containing %q", text, err, want)
		}
		if strings.HasSuffix(want, "exactly 3") && strings.Contains(err.Error(), "number words") {
			t.Errorf("%.40q: %v names number words", text, err)
		}
	}
}

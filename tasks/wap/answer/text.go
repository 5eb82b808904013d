package answer

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"
	"github.com/d4lang/d4/tasks/wap/model"
)

// parseFor is how a question is read for a sketch of layout lay: with its
// numbers in words too when the sketch takes any count of numbers (the
// general sketch), in digits only for a fixed count (the paper's).
func parseFor(lay model.Layout) func(string) (reader.Question, error) {
	if lay.Fixed == 0 {
		return reader.ParseQuestionWords
	}
	return reader.ParseQuestion
}

// problemFromText is NewProblem without views; it also returns the text
// as the reader read it. A model whose sketch takes any count of numbers
// reads number words too ("three", "a dozen", "twice":
// reader.ParseQuestionWords), written in digits for its reader
// (reader.Question.InDigits), as its training data write them. The
// paper's three-number sketch reads digits only, as its data (CC's, whose
// stories have number words the formula does not use) were read, and
// names the number words when the count does not fit.
func problemFromText(text string, vocab *reader.Vocab, lay model.Layout) (*model.Problem, string, error) {
	words := lay.Fixed == 0
	q, err := parseFor(lay)(text)
	if err != nil {
		return nil, "", err
	}
	if err := checkWords(q, vocab); err != nil {
		return nil, "", err
	}
	if f := fractionChars(text); f != "" {
		return nil, "", fmt.Errorf("the question has %d numbers (%s) and fraction characters (%s), which are not read: write them as 1/2, 3/4, …", len(q.Quantities), q.NumberList(), f)
	}
	if !lay.Takes(len(q.Quantities)) {
		return nil, "", countError(q, lay, words)
	}
	if words {
		if q, err = q.InDigits(); err != nil {
			return nil, "", err
		}
	}
	enc, err := vocab.Encode(q)
	if err != nil {
		return nil, "", err
	}
	p := &model.Problem{Answer: -1, IDs: enc.IDs, Classes: lexicon.Default().Pieces(enc.Pieces, reader.SubwordPrefix), Quantities: q.Quantities,
		NumPos: make([]int, len(q.Quantities)), Numbers: make([]int, len(q.Quantities))}
	for k, n := range q.Quantities {
		p.NumPos[k] = enc.NumPos[k]
		if model.InRange(n, model.ValueSize) {
			p.Numbers[k] = int(n.Value.Num().Int64())
		}
	}
	p.Pieces = enc.Pieces
	return p, q.Text, nil
}

// countError says that a question has a count of numbers the sketch does
// not take; when the number words were not read (words false), it names
// the first few.
func countError(q reader.Question, lay model.Layout, words bool) error {
	msg := fmt.Sprintf("the question has %d numbers (%s); the sketch takes %s", len(q.Quantities), q.NumberList(), lay.Wants())
	if !words {
		qw, _ := reader.ParseQuestionWords(q.Text) // it reads what ParseQuestion read
		if w := qw.NumberWords(); len(w) > 0 {
			msg += fmt.Sprintf("; number words (%s) are not read: write the numbers as digits", strings.Join(w[:min(len(w), 3)], ", "))
		}
	}
	return errors.New(msg)
}

// maxStrangeWords is the largest share of a question's words that may be
// strange to the vocabulary: words of letters that are not one of its
// pieces. The model reads English word problems; a text that is mostly
// strange words (another language, another script, noise) is refused
// rather than answered.
const maxStrangeWords = 0.5

// checkWords refuses a question whose words are mostly strange.
func checkWords(q reader.Question, vocab *reader.Vocab) error {
	isNum := map[int]bool{}
	for _, n := range q.Quantities {
		for k := 0; k < n.Len; k++ {
			isNum[n.Pos+k] = true
		}
	}
	words, strange := 0, 0
	var examples []string
	for i, t := range q.Tokens {
		if isNum[i] || !strings.ContainsFunc(t, unicode.IsLetter) {
			continue
		}
		words++
		if !vocab.Whole(t) {
			strange++
			if len(examples) < 3 {
				examples = append(examples, fmt.Sprintf("%.20q", t))
			}
		}
	}
	if words == 0 {
		return fmt.Errorf("the question has no words, only %s: write the story and its question", q.NumberList())
	}
	if float64(strange) > maxStrangeWords*float64(words) {
		return fmt.Errorf("%d of the question's %d words are unknown to the model (%s, …): it reads word problems in English", strange, words, strings.Join(examples, ", "))
	}
	return nil
}

// fractionChars lists the fraction characters of a text (½, ¾, ⅓, …:
// Unicode's other numbers), which the reader does not read.
func fractionChars(text string) string {
	var out []string
	for _, r := range text {
		if unicode.Is(unicode.No, r) && !slices.Contains(out, string(r)) {
			out = append(out, string(r))
		}
	}
	return strings.Join(out, ", ")
}

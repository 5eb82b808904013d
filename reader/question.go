package reader

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/jdkato/prose/v2"
)

// What is asked: the question sentence of a story, and what each number
// is a number of.
//
// The question is found the same way in every story, from its tokens
// alone (QuestionStart): the last sentence (after the last '.', '!' or
// '?' before the story's closing marks), and of it, when a comma is
// followed by a question word ("If Bryan has 56 books in each of his 9
// bookshelves, how many books does he have?"), what follows the last such
// comma. The SVAMP repository's CSV files split a problem the same way
// into Body and Ques_Statement; SplitQuestion cuts a text at that point
// (`wap eval --no-question` reads the body alone).
//
// A number's unit is the noun that follows it (prose's part-of-speech
// tagger: the first NN, NNS, NNP or NNPS within four words, past
// adjectives, numbers, determiners and participles; with the noun after
// "of" too: "3 boxes of crayons" is of boxes and crayons). NumberFeatures
// says, for each number, whether its unit stands in the question (its
// lemma: "hamsters" and "hamster" are one), whether the number itself
// stands in the question, and whether it has no unit at all.

// The features of a heap cell that QAttention reads (NumberFeatures),
// QFeatures of them.
const (
	// FeatUnitAsked: the number's unit (or the noun after its "of")
	// stands in the question, elsewhere than at the number itself.
	FeatUnitAsked = iota
	// FeatInQuestion: the number stands in the question sentence.
	FeatInQuestion
	// FeatNoUnit: no noun follows the number.
	FeatNoUnit
	// FeatQuestionCell: the cell is the question vector's, not a number's.
	FeatQuestionCell
	// QFeatures is the count of features.
	QFeatures
)

// questionWords start the question of a sentence after a comma.
var questionWords = []string{"how", "what", "which", "who", "whom", "whose", "when", "where", "why", "find", "calculate", "compute", "determine"}

// isEnd reports a token that ends a sentence.
func isEnd(t string) bool { return t != "" && strings.Trim(t, ".!?") == "" }

// QuestionStart returns the index of the first token of the question of a
// story's tokens (words or WordPiece pieces, in any case; see above): 0
// when the story is one sentence.
func QuestionStart(tokens []string) int {
	end := len(tokens)
	for end > 0 && isEnd(tokens[end-1]) {
		end--
	}
	start := 0
	for i := end - 1; i >= 0; i-- {
		if isEnd(tokens[i]) {
			start = i + 1
			break
		}
	}
	for i := start; i+1 < end; i++ {
		if tokens[i] == "," && slices.Contains(questionWords, strings.ToLower(tokens[i+1])) {
			start = i + 1
		}
	}
	return start
}

// SplitQuestion cuts a problem's text before its question (QuestionStart
// on its tokens): the body, the text before it, without the white space
// at its end; "" when the text is one sentence.
func SplitQuestion(text string) (body string, err error) {
	toks, err := Tokenize(text)
	if err != nil {
		return "", err
	}
	if len(toks) == 0 {
		return "", nil
	}
	start := QuestionStart(toks)
	spans, err := tokenSpans(text, toks)
	if err != nil {
		return "", fmt.Errorf("finding the question: %w", err)
	}
	return strings.TrimSpace(text[:spans[start][0]]), nil
}

// pieceWords groups WordPiece pieces into words: the words, and the word
// of each piece.
func pieceWords(pieces []string) (words []string, of []int) {
	of = make([]int, len(pieces))
	for i, p := range pieces {
		if rest, ok := strings.CutPrefix(p, SubwordPrefix); ok && i > 0 {
			words[len(words)-1] += rest
		} else {
			words = append(words, p)
		}
		of[i] = len(words) - 1
	}
	return words, of
}

// tagger is prose's part-of-speech tagger, loaded once (it takes a few
// tenths of a second: WarmTagger starts it early).
var tagger = sync.OnceValue(func() *prose.Model {
	doc, err := prose.NewDocument("", prose.WithExtraction(false), prose.WithSegmentation(false))
	if err != nil {
		return nil
	}
	return doc.Model
})

// WarmTagger loads the tagger on another goroutine, so that a command that
// will read a question loads it while it loads its model.
func WarmTagger() { go tagger() }

// tags returns prose's tags of words (NumberToken read as a number), ""
// for a word the tagger's tokens do not align with.
func tags(words []string) []string {
	text := make([]string, len(words))
	for i, w := range words {
		if w == NumberToken {
			w = "5"
		}
		text[i] = w
	}
	out := make([]string, len(words))
	m := tagger()
	if m == nil {
		return out
	}
	doc, err := prose.NewDocument(strings.Join(text, " "), prose.UsingModel(m), prose.WithExtraction(false), prose.WithSegmentation(false))
	if err != nil {
		return out
	}
	toks := doc.Tokens()
	// prose splits at the spaces, and may split a word further: a word
	// takes the tag of its last token.
	w, spelt := 0, ""
	for _, t := range toks {
		if w >= len(text) {
			break
		}
		spelt += t.Text
		switch {
		case spelt == text[w]:
			out[w] = t.Tag
			w, spelt = w+1, ""
		case !strings.HasPrefix(text[w], spelt):
			return make([]string, len(words)) // not aligned: no tags
		}
	}
	return out
}

// isNoun reports a noun's tag; passes reports a tag that may stand
// between a number and its noun.
func isNoun(tag string) bool { return strings.HasPrefix(tag, "NN") }
func passes(tag string) bool {
	return strings.HasPrefix(tag, "JJ") || tag == "CD" || tag == "DT" || tag == "VBN" || tag == "VBG" || tag == "HYPH"
}

// Lemma is a noun's form without a plural ending: "boxes" → "box",
// "berries" → "berry", "hamsters" → "hamster" ("glass" stays).
func Lemma(w string) string {
	w = strings.ToLower(w)
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && (strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "sses")):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us"):
		return w[:len(w)-1]
	}
	return w
}

// unitsOf returns the word positions of the unit of the number at word w:
// the first noun within four words after it, and the noun after its "of".
func unitsOf(words, tag []string, w int) []int {
	for j := w + 1; j < len(words) && j <= w+4; j++ {
		switch {
		case isNoun(tag[j]) && words[j] != NumberToken:
			out := []int{j}
			if j+2 < len(words) && words[j+1] == "of" {
				for i := j + 2; i < len(words) && i <= j+4; i++ {
					if isNoun(tag[i]) {
						out = append(out, i)
						break
					}
					if !passes(tag[i]) {
						break
					}
				}
			}
			return out
		case !passes(tag[j]) && words[j] != "-":
			return nil
		}
	}
	return nil
}

// NumberFeatures returns the features (QFeatures each) of the reader's
// heap cells for a story of WordPiece pieces whose numbers stand at
// numPos: first the question vector's cell (FeatQuestionCell), then each
// number's. The question starts at piece qstart (QuestionStart).
func NumberFeatures(pieces []string, numPos []int, qstart int) ([][]float64, error) {
	words, of := pieceWords(pieces)
	if qstart < 0 || qstart > len(pieces) {
		return nil, fmt.Errorf("reader: question start %d outside a story of %d tokens", qstart, len(pieces))
	}
	qw := len(words)
	if qstart < len(pieces) {
		qw = of[qstart]
	}
	tag := tags(words)
	out := [][]float64{make([]float64, QFeatures)}
	out[0][FeatQuestionCell] = 1
	for _, p := range numPos {
		if p < 0 || p >= len(pieces) {
			return nil, fmt.Errorf("reader: number at token %d of a story of %d", p, len(pieces))
		}
		f := make([]float64, QFeatures)
		w := of[p]
		if w >= qw {
			f[FeatInQuestion] = 1
		}
		us := unitsOf(words, tag, w)
		if len(us) == 0 {
			f[FeatNoUnit] = 1
		}
		for _, u := range us {
			for j := qw; j < len(words); j++ {
				if j != u && j != w && Lemma(words[j]) == Lemma(words[u]) {
					f[FeatUnitAsked] = 1
				}
			}
		}
		out = append(out, f)
	}
	return out, nil
}

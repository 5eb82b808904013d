package reader

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jdkato/prose/v2"
)

// Limits on the text of one question. A word algebra problem is a few
// sentences long (CC's longest is under 400 characters and 100 tokens);
// anything far beyond that is not a problem statement, and the limits keep
// the reader's cost per question bounded.
const (
	// MaxTextLen is the largest number of characters (runes) of a text.
	MaxTextLen = 2000
	// MaxTokens is the largest number of tokens of a question.
	MaxTokens = 400
)

// NumberToken is the token that every number of a question maps to when
// tokens become ids, so that the reader generalises to numbers it has not
// seen in training: a story reads the same whatever its numbers are.
const NumberToken = "<num>"

// sanitized are the replacements (old, new) that prose applies to its
// input before tokenising: curly quotes to straight ones. Tokenize applies
// them first (sanitizer) so that the tokens can be checked against the
// text they came from, and the tokenizer's normalizer starts with them.
var sanitized = [][2]string{
	{"\u201c", `"`},
	{"\u201d", `"`},
	{"\u2018", "'"},
	{"\u2019", "'"},
	{"&rsquo;", "'"},
}

// sanitizer replaces the sanitized strings and drops the format
// characters (formatChars).
var sanitizer = newSanitizer()

func newSanitizer() *strings.Replacer {
	var pairs []string
	for _, p := range sanitized {
		pairs = append(pairs, p[0], p[1])
	}
	for _, g := range formatChars {
		for r := g[0]; r <= g[1]; r++ {
			pairs = append(pairs, string(r), "")
		}
	}
	return strings.NewReplacer(pairs...)
}

// contractions are the clitics that prose splits off a word ("n't", "'s",
// …), in lower case.
var contractions = []string{"n't", "'ll", "'s", "'re", "'m"}

// Tokenize splits text into tokens with prose's Penn Treebank style
// tokeniser (github.com/jdkato/prose/v2 with tagging, extraction and
// sentence segmentation off): words and punctuation are separate tokens,
// clitics are split off ("didn't" → "did" "n't", "Tom's" → "Tom" "'s"), a
// currency sign is split off its amount ("$5" → "$" "5"), and numbers such
// as "3.5" and "1,000", and words such as "mp3", "3rd", "12%" and "20-25"
// stay whole. Curly quotes become straight ones, and the invisible format
// characters (formatChars: right-to-left marks, zero-width spaces, …) are
// dropped.
//
// prose v2.0.0 drops the rest of a word that follows a split clitic when
// more characters follow it ("won't." gives only "wo"; "Tom's)" only
// "Tom"; "'skee" nothing at all, read as the clitic "'s"). Tokenize checks
// that the tokens spell out the text, and re-splits any whitespace-separated
// word for which they do not: the word is cut after the clitic or after
// an opening quote, and each part is tokenised again, so "won't." gives
// "wo" "n't" "." and "'skee" gives "'" "skee". No character of the text
// other than white space is ever lost.
//
// Tokenize returns an empty slice for a text of only white space, and an
// error for a text that is not valid UTF-8 or is longer than MaxTextLen
// characters.
func Tokenize(text string) ([]string, error) {
	if !utf8.ValidString(text) {
		return nil, fmt.Errorf("tokenizing: the text is not valid UTF-8")
	}
	if n := utf8.RuneCountInString(text); n > MaxTextLen {
		return nil, fmt.Errorf("tokenizing: the text has %d characters, more than the limit of %d", n, MaxTextLen)
	}
	clean := sanitizer.Replace(text)
	toks, err := proseTokens(clean)
	if err != nil {
		return nil, err
	}
	fields := strings.Fields(clean)
	if strings.Join(toks, "") == strings.Join(fields, "") {
		return toks, nil
	}
	// Some word lost characters: tokenise word by word (prose splits at
	// white space only, so this gives the same tokens for the other words).
	toks = toks[:0]
	for _, f := range fields {
		wt, err := wordTokens(f)
		if err != nil {
			return nil, err
		}
		toks = append(toks, wt...)
	}
	return toks, nil
}

// tokenSpans returns the byte span in text of each of its tokens (those
// of Tokenize, after splitUnits), which spell the sanitized text without
// its white space.
func tokenSpans(text string, tokens []string) ([][2]int, error) {
	clean, at := sanitizeMap(text)
	spans := make([][2]int, len(tokens))
	pos := 0
	for i, t := range tokens {
		for pos < len(clean) {
			r, n := utf8.DecodeRuneInString(clean[pos:])
			if !unicode.IsSpace(r) {
				break
			}
			pos += n
		}
		if t == "" || !strings.HasPrefix(clean[pos:], t) {
			return nil, fmt.Errorf("the token %s is not where the text has it", quote(t))
		}
		spans[i] = [2]int{at[pos], at[pos+len(t)]}
		pos += len(t)
	}
	return spans, nil
}

// sanitizeMap returns sanitizer.Replace(text) and, for each of its byte
// offsets and its end, the offset in text it comes from.
func sanitizeMap(text string) (clean string, at []int) {
	var b strings.Builder
	for i := 0; i < len(text); {
		old, repl := text[i:i+1], text[i:i+1]
		for _, p := range sanitized {
			if strings.HasPrefix(text[i:], p[0]) {
				old, repl = p[0], p[1]
				break
			}
		}
		if r, n := utf8.DecodeRuneInString(text[i:]); old == repl && in(r, formatChars) {
			old, repl = text[i:i+n], ""
		}
		b.WriteString(repl)
		for range len(repl) {
			at = append(at, i)
		}
		i += len(old)
	}
	return b.String(), append(at, len(text))
}

// proseTokens returns prose's tokens of text.
func proseTokens(text string) ([]string, error) {
	doc, err := prose.NewDocument(text, prose.WithTagging(false), prose.WithExtraction(false), prose.WithSegmentation(false))
	if err != nil {
		return nil, fmt.Errorf("tokenizing: %w", err)
	}
	toks := make([]string, 0, len(doc.Tokens()))
	for _, t := range doc.Tokens() {
		toks = append(toks, t.Text)
	}
	return toks, nil
}

// wordTokens tokenises one word (no white space), working around prose's
// loss of characters after a clitic: when prose's tokens do not spell the
// word, the word is cut in two (see repairCut) and both parts are
// tokenised again. A word with no cut that prose still cannot tokenise is
// kept whole.
func wordTokens(word string) ([]string, error) {
	toks, err := proseTokens(word)
	if err != nil {
		return nil, err
	}
	if strings.Join(toks, "") == word {
		return toks, nil
	}
	cut := repairCut(word)
	if cut <= 0 || cut >= len(word) {
		return []string{word}, nil
	}
	left, err := wordTokens(word[:cut])
	if err != nil {
		return nil, err
	}
	right, err := wordTokens(word[cut:])
	if err != nil {
		return nil, err
	}
	return append(left, right...), nil
}

// repairCut returns the byte offset at which to cut a word that prose
// garbles, or -1: just after the earliest clitic that is followed by a
// character other than a letter ("won't." → "won't" "."); else after an
// opening quote ("'skee" → "'" "skee", which prose reads as the clitic
// "'s" and loses); else just after the earliest clitic followed by
// anything ("x'sold" → "x's" "old").
func repairCut(word string) int {
	lower := asciiLower(word)
	first, firstAnyFollower := -1, -1
	for _, c := range contractions {
		for from := 0; ; {
			i := strings.Index(lower[from:], c)
			if i < 0 {
				break
			}
			end := from + i + len(c)
			if end < len(word) {
				next, _ := utf8.DecodeRuneInString(word[end:])
				if !unicode.IsLetter(next) && (first < 0 || end < first) {
					first = end
				}
				if firstAnyFollower < 0 || end < firstAnyFollower {
					firstAnyFollower = end
				}
			}
			from += i + 1
		}
	}
	switch {
	case first > 0:
		return first
	case strings.HasPrefix(word, "'") && len(word) > 1:
		return 1
	}
	return firstAnyFollower
}

// asciiLower lower-cases the ASCII letters of s, keeping every byte offset.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// Question is the text of a word algebra problem with its tokens and the
// quantities found in them.
type Question struct {
	// Text is the text as given (InDigits: with its number words in
	// digits).
	Text string
	// Tokens are the tokens of Text (see Tokenize).
	Tokens []string
	// Quantities are the numbers of the text, in order (see ReadQuantities).
	Quantities []Quantity
	// Ignored are the number-like tokens that are not quantities
	// (ordinals; with ParseQuestionWords, the number words named but not
	// read, "one", "first").
	Ignored []string
}

// NumPos returns the token position of each quantity.
func (q Question) NumPos() []int {
	out := make([]int, len(q.Quantities))
	for i, n := range q.Quantities {
		out[i] = n.Pos
	}
	return out
}

// gluedRE matches a number glued to a unit word ("2.5km", "8-inch",
// "2.50/km").
var gluedRE = regexp.MustCompile(`^([0-9][0-9,]*(?:\.[0-9]+)?)(-?|/)([a-zA-Z]+)$`)

// splitUnits splits every number glued to a unit word into the number, the
// hyphen or slash if any, and the word: "2.5km" → "2.5" "km", "8-inch" →
// "8" "-" "inch", "2.50/km" → "2.50" "/" "km". Ordinals ("3rd"), times
// ("10am", "5pm") and numbers with a scale suffix ("5k", "2.5M": see
// suffixRE) stay whole.
func splitUnits(toks []string) []string {
	var out []string
	for _, t := range toks {
		m := gluedRE.FindStringSubmatch(t)
		clock := m != nil && m[2] != "/" && (strings.EqualFold(m[3], "am") || strings.EqualFold(m[3], "pm"))
		if m == nil || ordinalRE.MatchString(t) || clock || suffixRE.MatchString(t) {
			out = append(out, t)
			continue
		}
		out = append(out, m[1])
		if m[2] != "" {
			out = append(out, m[2])
		}
		out = append(out, m[3])
	}
	return out
}

// splitCurrency splits a currency sign off a number it is glued to: before
// it, with up to three capitals before the sign ("€12" → "€" "12", "US$5"
// → "US$" "5"), or after it ("12€" → "12" "€"). prose splits "$" off the
// start of a word itself, and keeps any other sign on its number.
func splitCurrency(toks []string) []string {
	var out []string
	for _, t := range toks {
		if sign, rest, ok := cutCurrencyPrefix(t); ok {
			out, t = append(out, sign), rest
		}
		if r, n := utf8.DecodeLastRuneInString(t); in(r, currencySigns) && n < len(t) {
			rest := t[:len(t)-n]
			if last, _ := utf8.DecodeLastRuneInString(rest); startsNumber(rest) && unicode.IsDigit(last) {
				out = append(out, rest, t[len(t)-n:])
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// cutCurrencyPrefix cuts a currency sign, with up to three capitals
// before it, off the start of a token that goes on with a number.
func cutCurrencyPrefix(t string) (sign, rest string, ok bool) {
	k := 0
	for k < len(t) && k < 3 && 'A' <= t[k] && t[k] <= 'Z' {
		k++
	}
	r, n := utf8.DecodeRuneInString(t[k:])
	if !in(r, currencySigns) || !startsNumber(t[k+n:]) {
		return "", "", false
	}
	return t[:k+n], t[k+n:], true
}

// ParseQuestion tokenises text, splits currency signs off the numbers they
// are glued to ("€12", "12€": splitCurrency) and numbers glued to a unit
// word ("2.5km", "8-inch") and reads its quantities (ReadQuantities).
// It fails, with one line saying why, for a text that is empty or only
// white space, not valid UTF-8, longer than MaxTextLen characters or more
// than MaxTokens tokens, or that holds a number it cannot read.
func ParseQuestion(text string) (Question, error) { return parseQuestion(text, false) }

// ParseQuestionWords is ParseQuestion that also reads number words as
// quantities ("three", "twenty-five", "a dozen", "half", "twice": the
// table of number words, see NumberWord), Word in their Quantity, and
// lists the number words it names but does not read ("one", "first") in
// Ignored. ParseQuestion, which reads digits only, is the reading of the
// paper's three-number problems.
func ParseQuestionWords(text string) (Question, error) { return parseQuestion(text, true) }

// parseQuestion is ParseQuestion, reading number words too if words.
func parseQuestion(text string, words bool) (Question, error) {
	if strings.TrimFunc(text, unicode.IsSpace) == "" {
		return Question{}, fmt.Errorf("reading the question: the text is empty")
	}
	toks, err := Tokenize(text)
	if err != nil {
		return Question{}, fmt.Errorf("reading the question: %w", err)
	}
	toks = splitUnits(splitCurrency(toks))
	if len(toks) > MaxTokens {
		return Question{}, fmt.Errorf("reading the question: it has %d tokens, more than the limit of %d", len(toks), MaxTokens)
	}
	qs, ignored, err := readQuantities(toks, words)
	if err != nil {
		return Question{}, fmt.Errorf("reading the question: %w", err)
	}
	return Question{Text: text, Tokens: toks, Quantities: qs, Ignored: ignored}, nil
}

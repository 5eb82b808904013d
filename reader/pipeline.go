package reader

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/dlclark/regexp2"
	"github.com/sugarme/tokenizer/normalizer"
)

// The characters that prose splits off the start of a word ($5 → $ 5) and
// off its end (apples, → apples ,), as regular expression classes.
const (
	prefixClass = `[$("\[]`
	suffixClass = `[,)"\]!;.?:']`
)

// whitespaceClass holds every character that some implementation of the
// tokenizer treats as white space: Unicode's White_Space (Go's
// unicode.IsSpace, Rust's char::is_whitespace), but the space itself
// (JavaScript's \s also holds U+FEFF, which is dropped before as a format
// character).
const whitespaceClass = `[\t\n\v\f\r\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]`

// Number patterns of the normalizer: the forms ReadQuantities reads as
// quantities.
const (
	// intPattern is an integer, with or without thousands separators.
	intPattern = `(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)`
	// wholePattern is the whole part of a mixed number ("3" of "3 1/2").
	wholePattern = `\+*` + intPattern
	// decPattern is an integer with an optional decimal part.
	decPattern = intPattern + `(?:\.[0-9]+)?`
	// unsignedPattern is what ParseNumber reads.
	unsignedPattern = `(?:` + decPattern + `|\.[0-9]+)`
	// fractionPattern is a common fraction.
	fractionPattern = `[0-9]+/[0-9]+`
	// alone: not preceded, and not followed, by anything but a space.
	aloneBefore = `(?<![^ ])`
	aloneAfter  = `(?![^ ])`
	// suffixPattern is a number with a scale suffix ("5k", "2.5M").
	suffixPattern = `[-+−]*` + unsignedPattern + `(?:` + suffixLetters + `)`
	// notClock excludes a time glued to am or pm ("10am" is not read).
	notClock = `(?!` + decPattern + `-?[aApP][mM]` + aloneAfter + `)`
	// notOrdinal excludes an ordinal ("3rd" is a word).
	notOrdinal = `(?![0-9]+(?:[sS][tT]|[nN][dD]|[rR][dD]|[tT][hH])` + aloneAfter + `)`
	// gluedUnit is a unit word glued to a number ("2.5km").
	gluedUnit = `(?=[a-zA-Z]+` + aloneAfter + `)`
)

// Patterns of the numbers with their currency signs and scale words.
var (
	// signClass is a currency sign.
	signClass = charClass(currencySigns)
	// numBefore: what a number may follow, at the start of a word:
	// nothing, or a currency sign after up to three capitals ("€12",
	// "US$5"; splitCurrency).
	numBefore = `(?:` + aloneBefore + `|(?<=\A` + signClass + `|[ ]` + signClass + `|\A[A-Z]` + signClass + `|[ ][A-Z]` + signClass +
		`|\A[A-Z][A-Z]` + signClass + `|[ ][A-Z][A-Z]` + signClass + `|\A[A-Z][A-Z][A-Z]` + signClass + `|[ ][A-Z][A-Z][A-Z]` + signClass + `))`
	// numAfter: what a number may be followed by, at the end of a word:
	// nothing, or a currency sign ("12€").
	numAfter = `(?:` + aloneAfter + `|(?=` + signClass + aloneAfter + `))`
	// scalesPattern is the scale words after a number in digits, if any
	// (scaleWords): hundred, a large scale, or both, in any case.
	scalesPattern = `(?: +(?:` + anyCase(hundredWord) + `(?: +` + largePattern() + `)?|` + largePattern() + `))?`
	// halfPattern is an integer and a half ("2 and a half").
	halfPattern = wholePattern + ` +` + anyCase(strings.Join(andAHalf, " +"))
	// quantityPattern is a quantity in digits, which becomes one
	// NumberToken: a number with a suffix; or an integer and a half, a
	// mixed number (3 1/2), a number with or without signs or a
	// fraction, followed or not by scale words.
	quantityPattern = numBefore + `(?:` + suffixPattern + `|(?:` + halfPattern + `|` + wholePattern + ` +` + fractionPattern +
		`|[-+−]*` + unsignedPattern + `|` + fractionPattern + `)` + scalesPattern + `)` + numAfter
	// slashUnitPattern is a number before a slash and a unit ("2.50/km").
	slashUnitPattern = numBefore + decPattern + `/` + gluedUnit
)

// anyCase writes the ASCII letters of a pattern as classes of both cases
// ("and" → [aA][nN][dD]): the patterns are matched by engines that do not
// all take an inline flag.
func anyCase(p string) string {
	var b strings.Builder
	for _, r := range p {
		if 'a' <= r && r <= 'z' {
			b.WriteString("[" + string(r) + string(r-'a'+'A') + "]")
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// largePattern is a large scale word (largeScales), in any case.
func largePattern() string {
	words := slices.Sorted(maps.Keys(largeScales))
	for i, w := range words {
		words[i] = anyCase(w)
	}
	return `(?:` + strings.Join(words, "|") + `)`
}

// normStep is one step of the normalizer: a Hugging Face Replace (of a
// String or of a Regex pattern) or Lowercase.
type normStep struct {
	kind    string // "String", "Regex" or "Lowercase"
	pattern string
	content string
}

// normSteps are the steps of the normalizer of every tokenizer.json that
// Save writes, in order. They rewrite a question into the tokens of
// Tokenize, separated by spaces, with NumberToken for each quantity (see
// the package documentation): after them, splitting at spaces and
// WordPiece give the ids.
var normSteps = buildNormSteps()

// buildNormSteps returns normSteps.
func buildNormSteps() []normStep {
	str := func(p, c string) normStep { return normStep{"String", p, c} }
	re := func(p, c string) normStep { return normStep{"Regex", p, c} }
	// prose's sanitizer: curly quotes become straight ones.
	var steps []normStep
	for _, p := range sanitized {
		steps = append(steps, str(p[0], p[1]))
	}
	steps = append(steps,
		// The format characters are dropped.
		re(charClass(formatChars), ""),
		// Every white space character becomes a space, the only one
		// the later patterns know.
		re(whitespaceClass, " "),
		// The text of a special token is not the token: the padding
		// is itself (as tokenizers that take it for an added token
		// read it), any other (<unk>, <num>, in any case) is unknown.
		str(PadToken, " "+PadToken+" "),
		re(`<(?!pad>)(?:[pP][aA][dD]|[uU][nN][kK]|[nN][uU][mM])>`, " "+UnkToken+" "),
	)
	// A currency sign, an opening bracket or quote at the start of a
	// word (after at most two others) is split off.
	start := `(?<=\A|[ ]|\A` + prefixClass + `|[ ]` + prefixClass + `|\A` + prefixClass + prefixClass + `|[ ]` + prefixClass + prefixClass + `)`
	for _, c := range `$("[` {
		steps = append(steps, re(start+regexp.QuoteMeta(string(c))+`(?=[^ ])`, string(c)+" "))
	}
	// An apostrophe that starts a word with what looks like a clitic
	// followed by a letter is an opening quote: 'skee → ' skee.
	steps = append(steps, re(`(?<=\A|[ ]|\A`+prefixClass+`|[ ]`+prefixClass+`)'(?=(?:[sS]|[lL][lL]|[rR][eE]|[mM])\p{L})`, "' "))
	// Clitics are split off what precedes and what follows them.
	for _, c := range []struct{ pattern, clitic string }{
		{`'[sS]`, "'s"}, {`'[lL][lL]`, "'ll"}, {`'[rR][eE]`, "'re"}, {`'[mM]`, "'m"}, {`[nN]'[tT]`, "n't"},
	} {
		steps = append(steps, re(`(?<=[^ ])`+c.pattern, " "+c.clitic+" "))
	}
	// Closing punctuation at the end of a word is split off, one mark at
	// a time, but the full stop of a word that prose keeps whole:
	// an abbreviation of one capital and one or two small letters
	// ("Mr.", "Ana.") or of letters and full stops ("U.S.").
	keep := `(?<!\A[A-Z][a-z])(?<![ ][A-Z][a-z])(?<!\A[A-Z][a-z][a-z])(?<![ ][A-Z][a-z][a-z])` +
		`(?<!\A[A-Za-z]\.[A-Za-z])(?<![ ][A-Za-z]\.[A-Za-z])(?<!\.[A-Za-z]\.[A-Za-z])`
	for _, c := range `,)"]!;.?:'` {
		p := `(?<=[^ ])` + regexp.QuoteMeta(string(c)) + `(?=` + suffixClass + `*` + aloneAfter + `)`
		if c == '.' {
			p = keep + p
		}
		steps = append(steps, re(p, " "+string(c)+" "))
	}
	// Quantities become NumberToken, a currency sign glued to them
	// staying a word of its own: a number with a scale suffix (5k), an
	// integer and a half, a mixed number (3 1/2), a number with or
	// without signs, a fraction, with their scale words (3 thousand);
	// a number glued to a unit word, with or without a hyphen or a slash
	// (8-inch, 2.5km, 2.50/km), but not an ordinal or a time of day.
	num := " " + NumberToken + " "
	steps = append(steps,
		re(quantityPattern, num),
		re(numBefore+notClock+decPattern+`-`+gluedUnit, num+"- "),
		re(slashUnitPattern, num+"/ "),
		re(numBefore+notOrdinal+notClock+decPattern+gluedUnit, num),
		// Lower case, character by character: the two capitals whose
		// lower case is not one character by itself in every
		// implementation are written out first (Hugging Face's
		// libraries lower İ to i and a dot above, and a word-final Σ
		// to ς).
		str("\u0130", "i\u0307"), str("\u03a3", "\u03c3"),
		normStep{kind: "Lowercase"},
	)
	return steps
}

// normalizerJSON returns the normalizer of tokenizer.json: a Sequence of
// the steps.
func normalizerJSON() map[string]any { return sequenceJSON(normSteps) }

// olderNormalizers are the normalizers of the tokenizer.json files of
// earlier versions, as they wrote them: before numbers were split off a
// slash and a unit ("2.50/km"), and before currency signs, format
// characters, scale words and suffixes were read ("€12", "3 thousand",
// "5k"). Their vocabularies are the same, so such a file is read with
// this version's pipeline (which gives the same ids on text without
// these).
//
//go:embed normalizers/*.json
var olderNormalizers embed.FS

// olderNormalizerJSONs returns the olderNormalizers, by file name.
func olderNormalizerJSONs() map[string]any {
	out := map[string]any{}
	files, _ := fs.Glob(olderNormalizers, "normalizers/*.json")
	for _, f := range files {
		b, err := olderNormalizers.ReadFile(f)
		var doc any
		if err == nil && json.Unmarshal(b, &doc) == nil {
			out[f] = doc
		}
	}
	return out
}

// sequenceJSON is a Sequence normalizer of list.
func sequenceJSON(list []normStep) map[string]any {
	steps := make([]any, len(list))
	for i, s := range list {
		switch s.kind {
		case "Lowercase":
			steps[i] = map[string]any{"type": "Lowercase"}
		default:
			steps[i] = map[string]any{"type": "Replace", "pattern": map[string]any{s.kind: s.pattern}, "content": s.content}
		}
	}
	return map[string]any{"type": "Sequence", "normalizers": steps}
}

// preTokenizerJSON returns the pre-tokenizer of tokenizer.json: the text
// is split at white space.
func preTokenizerJSON() map[string]any { return map[string]any{"type": "WhitespaceSplit"} }

// buildNormalizer makes the normalizer of a tokenizer.json's normalizer,
// which must be a Sequence of Replace and Lowercase steps (the form of
// normalizerJSON), for sugarme's tokenizer to run. sugarme v0.3.0 reads a
// Replace of a Regex pattern as one of a String, its own regular
// expressions (Go's) have no look-around, and its Lowercase loses the
// text's alignments where a character's lower case has another length in
// UTF-8 (Ⱥ, ⱥ); so the steps are run here, each as Hugging Face's
// libraries define it: a Replace replaces every match, left to right and
// without overlaps, by its content; a Regex pattern is matched with
// github.com/dlclark/regexp2, whose syntax covers the patterns' (that of
// Oniguruma, which the Rust library uses, and of JavaScript); Lowercase
// lowers each character (unicode.ToLower).
func buildNormalizer(doc map[string]any) (normalizer.Normalizer, error) {
	list, ok := doc["normalizers"].([]any)
	if doc["type"] != "Sequence" || !ok {
		return nil, fmt.Errorf("the normalizer is not a Sequence")
	}
	var steps textNormalizer
	for i, x := range list {
		m, _ := x.(map[string]any)
		switch m["type"] {
		case "Lowercase":
			steps = append(steps, func(s string) (string, error) { return strings.Map(unicode.ToLower, s), nil })
		case "Replace":
			pat, _ := m["pattern"].(map[string]any)
			content, ok := m["content"].(string)
			if !ok {
				return nil, fmt.Errorf("normalizer step %d has no content", i+1)
			}
			if old, ok := pat["String"].(string); ok && old != "" {
				steps = append(steps, func(s string) (string, error) { return strings.ReplaceAll(s, old, content), nil })
				continue
			}
			p, ok := pat["Regex"].(string)
			if !ok {
				return nil, fmt.Errorf("normalizer step %d has neither a String nor a Regex pattern", i+1)
			}
			re, err := regexp2.Compile(p, regexp2.None)
			if err != nil {
				return nil, fmt.Errorf("normalizer step %d: the pattern %s does not compile: %w", i+1, quote(p), err)
			}
			steps = append(steps, func(s string) (string, error) {
				return re.ReplaceFunc(s, func(regexp2.Match) string { return content }, -1, -1)
			})
		default:
			return nil, fmt.Errorf("normalizer step %d is of type %v, not Replace or Lowercase", i+1, m["type"])
		}
	}
	return steps, nil
}

// textNormalizer is a normalizer that runs its steps on the text. The
// text it gives sugarme has no alignment to the original one (the
// reader uses no offsets).
type textNormalizer []func(string) (string, error)

// Normalize runs the steps on n's text.
func (t textNormalizer) Normalize(n *normalizer.NormalizedString) (*normalizer.NormalizedString, error) {
	s, err := t.text(n.GetNormalized())
	if err != nil {
		return nil, err
	}
	return normalizer.NewNormalizedFrom(s), nil
}

// text runs the steps on s.
func (t textNormalizer) text(s string) (string, error) {
	for _, step := range t {
		var err error
		if s, err = step(s); err != nil {
			return "", err
		}
	}
	return s, nil
}

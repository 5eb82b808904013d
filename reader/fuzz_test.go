package reader

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
)

// questionSeeds are realistic questions and the hostile ones of issue 31
// and of the tests: no words at all, a vulgar fraction, special tokens,
// curly quotes and clitics that prose garbles, glued units, number words,
// limits.
var questionSeeds = []string{
	"Debby had 32 pieces of candy while her sister had 42. If they ate 35 pieces, how many are left?",
	"A pen costs $5 and a pad 3.5 dollars, 1,000 in all. It was -3 degrees and then −2.5.",
	"A florist had 3 1/2 roses and 2 more. She ran 2.5km and cut 8-inch pieces at $2.50/km.",
	"Twenty five kids ate a dozen pies; a hundred ants, Two hundred bees, half of 8, twice as many, one of them.",
	"He used two 1/2 cups. He ate 3 half pies on the 3rd day at 10am.",
	"\u201cThree,\u201d said Tom\u2019s  seven\tfriends. It&rsquo;s four o'clock; won't. 'skee x'sold",
	"50 15 21",
	"A baker uses ½ cup of flour and 2 eggs.",
	"Zed's <pad> <unk> <NUM> 3.5 mp3 x<num>y <pad>s ((($5 :-) don't's İ Σ \ufeff",
	"It is 12% off. About 20-25 kids came at 5:30. She ate 3/0 of it. He had 1,00 apples.",
	"1e999999 0x1F 1_000 .5 +7 −0 007 12,345,678,901,234.5678",
	strings.Repeat("a 1 ", MaxTokens/4+1),
	strings.Repeat("2km ", MaxTokens/2+1),
	strings.Repeat("9", MaxTextLen),
	"",
	" \t\n",
	"\xff\xfe",
	"Two hundred fifty kids, a hundred and five pies, twenty five thousand ants and 3 thousand bees; 1.5 million, 2 billion.",
	"three hundred thousand cars and 500 buses, 5k runners, 2.5M fans, 2 and a half pies, two and a half million.",
	"It costs €12 and £5, 12€, US$5, ¥1,000 and 5¢; \u200f12\u200f and \u202b5\u202c and \u20663\u2069.",
	"3 thousand five hundred, ~5, #5, -€5, 5 apples and 3 pears, one hundred and fifty three.",
}

// checkQuestion checks what ParseQuestion (words: ParseQuestionWords)
// documents of a question it read: the text as given, at most MaxTokens
// tokens that spell it (tokenSpans finds each), and quantities in text
// order inside the tokens, in words only when words.
func checkQuestion(t *testing.T, text string, q Question, words bool) {
	t.Helper()
	if q.Text != text {
		t.Fatalf("Text %q, want the input", q.Text)
	}
	if len(q.Tokens) > MaxTokens {
		t.Fatalf("%d tokens, more than the limit of %d", len(q.Tokens), MaxTokens)
	}
	if _, err := tokenSpans(q.Text, q.Tokens); err != nil {
		t.Fatalf("tokens %q do not spell the text: %v", q.Tokens, err)
	}
	end := 0
	covered := make([]bool, len(q.Tokens))
	for _, n := range q.Quantities {
		if n.Value == nil || n.Pos < end || n.Len < 1 || n.Pos+n.Len > len(q.Tokens) || n.Word && !words {
			t.Fatalf("quantity %+v among %d tokens (the one before ends at %d)", n, len(q.Tokens), end)
		}
		if n.Text != strings.Join(q.Tokens[n.Pos:n.Pos+n.Len], " ") {
			t.Fatalf("quantity %q spans the tokens %q", n.Text, q.Tokens[n.Pos:n.Pos+n.Len])
		}
		// Its text alone reads as it, with the same value.
		again, err := parseQuestion(n.Text, n.Word)
		if err != nil || len(again.Quantities) != 1 || again.Quantities[0].Value.Cmp(n.Value) != 0 || again.Quantities[0].Len != n.Len {
			t.Fatalf("quantity %q=%v alone reads %q (%v)", n.Text, n.Value, quantities(again), err)
		}
		for k := n.Pos; k < n.Pos+n.Len; k++ {
			covered[k] = true
		}
		end = n.Pos + n.Len
	}
	// No number is dropped without a word: every token outside the
	// quantities that holds a digit and starts with no letter (and, in
	// words, every number word) is named in Ignored, in order, and is an
	// ordinal or a word named with why.
	var named []string
	for i, tok := range q.Tokens {
		_, why, isWord := NumberWord(tok)
		if covered[i] || !numberLike(tok) && !(words && isWord) {
			continue
		}
		if numberLike(tok) && !ordinalRE.MatchString(tok) || !numberLike(tok) && why == "" {
			t.Fatalf("token %d %q is neither read nor named (tokens %q)", i, tok, q.Tokens)
		}
		named = append(named, tok)
	}
	if !slices.Equal(named, q.Ignored) {
		t.Fatalf("ignored %q, want the tokens named %q", q.Ignored, named)
	}
	_ = q.NumberList()
	_ = q.NumberWords()
}

// oneLine fails unless err is one line of text.
func oneLine(t *testing.T, err error) {
	t.Helper()
	if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("error %q: want one line", msg)
	}
}

// digitQuantities returns the quantities of q written in digits.
func digitQuantities(q Question) []Quantity {
	out := []Quantity{}
	for _, n := range q.Quantities {
		if !n.Word {
			out = append(out, n)
		}
	}
	return out
}

// fuzzVocab is a vocabulary learned from the seeds, to encode what the
// fuzzer finds.
var fuzzVocab = sync.OnceValue(func() *Vocab {
	var qs []Question
	for _, s := range questionSeeds {
		if q, err := ParseQuestion(s); err == nil {
			qs = append(qs, q)
		}
	}
	return LearnVocab(qs, 300)
})

// FuzzParseQuestion reads arbitrary text as a question, in digits and in
// words: an error of one line, or a question whose tokens spell the text;
// the reading in words finds the same numbers in digits as the reading in
// digits, InDigits reads the same values again or fails in one line, and
// encoding fails in one line or places each quantity on a token.
func FuzzParseQuestion(f *testing.F) {
	for _, s := range questionSeeds {
		f.Add(s)
	}
	vocab := fuzzVocab()
	f.Fuzz(func(t *testing.T, text string) {
		q, err := ParseQuestion(text)
		qw, errW := ParseQuestionWords(text)
		// What digits refuse, words refuse; words refuse more only a
		// number in digits and words after a scale word.
		if err != nil && errW == nil || err == nil && errW != nil && !strings.Contains(errW.Error(), mixedWriting) {
			t.Fatalf("in digits: %v; in words: %v", err, errW)
		}
		if err != nil || errW != nil {
			for _, e := range []error{err, errW} {
				if e != nil {
					oneLine(t, e)
				}
			}
			return
		}
		checkQuestion(t, text, q, false)
		checkQuestion(t, text, qw, true)
		if !reflect.DeepEqual(digitQuantities(qw), q.Quantities) {
			t.Fatalf("in words, the numbers in digits are %q; in digits %q", texts(digitQuantities(qw)), texts(q.Quantities))
		}
		d, err := qw.InDigits()
		if err != nil {
			oneLine(t, err)
		} else {
			// InDigits returns a question without quantities in words
			// as it is, read in words.
			asIs := !slices.ContainsFunc(qw.Quantities, func(n Quantity) bool { return n.Word })
			checkQuestion(t, d.Text, d, asIs)
			same := len(d.Quantities) == len(qw.Quantities)
			for k := 0; same && k < len(d.Quantities); k++ {
				same = d.Quantities[k].Value.Cmp(qw.Quantities[k].Value) == 0
			}
			if !same {
				t.Fatalf("InDigits %q reads %q; in words %q", d.Text, texts(d.Quantities), texts(qw.Quantities))
			}
		}
		for _, x := range []Question{q, qw} {
			enc, err := vocab.Encode(x)
			if err != nil {
				oneLine(t, err)
				continue
			}
			if len(enc.NumPos) != len(x.Quantities) || len(enc.Pieces) != len(enc.IDs) {
				t.Fatalf("%d positions for %d quantities, %d pieces for %d ids", len(enc.NumPos), len(x.Quantities), len(enc.Pieces), len(enc.IDs))
			}
			for k, p := range enc.NumPos {
				if p < 0 || p >= len(enc.IDs) {
					t.Fatalf("a quantity at %d of %d ids", p, len(enc.IDs))
				}
				if !x.Quantities[k].Word && enc.IDs[p] != NumID {
					t.Fatalf("the quantity %q in digits is the piece %q", x.Quantities[k].Text, enc.Pieces[p])
				}
			}
		}
	})
}

// FuzzParseVocab reads arbitrary bytes as a tokenizer.json: an error of
// one line naming the file, or a vocabulary with the special tokens first
// that Save writes as a file that reads as the same vocabulary, and that
// encodes a question as that file's vocabulary does.
func FuzzParseVocab(f *testing.F) {
	v := fuzzVocab()
	good, err := v.marshal()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	var legacy map[string]any
	if err := json.Unmarshal(good, &legacy); err != nil {
		f.Fatal(err)
	}
	legacy["normalizer"] = map[string]any{"type": "Lowercase"}
	b, err := json.Marshal(legacy)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	small, err := newVocab(append(append([]string{}, specialTokens...), "a", "##b")).marshal()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(small)
	for _, edit := range [][2]string{
		{`"a": 3`, `"a": 7`},
		{`"a": 3`, `"a": 3, "b": 2`},
		{`"a": 3`, `"a": -1`},
		{`"a": 3`, `"a": 9223372036854775807`},
		{`"a": 3`, `"": 3`},
		{`"<pad>": 0`, `"<pad>": 3`},
		{`"max_input_chars_per_word": 100`, `"max_input_chars_per_word": -1`},
		{`"max_input_chars_per_word": 100`, `"max_input_chars_per_word": 1`},
		{`"added_tokens": []`, `"added_tokens": [{"id": 2, "content": "<num>", "special": true}]`},
		{`"decoder": {`, `"decoder": 7, "x": {`},
		{`"type": "WordPiece",`, `"type": ["WordPiece"],`},
	} {
		if !strings.Contains(string(small), edit[0]) {
			f.Fatalf("the file has no %q", edit[0])
		}
		f.Add([]byte(strings.Replace(string(small), edit[0], edit[1], 1)))
	}
	for _, s := range []string{"", "{", "[1, 2]", "null", `{"model": null}`, `{"model": {"type": "WordPiece", "vocab": {"<pad>": 0}}}`} {
		f.Add([]byte(s))
	}
	q, err := ParseQuestion("Tom had 5 apples and ate 2 of them. How many apples does Tom have now?")
	if err != nil {
		f.Fatal(err)
	}
	long, err := ParseQuestion("A " + strings.Repeat("x", 120) + " had 3 pies and 4 cakes.")
	if err != nil {
		f.Fatal(err)
	}
	const name = "fuzz/tokenizer.json"
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := ParseVocab(b, name)
		if err != nil {
			oneLine(t, err)
			if !strings.Contains(err.Error(), name) {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if v.Size() < len(specialTokens) || !reflect.DeepEqual(v.words[:len(specialTokens)], specialTokens) {
			t.Fatalf("a vocabulary of %d pieces that starts %q", v.Size(), v.words[:min(v.Size(), len(specialTokens))])
		}
		saved, err := v.marshal()
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseVocab(saved, name)
		if err != nil {
			t.Fatalf("the file Save writes does not read: %v", err)
		}
		if !again.Equal(v) {
			t.Fatal("the file Save writes reads as another vocabulary")
		}
		for _, x := range []Question{q, long} {
			enc, err := v.Encode(x)
			if err != nil {
				oneLine(t, err)
			}
			want, errWant := again.Encode(x)
			if (err == nil) != (errWant == nil) || !reflect.DeepEqual(enc, want) {
				t.Fatalf("encodes %q as %v (%v), the file Save writes as %v (%v)", x.Text, enc, err, want, errWant)
			}
		}
	})
}

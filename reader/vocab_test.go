package reader

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func parseAll(t *testing.T, texts []string) []Question {
	t.Helper()
	var qs []Question
	for _, s := range texts {
		q, err := ParseQuestion(s)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	return qs
}

func TestLearnVocab(t *testing.T) {
	// The classic byte-pair example: low ×5, lower ×2, newest ×6, widest ×3.
	var texts []string
	for w, n := range map[string]int{"low": 5, "lower": 2, "newest": 6, "widest": 3} {
		for k := 0; k < n; k++ {
			texts = append(texts, w)
		}
	}
	qs := parseAll(t, texts)
	v := LearnVocab(qs, 1000)
	if !reflect.DeepEqual(v.words[:3], specialTokens) {
		t.Fatalf("first ids %q, want the special tokens", v.words[:3])
	}
	for _, r := range baseAlphabet {
		if !v.Whole(string(r)) || !v.Whole(SubwordPrefix+string(r)) {
			t.Errorf("the alphabet lacks %q", r)
		}
	}
	// Merges: ##e ##s and ##s ##t occur 9 times, ##es first by name; then
	// ##es ##t (9); then l ##o and ##o ##w (7), ##ow first by name.
	merges := v.words[len(v.words)-len(mergesOf(v)):]
	if want := []string{"##es", "##est", "##ow"}; len(merges) < 3 || !reflect.DeepEqual(merges[:3], want) {
		t.Errorf("first merges %q, want %q", merges, want)
	}
	for _, w := range []string{"low", "newest", "widest", "lower"} {
		if !v.Whole(w) {
			t.Errorf("%q is not one piece", w)
		}
	}
	// Deterministic, and capped at size.
	if again := LearnVocab(qs, 1000); !reflect.DeepEqual(again.words, v.words) {
		t.Error("two runs learned different vocabularies")
	}
	small := LearnVocab(qs, len(v.words)-len(merges)+2)
	if got := mergesOf(small); !reflect.DeepEqual(got, []string{"##es", "##est"}) {
		t.Errorf("capped vocabulary merges %q", got)
	}
	// Special tokens' text and numbers are not words.
	w := LearnVocab(parseAll(t, []string{"<PAD> <num> 42 xq xq x<unk>"}), 1000)
	if !w.Whole("xq") || w.Whole("x<unk>") || w.Whole("42") || w.Whole("<pad>") && w.ids["<pad>"] != 0 {
		t.Errorf("pieces %q", mergesOf(w))
	}
}

// mergesOf returns the pieces after the special tokens and the alphabet.
func mergesOf(v *Vocab) []string {
	for i := len(specialTokens); i < len(v.words); i++ {
		if i > len(specialTokens) && v.words[i] < v.words[i-1] {
			return v.words[i:]
		}
	}
	return nil
}

// encodeTexts are the training texts of the encoding tests: each word of
// the tests' questions occurs twice, so that it is one piece.
var encodeTexts = []string{
	"Tom had apples. She didn't go, did she? Joan's dogs ate bones and pies. It costs (or ).",
	"A florist had roses and or more. She ran km and cut - inch pieces on the 3rd day.",
	"Mr. Lee gave Ana. pens. Wow, said 'Tom's' friend. TOM ATE KIWIS. 'skee ball and s'mores. The sold.",
	"Smile x y do n't 's",
}

// encodeVocab is the vocabulary of the encoding tests.
func encodeVocab(t *testing.T) *Vocab {
	t.Helper()
	return LearnVocab(parseAll(t, append(encodeTexts, encodeTexts...)), 2000)
}

func TestEncode(t *testing.T) {
	v := encodeVocab(t)
	tests := []struct {
		name, text string
		want       string // the pieces, separated by spaces
	}{
		// prose's tokens, numbers as <num>, lower case.
		{"words and a number", "Tom had 5 apples.", "tom had <num> apples ."},
		{"clitics and punctuation", "She didn't go, did she?", "she did n't go , did she ?"},
		{"possessive, thousands, decimal", "Joan's 7 dogs ate 1,000 bones and 2.5 pies.", "joan 's <num> dogs ate <num> bones and <num> pies ."},
		{"money and brackets", "It costs $12.50 (or $0.75).", "it costs $ <num> ( or $ <num> ) ."},
		{"mixed number and signs", "A florist had 3 1/2 roses and -3 or +2 more.", "a florist had <num> roses and <num> or <num> more ."},
		{"units and an ordinal", "She ran 2.5km and cut 8-inch pieces on the 3rd day.", "she ran <num> km and cut <num> - inch pieces on the 3rd day ."},
		{"a rate with a slash", "Tom ran: $2.50/km, pies $14/pies, 1/2 apples.", "tom ran : $ <num> / km , pies $ <num> / pies , <num> apples ."},
		{"abbreviations", "Mr. Lee gave Ana. 5 pens.", "mr. lee gave ana. <num> pens ."},
		{"curly quotes", "\u201cWow,\u201d said \u2018Tom\u2019s\u2019 friend.", `" wow , " said 'tom 's ' friend .`},
		{"white space and capitals", "TOM\tATE 100\u00a0KIWIS\n", "tom ate <num> kiwis"},
		{"quote before a clitic", "'skee ball and s'mores.", "' skee ball and s 'm ores ."},
		{"unknown character", "The café sold 3 pies.", "the <unk> sold <num> pies ."},
		{"lower case of another length", "\u023a 5 apples", "<unk> <num> apples"},
		{"blank", " \n", ""},
		// Where the tokenizer differs from prose (see the package
		// documentation).
		{"special tokens' text", "<pad> x<num>y <UNK> 5", "<pad> x <unk> y <unk> <num>"},
		{"emoticon", "Smile :-) 5", "smile : ##- ) <num>"},
		{"two clitics", "don't's 5", "do n't 's <num>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := ParseQuestion(tt.text)
			if tt.want == "" {
				q, err = Question{Text: tt.text}, nil
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.Encode(q)
			if err != nil {
				t.Fatal(err)
			}
			if s := strings.Join(got.Pieces, " "); s != tt.want {
				t.Errorf("Encode(%q) = %q, want %q", tt.text, s, tt.want)
			}
			numPos := []int{}
			for i, p := range got.Pieces {
				if v.Word(got.IDs[i]) != p {
					t.Errorf("id %d is %q, the piece %q", got.IDs[i], v.Word(got.IDs[i]), p)
				}
				if p == NumberToken {
					numPos = append(numPos, i)
				}
			}
			if !reflect.DeepEqual(got.NumPos, numPos) || len(numPos) != len(q.Quantities) {
				t.Errorf("NumPos %v, want %v for the quantities %q", got.NumPos, numPos, quantities(q))
			}
		})
	}
}

func TestEncodeErrors(t *testing.T) {
	v := encodeVocab(t)
	unread, err := ParseQuestion("(((($5 apples")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		q    Question
		want string
	}{
		{"a number the tokenizer does not read", unread, "the tokenizer read 0 numbers where the reader read 1 (5)"},
		{"a number the reader did not read", Question{Text: "x 5 y"}, "the tokenizer read 1 numbers where the reader read 0 (none)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := v.Encode(tt.q)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("err = %v, want one line containing %q", err, tt.want)
			}
		})
	}
}

// saved saves v in a new directory and returns the path of its
// tokenizer.json.
func saved(t *testing.T, v *Vocab) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tokenizer.json")
	if err := v.Save(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestVocabRoundTrip(t *testing.T) {
	built := encodeVocab(t)
	loaded, err := LoadVocab(saved(t, built))
	if err != nil {
		t.Fatal(err)
	}
	if !loaded.Equal(built) || !reflect.DeepEqual(loaded.words, built.words) {
		t.Fatalf("loaded pieces %q, want %q", loaded.words, built.words)
	}
	for _, text := range append(encodeTexts, "Zed's <pad> <unk> <NUM> 3.5 mp3 x<num>y <pad>s", "The café sold 3 1/2 pies, 2 cakes and $1.50 of tea.") {
		q, err := ParseQuestion(text)
		if err != nil {
			t.Fatal(err)
		}
		a, errA := built.Encode(q)
		b, errB := loaded.Encode(q)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("Encode(%q): built %v (%v), loaded %v (%v)", text, a, errA, b, errB)
		}
	}
}

// TestVocabFile checks that the files are a standard tokenizer.json and
// tokenizer_config.json.
func TestVocabFile(t *testing.T) {
	v := LearnVocab(parseAll(t, []string{"Apples pears apples"}), 200)
	path := saved(t, v)
	var doc struct {
		AddedTokens   []any          `json:"added_tokens"`
		Normalizer    map[string]any `json:"normalizer"`
		PreTokenizer  map[string]any `json:"pre_tokenizer"`
		PostProcessor any            `json:"post_processor"`
		Decoder       map[string]any `json:"decoder"`
		Model         map[string]any `json:"model"`
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	model := doc.Model
	if model["type"] != "WordPiece" || model["unk_token"] != UnkToken || model["continuing_subword_prefix"] != SubwordPrefix {
		t.Errorf("model = %v", model)
	}
	vocab := model["vocab"].(map[string]any)
	for id, w := range v.words {
		if vocab[w] != float64(id) {
			t.Errorf("vocab[%q] = %v, want %d", w, vocab[w], id)
		}
	}
	if len(vocab) != v.Size() || vocab["apples"] == nil {
		t.Errorf("vocab of %d pieces, want %d with apples", len(vocab), v.Size())
	}
	steps, _ := doc.Normalizer["normalizers"].([]any)
	if doc.Normalizer["type"] != "Sequence" || len(steps) != len(normSteps) || !sameJSON(steps[len(steps)-1], map[string]any{"type": "Lowercase"}) {
		t.Errorf("normalizer = %v", doc.Normalizer)
	}
	if doc.PreTokenizer["type"] != "WhitespaceSplit" || doc.Decoder["type"] != "WordPiece" || len(doc.AddedTokens) != 0 || doc.PostProcessor != nil {
		t.Errorf("pre_tokenizer %v, decoder %v, added_tokens %v, post_processor %v", doc.PreTokenizer, doc.Decoder, doc.AddedTokens, doc.PostProcessor)
	}
	var cfg map[string]any
	b, err = os.ReadFile(filepath.Join(filepath.Dir(path), TokenizerConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"tokenizer_class": "PreTrainedTokenizerFast", "model_max_length": float64(MaxTextLen),
		"unk_token": UnkToken, "pad_token": PadToken, "clean_up_tokenization_spaces": false}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("tokenizer_config.json = %v, want %v", cfg, want)
	}
}

// legacyJSON is v as tokenizer.json of earlier versions: the WordPiece
// model with a Lowercase normalizer, a WhitespaceSplit pre-tokenizer and
// the special tokens as added tokens.
func legacyJSON(t *testing.T, v *Vocab) []byte {
	t.Helper()
	added := []hfAdded{}
	for id, w := range specialTokens {
		added = append(added, hfAdded{ID: id, Content: w, Special: true})
	}
	b, err := indented(hfTokenizer{
		Version: "1.0", AddedTokens: added,
		Normalizer: map[string]any{"type": "Lowercase"}, PreTokenizer: map[string]any{"type": "WhitespaceSplit"},
		Model: &hfWordPiece{Type: "WordPiece", UnkToken: UnkToken, Prefix: SubwordPrefix, MaxInputChars: maxWordChars, Vocab: v.ids},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// olderJSON is v as tokenizer.json of an earlier version: normalizer in
// place of the normalizer.
func olderJSON(t *testing.T, v *Vocab, normalizer any) []byte {
	t.Helper()
	b, err := v.marshal()
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	doc["normalizer"] = normalizer
	if b, err = indented(doc); err != nil {
		t.Fatal(err)
	}
	return b
}

// A tokenizer.json of an earlier version reads as its vocabulary, with
// this package's pipeline.
func TestLoadLegacyVocab(t *testing.T) {
	v := encodeVocab(t)
	files := map[string][]byte{"lower case only": legacyJSON(t, v)}
	older := olderNormalizerJSONs()
	if len(older) != 2 {
		t.Fatalf("%d older normalizers, want 2", len(older))
	}
	for name, n := range older {
		files[name] = olderJSON(t, v, n)
	}
	for name, file := range files {
		path := filepath.Join(t.TempDir(), "tokenizer.json")
		if err := os.WriteFile(path, file, 0o644); err != nil {
			t.Fatal(err)
		}
		old, err := LoadVocab(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !old.Equal(v) {
			t.Fatalf("%s: pieces %q, want %q", name, old.words, v.words)
		}
		for _, text := range append(encodeTexts, "Tom ran $2.50/km") {
			q := parseAll(t, []string{text + " 12 more"})[0]
			a, errA := v.Encode(q)
			b, errB := old.Encode(q)
			if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
				t.Errorf("%s: Encode(%q): %v (%v), from the old file %v (%v)", name, text, a, errA, b, errB)
			}
		}
	}
}

func TestLoadVocabErrors(t *testing.T) {
	good, err := newVocab(append(append([]string{}, specialTokens...), "a", "##b")).marshal()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) string {
		if !strings.Contains(string(good), from) {
			t.Fatalf("the file has no %q", from)
		}
		return strings.Replace(string(good), from, to, 1)
	}
	tests := []struct {
		name, content, want string
	}{
		{"not JSON", "{\n  \"model\": ", "not a tokenizer.json: line 2"},
		{"not an object", "[1, 2]", "not a tokenizer.json"},
		{"no model", `{"normalizer": {"type": "Lowercase"}}`, "no model"},
		{"WordLevel", edit(`"type": "WordPiece",
    "unk_token"`, `"type": "WordLevel",
    "unk_token"`), `model type "WordLevel", want "WordPiece"`},
		{"model type not a string", edit(`"type": "WordPiece",
    "unk_token"`, `"type": 3,
    "unk_token"`), "not a tokenizer.json"},
		{"prefix", edit(`"continuing_subword_prefix": "##"`, `"continuing_subword_prefix": "@@"`), `continuing_subword_prefix "@@", want "##"`},
		{"vocab not a map", edit(`"vocab": {`, `"vocab": [], "x": {`), "not a tokenizer.json"},
		{"word length limit", edit(`"max_input_chars_per_word": 100`, `"max_input_chars_per_word": 5`), "max_input_chars_per_word 5, want 100"},
		{"unk token", edit(`"unk_token": "<unk>"`, `"unk_token": "[UNK]"`), `unk_token "[UNK]", want "<unk>"`},
		{"no normalizer", edit(`"normalizer": {`, `"normalizer": null, "x": {`), "its normalizer is not this reader's (written by another tool or version"},
		{"another normalizer step", edit(`"type": "Lowercase"`, `"type": "NFKC"`), "its normalizer is not this reader's"},
		{"pre-tokenizer", edit(`"WhitespaceSplit"`, `"Whitespace"`), "its pre_tokenizer is not this reader's WhitespaceSplit"},
		{"added tokens", edit(`"added_tokens": []`, `"added_tokens": [{"id": 2, "content": "<num>", "special": true}]`), "it has added_tokens"},
		{"post-processor", edit(`"post_processor": null`, `"post_processor": {"type": "BertProcessing"}`), "it has a post_processor, truncation or padding"},
		{"padding", edit(`"padding": null`, `"padding": {"strategy": "BatchLongest"}`), "it has a post_processor, truncation or padding"},
		{"decoder", edit(`"prefix": "##"`, `"prefix": "@@"`), "its decoder is not this reader's WordPiece decoder"},
		{"id out of range", edit(`"a": 3`, `"a": 7`), `word "a" has id 7, outside 0…4`},
		{"duplicate id", edit(`"a": 3`, `"a": 3, "b": 2`), "have the same id 2"},
		{"specials moved", edit(`"<pad>": 0`, `"<pad>": 3`), "have the same id 3"},
		{"no num token", edit(`"<num>": 2`, `"x": 2`), `the vocab must have "<num>" at id 2`},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, "tokenizer"+string(rune('a'+i))+".json")
			if err := os.WriteFile(path, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := LoadVocab(path)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), "\n") {
				t.Errorf("err = %v, want one line naming the file and containing %q", err, tt.want)
			}
		})
	}
	_, err = LoadVocab(filepath.Join(dir, "missing.json"))
	if err == nil || !strings.Contains(err.Error(), "missing.json") || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing file: err = %v", err)
	}
}

func TestSaveError(t *testing.T) {
	v := LearnVocab(nil, 10)
	err := v.Save(filepath.Join(t.TempDir(), "missing", "tokenizer.json"))
	if err == nil || !strings.Contains(err.Error(), "saving the vocabulary") {
		t.Errorf("err = %v", err)
	}
}

package reader

import (
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// vocabTexts are the training texts of the vocabulary tests.
var vocabTexts = []string{
	"Tom had 5 apples. He ate 2 apples.",
	"Ann has 7 pears and 3 apples.",
	"The pears didn't ripen.",
}

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

// wantEncoding encodes q independently of the tokenizer library: greedy
// longest-match WordPiece over the vocabulary's own map.
func wantEncoding(v *Vocab, q Question) Encoding {
	out := Encoding{IDs: []int{}, NumPos: []int{}}
	isNum := quantityTokens(q)
	for i, tok := range q.Tokens {
		if isNum[i] {
			if i == 0 || !isNum[i-1] || !sameQuantity(q, i) {
				out.NumPos = append(out.NumPos, len(out.IDs))
				out.IDs = append(out.IDs, NumID)
			}
			continue
		}
		w := []rune(strings.ToLower(tok))
		if hasSpecial(string(w)) {
			out.IDs = append(out.IDs, UnkID)
			continue
		}
		var ids []int
		for start := 0; start < len(w); {
			end := len(w)
			for ; end > start; end-- {
				p := string(w[start:end])
				if start > 0 {
					p = SubwordPrefix + p
				}
				if id, ok := v.ids[p]; ok {
					ids = append(ids, id)
					break
				}
			}
			if end == start {
				ids = []int{UnkID}
				break
			}
			start = end
		}
		out.IDs = append(out.IDs, ids...)
	}
	return out
}

func TestVocabRoundTrip(t *testing.T) {
	train := parseAll(t, vocabTexts)
	built := LearnVocab(train, 160)
	path := filepath.Join(t.TempDir(), "tokenizer.json")
	if err := built.Save(path); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadVocab(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(loaded.words, built.words) {
		t.Fatalf("loaded pieces %q, want %q", loaded.words, built.words)
	}
	// Unseen words, unseen numbers, other case, special tokens' text,
	// characters outside the alphabet, a mixed number.
	tests := append(train, parseAll(t, []string{
		"TOM ATE 100 Kiwis and 1,000 APPLES.",
		"Zed's <pad> <unk> <NUM> 3.5 mp3 x<num>y <pad>s",
		"The café sold 3 1/2 pies, 2 cakes and $1.50 of tea.",
	})...)
	for _, q := range tests {
		want := wantEncoding(built, q)
		for name, v := range map[string]*Vocab{"built": built, "loaded": loaded} {
			got, err := v.Encode(q)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !reflect.DeepEqual(got.IDs, want.IDs) || !reflect.DeepEqual(got.NumPos, want.NumPos) {
				t.Errorf("%s vocabulary: Encode(%q) = %v %v, want %v %v", name, q.Tokens, got.IDs, got.NumPos, want.IDs, want.NumPos)
			}
			if len(got.Pieces) != len(got.IDs) {
				t.Errorf("%d pieces for %d ids", len(got.Pieces), len(got.IDs))
			}
		}
	}
	// Spot checks: a training word is one piece, an unseen one several,
	// one with a character outside the alphabet unknown.
	q := parseAll(t, []string{"Pears 9 apples kiwis café"})[0]
	got, _ := loaded.Encode(q)
	if want := []string{"pears", NumberToken, "apples"}; !reflect.DeepEqual(got.Pieces[:3], want) || !reflect.DeepEqual(got.NumPos, []int{1}) {
		t.Errorf("Encode = %v %q, want %q first", got.IDs, got.Pieces, want)
	}
	if n := len(got.IDs); n < 6 || got.IDs[n-1] != UnkID || got.Pieces[3] != "k" {
		t.Errorf("kiwis and café: %q", got.Pieces)
	}
	if got, err := loaded.Encode(Question{}); err != nil || len(got.IDs) != 0 {
		t.Errorf("Encode of no tokens = %v, %v; want an empty list", got, err)
	}
}

// TestVocabFile checks that the file is a standard tokenizer.json.
func TestVocabFile(t *testing.T) {
	v := LearnVocab(parseAll(t, []string{"Apples pears apples"}), 200)
	path := filepath.Join(t.TempDir(), "tokenizer.json")
	if err := v.Save(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	model := doc["model"].(map[string]any)
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
	if n := doc["normalizer"].(map[string]any); n["type"] != "Lowercase" {
		t.Errorf("normalizer = %v", n)
	}
	if p := doc["pre_tokenizer"].(map[string]any); p["type"] != "WhitespaceSplit" {
		t.Errorf("pre_tokenizer = %v", p)
	}
}

func TestLoadVocabErrors(t *testing.T) {
	good, err := newVocab(append(append([]string{}, specialTokens...), "a", "##b")).marshal()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) string { return strings.Replace(string(good), from, to, 1) }
	tests := []struct {
		name, content, want string
	}{
		{"not JSON", "{\n  \"model\": ", "not a tokenizer.json: line 2"},
		{"not an object", "[1, 2]", "not a tokenizer.json"},
		{"no model", `{"normalizer": {"type": "Lowercase"}}`, "no model"},
		{"WordLevel", edit(`"type": "WordPiece"`, `"type": "WordLevel"`), `model type "WordLevel", want "WordPiece"`},
		{"model type not a string", edit(`"type": "WordPiece"`, `"type": 3`), "not a tokenizer.json"},
		{"prefix", edit(`"continuing_subword_prefix": "##"`, `"continuing_subword_prefix": "@@"`), `continuing_subword_prefix "@@", want "##"`},
		{"vocab not a map", edit(`"vocab": {`, `"vocab": [], "x": {`), "not a tokenizer.json"},
		{"unk token", edit(`"unk_token": "<unk>"`, `"unk_token": "[UNK]"`), `unk_token "[UNK]", want "<unk>"`},
		{"no normalizer", edit(`"normalizer": {
    "type": "Lowercase"
  }`, `"normalizer": null`), "the normalizer must be Lowercase"},
		{"pre-tokenizer", edit(`"WhitespaceSplit"`, `"Whitespace"`), "the pre_tokenizer must be WhitespaceSplit"},
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
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("err = %v, want one naming the file and containing %q", err, tt.want)
			}
		})
	}
	_, err = LoadVocab(filepath.Join(dir, "missing.json"))
	if err == nil || !strings.Contains(err.Error(), "missing.json") || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing file: err = %v", err)
	}
}

func TestEncodeErrors(t *testing.T) {
	v := LearnVocab(parseAll(t, []string{"a"}), 100)
	seven := big.NewRat(7, 1)
	tests := []struct {
		name string
		q    Question
		want string
	}{
		{"quantity out of range", Question{Tokens: []string{"a"}, Quantities: []Quantity{{Text: "7", Value: seven, Pos: 1, Len: 1}}}, `the quantity "7" at token 1 is outside the 1 tokens`},
		{"negative position", Question{Tokens: []string{"a"}, Quantities: []Quantity{{Text: "7", Value: seven, Pos: -1, Len: 1}}}, "at token -1"},
		{"token with a space", Question{Tokens: []string{"a b"}}, `token 0 ("a b") is empty or holds white space`},
		{"empty token", Question{Tokens: []string{""}}, "token 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := v.Encode(tt.q)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestSaveError(t *testing.T) {
	v := LearnVocab(nil, 10)
	err := v.Save(filepath.Join(t.TempDir(), "missing", "tokenizer.json"))
	if err == nil || !strings.Contains(err.Error(), "saving the vocabulary") {
		t.Errorf("err = %v", err)
	}
}

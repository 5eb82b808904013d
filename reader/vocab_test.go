package reader

import (
	"encoding/json"
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

func tokenLists(qs []Question) [][]string {
	var l [][]string
	for _, q := range qs {
		l = append(l, q.Tokens)
	}
	return l
}

func TestBuildVocab(t *testing.T) {
	qs := parseAll(t, vocabTexts)
	tests := []struct {
		minCount int
		want     []string
	}{
		// apples 3, "." 3; pears 2; then the words seen once, alphabetically.
		{1, []string{PadToken, UnkToken, NumberToken, ".", "apples", "pears", "and", "ann", "ate", "did", "had", "has", "he", "n't", "ripen", "the", "tom"}},
		{0, []string{PadToken, UnkToken, NumberToken, ".", "apples", "pears", "and", "ann", "ate", "did", "had", "has", "he", "n't", "ripen", "the", "tom"}},
		{2, []string{PadToken, UnkToken, NumberToken, ".", "apples", "pears"}},
		{10, []string{PadToken, UnkToken, NumberToken}},
	}
	for _, tt := range tests {
		v := BuildVocab(tokenLists(qs), tt.minCount)
		if !reflect.DeepEqual(v.words, tt.want) {
			t.Errorf("minCount %d: words %q, want %q", tt.minCount, v.words, tt.want)
		}
		if v.Size() != len(tt.want) {
			t.Errorf("minCount %d: Size() = %d, want %d", tt.minCount, v.Size(), len(tt.want))
		}
	}
	// Special tokens in the text are not words; numbers count as <num>.
	v := BuildVocab([][]string{{"<PAD>", "<num>", "42", "x", "x<unk>"}}, 1)
	if want := []string{PadToken, UnkToken, NumberToken, "x"}; !reflect.DeepEqual(v.words, want) {
		t.Errorf("words %q, want %q", v.words, want)
	}
}

// wantIDs maps the tokens of q through the vocabulary's own map.
func wantIDs(v *Vocab, q Question) []int {
	ids := make([]int, len(q.Tokens))
	for i, tok := range q.Tokens {
		id, ok := v.ids[strings.ToLower(tok)]
		if !ok || hasSpecial(strings.ToLower(tok)) {
			id = UnkID
		}
		ids[i] = id
	}
	for _, p := range q.NumPos {
		ids[p] = NumID
	}
	return ids
}

func TestVocabRoundTrip(t *testing.T) {
	train := parseAll(t, vocabTexts)
	built := BuildVocab(tokenLists(train), 1)
	path := filepath.Join(t.TempDir(), "tokenizer.json")
	if err := built.Save(path); err != nil {
		t.Fatal(err)
	}
	loaded, err := LoadVocab(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(loaded.words, built.words) {
		t.Fatalf("loaded words %q, want %q", loaded.words, built.words)
	}
	// Unseen words, unseen numbers, other case, special tokens' text.
	tests := append(train, parseAll(t, []string{
		"TOM ATE 100 Kiwis and 1,000 APPLES.",
		"Zed's <pad> <unk> <NUM> 3.5 mp3 x<num>y <pad>s",
	})...)
	for _, q := range tests {
		want := wantIDs(built, q)
		for name, v := range map[string]*Vocab{"built": built, "loaded": loaded} {
			got, err := v.IDs(q)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s vocabulary: IDs(%q) = %v, want %v", name, q.Tokens, got, want)
			}
		}
	}
	// Spot checks against the fixed ids.
	q := parseAll(t, []string{"Tom ate 9 kiwis"})[0]
	got, _ := loaded.IDs(q)
	if want := []int{built.ids["tom"], built.ids["ate"], NumID, UnkID}; !reflect.DeepEqual(got, want) {
		t.Errorf("IDs = %v, want %v", got, want)
	}
	if got, err := loaded.IDs(Question{}); err != nil || len(got) != 0 {
		t.Errorf("IDs of no tokens = %v, %v; want an empty list", got, err)
	}
}

// TestVocabFile checks that the file is a standard tokenizer.json.
func TestVocabFile(t *testing.T) {
	v := BuildVocab([][]string{{"Apples", "pears", "apples"}}, 1)
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
	if model["type"] != "WordLevel" || model["unk_token"] != UnkToken {
		t.Errorf("model = %v", model)
	}
	wantVocab := map[string]any{PadToken: 0.0, UnkToken: 1.0, NumberToken: 2.0, "apples": 3.0, "pears": 4.0}
	if !reflect.DeepEqual(model["vocab"], wantVocab) {
		t.Errorf("vocab = %v, want %v", model["vocab"], wantVocab)
	}
	if n := doc["normalizer"].(map[string]any); n["type"] != "Lowercase" {
		t.Errorf("normalizer = %v", n)
	}
	if p := doc["pre_tokenizer"].(map[string]any); p["type"] != "WhitespaceSplit" {
		t.Errorf("pre_tokenizer = %v", p)
	}
}

func TestLoadVocabErrors(t *testing.T) {
	good, err := BuildVocab([][]string{{"a"}}, 1).marshal()
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
		{"BPE", edit(`"type": "WordLevel"`, `"type": "BPE"`), `model type "BPE", want "WordLevel"`},
		{"model type not a string", edit(`"type": "WordLevel"`, `"type": 3`), "not a tokenizer.json"},
		{"vocab not a map", edit(`"vocab": {`, `"vocab": [], "x": {`), "not a tokenizer.json"},
		{"unk token", edit(`"unk_token": "<unk>"`, `"unk_token": "[UNK]"`), `unk_token "[UNK]", want "<unk>"`},
		{"no normalizer", edit(`"normalizer": {
    "type": "Lowercase"
  }`, `"normalizer": null`), "the normalizer must be Lowercase"},
		{"pre-tokenizer", edit(`"WhitespaceSplit"`, `"Whitespace"`), "the pre_tokenizer must be WhitespaceSplit"},
		{"id out of range", edit(`"a": 3`, `"a": 7`), `word "a" has id 7, outside 0…3`},
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

func TestIDsErrors(t *testing.T) {
	v := BuildVocab([][]string{{"a"}}, 1)
	tests := []struct {
		name string
		q    Question
		want string
	}{
		{"position out of range", Question{Tokens: []string{"a"}, NumPos: []int{1}}, "number position 1 is outside its 1 tokens"},
		{"negative position", Question{Tokens: []string{"a"}, NumPos: []int{-1}}, "number position -1"},
		{"token with a space", Question{Tokens: []string{"a b"}}, `token 0 ("a b") is empty or holds white space`},
		{"empty token", Question{Tokens: []string{""}}, "token 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := v.IDs(tt.q)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestSaveError(t *testing.T) {
	v := BuildVocab(nil, 1)
	err := v.Save(filepath.Join(t.TempDir(), "missing", "tokenizer.json"))
	if err == nil || !strings.Contains(err.Error(), "saving the vocabulary") {
		t.Errorf("err = %v", err)
	}
}

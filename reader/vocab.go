package reader

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"

	"d4/internal/atomicfile"

	"github.com/sugarme/tokenizer"
	"github.com/sugarme/tokenizer/pretrained"
)

// The special tokens of every vocabulary, with their fixed ids.
const (
	// PadToken (id PadID) pads a batch of token sequences.
	PadToken = "<pad>"
	// UnkToken (id UnkID) stands for every word not in the vocabulary.
	UnkToken = "<unk>"
)

// The ids of the special tokens: PadToken, UnkToken and NumberToken.
const (
	PadID = 0
	UnkID = 1
	NumID = 2
)

// specialTokens are the special tokens in id order.
var specialTokens = []string{PadToken, UnkToken, NumberToken}

// Vocab is a word-level vocabulary: ids 0, 1, 2 are PadToken, UnkToken and
// NumberToken, then the words of the training set, lower-cased.
//
// A Vocab is stored as a standard Hugging Face tokenizer.json: a WordLevel
// model with its vocab and unk_token, a Lowercase normalizer and a
// WhitespaceSplit pre-tokenizer (the special tokens are also listed as
// special added_tokens), the format of the Hugging Face tokenizers
// library. IDs always encodes through github.com/sugarme/tokenizer: a Vocab
// from LoadVocab uses the tokenizer loaded from the file; a Vocab from
// BuildVocab builds its tokenizer, on first use, from exactly the JSON that
// Save would write. So a vocabulary gives the same ids before and after a
// Save/LoadVocab round trip. (sugarme/tokenizer v0.3.0 cannot save a
// tokenizer and renumbers the unknown token of a WordLevel model it builds
// itself, so the JSON is written here with encoding/json.)
//
// A Vocab is safe for concurrent use.
type Vocab struct {
	words []string       // by id
	ids   map[string]int // word → id

	once sync.Once
	tk   *tokenizer.Tokenizer
	err  error
}

// BuildVocab builds the vocabulary of the tokenised training texts train:
// every token that is a number (see ParseNumber) counts as NumberToken,
// every other token is lower-cased (as the tokenizer's Lowercase normalizer
// does), and the words seen at least minCount times (minCount < 1 counts
// as 1) follow the special tokens, by descending count and then
// alphabetically. Tokens that hold a special token's text (in any case) or
// white space are not words of the vocabulary.
func BuildVocab(train [][]string, minCount int) *Vocab {
	if minCount < 1 {
		minCount = 1
	}
	counts := map[string]int{}
	for _, toks := range train {
		for _, t := range toks {
			if _, ok := ParseNumber(t); ok {
				continue
			}
			w := strings.ToLower(t)
			if w == "" || hasSpecial(w) || strings.ContainsAny(w, " \t\n\r") {
				continue
			}
			counts[w]++
		}
	}
	words := make([]string, 0, len(counts))
	for w, c := range counts {
		if c >= minCount {
			words = append(words, w)
		}
	}
	sort.Slice(words, func(i, j int) bool {
		ci, cj := counts[words[i]], counts[words[j]]
		if ci != cj {
			return ci > cj
		}
		return words[i] < words[j]
	})
	return newVocab(append(append([]string{}, specialTokens...), words...))
}

// newVocab makes a Vocab of the words in id order.
func newVocab(words []string) *Vocab {
	ids := make(map[string]int, len(words))
	for i, w := range words {
		ids[w] = i
	}
	return &Vocab{words: words, ids: ids}
}

// hasSpecial reports whether w holds the text of a special token. The
// tokenizer cuts such text out of a word (the special tokens are its
// added_tokens), so such a word could not be looked up as a whole.
func hasSpecial(w string) bool {
	for _, s := range specialTokens {
		if strings.Contains(w, s) {
			return true
		}
	}
	return false
}

// Size is the number of ids, special tokens included.
func (v *Vocab) Size() int { return len(v.words) }

// Word returns the word with the given id, or "" for an id out of range.
func (v *Vocab) Word(id int) string {
	if id < 0 || id >= len(v.words) {
		return ""
	}
	return v.words[id]
}

// hfTokenizer is the part of a Hugging Face tokenizer.json that a Vocab
// uses; the other fields are written as null.
type hfTokenizer struct {
	Version       string       `json:"version"`
	Truncation    any          `json:"truncation"`
	Padding       any          `json:"padding"`
	AddedTokens   []hfAdded    `json:"added_tokens"`
	Normalizer    *hfType      `json:"normalizer"`
	PreTokenizer  *hfType      `json:"pre_tokenizer"`
	PostProcessor any          `json:"post_processor"`
	Decoder       any          `json:"decoder"`
	Model         *hfWordLevel `json:"model"`
}

// hfAdded is an entry of added_tokens.
type hfAdded struct {
	ID         int    `json:"id"`
	Content    string `json:"content"`
	SingleWord bool   `json:"single_word"`
	Lstrip     bool   `json:"lstrip"`
	Rstrip     bool   `json:"rstrip"`
	Normalized bool   `json:"normalized"`
	Special    bool   `json:"special"`
}

// hfType is a component given by its type alone.
type hfType struct {
	Type string `json:"type"`
}

// hfWordLevel is a WordLevel model.
type hfWordLevel struct {
	Type     string  `json:"type"`
	Vocab    hfVocab `json:"vocab"`
	UnkToken string  `json:"unk_token"`
}

// hfVocab is a WordLevel vocab (word → id). It is written in id order, as
// the Hugging Face library writes it.
type hfVocab map[string]int

// MarshalJSON writes the vocab as a JSON object in id order.
func (m hfVocab) MarshalJSON() ([]byte, error) {
	words := make([]string, 0, len(m))
	for w := range m {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		if m[words[i]] != m[words[j]] {
			return m[words[i]] < m[words[j]]
		}
		return words[i] < words[j]
	})
	var b bytes.Buffer
	b.WriteByte('{')
	for i, w := range words {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshalNoEscape(w)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "%s:%d", k, m[w])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshalNoEscape is json.Marshal without the escaping of <, > and &, so
// that the special tokens read as themselves in the file.
func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// marshal returns the tokenizer.json of v.
func (v *Vocab) marshal() ([]byte, error) {
	doc := hfTokenizer{
		Version:      "1.0",
		Normalizer:   &hfType{Type: "Lowercase"},
		PreTokenizer: &hfType{Type: "WhitespaceSplit"},
		Model:        &hfWordLevel{Type: "WordLevel", Vocab: v.ids, UnkToken: UnkToken},
	}
	for id, w := range specialTokens {
		doc.AddedTokens = append(doc.AddedTokens, hfAdded{ID: id, Content: w, Special: true})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Save writes v to path as a Hugging Face tokenizer.json (see Vocab),
// atomically: a reader never sees a half-written file, and on failure any
// previous file at path is unchanged.
func (v *Vocab) Save(path string) error {
	b, err := v.marshal()
	if err != nil {
		return fmt.Errorf("saving the vocabulary to %s: %w", path, err)
	}
	if err := atomicfile.WriteBytes(path, b); err != nil {
		return fmt.Errorf("saving the vocabulary: %w", err)
	}
	return nil
}

// LoadVocab reads a vocabulary saved by Save. It fails, naming the file,
// when the file cannot be read, is not JSON, or is not a tokenizer.json of
// the form Save writes: a WordLevel model whose ids are 0 … n−1 with
// PadToken, UnkToken and NumberToken at ids 0, 1 and 2, unk_token
// UnkToken, a Lowercase normalizer and a WhitespaceSplit pre-tokenizer.
func LoadVocab(path string) (*Vocab, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("loading the vocabulary: %w", err)
	}
	v, err := parseVocab(b)
	if err != nil {
		return nil, fmt.Errorf("loading the vocabulary from %s: %w", path, err)
	}
	return v, nil
}

// parseVocab checks a tokenizer.json and loads its tokenizer.
func parseVocab(b []byte) (*Vocab, error) {
	var doc hfTokenizer
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("not a tokenizer.json: %w", jsonError(b, err))
	}
	m := doc.Model
	switch {
	case m == nil:
		return nil, errors.New("no model")
	case m.Type != "WordLevel":
		return nil, fmt.Errorf("model type %q, want \"WordLevel\"", m.Type)
	case m.UnkToken != UnkToken:
		return nil, fmt.Errorf("unk_token %q, want %q", m.UnkToken, UnkToken)
	case doc.Normalizer == nil || doc.Normalizer.Type != "Lowercase":
		return nil, errors.New("the normalizer must be Lowercase")
	case doc.PreTokenizer == nil || doc.PreTokenizer.Type != "WhitespaceSplit":
		return nil, errors.New("the pre_tokenizer must be WhitespaceSplit")
	}
	words := make([]string, len(m.Vocab))
	for w, id := range m.Vocab {
		if id < 0 || id >= len(words) {
			return nil, fmt.Errorf("word %q has id %d, outside 0…%d", w, id, len(words)-1)
		}
		if words[id] != "" {
			return nil, fmt.Errorf("words %q and %q have the same id %d", words[id], w, id)
		}
		if w == "" {
			return nil, fmt.Errorf("id %d is the empty word", id)
		}
		words[id] = w
	}
	for id, s := range specialTokens {
		if id >= len(words) || words[id] != s {
			return nil, fmt.Errorf("the vocab must have %q at id %d", s, id)
		}
	}
	v := newVocab(words)
	tk, err := loadTokenizer(b)
	if err != nil {
		return nil, err
	}
	v.once.Do(func() { v.tk = tk })
	return v, nil
}

// jsonError adds the line and column to a JSON syntax error.
func jsonError(b []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(b[:se.Offset], []byte("\n"))
		col := int(se.Offset) - bytes.LastIndexByte(b[:se.Offset], '\n') - 1
		return fmt.Errorf("line %d, column %d: %w", line, col, err)
	}
	return err
}

// loadTokenizer makes a sugarme tokenizer of a checked tokenizer.json with
// pretrained.FromReader (what pretrained.FromFile does after opening the
// file). The library asserts types in the JSON without checking them, so
// a panic there is turned into an error.
func loadTokenizer(b []byte) (tk *tokenizer.Tokenizer, err error) {
	defer func() {
		if r := recover(); r != nil {
			tk, err = nil, fmt.Errorf("the tokenizer library cannot read it: %v", r)
		}
	}()
	tk, err = pretrained.FromReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("the tokenizer library cannot read it: %w", err)
	}
	return tk, nil
}

// tokenizer returns v's sugarme tokenizer, building it from v's JSON on
// first use.
func (v *Vocab) tokenizer() (*tokenizer.Tokenizer, error) {
	v.once.Do(func() {
		b, err := v.marshal()
		if err != nil {
			v.err = err
			return
		}
		v.tk, v.err = loadTokenizer(b)
	})
	if v.err != nil {
		return nil, fmt.Errorf("building the tokenizer: %w", v.err)
	}
	return v.tk, nil
}

// IDs returns the id of every token of q: the tokens at q.NumPos become
// NumberToken, a token that holds a special token's text (in any case)
// becomes UnkToken (a story cannot name the padding), and the tokens, joined by
// single spaces, are encoded by the sugarme tokenizer, which lower-cases
// them, splits them at the spaces and maps words not in the vocabulary to
// UnkID. It fails for a position of q.NumPos outside q.Tokens, or a token
// that is empty or holds white space (Tokenize never makes one).
func (v *Vocab) IDs(q Question) ([]int, error) {
	toks := make([]string, len(q.Tokens))
	for i, t := range q.Tokens {
		if t == "" || strings.ContainsAny(t, " \t\n\r") {
			return nil, fmt.Errorf("encoding the question: token %d (%q) is empty or holds white space", i, t)
		}
		if hasSpecial(strings.ToLower(t)) {
			t = UnkToken
		}
		toks[i] = t
	}
	for _, p := range q.NumPos {
		if p < 0 || p >= len(toks) {
			return nil, fmt.Errorf("encoding the question: number position %d is outside its %d tokens", p, len(toks))
		}
		toks[p] = NumberToken
	}
	if len(toks) == 0 {
		return []int{}, nil
	}
	tk, err := v.tokenizer()
	if err != nil {
		return nil, fmt.Errorf("encoding the question: %w", err)
	}
	enc, err := tk.EncodeSingle(strings.Join(toks, " "), false)
	if err != nil {
		return nil, fmt.Errorf("encoding the question: %w", err)
	}
	if len(enc.Ids) != len(toks) {
		return nil, fmt.Errorf("encoding the question: the tokenizer gave %d ids for %d tokens", len(enc.Ids), len(toks))
	}
	return append([]int{}, enc.Ids...), nil
}

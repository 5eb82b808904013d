package reader

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/d4lang/d4/internal/atomicfile"

	"github.com/sugarme/tokenizer"
	"github.com/sugarme/tokenizer/normalizer"
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

// Vocab is a WordPiece vocabulary (the subword model of BERT): ids 0, 1, 2
// are PadToken, UnkToken and NumberToken, then the pieces. A word is
// encoded by the longest piece that starts it, then the longest piece
// (written with the prefix "##") that continues it, and so on; a word that
// cannot be spelled with the pieces is UnkToken. The pieces hold every
// character of the training words and the printable ASCII characters, so
// a word never seen in training is still read as pieces, and a training
// word is usually one piece (see LearnVocab).
//
// A Vocab is stored as a standard Hugging Face tokenizer.json that holds
// the whole way from a question's text to its ids (see the package
// documentation): the normalizer, the pre-tokenizer and the WordPiece
// model, so that Hugging Face's libraries give the ids the model reads.
// Encode always encodes through github.com/sugarme/tokenizer: a Vocab from
// LoadVocab uses the tokenizer loaded from the file; a Vocab from
// LearnVocab builds its tokenizer, on first use, from exactly the JSON
// that Save would write. So a vocabulary gives the same ids before and
// after a Save/LoadVocab round trip. (sugarme/tokenizer v0.3.0 cannot save
// a tokenizer, so the JSON is written here with encoding/json; its
// WordPiece trainer is not deterministic and writes to stdout, so
// LearnVocab chooses the pieces.)
//
// A Vocab is safe for concurrent use.
type Vocab struct {
	words []string       // pieces by id
	ids   map[string]int // piece → id

	once sync.Once
	tk   *tokenizer.Tokenizer
	err  error
	// pieces caches the WordPiece model's pieces of each word it was
	// given (word → []tokenizer.Token): a word's pieces do not depend on
	// its neighbours, and most words recur.
	pieces sync.Map
}

// SubwordPrefix marks a piece that continues a word.
const SubwordPrefix = "##"

// DefaultVocabSize is the number of ids LearnVocab aims at.
const DefaultVocabSize = 4000

// baseAlphabet are the characters every vocabulary spells words with,
// whether or not training shows them.
const baseAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"

// vocabWords counts the lower-cased words of questions that LearnVocab
// learns from: every token but the quantities, the tokens that hold a
// special token's text and those that hold white space.
func vocabWords(train []Question) map[string]int {
	counts := map[string]int{}
	for _, q := range train {
		isNum := quantityTokens(q)
		for i, t := range q.Tokens {
			w := strings.ToLower(t)
			if isNum[i] || w == "" || hasSpecial(w) || strings.ContainsAny(w, " \t\n\r") {
				continue
			}
			counts[w]++
		}
	}
	return counts
}

// quantityTokens marks the tokens of q's quantities in digits (those in
// words are words of the vocabulary).
func quantityTokens(q Question) map[int]bool {
	m := map[int]bool{}
	for _, n := range q.Quantities {
		for k := 0; k < n.Len && !n.Word; k++ {
			m[n.Pos+k] = true
		}
	}
	return m
}

// LearnVocab learns a WordPiece vocabulary of size ids (size < 1 means
// DefaultVocabSize; the special tokens and the alphabet are always there,
// even when they alone are more) from the words of the training questions, as the
// Hugging Face WordPiece trainer does, but deterministically: every word
// starts as its characters (the first as is, the others with
// SubwordPrefix), and the most frequent pair of adjacent pieces (counted
// over word occurrences; ties go to the alphabetically first merged
// piece) is merged into a new piece, again and again, until the vocabulary
// has size ids or no pair occurs twice. The ids are the special tokens,
// the characters in order, then the merged pieces in the order they were
// made.
func LearnVocab(train []Question, size int) *Vocab {
	if size < 1 {
		size = DefaultVocabSize
	}
	counts := vocabWords(train)
	words := make([]string, 0, len(counts))
	for w := range counts {
		words = append(words, w)
	}
	sort.Strings(words)
	split := make([][]string, len(words))
	alphabet := map[string]bool{}
	for _, r := range baseAlphabet {
		alphabet[string(r)], alphabet[SubwordPrefix+string(r)] = true, true
	}
	for i, w := range words {
		for j, r := range w {
			p := string(r)
			if j > 0 {
				p = SubwordPrefix + p
			}
			split[i] = append(split[i], p)
			alphabet[p] = true
		}
	}
	pieces := append([]string{}, specialTokens...)
	for p := range alphabet {
		pieces = append(pieces, p)
	}
	sort.Strings(pieces[len(specialTokens):])
	have := map[string]bool{}
	for _, p := range pieces {
		have[p] = true
	}
	for len(pieces) < size {
		merged, n := bestPair(words, split, counts)
		if n < 2 {
			break
		}
		for i := range split {
			split[i] = mergePair(split[i], merged)
		}
		if !have[merged] {
			have[merged] = true
			pieces = append(pieces, merged)
		}
	}
	return newVocab(pieces)
}

// join is the piece that a piece a followed by a piece b make.
func join(a, b string) string { return a + strings.TrimPrefix(b, SubwordPrefix) }

// bestPair returns the most frequent merge of two adjacent pieces and its
// count (ties: the alphabetically first merged piece).
func bestPair(words []string, split [][]string, counts map[string]int) (string, int) {
	pairs := map[string]int{}
	for i, ps := range split {
		for j := 0; j+1 < len(ps); j++ {
			pairs[join(ps[j], ps[j+1])] += counts[words[i]]
		}
	}
	best, n := "", 0
	for p, c := range pairs {
		if c > n || c == n && p < best {
			best, n = p, c
		}
	}
	return best, n
}

// mergePair merges, left to right, every two adjacent pieces of a word
// that make merged.
func mergePair(ps []string, merged string) []string {
	out := ps[:0:0]
	for j := 0; j < len(ps); j++ {
		if j+1 < len(ps) && join(ps[j], ps[j+1]) == merged {
			out = append(out, merged)
			j++
			continue
		}
		out = append(out, ps[j])
	}
	return out
}

// newVocab makes a Vocab of the pieces in id order.
func newVocab(words []string) *Vocab {
	ids := make(map[string]int, len(words))
	for i, w := range words {
		ids[w] = i
	}
	return &Vocab{words: words, ids: ids}
}

// hasSpecial reports whether w holds the text of a special token. The
// tokenizer's normalizer replaces such text by a special token, so such a
// word could not be looked up as a whole.
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

// hfTokenizer is a Hugging Face tokenizer.json. The parts that a Vocab
// does not set itself are kept as JSON values, to be checked.
type hfTokenizer struct {
	Version       string       `json:"version"`
	Truncation    any          `json:"truncation"`
	Padding       any          `json:"padding"`
	AddedTokens   []hfAdded    `json:"added_tokens"`
	Normalizer    any          `json:"normalizer"`
	PreTokenizer  any          `json:"pre_tokenizer"`
	PostProcessor any          `json:"post_processor"`
	Decoder       any          `json:"decoder"`
	Model         *hfWordPiece `json:"model"`
}

// hfAdded is an entry of added_tokens (the files of earlier versions list
// the special tokens there).
type hfAdded struct {
	ID         int    `json:"id"`
	Content    string `json:"content"`
	SingleWord bool   `json:"single_word"`
	Lstrip     bool   `json:"lstrip"`
	Rstrip     bool   `json:"rstrip"`
	Normalized bool   `json:"normalized"`
	Special    bool   `json:"special"`
}

// hfWordPiece is a WordPiece model.
type hfWordPiece struct {
	Type          string  `json:"type"`
	UnkToken      string  `json:"unk_token"`
	Prefix        string  `json:"continuing_subword_prefix"`
	MaxInputChars int     `json:"max_input_chars_per_word"`
	Vocab         hfVocab `json:"vocab"`
}

// maxWordChars is the longest word WordPiece splits; a longer one is
// UnkToken (the Hugging Face default).
const maxWordChars = 100

// decoderJSON returns the decoder of tokenizer.json: WordPiece's, which
// joins the pieces of a word.
func decoderJSON() map[string]any {
	return map[string]any{"type": "WordPiece", "prefix": SubwordPrefix, "cleanup": false}
}

// hfVocab is a vocab (piece → id). It is written in id order, as
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

// indented is v as indented JSON without the escaping of <, > and &.
func indented(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// marshal returns the tokenizer.json of v.
func (v *Vocab) marshal() ([]byte, error) {
	return indented(hfTokenizer{
		Version:      "1.0",
		AddedTokens:  []hfAdded{},
		Normalizer:   normalizerJSON(),
		PreTokenizer: preTokenizerJSON(),
		Decoder:      decoderJSON(),
		Model:        &hfWordPiece{Type: "WordPiece", UnkToken: UnkToken, Prefix: SubwordPrefix, MaxInputChars: maxWordChars, Vocab: v.ids},
	})
}

// TokenizerConfigFile is the file that Save writes beside tokenizer.json:
// what Hugging Face's AutoTokenizer reads besides it.
const TokenizerConfigFile = "tokenizer_config.json"

// TokenizerFile is the name of the file Save writes where a directory holds
// a vocabulary (a model directory, prepared data).
const TokenizerFile = "tokenizer.json"

// hfConfig is tokenizer_config.json.
type hfConfig struct {
	// TokenizerClass is the class that reads tokenizer.json as it is.
	TokenizerClass string `json:"tokenizer_class"`
	// ModelMaxLength bounds the ids of a question: each comes from at
	// least one of its at most MaxTextLen characters.
	ModelMaxLength int    `json:"model_max_length"`
	UnkToken       string `json:"unk_token"`
	PadToken       string `json:"pad_token"`
	// CleanUp is off: decoding does not glue punctuation to words.
	CleanUp bool `json:"clean_up_tokenization_spaces"`
}

// configJSON returns tokenizer_config.json.
func configJSON() ([]byte, error) {
	return indented(hfConfig{TokenizerClass: "PreTrainedTokenizerFast", ModelMaxLength: MaxTextLen, UnkToken: UnkToken, PadToken: PadToken})
}

// Save writes v to path as a Hugging Face tokenizer.json (see Vocab), and
// tokenizer_config.json (TokenizerConfigFile) beside it, each atomically:
// a reader never sees a half-written file, and on failure any previous
// file at path is unchanged.
func (v *Vocab) Save(path string) error {
	b, c, err := v.Files()
	if err != nil {
		return fmt.Errorf("saving the vocabulary to %s: %w", path, err)
	}
	if err := atomicfile.WriteBytes(path, b); err != nil {
		return fmt.Errorf("saving the vocabulary: %w", err)
	}
	if err := atomicfile.WriteBytes(filepath.Join(filepath.Dir(path), TokenizerConfigFile), c); err != nil {
		return fmt.Errorf("saving the vocabulary: %w", err)
	}
	return nil
}

// Files returns what Save writes: tokenizer.json and tokenizer_config.json.
func (v *Vocab) Files() (tokenizer, config []byte, err error) {
	if tokenizer, err = v.marshal(); err != nil {
		return nil, nil, err
	}
	config, err = configJSON()
	return tokenizer, config, err
}

// LoadVocab reads a vocabulary saved by Save. It fails, naming the file,
// when the file cannot be read, is not JSON, or is not a tokenizer.json of
// the form Save writes: a WordPiece model whose ids are 0 … n−1 with
// PadToken, UnkToken and NumberToken at ids 0, 1 and 2, unk_token
// UnkToken, continuing_subword_prefix SubwordPrefix,
// max_input_chars_per_word 100, and this package's normalizer,
// pre-tokenizer and decoder, without added tokens, post-processor,
// truncation or padding (any of which would change the ids that Hugging
// Face's libraries give).
//
// It also reads the tokenizer.json of earlier versions, which held the
// same WordPiece model with a Lowercase normalizer and a WhitespaceSplit
// pre-tokenizer (and the special tokens as added tokens): such a file went
// with the ids of prose's tokens, which this package's pipeline gives on
// the problems of CC, of the generator and of the benchmark (see the
// package documentation), so its vocabulary is read with this pipeline
// and gives the ids its model was trained with; Save writes the file anew.
func LoadVocab(path string) (*Vocab, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("loading the vocabulary: %w", err)
	}
	return ParseVocab(b, path)
}

// ParseVocab reads the bytes of a tokenizer.json as LoadVocab does; name
// names them in an error.
func ParseVocab(b []byte, name string) (*Vocab, error) {
	v, err := parseVocab(b)
	if err != nil {
		return nil, fmt.Errorf("loading the vocabulary from %s: %w", name, err)
	}
	return v, nil
}

// sameJSON reports whether a JSON value read from a file is want.
func sameJSON(got, want any) bool {
	b, err := json.Marshal(want)
	if err != nil {
		return false
	}
	var w any
	if err := json.Unmarshal(b, &w); err != nil {
		return false
	}
	return reflect.DeepEqual(got, w)
}

// writtenAgain ends the errors for a file whose pipeline is not this
// package's.
const writtenAgain = "(written by another tool or version: prepare the data or train the model again)"

// checkPipeline checks that doc's way from text to tokens is this
// package's; it reports whether doc is a file of an earlier version
// (legacy: a normalizer that only lowers the case, or one of olderNormalizers),
// whose pipeline is replaced by this package's.
func checkPipeline(doc *hfTokenizer) (legacy bool, err error) {
	older := sameJSON(doc.Normalizer, map[string]any{"type": "Lowercase"})
	for _, n := range olderNormalizerJSONs() {
		older = older || sameJSON(doc.Normalizer, n)
	}
	if older && sameJSON(doc.PreTokenizer, preTokenizerJSON()) {
		return true, nil
	}
	switch {
	case !sameJSON(doc.Normalizer, normalizerJSON()):
		return false, fmt.Errorf("its normalizer is not this reader's %s", writtenAgain)
	case !sameJSON(doc.PreTokenizer, preTokenizerJSON()):
		return false, fmt.Errorf("its pre_tokenizer is not this reader's WhitespaceSplit %s", writtenAgain)
	case len(doc.AddedTokens) > 0:
		return false, fmt.Errorf("it has added_tokens, which this reader does not use %s", writtenAgain)
	case doc.PostProcessor != nil || doc.Truncation != nil || doc.Padding != nil:
		return false, fmt.Errorf("it has a post_processor, truncation or padding, which would change the ids %s", writtenAgain)
	case !sameJSON(doc.Decoder, decoderJSON()):
		return false, fmt.Errorf("its decoder is not this reader's WordPiece decoder %s", writtenAgain)
	}
	return false, nil
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
	case m.Type != "WordPiece":
		return nil, fmt.Errorf("model type %s, want \"WordPiece\" (a model directory from an older version: train it again)", quote(m.Type))
	case m.UnkToken != UnkToken:
		return nil, fmt.Errorf("unk_token %s, want %q", quote(m.UnkToken), UnkToken)
	case m.Prefix != SubwordPrefix:
		return nil, fmt.Errorf("continuing_subword_prefix %s, want %q", quote(m.Prefix), SubwordPrefix)
	case m.MaxInputChars != maxWordChars:
		return nil, fmt.Errorf("max_input_chars_per_word %d, want %d (another limit gives other ids)", m.MaxInputChars, maxWordChars)
	}
	legacy, err := checkPipeline(&doc)
	if err != nil {
		return nil, err
	}
	words := make([]string, len(m.Vocab))
	for w, id := range m.Vocab {
		if id < 0 || id >= len(words) {
			return nil, fmt.Errorf("word %s has id %d, outside 0…%d", quote(w), id, len(words)-1)
		}
		if words[id] != "" {
			return nil, fmt.Errorf("words %s and %s have the same id %d", quote(words[id]), quote(w), id)
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
	if legacy {
		// The tokenizer is built, on first use, from the file Save
		// would write.
		return v, nil
	}
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

// loadTokenizer makes a sugarme tokenizer of a checked tokenizer.json:
// pretrained.FromReader (what pretrained.FromFile does after opening the
// file) reads it but its normalizer, which buildNormalizer makes (see
// there). The library asserts types in the JSON without checking them, so
// a panic there is turned into an error.
func loadTokenizer(b []byte) (tk *tokenizer.Tokenizer, err error) {
	defer func() {
		if r := recover(); r != nil {
			tk, err = nil, fmt.Errorf("the tokenizer library cannot read it: %v", r)
		}
	}()
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("not a tokenizer.json: %w", jsonError(b, err))
	}
	norm, _ := doc["normalizer"].(map[string]any)
	n, err := buildNormalizer(norm)
	if err != nil {
		return nil, err
	}
	doc["normalizer"] = nil
	rest, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	tk, err = pretrained.FromReader(bytes.NewReader(rest))
	if err != nil {
		return nil, fmt.Errorf("the tokenizer library cannot read it: %w", err)
	}
	tk.WithNormalizer(n)
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

// Encoding is a question as the reader reads it: its pieces and their ids,
// and the piece position of each quantity.
type Encoding struct {
	IDs    []int
	Pieces []string
	NumPos []int
}

// Encode encodes the text of q, as ParseQuestion (or ParseQuestionWords)
// read it, through the tokenizer (the pipeline of tokenizer.json, run by
// sugarme/tokenizer): the ids, their pieces, and the position of each
// quantity: of its NumberToken id for a number in digits, of its word's
// first piece for a number in words. It fails when the tokenizer does not
// read as many numbers in digits as q.Quantities has, or does not split a
// number word's text as the reader did (a text that prose and the pipeline
// read differently; see the package documentation), or when the tokenizer
// fails.
func (v *Vocab) Encode(q Question) (Encoding, error) {
	fail := func(format string, a ...any) (Encoding, error) {
		return Encoding{}, fmt.Errorf("encoding the question: "+format, a...)
	}
	tk, err := v.tokenizer()
	if err != nil {
		return fail("%w", err)
	}
	ids, pieces, words, err := v.encodeText(tk, q.Text)
	if err != nil {
		return fail("%w", err)
	}
	out := Encoding{IDs: ids, Pieces: pieces, NumPos: []int{}}
	var numPos []int
	for p, id := range ids {
		if id == NumID {
			numPos = append(numPos, p)
		}
	}
	var texts []string
	for _, n := range q.Quantities {
		if !n.Word {
			texts = append(texts, n.Text)
		}
	}
	if n := len(texts); len(numPos) != n {
		if n == 0 {
			texts = []string{"none"}
		}
		return fail("the tokenizer read %d numbers where the reader read %d (%s)", len(numPos), n, strings.Join(texts, ", "))
	}
	shift := 0 // tokens of the quantities before, less one each: NumberToken is one word
	for _, n := range q.Quantities {
		if !n.Word {
			out.NumPos, numPos = append(out.NumPos, numPos[0]), numPos[1:]
			shift += n.Len - 1
			continue
		}
		p, ok := wordStart(words, pieces, n.Pos-shift, q.Tokens[n.Pos])
		if !ok {
			return fail("the tokenizer does not read the number word %s as the reader does", quote(q.Tokens[n.Pos]))
		}
		out.NumPos = append(out.NumPos, p)
	}
	return out, nil
}

// wordStart returns the position of the first piece of the pre-tokenized
// word w, checking that its pieces spell tok.
func wordStart(words []int, pieces []string, w int, tok string) (int, bool) {
	start, spelt := -1, ""
	for p, x := range words {
		if x == w {
			if start < 0 {
				start = p
			}
			spelt += strings.TrimPrefix(pieces[p], SubwordPrefix)
		}
	}
	return start, start >= 0 && spelt == strings.ToLower(tok)
}

// encodeText runs the tokenizer's pipeline on a text: the ids, their
// pieces and the index of each one's pre-tokenized word. It runs the
// library's steps one by one — the normalizer, the WhitespaceSplit
// pre-tokenizer (splitting at the characters the library counts as white
// space), the WordPiece model on each word — and keeps each word's
// pieces, so that a word met before costs a lookup: the library's
// EncodeSingle gives the same encoding (TestEncodeIsLibrarys) at several
// times the cost, most of it allocating offsets the reader does not use.
// sugarme can panic on input it does not expect; that is an error.
func (v *Vocab) encodeText(tk *tokenizer.Tokenizer, text string) (ids []int, pieces []string, words []int, err error) {
	ids, pieces, words = []int{}, []string{}, []int{}
	if text == "" {
		return ids, pieces, words, nil
	}
	defer func() {
		if r := recover(); r != nil {
			ids, pieces, words, err = nil, nil, nil, fmt.Errorf("the tokenizer failed: %v", r)
		}
	}()
	norm, ok := tk.GetNormalizer().(textNormalizer)
	if !ok {
		return nil, nil, nil, fmt.Errorf("the tokenizer's normalizer is a %T, not the one loadTokenizer builds", tk.GetNormalizer())
	}
	normalized, err := norm.text(text)
	if err != nil {
		return nil, nil, nil, err
	}
	for i, w := range strings.FieldsFunc(normalized, normalizer.IsWhitespace) {
		toks, ok := v.pieces.Load(w)
		if !ok {
			t, err := tk.GetModel().Tokenize(w)
			if err != nil {
				return nil, nil, nil, err
			}
			toks, _ = v.pieces.LoadOrStore(w, t)
		}
		for _, t := range toks.([]tokenizer.Token) {
			ids, pieces, words = append(ids, t.Id), append(pieces, t.Value), append(words, i)
		}
	}
	return ids, pieces, words, nil
}

// Equal reports whether two vocabularies have the same pieces with the same
// ids.
func (v *Vocab) Equal(o *Vocab) bool {
	if len(v.words) != len(o.words) {
		return false
	}
	for i, w := range v.words {
		if o.words[i] != w {
			return false
		}
	}
	return true
}

// Whole reports whether a word (any case) is one piece of the vocabulary.
func (v *Vocab) Whole(word string) bool {
	_, ok := v.ids[strings.ToLower(word)]
	return ok
}

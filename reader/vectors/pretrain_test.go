package vectors

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/mathx"
)

// fruitsAndVehicles are docs of two topics that share no word but "a" and
// "is".
func fruitsAndVehicles() []Doc {
	fruits := []string{"apple", "pear", "plum", "peach", "cherry", "mango", "grape", "lemon"}
	vehicles := []string{"car", "bus", "truck", "van", "train", "tram", "bike", "cart"}
	var docs []Doc
	for _, topic := range []struct {
		words []string
		gloss string
	}{{fruits, "a sweet juicy edible fruit that grows on a tree and is eaten fresh"},
		{vehicles, "a wheeled vehicle that carries people or goods along a road and is driven"}} {
		for i, w := range topic.words {
			next := topic.words[(i+1)%len(topic.words)]
			docs = append(docs, Doc{Head: []string{w, next}, Body: Words(topic.gloss)})
		}
	}
	return docs
}

func cosine(a, b []float64) float64 {
	return mathx.Dot(a, b) / math.Sqrt(mathx.Dot(a, a)*mathx.Dot(b, b))
}

// Pretrained vectors put words of one topic nearer each other than words
// of the other, and the same seed gives the same vectors.
func TestPretrain(t *testing.T) {
	cfg := PretrainConfig{Dim: 4, Words: 100, Window: 3, Seed: 1}
	s, err := Pretrain(fruitsAndVehicles(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Pretrain(fruitsAndVehicles(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Data, again.Data) || !slices.Equal(s.Words, again.Words) {
		t.Error("two runs from the same seed differ")
	}
	row := func(w string) []float64 {
		i := slices.Index(s.Words, w)
		if i < 0 {
			t.Fatalf("no vector for %q among %v", w, s.Words)
		}
		return s.Row(i)
	}
	for _, tc := range []struct{ a, near, far string }{
		{"apple", "mango", "truck"}, {"bus", "tram", "plum"}, {"juicy", "fruit", "wheeled"}, {"road", "vehicle", "sweet"},
	} {
		near, far := cosine(row(tc.a), row(tc.near)), cosine(row(tc.a), row(tc.far))
		if near < far+0.5 {
			t.Errorf("%s: cosine %.2f with %s, %.2f with %s", tc.a, near, tc.near, far, tc.far)
		}
	}
	if _, err := Pretrain(fruitsAndVehicles(), PretrainConfig{Dim: 40, Words: 100, Window: 3}); err == nil || !strings.Contains(err.Error(), "too few for vectors of 40") {
		t.Errorf("more values than words: %v", err)
	}
}

// ReadWordNet reads a synset's words (a lemma of several words split,
// an adjective's marker dropped) and its hypernyms' words as the Head and
// its gloss as the Body; a line that is not WordNet's is an error that
// names the file and line.
func TestReadWordNet(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"data.noun": "  1 This software and database is provided by Princeton\n" +
			"00000001 03 n 01 fruit 0 000 | the ripened reproductive body of a seed plant  \n" +
			"00000002 13 n 02 apple 0 crab_apple 0 001 @ 00000001 n 0000 | fruit with red or yellow skin; \"an apple a day\"  \n",
		"data.verb": "00000003 40 v 01 sell 0 000 | exchange for money  \n",
		"data.adj":  "00000004 00 a 01 ripe(a) 0 000 | fully developed  \n",
		"data.adv":  "",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, err := ReadWordNet(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Doc{
		{Head: []string{"fruit"}, Body: []string{"the", "ripened", "reproductive", "body", "of", "a", "seed", "plant"}},
		{Head: []string{"apple", "crab", "apple", "fruit"}, Body: []string{"fruit", "with", "red", "or", "yellow", "skin", "an", "apple", "a", "day"}},
		{Head: []string{"sell"}, Body: []string{"exchange", "for", "money"}},
		{Head: []string{"ripe"}, Body: []string{"fully", "developed"}},
	}
	if len(docs) != len(want) {
		t.Fatalf("%d docs, want %d: %v", len(docs), len(want), docs)
	}
	for i := range want {
		if !slices.Equal(docs[i].Head, want[i].Head) || !slices.Equal(docs[i].Body, want[i].Body) {
			t.Errorf("doc %d: %v, want %v", i, docs[i], want[i])
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "data.verb"), []byte("00000003 40 v 01 sell 0 x | gloss\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadWordNet(dir); err == nil || !strings.Contains(err.Error(), "data.verb line 1: no pointer count: not a WordNet data file") {
		t.Errorf("a malformed line: %v", err)
	}
}

package model

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/vectors"
)

// toyVectors are vectors of Embed values for three whole pieces of vocab
// and one word it lacks.
func toyVectors(t *testing.T, vocab *reader.Vocab) *vectors.Set {
	t.Helper()
	s := &vectors.Set{Words: []string{"tulips"}, Dim: Embed, Path: "toy"}
	for id := reader.NumID + 1; id < vocab.Size() && len(s.Words) < 4; id++ {
		if w := vocab.Word(id); !strings.HasPrefix(w, reader.SubwordPrefix) {
			s.Words = append(s.Words, w)
		}
	}
	for i := range len(s.Words) * Embed {
		s.Data = append(s.Data, float64(i%7-3)/10)
	}
	if len(s.Words) != 4 {
		t.Fatalf("toy vectors of %v", s.Words)
	}
	return s
}

// A model trained with fixed vectors keeps them in model.safetensors
// (reader.vectors): it reloads with them and gives the same slot
// distributions, without the vectors' file. Fine-tuned vectors are the
// embeddings' start and add no tensor. A vocabulary none of whose words
// has a vector, or vectors of another size, are refused.
func TestVectorsSaveLoad(t *testing.T) {
	vocab := toyVocab(t)
	for _, fixed := range []bool{false, true} {
		m := paperModel(t, vocab.Size(), 3)
		n, err := m.UseVectors(toyVectors(t, vocab), vocab, fixed)
		if err != nil || n != 3 {
			t.Fatalf("fixed %v: %d words found (%v), want 3", fixed, n, err)
		}
		dir := filepath.Join(t.TempDir(), "model")
		if err := save(m, dir, Config{}, vocab); err != nil {
			t.Fatal(err)
		}
		back, cfg, _, err := LoadModel(dir)
		if err != nil {
			t.Fatal(err)
		}
		tensors, _ := reloadedWeights(t, m, back, dir)
		_, has := tensors[fixedName]
		if cfg.FixedVectors != fixed || has != fixed || (back.Reader.Fixed != nil) != fixed {
			t.Fatalf("fixed %v: config.json's fixed_vectors %v, %s saved %v, loaded %v", fixed, cfg.FixedVectors, fixedName, has, back.Reader.Fixed != nil)
		}
		if fixed {
			if !slices.Equal(back.Reader.Fixed.Float64s(), m.Reader.Fixed.Float64s()) || !slices.Equal(tensors[fixedName].Shape, []int{vocab.Size(), Embed}) {
				t.Errorf("the fixed vectors read back differ, or have shape %v", tensors[fixedName].Shape)
			}
		}
		ps := randomProblems(6, vocab.Size(), 4)
		want, err := m.Executions(ps)
		if err != nil {
			t.Fatal(err)
		}
		got, err := back.Executions(ps)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("fixed %v: the reloaded model's slot distributions differ", fixed)
		}
	}
	m := paperModel(t, vocab.Size(), 3)
	none := &vectors.Set{Words: []string{"zebra"}, Dim: Embed, Data: make([]float64, Embed), Path: "zebra.safetensors"}
	if _, err := m.UseVectors(none, vocab, true); err == nil || !strings.Contains(err.Error(), "has a vector in zebra.safetensors") {
		t.Errorf("no word found: %v", err)
	}
	small := &vectors.Set{Words: []string{"roses"}, Dim: 3, Data: make([]float64, 3)}
	if _, err := m.UseVectors(small, vocab, false); err == nil || !strings.Contains(err.Error(), "vectors of 3 values, the reader's embeddings have 75") {
		t.Errorf("vectors of 3 values: %v", err)
	}
}

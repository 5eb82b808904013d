// Package waptest holds what the word-problem packages' tests share: the
// paper's sketch and model, and small problems and vocabularies to train
// and answer.
package waptest

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"
	"github.com/d4lang/d4/sketches"
	"github.com/d4lang/d4/tasks/wap/model"
)

// WapSketch returns the paper's sketch.
func WapSketch(t *testing.T) string {
	t.Helper()
	return Sketch(t, "wap")
}

// Sketch returns the source of an embedded sketch ("wap", "wap_steps").
func Sketch(t *testing.T, name string) string {
	t.Helper()
	src, ok := sketches.Embedded(name)
	if !ok {
		t.Fatalf("%s sketch not embedded", name)
	}
	return src
}

// PaperModel is a model of the paper's sketch with the lexicon.
func PaperModel(t *testing.T, vocab int, seed int64) *model.Model {
	t.Helper()
	return SketchModel(t, "wap", vocab, true, seed)
}

// SketchModel is a model of an embedded sketch ("wap", "wap_steps"), with
// or without the lexicon.
func SketchModel(t *testing.T, name string, vocab int, lexicon bool, seed int64) *model.Model {
	t.Helper()
	m, err := model.NewModel(name+".fth", Sketch(t, name), vocab, lexicon, seed)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// RandomProblems draws stories of random tokens, of none to two random
// classes each, with three numbers.
func RandomProblems(n, vocab int, seed int64) []*model.Problem {
	rng := rand.New(rand.NewSource(seed))
	classes := lexicon.Default().Size()
	var out []*model.Problem
	for i := 0; i < n; i++ {
		T := 5 + rng.Intn(6)
		p := &model.Problem{ID: int64(i), Answer: rng.Intn(model.ValueSize)}
		for t := 0; t < T; t++ {
			p.IDs = append(p.IDs, rng.Intn(vocab))
			var cs []int
			for range rng.Intn(3) {
				cs = append(cs, rng.Intn(classes))
			}
			p.Classes = append(p.Classes, cs)
		}
		perm := rng.Perm(T)
		for k := range 3 {
			p.NumPos = append(p.NumPos, perm[k])
			p.Numbers = append(p.Numbers, rng.Intn(model.ValueSize))
		}
		out = append(out, p)
	}
	readQuestions(out)
	return out
}

// readQuestions gives the problems stand-in pieces ("wN" for token id N,
// reader.NumberToken at the numbers), from which a model with a question
// reader reads their questions (model.Model.ReadQuestions).
func readQuestions(ps []*model.Problem) {
	for _, p := range ps {
		p.Pieces = make([]string, len(p.IDs))
		for t, id := range p.IDs {
			p.Pieces[t] = fmt.Sprintf("w%d", id)
		}
		for _, q := range p.NumPos {
			p.Pieces[q] = reader.NumberToken
		}
	}
}

// ToyProblems are stories of filler tokens (ids 3…9) with three numbers
// (token 2) and one keyword that decides the formula: token 10 asks for
// (a + b) − c, token 11 for a · (b + c).
func ToyProblems(n int, seed int64) []*model.Problem {
	rng := rand.New(rand.NewSource(seed))
	var out []*model.Problem
	for i := 0; i < n; i++ {
		T := 8 + rng.Intn(5)
		p := &model.Problem{ID: int64(i)}
		for t := 0; t < T; t++ {
			p.IDs = append(p.IDs, 3+rng.Intn(7))
		}
		slots := rng.Perm(T)
		key := slots[3]
		pos := slots[:3]
		// numbers in text order
		for a := 0; a < 3; a++ {
			for b := a + 1; b < 3; b++ {
				if pos[b] < pos[a] {
					pos[a], pos[b] = pos[b], pos[a]
				}
			}
		}
		a, b, c := 1+rng.Intn(9), 1+rng.Intn(9), 1+rng.Intn(9)
		if rng.Intn(2) == 0 {
			p.IDs[key] = 10
			c = 1 + rng.Intn(a+b-1)
			p.Answer = a + b - c
		} else {
			p.IDs[key] = 11
			a = 1 + rng.Intn(7)
			p.Answer = a * (b + c)
		}
		for _, q := range pos {
			p.IDs[q] = 2
		}
		p.NumPos = pos
		p.Numbers = []int{a, b, c}
		out = append(out, p)
	}
	readQuestions(out)
	return out
}

// ToyVocab is a vocabulary of at least the 12 ids of ToyProblems.
func ToyVocab(t *testing.T) *reader.Vocab {
	t.Helper()
	q, err := reader.ParseQuestion("A florist had 50 roses. She sold 15 and picked 21 more: how many roses?")
	if err != nil {
		t.Fatal(err)
	}
	v := reader.LearnVocab([]reader.Question{q}, 40)
	if v.Size() < 12 {
		t.Fatalf("toy vocabulary of %d ids", v.Size())
	}
	return v
}

// SharedData returns the directory of a dataset that is not the project's
// to commit (CC, the SVAMP repository's data): shared/data/NAME in the
// nearest directory above the test's that has it — ../shared/data/NAME
// beside the repository, as the README says, whatever the depth of the
// package or of the working tree. The test is skipped when there is none.
func SharedData(t *testing.T, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		d := filepath.Join(dir, "shared", "data", name)
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
		up := filepath.Dir(dir)
		if up == dir {
			testskip.Skip(t, "no shared/data/%s above the test's directory; skipping", name)
		}
		dir = up
	}
}

package model

import (
	"encoding/json"
	"math"
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/gradcheck"
	"github.com/d4lang/d4/reader"

	"gorgonia.org/tensor"
)

// questionProblems are problems of the general sketch as ReadQuestion
// reads them: the pieces of real stories (2 to 4 numbers), random ids,
// and answers that a formula of their numbers gives.
func questionProblems(t *testing.T, vocab int) []*Problem {
	t.Helper()
	rng := rand.New(rand.NewSource(3))
	var out []*Problem
	for i, c := range []struct {
		story  string
		answer int64
	}{
		{"a pet shop has <num> goldfish and <num> hamsters . it sells <num> goldfish . how many goldfish are left ?", 15},
		{"sam has <num> pens . he buys <num> more . how many pens does he have ?", 11},
		{"if bryan has <num> books in each of his <num> shelves , how many books does he have ?", 12},
		{"there are <num> boys , <num> girls and <num> teachers . the girls leave . how many boys and teachers are there ?", 9},
	} {
		pieces := strings.Fields(c.story)
		p := &Problem{ID: int64(i), Answer: -1, Exact: big.NewRat(c.answer, 1)}
		values := []int64{34, 12, 19}
		switch i {
		case 1:
			values = []int64{5, 6}
		case 2:
			values = []int64{3, 4}
		case 3:
			values = []int64{4, 7, 5}
		}
		for k, w := range pieces {
			p.IDs = append(p.IDs, rng.Intn(vocab))
			if w == reader.NumberToken {
				v := values[len(p.NumPos)]
				p.NumPos = append(p.NumPos, k)
				p.Numbers = append(p.Numbers, int(v))
				p.Quantities = append(p.Quantities, reader.Quantity{Text: big.NewRat(v, 1).RatString(), Value: big.NewRat(v, 1), Pos: k, Len: 1})
			}
		}
		if err := p.ReadQuestion(pieces); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

func questionModel(t *testing.T, vocab int) *Model {
	t.Helper()
	m := stepsModel(t, vocab, 2)
	if err := m.AddQuestionReader(4); err != nil {
		t.Fatal(err)
	}
	return m
}

// With the question reader, the end-to-end gradient of the exact loss
// (through the slots, the question attention and the BiLSTM) agrees with
// central finite differences, for every tensor, on problems of two to
// four numbers whose questions start at different tokens.
func TestQuestionReaderGradient(t *testing.T) {
	const vocab = 10
	m := questionModel(t, vocab)
	ps := questionProblems(t, vocab)
	tr := m.NewTrainer(ps)
	_, grads, err := tr.Gradient(ps)
	if err != nil {
		t.Fatal(err)
	}
	var analytic [][]float64
	for _, g := range grads {
		analytic = append(analytic, slices.Clone(g))
	}
	if len(analytic) != len(m.tensors()) {
		t.Fatalf("%d gradients for %d tensors", len(analytic), len(m.tensors()))
	}
	loss := gradcheck.LossOrFail(t, func() (float64, [][]float64, error) { return tr.Gradient(ps) })
	rng := rand.New(rand.NewSource(9))
	const h = 1e-5
	for i, ten := range m.tensors() {
		d := ten.Data().([]float64)
		for range 5 {
			j := rng.Intn(len(d))
			if num := gradcheck.Central(loss, d, j, h); !gradcheck.Agrees(analytic[i][j], num, 1e-6) {
				t.Errorf("tensor %d[%d]: analytic %.9g, finite differences %.9g", i, j, analytic[i][j], num)
			}
		}
	}
}

// The slots' distributions of the graph and of Executions (the reader and
// the attention without a graph) agree, and they depend on the question:
// the features of the goldfish problem's hamsters change them.
func TestQuestionReaderExecutions(t *testing.T) {
	const vocab = 10
	m := questionModel(t, vocab)
	ps := questionProblems(t, vocab)
	execs, err := m.Executions(ps)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := m.newGraph(graphKey{B: len(ps), T: MaxLen(ps), G: 64}, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := m.run(gr, ps); err != nil {
		t.Fatal(err)
	}
	for i, slot := range gr.part.Slots {
		probs := slot.Value().Data().([]float64)
		n := len(probs) / len(ps)
		for b := range ps {
			for j, v := range execs[b][i].Probs {
				if math.Abs(v-probs[b*n+j]) > 1e-9 {
					t.Fatalf("problem %d, slot execution %d: %v in the graph, %v in Executions", b, i, probs[b*n+j], v)
				}
			}
		}
	}
	p := *ps[0]
	p.Feats = slices.Clone(p.Feats)
	p.Feats[2] = []float64{1, 0, 0, 0} // the hamsters asked about
	other, err := m.Executions([]*Problem{&p})
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(other[0][0].Probs, execs[0][0].Probs) {
		t.Error("the features did not change the first slot's distribution")
	}
	q := *ps[0]
	q.Feats = nil
	if _, err := m.Executions([]*Problem{&q}); err == nil || !strings.Contains(err.Error(), "ReadQuestion") {
		t.Errorf("a problem whose question was not read: %v", err)
	}
}

// A model with the question reader saves and loads (config.json's
// question_features, the tensors reader.qattn.A and .U); a model directory
// of another count of features is refused with a clear error, and one
// without (every model before the question reader) loads without it.
func TestQuestionReaderSaveLoad(t *testing.T) {
	vocab := toyVocab(t)
	m := questionModel(t, vocab.Size())
	back, cfg, dir := savedModel(t, m, vocab)
	if cfg.QuestionFeatures != reader.QFeatures || back.Question == nil {
		t.Fatalf("config.json question_features %d, question reader %v", cfg.QuestionFeatures, back.Question)
	}
	tensors, _ := reloadedWeights(t, m, back, dir)
	if s := tensors["reader.qattn.U"].Shape; !slices.Equal(s, []int{ValueSize + reader.QFeatures + 1, ValueSize}) {
		t.Errorf("reader.qattn.U has shape %v", s)
	}
	// Another count of features.
	raw, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	doc["question_features"] = reader.QFeatures + 1
	bad := t.TempDir()
	copyDir(t, dir, bad)
	out, _ := json.Marshal(doc)
	if err := os.WriteFile(filepath.Join(bad, ConfigFile), out, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := LoadModel(bad); err == nil || !strings.Contains(err.Error(), "question reader reads") && !strings.Contains(err.Error(), "checksum") {
		t.Errorf("a model of %d features: %v", reader.QFeatures+1, err)
	}
	// A model without the question reader.
	old := stepsModel(t, vocab.Size(), 2)
	odir := filepath.Join(t.TempDir(), "old")
	if err := save(old, odir, Config{Data: "synthetic", Complete: true}, vocab); err != nil {
		t.Fatal(err)
	}
	if back, cfg, _, err := LoadModel(odir); err != nil || back.Question != nil || cfg.QuestionFeatures != 0 {
		t.Errorf("a model without the question reader: %v, question reader %v", err, back != nil && back.Question != nil)
	}
}

// With the question reader, the graph of a batch of problems of different
// lengths and counts of numbers has the shapes the reader's documentation
// gives — the token states [B, T·V], the heap's cells before and after
// the attention [B, 9·V] (the question's and eight numbers'), its inputs
// [B, 2], [B, 9·F] and [B, 9] —, the attention's tensors are A [V, V] and
// U [V+F+1, V], and every gradient has the size of its tensor; a problem
// whose cells' features do not match is refused with an error naming it
// or its place in the batch, never a panic.
func TestQuestionReaderShapes(t *testing.T) {
	const vocab = 10
	m := questionModel(t, vocab)
	ps := questionProblems(t, vocab)
	V, F, K := ValueSize, reader.QFeatures, 1+m.Layout.Numbers()
	B, T := len(ps), MaxLen(ps)
	if a, u := m.Question.A.Shape(), m.Question.U.Shape(); !a.Eq(tensor.Shape{V, V}) || !u.Eq(tensor.Shape{V + F + 1, V}) {
		t.Errorf("A of shape %v, U of shape %v", a, u)
	}
	gr, err := m.newGraph(graphKey{B: B, T: T, G: 64}, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		what      string
		got, want tensor.Shape
	}{
		{"token states", gr.rd.States.Shape(), tensor.Shape{B, T * V}},
		{"picked vectors", gr.rd.Out.Shape(), tensor.Shape{B, K * V}},
		{"cells", gr.qp.Out.Shape(), tensor.Shape{B, K * V}},
		{"spans", gr.qp.Span.Shape(), tensor.Shape{B, 2}},
		{"features", gr.qp.Feats.Shape(), tensor.Shape{B, K * F}},
		{"presence", gr.qp.Present.Shape(), tensor.Shape{B, K}},
	} {
		if !s.got.Eq(s.want) {
			t.Errorf("%s of shape %v, want %v", s.what, s.got, s.want)
		}
	}
	lens := map[int]bool{}
	for _, p := range ps {
		lens[len(p.IDs)] = true
	}
	if len(lens) < 2 {
		t.Fatalf("problems of one length %v", lens)
	}
	_, grads, err := m.NewTrainer(ps).Gradient(ps)
	if err != nil {
		t.Fatal(err)
	}
	for i, ten := range m.tensors() {
		if len(grads[i]) != ten.Shape().TotalSize() {
			t.Errorf("tensor %d of shape %v has a gradient of %d values", i, ten.Shape(), len(grads[i]))
		}
	}
	for _, c := range []struct {
		name string
		bad  func(*Problem)
		want string
	}{
		{"a cell of three features", func(p *Problem) { p.Feats[1] = p.Feats[1][:F-1] }, "cell 1: 3 features, want 4"},
		{"a cell of five features", func(p *Problem) { p.Feats[2] = append(slices.Clone(p.Feats[2]), 1) }, "cell 2: 5 features, want 4"},
		{"a cell too few", func(p *Problem) { p.Feats = p.Feats[:len(p.Feats)-1] }, "problem 1: its question was not read"},
		{"a question past the story", func(p *Problem) { p.QStart = len(p.IDs) }, "problem 1: its question was not read"},
	} {
		q := *ps[1]
		q.Feats = slices.Clone(q.Feats)
		c.bad(&q)
		batch := []*Problem{ps[0], &q}
		if _, _, err := m.NewTrainer(batch).Gradient(batch); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: training: %v, want an error saying %q", c.name, err, c.want)
		}
		if _, err := m.Executions(batch); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: answering: %v, want an error saying %q", c.name, err, c.want)
		}
	}
}

package model

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/gradcheck"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"
)

// paperModel is a model of the paper's sketch with the lexicon.
func paperModel(t testing.TB, vocab int, seed int64) *Model {
	t.Helper()
	return sketchModel(t, "wap", embedded(t, "wap"), vocab, true, seed)
}

// randomProblems draws stories of random tokens, of none to two random
// classes each, with three numbers.
func randomProblems(n, vocab int, seed int64) []*Problem {
	rng := rand.New(rand.NewSource(seed))
	classes := lexicon.Default().Size()
	var out []*Problem
	for i := 0; i < n; i++ {
		T := 5 + rng.Intn(6)
		p := &Problem{ID: int64(i), Answer: rng.Intn(ValueSize)}
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
			p.Numbers = append(p.Numbers, rng.Intn(ValueSize))
		}
		out = append(out, p)
	}
	return out
}

// The paper's sketch puts the question vector in cell 0, the three context
// vectors in cells 1…3 and the numbers in cells 5…7 (of four each); its
// control flow is static, and every run reads the first three numbers.
func TestPaperLayout(t *testing.T) {
	m := paperModel(t, 10, 1)
	if want := (Layout{Question: 0, Repr: 1, Num: 5, Cells: 4, Fixed: 3}); m.Layout != want {
		t.Fatalf("layout %+v, want %+v", m.Layout, want)
	}
	if m.Machine.Sizes.V != 150 || m.Machine.Sizes.L != 5 {
		t.Fatalf("sizes %+v, want v=150, l=5", m.Machine.Sizes)
	}
	p := randomProblems(1, 10, 2)[0]
	x, err := m.base(p)
	if err != nil {
		t.Fatal(err)
	}
	st := m.Machine.Sizes.Unpack(x)
	for k := range 3 {
		cell := st.Heap[(5+k)*150 : (6+k)*150]
		if cell[p.Numbers[k]] != 1 {
			t.Errorf("number %d (%d) not one-hot in cell %d", k, p.Numbers[k], 5+k)
		}
		for j, v := range st.Heap[(1+k)*150 : (2+k)*150] {
			if v != 0 {
				t.Fatalf("context cell %d holds %v at %d before the reader fills it", 1+k, v, j)
			}
		}
	}
}

// A sketch without the reader's variables, or whose control flow depends
// on a slot, is refused with a message that says why.
func TestModelRefusesSketches(t *testing.T) {
	const cells = "VARIABLE QUESTION CREATE REPR_BUFFER 3 ALLOT CREATE NUM_BUFFER 3 ALLOT "
	for name, tt := range map[string]struct{ src, want string }{
		"no heap":          {"1 2 { observe D0 -> choose + - }", "declares no QUESTION"},
		"dynamic":          {cells + "1 2 { observe D0 -> choose + - } IF 1 THEN", "control flow depends on a slot"},
		"too small":        {"VARIABLE QUESTION VARIABLE REPR_BUFFER CREATE NUM_BUFFER 3 ALLOT 1", "REPR_BUFFER (1 cells) is smaller than NUM_BUFFER (3)"},
		"no number":        {cells + "1 2 { observe H0 -> choose + - }", "no run of the sketch reads a number"},
		"observes numbers": {cells + "NUM_BUFFER @ { observe D0 -> choose 0 1 } NUM_BUFFER + @ +", "slot 0 may depend on the numbers' values"},
	} {
		_, err := NewModel(name+".fth", tt.src, 10, false, 1)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), name+".fth") {
			t.Errorf("%s: err = %v, want one naming the file and containing %q", name, err, tt.want)
		}
	}
}

// The graph (static trace, batched) and the step-by-step machine of Solve
// agree on the final state.
func TestGraphAgreesWithSoftRun(t *testing.T) {
	const vocab = 12
	m := paperModel(t, vocab, 3)
	ps := randomProblems(4, vocab, 4)
	T := 0
	for _, p := range ps {
		T = max(T, len(p.IDs))
	}
	gr, err := m.newGraph(graphKey{B: len(ps), T: T + 2}, false)
	if err != nil {
		t.Fatal(err)
	}
	_, final, err := m.run(gr, ps)
	if err != nil {
		t.Fatal(err)
	}
	stories, pos := make([]reader.Story, len(ps)), make([][]float64, len(ps))
	for i, p := range ps {
		stories[i], pos[i] = m.story(p), m.picks(p)
	}
	vecs, err := m.Reader.Read(stories, pos)
	if err != nil {
		t.Fatal(err)
	}
	S := m.Machine.Sizes.Len()
	for i, p := range ps {
		execs, soft, err := m.softRun(p, vecs[i])
		if err != nil {
			t.Fatal(err)
		}
		if len(execs) != 4 {
			t.Errorf("problem %d: %d slot executions, want 4", i, len(execs))
		}
		for j, v := range soft {
			if math.Abs(v-final[i*S+j]) > 1e-9 {
				t.Fatalf("problem %d: state value %d is %v in the graph, %v step by step", i, j, final[i*S+j], v)
			}
		}
	}
}

// The end-to-end gradient (through the machine, the heap and the BiLSTM)
// agrees with central finite differences.
func TestEndToEndGradient(t *testing.T) {
	const vocab = 8
	m := paperModel(t, vocab, 5)
	ps := randomProblems(2, vocab, 6)
	for _, p := range ps {
		p.Answer = p.Numbers[0] // a reachable target keeps the loss moderate
	}
	gr, err := m.newGraph(graphKey{B: len(ps), T: 12}, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := m.run(gr, ps); err != nil {
		t.Fatal(err)
	}
	var analytic [][]float64
	for _, g := range gr.grads {
		analytic = append(analytic, append([]float64(nil), g.Value().Data().([]float64)...))
	}
	loss := gradcheck.LossOrFail(t, func() (float64, []float64, error) { return m.run(gr, ps) })
	rng := rand.New(rand.NewSource(7))
	const h = 1e-5
	for i, ten := range m.tensors() {
		d := ten.Data().([]float64)
		for n := 0; n < 6; n++ {
			j := rng.Intn(len(d))
			if num := gradcheck.Central(loss, d, j, h); !gradcheck.Agrees(analytic[i][j], num, 1e-6) {
				t.Errorf("tensor %d[%d]: analytic %.9g, finite differences %.9g", i, j, analytic[i][j], num)
			}
		}
	}
}

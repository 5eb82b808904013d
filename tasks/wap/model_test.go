package wap

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"d4/interpreter/d4"
	"d4/reader"
	"d4/sketches"
)

func paperModel(t *testing.T, vocab int, seed int64) *Model {
	t.Helper()
	src, ok := sketches.Embedded("wap")
	if !ok {
		t.Fatal("wap sketch not embedded")
	}
	m, err := NewModel("wap.fth", src, vocab, seed)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// randomProblems draws stories of random tokens with three numbers.
func randomProblems(n, vocab int, seed int64) []*Problem {
	rng := rand.New(rand.NewSource(seed))
	var out []*Problem
	for i := 0; i < n; i++ {
		T := 5 + rng.Intn(6)
		p := &Problem{ID: int64(i), Answer: rng.Intn(ValueSize)}
		for t := 0; t < T; t++ {
			p.IDs = append(p.IDs, rng.Intn(vocab))
		}
		perm := rng.Perm(T)
		for k := 0; k < Numbers; k++ {
			p.NumPos[k] = perm[k]
			p.Numbers[k] = rng.Intn(ValueSize)
		}
		out = append(out, p)
	}
	return out
}

// The paper's sketch puts the question vector in cell 0, the three context
// vectors in cells 1…3 and the numbers in cells 5…7; its control flow is
// static.
func TestPaperLayout(t *testing.T) {
	m := paperModel(t, 10, 1)
	if want := (Layout{Question: 0, Repr: 1, Num: 5}); m.Layout != want {
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
	for k := 0; k < Numbers; k++ {
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
	for name, src := range map[string]string{
		"no heap":   "1 2 { observe D0 -> choose + - }",
		"dynamic":   "VARIABLE QUESTION CREATE REPR_BUFFER 3 ALLOT CREATE NUM_BUFFER 3 ALLOT 1 2 { observe D0 -> choose + - } IF 1 THEN",
		"too small": "VARIABLE QUESTION VARIABLE REPR_BUFFER CREATE NUM_BUFFER 3 ALLOT 1",
	} {
		if _, err := NewModel(name+".fth", src, 10, 1); err == nil {
			t.Errorf("%s: accepted", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

// The graph (static trace, batched) and the step-by-step machine of Solve
// agree on the final state: the answers and their probabilities.
func TestGraphAgreesWithSolve(t *testing.T) {
	const vocab = 12
	m := paperModel(t, vocab, 3)
	ps := randomProblems(4, vocab, 4)
	T := 0
	for _, p := range ps {
		T = max(T, len(p.IDs))
	}
	gr, err := m.newGraph(len(ps), T+2, false)
	if err != nil {
		t.Fatal(err)
	}
	_, final, err := m.run(gr, ps)
	if err != nil {
		t.Fatal(err)
	}
	sols, err := m.Solve(ps)
	if err != nil {
		t.Fatal(err)
	}
	S, V := m.Machine.Sizes.Len(), m.Machine.Sizes.V
	for i, s := range sols {
		top := final[i*S : i*S+V]
		if math.Abs(top[s.Answer]-s.Confidence) > 1e-9 || argmax(top) != s.Answer {
			t.Errorf("problem %d: graph answer %d (%.6f), Solve %d (%.6f)", i, argmax(top), top[argmax(top)], s.Answer, s.Confidence)
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
	gr, err := m.newGraph(len(ps), 12, true)
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
	rng := rand.New(rand.NewSource(7))
	const h = 1e-5
	for i, ten := range m.tensors() {
		d := ten.Data().([]float64)
		for n := 0; n < 6; n++ {
			j := rng.Intn(len(d))
			old := d[j]
			d[j] = old + h
			up, _, err := m.run(gr, ps)
			if err != nil {
				t.Fatal(err)
			}
			d[j] = old - h
			down, _, _ := m.run(gr, ps)
			d[j] = old
			num := (up - down) / (2 * h)
			if diff := math.Abs(num - analytic[i][j]); diff > 1e-6*math.Max(1, math.Abs(num)) {
				t.Errorf("tensor %d[%d]: analytic %.9g, finite differences %.9g", i, j, analytic[i][j], num)
			}
		}
	}
}

// The formula follows the stack: the florist's numbers 50, 15, 21 with the
// permutation that brings 50 and 15 to the top, −, SWAP and + spell
// (50 - 15) + 21 = 56.
func TestFormula(t *testing.T) {
	m := paperModel(t, 4, 1)
	perm := func(p []int) int {
		for i, q := range d4.Permutations(3) {
			if q[0] == p[0] && q[1] == p[1] && q[2] == p[2] {
				return i
			}
		}
		t.Fatalf("no permutation %v", p)
		return -1
	}
	for _, c := range []struct {
		nums    [3]int
		choices []int
		want    string
		value   int
	}{
		{[3]int{50, 15, 21}, []int{perm([]int{1, 2, 0}), 1, 0, 0}, "(50 - 15) + 21", 56},
		{[3]int{50, 15, 21}, []int{0, 0, 1, 1}, "50 - (15 + 21)", 14},
		{[3]int{4, 6, 2}, []int{0, 0, 1, 2}, "4 * (6 + 2)", 32},
		{[3]int{9, 3, 0}, []int{0, 3, 1, 3}, "9 / (3 / 0)", 0},
		{[3]int{3, 5, 0}, []int{0, 1, 0, 1}, "(5 - 0) - 3", 2},
		{[3]int{1, 2, 0}, []int{0, 1, 1, 1}, "1 - (2 - 0)", 149},
	} {
		got, v := m.formula(c.nums, c.choices)
		if got != c.want || v != c.value {
			t.Errorf("%v %v: %q = %d, want %q = %d", c.nums, c.choices, got, v, c.want, c.value)
		}
	}
}

// A new question must have three numbers, each an integer in the value
// range; its words map to the vocabulary (unknown words to <unk>).
func TestNewProblem(t *testing.T) {
	vocab := reader.BuildVocab([][]string{{"a", "florist", "had", "roses", "."}}, 1)
	p, err := NewProblem("A florist had 50 roses, sold 15 and picked 21 more tulips.", vocab)
	if err != nil {
		t.Fatal(err)
	}
	if p.Numbers != [3]int{50, 15, 21} || p.NumPos != [3]int{3, 7, 10} {
		t.Errorf("numbers %v at %v, want [50 15 21] at [3 7 10]", p.Numbers, p.NumPos)
	}
	if p.IDs[3] != reader.NumID || p.IDs[len(p.IDs)-2] != reader.UnkID {
		t.Errorf("ids %v: want <num> at 3 and <unk> for tulips", p.IDs)
	}
	for text, want := range map[string]string{
		"A florist had 50 roses and sold 15.":     "has 2 numbers",
		"She had 1, 2, 3 and 4 roses.":            "has 4 numbers",
		"No numbers at all.":                      "has 0 numbers (none found)",
		"He had 2.5 apples, 3 pears and 4 plums.": "2.5 is not an integer",
		"He had 150 apples, 3 pears and 4 plums.": "150 is not an integer in 0…149",
		"":                                      "empty",
		strings.Repeat("roses ", 400) + "1 2 3": "limit",
	} {
		if _, err := NewProblem(text, vocab); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: error %v, want one containing %q", text, err, want)
		}
	}
}

package learn

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/sketches"
)

func compile(t *testing.T, name, src string) *forth.Code {
	t.Helper()
	code, err := forth.ParseAndCompile(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

func embedded(t *testing.T, name string) Sketch {
	t.Helper()
	src, ok := sketches.Embedded(name)
	if !ok {
		t.Fatalf("no embedded sketch %s", name)
	}
	return Sketch{File: name + ".fth", Src: src}
}

func rows(pairs ...[2][]int) data.Set {
	s := data.Set{File: "d.jsonl"}
	for i, p := range pairs {
		s.Rows = append(s.Rows, data.Example{Input: p[0], Output: p[1], Row: i + 1})
	}
	return s
}

func TestValueSizeAndCheckRows(t *testing.T) {
	code := compile(t, "x.fth", "{ observe D0 -> choose 0 20 } +")
	tests := []struct {
		name  string
		split data.Set
		v, l  int
		wantV int
		err   string
	}{
		{"the data's largest value", rows([2][]int{{3, 30}, {33}}), 40, 0, 34, ""},
		{"the sketch's literal", rows([2][]int{{3, 4}, {7}}), 40, 0, 21, ""},
		{"value outside", rows([2][]int{{3, 4}, {7}}, [2][]int{{1, 50}, {51}}), 40, 0, 52, "d.jsonl row 2: input value 2 is 50, outside the value size 40 (values 0 … 39)"},
		{"output too long", rows([2][]int{{3, 4}, {1, 2, 3, 4}}), 40, 4, 21, "d.jsonl row 1: the output of 4 values does not fit a stack of size 4 (it holds 3)"},
	}
	for _, tc := range tests {
		if v := ValueSize(code, tc.split); v != tc.wantV {
			t.Errorf("%s: value size %d, want %d", tc.name, v, tc.wantV)
		}
		err := CheckRows(tc.split, tc.v, tc.l, "")
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: CheckRows error %v, want %q", tc.name, err, tc.err)
		}
	}
}

func TestFindBudget(t *testing.T) {
	tests := []struct {
		sketch    string
		input     []int
		static    bool
		steps, sz int
	}{
		{"sort_compare", []int{3, 1, 2, 3}, true, 0, 0},
		{"sort_permute", []int{3, 1, 2, 3}, false, 0, 0},
		{"sort_compare", []int{3, 1, 2, 3}, true, 500, 20}, // given
	}
	for _, tc := range tests {
		sk := embedded(t, tc.sketch)
		code := compile(t, sk.File, sk.Src)
		b, err := FindBudget(code, 10, 0, [][]int{tc.input}, []string{"row 1"}, tc.steps, tc.sz)
		if err != nil {
			t.Fatal(err)
		}
		if b.Static != tc.static || len(b.Path) == 0 {
			t.Errorf("%s: static %v with a path of %d steps, want static %v", tc.sketch, b.Static, len(b.Path), tc.static)
		}
		if tc.steps == 0 && (b.Steps != len(b.Path) || b.StackSize < len(tc.input)+1) {
			t.Errorf("%s: budget %+v, want T the path's length and a stack that holds the input", tc.sketch, b)
		}
		if tc.steps != 0 && (b.Steps != tc.steps || b.StackSize != tc.sz) {
			t.Errorf("%s: budget %d steps, stack %d; want the given %d and %d", tc.sketch, b.Steps, b.StackSize, tc.steps, tc.sz)
		}
	}
	code := compile(t, "never.fth", ": L BEGIN 1 WHILE REPEAT ; L")
	if _, err := FindBudget(code, 10, 0, [][]int{{1}}, []string{"d.jsonl row 4"}, 0, 0); err == nil || !strings.Contains(err.Error(), "d.jsonl row 4: the sketch does not halt") {
		t.Errorf("a sketch that never halts: error %v", err)
	}
}

// TestTrainGrowsBudget: when control flow depends on a slot, the first
// budget is the path of every slot's first alternative (here the short
// one); training finds the longer path the data needs and grows T to it.
func TestTrainGrowsBudget(t *testing.T) {
	sk := Sketch{File: "grow.fth", Src: "{ static -> choose 0 1 } IF 1 2 3 + + THEN"}
	train := rows([2][]int{{}, {6}}, [2][]int{{}, {6}}, [2][]int{{}, {6}}, [2][]int{{}, {6}})
	o := DefaultOptions()
	o.Batch, o.LR, o.ValueSize = 2, 0.5, 8
	m, rep, err := Train(sk, train, data.Set{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if rep.StaticControl || rep.Steps != 7 || !rep.BudgetGrew || rep.DevSequence != 100 {
		t.Errorf("report %+v: want dynamic control, 7 steps (slot, IF, 1 2 3 + +), grown, and 100%%", rep)
	}
	// A budget given is the budget: it does not grow, and the report says so.
	o.Steps = 3
	if _, rep, err = Train(sk, train, data.Set{}, o); err != nil || rep.Steps != 3 || rep.BudgetGrew {
		t.Errorf("--steps 3: report %+v, %v; want 3 steps, not grown", rep, err)
	}
	// A budget beyond what ∂4 trains is refused before training.
	o.Steps = 1e12
	if _, _, err = Train(sk, train, data.Set{}, o); err == nil || !strings.Contains(err.Error(), "--steps 1000000000000 of a state of") {
		t.Errorf("--steps 1e12: %v", err)
	}
	if r, err := Predict(m.Model, nil, Hybrid, RunLimits(0, m.Sizes.L, 0, 0)); err != nil || !reflect.DeepEqual(r.Stack, []int{6}) {
		t.Errorf("hybrid run: %v, %v; want [6]", r, err)
	}
}

// TestResume interrupts a training after its second epoch and resumes it:
// without gradient noise the result is the uninterrupted run's, weight for
// weight, and the model directory is whole at every point.
func TestResume(t *testing.T) {
	sk, train := embedded(t, "sort_compare"), sortRows()
	o := DefaultOptions()
	o.Batch, o.MaxEpochs, o.Patience, o.LR = 2, 6, 100, 0.1
	whole, _, err := Train(sk, train, data.Set{}, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Dir = filepath.Join(t.TempDir(), "m")
	o.Progress = ticker(func(p tick) {
		if p.Epoch == 3 && !p.Evaluated {
			panic("interrupted")
		}
	})
	func() {
		defer func() { recover() }()
		Train(sk, train, data.Set{}, o)
	}()
	if _, err := os.Stat(filepath.Join(o.Dir, fit.CheckpointFile)); err != nil {
		t.Fatalf("no checkpoint after the interruption: %v", err)
	}
	if _, err := Load(o.Dir); err != nil {
		t.Fatalf("the interrupted directory does not load: %v", err)
	}
	o.Progress, o.Resume = nil, true
	resumed, rep, err := Train(sk, train, data.Set{}, o)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Epochs != 6 {
		t.Errorf("resumed training ran %d epochs in all, want 6", rep.Epochs)
	}
	if !reflect.DeepEqual(snapshot(whole.Machine), snapshot(resumed.Machine)) {
		t.Error("the resumed training's weights differ from the uninterrupted one's")
	}
	loaded, err := Load(o.Dir)
	if err != nil || !reflect.DeepEqual(snapshot(loaded.Machine), snapshot(resumed.Machine)) {
		t.Errorf("the saved model differs from the trained one (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(o.Dir, fit.CheckpointFile)); !os.IsNotExist(err) {
		t.Errorf("the checkpoint is still there after training finished (%v)", err)
	}
	o.Seed = 5
	if _, _, err := Train(sk, train, data.Set{}, o); err == nil || !strings.Contains(err.Error(), "cannot resume") {
		t.Errorf("resuming a finished training: error %v", err)
	}
}

// sortRows are six rows of the sorting task (three values, then 3).
func sortRows() data.Set {
	train := data.Set{File: "train"}
	for i, in := range [][]int{{3, 1, 2, 3}, {1, 2, 3, 3}, {2, 2, 0, 3}, {0, 5, 4, 3}, {5, 1, 9, 3}, {7, 8, 6, 3}} {
		out := append([]int(nil), in[:3]...)
		sortDesc(out)
		train.Rows = append(train.Rows, data.Example{Input: in, Output: out, Row: i + 1})
	}
	return train
}

func sortDesc(xs []int) {
	for i := range xs {
		for j := i + 1; j < len(xs); j++ {
			if xs[j] > xs[i] {
				xs[i], xs[j] = xs[j], xs[i]
			}
		}
	}
}

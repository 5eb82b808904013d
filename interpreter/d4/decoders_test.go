package d4

import (
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/internal/corpus"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// TestPermutationIndex: PermutationIndex inverts Permutations, and is -1
// for what is not a permutation; a permute slot has an output for each.
func TestPermutationIndex(t *testing.T) {
	for m := range forth.MaxPermute + 1 {
		sc := &forth.SlotCode{Slot: &forth.Slot{Dec: forth.Decoder{Kind: forth.Permute, Elems: make([]forth.Elem, m)}}}
		if n, _ := permuteOutputs(Sizes{}, sc); n != len(Permutations(m)) {
			t.Errorf("%d elements: %d outputs for %d permutations", m, n, len(Permutations(m)))
		}
		for k, p := range Permutations(m) {
			if got := PermutationIndex(p); got != k {
				t.Errorf("PermutationIndex(%v) = %d, want %d", p, got, k)
			}
		}
	}
	for _, p := range [][]int{{0, 0}, {1, 2}, {-1, 0}, {0, 2, 2}, {3, 0, 1}} {
		if got := PermutationIndex(p); got != -1 {
			t.Errorf("PermutationIndex(%v) = %d, want -1", p, got)
		}
	}
}

// sampleSlot compiles the sample program of a kind of decoder and returns
// its slot and sizes with value size 5.
func sampleSlot(t *testing.T, kind forth.DecoderKind) (*forth.SlotCode, Sizes) {
	t.Helper()
	code, err := forth.ParseAndCompile("t.fth", corpus.DecoderSamples[kind])
	if err != nil {
		t.Fatal(err)
	}
	sz, err := NewSizes(code, 5, 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	return &code.Slots[0], sz
}

// TestOutputLabels names outputs as the figures print them, every output
// of a slot by a name of its own.
func TestOutputLabels(t *testing.T) {
	tests := []struct {
		kind forth.DecoderKind
		j, k int
		want string
	}{
		{forth.Choose, 0, 0, "NOP"},
		{forth.Choose, 0, 3, "F"},
		{forth.Permute, 0, 0, "D0 D-2 R0 H0"},
		{forth.Permute, 0, 1, "D0 D-2 H0 R0"},
		{forth.Permute, 0, 23, "H0 R0 D-2 D0"},
		{forth.Manipulate, 2, 4, "R-1 = 4"},
	}
	for _, tc := range tests {
		sc, _ := sampleSlot(t, tc.kind)
		if got := OutputLabel(sc, tc.j, tc.k); got != tc.want {
			t.Errorf("%s: output %d of group %d is %q, want %q", tc.kind, tc.k, tc.j, got, tc.want)
		}
	}
	for kind := range forth.NumDecoderKinds {
		sc, sz := sampleSlot(t, kind)
		width, group, err := sz.Outputs(sc)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for i := range width {
			l := OutputLabel(sc, i/group, i%group)
			if l == "" || seen[l] {
				t.Errorf("%s: output %d is labelled %q, empty or as another", kind, i, l)
			}
			seen[l] = true
		}
	}
}

// TestDecisionIndexErrors: a decision a slot cannot take has no output.
func TestDecisionIndexErrors(t *testing.T) {
	tests := []struct {
		name string
		kind forth.DecoderKind
		d    symbolic.Decision
		want string
	}{
		{"alternative beyond", forth.Choose, symbolic.Decision{Choice: 7}, "position 7 in group 0, which has 7 values"},
		{"negative alternative", forth.Choose, symbolic.Decision{Choice: -1}, "position -1"},
		{"short permutation", forth.Permute, symbolic.Decision{Perm: []int{1, 0}}, "position -1"},
		{"not a permutation", forth.Permute, symbolic.Decision{Perm: []int{0, 0, 1, 2}}, "position -1"},
		{"values for fewer elements", forth.Manipulate, symbolic.Decision{Values: []int{1}}, "1 positions for an output of 20 values in groups of 5"},
	}
	for _, tc := range tests {
		sc, sz := sampleSlot(t, tc.kind)
		_, err := sz.DecisionIndex(sc, tc.d)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "not a decision of the "+tc.kind.String()) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	sc, sz := sampleSlot(t, forth.Manipulate)
	if idx, err := sz.DecisionIndex(sc, symbolic.Decision{Values: []int{7, -1, 0, 4}}); err != nil || !slices.Equal(idx, []int{2, 4, 0, 4}) {
		t.Errorf("manipulate values modulo 5: %v, %v; want [2 4 0 4]", idx, err)
	}
	if _, err := sz.Decision(sc, []int{0, 1, 5, 2}); err == nil || !strings.Contains(err.Error(), "position 5 in group 2") {
		t.Errorf("Decision of a position beyond its group: error %v", err)
	}
	sc.Dec.Kind = forth.NumDecoderKinds
	if _, err := sz.DecisionIndex(sc, symbolic.Decision{}); err == nil || !strings.Contains(err.Error(), "unknown decoder kind") {
		t.Errorf("unknown kind: error %v", err)
	}
}

// TestSoftPicks: ∂4's soft execution runs a program with one pick, once,
// and refuses, naming the slot, one in which a pick may follow another.
func TestSoftPicks(t *testing.T) {
	tests := []struct {
		name, src, want string // want "" for none
	}{
		{"one pick", "{ static -> pick 1 2 3 } { static -> choose 1 2 3 }", ""},
		{"two picks", "{ static -> pick 1 2 3 } { static -> pick 1 2 3 }", "t.fth:1:26: slot 1: ∂4's soft execution runs at most one pick slot, and this one follows the pick slot at t.fth:1:1"},
		{"in a loop", "3 0 DO { static -> pick 1 2 3 } DROP LOOP", "t.fth:1:8: slot 0: ∂4's soft execution runs a pick slot only outside loops"},
		{"in a definition", ": F { static -> pick 1 2 3 } ; F", "t.fth:1:5: slot 0: ∂4's soft execution runs a pick slot only in the top-level code"},
		{"in a macro used twice", "MACRO: M { static -> pick 1 2 3 } ; M M", "t.fth:1:10: slot 0: ∂4's soft execution runs at most one pick slot"},
	}
	for _, tc := range tests {
		code, err := forth.ParseAndCompile("t.fth", tc.src)
		if err != nil {
			t.Fatal(err)
		}
		err = SoftPicks(code)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := forth.ParseAndCompile("t.fth", "{ static -> pick 1 2 3 } { static -> pick 1 2 4 }"); err == nil || !strings.Contains(err.Error(), "t.fth:1:47: pick slots form one group and must list the same alternatives: alternative 3 is 4 here, 3 in the first (t.fth:1:1)") {
		t.Errorf("picks with other alternatives: %v", err)
	}
}

// TestHybridPicks: hybrid execution takes each pick's most probable
// alternative among those no earlier pick took, and the symbolic machine
// refuses a repeated one.
func TestHybridPicks(t *testing.T) {
	m, err := NewModel("t.fth", "{ static -> pick 1 2 3 } { static -> pick 1 2 3 } { static -> pick 1 2 3 }", 10, 8, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range m.Slots { // every slot prefers 3, then 1, then 2
		b := s.Stages[len(s.Stages)-1].B.Data().([]float64)
		w := s.Stages[len(s.Stages)-1].W.Data().([]float64)
		clear(w)
		copy(b, []float64{2, 1, 3})
	}
	sm, err := symbolic.New(m.Code, symbolic.Config{ValueSize: 10, StackSize: 8, MaxSteps: 10})
	if err != nil {
		t.Fatal(err)
	}
	sm.Decider = Hybrid{M: m.Machine}
	if err := sm.Run(); err != nil {
		t.Fatal(err)
	}
	if got := sm.D.Values(); !slices.Equal(got, []int{3, 1, 2}) || !slices.Equal(sm.Picked, []int{2, 0, 1}) {
		t.Errorf("stack %v, picked %v; want [3 1 2], [2 0 1]", got, sm.Picked)
	}
	sm, _ = symbolic.New(m.Code, symbolic.Config{ValueSize: 10, StackSize: 8, MaxSteps: 10})
	sm.Decider = fixed{symbolic.Decision{Choice: 1}}
	if err := sm.Run(); err == nil || !strings.Contains(err.Error(), "slot 1 picked alternative 1 (2), which an earlier pick of the run took") {
		t.Errorf("a repeated pick: %v", err)
	}
}

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

package d4

import "testing"

// Every kernel operation has a count of its work, from its operands'
// shapes.
func TestOpFLOPs(t *testing.T) {
	const L, V = 5, 150
	cases := []struct {
		name string
		o    op
		want float64
	}{
		{"read of an L×V stack", op{kind: kRead, a: vr{n: L * V}, b: vr{n: L}, z: vr{n: V}}, 2 * L * V},
		{"write into an L×V stack", op{kind: kWrite, a: vr{n: L * V}, b: vr{n: V}, c: vr{n: L}, z: vr{n: L * V}}, 3 * L * V},
		{"arithmetic on two values", op{kind: kBinary, a: vr{n: V}, b: vr{n: V}, z: vr{n: V}}, 2 * V * V},
		{"greater than", op{kind: kGt, a: vr{n: V}, b: vr{n: V}, z: vr{n: V}}, 4*V + 1},
		{"equality", op{kind: kEq, a: vr{n: V}, b: vr{n: V}, z: vr{n: V}}, 2 * V},
		{"fold into L cells", op{kind: kFold, a: vr{n: V}, z: vr{n: L}}, V},
		{"branch", op{kind: kBranch, a: vr{n: V}, z: vr{n: 9}}, 2},
		{"mixture of three", op{kind: kMix, xs: make([]vr, 3), z: vr{n: V}}, 6 * V},
		{"softmax", op{kind: kSoftmax, a: vr{n: 12}, z: vr{n: 12}}, 36},
		{"cross-entropy", op{kind: kXent, a: vr{n: L * V}, b: vr{n: L}, z: vr{n: 1}}, 2 * (L*V + L)},
		{"normalisation", op{kind: kNorm, a: vr{n: L}, z: vr{n: L}}, 2 * L},
		{"shift", op{kind: kShift, a: vr{n: L}, z: vr{n: L}}, 0},
		{"copy", op{kind: kCopy, a: vr{n: V}, z: vr{n: V}}, 0},
	}
	seen := map[opKind]bool{}
	for _, c := range cases {
		if got := c.o.flops(); got != c.want {
			t.Errorf("%s: %v FLOPs, want %v", c.name, got, c.want)
		}
		seen[c.o.kind] = true
	}
	for k := kRead; k <= kNorm; k++ {
		if !seen[k] {
			t.Errorf("kernel operation %d has no case here", k)
		}
	}
}

// An arithmetic word on the trace costs its O(V²) product of two value
// distributions and a few stack operations of O(L·V).
func TestTraceFLOPs(t *testing.T) {
	const V, L = 150, 5
	m, err := NewModel("add.fth", "1 2 +", V, L, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	x, err := m.Sizes.InitialState(nil)
	if err != nil {
		t.Fatal(err)
	}
	pushes, err := m.TraceFLOPs(x, []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	all, err := m.TraceFLOPs(x, []int{0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if plus := all - pushes; plus < 2*V*V || plus > 2*V*V+20*L*V {
		t.Errorf("+ costs %v FLOPs, want 2V² = %d plus a few stack operations (≤ %d)", plus, 2*V*V, 20*L*V)
	}
	if pushes <= 0 || pushes > 2*20*L*V {
		t.Errorf("two literals cost %v FLOPs, want a few stack operations", pushes)
	}
	if _, err := m.TraceFLOPs(x, []int{99}); err == nil {
		t.Error("a trace address outside the program was accepted")
	}
	if _, err := m.TraceFLOPs(x[:3], nil); err == nil {
		t.Error("a state of the wrong size was accepted")
	}
	if w, err := m.TraceFLOPs(x, nil); w != 0 || err != nil {
		t.Errorf("an empty trace: %v FLOPs, %v; want 0", w, err)
	}
}

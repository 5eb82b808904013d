package d4

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// decoderForm is what ∂4 does with a kind of decoder (forth.Decoders): the
// shape of its network's output, the next state that output makes, the
// discrete decision (as the symbolic machine takes it) each one-hot output
// stands for and back, and the outputs' names.
//
// A one-hot output has a 1 in each group of the output (outputs) and 0
// elsewhere; idx[j] is the position of the 1 in group j.
type decoderForm struct {
	// outputs returns the width of the decoder output and the size of
	// each group of it that a softmax normalises.
	outputs func(sz Sizes, sc *forth.SlotCode) (width, group int)
	// next returns the state after the slot sc at address pc, decoded
	// from its output h.
	next func(k *kernel, s tapeState, pc int, sc *forth.SlotCode, h vr) tapeState
	// decision returns the decision of the one-hot output idx: the one
	// whose step on the symbolic machine next takes on that output.
	decision func(sc *forth.SlotCode, idx []int) symbolic.Decision
	// index is the inverse of decision: the one-hot output of d, with a
	// position outside its group when d is not a decision of sc.
	index func(sz Sizes, sc *forth.SlotCode, d symbolic.Decision) []int
	// label names output k of group j (OutputLabel).
	label func(sc *forth.SlotCode, j, k int) string
}

// decoderForms holds the form of every kind of decoder, indexed by the
// kind. It is set in init: the choose form runs instructions, which run
// slots.
var decoderForms [forth.NumDecoderKinds]decoderForm

func init() {
	// A missing last kind fails to compile: the literal is then shorter.
	decoderForms = [...]decoderForm{
		forth.Choose: {outputs: chooseOutputs, next: (*kernel).choose,
			decision: chooseDecision, index: chooseIndex, label: chooseLabel},
		forth.Manipulate: {outputs: manipulateOutputs, next: (*kernel).manipulate,
			decision: manipulateDecision, index: manipulateIndex, label: manipulateLabel},
		forth.Permute: {outputs: permuteOutputs, next: (*kernel).permute,
			decision: permuteDecision, index: permuteIndex, label: permuteLabel},
		// A pick is a choose whose alternatives exclude those an earlier
		// pick of the run took: soft execution runs one pick only
		// (SoftPicks), where it is a choose; hybrid execution takes the
		// argmax over the alternatives still free (decide).
		forth.Pick: {outputs: chooseOutputs, next: (*kernel).choose,
			decision: chooseDecision, index: chooseIndex, label: chooseLabel},
	}
}

// Outputs returns the width of the output of slot sc's network and the
// size of each of its groups, a distribution each: one group for choose
// and permute, one per element for manipulate.
func (sz Sizes) Outputs(sc *forth.SlotCode) (width, group int, err error) {
	if _, err := sc.Dec.Kind.Def(); err != nil {
		return 0, 0, fmt.Errorf("slot %d: %w", sc.Index, err)
	}
	width, group = decoderForms[sc.Dec.Kind].outputs(sz, sc)
	return width, group, nil
}

// Decision returns the decision of slot sc that its one-hot output idx
// stands for, idx[j] the position of the 1 in group j (Outputs): the
// alternative idx[0] (choose), the permutation Permutations(m)[idx[0]]
// (permute), or the value idx[j] written to element j (manipulate).
func (sz Sizes) Decision(sc *forth.SlotCode, idx []int) (symbolic.Decision, error) {
	if err := sz.checkOutput(sc, idx); err != nil {
		return symbolic.Decision{}, err
	}
	return decoderForms[sc.Dec.Kind].decision(sc, idx), nil
}

// DecisionIndex is the inverse of Decision: the one-hot output of slot sc
// that stands for d, a manipulate decision's values taken modulo V. It
// fails when d is not a decision of sc: an alternative it does not have,
// not a permutation of its elements, or values for other elements.
func (sz Sizes) DecisionIndex(sc *forth.SlotCode, d symbolic.Decision) ([]int, error) {
	if _, err := sc.Dec.Kind.Def(); err != nil {
		return nil, fmt.Errorf("slot %d: %w", sc.Index, err)
	}
	idx := decoderForms[sc.Dec.Kind].index(sz, sc, d)
	if err := sz.checkOutput(sc, idx); err != nil {
		return nil, fmt.Errorf("%+v is not a decision of the %s slot: %w", d, sc.Dec.Kind, err)
	}
	return idx, nil
}

// checkOutput reports an idx that is not a one-hot output of slot sc.
func (sz Sizes) checkOutput(sc *forth.SlotCode, idx []int) error {
	width, group, err := sz.Outputs(sc)
	if err != nil {
		return err
	}
	if len(idx)*group != width {
		return fmt.Errorf("slot %d: %d positions for an output of %d values in groups of %d", sc.Index, len(idx), width, group)
	}
	for j, k := range idx {
		if k < 0 || k >= group {
			return fmt.Errorf("slot %d: position %d in group %d, which has %d values", sc.Index, k, j, group)
		}
	}
	return nil
}

// decide returns the decision of slot sc's logits y: that of the one-hot
// output with the 1 of each group at its largest logit, among the
// alternatives free says the slot may take (symbolic.Machine.Untaken; nil:
// any).
func (sz Sizes) decide(sc *forth.SlotCode, y []float64, free []bool) symbolic.Decision {
	width, group := decoderForms[sc.Dec.Kind].outputs(sz, sc)
	idx := make([]int, width/group)
	for j := range idx {
		idx[j] = mathx.Argmax(y[j*group : (j+1)*group])
		if len(free) == group && !free[idx[j]] {
			idx[j] = ranking(y[j*group:(j+1)*group], free)[0]
		}
	}
	return decoderForms[sc.Dec.Kind].decision(sc, idx)
}

// ranking lists the positions of y that free allows (nil: all), the
// largest value first (of equals, the first position).
func ranking(y []float64, free []bool) []int {
	var out []int
	for k := range y {
		if free == nil || free[k] {
			out = append(out, k)
		}
	}
	slices.SortStableFunc(out, func(a, b int) int { return cmp.Compare(y[b], y[a]) })
	return out
}

// SoftPicks reports a program that ∂4's soft execution cannot run: one in
// which a slot of a distinct decoder (pick) may run after another. A pick
// takes none of the alternatives an earlier pick of the run took, and so
// its distribution is renormalised over what the earlier decisions left,
// which depends on their joint outcome; the soft state holds each cell's
// marginal only. A run's first pick is a choose, which soft execution
// runs exactly: so the program may have one pick, in its top-level code,
// outside any loop, written once (not in a macro used twice). A sketch
// with a group of picks runs on the symbolic machine (hybrid execution)
// and trains on an exact loss over its slots' distributions (the word
// problems' model does).
func SoftPicks(code *forth.Code) error {
	first := -1 // the address of the first pick
	for pc, in := range code.Instrs {
		if in.Op != forth.OpSlot || !forth.Decoders[code.Slots[in.Arg].Dec.Kind].Distinct {
			continue
		}
		sc := &code.Slots[in.Arg]
		if first >= 0 {
			return &forth.Error{Pos: sc.Pos, Msg: fmt.Sprintf("slot %d: ∂4's soft execution runs at most one %s slot, and this one follows the %s slot at %s: a later pick is renormalised over the alternatives the earlier picks did not take, which the soft state cannot hold; run the sketch on the symbolic machine (hybrid execution) or train its slots on an exact loss", sc.Index, sc.Dec.Kind, sc.Dec.Kind, code.Instrs[first].Pos)}
		}
		first = pc
		if pc > code.Halt {
			return &forth.Error{Pos: sc.Pos, Msg: fmt.Sprintf("slot %d: ∂4's soft execution runs a %s slot only in the top-level code, where it runs once: in a definition it may run after itself", sc.Index, sc.Dec.Kind)}
		}
		for j, back := range code.Instrs {
			if (back.Op == forth.OpJump || back.Op == forth.OpJumpZ) && j > pc && back.Arg <= pc {
				return &forth.Error{Pos: sc.Pos, Msg: fmt.Sprintf("slot %d: ∂4's soft execution runs a %s slot only outside loops, where it runs once: the loop at %s may run it after itself", sc.Index, sc.Dec.Kind, back.Pos)}
			}
		}
	}
	return nil
}

// OutputLabel names output k of group j of slot sc's network, as the
// figures print it: the alternative (choose), the elements whose old
// values the elements take, in order (permute: "D-1 D0"), or "D0 = 3"
// (manipulate: element j takes the value k).
func OutputLabel(sc *forth.SlotCode, j, k int) string {
	if _, err := sc.Dec.Kind.Def(); err != nil {
		return err.Error()
	}
	return decoderForms[sc.Dec.Kind].label(sc, j, k)
}

// chooseOutputs: a distribution over the alternatives.
func chooseOutputs(_ Sizes, sc *forth.SlotCode) (int, int) {
	return len(sc.Choices), len(sc.Choices)
}

// choose mixes the alternatives' next states by h.
func (k *kernel) choose(s tapeState, pc int, sc *forth.SlotCode, h vr) tapeState {
	alts := make([]tapeState, len(sc.Choices))
	for j, in := range sc.Choices {
		alts[j] = k.instr(s, pc, in, nil)
	}
	return k.mixStates(h, alts)
}

func chooseDecision(_ *forth.SlotCode, idx []int) symbolic.Decision {
	return symbolic.Decision{Choice: idx[0]}
}

func chooseIndex(_ Sizes, _ *forth.SlotCode, d symbolic.Decision) []int {
	return []int{d.Choice}
}

func chooseLabel(sc *forth.SlotCode, _, k int) string { return sc.Choices[k].Text }

// permuteOutputs: a distribution over the m! permutations.
func permuteOutputs(_ Sizes, sc *forth.SlotCode) (int, int) {
	n := 1
	for i := 2; i <= len(sc.Dec.Elems); i++ {
		n *= i
	}
	return n, n
}

// permute mixes, by h, the states in which the elements hold each
// permutation of their old values.
func (k *kernel) permute(s tapeState, pc int, sc *forth.SlotCode, h vr) tapeState {
	m := len(sc.Dec.Elems)
	bufs := make([]vr, m)
	ptrs := make([]vr, m)
	old := make([]vr, m)
	for j, e := range sc.Dec.Elems {
		bufs[j], ptrs[j] = k.elemPtr(s, e)
		old[j] = k.t.read(bufs[j], ptrs[j])
	}
	perms := Permutations(m)
	alts := make([]tapeState, len(perms))
	for pi, perm := range perms {
		ns := s
		for j, e := range sc.Dec.Elems {
			ns = k.writeElem(ns, e, ptrs[j], old[perm[j]])
		}
		ns.pc = k.t.onehot(k.sz.P, pc+1)
		alts[pi] = ns
	}
	return k.mixStates(h, alts)
}

func permuteDecision(sc *forth.SlotCode, idx []int) symbolic.Decision {
	return symbolic.Decision{Perm: Permutations(len(sc.Dec.Elems))[idx[0]]}
}

func permuteIndex(_ Sizes, sc *forth.SlotCode, d symbolic.Decision) []int {
	if len(d.Perm) != len(sc.Dec.Elems) {
		return []int{-1}
	}
	return []int{PermutationIndex(d.Perm)}
}

func permuteLabel(sc *forth.SlotCode, _, k int) string {
	var names []string
	for _, from := range Permutations(len(sc.Dec.Elems))[k] {
		names = append(names, sc.Dec.Elems[from].String())
	}
	return strings.Join(names, " ")
}

// manipulateOutputs: a distribution over the V values for each element.
func manipulateOutputs(sz Sizes, sc *forth.SlotCode) (int, int) {
	return len(sc.Dec.Elems) * sz.V, sz.V
}

// manipulate writes each element's distribution of h into it.
func (k *kernel) manipulate(s tapeState, pc int, sc *forth.SlotCode, h vr) tapeState {
	V := k.sz.V
	for j, e := range sc.Dec.Elems {
		_, ptr := k.elemPtr(s, e)
		s = k.writeElem(s, e, ptr, h.sub(j*V, V))
	}
	s.pc = k.t.onehot(k.sz.P, pc+1)
	return s
}

func manipulateDecision(_ *forth.SlotCode, idx []int) symbolic.Decision {
	return symbolic.Decision{Values: slices.Clone(idx)}
}

func manipulateIndex(sz Sizes, _ *forth.SlotCode, d symbolic.Decision) []int {
	idx := make([]int, len(d.Values))
	for j, v := range d.Values {
		idx[j] = forth.Mod(v, sz.V)
	}
	return idx
}

func manipulateLabel(sc *forth.SlotCode, j, k int) string {
	return fmt.Sprintf("%s = %d", sc.Dec.Elems[j], k)
}

// Permutations lists the permutations of 0 … m−1 in lexicographic order;
// the first is the identity. A permute decoder's output k selects
// Permutations(m)[k]: element j receives the old value of element perm[j].
func Permutations(m int) [][]int {
	var out [][]int
	perm := make([]int, m)
	used := make([]bool, m)
	var rec func(i int)
	rec = func(i int) {
		if i == m {
			out = append(out, append([]int(nil), perm...))
			return
		}
		for x := 0; x < m; x++ {
			if !used[x] {
				used[x] = true
				perm[i] = x
				rec(i + 1)
				used[x] = false
			}
		}
	}
	rec(0)
	return out
}

// PermutationIndex is the inverse of Permutations: the k with
// Permutations(len(perm))[k] equal to perm, or -1 when perm is not a
// permutation of 0 … len(perm)−1.
func PermutationIndex(perm []int) int {
	m := len(perm)
	used := make([]bool, m)
	k := 0
	for i, x := range perm {
		if x < 0 || x >= m || used[x] {
			return -1
		}
		smaller := 0 // the values still unused below x: x's rank among them
		for y := range x {
			if !used[y] {
				smaller++
			}
		}
		used[x] = true
		k = k*(m-i) + smaller
	}
	return k
}

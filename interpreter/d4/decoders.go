package d4

import (
	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// decoderForm is what ∂4 does with a kind of decoder (forth.Decoders): the
// shape of its network's output, the next state that output makes, and
// the discrete decision (as the symbolic machine takes it) the argmax of
// its logits stands for.
type decoderForm struct {
	// outputs returns the width of the decoder output and the size of
	// each group of it that a softmax normalises.
	outputs func(sz Sizes, sc *forth.SlotCode) (width, group int)
	// next returns the state after the slot sc at address pc, decoded
	// from its output h.
	next func(k *kernel, s tapeState, pc int, sc *forth.SlotCode, h vr) tapeState
	// decide returns the decision of logits y: the one whose one-hot
	// output next turns into the symbolic machine's step.
	decide func(sz Sizes, sc *forth.SlotCode, y []float64) symbolic.Decision
}

// decoderForms holds the form of every kind of decoder, indexed by the
// kind. It is set in init: the choose form runs instructions, which run
// slots.
var decoderForms [forth.NumDecoderKinds]decoderForm

func init() {
	// A missing last kind fails to compile: the literal is then shorter.
	decoderForms = [...]decoderForm{
		forth.Choose:     {outputs: chooseOutputs, next: (*kernel).choose, decide: decideChoose},
		forth.Manipulate: {outputs: manipulateOutputs, next: (*kernel).manipulate, decide: decideManipulate},
		forth.Permute:    {outputs: permuteOutputs, next: (*kernel).permute, decide: decidePermute},
	}
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

func decideChoose(_ Sizes, _ *forth.SlotCode, y []float64) symbolic.Decision {
	return symbolic.Decision{Choice: mathx.Argmax(y)}
}

// permuteOutputs: a distribution over the m! permutations.
func permuteOutputs(_ Sizes, sc *forth.SlotCode) (int, int) {
	n := len(Permutations(len(sc.Dec.Elems)))
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

func decidePermute(_ Sizes, sc *forth.SlotCode, y []float64) symbolic.Decision {
	return symbolic.Decision{Perm: Permutations(len(sc.Dec.Elems))[mathx.Argmax(y)]}
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

func decideManipulate(sz Sizes, sc *forth.SlotCode, y []float64) symbolic.Decision {
	vals := make([]int, len(sc.Dec.Elems))
	for j := range vals {
		vals[j] = mathx.Argmax(y[j*sz.V : (j+1)*sz.V])
	}
	return symbolic.Decision{Values: vals}
}

package d4

import (
	"fmt"

	"github.com/d4lang/d4/interpreter/forth"
)

// The floating-point work of the machine, counted from the shapes of what
// it computes, not timed: a benchmark divides it by a measured time to get
// a rate (wap bench). A multiply-add counts two operations, a comparison,
// an exp or a division one; moves and copies none. Every operation counts
// densely: the kernel skips zero probabilities, so a count is the work of
// a fully soft state, an upper bound for a discrete one. A backward pass
// counts twice its forward pass (a product's gradient is two products of
// the same size), the usual convention.

// flops is the forward work of one recorded kernel operation.
func (o *op) flops() float64 {
	switch o.kind {
	case kRead: // z_j = Σ_i a_i M_ij
		return 2 * float64(o.a.n)
	case kWrite: // M_ij + a_i (x_j − M_ij)
		return 3 * float64(o.z.n)
	case kBinary: // z_f(i,j) += x_i y_j over all pairs
		return 2 * float64(o.a.n) * float64(o.b.n)
	case kGt: // two expectations and a difference
		return 4*float64(o.a.n) + 1
	case kEq: // xᵀy
		return 2 * float64(o.a.n)
	case kFold: // one addition per input
		return float64(o.a.n)
	case kBranch:
		return 2
	case kMix: // Σ_k w_k x_k over the distinct inputs
		return 2 * float64(len(o.xs)) * float64(o.z.n)
	case kSoftmax: // an exp, a sum and a division each
		return 3 * float64(o.z.n)
	case kXent: // a logarithm and a product per target value
		return 2 * float64(o.a.n+o.b.n)
	case kNorm: // a sum and a division each
		return 2 * float64(o.z.n)
	case kShift, kCopy:
		return 0
	}
	panic(fmt.Sprintf("d4: no count of the work of kernel operation %d", o.kind))
}

// FLOPs is the forward work of the slot's network on one example: its
// linear stages' products and biases (the encoder's reads and the
// activations are not counted).
func (s *SlotNet) FLOPs() float64 {
	w := 0.0
	for _, st := range s.Stages {
		if st.Kind == forth.Linear {
			in, out := st.W.Shape()[0], st.W.Shape()[1]
			w += 2*float64(in)*float64(out) + float64(out)
		}
	}
	return w
}

// TraceFLOPs is the forward work of running the instructions of a static
// trace on one example from the state x, counted from the kernel's
// operations: the words' transitions and, at each slot, its decoder's
// (its network's work is SlotNet.FLOPs; the slots' outputs are taken
// uniform here). Its backward pass counts twice as much.
func (m *Machine) TraceFLOPs(x []float64, trace []int) (float64, error) {
	sz := m.Sizes
	if len(x) != sz.Len() {
		return 0, fmt.Errorf("d4: state of %d values, want %d", len(x), sz.Len())
	}
	t := newTape()
	t.reset(true)
	t.constPtr = true
	k := &kernel{t: t, sz: sz, prog: m.Code}
	outs := make([]vr, len(m.Slots))
	for i, s := range m.Slots {
		u := make([]float64, s.OutDim)
		for j := range u {
			u[j] = 1 / float64(s.Group)
		}
		outs[i] = t.input(u)
	}
	s := sz.split(t.input(x))
	for _, pc := range trace {
		if pc < 0 || pc >= len(m.Code.Instrs) {
			return 0, fmt.Errorf("d4: trace address %d outside the program's %d instructions", pc, len(m.Code.Instrs))
		}
		s = k.instr(s, pc, m.Code.Instrs[pc], outs)
	}
	w := 0.0
	for i := range t.ops {
		w += t.ops[i].flops()
	}
	return w, nil
}

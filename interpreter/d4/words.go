package d4

import (
	"fmt"

	"github.com/d4lang/d4/interpreter/forth"
)

// Sizes are the dimensions of the continuous machine state.
type Sizes struct {
	V int // value size: values are distributions over 0 … V−1
	L int // stack size: cells of each stack
	H int // heap cells
	P int // program length: positions of the program counter
	W int // width of a return-stack cell: max(V, P), to hold values and addresses
}

// NewSizes returns the sizes for code with value size v, stack size l and
// heap size h (0: the program's own allocation, at least 1 cell).
func NewSizes(code *forth.Code, v, l, h int) (Sizes, error) {
	if v < 2 || v > 1<<12 {
		return Sizes{}, fmt.Errorf("value size %d out of range for ∂4: it must lie between 2 and %d", v, 1<<12)
	}
	if l < 2 || l > 1<<12 {
		return Sizes{}, fmt.Errorf("stack size %d out of range for ∂4: it must lie between 2 and %d", l, 1<<12)
	}
	if h == 0 {
		h = max(code.HeapCells, 1)
	}
	if h < code.HeapCells || h > 1<<12 {
		return Sizes{}, fmt.Errorf("heap size %d out of range: the program needs %d cells and ∂4 allows at most %d", h, code.HeapCells, 1<<12)
	}
	p := code.Len()
	return Sizes{V: v, L: l, H: h, P: p, W: max(v, p)}, nil
}

// Len is the length of the packed state vector of one example:
// D (L×V), d (L), R (L×W), r (L), H (H×V), c (P), in that order.
func (s Sizes) Len() int { return s.L*s.V + s.L + s.L*s.W + s.L + s.H*s.V + s.P }

// Offsets of the state components in the packed vector.
func (s Sizes) offD() int { return 0 }
func (s Sizes) offd() int { return s.L * s.V }
func (s Sizes) offR() int { return s.offd() + s.L }
func (s Sizes) offr() int { return s.offR() + s.L*s.W }
func (s Sizes) offH() int { return s.offr() + s.L }
func (s Sizes) offc() int { return s.offH() + s.H*s.V }

// state is the continuous machine state S = (D, d, R, r, H, c) of one
// example as variables of a tape.
type state struct {
	D, d, R, r, H, c vr
}

// split views a packed state variable as its components.
func (s Sizes) split(x vr) state {
	return state{
		D: x.sub(s.offD(), s.L*s.V),
		d: x.sub(s.offd(), s.L),
		R: x.sub(s.offR(), s.L*s.W),
		r: x.sub(s.offr(), s.L),
		H: x.sub(s.offH(), s.H*s.V),
		c: x.sub(s.offc(), s.P),
	}
}

// components lists the state's variables in packing order.
func (st state) components() [6]vr { return [6]vr{st.D, st.d, st.R, st.r, st.H, st.c} }

func fromComponents(c [6]vr) state { return state{c[0], c[1], c[2], c[3], c[4], c[5]} }

// kernel runs words on one example's tape.
type kernel struct {
	t    *tape
	sz   Sizes
	prog *forth.Code
}

func (k *kernel) code() *forth.Code { return k.prog }

// push writes x on top of a stack: p ← inc(p); M ← write(M, x, p).
func (k *kernel) push(M, p, x vr) (vr, vr) {
	p = k.t.shift(p, 1)
	return k.t.write(M, x, p), p
}

// pop reads the top of a stack: x = read(M, p); p ← dec(p).
func (k *kernel) pop(M, p vr) (x, np vr) {
	return k.t.read(M, p), k.t.shift(p, -1)
}

// toD converts a return-stack value to a data-stack value (mod V), and
// toR the reverse (padding to W).
func (k *kernel) toD(x vr) vr { return k.t.fold(x, k.sz.V) }
func (k *kernel) toR(x vr) vr { return k.t.fold(x, k.sz.W) }

// elemPtr returns the address vector and buffer of a state element.
func (k *kernel) elemPtr(s state, e forth.Elem) (buf, ptr vr) {
	switch e.Space {
	case 'D':
		return s.D, k.t.shift(s.d, e.Index)
	case 'R':
		return s.R, k.t.shift(s.r, e.Index)
	}
	return s.H, k.t.onehot(k.sz.H, e.Index%k.sz.H)
}

// prim returns the state after a primitive word (the program counter is
// set by the caller).
func (k *kernel) prim(s state, p forth.Prim) state {
	t := k.t
	switch p {
	case forth.Nop:
	case forth.Inc, forth.Dec:
		step := 1
		if p == forth.Dec {
			step = -1
		}
		x := t.read(s.D, s.d)
		s.D = t.write(s.D, t.shift(x, step), s.d)
	case forth.Dup:
		x := t.read(s.D, s.d)
		s.D, s.d = k.push(s.D, s.d, x)
	case forth.Swap:
		d1 := t.shift(s.d, -1)
		x, y := t.read(s.D, s.d), t.read(s.D, d1)
		s.D = t.write(t.write(s.D, y, s.d), x, d1)
	case forth.Over:
		y := t.read(s.D, t.shift(s.d, -1))
		s.D, s.d = k.push(s.D, s.d, y)
	case forth.Drop:
		s.d = t.shift(s.d, -1)
	case forth.Add, forth.Sub, forth.Mul, forth.Div, forth.Gt, forth.Lt, forth.Eq:
		y := t.read(s.D, s.d)
		d1 := t.shift(s.d, -1)
		x := t.read(s.D, d1)
		var z vr
		switch p {
		case forth.Add:
			z = t.binary('+', x, y)
		case forth.Sub:
			z = t.binary('-', x, y)
		case forth.Mul:
			z = t.binary('*', x, y)
		case forth.Div:
			z = t.binary('/', x, y)
		case forth.Gt:
			z = t.gt(x, y)
		case forth.Lt:
			z = t.gt(y, x)
		case forth.Eq:
			z = t.eq(x, y)
		}
		s.D, s.d = t.write(s.D, z, d1), d1
	case forth.Fetch:
		a := t.fold(t.read(s.D, s.d), k.sz.H)
		s.D = t.write(s.D, t.read(s.H, a), s.d)
	case forth.Store:
		a := t.fold(t.read(s.D, s.d), k.sz.H)
		d1 := t.shift(s.d, -1)
		x := t.read(s.D, d1)
		s.H = t.write(s.H, x, a)
		s.d = t.shift(d1, -1)
	case forth.ToR:
		var x vr
		x, s.d = k.pop(s.D, s.d)
		s.R, s.r = k.push(s.R, s.r, k.toR(x))
	case forth.RFrom:
		var x vr
		x, s.r = k.pop(s.R, s.r)
		s.D, s.d = k.push(s.D, s.d, k.toD(x))
	case forth.RFetch:
		x := t.read(s.R, s.r)
		s.D, s.d = k.push(s.D, s.d, k.toD(x))
	default:
		panic("d4: unknown primitive " + p.String())
	}
	return s
}

// instr returns the state after the instruction in at address pc. slot
// holds the decoder outputs of the slots for this example (used by OpSlot).
func (k *kernel) instr(s state, pc int, in forth.Instr, slot []vr) state {
	t, P := k.t, k.sz.P
	next := t.onehot(P, min(pc+1, P-1))
	switch in.Op {
	case forth.OpPrim:
		s = k.prim(s, in.Prim)
		s.c = next
	case forth.OpLit:
		s.D, s.d = k.push(s.D, s.d, t.onehot(k.sz.V, mod(in.Arg, k.sz.V)))
		s.c = next
	case forth.OpJump:
		s.c = t.onehot(P, in.Arg)
	case forth.OpJumpZ:
		var x vr
		x, s.d = k.pop(s.D, s.d)
		s.c = t.branch(x, P, pc+1, in.Arg)
	case forth.OpCall:
		s.R, s.r = k.push(s.R, s.r, t.onehot(k.sz.W, pc+1))
		s.c = t.onehot(P, in.Arg)
	case forth.OpExit:
		var a vr
		a, s.r = k.pop(s.R, s.r)
		s.c = t.fold(a, P)
	case forth.OpHalt:
		s.c = t.onehot(P, pc)
	case forth.OpSlot:
		return k.slot(s, pc, in.Arg, slot)
	default:
		panic(fmt.Sprintf("d4: unknown instruction %d", in.Op))
	}
	return s
}

// slot returns the state after the slot numbered idx at address pc, decoded
// from its output h (a distribution over alternatives or permutations, or
// the values to write).
func (k *kernel) slot(s state, pc, idx int, outs []vr) state {
	sc := &k.code().Slots[idx]
	h := outs[idx]
	switch sc.Dec.Kind {
	case forth.Choose:
		alts := make([]state, len(sc.Choices))
		for j, in := range sc.Choices {
			alts[j] = k.instr(s, pc, in, nil)
		}
		return k.mixStates(h, alts)
	case forth.Permute:
		m := len(sc.Dec.Elems)
		bufs := make([]vr, m)
		ptrs := make([]vr, m)
		old := make([]vr, m)
		for j, e := range sc.Dec.Elems {
			bufs[j], ptrs[j] = k.elemPtr(s, e)
			old[j] = k.t.read(bufs[j], ptrs[j])
		}
		perms := Permutations(m)
		alts := make([]state, len(perms))
		for pi, perm := range perms {
			ns := s
			for j, e := range sc.Dec.Elems {
				ns = k.writeElem(ns, e, ptrs[j], old[perm[j]])
			}
			ns.c = k.t.onehot(k.sz.P, pc+1)
			alts[pi] = ns
		}
		return k.mixStates(h, alts)
	case forth.Manipulate:
		V := k.sz.V
		for j, e := range sc.Dec.Elems {
			_, ptr := k.elemPtr(s, e)
			s = k.writeElem(s, e, ptr, h.sub(j*V, V))
		}
		s.c = k.t.onehot(k.sz.P, pc+1)
		return s
	}
	panic("d4: unknown decoder")
}

// writeElem writes x (of width V or W) into element e at address ptr.
func (k *kernel) writeElem(s state, e forth.Elem, ptr, x vr) state {
	switch e.Space {
	case 'D':
		s.D = k.t.write(s.D, k.toD(x), ptr)
	case 'R':
		s.R = k.t.write(s.R, k.toR(x), ptr)
	default:
		s.H = k.t.write(s.H, k.toD(x), ptr)
	}
	return s
}

// mixStates returns Σ_j w_j states_j, component by component.
func (k *kernel) mixStates(w vr, states []state) state {
	var out [6]vr
	xs := make([]vr, len(states))
	for c := 0; c < 6; c++ {
		for j, st := range states {
			xs[j] = st.components()[c]
		}
		out[c] = k.t.mix(w, xs)
	}
	return fromComponents(out)
}

// step is one step of the execution RNN (§3.3): every instruction's next
// state, weighted by the program counter. When the tape does not record
// (no gradients wanted), instructions without program-counter mass are
// skipped, which changes nothing in the result.
func (k *kernel) step(s state, slot []vr) state {
	code := k.code()
	if k.t.record {
		states := make([]state, len(code.Instrs))
		for pc, in := range code.Instrs {
			states[pc] = k.instr(s, pc, in, slot)
		}
		return k.renormalize(k.mixStates(s.c, states))
	}
	cv := k.t.v(s.c)
	var states []state
	var weights []float64
	for pc, in := range code.Instrs {
		if cv[pc] != 0 {
			states = append(states, k.instr(s, pc, in, slot))
			weights = append(weights, cv[pc])
		}
	}
	if len(states) == 1 && weights[0] == 1 {
		// A crisp program counter: the mixture is this state.
		return k.renormalize(states[0])
	}
	return k.renormalize(k.mixStates(k.t.input(weights), states))
}

// renormalize brings the program counter and the stack pointers of a
// mixed state back to mass 1 (tape.normalize).
func (k *kernel) renormalize(s state) state {
	s.c, s.d, s.r = k.t.normalize(s.c), k.t.normalize(s.d), k.t.normalize(s.r)
	return s
}

// observe reads the elements of an observe encoder and concatenates them
// into z.
func (k *kernel) observe(s state, elems []forth.Elem, z vr) {
	off := 0
	for _, e := range elems {
		buf, ptr := k.elemPtr(s, e)
		x := k.t.read(buf, ptr)
		k.t.copyInto(z.sub(off, x.n), x)
		off += x.n
	}
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

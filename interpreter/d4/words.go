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

// MaxValueSize, MaxStackSize and MaxHeapSize bound the value size, the
// cells of each stack and the heap cells of ∂4 (NewSizes).
const (
	MaxValueSize = 1 << 12
	MaxStackSize = 1 << 12
	MaxHeapSize  = 1 << 12
)

// NewSizes returns the sizes for code with value size v, stack size l and
// heap size h (0: the program's own allocation, at least 1 cell).
func NewSizes(code *forth.Code, v, l, h int) (Sizes, error) {
	if v < 2 || v > MaxValueSize {
		return Sizes{}, fmt.Errorf("value size %d out of range for ∂4: it must lie between 2 and %d", v, MaxValueSize)
	}
	if l < 2 || l > MaxStackSize {
		return Sizes{}, fmt.Errorf("stack size %d out of range for ∂4: it must lie between 2 and %d", l, MaxStackSize)
	}
	if h == 0 {
		h = max(code.HeapCells, 1)
	}
	if h < code.HeapCells || h > MaxHeapSize {
		return Sizes{}, fmt.Errorf("heap size %d out of range: the program needs %d cells and ∂4 allows at most %d", h, code.HeapCells, MaxHeapSize)
	}
	p := code.Len()
	return Sizes{V: v, L: l, H: h, P: p, W: max(v, p)}, nil
}

// Len is the length of the packed state vector of one example:
// D (L×V), d (L), R (L×W), r (L), H (H×V), c (P), in that order.
func (s Sizes) Len() int { return s.L*s.V + s.L + s.L*s.W + s.L + s.H*s.V + s.P }

// Offsets of the state components in the packed vector.
func (s Sizes) offDStack() int { return 0 }
func (s Sizes) offDPtr() int   { return s.L * s.V }
func (s Sizes) offRStack() int { return s.offDPtr() + s.L }
func (s Sizes) offRPtr() int   { return s.offRStack() + s.L*s.W }
func (s Sizes) offHeap() int   { return s.offRPtr() + s.L }
func (s Sizes) offPC() int     { return s.offHeap() + s.H*s.V }

// tapeState is the continuous machine state S = (D, d, R, r, H, c) of one
// example as variables of a tape: the data stack D and its top pointer d,
// the return stack R and its top pointer r, the heap H and the program
// counter c.
type tapeState struct {
	dStack, dPtr, rStack, rPtr, heap, pc vr
}

// split views a packed state variable as its components.
func (s Sizes) split(x vr) tapeState {
	return tapeState{
		dStack: x.sub(s.offDStack(), s.L*s.V),
		dPtr:   x.sub(s.offDPtr(), s.L),
		rStack: x.sub(s.offRStack(), s.L*s.W),
		rPtr:   x.sub(s.offRPtr(), s.L),
		heap:   x.sub(s.offHeap(), s.H*s.V),
		pc:     x.sub(s.offPC(), s.P),
	}
}

// components lists the state's variables in packing order.
func (st tapeState) components() [6]vr {
	return [6]vr{st.dStack, st.dPtr, st.rStack, st.rPtr, st.heap, st.pc}
}

func fromComponents(c [6]vr) tapeState { return tapeState{c[0], c[1], c[2], c[3], c[4], c[5]} }

// kernel runs words on one example's tape.
type kernel struct {
	t    *tape
	sz   Sizes
	prog *forth.Code
}

func (k *kernel) code() *forth.Code { return k.prog }

// push writes x on top of a stack: p ← inc(p); M ← write(M, x, p).
func (k *kernel) push(buf, ptr, x vr) (vr, vr) {
	ptr = k.t.shift(ptr, 1)
	return k.t.write(buf, x, ptr), ptr
}

// pop reads the top of a stack: x = read(M, p); p ← dec(p).
func (k *kernel) pop(buf, ptr vr) (x, newPtr vr) {
	return k.t.read(buf, ptr), k.t.shift(ptr, -1)
}

// toD converts a return-stack value to a data-stack value (mod V), and
// toR the reverse (padding to W).
func (k *kernel) toD(x vr) vr { return k.t.fold(x, k.sz.V) }
func (k *kernel) toR(x vr) vr { return k.t.fold(x, k.sz.W) }

// elemPtr returns the address vector and buffer of a state element.
func (k *kernel) elemPtr(s tapeState, e forth.Elem) (buf, ptr vr) {
	switch e.Space {
	case 'D':
		return s.dStack, k.t.shift(s.dPtr, e.Index)
	case 'R':
		return s.rStack, k.t.shift(s.rPtr, e.Index)
	}
	return s.heap, k.t.onehot(k.sz.H, e.Index%k.sz.H)
}

// primForm is the differentiable form of a primitive word: the state after
// it (the caller sets the program counter).
type primForm func(k *kernel, s tapeState) tapeState

// primForms holds the differentiable form of every primitive word, indexed
// by the word: what forth.Prims describes, on distributions. On one-hot
// states each agrees with the symbolic machine.
var primForms = [...]primForm{
	forth.Nop:    func(_ *kernel, s tapeState) tapeState { return s },
	forth.Inc:    func(k *kernel, s tapeState) tapeState { return k.shiftTop(s, 1) },
	forth.Dec:    func(k *kernel, s tapeState) tapeState { return k.shiftTop(s, -1) },
	forth.Dup:    (*kernel).dup,
	forth.Swap:   (*kernel).swap,
	forth.Over:   (*kernel).over,
	forth.Drop:   func(k *kernel, s tapeState) tapeState { s.dPtr = k.t.shift(s.dPtr, -1); return s },
	forth.Add:    arith(forth.Add),
	forth.Sub:    arith(forth.Sub),
	forth.Mul:    arith(forth.Mul),
	forth.Div:    arith(forth.Div),
	forth.Fetch:  (*kernel).fetch,
	forth.Store:  (*kernel).store,
	forth.Gt:     binaryForm((*tape).gt),
	forth.Lt:     binaryForm(func(t *tape, x, y vr) vr { return t.gt(y, x) }),
	forth.Eq:     binaryForm((*tape).eq),
	forth.ToR:    (*kernel).toRStack,
	forth.RFrom:  (*kernel).fromRStack,
	forth.RFetch: (*kernel).copyRTop,
}

// Every primitive word has its entry (a missing last one fails here).
var _ [forth.NumPrims]primForm = primForms

// prim returns the state after a primitive word (the program counter is
// set by the caller).
func (k *kernel) prim(s tapeState, p forth.Prim) tapeState {
	if p >= forth.NumPrims {
		panic("d4: unknown primitive " + p.String())
	}
	return primForms[p](k, s)
}

// shiftTop adds step to the top value (1+ and 1-): a circular shift of its
// distribution.
func (k *kernel) shiftTop(s tapeState, step int) tapeState {
	x := k.t.read(s.dStack, s.dPtr)
	s.dStack = k.t.write(s.dStack, k.t.shift(x, step), s.dPtr)
	return s
}

// dup pushes a copy of the top value.
func (k *kernel) dup(s tapeState) tapeState {
	x := k.t.read(s.dStack, s.dPtr)
	s.dStack, s.dPtr = k.push(s.dStack, s.dPtr, x)
	return s
}

// swap exchanges the top two values.
func (k *kernel) swap(s tapeState) tapeState {
	t := k.t
	below := t.shift(s.dPtr, -1)
	x, y := t.read(s.dStack, s.dPtr), t.read(s.dStack, below)
	s.dStack = t.write(t.write(s.dStack, y, s.dPtr), x, below)
	return s
}

// over pushes a copy of the value below the top.
func (k *kernel) over(s tapeState) tapeState {
	y := k.t.read(s.dStack, k.t.shift(s.dPtr, -1))
	s.dStack, s.dPtr = k.push(s.dStack, s.dPtr, y)
	return s
}

// arith is the form of an arithmetic word p (+ - * /): the distribution
// of p's result for independent operands (tape.binary).
func arith(p forth.Prim) primForm {
	return binaryForm(func(t *tape, x, y vr) vr { return t.binary(p, x, y) })
}

// binaryForm is the form of a word ( x y -- f(x, y) ) whose result
// distribution f computes from those of x and y.
func binaryForm(f func(t *tape, x, y vr) vr) primForm {
	return func(k *kernel, s tapeState) tapeState {
		t := k.t
		y := t.read(s.dStack, s.dPtr)
		below := t.shift(s.dPtr, -1)
		x := t.read(s.dStack, below)
		s.dStack, s.dPtr = t.write(s.dStack, f(t, x, y), below), below
		return s
	}
}

// fetch replaces the top value by the heap cell it addresses.
func (k *kernel) fetch(s tapeState) tapeState {
	a := k.t.fold(k.t.read(s.dStack, s.dPtr), k.sz.H)
	s.dStack = k.t.write(s.dStack, k.t.read(s.heap, a), s.dPtr)
	return s
}

// store writes the value below the top into the heap cell the top
// addresses, and pops both.
func (k *kernel) store(s tapeState) tapeState {
	t := k.t
	a := t.fold(t.read(s.dStack, s.dPtr), k.sz.H)
	below := t.shift(s.dPtr, -1)
	s.heap = t.write(s.heap, t.read(s.dStack, below), a)
	s.dPtr = t.shift(below, -1)
	return s
}

// toRStack moves the top value to the return stack (>R).
func (k *kernel) toRStack(s tapeState) tapeState {
	var x vr
	x, s.dPtr = k.pop(s.dStack, s.dPtr)
	s.rStack, s.rPtr = k.push(s.rStack, s.rPtr, k.toR(x))
	return s
}

// fromRStack moves the top of the return stack to the data stack (R>).
func (k *kernel) fromRStack(s tapeState) tapeState {
	var x vr
	x, s.rPtr = k.pop(s.rStack, s.rPtr)
	s.dStack, s.dPtr = k.push(s.dStack, s.dPtr, k.toD(x))
	return s
}

// copyRTop copies the top of the return stack to the data stack (R@).
func (k *kernel) copyRTop(s tapeState) tapeState {
	x := k.t.read(s.rStack, s.rPtr)
	s.dStack, s.dPtr = k.push(s.dStack, s.dPtr, k.toD(x))
	return s
}

// instr returns the state after the instruction in at address pc. slot
// holds the decoder outputs of the slots for this example (used by OpSlot).
func (k *kernel) instr(s tapeState, pc int, in forth.Instr, slot []vr) tapeState {
	t, P := k.t, k.sz.P
	next := t.onehot(P, min(pc+1, P-1))
	switch in.Op {
	case forth.OpPrim:
		s = k.prim(s, in.Prim)
		s.pc = next
	case forth.OpLit:
		s.dStack, s.dPtr = k.push(s.dStack, s.dPtr, t.onehot(k.sz.V, mod(in.Arg, k.sz.V)))
		s.pc = next
	case forth.OpJump:
		s.pc = t.onehot(P, in.Arg)
	case forth.OpJumpZ:
		var x vr
		x, s.dPtr = k.pop(s.dStack, s.dPtr)
		s.pc = t.branch(x, P, pc+1, in.Arg)
	case forth.OpCall:
		s.rStack, s.rPtr = k.push(s.rStack, s.rPtr, t.onehot(k.sz.W, pc+1))
		s.pc = t.onehot(P, in.Arg)
	case forth.OpExit:
		var a vr
		a, s.rPtr = k.pop(s.rStack, s.rPtr)
		s.pc = t.fold(a, P)
	case forth.OpHalt:
		s.pc = t.onehot(P, pc)
	case forth.OpSlot:
		return k.slot(s, pc, in.Arg, slot)
	default:
		panic(fmt.Sprintf("d4: unknown instruction %d", in.Op))
	}
	return s
}

// slot returns the state after the slot numbered idx at address pc, decoded
// from its output outs[idx] by the form of its kind of decoder.
func (k *kernel) slot(s tapeState, pc, idx int, outs []vr) tapeState {
	sc := &k.code().Slots[idx]
	if _, err := sc.Dec.Kind.Def(); err != nil {
		panic(fmt.Sprintf("d4: slot %d: %v", idx, err))
	}
	return decoderForms[sc.Dec.Kind].next(k, s, pc, sc, outs[idx])
}

// writeElem writes x (of width V or W) into element e at address ptr.
func (k *kernel) writeElem(s tapeState, e forth.Elem, ptr, x vr) tapeState {
	switch e.Space {
	case 'D':
		s.dStack = k.t.write(s.dStack, k.toD(x), ptr)
	case 'R':
		s.rStack = k.t.write(s.rStack, k.toR(x), ptr)
	default:
		s.heap = k.t.write(s.heap, k.toD(x), ptr)
	}
	return s
}

// mixStates returns Σ_j w_j states_j, component by component.
func (k *kernel) mixStates(w vr, states []tapeState) tapeState {
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
func (k *kernel) step(s tapeState, slot []vr) tapeState {
	code := k.code()
	if k.t.record {
		states := make([]tapeState, len(code.Instrs))
		for pc, in := range code.Instrs {
			states[pc] = k.instr(s, pc, in, slot)
		}
		return k.renormalize(k.mixStates(s.pc, states))
	}
	cv := k.t.v(s.pc)
	var states []tapeState
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
func (k *kernel) renormalize(s tapeState) tapeState {
	s.pc, s.dPtr, s.rPtr = k.t.normalize(s.pc), k.t.normalize(s.dPtr), k.t.normalize(s.rPtr)
	return s
}

// observe reads the elements of an observe encoder and concatenates them
// into z.
func (k *kernel) observe(s tapeState, elems []forth.Elem, z vr) {
	off := 0
	for _, e := range elems {
		buf, ptr := k.elemPtr(s, e)
		x := k.t.read(buf, ptr)
		k.t.copyInto(z.sub(off, x.n), x)
		off += x.n
	}
}

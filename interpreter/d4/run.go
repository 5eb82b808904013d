package d4

import (
	"fmt"
	"math"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/forth"
)

// State is the continuous state of one example, unpacked: row-major
// buffers and pointer vectors.
type State struct {
	Sizes
	D        []float64 // L×V
	dPointer []float64 // L: the data stack's top pointer
	R        []float64 // L×W
	rPointer []float64 // L: the return stack's top pointer
	Heap     []float64 // H×V
	C        []float64 // P: the program counter
}

// DPtr and RPtr are the stack pointers (distributions over cells).
func (s *State) DPtr() []float64 { return s.dPointer }
func (s *State) RPtr() []float64 { return s.rPointer }

// Unpack views a packed state vector as a State (sharing memory).
func (sz Sizes) Unpack(x []float64) *State {
	if len(x) != sz.Len() {
		panic(fmt.Sprintf("d4: state of %d values, want %d", len(x), sz.Len()))
	}
	return &State{
		Sizes:    sz,
		D:        x[sz.offDStack() : sz.offDStack()+sz.L*sz.V],
		dPointer: x[sz.offDPtr() : sz.offDPtr()+sz.L],
		R:        x[sz.offRStack() : sz.offRStack()+sz.L*sz.W],
		rPointer: x[sz.offRPtr() : sz.offRPtr()+sz.L],
		Heap:     x[sz.offHeap() : sz.offHeap()+sz.H*sz.V],
		C:        x[sz.offPC() : sz.offPC()+sz.P],
	}
}

// InitialState returns the packed one-hot image of the symbolic machine's
// start: every cell holds the value 0, the data stack holds init (bottom
// first), both pointers rest below the base (cell L−1 when empty), the
// program counter is at 0.
func (sz Sizes) InitialState(init []int) ([]float64, error) {
	x := make([]float64, sz.Len())
	if err := sz.initialStateInto(x, init); err != nil {
		return nil, err
	}
	return x, nil
}

// initialStateInto writes InitialState(init) into x (of length Len).
func (sz Sizes) initialStateInto(x []float64, init []int) error {
	if len(init) > sz.L-1 {
		return fmt.Errorf("initial data stack of %d values does not fit a stack of size %d", len(init), sz.L)
	}
	clear(x)
	s := sz.Unpack(x)
	for i := 0; i < sz.L; i++ {
		s.D[i*sz.V] = 1
		s.R[i*sz.W] = 1
	}
	for i := 0; i < sz.H; i++ {
		s.Heap[i*sz.V] = 1
	}
	for i, v := range init {
		row := s.D[i*sz.V : (i+1)*sz.V]
		clear(row)
		row[mod(v, sz.V)] = 1
	}
	s.dPointer[mod(len(init)-1, sz.L)] = 1
	s.rPointer[sz.L-1] = 1
	s.C[0] = 1
	return nil
}

// Discrete returns the argmax of every cell and pointer: the symbolic state
// this state is closest to.
func (s *State) Discrete() (D []int, dTop int, R []int, rTop int, H []int, pc int) {
	rows := func(buf []float64, n, w int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = mathx.Argmax(buf[i*w : (i+1)*w])
		}
		return out
	}
	return rows(s.D, s.L, s.V), mathx.Argmax(s.dPointer), rows(s.R, s.L, s.W), mathx.Argmax(s.rPointer), rows(s.Heap, s.Sizes.H, s.V), mathx.Argmax(s.C)
}

// Stack returns the argmax data stack, bottom to top, with the depth read
// from the argmax of the pointer (as the symbolic machine reports it).
func (s *State) Stack() []int {
	D, top, _, _, _, _ := s.Discrete()
	return D[:(top+1)%s.L]
}

// Crispness returns the largest distance of any cell, pointer or program
// counter from the nearest one-hot vector (0 for a crisp state).
func (s *State) Crispness() float64 {
	worst := 0.0
	s.eachRow(func(row []float64) {
		k := mathx.Argmax(row)
		for j, v := range row {
			want := 0.0
			if j == k {
				want = 1
			}
			worst = max(worst, math.Abs(v-want))
		}
	})
	return worst
}

// eachRow calls f on every distribution of the state: each cell of the
// stacks and the heap, the pointers and the program counter.
func (s *State) eachRow(f func(row []float64)) {
	for _, b := range []struct {
		buf  []float64
		n, w int
	}{{s.D, s.L, s.V}, {s.dPointer, 1, s.L}, {s.R, s.L, s.W}, {s.rPointer, 1, s.L}, {s.Heap, s.Sizes.H, s.V}, {s.C, 1, s.P}} {
		for i := range b.n {
			f(b.buf[i*b.w : (i+1)*b.w])
		}
	}
}

// Halted reports whether all program-counter mass is on the halt
// instruction (to within tol).
func (s *State) Halted(halt int, tol float64) bool {
	total := 0.0
	for _, mass := range s.C {
		total += mass
	}
	return math.Abs(s.C[halt]-total) <= tol
}

// RunForward executes a slot-free program on ∂4 from packed state x (see
// Machine.Run).
func RunForward(code *forth.Code, sz Sizes, x []float64, maxSteps int) ([]float64, int, error) {
	if len(code.Slots) > 0 {
		return nil, 0, fmt.Errorf("the program has %d slots: running it on ∂4 needs a trained model", len(code.Slots))
	}
	return (&Machine{Code: code, Sizes: sz}).Run(x, maxSteps, false)
}

// Run executes the machine on one example from packed state x, one RNN step
// at a time without recording gradients (so no graph is unrolled), until all
// program-counter mass is on the halt instruction or maxSteps steps pass.
// Each step evaluates the slot networks on the current state. With
// discretise, every cell, pointer and the program counter is replaced by its
// argmax after each step: the discretised execution of §4.1. It returns the
// final packed state and the number of steps taken.
func (m *Machine) Run(x []float64, maxSteps int, discretise bool) ([]float64, int, error) {
	return m.RunWatch(x, maxSteps, discretise, nil)
}

// SlotWatch is told, at every step where slot i holds program-counter mass,
// that mass and the slot's decoder output (its distribution(s)).
type SlotWatch func(slot int, mass float64, out []float64)

// RunWatch is Run that also reports every slot's outputs to watch (if not
// nil): how a caller reads the decisions of a run, e.g. the operators the
// word algebra sketch chose.
func (m *Machine) RunWatch(x []float64, maxSteps int, discretise bool, watch SlotWatch) ([]float64, int, error) {
	sz := m.Sizes
	if len(x) != sz.Len() {
		return nil, 0, fmt.Errorf("d4: state of %d values, want %d", len(x), sz.Len())
	}
	if err := SoftPicks(m.Code); err != nil {
		return nil, 0, err
	}
	k := &kernel{t: newTape(), sz: sz, prog: m.Code}
	cur := append([]float64(nil), x...)
	steps := 0
	for ; steps < maxSteps; steps++ {
		st := sz.Unpack(cur)
		if st.Halted(m.Code.Halt, 1e-12) {
			break
		}
		k.t.reset(false)
		mass := make([]float64, len(m.Slots))
		for pc, in := range m.Code.Instrs {
			if in.Op == forth.OpSlot {
				mass[in.Arg] += st.C[pc]
			}
		}
		outs := make([]vr, len(m.Slots))
		for i, s := range m.Slots {
			if mass[i] == 0 {
				outs[i] = k.t.alloc(s.OutDim) // no mass on the slot: unused
				continue
			}
			out := s.Forward(m.Input(s, cur))
			if watch != nil {
				watch(i, mass[i], out)
			}
			outs[i] = k.t.input(out)
		}
		in := k.t.input(cur)
		out := k.step(sz.split(in), outs)
		for i, c := range out.components() {
			copy(cur[offsetOf(sz, i):], k.t.v(c))
		}
		if discretise {
			sz.Unpack(cur).discretise()
		}
	}
	return cur, steps, nil
}

// discretise replaces every distribution of the state by the one-hot
// vector of its argmax.
func (s *State) discretise() {
	s.eachRow(func(row []float64) {
		k := mathx.Argmax(row)
		clear(row)
		row[k] = 1
	})
}

// offsetOf returns the packed offset of component i.
func offsetOf(sz Sizes, i int) int {
	return [6]int{sz.offDStack(), sz.offDPtr(), sz.offRStack(), sz.offRPtr(), sz.offHeap(), sz.offPC()}[i]
}

package d4

import (
	"github.com/d4lang/d4/interpreter/forth"
)

// The paper's two optimisations of the execution RNN (§3.4) group the
// program into blocks that one RNN step executes whole.
//
// Symbolic execution of straight-line code: a maximal run of words with no
// branch entry (no jump, call or return lands inside it) and no branch exit
// (only its last word may jump, call, return, halt or be a slot) becomes
// one transition. The composition of the words' kernels is that transition.
//
// Interpolation of if-branches: an IF … [ELSE …] THEN whose branches are
// straight-line words runs inside a block: both branches run on the state
// after the condition is popped, and their states are mixed by the
// probability that the condition was 0.
//
// A block starts at a head: the program's start, every jump and call
// target, every return address and every slot. Positions inside a block
// keep their single-word transition too, so that program-counter mass that
// lands there (through a soft return address, say) still moves on.

// Optim selects the optimisations of the naive execution RNN.
type Optim struct {
	Collapse    bool // symbolic execution of straight-line code
	Interpolate bool // interpolation of if-branches (needs Collapse)
}

// ifRegion is an interpolable IF at address jz: the then-branch runs from
// jz+1 up to the ELSE jump (or the else label), the else-branch from the
// else label up to end, and execution continues at end.
type ifRegion struct {
	jz, elseAt, end int
	hasElse         bool
}

// blockPlan is the block structure of a program under an Optim.
type blockPlan struct {
	head []bool           // head[pc]: a block starts at pc
	ifs  map[int]ifRegion // interpolable IFs by the address of their conditional jump
}

func straight(in forth.Instr) bool { return in.Op == forth.OpPrim || in.Op == forth.OpLit }

// plan computes the blocks of code.
func plan(code *forth.Code, o Optim) *blockPlan {
	n := code.Len()
	targeted := make([]int, n) // how many control transfers land at each address
	for pc, in := range code.Instrs {
		switch in.Op {
		case forth.OpJump, forth.OpCall:
			targeted[in.Arg]++
		case forth.OpJumpZ:
			targeted[in.Arg]++
			targeted[pc+1]++ // the fall-through of a conditional jump
		}
		if in.Op == forth.OpCall || in.Op == forth.OpSlot {
			if pc+1 < n {
				targeted[pc+1]++ // a return address, or the word after a slot
			}
		}
	}
	for _, sc := range code.Slots {
		for _, c := range sc.Choices {
			if c.Op == forth.OpCall {
				targeted[c.Arg]++
			}
		}
	}
	p := &blockPlan{head: make([]bool, n), ifs: map[int]ifRegion{}}
	if o.Interpolate {
		for pc, in := range code.Instrs {
			if in.Op != forth.OpJumpZ || in.Arg <= pc {
				continue
			}
			r := ifRegion{jz: pc, elseAt: in.Arg, end: in.Arg}
			if j := in.Arg - 1; j > pc && code.Instrs[j].Op == forth.OpJump && code.Instrs[j].Arg >= in.Arg {
				r.hasElse, r.end = true, code.Instrs[j].Arg
			}
			ok := true
			for a := pc + 1; a < r.end && ok; a++ {
				if r.hasElse && a == r.elseAt-1 {
					continue // the ELSE jump
				}
				ok = straight(code.Instrs[a])
			}
			// Only the region's own jumps may land inside it.
			want := map[int]int{r.elseAt: 1, pc + 1: 1}
			if r.hasElse {
				want[r.end]++
			} else {
				want[r.end] = 1
			}
			for a := pc + 1; a <= r.end && a < n && ok; a++ {
				if targeted[a] != want[a] {
					ok = false
				}
			}
			if ok {
				p.ifs[pc] = r
			}
		}
	}
	inner := make([]bool, n) // addresses absorbed by an interpolated IF
	for _, r := range p.ifs {
		for a := r.jz + 1; a <= r.end && a < n; a++ {
			inner[a] = true
		}
	}
	for pc := range code.Instrs {
		p.head[pc] = pc == 0 || code.Instrs[pc].Op == forth.OpSlot || (targeted[pc] > 0 && !inner[pc])
	}
	return p
}

// block runs the block that starts at pc and returns its final state.
func (k *kernel) block(s tapeState, pc int, p *blockPlan, slot []vr) tapeState {
	code := k.code()
	for {
		in := code.Instrs[pc]
		if r, ok := p.ifs[pc]; ok {
			var x vr
			x, s.dPtr = k.pop(s.dStack, s.dPtr)
			then := s
			for a := pc + 1; a < r.elseAt; a++ {
				if r.hasElse && a == r.elseAt-1 {
					break
				}
				then = k.prim1(then, code.Instrs[a])
			}
			els := s
			for a := r.elseAt; a < r.end; a++ {
				els = k.prim1(els, code.Instrs[a])
			}
			w := k.t.branch(x, 2, 0, 1) // (1−x₀, x₀): then when non-zero
			s = k.mixStates(w, []tapeState{then, els})
			pc = r.end
			s.pc = k.t.onehot(k.sz.P, pc)
			if pc >= code.Len() || p.head[pc] {
				return s
			}
			continue
		}
		s = k.instr(s, pc, in, slot)
		if !straight(in) || pc+1 >= code.Len() || p.head[pc+1] {
			return s
		}
		pc++
	}
}

// prim1 runs a straight-line instruction without touching the program
// counter.
func (k *kernel) prim1(s tapeState, in forth.Instr) tapeState {
	if in.Op == forth.OpLit {
		s.dStack, s.dPtr = k.push(s.dStack, s.dPtr, k.t.onehot(k.sz.V, mod(in.Arg, k.sz.V)))
		return s
	}
	return k.prim(s, in.Prim)
}

// stepBlocks is one step of the execution RNN over blocks: every head's
// block, and every other address's single word, weighted by the program
// counter.
func (k *kernel) stepBlocks(s tapeState, p *blockPlan, slot []vr) tapeState {
	code := k.code()
	cv := k.t.v(s.pc)
	var states []tapeState
	var weights []float64
	for pc, in := range code.Instrs {
		if !k.t.record && cv[pc] == 0 {
			continue
		}
		if p.head[pc] {
			states = append(states, k.block(s, pc, p, slot))
		} else {
			states = append(states, k.instr(s, pc, in, slot))
		}
		weights = append(weights, cv[pc])
	}
	if k.t.record {
		return k.renormalize(k.mixStates(s.pc, states))
	}
	if len(states) == 1 && weights[0] == 1 {
		return k.renormalize(states[0])
	}
	return k.renormalize(k.mixStates(k.t.input(weights), states))
}

// BlockSteps returns how many steps of the block RNN the path takes: the
// number of its addresses that start a block.
func BlockSteps(code *forth.Code, o Optim, path []int) int {
	p := plan(code, o)
	n := 0
	for i, pc := range path {
		if p.head[pc] || i == 0 {
			n++
		}
	}
	return n
}

package d4

import (
	"fmt"

	"d4/interpreter/forth"
	"d4/interpreter/symbolic"
)

// Hybrid decides slots on the symbolic machine with the trained networks:
// each slot's network reads the one-hot images of its observed elements
// from the discrete state, and its decision is the argmax of the decoder
// (DESIGN.md, "hybrid" execution). The symbolic machine must use the value
// size the networks were trained with; its stacks may be of any size.
type Hybrid struct{ M *Machine }

// Decide implements symbolic.Decider.
func (h Hybrid) Decide(sc *forth.SlotCode, sm *symbolic.Machine) (symbolic.Decision, error) {
	if sm.Cfg.ValueSize != h.M.Sizes.V {
		return symbolic.Decision{}, fmt.Errorf("the model was trained with value size %d, the machine runs with %d", h.M.Sizes.V, sm.Cfg.ValueSize)
	}
	net := h.M.Slots[sc.Index]
	// The index of the 1 in the one-hot encoder input of each element.
	var buf [8]int
	ones := append(buf[:0], 0) // static: the constant input 1
	if !sc.Enc.Static {
		ones = buf[:0]
		off := 0
		for _, e := range sc.Enc.Observe {
			val, err := sm.Elem(e)
			if err != nil {
				return symbolic.Decision{}, err
			}
			w := h.M.Sizes.width(e)
			ones = append(ones, off+val%w)
			off += w
		}
	}
	y := net.LogitsOneHot(ones) // the softmax keeps each group's argmax
	switch sc.Dec.Kind {
	case forth.Choose:
		return symbolic.Decision{Choice: argmax(y)}, nil
	case forth.Permute:
		return symbolic.Decision{Perm: Permutations(len(sc.Dec.Elems))[argmax(y)]}, nil
	default:
		V := h.M.Sizes.V
		vals := make([]int, len(sc.Dec.Elems))
		for j := range vals {
			vals[j] = argmax(y[j*V : (j+1)*V])
		}
		return symbolic.Decision{Values: vals}, nil
	}
}

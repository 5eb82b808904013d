package d4

import (
	"fmt"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
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
	var buf [8]int
	vals := buf[:0]
	for _, e := range sc.Enc.Observe {
		val, err := sm.Elem(e)
		if err != nil {
			return symbolic.Decision{}, err
		}
		vals = append(vals, val)
	}
	return h.M.Sizes.decide(sc, h.logits(sc, vals), sm.Untaken(sc)), nil
}

// DecideValues returns the slot's decision when its observed elements hold
// vals (in the order the encoder observes them; none for a static encoder):
// what Decide does on a machine in such a state. A value is read modulo its
// element's width (V, or W on the return stack), as the one-hot encoder
// input sees it. Exporting a trained sketch tabulates it.
//
// For a pick, it is the decision of a run's first pick: a later one takes
// the first alternative of RankValues that no earlier pick took.
func (h Hybrid) DecideValues(sc *forth.SlotCode, vals []int) symbolic.Decision {
	return h.M.Sizes.decide(sc, h.logits(sc, vals), nil)
}

// RankValues lists a choose or pick slot's alternatives, the one hybrid
// execution prefers first, when its observed elements hold vals (as
// DecideValues): a pick takes the first that no earlier pick of the run
// took. Exporting a pick tabulates it.
func (h Hybrid) RankValues(sc *forth.SlotCode, vals []int) []int {
	return ranking(h.logits(sc, vals), nil)
}

// logits returns the slot's logits when its observed elements hold vals
// (DecideValues).
func (h Hybrid) logits(sc *forth.SlotCode, vals []int) []float64 {
	net := h.M.Slots[sc.Index]
	// The index of the 1 in the one-hot encoder input of each element.
	var buf [8]int
	ones := append(buf[:0], 0) // static: the constant input 1
	if !sc.Enc.Static {
		ones = buf[:0]
		off := 0
		for i, e := range sc.Enc.Observe {
			w := h.M.Sizes.Width(e)
			ones = append(ones, off+vals[i]%w)
			off += w
		}
	}
	return net.LogitsOneHot(ones) // the softmax keeps each group's order
}

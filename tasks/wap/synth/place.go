package synth

import (
	"math/rand"

	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// This file decides where the numbers of a problem stand. People state
// the odd operand of a pattern (the divisor, the amount taken away, the
// rate) first, in the middle or last about equally often, so every
// problem draws the text position of that operand's fact before its story
// is built; the frame may choose wordings that suit the position (a plan
// stated first, "Before that, …" after it), and the orders the story
// allows are then cut down to those that put the fact there.

// placement is where the facts of a problem go in the text.
type placement struct {
	odd int // the slot of the odd operand: 2 (c) or, for the rates, 0 (a)
	at  int // the position wanted for its fact: 0 first, 1 middle, 2 last; -1 any
	// flip, when set, also fixes the order of the two other facts:
	// reversed (the later slot first) or not.
	flip     bool
	reversed bool
}

// oddSlot is the slot of a pattern's odd operand: c in (a+b)-c, (a+b)/c
// and (a-b)/c, the rate a in a*(b+c) and a*(b-c).
func oddSlot(pattern string) int {
	if pattern == cc.PatternMulAdd || pattern == cc.PatternMulSub {
		return 0
	}
	return 2
}

// drawPlacement draws a placement for a problem of the pattern: the odd
// operand first, in the middle or last with equal chances and, where the
// two others can come in either order (a total and what is taken from
// it), either order with equal chances.
func drawPlacement(rng *rand.Rand, pattern string) placement {
	pl := placement{odd: oddSlot(pattern), at: rng.Intn(3)}
	if pattern == cc.PatternMulSub || pattern == cc.PatternSubDiv {
		pl.flip, pl.reversed = true, rng.Intn(2) == 0
	}
	return pl
}

// fits reports whether a text order of facts puts them where pl wants.
func (pl placement) fits(facts []fact, order []int) bool {
	var others []int
	for i, j := range order {
		s := facts[j].slot
		if s == pl.odd {
			if pl.at >= 0 && i != pl.at {
				return false
			}
			continue
		}
		others = append(others, s)
	}
	return !pl.flip || len(others) != 2 || (others[0] > others[1]) == pl.reversed
}

// filter keeps the orders of a story that fit pl.
func (pl placement) filter(st *story) [][]int {
	var out [][]int
	for _, o := range st.orders {
		if pl.fits(st.facts, o) {
			out = append(out, o)
		}
	}
	return out
}

// oddAt reports whether the odd operand's fact is wanted at position i.
func (g *gen) oddAt(i int) bool { return g.place.at == i }

// reversed reports whether the two other operands are wanted in reverse
// order (b before a, or c before b).
func (g *gen) reversed() bool { return g.place.flip && g.place.reversed }

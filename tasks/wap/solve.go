package wap

import (
	"fmt"
	"strings"

	"d4/interpreter/d4"
	"d4/interpreter/forth"
)

// Solution is what the model makes of one problem.
type Solution struct {
	// Answer is the argmax of the top of ∂4's final data stack, and
	// Confidence its probability: the model's answer.
	Answer     int
	Confidence float64
	// Choices are the slots' argmax decisions, in slot order: the index of
	// the chosen word, or of the permutation (d4.Permutations).
	Choices []int
	// Formula spells out the decisions on the problem's numbers, e.g.
	// "(50 + 21) - 15", when the sketch has the paper's four slots; Value
	// is what the formula evaluates to in the machine's arithmetic (mod V,
	// x/0 = 0), −1 when there is no formula.
	Formula string
	Value   int
}

// Solve runs the model on problems without building a graph: the reader's
// forward pass, then ∂4 step by step (Machine.RunWatch) from the filled
// heap, reading each slot's decision on the way.
func (m *Model) Solve(ps []*Problem) ([]Solution, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	stories := make([][]int, len(ps))
	pos := make([][]float64, len(ps))
	for i, p := range ps {
		if err := m.check(p); err != nil {
			return nil, err
		}
		stories[i], pos[i] = p.IDs, picks(p)
	}
	vecs, err := m.Reader.Read(stories, pos)
	if err != nil {
		return nil, err
	}
	sz := m.Machine.Sizes
	offs := m.offsets()
	out := make([]Solution, len(ps))
	for i, p := range ps {
		x, err := m.base(p)
		if err != nil {
			return nil, err
		}
		for k, off := range offs {
			for j := 0; j < sz.V; j++ {
				x[off+j] += vecs[i][k*sz.V+j]
			}
		}
		probs := make([][]float64, len(m.Machine.Slots))
		final, _, err := m.Machine.RunWatch(x, len(m.Trace)+1, false, func(slot int, mass float64, o []float64) {
			if probs[slot] == nil {
				probs[slot] = make([]float64, len(o))
			}
			for j, v := range o {
				probs[slot][j] += mass * v
			}
		})
		if err != nil {
			return nil, err
		}
		st := sz.Unpack(final)
		top := st.D[:sz.V] // the answer is the only value: cell 0
		sol := Solution{Answer: argmax(top), Value: -1}
		sol.Confidence = top[sol.Answer]
		for _, pr := range probs {
			if pr == nil {
				sol.Choices = append(sol.Choices, -1)
				continue
			}
			sol.Choices = append(sol.Choices, argmax(pr))
		}
		sol.Formula, sol.Value = m.formula(p.Numbers, sol.Choices)
		out[i] = sol
	}
	return out, nil
}

func argmax(x []float64) int {
	k := 0
	for i, v := range x {
		if v > x[k] {
			k = i
		}
	}
	return k
}

// formula spells out the decisions of the paper's sketch: the numbers are
// pushed in text order, slot 0 permutes the top three, slot 1 chooses the
// first operator (applied to the top two), slot 2 chooses SWAP or NOP, and
// slot 3 the second operator. For any other sketch it returns "" and −1.
func (m *Model) formula(nums [Numbers]int, choices []int) (string, int) {
	slots := m.Machine.Code.Slots
	if len(slots) != 4 || len(choices) != 4 {
		return "", -1
	}
	// words returns a choose decoder's alternatives, space-separated.
	words := func(s forth.SlotCode) string {
		if s.Dec.Kind != forth.Choose {
			return ""
		}
		var ws []string
		for _, c := range s.Dec.Choices {
			w, ok := c.(*forth.Word)
			if !ok {
				return ""
			}
			ws = append(ws, w.Name)
		}
		return strings.Join(ws, " ")
	}
	if s := slots[0]; s.Dec.Kind != forth.Permute || len(s.Dec.Elems) != 3 ||
		words(slots[1]) != "+ - * /" || words(slots[2]) != "SWAP NOP" || words(slots[3]) != "+ - * /" {
		return "", -1
	}
	for _, c := range choices {
		if c < 0 {
			return "", -1
		}
	}
	V := m.Machine.Sizes.V
	type expr struct {
		s string
		v int
	}
	// Elements D0, D-1, D-2 hold the third, second and first number.
	old := []expr{{fmt.Sprint(nums[2]), nums[2]}, {fmt.Sprint(nums[1]), nums[1]}, {fmt.Sprint(nums[0]), nums[0]}}
	perm := d4.Permutations(3)[choices[0]]
	var el [3]expr
	for j := range el {
		el[j] = old[perm[j]]
	}
	apply := func(a, b expr, op int, outer bool) expr {
		sym := "+-*/"[op : op+1]
		var v int
		switch sym {
		case "+":
			v = (a.v + b.v) % V
		case "-":
			v = ((a.v-b.v)%V + V) % V
		case "*":
			v = a.v * b.v % V
		case "/":
			if b.v != 0 {
				v = a.v / b.v
			}
		}
		s := a.s + " " + sym + " " + b.s
		if !outer {
			s = "(" + s + ")"
		}
		return expr{s, v}
	}
	// Bottom to top: D-2, D-1, D0; the operator takes D-1 and D0.
	x := apply(el[1], el[0], choices[1], false)
	lo, hi := el[2], x
	if choices[2] == 0 { // SWAP
		lo, hi = x, el[2]
	}
	f := apply(lo, hi, choices[3], true)
	return f.s, f.v
}

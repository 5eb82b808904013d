package answer

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
)

// Decoding says how Solve turns the slots' distributions into decisions.
type Decoding int

const (
	// DecodeSensible takes the most probable answer that a word problem
	// can have: of every combination of decisions, those whose answer is
	// negative, divides by zero, or is a fraction although every number of
	// the question is whole (or has no finite decimal expansion although
	// every number is a decimal, as money is) are set aside, and the answer with the largest
	// total probability among the rest is chosen, with the most probable
	// combination that gives it. When no combination is sensible, or there
	// are more than maxCombinations, it decodes as DecodeArgmax.
	DecodeSensible Decoding = iota
	// DecodeArgmax takes each slot's most probable decision.
	DecodeArgmax
)

// String returns the decoding's name.
func (d Decoding) String() string {
	if d == DecodeArgmax {
		return "argmax"
	}
	return "sensible"
}

// ParseDecoding reads a decoding's name: "sensible" or "argmax".
func ParseDecoding(s string) (Decoding, error) {
	switch s {
	case "sensible":
		return DecodeSensible, nil
	case "argmax":
		return DecodeArgmax, nil
	}
	return 0, fmt.Errorf("unknown decoding %q (want sensible or argmax)", s)
}

// MarshalText writes the decoding's name.
func (d Decoding) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a decoding's name.
func (d *Decoding) UnmarshalText(b []byte) error {
	v, err := ParseDecoding(string(b))
	*d = v
	return err
}

// outcome is an exact answer and what gives it: its total probability over
// the combinations of decisions, and the most probable of them.
type outcome struct {
	term     symbolic.Term
	prob     float64
	best     []int
	bestProb float64
}

// exactAnswer decodes a problem's decisions and replays them on the exact
// machine. With confidence (or DecodeSensible), every
// combination of decisions is run, and the confidence is the total
// probability of the answer; otherwise it is the probability of the
// decisions taken.
func exactAnswer(m *model.Model, p *model.Problem, execs []model.Execution, dec Decoding, confidence bool) (Solution, error) {
	choices := make([]int, len(execs))
	sol := Solution{Choices: choices, Confidence: 1}
	for j, e := range execs {
		choices[j] = mathx.Argmax(e.Probs)
		sol.Slots = append(sol.Slots, e.Slot)
		sol.Confidence *= e.Probs[choices[j]]
	}
	var outs map[string]*outcome
	if confidence || dec == DecodeSensible {
		var err error
		if outs, err = outcomes(m, p, execs); err != nil {
			return sol, err
		}
	}
	if dec == DecodeSensible {
		if o := sensible(outs, formOf(p)); o != nil {
			copy(choices, o.best)
		}
	}
	t, err := replay(m, p, execs, choices)
	if err != nil {
		return sol, err
	}
	sol.Formula = t.Formula
	if t.DivZero {
		return sol, fmt.Errorf("%w: %s", ErrDivZero, t.Formula)
	}
	sol.Answer = t.Value
	if outs != nil {
		sol.Confidence = outs[t.Value.RatString()].prob
	}
	return sol, nil
}

// numberForm is how a problem's numbers are written, and so how its
// answer can be: whole, a decimal (any value with a finite decimal
// expansion, such as $12.50 or 2.5), or anything (a fraction such as 1/3
// among the numbers).
type numberForm int

const (
	formWhole numberForm = iota
	formDecimal
	formAny
)

// formOf returns the form of a problem's numbers: the least general form
// that holds every one.
func formOf(p *model.Problem) numberForm {
	form := formWhole
	for _, q := range p.Quantities {
		switch {
		case q.Value.IsInt():
		case finiteDecimal(q.Value):
			form = max(form, formDecimal)
		default:
			return formAny
		}
	}
	return form
}

// holds reports whether v is a number of the form.
func (f numberForm) holds(v *big.Rat) bool {
	switch f {
	case formWhole:
		return v.IsInt()
	case formDecimal:
		return finiteDecimal(v)
	}
	return true
}

// finiteDecimal reports whether v has a finite decimal expansion: its
// denominator has no prime factors but 2 and 5.
func finiteDecimal(v *big.Rat) bool {
	d := new(big.Int).Set(v.Denom())
	for _, p := range []int64{2, 5} {
		q, r, bp := new(big.Int), new(big.Int), big.NewInt(p)
		for {
			q.QuoRem(d, bp, r)
			if r.Sign() != 0 {
				break
			}
			d.Set(q)
		}
	}
	return d.IsInt64() && d.Int64() == 1
}

// sensible returns the most probable outcome that is not negative, does not
// divide by zero, and is of the form of the problem's numbers; nil when
// there is none.
func sensible(outs map[string]*outcome, form numberForm) *outcome {
	var best *outcome
	for _, o := range outs {
		v := o.term.Value
		if o.term.DivZero || v.Sign() < 0 || !form.holds(v) {
			continue
		}
		if best == nil || o.prob > best.prob || o.prob == best.prob && v.Cmp(best.term.Value) < 0 {
			best = o
		}
	}
	return best
}

// outcomes runs every combination of decisions, each with the product of
// its decisions' probabilities (the slots decide independently), and
// returns the outcomes by the RatString of their answer ("DivZero" for the
// formulas that divide by zero). It returns nil when there are more than
// maxCombinations.
func outcomes(m *model.Model, p *model.Problem, execs []model.Execution) (map[string]*outcome, error) {
	combos := 1
	for _, e := range execs {
		combos *= len(e.Probs)
		if combos > maxCombinations {
			return nil, nil
		}
	}
	outs := map[string]*outcome{}
	alt := make([]int, len(execs))
	for c := 0; c < combos; c++ {
		prob, rest := 1.0, c
		for j, e := range execs {
			alt[j] = rest % len(e.Probs)
			rest /= len(e.Probs)
			prob *= e.Probs[alt[j]]
		}
		if prob == 0 {
			continue
		}
		u, err := replay(m, p, execs, alt)
		if err != nil {
			return nil, err
		}
		key := u.Value.RatString()
		if u.DivZero {
			key = "DivZero"
		}
		o := outs[key]
		if o == nil {
			o = &outcome{term: u}
			outs[key] = o
		}
		o.prob += prob
		if prob > o.bestProb {
			o.best, o.bestProb, o.term = append([]int(nil), alt...), prob, u
		}
	}
	return outs, nil
}

// replay runs the sketch on the symbolic machine with exact arithmetic:
// the question and the numbers' context vectors read as 0 (the decisions
// are given), the numbers as their exact values. It returns the term on top
// of the final data stack.
func replay(m *model.Model, p *model.Problem, execs []model.Execution, choices []int) (symbolic.Term, error) {
	var values [model.Numbers]*big.Rat
	for k := range values {
		values[k] = big.NewRat(int64(p.Numbers[k]), 1)
		if k < len(p.Quantities) {
			values[k] = p.Quantities[k].Value
		}
	}
	sm, ex, _, err := exactMachine(m, values)
	if err != nil {
		return symbolic.Term{}, err
	}
	sm.Decider = &replayDecider{execs: execs, choices: choices}
	if err := sm.Run(); err != nil {
		return symbolic.Term{}, fmt.Errorf("replaying the decisions: %w", err)
	}
	if sm.D.Depth() == 0 {
		return symbolic.Term{}, errors.New("the sketch leaves no answer on the data stack")
	}
	return ex.Term(sm.D.Cells[sm.D.Top]), nil
}

// exactMachine returns the symbolic machine of m's sketch with exact
// arithmetic, ready to run the static trace, with the heap's number cells
// holding values: cells[k] is the cell of number k (a cell of its own, even
// when two values are equal).
func exactMachine(m *model.Model, values [model.Numbers]*big.Rat) (sm *symbolic.Machine, ex *symbolic.Exact, cells [model.Numbers]int, err error) {
	sz := m.Machine.Sizes
	ex = symbolic.NewExact()
	sm, err = symbolic.New(m.Machine.Code, symbolic.Config{ValueSize: sz.V, StackSize: sz.L, HeapSize: sz.H, MaxSteps: len(m.Trace) + 1, Arith: ex})
	if err != nil {
		return nil, nil, cells, err
	}
	for k, v := range values {
		cells[k] = ex.Const(v, reader.FormatRat(v))
		sm.H[m.Layout.Num+k] = cells[k]
	}
	return sm, ex, cells, nil
}

// replayDecider gives the symbolic machine the decisions of a soft run,
// in order.
type replayDecider struct {
	execs   []model.Execution
	choices []int
	next    int
}

// Decide implements symbolic.Decider.
func (r *replayDecider) Decide(s *forth.SlotCode, _ *symbolic.Machine) (symbolic.Decision, error) {
	if r.next >= len(r.execs) || r.execs[r.next].Slot != s.Index {
		return symbolic.Decision{}, fmt.Errorf("slot %d runs where ∂4 ran another (the trace is not static)", s.Index)
	}
	c := r.choices[r.next]
	r.next++
	switch s.Dec.Kind {
	case forth.Choose:
		return symbolic.Decision{Choice: c}, nil
	case forth.Permute:
		return symbolic.Decision{Perm: d4.Permutations(len(s.Dec.Elems))[c]}, nil
	}
	return symbolic.Decision{}, fmt.Errorf("slot %d: a %s slot writes values, which an exact answer cannot replay", s.Index, s.Dec.Kind)
}

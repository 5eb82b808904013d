package answer

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strings"

	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
)

// Decoding says how Solve turns the slots' distributions into decisions.
type Decoding int

const (
	// DecodeSensible takes the most probable answer that a word problem
	// can have. With a learned prior over the result (model.Model.Prior;
	// an ensemble's is its models' mean weights), each answer's
	// probability is weighed by the prior (P_slots·exp(w·φ(value)),
	// renormalised: decidePrior), and the most probable answer that does
	// not divide by zero is chosen. Without one it decodes as DecodeRule.
	// Either way, the most probable combination that gives the answer is
	// taken, and a more probable answer of the slots that was set aside
	// is reported (Solution.SetAside).
	DecodeSensible Decoding = iota
	// DecodeArgmax takes each slot's most probable decision.
	DecodeArgmax
	// DecodeRule is the fixed rule (with or without a learned prior): of
	// every combination of decisions, those whose answer is negative,
	// divides by zero, or is a fraction although every number of the
	// question is whole (or has no finite decimal expansion although every
	// number is a decimal, as money is) are set aside, and the answer with
	// the largest total probability among the rest is chosen. When no
	// combination is sensible, it decodes as DecodeArgmax.
	DecodeRule
)

// decodingNames name the decodings.
var decodingNames = enum.Names[Decoding]{What: "decoding", Names: []string{DecodeSensible: "sensible", DecodeArgmax: "argmax", DecodeRule: "rule"}}

// String returns the decoding's name.
func (d Decoding) String() string { return decodingNames.String(d) }

// ParseDecoding reads a decoding's name: "sensible", "argmax" or "rule".
func ParseDecoding(s string) (Decoding, error) { return decodingNames.Parse(s) }

// MarshalText writes the decoding's name.
func (d Decoding) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a decoding's name.
func (d *Decoding) UnmarshalText(b []byte) error { return decodingNames.Unmarshal(d, b) }

// outcome is an exact answer and what gives it: its total probability over
// the combinations of decisions, and the most probable of them; post is
// its probability weighed by the learned prior (prob without one).
type outcome struct {
	term     symbolic.Term
	prob     float64
	post     float64
	best     []int
	bestProb float64
}

// exactAnswer decodes a problem's decisions, and takes the exact term of
// the combination decided from the runs of every combination on the exact
// machine (model.Outcomes); prior, when not nil, is the learned prior's
// weights (model.Prior). With confidence (or DecodeSensible, DecodeRule),
// the confidence is the total probability of the answer (over the
// combinations that read only the problem's numbers, and use none twice;
// weighed by the prior when DecodeSensible uses it); otherwise it is the
// probability of the decisions taken.
func exactAnswer(m *model.Model, p *model.Problem, execs []model.Execution, prior []float64, dec Decoding, confidence bool) (Solution, error) {
	runs, err := m.Outcomes(p.Values())
	if err != nil {
		return Solution{}, err
	}
	if len(runs) == 0 || m.Picks() == nil && !anyAdmissible(runs) {
		// one number, or (with picks) fewer numbers than the sketch picks
		return Solution{}, noFormula(p)
	}
	tab := m.NewTable(validDecisions(runs, execs))
	choices := make([]int, len(execs))
	sol := Solution{Choices: choices, Confidence: 1, runs: runs}
	for j, e := range execs {
		choices[j] = argmaxOf(e.Probs, tab.Free(choices, j))
		sol.Slots = append(sol.Slots, e.Slot)
		sol.Confidence *= e.Probs[choices[j]]
	}
	var outs map[string]*outcome
	if confidence || dec != DecodeArgmax {
		outs = outcomes(runs, execs, tab)
	}
	var o *outcome
	switch {
	case dec == DecodeSensible && prior != nil:
		sol.prior = prior
		o, sol.SetAside = decidePrior(outs, prior, p.Values())
	case dec != DecodeArgmax:
		o, sol.SetAside = decideSensible(outs, formOf(p))
	}
	if o != nil {
		copy(choices, o.best)
	}
	t, err := termOf(runs, choices)
	if err != nil {
		return sol, err
	}
	sol.Formula = t.Formula
	if t.DivZero {
		return sol, fmt.Errorf("%w: %s", ErrDivZero, t.Formula)
	}
	sol.Answer = t.Value
	if outs != nil {
		sol.Confidence = 0
		if o := outs[t.Value.RatString()]; o != nil {
			sol.Confidence = o.post
		}
	}
	return sol, nil
}

// admissible reports whether a run's answer reads none of the question's
// numbers twice: the only answers a word problem has (see outcomes).
func admissible(r model.Outcome) bool {
	return r.Term.Reads <= bits.OnesCount64(r.Term.Inputs)
}

// anyAdmissible reports whether some run is admissible.
func anyAdmissible(runs []model.Outcome) bool {
	return slices.ContainsFunc(runs, admissible)
}

// noFormula is the error of a problem that no admissible formula answers,
// naming its numbers.
func noFormula(p *model.Problem) error {
	var nums []string
	for _, v := range p.Values() {
		nums = append(nums, reader.FormatRat(v))
	}
	if len(nums) == 1 {
		return fmt.Errorf("%w: the question has one number (%s), and every formula combines two or more (a word problem uses each of its numbers once)", ErrNoFormula, nums[0])
	}
	return fmt.Errorf("%w: the question has %d numbers (%s), and every formula uses one of them twice (a word problem uses each of its numbers once)", ErrNoFormula, len(nums), strings.Join(nums, ", "))
}

// validDecisions returns, for each slot execution, the decisions that read
// only the problem's numbers: those of some combination the exact machine
// ran.
func validDecisions(runs []model.Outcome, execs []model.Execution) [][]bool {
	valid := make([][]bool, len(execs))
	for j, e := range execs {
		valid[j] = make([]bool, len(e.Probs))
	}
	for _, r := range runs {
		for j, c := range r.Choices {
			valid[j][c] = true
		}
	}
	return valid
}

// argmaxOf is the most probable valid decision (the first of equals).
func argmaxOf(probs []float64, valid []bool) int {
	best := -1
	for k, p := range probs {
		if valid[k] && (best < 0 || p > probs[best]) {
			best = k
		}
	}
	return max(best, 0)
}

// termOf returns the term of the combination choices.
func termOf(runs []model.Outcome, choices []int) (symbolic.Term, error) {
	for _, r := range runs {
		if slices.Equal(r.Choices, choices) {
			return r.Term, nil
		}
	}
	return symbolic.Term{}, fmt.Errorf("the decisions %v read a number the problem does not have", choices)
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
	_, ok := model.DecimalPlaces(v)
	return ok
}

// Why the sensible decoding sets an outcome aside (SetAside.Why).
const (
	WhyNegative   = "negative"
	WhyNotWhole   = "not whole"
	WhyNotDecimal = "not a finite decimal"
	WhyDivZero    = "division by zero"
)

// whyNot returns why an outcome is not a sensible answer to a problem
// whose numbers are of the form: it divides by zero, is negative, or is
// not of the form; "" when it is sensible.
func whyNot(o *outcome, form numberForm) string {
	v := o.term.Value
	switch {
	case o.term.DivZero:
		return WhyDivZero
	case v.Sign() < 0:
		return WhyNegative
	case !form.holds(v) && form == formWhole:
		return WhyNotWhole
	case !form.holds(v):
		return WhyNotDecimal
	}
	return ""
}

// sensible returns the most probable outcome that is not negative, does not
// divide by zero, and is of the form of the problem's numbers; nil when
// there is none.
func sensible(outs map[string]*outcome, form numberForm) *outcome {
	var best *outcome
	for _, o := range outs {
		if whyNot(o, form) != "" {
			continue
		}
		v := o.term.Value
		if best == nil || o.prob > best.prob || o.prob == best.prob && v.Cmp(best.term.Value) < 0 {
			best = o
		}
	}
	return best
}

// decideSensible returns the outcome that DecodeSensible chooses (nil when
// none is sensible) and, when a more probable one was set aside, the most
// probable of those.
func decideSensible(outs map[string]*outcome, form numberForm) (*outcome, *SetAside) {
	o := sensible(outs, form)
	if o == nil {
		return nil, nil
	}
	return o, setAside(outs, o, form)
}

// SetAside is the model's most probable reading when the sensible
// decoding set it aside for a less probable answer: the formula of its
// most probable combination of decisions, its value (nil when it divides
// by zero), its probability (as Solution.Confidence) and why it was set
// aside (WhyNegative, WhyNotWhole, WhyNotDecimal, WhyDivZero).
type SetAside struct {
	Formula string
	Value   *big.Rat
	Prob    float64
	Why     string
}

// setAside returns the most probable of the outcomes that are not
// sensible when it is more probable than the one chosen (of equals, the
// least by key), or nil.
func setAside(outs map[string]*outcome, chosen *outcome, form numberForm) *SetAside {
	var top *outcome
	topKey := ""
	for k, o := range outs {
		if o.prob <= chosen.prob || whyNot(o, form) == "" {
			continue
		}
		if top == nil || o.prob > top.prob || o.prob == top.prob && k < topKey {
			top, topKey = o, k
		}
	}
	if top == nil {
		return nil
	}
	s := &SetAside{Formula: top.term.Formula, Prob: top.prob, Why: whyNot(top, form)}
	if !top.term.DivZero {
		s.Value = new(big.Rat).Set(top.term.Value)
	}
	return s
}

// outcomes groups the runs of every combination by their answer, each
// with its probability given that its decisions read only the problem's
// numbers (model.Table.Prob: the product of its decisions' probabilities,
// each renormalised over the decisions its slot may take), and returns
// them by the RatString of the answer ("DivZero" for the formulas that
// divide by zero). A sketch whose numbers are picked (sketches/
// wap_steps.fth) reads each number at most once by construction; for a
// sketch whose choose slots pick numbers independently (sketches/
// wap_steps_repeat.fth, the models trained with it), a run whose answer
// reads one of the question's numbers twice is left out: a word problem
// uses each of its numbers once, and such a sketch reaches many answers
// by such coincidences ((a + a) − a = a).
func outcomes(runs []model.Outcome, execs []model.Execution, tab *model.Table) map[string]*outcome {
	probs := make([][]float64, len(execs))
	for j, e := range execs {
		probs[j] = e.Probs
	}
	outs := map[string]*outcome{}
	for _, r := range runs {
		if tab.Picks == nil && !admissible(r) {
			continue
		}
		prob := tab.Prob(probs, r.Choices)
		if prob == 0 {
			continue
		}
		key := r.Term.Value.RatString()
		if r.Term.DivZero {
			key = "DivZero"
		}
		o := outs[key]
		if o == nil {
			o = &outcome{term: r.Term}
			outs[key] = o
		}
		o.prob += prob
		o.post = o.prob
		if prob > o.bestProb {
			o.best, o.bestProb, o.term = r.Choices, prob, r.Term
		}
	}
	return outs
}

// replay runs one combination of decisions (for tests).
func replay(m *model.Model, p *model.Problem, choices []int) (symbolic.Term, error) {
	runs, err := m.Outcomes(p.Values())
	if err != nil {
		return symbolic.Term{}, err
	}
	return termOf(runs, choices)
}

// exactMachine returns the symbolic machine of m's sketch with exact
// arithmetic, ready to run the static trace, with the heap's number cells
// holding values: cells[k] is the cell of number k (a cell of its own, even
// when two values are equal).
func exactMachine(m *model.Model, values []*big.Rat) (sm *symbolic.Machine, ex *symbolic.Exact, cells []int, err error) {
	sz := m.Machine.Sizes
	ex = symbolic.NewExact()
	sm, err = symbolic.New(m.Machine.Code, symbolic.Config{ValueSize: sz.V, StackSize: sz.L, HeapSize: sz.H, MaxSteps: len(m.Trace) + 1, Arith: ex})
	if err != nil {
		return nil, nil, nil, err
	}
	for k, v := range values {
		cells = append(cells, ex.Input(v, reader.FormatRat(v), k))
		sm.H[m.Layout.Num+k] = cells[k]
	}
	return sm, ex, cells, nil
}

package answer

import (
	"cmp"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
)

// Explanation is how the ensemble reached a solution, for a person to
// follow: ∂4's distribution over each slot's choices (averaged over the
// models and the question's readings, as decoded), the decided program's
// run on the symbolic machine with exact arithmetic (the run that gives
// the answer: step by step, the program counter, the word and the data
// stack), the most probable answers with their probabilities, and the
// formula with each of the question's numbers marked.
type Explanation struct {
	Slots    []SlotView `json:"slots"`
	Trace    []TraceRow `json:"trace"`
	Readings []Reading  `json:"readings"`
	Formula  []Part     `json:"formula_parts"`
}

// SlotView is one slot execution: the sketch's slot, where the sketch
// writes it, its decoder's kind, the decision taken and the distribution
// over the decisions.
type SlotView struct {
	Slot    int      `json:"slot"`
	Line    int      `json:"line"`
	Kind    string   `json:"kind"`
	Chosen  int      `json:"chosen"`
	Options []Option `json:"options"`
}

// Option is one decision of a slot: its word (a choose slot's word, a
// permute slot's permutation), its probability, the question's number the
// program reads right after it (when it reads one), and the formula and
// value the program computes when this decision is taken and every other
// as decided; an option that would read a number the question does not
// have, or that another pick of the run took, has no formula (Valid
// false): it is never taken.
type Option struct {
	Word    string  `json:"word"`
	P       float64 `json:"p"`
	Number  *int    `json:"number,omitempty"`
	Formula string  `json:"formula,omitempty"`
	Value   any     `json:"value,omitempty"`
	Valid   bool    `json:"valid"`
}

// TraceRow is one step of the decided program: the step's number, the
// program counter, the word run (a slot's chosen word, with the slot's
// execution), the sketch's line, and the data stack after it, bottom to
// top.
type TraceRow struct {
	N     int    `json:"n"`
	PC    int    `json:"pc"`
	Word  string `json:"word"`
	Line  int    `json:"line"`
	Slot  *int   `json:"slot,omitempty"` // index into Explanation.Slots
	Stack []Cell `json:"stack"`
}

// Cell is a value of the data stack: its exact value, the question's
// number it is (when it is one), or the formula that computed it.
type Cell struct {
	Value   any    `json:"value"`
	Number  *int   `json:"number,omitempty"`
	Formula string `json:"formula,omitempty"`
}

// Reading is one of the answers the slots' distributions give: its
// formula (of its most probable combination of decisions), its value
// (none for a division by zero), its total probability, with a learned
// prior its probability weighed by the prior (PPrior, what the decoding
// ranks by), why the sensible decoding sets it aside (WhyNegative, …;
// with a learned prior, for a reading more probable than the answer,
// WhyPrior…; "" when it does not), and whether it is the answer given.
type Reading struct {
	Formula string  `json:"formula"`
	Value   any     `json:"value,omitempty"`
	P       float64 `json:"p"`
	PPrior  float64 `json:"p_prior,omitempty"`
	Why     string  `json:"why,omitempty"`
	Chosen  bool    `json:"chosen"`
}

// Part is a piece of a formula: text, or one of the question's numbers
// (Number, its index in the question's numbers).
type Part struct {
	Text   string `json:"text"`
	Number *int   `json:"number,omitempty"`
}

// maxReadings bounds the readings an Explanation lists.
const maxReadings = 6

// Explain answers problems as Solve does and explains each answer (nil
// for a problem without one).
func (e *Ensemble) Explain(ps []*model.Problem) ([]Solution, []*Explanation, error) {
	sols, execs, err := e.solveExecs(ps, true)
	if err != nil {
		return nil, nil, err
	}
	out := make([]*Explanation, len(ps))
	for i, p := range ps {
		if sols[i].Err != nil {
			continue
		}
		if out[i], err = explain(e.Models[0], p, execs[i], sols[i]); err != nil {
			return nil, nil, fmt.Errorf("explaining problem %d: %w", p.ID, err)
		}
	}
	return sols, out, nil
}

// explain explains solution s of problem p from the slot executions its
// decisions were taken from, and the exact machine's runs s was decoded
// from.
func explain(m *model.Model, p *model.Problem, execs []model.Execution, s Solution) (*Explanation, error) {
	runs := s.runs
	if runs == nil {
		return nil, errors.New("the solution holds no runs of the exact machine")
	}
	tab := m.NewTable(validDecisions(runs, execs))
	x := &Explanation{Readings: readings(tab, runs, execs, p, s)}
	r, err := newReplay(m, p)
	if err != nil {
		return nil, err
	}
	r.tab = tab
	r.valid = map[string]bool{}
	for _, run := range runs {
		r.valid[combinationKey(run.Choices)] = true
	}
	if err := r.run(execs, s.Choices, x); err != nil {
		return nil, err
	}
	if plain := partsText(x.Formula); plain != s.Formula {
		return nil, fmt.Errorf("the replayed formula %q is not the solution's %q", plain, s.Formula)
	}
	return x, nil
}

// readings lists the most probable answers of the slots' distributions
// (tab: the valid decisions and the sketch's picks).
func readings(tab *model.Table, runs []model.Outcome, execs []model.Execution, p *model.Problem, s Solution) []Reading {
	outs := outcomes(runs, execs, tab)
	keys := slices.SortedFunc(func(yield func(string) bool) {
		for k := range outs {
			if !yield(k) {
				return
			}
		}
	}, func(a, b string) int {
		return cmp.Or(cmp.Compare(outs[b].prob, outs[a].prob), strings.Compare(a, b))
	})
	form := formOf(p)
	var ws map[string]weighed
	if s.prior != nil {
		ws = weigh(outs, s.prior, p.Values())
	}
	answerKey := s.Answer.RatString()
	var out []Reading
	for _, k := range keys[:min(len(keys), maxReadings)] {
		o := outs[k]
		r := Reading{Formula: o.term.Formula, P: mathx.Round(o.prob, 4), Why: whyNot(o, form)}
		if chosen := outs[answerKey]; ws != nil {
			r.PPrior, r.Why = mathx.Round(o.post, 4), ""
			if chosen != nil && k != answerKey && o.prob > chosen.prob {
				r.Why = whyPrior(s.prior, ws[k], ws[answerKey], o.term.DivZero)
			}
		}
		if !o.term.DivZero {
			r.Value = NumberJSON(o.term.Value)
			r.Chosen = o.term.Value.Cmp(s.Answer) == 0
		}
		out = append(out, r)
	}
	return out
}

// replayRun runs decisions of the sketch on the symbolic machine with exact
// arithmetic on a problem's numbers, each number written as a mark that
// tells which it is.
type replayRun struct {
	m      *model.Model
	sm     *symbolic.Machine
	ex     *symbolic.Exact
	texts  []string     // each number as the formulas write it
	number map[int]int  // the handle of each number → its index
	absent map[int]bool // the handles of the number cells past them
	reads  *[]int       // the handles @ moved from the heap, when watched
	// valid holds the combinations of decisions the exact machine runs
	// on the question's numbers (model.Outcomes), by combinationKey.
	valid map[string]bool
	tab   *model.Table // the valid decisions and the sketch's picks
}

// combinationKey is a combination of decisions as valid's key.
func combinationKey(choices []int) string { return fmt.Sprint(choices) }

// The marks of number k in a formula: markOpen k markClose (runes of
// Unicode's private use area, which no formula holds otherwise).
const (
	markOpen  = '\uE000'
	markClose = '\uE001'
)

// newReplay makes the machine of a replayRun of m's sketch on p's numbers.
func newReplay(m *model.Model, p *model.Problem) (*replayRun, error) {
	values := p.Values()
	sm, ex, _, err := exactMachine(m, values)
	if err != nil {
		return nil, err
	}
	r := &replayRun{m: m, sm: sm, ex: ex, number: map[int]int{}, absent: map[int]bool{}}
	for k, v := range values {
		c := ex.Input(v, string(markOpen)+strconv.Itoa(k)+string(markClose), k)
		sm.H[m.Layout.Num+k] = c
		r.number[c] = k
		r.texts = append(r.texts, reader.FormatRat(v))
	}
	for k := len(values); k < m.Layout.Cells; k++ {
		c := ex.Const(new(big.Rat), "?")
		sm.H[m.Layout.Num+k] = c
		r.absent[c] = true
	}
	sm.Arith = replayArith{r}
	return r, nil
}

// replayArith is exact arithmetic that notes the cells @ moves from the
// heap (symbolic.Arith's Reduce).
type replayArith struct{ r *replayRun }

func (a replayArith) Value(x, width int) int           { return a.r.ex.Value(x, width) }
func (a replayArith) Int(c int) (int, bool)            { return a.r.ex.Int(c) }
func (a replayArith) Apply(p forth.Prim, x, y int) int { return a.r.ex.Apply(p, x, y) }

// Reduce implements symbolic.Arith: the cell is kept, and noted.
func (a replayArith) Reduce(c, width int) int {
	if a.r.reads != nil {
		*a.r.reads = append(*a.r.reads, c)
	}
	return c
}

// sequence decides slot executions in order.
type sequence struct {
	m       *model.Model
	choices []int
}

// Decide implements symbolic.Decider.
func (q *sequence) Decide(sc *forth.SlotCode, _ *symbolic.Machine) (symbolic.Decision, error) {
	if len(q.choices) == 0 {
		return symbolic.Decision{}, fmt.Errorf("slot %d runs after the last decision", sc.Index)
	}
	c := q.choices[0]
	q.choices = q.choices[1:]
	return q.m.Machine.Sizes.Decision(sc, []int{c})
}

// run runs the decisions choices, recording the steps, and at each slot
// execution every alternative decision (with the later ones as decided),
// into x.
func (r *replayRun) run(execs []model.Execution, choices []int, x *Explanation) error {
	sm := r.sm
	var rows []TraceRow
	sm.Decider = &sequence{m: r.m, choices: choices}
	sm.Cfg.MaxSteps = len(r.m.Trace) + 1
	j := 0
	for !sm.Halted() {
		if sm.Steps >= sm.Cfg.MaxSteps {
			return symbolic.ErrNoHalt
		}
		in := sm.Code.Instrs[sm.PC]
		row := TraceRow{PC: sm.PC, Word: in.String(), Line: in.Pos.Line}
		if in.Op == forth.OpSlot {
			if j >= len(execs) || j >= len(choices) {
				return fmt.Errorf("slot execution %d of %d", j+1, len(execs))
			}
			sc := &sm.Code.Slots[in.Arg]
			v, err := r.slotView(sc, execs[j], choices, j)
			if err != nil {
				return err
			}
			x.Slots = append(x.Slots, v)
			row.Word, row.Slot, row.Line = v.Options[choices[j]].Word, new(j), sc.Pos.Line
			j++
		}
		if err := sm.Step(); err != nil {
			return err
		}
		row.N, row.Stack = sm.Steps, []Cell{}
		for _, c := range sm.D.Values() {
			row.Stack = append(row.Stack, r.cell(c))
		}
		rows = append(rows, row)
	}
	x.Trace = rows
	if sm.D.Depth() == 0 {
		return fmt.Errorf("the sketch leaves no answer on the data stack")
	}
	x.Formula = r.parts(r.ex.Term(sm.D.Cells[sm.D.Top]).Formula)
	return nil
}

// slotView runs every decision of slot execution j from the machine's
// state at it, with the later decisions as decided.
func (r *replayRun) slotView(sc *forth.SlotCode, ex model.Execution, choices []int, j int) (SlotView, error) {
	v := SlotView{Slot: sc.Index, Line: sc.Pos.Line, Kind: sc.Dec.Kind.String(), Chosen: choices[j]}
	probs := r.given(ex.Probs, choices, j)
	for c, p := range probs {
		o := Option{Word: optionWord(sc, c), P: mathx.Round(p, 4)}
		alternative := slices.Clone(choices)
		alternative[j] = c
		if !r.valid[combinationKey(alternative)] {
			// it would read a number the question does not have, or pick
			// a number twice: no program of the sketch on these numbers
			v.Options = append(v.Options, o)
			continue
		}
		alt := r.sm.Clone()
		alt.Decider = &sequence{m: r.m, choices: append([]int{c}, choices[j+1:]...)}
		var reads []int
		r.reads = &reads
		err := alt.Step() // the slot, then the words up to the next one
		for err == nil && !alt.Halted() && alt.Code.Instrs[alt.PC].Op != forth.OpSlot {
			err = alt.Step()
		}
		window := len(reads)
		if err == nil {
			err = alt.Run()
		}
		r.reads = nil
		if err != nil {
			return SlotView{}, fmt.Errorf("slot %d, decision %d: %w", sc.Index, c, err)
		}
		o.Valid = true
		if k, ok := r.firstNumber(reads[:window]); ok {
			o.Number = &k
		}
		if o.Valid && alt.D.Depth() > 0 {
			t := r.ex.Term(alt.D.Cells[alt.D.Top])
			o.Formula = partsText(r.parts(t.Formula))
			if !t.DivZero {
				o.Value = NumberJSON(t.Value)
			}
		}
		v.Options = append(v.Options, o)
	}
	return v, nil
}

// given returns slot execution j's probabilities as the model weighs
// them: for a pick, renormalised over the decisions it may take once the
// earlier picks of choices took theirs (model.Table.Free), the others 0;
// for any other slot as they are.
func (r *replayRun) given(probs []float64, choices []int, j int) []float64 {
	if r.tab == nil || r.tab.Picks == nil || !r.tab.Picks[j] {
		return probs
	}
	free := r.tab.Free(choices, j)
	mass := 0.0
	for k, ok := range free {
		if ok {
			mass += probs[k]
		}
	}
	out := make([]float64, len(probs))
	for k, ok := range free {
		if ok && mass > 0 {
			out[k] = probs[k] / mass
		}
	}
	return out
}

// firstNumber is the question's number that reads (the cells @ moved
// after a decision, up to the next slot) read first.
func (r *replayRun) firstNumber(reads []int) (int, bool) {
	for _, h := range reads {
		if k, ok := r.number[h]; ok {
			return k, true
		}
		if r.absent[h] {
			return 0, false
		}
	}
	return 0, false
}

// optionWord writes decision c of a slot: a choose slot's word, a permute
// slot's permutation (which element each element's value comes from).
func optionWord(sc *forth.SlotCode, c int) string {
	if sc.Dec.Kind == forth.Permute {
		perm := d4.Permutations(len(sc.Dec.Elems))[c]
		var s []string
		for _, from := range perm {
			s = append(s, sc.Dec.Elems[from].String())
		}
		return strings.Join(s, " ")
	}
	if c < len(sc.Choices) {
		return sc.Choices[c].Text
	}
	return strconv.Itoa(c)
}

// cell describes the data stack's cell c.
func (r *replayRun) cell(c int) Cell {
	t := r.ex.Term(c)
	out := Cell{Value: NumberJSON(t.Value)}
	if k, ok := r.number[c]; ok {
		out.Number = &k
	} else if t.Compound {
		out.Formula = partsText(r.parts(t.Formula))
	}
	return out
}

// parts splits a formula of marked numbers into its parts.
func (r *replayRun) parts(f string) []Part {
	var out []Part
	for f != "" {
		i := strings.IndexRune(f, markOpen)
		if i < 0 {
			out = append(out, Part{Text: f})
			break
		}
		if i > 0 {
			out = append(out, Part{Text: f[:i]})
		}
		f = f[i+len(string(markOpen)):]
		j := strings.IndexRune(f, markClose)
		k, err := strconv.Atoi(f[:max(j, 0)])
		if j < 0 || err != nil || k >= len(r.texts) {
			return append(out, Part{Text: f}) // not a mark of ours: cannot happen
		}
		out = append(out, Part{Text: r.texts[k], Number: &k})
		f = f[j+len(string(markClose)):]
	}
	return out
}

// partsText is the text of a formula's parts.
func partsText(ps []Part) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.Text)
	}
	return b.String()
}

// QuestionParts splits a question's text into parts, each number the
// model reads in it (as NewProblem reads it with a model of layout lay)
// marked with its index.
func QuestionParts(text string, lay model.Layout) ([]Part, error) {
	q, err := parseFor(lay)(text)
	if err != nil {
		return nil, err
	}
	spans, err := q.Spans()
	if err != nil {
		return nil, err
	}
	var out []Part
	at := 0
	for k, s := range spans {
		if s[0] > at {
			out = append(out, Part{Text: q.Text[at:s[0]]})
		}
		out = append(out, Part{Text: q.Text[s[0]:s[1]], Number: &k})
		at = s[1]
	}
	if at < len(q.Text) {
		out = append(out, Part{Text: q.Text[at:]})
	}
	return out, nil
}

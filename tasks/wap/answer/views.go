package answer

import (
	"errors"
	"math/big"
	"strings"
	"unicode"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
)

// maxOrders bounds the views of a question that tell its statements in
// another order (the first permutations of its statements, evenly spread
// when there are more).
const maxOrders = 6

// NewProblem reads a new question for a model of layout lay: its tokens,
// ids and numbers, of any size or form that reader.ReadQuantities reads,
// and for a sketch that takes any count of numbers (lay.Fixed 0) number
// words too, read as the same numbers in digits ("three" as 3). A
// question with a count of numbers the sketch does not take is an error
// that lists what it found (and, for the paper's sketch, the number words
// it holds, which are not read), as is a number the reader cannot read.
//
// The problem's views are the same question (as read: number words in
// digits) told otherwise, which a reader
// trained on the generator's tellings may read better: a question told
// first is also read told last (QuestionLast), and a story of two to five
// statements is also read with its statements in other orders, the
// question last (StatementOrders). A view whose numbers come in another
// order records it (model.Problem.Order), so that the ensemble can map its
// decisions back; a view that cannot be read, or whose numbers cannot be
// matched one to one with the question's, is left out.
func NewProblem(text string, vocab *reader.Vocab, lay model.Layout) (*model.Problem, error) {
	p, text, err := problemFromText(text, vocab, lay)
	if err != nil {
		return nil, err
	}
	story := text
	if alt, ok := QuestionLast(text); ok {
		story = alt
		if v, _, err := problemFromText(alt, vocab, lay); err == nil && sameQuantities(p, v) {
			p.Views = append(p.Views, v)
		}
	}
	for _, t := range StatementOrders(story, maxOrders) {
		v, _, err := problemFromText(t, vocab, lay)
		if err != nil {
			continue
		}
		if v.Order = numberOrder(p.Quantities, v.Quantities); v.Order == nil {
			continue
		}
		if identity(v.Order) {
			v.Order = nil
		}
		p.Views = append(p.Views, v)
	}
	return p, nil
}

// QuestionLast moves a question told first to the end of the story: when
// text starts with a question (up to its first "?") that holds no digit
// and more text follows, it returns that text followed by the question.
func QuestionLast(text string) (string, bool) {
	text = strings.TrimSpace(text)
	i := strings.IndexByte(text, '?')
	if i < 0 {
		return "", false
	}
	for i+1 < len(text) && text[i+1] == '?' {
		i++
	}
	head, rest := text[:i+1], strings.TrimSpace(text[i+1:])
	if rest == "" || strings.ContainsFunc(head, unicode.IsDigit) || !strings.ContainsFunc(rest, unicode.IsLetter) {
		return "", false
	}
	return rest + " " + head, true
}

// Sentences splits text after each '.', '!' or '?' (or a run of them)
// that a space follows; a decimal point or an abbreviation's inner dot
// does not end a sentence.
func Sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		if !strings.ContainsRune(".!?", rune(text[i])) {
			continue
		}
		for i+1 < len(text) && strings.ContainsRune(".!?", rune(text[i+1])) {
			i++
		}
		if i+1 < len(text) && !unicode.IsSpace(rune(text[i+1])) {
			continue
		}
		if s := strings.TrimSpace(text[start : i+1]); s != "" {
			out = append(out, s)
		}
		start = i + 1
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// StatementOrders returns text told with its statements (the sentences
// without a '?') in other orders and its questions last, in their order:
// for two to five statements, the permutations other than text itself
// (first the permutations in lexicographic order; at most limit of them,
// evenly spread).
func StatementOrders(text string, limit int) []string {
	var facts, questions []string
	for _, s := range Sentences(text) {
		if strings.Contains(s, "?") {
			questions = append(questions, s)
		} else {
			facts = append(facts, s)
		}
	}
	if len(facts) < 2 || len(facts) > 5 {
		return nil
	}
	var out []string
	for _, perm := range d4.Permutations(len(facts)) {
		told := make([]string, 0, len(facts)+len(questions))
		for _, k := range perm {
			told = append(told, facts[k])
		}
		if t := strings.Join(append(told, questions...), " "); t != strings.TrimSpace(text) {
			out = append(out, t)
		}
	}
	if len(out) <= limit {
		return out
	}
	spread := make([]string, limit)
	for i := range spread {
		spread[i] = out[i*len(out)/limit]
	}
	return spread
}

// sameQuantities reports whether two problems have the same numbers in
// the same order.
func sameQuantities(p, q *model.Problem) bool {
	if len(p.Quantities) != len(q.Quantities) {
		return false
	}
	for i, a := range p.Quantities {
		if a.Value.Cmp(q.Quantities[i].Value) != 0 {
			return false
		}
	}
	return true
}

// numberOrder matches a view's numbers with the question's, by value:
// order[k] is the question's number that the view's number k is. It is nil
// when they do not match one to one, or when two numbers are equal (then
// which is which cannot be told).
func numberOrder(question, view []reader.Quantity) []int {
	if len(question) != len(view) {
		return nil
	}
	order := make([]int, len(view))
	used := make([]bool, len(question))
	for k, v := range view {
		order[k] = -1
		for j, q := range question {
			if q.Value.Cmp(v.Value) != 0 {
				continue
			}
			if order[k] >= 0 || used[j] {
				return nil
			}
			order[k], used[j] = j, true
		}
		if order[k] < 0 {
			return nil
		}
	}
	return order
}

// identity reports whether an order keeps every number in its place (a
// nil order does not).
func identity(order []int) bool {
	for k, j := range order {
		if k != j {
			return false
		}
	}
	return order != nil
}

// reorder maps the decisions of views whose numbers come in another order
// back to the question's order. It is built for a sketch whose first slot
// permutes elements that hold the question's numbers, one each, as the
// WAP sketch's does: a view's choice there is mapped to the choice that
// leaves the same numbers in the same places, and from then on the machine
// runs as it would on the question, so the later slots need no mapping.
type reorder struct {
	slot   int   // the sketch's index of the permute slot
	places []int // places[e]: the number that element e holds when it runs
}

// errFirstSlot ends a symbolic run at the first slot.
var errFirstSlot = errors.New("stop at the first slot")

// newReorder runs the sketch on the symbolic machine up to its first slot,
// with the numbers as distinct cells, and finds which number each of the
// slot's elements holds. ok is false when the first slot is not a permute
// of the numbers, one to an element.
func newReorder(m *model.Model) (r reorder, ok bool) {
	n := m.Layout.Numbers()
	values := make([]*big.Rat, n)
	for k := range values {
		values[k] = big.NewRat(int64(k), 1)
	}
	sm, _, numCells, err := exactMachine(m, values)
	if err != nil {
		return r, false
	}
	cells := map[int]int{} // cell → the number it holds
	for k, c := range numCells {
		cells[c] = k
	}
	var found bool
	sm.Decider = deciderFunc(func(s *forth.SlotCode, sm *symbolic.Machine) (symbolic.Decision, error) {
		if s.Dec.Kind != forth.Permute || len(s.Dec.Elems) != n {
			return symbolic.Decision{}, errFirstSlot
		}
		r.slot, r.places = s.Index, make([]int, n)
		seen := make([]bool, n)
		for e, el := range s.Dec.Elems {
			c, err := sm.Elem(el)
			k, isNumber := cells[c]
			if err != nil || !isNumber || seen[k] {
				return symbolic.Decision{}, errFirstSlot
			}
			r.places[e], seen[k] = k, true
		}
		found = true
		return symbolic.Decision{}, errFirstSlot
	})
	// The run ends at the first slot (errFirstSlot), or earlier with the
	// sketch's own error; either way found tells.
	_ = sm.Run()
	return r, found
}

// deciderFunc is a symbolic.Decider of a function.
type deciderFunc func(*forth.SlotCode, *symbolic.Machine) (symbolic.Decision, error)

// Decide implements symbolic.Decider.
func (f deciderFunc) Decide(s *forth.SlotCode, m *symbolic.Machine) (symbolic.Decision, error) {
	return f(s, m)
}

// mapBack returns a view's distribution over the permute slot's choices
// as the question's: the view's choice π gives element j the view's number
// places[π[j]], which is the question's number order[places[π[j]]]; the
// question's choice σ that gives element j that number is the one mapped
// to.
func (r reorder) mapBack(probs []float64, order []int) []float64 {
	n := len(r.places)
	perms := d4.Permutations(n)
	element := make([]int, n) // element[k]: the element that holds number k
	for e, k := range r.places {
		element[k] = e
	}
	out := make([]float64, len(probs))
	for k, pi := range perms {
		sigma := make([]int, n)
		for j := range sigma {
			sigma[j] = element[order[r.places[pi[j]]]]
		}
		out[d4.PermutationIndex(sigma)] += probs[k]
	}
	return out
}

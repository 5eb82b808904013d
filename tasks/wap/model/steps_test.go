package model

import (
	"errors"
	"math"
	"math/big"
	"math/bits"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/gradcheck"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/sketches"
)

// stepsModel is a model of sketches/wap_steps.fth without the lexicon.
func stepsModel(t testing.TB, vocab int, seed int64) *Model {
	t.Helper()
	return sketchModel(t, "wap_steps", embedded(t, "wap_steps"), vocab, false, seed)
}

// embedded returns an embedded sketch's source.
func embedded(t testing.TB, name string) string {
	t.Helper()
	src, ok := sketches.Embedded(name)
	if !ok {
		t.Fatalf("%s sketch not embedded", name)
	}
	return src
}

// sketchModel is a model of the sketch src, with or without the lexicon.
func sketchModel(t testing.TB, name, src string, vocab int, lexicon bool, seed int64) *Model {
	t.Helper()
	m, err := NewModel(name+".fth", src, vocab, lexicon, seed)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// onePick is sketches/wap_steps_repeat.fth with its first number picked
// (a pick) and the others chosen: a sketch with one pick, which ∂4's soft
// execution runs.
func onePick(t *testing.T) string {
	src := embedded(t, "wap_steps_repeat")
	const choose = "-> choose 0 1 2 3 4 5 6 7 }"
	if !strings.Contains(src, choose) {
		t.Fatalf("wap_steps_repeat.fth chooses no number with %q", choose)
	}
	return strings.Replace(src, choose, "-> pick 0 1 2 3 4 5 6 7 }", 1)
}

// The general sketch takes one to eight numbers, its slots observe only the
// reader's cells, and it trains on the exact loss.
func TestStepsSketch(t *testing.T) {
	m := stepsModel(t, 10, 1)
	if want := (Layout{Question: 0, Repr: 1, Num: 9, Cells: 8}); m.Layout != want {
		t.Errorf("layout %+v, want %+v", m.Layout, want)
	}
	if m.Loss != LossExact || len(m.NumbersObserved) != 0 || len(m.Execs) != 5 {
		t.Errorf("loss %v, slots observing the numbers %v, %d slot executions; want exact, none, 5", m.Loss, m.NumbersObserved, len(m.Execs))
	}
	for n, want := range map[int]bool{0: false, 1: true, 8: true, 9: false} {
		if m.Layout.Takes(n) != want {
			t.Errorf("takes %d numbers: %v", n, !want)
		}
	}
}

// expressions lists every expression of one or two of + − × ÷ over
// distinct numbers among labels, in both tree shapes and both operand
// orders, as the exact machine writes them; each with the form that
// swaps the operands of its outer operator, which is the same expression
// when that operator commutes.
func expressions(labels []string) map[string]string {
	out := map[string]string{}
	add := func(x, op, y string) {
		f := x + " " + op + " " + y
		if op == "+" || op == "*" {
			out[f] = y + " " + op + " " + x
		} else {
			out[f] = f
		}
	}
	ops := []string{"+", "-", "*", "/"}
	for i, a := range labels {
		for j, b := range labels {
			if i == j {
				continue
			}
			for _, o1 := range ops {
				add(a, o1, b)
				inner := "(" + a + " " + o1 + " " + b + ")"
				for k, c := range labels {
					if k == i || k == j {
						continue
					}
					for _, o2 := range ops {
						add(inner, o2, c)
						add(c, o2, inner)
					}
				}
			}
		}
	}
	return out
}

// Every one- and two-operation expression over four numbers is a
// combination of the sketch's decisions: 48 of one operation, 768 of two.
// The three picks take distinct numbers (4·3·2 ways, with 4 operations
// and 7 ways to meet the third number: where the sketch's choose slots
// took any (wap_steps_repeat.fth), 4·4·4), so no combination reads a
// number twice; of two numbers, the third pick is empty and only "r alone"
// answers (2·4 combinations).
func TestStepsCoverage(t *testing.T) {
	m := stepsModel(t, 10, 1)
	labels := []string{"11", "13", "17", "19"}
	values := make([]*big.Rat, len(labels))
	for k, l := range labels {
		values[k], _ = new(big.Rat).SetString(l)
	}
	outs, err := m.Outcomes(values)
	if err != nil {
		t.Fatal(err)
	}
	if len(outs) != 4*3*4*2*7 {
		t.Errorf("%d combinations read only the four numbers, want %d", len(outs), 4*3*4*2*7)
	}
	reached := map[string]bool{}
	for _, o := range outs {
		reached[o.Term.Formula] = true
		if o.Term.Reads != bits.OnesCount64(o.Term.Inputs) {
			t.Errorf("%v: %s reads a number twice", o.Choices, o.Term.Formula)
		}
	}
	two, err := m.Outcomes(values[:2])
	if err != nil {
		t.Fatal(err)
	}
	if len(two) != 2*4 {
		t.Errorf("%d combinations of two numbers, want 8", len(two))
	}
	for _, o := range two {
		if o.Term.Inputs != 0b11 || o.Term.Reads != 2 || o.Choices[4] != 6 {
			t.Errorf("%v: %s, want a op b, r alone", o.Choices, o.Term.Formula)
		}
	}
	want := expressions(labels)
	if len(want) != 816 {
		t.Fatalf("%d expressions, want 816", len(want))
	}
	for f, swapped := range want {
		if !reached[f] && !reached[swapped] {
			t.Errorf("%s is not expressible", f)
		}
	}
}

// seqDecider decides the slots of a run in turn from a list of decisions.
type seqDecider struct {
	m       *Model
	choices []int
}

func (d *seqDecider) Decide(sc *forth.SlotCode, _ *symbolic.Machine) (symbolic.Decision, error) {
	c := d.choices[0]
	d.choices = d.choices[1:]
	return d.m.Machine.Sizes.Decision(sc, []int{c})
}

// modular runs one combination of decisions on the symbolic machine with
// ∂4's arithmetic (modulo the value size), the numbers in NUM_BUFFER.
func modular(t *testing.T, m *Model, numbers, choices []int) int {
	sz := m.Machine.Sizes
	sm, err := symbolic.New(m.Machine.Code, symbolic.Config{ValueSize: sz.V, StackSize: sz.L, HeapSize: sz.H, MaxSteps: len(m.Trace) + 1})
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range numbers {
		sm.H[m.Layout.Num+k] = v
	}
	sm.Decider = &seqDecider{m: m, choices: choices}
	if err := sm.Run(); err != nil {
		t.Fatal(err)
	}
	return sm.D.Cells[sm.D.Top]
}

// Where the values fit ∂4's value size and the problem fills every cell,
// the exact loss is ∂4's own loss: −log of the probability of the answer on
// top of the soft machine's final stack, the same graph computing both.
// With fewer numbers, it is −log of the probability that the decisions
// give the answer given that they read only the problem's numbers, summed
// here combination by combination.
//
// It runs on the sketch whose choose slots pick numbers
// (wap_steps_repeat.fth) and on that sketch with its first number picked
// (a pick: the first pick of a run takes any alternative, a choose);
// TestPicksLossIsChooseLoss carries it over to wap_steps.fth's group of
// picks, which ∂4's soft execution does not run (d4.SoftPicks).
func TestExactLossIsD4Loss(t *testing.T) {
	for _, sk := range []struct{ name, src string }{{"wap_steps_repeat", embedded(t, "wap_steps_repeat")}, {"one_pick", onePick(t)}} {
		t.Run(sk.name, func(t *testing.T) { exactLossIsD4Loss(t, sketchModel(t, sk.name, sk.src, 10, false, 3)) })
	}
}

func exactLossIsD4Loss(t *testing.T, m *Model) {
	const vocab = 10
	rng := rand.New(rand.NewSource(4))
	for _, numbers := range [][]int{{5, 7, 3, 11, 2, 13, 17, 19}, {40, 7, 3}, {12, 4}} {
		p := &Problem{ID: 1, Numbers: numbers}
		for range 12 {
			p.IDs = append(p.IDs, rng.Intn(vocab))
		}
		for k := range numbers {
			p.NumPos = append(p.NumPos, k+2)
		}
		outs, err := m.Outcomes(p.Values())
		if err != nil {
			t.Fatal(err)
		}
		mods := make([]int, len(outs))
		valid := make([][]bool, len(m.Execs)) // the decisions that read only the numbers
		for i, slot := range m.Execs {
			n, err := m.Alternatives(&m.Machine.Code.Slots[slot])
			if err != nil {
				t.Fatal(err)
			}
			valid[i] = make([]bool, n)
		}
		for i, o := range outs {
			mods[i] = modular(t, m, numbers, o.Choices)
			for j, c := range o.Choices {
				valid[j][c] = true
			}
		}
		compared, summed := 0, 0
		var probs [][]float64 // the slots' distributions, from the first graph
		for answer := 1; answer < ValueSize; answer++ {
			fits, gives := true, false
			for i, o := range outs {
				exact := !o.Term.DivZero && o.Term.Value.Cmp(big.NewRat(int64(answer), 1)) == 0
				fits = fits && exact == (mods[i] == answer)
				gives = gives || exact
			}
			if !gives {
				continue
			}
			q := *p
			q.Answer, q.table, q.tableErr = answer, nil, nil
			if probs == nil || fits && len(numbers) == m.Layout.Cells {
				exactLoss, machineLoss, dists := lossesOf(t, m, &q)
				probs = dists
				if len(numbers) == m.Layout.Cells && fits {
					// ∂4's pointer term is 1 on a static trace.
					want := machineLoss + math.Log(1+d4.Eps)
					if math.Abs(exactLoss-want) > 1e-9*max(1, math.Abs(want)) {
						t.Errorf("numbers %v, answer %d: exact loss %.12g, ∂4's %.12g", numbers, answer, exactLoss, machineLoss)
					}
					compared++
				}
			}
			// The table's loss against the sum over the combinations.
			tab := &Table{Valid: valid, Picks: m.Picks()}
			good := 0.0
			for _, o := range outs {
				if !o.Term.DivZero && o.Term.Value.Cmp(big.NewRat(int64(answer), 1)) == 0 {
					tab.Good = append(tab.Good, o.Choices)
					pr := 1.0
					for i, c := range o.Choices {
						pr *= probs[i][c]
					}
					good += pr
				}
			}
			mass := 1.0
			for i, dist := range probs {
				m := 0.0
				for k, pr := range dist {
					if valid[i][k] {
						m += pr
					}
				}
				mass *= m
			}
			want := -math.Log(good/mass + d4.Eps)
			if got := tab.Loss(probs, nil); math.Abs(got-want) > 1e-12*max(1, math.Abs(want)) {
				t.Errorf("numbers %v, answer %d: table loss %.12g, summed %.12g", numbers, answer, got, want)
			}
			summed++
		}
		t.Logf("numbers %v: %d answers against ∂4, %d summed", numbers, compared, summed)
		if len(numbers) == m.Layout.Cells && compared < 3 || summed < 10 {
			t.Errorf("numbers %v: %d answers against ∂4, %d summed", numbers, compared, summed)
		}
	}
}

// lossesOf runs a one-problem graph of ∂4's whole execution and returns
// the exact loss, ∂4's own loss and the slots' distributions; the graph of
// the slots alone, which training runs, gives the same exact loss.
func lossesOf(t *testing.T, m *Model, p *Problem) (exact, machine float64, dists [][]float64) {
	t.Helper()
	if !m.slotsOnly {
		t.Fatal("the sketch's exact loss does not run on the slots alone")
	}
	key, err := m.key([]*Problem{p}, len(p.IDs))
	if err != nil {
		t.Fatal(err)
	}
	m.slotsOnly = false
	gr, err := m.newGraph(key, false)
	m.slotsOnly = true
	if err != nil {
		t.Fatal(err)
	}
	if exact, _, err = m.run(gr, []*Problem{p}); err != nil {
		t.Fatal(err)
	}
	machine = gr.part.Loss.Value().Data().(float64)
	for _, n := range gr.part.Slots {
		dists = append(dists, slices.Clone(n.Value().Data().([]float64)))
	}
	slots, err := m.newGraph(key, false)
	if err != nil {
		t.Fatal(err)
	}
	alone, _, err := m.run(slots, []*Problem{p})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(alone-exact) > 1e-12*max(1, exact) {
		t.Errorf("problem %v: exact loss %.15g on the slots alone, %.15g on ∂4's execution", p.Numbers, alone, exact)
	}
	return exact, machine, dists
}

// The exact loss's gradient with respect to the slots' distributions
// matches finite differences.
func TestTableLossGradient(t *testing.T) {
	tab := &Table{
		Valid: [][]bool{{true, true, false}, {true, true}},
		Good:  [][]int{{0, 1}, {1, 0}},
	}
	p := [][]float64{{0.2, 0.5, 0.3}, {0.6, 0.4}}
	checkTableGradient(t, tab, p)
	// The loss is −log of the good mass over the valid mass.
	good := 0.2*0.4 + 0.5*0.6
	if got, want := tab.Loss(p, nil), -math.Log(good/(0.7*1.0)); math.Abs(got-want) > 1e-8 {
		t.Errorf("loss %g, want %g", got, want)
	}
	// Moving the mass onto decisions that read no number does not lower
	// it: the loss is never negative.
	for _, first := range [][]float64{{1e-40, 1e-40, 1}, {0, 0, 1}, {1e-300, 0, 1}} {
		if got := tab.Loss([][]float64{first, {0.6, 0.4}}, nil); !(got >= 0) {
			t.Errorf("first slot %v: loss %g", first, got)
		}
	}
}

// With two picks, a combination's probability is p(a)·p_b(b)/(1 − p_b(a))
// (the second pick renormalised over what the first left), the good
// combinations' sum is the answer's, the valid combinations' sum is 1, and
// the gradient matches finite differences.
func TestPicksTableLoss(t *testing.T) {
	tab := &Table{
		Valid: [][]bool{{true, true, true, false}, {true, true}, {true, true, true, false}},
		Picks: []bool{true, false, true},
		Good:  [][]int{{0, 1, 2}, {2, 0, 1}},
	}
	p := [][]float64{{0.2, 0.5, 0.2, 0.1}, {0.7, 0.3}, {0.1, 0.3, 0.4, 0.2}}
	want := 0.2/0.9*0.3*0.4/(0.8-0.1) + 0.2/0.9*0.7*0.3/(0.8-0.4)
	if got := tab.Loss(p, nil); math.Abs(got+math.Log(want+d4.Eps)) > 1e-12 {
		t.Errorf("loss %.15g, want %.15g", got, -math.Log(want+d4.Eps))
	}
	if got := sumValid(tab, p); math.Abs(got-1) > 1e-12 {
		t.Errorf("the valid combinations' probabilities sum to %.15g, want 1", got)
	}
	checkTableGradient(t, tab, p)
}

// checkTableGradient checks the table's loss gradient at p against central
// finite differences.
func checkTableGradient(t *testing.T, tab *Table, p [][]float64) {
	t.Helper()
	grad := make([][]float64, len(p))
	for i := range p {
		grad[i] = make([]float64, len(p[i]))
	}
	tab.Loss(p, grad)
	loss := func() float64 { return tab.Loss(p, nil) }
	const h = 1e-6
	for i := range p {
		for k := range p[i] {
			if num := gradcheck.Central(loss, p[i], k, h); math.Abs(num-grad[i][k]) > 1e-6 {
				t.Errorf("d loss / d p[%d][%d] = %g, finite differences %g", i, k, grad[i][k], num)
			}
		}
	}
}

// sumValid sums the probabilities of the valid combinations of a table of
// three slot executions.
func sumValid(tab *Table, p [][]float64) float64 {
	total := 0.0
	for a, okA := range tab.Valid[0] {
		for b, okB := range tab.Valid[1] {
			for c := range tab.Valid[2] {
				if okA && okB && tab.Free([]int{a, b}, 2)[c] {
					total += tab.Prob(p, []int{a, b, c})
				}
			}
		}
	}
	return total
}

// A problem whose answer no combination gives is ErrNoAnswer.
func TestTableNoAnswer(t *testing.T) {
	m := stepsModel(t, 10, 1)
	p := &Problem{ID: 7, IDs: []int{1, 2, 3}, NumPos: []int{0, 2}, Numbers: []int{2, 3}, Answer: -1, Exact: big.NewRat(1000, 1)}
	if _, err := m.Table(p); err == nil || !errors.Is(err, ErrNoAnswer) {
		t.Errorf("err = %v, want ErrNoAnswer", err)
	}
	p = &Problem{ID: 8, IDs: []int{1, 2, 3}, NumPos: []int{0, 2}, Numbers: []int{2, 3}, Answer: 6} // 2 * 3
	tab, err := m.Table(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Good) == 0 {
		t.Error("2 * 3 = 6 has no combination")
	}
	for _, c := range tab.Good {
		if len(c) != 5 {
			t.Errorf("combination %v of %d decisions, want 5", c, len(c))
		}
	}
}

// Where no repeat is possible — the picks' distributions have disjoint
// supports among the numbers — the loss of wap_steps.fth's picks is the
// loss of the same distributions on wap_steps_repeat.fth's choose slots,
// which is ∂4's (TestExactLossIsD4Loss): every answer of problems of three
// to eight numbers. (Of two numbers, the choose slots' third number is
// always a repeat.)
func TestPicksLossIsChooseLoss(t *testing.T) {
	picks := stepsModel(t, 10, 1)
	repeat := sketchModel(t, "wap_steps_repeat", embedded(t, "wap_steps_repeat"), 10, false, 1)
	rng := rand.New(rand.NewSource(5))
	for n := 3; n <= 8; n++ {
		numbers := []int{5, 7, 3, 11, 2, 13, 17, 19}[:n]
		probs := make([][]float64, len(picks.Execs))
		group := 0 // the picks' place in the group: number k is in the support of pick k mod 3
		for i, slot := range picks.Execs {
			k, _ := picks.Alternatives(&picks.Machine.Code.Slots[slot])
			probs[i] = make([]float64, k)
			for a := range probs[i] {
				if !picks.Picks()[i] || a < n && a%3 == group {
					probs[i][a] = rng.Float64() + 0.1
				}
			}
			if picks.Picks()[i] {
				group++
			}
			sum := 0.0
			for _, v := range probs[i] {
				sum += v
			}
			for a := range probs[i] {
				probs[i][a] /= sum
			}
		}
		pos := make([]int, n) // the numbers' places in a story (Values reads their count)
		compared := 0
		for answer := 1; answer < 200; answer++ {
			tp, err := picks.Table(&Problem{ID: 1, Numbers: numbers, NumPos: pos, Answer: answer})
			if errors.Is(err, ErrNoAnswer) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			tr, err := repeat.Table(&Problem{ID: 1, Numbers: numbers, NumPos: pos, Answer: answer})
			if err != nil {
				t.Fatal(err)
			}
			got, want := tp.Loss(probs, nil), tr.Loss(probs, nil)
			if math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
				t.Errorf("%d numbers, answer %d: picks' loss %.12g, choose slots' %.12g", n, answer, got, want)
			}
			compared++
		}
		if compared < 10 {
			t.Errorf("%d numbers: %d answers compared", n, compared)
		}
	}
}

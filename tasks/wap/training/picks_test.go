package training

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"slices"
	"testing"

	"github.com/d4lang/d4/internal/gradcheck"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// The gradient of the exact loss over wap_steps.fth's picks, as training
// computes it (model.Trainer: the reader, the slots and the picks'
// renormalisation in one backward pass), matches central finite
// differences on real problems: rows that `wap prepare` makes of the
// SVAMP repository's ASDiv-A and MAWPS first folds, one of each count of
// numbers from two to eight (realCounts: eight is a row of seven with a
// sentence of another before it), a batch per fold.
func TestPicksGradientOnRealProblems(t *testing.T) {
	counts := map[int]bool{}
	for _, fold := range []string{"cv_asdiv-a", "cv_mawps"} {
		prep := preparedFold(t, fold)
		m := waptest.SketchModel(t, "wap_steps", prep.Vocab.Size(), false, 1)
		var batch []*model.Problem
		var ns []int
		for n, rows := range realCounts(t, prep, 20, nil) {
			for _, p := range prepare.Problems(rows) {
				if m.Scorable(p) == nil {
					batch, counts[n] = append(batch, p), true
					ns = append(ns, n)
					break
				}
			}
		}
		slices.Sort(ns)
		t.Logf("%s: problems of %v numbers", fold, ns)
		tr := m.NewTrainer(batch)
		_, grads, err := tr.Gradient(batch)
		if err != nil {
			t.Fatal(err)
		}
		analytic := make([][]float64, len(grads))
		for i, g := range grads {
			analytic[i] = append([]float64(nil), g...)
		}
		loss := gradcheck.LossOrFail(t, func() (float64, [][]float64, error) { return tr.Gradient(batch) })
		rng := rand.New(rand.NewSource(3))
		const h = 1e-5
		for i, d := range m.ParamData() {
			for range 4 {
				j := rng.Intn(len(d))
				if num := gradcheck.Central(loss, d, j, h); !gradcheck.Agrees(analytic[i][j], num, 1e-6) {
					t.Errorf("%s: tensor %d[%d]: analytic %.9g, finite differences %.9g", fold, i, j, analytic[i][j], num)
				}
			}
		}
	}
	for n := 2; n <= 8; n++ {
		if !counts[n] {
			t.Errorf("no problem of %d numbers", n)
		}
	}
}

// Where no repeat is possible, the exact loss of wap_steps.fth's picks, as
// training computes it (the training method's Gradient, on the reader's
// vectors of a real story), is ∂4's own loss: the cross-entropy of the
// answer on top of ∂4's soft execution of wap_steps_repeat.fth (the same
// sketch with choose slots, the same weights; model.MachineLoss). The
// problems are rows `wap prepare` makes of the SVAMP repository's ASDiv-A
// and MAWPS first folds, of two to eight numbers (realCounts): rows whose
// numbers and answer ∂4 holds (whole, below model.ValueSize), and where a
// count has none (seven, eight) the first row of that count with small
// numbers in its story, its answer the value of its equation with them
// (smallValues).
//
// No repeat is possible when every slot's distribution is zero outside a
// support (the slots' last biases lowered by 10⁴ there; d4supports): the
// three picks' supports are disjoint sets of the story's numbers, so that
// no combination reads a number twice, and no decision reads an absent
// number; and every combination of the supports computes values ∂4
// holds. The supports grow from a combination that gives the answer.
func TestPicksLossIsD4LossOnRealProblems(t *testing.T) {
	compared := map[int]int{}
	for _, fold := range []string{"cv_asdiv-a", "cv_mawps"} {
		prep := preparedFold(t, fold)
		picks := waptest.SketchModel(t, "wap_steps", prep.Vocab.Size(), false, 2)
		choose := waptest.SketchModel(t, "wap_steps_repeat", prep.Vocab.Size(), false, 2)
		rng := rand.New(rand.NewSource(5))
		var rows []prepare.Row
		firsts := realCounts(t, prep, 1, nil)
		held := realCounts(t, prep, 2, holdsValues)
		for n := 2; n <= 8; n++ {
			rows = append(rows, held[n]...)
			if len(held[n]) == 0 {
				for _, r := range firsts[n] {
					if small, ok := smallValues(r, rng); ok {
						rows = append(rows, small)
					}
				}
			}
		}
		slices.SortFunc(rows, func(a, b prepare.Row) int { return len(a.NumPos) - len(b.NumPos) })
		ps, cs := prepare.Problems(rows), prepare.Problems(rows) // each model's tables its own
		cfg := DefaultTrainConfig()
		cfg.Epochs, cfg.CCPasses, cfg.WordDropout = 1, 0, 0 // an epoch is ps, as it is
		meth := newMethod(picks, cfg, ps, nil)
		biases := lastBiases(picks)
		orig := make([][]float64, len(biases))
		for i, b := range biases {
			orig[i] = slices.Clone(b)
		}
		for j, p := range ps {
			name := fmt.Sprintf("%s: problem %d (%d numbers %v, answer %s)", fold, p.ID, len(p.NumPos), p.Numbers, p.ExactAnswer().RatString())
			sup, err := d4supports(picks, p, rng)
			if err != nil {
				t.Logf("%s: %v", name, err)
				continue
			}
			if combinations(sup) == 1 {
				t.Logf("%s: skipped, only one combination computes values ∂4 holds", name)
				continue
			}
			for i, b := range biases {
				for k := range b {
					b[k] = orig[i][k]
					if !sup[i][k] {
						b[k] -= 1e4
					}
				}
			}
			for i, d := range choose.ParamData() {
				copy(d, picks.ParamData()[i])
			}
			exact, _, err := meth.Gradient([]int{j}, nil)
			if err != nil {
				t.Fatal(err)
			}
			machine, err := choose.MachineLoss([]*model.Problem{cs[j]})
			if err != nil {
				t.Fatal(err)
			}
			// ∂4's pointer term is log(1+ε) on a static trace.
			if want := machine + math.Log(1+d4.Eps); math.Abs(exact-want) > 1e-9*max(1, math.Abs(want)) {
				t.Errorf("%s: exact loss %.12g, ∂4's loss + log(1+ε) %.12g", name, exact, want)
			}
			t.Logf("%s: supports %v, loss %.6g", name, sizes(sup), exact)
			compared[len(p.NumPos)]++
		}
		for i, b := range biases {
			copy(b, orig[i])
		}
	}
	for n := 2; n <= 8; n++ {
		if compared[n] == 0 {
			t.Errorf("no problem of %d numbers compared", n)
		}
	}
}

// lastBiases returns the biases of the last stage of the slot networks of
// the model's slot executions, shared: they give each decision's logit.
func lastBiases(m *model.Model) [][]float64 {
	var out [][]float64
	for _, slot := range m.Execs {
		st := m.Machine.Slots[slot].Stages
		out = append(out, st[len(st)-1].B.Float64s())
	}
	return out
}

// combinations is the product of the supports' sizes.
func combinations(sup [][]bool) int {
	n := 1
	for _, s := range sizes(sup) {
		n *= s
	}
	return n
}

// sizes returns the sizes of supports.
func sizes(sup [][]bool) []int {
	var out []int
	for _, s := range sup {
		n := 0
		for _, ok := range s {
			if ok {
				n++
			}
		}
		out = append(out, n)
	}
	return out
}

// d4supports returns supports of the slot executions of wap_steps.fth for
// a problem on which no repeat is possible and ∂4's values are exact: each
// within the slot's valid decisions (model.Table), the picks' disjoint,
// and every combination within them computing whole values below
// model.ValueSize, its first result r too (the last slot's "r alone" is
// in its support, so that r is the value of a combination within them). They
// start from a combination that gives the answer, and take each further
// decision, in an order drawn from rng, that keeps them so; of the
// combinations that give the answer, the one whose supports grow widest.
// An error when none computes values ∂4 holds.
func d4supports(m *model.Model, p *model.Problem, rng *rand.Rand) ([][]bool, error) {
	tab, err := m.Table(p)
	if err != nil {
		return nil, err
	}
	outs, err := m.Outcomes(p.Values())
	if err != nil {
		return nil, err
	}
	picks := m.Picks()
	last := len(tab.Valid) - 1
	alone := len(tab.Valid[last]) - 1 // r alone, the last slot's last decision
	holds := func(sup [][]bool) bool {
		for _, o := range outs {
			in := true
			for i, c := range o.Choices {
				in = in && sup[i][c]
			}
			v := o.Term.Value
			if in && (o.Term.DivZero || !v.IsInt() || v.Sign() < 0 || v.Cmp(big.NewRat(model.ValueSize, 1)) >= 0) {
				return false
			}
		}
		return true
	}
	var best [][]bool
	for _, g := range tab.Good {
		sup := make([][]bool, len(tab.Valid))
		for i, v := range tab.Valid {
			sup[i] = make([]bool, len(v))
			sup[i][g[i]] = true
		}
		sup[last][alone] = true
		if !holds(sup) {
			continue
		}
		for _, i := range rng.Perm(len(sup)) {
			for _, k := range rng.Perm(len(sup[i])) {
				free := tab.Valid[i][k] && !sup[i][k]
				for j := range sup {
					free = free && (j == i || !picks[i] || !picks[j] || !sup[j][k])
				}
				if !free {
					continue
				}
				sup[i][k] = true
				if !holds(sup) {
					sup[i][k] = false
				}
			}
		}
		if best == nil || combinations(sup) > combinations(best) {
			best = sup
		}
	}
	if best == nil {
		return nil, fmt.Errorf("no combination that gives the answer computes values ∂4 holds")
	}
	return best, nil
}

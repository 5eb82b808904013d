package model

import (
	"math"
	"math/big"
	"math/rand"
	"slices"
	"testing"

	"github.com/d4lang/d4/internal/gradcheck"
)

// The features of values among numbers, by hand.
func TestValueFeatures(t *testing.T) {
	r := func(a, b int64) *big.Rat { return big.NewRat(a, b) }
	whole := []*big.Rat{r(5, 1), r(8, 1), r(20, 1)}
	money := []*big.Rat{r(5, 2), r(3, 1)} // 2.5 and 3
	for _, tt := range []struct {
		name    string
		v       *big.Rat
		div     bool
		numbers []*big.Rat
		want    map[int]float64
	}{
		{"whole, in range", r(13, 1), false, whole, nil},
		{"negative", r(-3, 1), false, whole, map[int]float64{FeatNegative: 1, FeatSmaller: math.Log10(5.0 / 3)}},
		{"zero", r(0, 1), false, whole, map[int]float64{FeatZero: 1}},
		{"not whole", r(5, 8), false, whole, map[int]float64{FeatNotWhole: 1, FeatNotDecimal: 0, FeatMorePlaces: 3, FeatSmaller: math.Log10(5 / 0.625)}},
		{"a third of whole numbers", r(5, 3), false, whole, map[int]float64{FeatNotWhole: 1, FeatNotDecimal: 1, FeatSmaller: math.Log10(3)}},
		{"far larger", r(8000, 1), false, whole, map[int]float64{FeatLarger: math.Log10(400)}},
		{"one of the numbers", r(8, 1), false, whole, map[int]float64{FeatIsNumber: 1}},
		{"division by zero", nil, true, whole, map[int]float64{FeatDivZero: 1}},
		{"a decimal among decimals", r(15, 2), false, money, map[int]float64{FeatLarger: math.Log10(2.5)}},
		{"more places than the numbers", r(25, 4), false, money, map[int]float64{FeatMorePlaces: 1, FeatLarger: math.Log10(6.25 / 3)}},
		{"not a finite decimal", r(5, 6), false, money, map[int]float64{FeatNotDecimal: 1, FeatSmaller: math.Log10(2.5 * 6 / 5)}},
	} {
		got := ValueFeatures(tt.v, tt.div, tt.numbers)
		want := make([]float64, PriorFeatures)
		for k, x := range tt.want {
			want[k] = x
		}
		if len(got) != PriorFeatures {
			t.Fatalf("%s: %d features, want %d", tt.name, len(got), PriorFeatures)
		}
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-12 {
				t.Errorf("%s: %s = %v, want %v (all: %v)", tt.name, featureNames[k], got[k], want[k], got)
			}
		}
	}
}

// priorProblems are problems of 2 to 4 numbers for the prior's tests.
func priorProblems() []*Problem {
	return []*Problem{
		{ID: 1, IDs: []int{1, 2, 3}, NumPos: []int{0, 2}, Numbers: []int{5, 8}, Answer: 13},
		{ID: 2, IDs: []int{1, 2, 3, 4}, NumPos: []int{0, 1, 3}, Numbers: []int{5, 8, 2}, Answer: 11},
		{ID: 3, IDs: []int{1, 2, 3, 4, 5}, NumPos: []int{0, 1, 3, 4}, Numbers: []int{6, 3, 2, 9}, Answer: 4},
	}
}

// randomDists are softmax distributions of random logits for the table's
// slot executions.
func randomDists(tab *Table, rng *rand.Rand) [][]float64 {
	p := make([][]float64, len(tab.Valid))
	for i, v := range tab.Valid {
		p[i] = make([]float64, len(v))
		sum := 0.0
		for k := range p[i] {
			p[i][k] = math.Exp(2 * rng.NormFloat64())
			sum += p[i][k]
		}
		for k := range p[i] {
			p[i][k] /= sum
		}
	}
	return p
}

// zeroGrads returns gradients shaped as p.
func zeroGrads(p [][]float64) [][]float64 {
	g := make([][]float64, len(p))
	for i := range p {
		g[i] = make([]float64, len(p[i]))
	}
	return g
}

// priorTables are the tables of priorProblems for a model with a prior.
func priorTables(t *testing.T) map[int64]*Table {
	t.Helper()
	m := stepsModel(t, 10, 1)
	if err := m.AddPrior(); err != nil {
		t.Fatal(err)
	}
	tabs := map[int64]*Table{}
	for _, p := range priorProblems() {
		tab, err := m.Table(p)
		if err != nil {
			t.Fatal(err)
		}
		tabs[p.ID] = tab
	}
	return tabs
}

// With zero weights the prior's loss is the exact loss, and so is its
// gradient with respect to the distributions.
func TestPriorLossZeroIsLoss(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for id, tab := range priorTables(t) {
		for range 3 {
			dists := randomDists(tab, rng)
			g0, g1 := zeroGrads(dists), zeroGrads(dists)
			want := tab.Loss(dists, g0)
			got, err := tab.PriorLoss(dists, make([]float64, PriorFeatures), g1, nil)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-want) > 1e-12*max(1, want) {
				t.Errorf("problem %d: prior loss with zero weights %v, exact loss %v", id, got, want)
			}
			for i := range g0 {
				for k := range g0[i] {
					if math.Abs(g0[i][k]-g1[i][k]) > 1e-9*max(1, math.Abs(g0[i][k])) {
						t.Errorf("problem %d: d/dp[%d][%d] %v with the zero prior, %v without", id, i, k, g1[i][k], g0[i][k])
					}
				}
			}
		}
	}
}

// The prior's loss gradient, with respect to the distributions and to the
// weights, matches central finite differences at random weights.
func TestPriorLossGradient(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for id, tab := range priorTables(t) {
		dists := randomDists(tab, rng)
		w := make([]float64, PriorFeatures)
		for k := range w {
			w[k] = rng.NormFloat64()
		}
		grad, gw := zeroGrads(dists), make([]float64, PriorFeatures)
		if _, err := tab.PriorLoss(dists, w, grad, gw); err != nil {
			t.Fatal(err)
		}
		loss := func() float64 {
			l, err := tab.PriorLoss(dists, w, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		const h = 1e-6
		check := func(x []float64, k int, analytic float64, what string) {
			if num := gradcheck.Central(loss, x, k, h); !gradcheck.Agrees(analytic, num, 1e-6) {
				t.Errorf("problem %d: d loss / d %s = %g, finite differences %g", id, what, analytic, num)
			}
		}
		for i := range dists {
			for k := range dists[i] {
				check(dists[i], k, grad[i][k], "p")
			}
		}
		for k := range w {
			check(w, k, gw[k], featureNames[k])
		}
	}
}

// The graph's gradient with respect to the prior's weights (what `wap
// train --prior` trains) matches finite differences of its mean loss, and
// the graph's loss with zero weights is the loss without a prior.
func TestPriorGraphGradient(t *testing.T) {
	ps := priorProblems()
	plain := stepsModel(t, 10, 3)
	m := stepsModel(t, 10, 3)
	if err := m.AddPrior(); err != nil {
		t.Fatal(err)
	}
	without, _, err := plain.MeanLoss(ps)
	if err != nil {
		t.Fatal(err)
	}
	clear(m.Prior.Weights())
	with, _, err := m.MeanLoss(ps)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(with-without) > 1e-12 {
		t.Errorf("mean loss %v with a zero prior, %v without one", with, without)
	}
	rng := rand.New(rand.NewSource(3))
	w := m.Prior.Weights()
	for k := range w {
		w[k] = rng.NormFloat64()
	}
	_, grads, err := m.NewTrainer(ps).Gradient(ps)
	if err != nil {
		t.Fatal(err)
	}
	gw := slices.Clone(grads[len(grads)-1])
	if len(gw) != PriorFeatures {
		t.Fatalf("the last gradient has %d values, want the prior's %d", len(gw), PriorFeatures)
	}
	loss := gradcheck.LossOrFail(t, func() (float64, int, error) { return m.MeanLoss(ps) })
	const h = 1e-6
	for k := range w {
		if num := gradcheck.Central(loss, w, k, h); !gradcheck.Agrees(gw[k], num, 1e-6) {
			t.Errorf("d loss / d w[%s] = %g, finite differences %g", featureNames[k], gw[k], num)
		}
	}
}

// A model of ∂4's own loss has no prior.
func TestPriorNeedsExactLoss(t *testing.T) {
	if err := paperModel(t, 10, 1).AddPrior(); err == nil {
		t.Error("the paper's sketch took a prior")
	}
}

// A model with a prior saves and loads its weights (prior.w [1, 9],
// config.json's prior_features); one without has none when loaded.
func TestPriorSaveLoad(t *testing.T) {
	vocab := toyVocab(t)
	m := stepsModel(t, vocab.Size(), 2)
	if err := m.AddPrior(); err != nil {
		t.Fatal(err)
	}
	m.Prior.Weights()[FeatLarger] = -1.5
	back, cfg, dir := savedModel(t, m, vocab)
	if cfg.PriorFeatures != PriorFeatures || back.Prior == nil {
		t.Fatalf("config.json prior_features %d, prior %v", cfg.PriorFeatures, back.Prior)
	}
	tensors, _ := reloadedWeights(t, m, back, dir)
	if s := tensors[priorName].Shape; !slices.Equal(s, []int{1, PriorFeatures}) {
		t.Errorf("%s has shape %v", priorName, s)
	}
	if back, cfg, _ := savedModel(t, stepsModel(t, vocab.Size(), 2), vocab); back.Prior != nil || cfg.PriorFeatures != 0 {
		t.Errorf("a model without a prior: prior features %d", cfg.PriorFeatures)
	}
}

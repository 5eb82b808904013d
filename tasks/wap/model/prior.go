package model

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/d4lang/d4/interpreter/d4"

	"gorgonia.org/tensor"
)

// The learned prior over the result (Model.Prior): a formula's value is
// described by ValueFeatures, and the prior scores it w·φ(value) with
// weights w learned with the reader and the slots. With a prior, the
// probability of a combination of decisions c of value v is
//
//	P(c) ∝ P_slots(c)·exp(w·φ(v)),
//
// renormalised over the combinations that read only the problem's numbers
// (Table.PriorLoss); with w = 0 it is P_slots(c), and the exact loss is
// Table.Loss. Package answer ranks the answers by the same product.

// The features of a value (ValueFeatures), by index.
const (
	FeatNegative   = iota // the value is negative
	FeatZero              // it is zero
	FeatNotWhole          // not whole, although every number of the story is
	FeatNotDecimal        // no finite decimal expansion, although every number has one
	FeatMorePlaces        // decimal places beyond the numbers' most (0 … 3)
	FeatLarger            // log10 of |value| over the largest |number|, when above 1 (0 … 6)
	FeatSmaller           // log10 of the least nonzero |number| over |value|, when above 1 (0 … 6)
	FeatDivZero           // the formula divides by zero (every other feature 0)
	FeatIsNumber          // the value is one of the story's numbers
	PriorFeatures         // the count of features
)

// featureNames name the features, as an explanation writes them.
var featureNames = [PriorFeatures]string{
	FeatNegative:   "negative",
	FeatZero:       "zero",
	FeatNotWhole:   "not whole",
	FeatNotDecimal: "not a finite decimal",
	FeatMorePlaces: "more decimal places than the numbers",
	FeatLarger:     "far larger than the numbers",
	FeatSmaller:    "far smaller than the numbers",
	FeatDivZero:    "division by zero",
	FeatIsNumber:   "one of the numbers",
}

// maxPlaces and maxDecades bound the features that count decimal places
// and powers of ten.
const (
	maxPlaces  = 3
	maxDecades = 6
)

// ValueFeatures describes a formula's value v (divZero: the formula
// divides by zero, v is then ignored) among the story's numbers: the
// features FeatNegative … FeatIsNumber.
func ValueFeatures(v *big.Rat, divZero bool, numbers []*big.Rat) []float64 {
	f := make([]float64, PriorFeatures)
	if divZero {
		f[FeatDivZero] = 1
		return f
	}
	whole, decimal, places := true, true, 0
	largest, least := 0.0, math.Inf(1)
	for _, x := range numbers {
		if x == nil {
			continue
		}
		whole = whole && x.IsInt()
		if d, ok := DecimalPlaces(x); ok {
			places = max(places, d)
		} else {
			decimal = false
		}
		a, _ := new(big.Rat).Abs(x).Float64()
		largest = max(largest, a)
		if a > 0 {
			least = min(least, a)
		}
		if x.Cmp(v) == 0 {
			f[FeatIsNumber] = 1
		}
	}
	if v.Sign() < 0 {
		f[FeatNegative] = 1
	}
	if v.Sign() == 0 {
		f[FeatZero] = 1
		return f
	}
	d, finite := DecimalPlaces(v)
	if whole && !v.IsInt() {
		f[FeatNotWhole] = 1
	}
	if decimal && !finite {
		f[FeatNotDecimal] = 1
	}
	if decimal && finite && d > places {
		f[FeatMorePlaces] = float64(min(d-places, maxPlaces))
	}
	a, _ := new(big.Rat).Abs(v).Float64()
	if largest > 0 && a > largest {
		f[FeatLarger] = min(math.Log10(a/largest), maxDecades)
	}
	if !math.IsInf(least, 1) && a < least {
		f[FeatSmaller] = min(math.Log10(least/a), maxDecades)
	}
	return f
}

// DecimalPlaces returns the decimal places of v's finite decimal
// expansion (2 for 12.25), and false when it has none (1/3): its
// denominator has prime factors other than 2 and 5.
func DecimalPlaces(v *big.Rat) (int, bool) {
	d := new(big.Int).Set(v.Denom())
	twos, fives := 0, 0
	q, r := new(big.Int), new(big.Int)
	for _, c := range []struct {
		p int64
		n *int
	}{{2, &twos}, {5, &fives}} {
		bp := big.NewInt(c.p)
		for {
			q.QuoRem(d, bp, r)
			if r.Sign() != 0 {
				break
			}
			d.Set(q)
			*c.n++
		}
	}
	if !d.IsInt64() || d.Int64() != 1 {
		return 0, false
	}
	return max(twos, fives), true
}

// Prior is the learned prior's weights: W [1, PriorFeatures], one weight a
// feature (ValueFeatures).
type Prior struct {
	W *tensor.Dense
}

// NewPrior returns a prior of zero weights, under which every value
// weighs the same: the exact loss is then the loss without a prior.
func NewPrior() *Prior {
	return &Prior{W: tensor.New(tensor.WithShape(1, PriorFeatures), tensor.WithBacking(make([]float64, PriorFeatures)))}
}

// RuleWeight is the weight a new prior (AddPrior) starts with on each
// feature of the fixed rule that package answer's decoding applies
// without a prior (negative, not whole, not a finite decimal, dividing by
// zero): exp(−4) ≈ 1/55, a soft form of the rule, which training then
// moves; the other features start at 0. With Adam's steps of about the
// learning rate (0.01) a weight moves about 0.4 an epoch of 40 batches:
// a prior from zero stays too weak to set anything aside for the first
// epochs, where the rule already helps.
const RuleWeight = -4

// AddPrior gives the model a learned prior over the result, trained with
// the exact loss (Table.PriorLoss), starting from the fixed rule
// (RuleWeight). A model trained on ∂4's own loss has none: an error.
func (m *Model) AddPrior() error {
	if m.Loss != LossExact {
		return fmt.Errorf("%s trains on ∂4's own loss: the learned prior over the result needs the exact loss (a sketch that takes a varying count of numbers)", m.Machine.SketchFile)
	}
	m.Prior = NewPrior()
	w := m.Prior.Weights()
	for _, f := range []int{FeatNegative, FeatNotWhole, FeatNotDecimal, FeatDivZero} {
		w[f] = RuleWeight
	}
	return nil
}

// Weights returns the prior's weights (shared, not copied).
func (pr *Prior) Weights() []float64 { return pr.W.Data().([]float64) }

// Score is the prior's log-weight of a value of features f: w·f.
func Score(w, f []float64) float64 {
	s := 0.0
	for i, x := range f {
		s += w[i] * x
	}
	return s
}

// WeighedDown names the features of f that the weights w weigh down (their
// w·f term negative), the heaviest first: "negative, not whole"; "" when
// none is.
func WeighedDown(w, f []float64) string {
	type term struct {
		name string
		s    float64
	}
	var ts []term
	for i, x := range f {
		if s := w[i] * x; s < 0 {
			ts = append(ts, term{featureNames[i], s})
		}
	}
	for i := 1; i < len(ts); i++ { // a few terms: insertion sort, stable
		for j := i; j > 0 && ts[j].s < ts[j-1].s; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.name
	}
	return strings.Join(names, ", ")
}

// priorTable is what a problem's table holds for the prior: every
// combination of decisions that reads only the problem's numbers (Runs,
// shared by the problems of its count of numbers), the index of each one's
// value (Value) and of each good combination's (GoodValue), and each
// distinct value's features (Feats).
type priorTable struct {
	Runs      [][]int
	Value     []int32
	GoodValue []int32
	Feats     [][]float64
}

// makePriorTable computes the values of the runs s with the problem's
// numbers exactly and describes each distinct one (ValueFeatures); good
// are the indices in s.out of the good combinations.
func makePriorTable(s *search, values []*big.Rat, good []int) *priorTable {
	pt := &priorTable{Value: make([]int32, len(s.out))}
	index := map[string]int32{}
	for j, o := range s.out {
		pt.Runs = append(pt.Runs, o.Choices)
		v, div := s.w.ExactWith(o.cell, values)
		key := "DivZero"
		if !div {
			key = v.RatString()
		}
		k, ok := index[key]
		if !ok {
			k = int32(len(pt.Feats))
			index[key] = k
			pt.Feats = append(pt.Feats, ValueFeatures(v, div, values))
		}
		pt.Value[j] = k
	}
	for _, j := range good {
		pt.GoodValue = append(pt.GoodValue, pt.Value[j])
	}
	return pt
}

// PriorLoss is Loss with the prior of weights w: −log of the probability
// of the good combinations when each combination c of value v weighs
// P(c)·exp(w·φ(v)), renormalised over the valid combinations (Table.Prob
// gives P). With w = 0 it is Loss (up to rounding). When grad is not nil it
// adds the gradient with respect to each p[i] to grad[i], and when gw is
// not nil the gradient with respect to w to gw. A table without the
// prior's runs (made for a model without a prior) is an error.
func (t *Table) PriorLoss(p [][]float64, w []float64, grad [][]float64, gw []float64) (float64, error) {
	pt := t.prior
	if pt == nil {
		return 0, fmt.Errorf("the table was made for a model without a prior")
	}
	scores := make([]float64, len(pt.Feats))
	top := math.Inf(-1)
	for k, f := range pt.Feats {
		scores[k] = Score(w, f)
		top = max(top, scores[k])
	}
	weight := make([]float64, len(scores)) // exp(score − top): the largest 1
	for k, s := range scores {
		weight[k] = math.Exp(s - top)
	}
	masses := t.masses(p)
	f := make([]float64, len(p))
	denoms := make([]float64, len(p))
	probs := make([]float64, len(pt.Runs))
	z, r := 0.0, 0.0
	for j, c := range pt.Runs {
		probs[j] = t.factors(p, masses, c, f, denoms)
		z += probs[j] * weight[pt.Value[j]]
	}
	goodProbs := make([]float64, len(t.Good))
	for j, c := range t.Good {
		goodProbs[j] = t.factors(p, masses, c, f, denoms)
		r += goodProbs[j] * weight[pt.GoodValue[j]]
	}
	z = max(z, minMass)
	q := r / z
	loss := -math.Log(q + d4.Eps)
	if grad == nil && gw == nil {
		return loss, nil
	}
	// q = r/z with r = Σ_good P e, z = Σ_valid P e (e = exp(w·φ)):
	// dq = (dr − q dz)/z, and d loss = −dq/(q + ε).
	scale := -1 / (q + d4.Eps)
	if gw != nil {
		// d q / d w = q (E_good[φ] − E_valid[φ]), the expectations under
		// P·e renormalised over each set.
		for j := range t.Good {
			e := goodProbs[j] * weight[pt.GoodValue[j]] / z
			for i, x := range pt.Feats[pt.GoodValue[j]] {
				gw[i] += scale * e * x
			}
		}
		for j := range pt.Runs {
			e := q * probs[j] * weight[pt.Value[j]] / z
			for i, x := range pt.Feats[pt.Value[j]] {
				gw[i] -= scale * e * x
			}
		}
	}
	if grad != nil {
		for j, c := range t.Good {
			t.addGrad(p, masses, c, scale*weight[pt.GoodValue[j]]/z, f, denoms, grad)
		}
		for j, c := range pt.Runs {
			t.addGrad(p, masses, c, -scale*q*weight[pt.Value[j]]/z, f, denoms, grad)
		}
	}
	return loss, nil
}

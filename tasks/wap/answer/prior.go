package answer

import (
	"fmt"
	"math"
	"math/big"

	"github.com/d4lang/d4/tasks/wap/model"
)

// priorWeights returns the learned prior's weights of an ensemble (the
// mean of its models' weights: model.Model.Prior), nil when its models
// have none, and an error when some have one and others not.
func priorWeights(models []*model.Model) ([]float64, error) {
	var w []float64
	for i, m := range models {
		if (m.Prior != nil) != (models[0].Prior != nil) {
			return nil, fmt.Errorf("model %d of the ensemble has a learned prior over the result and model 1 has not, or the other way round", i+1)
		}
		if m.Prior == nil {
			continue
		}
		if w == nil {
			w = make([]float64, model.PriorFeatures)
		}
		for k, x := range m.Prior.Weights() {
			w[k] += x / float64(len(models))
		}
	}
	return w, nil
}

// weighed is an outcome's description for the learned prior: its
// features (model.ValueFeatures) and its score w·φ.
type weighed struct {
	feats []float64
	score float64
}

// weigh weighs each outcome's probability by the learned prior of weights
// w (values: the problem's numbers): o.post ∝ o.prob·exp(w·φ(value)),
// summing to 1 over the outcomes; it returns each outcome's features and
// score, by key.
func weigh(outs map[string]*outcome, w []float64, values []*big.Rat) map[string]weighed {
	ws := make(map[string]weighed, len(outs))
	top := math.Inf(-1)
	for k, o := range outs {
		f := model.ValueFeatures(o.term.Value, o.term.DivZero, values)
		ws[k] = weighed{f, model.Score(w, f)}
		top = max(top, ws[k].score)
	}
	total := 0.0
	for k, o := range outs {
		o.post = o.prob * math.Exp(ws[k].score-top)
		total += o.post
	}
	for _, o := range outs {
		if total > 0 {
			o.post /= total
		}
	}
	return ws
}

// decidePrior returns the outcome that DecodeSensible chooses with the
// learned prior of weights w: the most probable, weighed by the prior
// (weigh), of those that do not divide by zero (of equals, the least); nil
// when every one does. When the slots' most probable outcome (unweighed,
// of equals the least by key) is another, it is returned as set aside,
// with why the prior weighs it down (whyPrior).
func decidePrior(outs map[string]*outcome, w []float64, values []*big.Rat) (*outcome, *SetAside) {
	ws := weigh(outs, w, values)
	var best *outcome
	bestKey := ""
	for k, o := range outs {
		if o.term.DivZero {
			continue
		}
		if best == nil || o.post > best.post || o.post == best.post && o.term.Value.Cmp(best.term.Value) < 0 {
			best, bestKey = o, k
		}
	}
	if best == nil {
		return nil, nil
	}
	var top *outcome
	topKey := ""
	for k, o := range outs {
		if top == nil || o.prob > top.prob || o.prob == top.prob && k < topKey {
			top, topKey = o, k
		}
	}
	if top == best || top.prob <= best.prob {
		return best, nil
	}
	s := &SetAside{Formula: top.term.Formula, Prob: top.prob, Why: whyPrior(w, ws[topKey], ws[bestKey], top.term.DivZero)}
	if !top.term.DivZero {
		s.Value = new(big.Rat).Set(top.term.Value)
	}
	return best, s
}

// WhyPrior begins the reason of a reading that the learned prior set
// aside (SetAside.Why): "learned prior: negative (×0.012 the answer's
// weight)".
const WhyPrior = "learned prior"

// whyPrior says why the learned prior of weights w sets aside a reading
// (aside) for the answer (chosen): the features it weighs down
// (model.WeighedDown) and the ratio of their weights, exp(score(aside) −
// score(chosen)); WhyDivZero for a formula that divides by zero.
func whyPrior(w []float64, aside, chosen weighed, divZero bool) string {
	if divZero {
		return WhyDivZero
	}
	why := WhyPrior
	if names := model.WeighedDown(w, aside.feats); names != "" {
		why += ": " + names
	}
	return why + fmt.Sprintf(" (×%.2g the answer's weight)", math.Exp(aside.score-chosen.score))
}

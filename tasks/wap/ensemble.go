package wap

import (
	"errors"
	"math/big"

	"github.com/d4lang/d4/interpreter/d4"
)

// Ensemble is one or more models of the same sketch and vocabulary that
// answer together (the restarts of a training run): each slot's
// distribution is the mean of the models' distributions.
type Ensemble struct {
	Models []*Model
	// Decode is how the ensemble decides.
	Decode Decoding
}

// Solve answers problems without building a graph: each model's reader
// fills the heap, ∂4 runs the sketch step by step (Machine.RunWatch) and
// records each slot's distribution; the distributions are averaged over
// the models; then the symbolic machine runs the sketch again with exact
// arithmetic on the problem's numbers (its Quantities, or its Numbers),
// with the decisions of e.Decode. A problem whose formula divides by zero
// has no answer: its Solution's Err wraps ErrDivZero.
func (e *Ensemble) Solve(ps []*Problem) ([]Solution, error) {
	execs, err := e.executions(ps)
	if err != nil {
		return nil, err
	}
	return e.Models[0].exactAnswers(ps, execs, e.Decode, true)
}

// executions returns each problem's slot executions, averaged over the
// models.
func (e *Ensemble) executions(ps []*Problem) ([][]execution, error) {
	if len(e.Models) == 0 {
		return nil, errors.New("an ensemble of no models")
	}
	first := e.Models[0].Machine
	mean, err := e.Models[0].executions(ps)
	if err != nil {
		return nil, err
	}
	for _, m := range e.Models[1:] {
		if d4.SketchHash(m.Machine.Sketch) != d4.SketchHash(first.Sketch) || m.Reader.Vocab != e.Models[0].Reader.Vocab {
			return nil, errors.New("the models of an ensemble must share their sketch and vocabulary")
		}
		execs, err := m.executions(ps)
		if err != nil {
			return nil, err
		}
		for i := range mean {
			for j := range mean[i] {
				for k, v := range execs[i][j].probs {
					mean[i][j].probs[k] += v
				}
			}
		}
	}
	n := float64(len(e.Models))
	for i := range mean {
		for j := range mean[i] {
			for k := range mean[i][j].probs {
				mean[i][j].probs[k] /= n
			}
		}
	}
	return mean, nil
}

// ExactAccuracy returns the percentage of problems whose exact answer
// (Solve: the value of the formula `wap answer` prints) is their answer.
func (e *Ensemble) ExactAccuracy(ps []*Problem) (float64, error) {
	if len(ps) == 0 {
		return 0, errors.New("no problems to score")
	}
	execs, err := e.executions(ps)
	if err != nil {
		return 0, err
	}
	sols, err := e.Models[0].exactAnswers(ps, execs, e.Decode, false)
	if err != nil {
		return 0, err
	}
	right := 0
	for i, s := range sols {
		if s.Err == nil && s.Answer.Cmp(big.NewRat(int64(ps[i].Answer), 1)) == 0 {
			right++
		}
	}
	return 100 * float64(right) / float64(len(ps)), nil
}

// accuracyWith is a model's ExactAccuracy with the given decoding.
func (m *Model) accuracyWith(ps []*Problem, dec Decoding) (float64, error) {
	return (&Ensemble{Models: []*Model{m}, Decode: dec}).ExactAccuracy(ps)
}

package answer

import (
	"errors"
	"fmt"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
)

// Ensemble is one or more models of the same sketch and vocabulary that
// answer together (the restarts of a training run): each slot's
// distribution is the mean of the models' distributions.
type Ensemble struct {
	Models []*model.Model
	// Decode is how the ensemble decides.
	Decode Decoding
	// AsWritten, when set, reads each problem only as written, not also
	// its views (model.Problem.Views).
	AsWritten bool
}

// Solve answers problems without building a graph: each model's reader
// fills the heap, ∂4 runs the sketch step by step (Machine.RunWatch) and
// records each slot's distribution; the distributions are averaged over
// the models and over the problem's views (model.Problem.Views; the decisions of a
// view that tells the numbers in another order are first mapped back to
// the problem's order, see reorder);
// then the symbolic machine runs the sketch again with exact
// arithmetic on the problem's numbers (its Quantities, or its model.Numbers),
// with the decisions of e.Decode. A problem whose formula divides by zero
// has no answer: its Solution's Err wraps ErrDivZero.
func (e *Ensemble) Solve(ps []*model.Problem) ([]Solution, error) {
	return e.solve(ps, true)
}

// solve is Solve, with the confidences only when asked for. A problem
// with a count of numbers the sketch does not take has no answer: its
// Solution's Err wraps model.ErrCount.
func (e *Ensemble) solve(ps []*model.Problem, confidence bool) ([]Solution, error) {
	sols, _, err := e.solveExecs(ps, confidence)
	return sols, err
}

// solveExecs is solve that also returns the slot executions each problem's
// decisions were taken from (nil for a problem without them).
func (e *Ensemble) solveExecs(ps []*model.Problem, confidence bool) ([]Solution, [][]model.Execution, error) {
	if len(e.Models) == 0 {
		return nil, nil, errors.New("an ensemble of no models")
	}
	lay := e.Models[0].Layout
	out := make([]Solution, len(ps))
	var taken []*model.Problem
	var at []int
	for i, p := range ps {
		if !lay.Takes(len(p.NumPos)) {
			out[i].Err = fmt.Errorf("%w: it has %d, the sketch takes %s", model.ErrCount, len(p.NumPos), lay.Wants())
			continue
		}
		taken, at = append(taken, p), append(at, i)
	}
	outExecs := make([][]model.Execution, len(ps))
	if len(taken) == 0 {
		return out, outExecs, nil
	}
	execs, err := e.executions(taken)
	if err != nil {
		return nil, nil, err
	}
	prior, err := priorWeights(e.Models)
	if err != nil {
		return nil, nil, err
	}
	sols, err := exactAnswers(e.Models[0], taken, execs, prior, e.Decode, confidence)
	if err != nil {
		return nil, nil, err
	}
	for j, i := range at {
		out[i], outExecs[i] = sols[j], execs[j]
	}
	return out, outExecs, nil
}

// Right reports whether a solution answers a problem: its answer is the
// problem's exact answer (model.Matches).
func Right(s Solution, p *model.Problem) bool {
	a := p.ExactAnswer()
	return s.Err == nil && s.Answer != nil && a != nil && model.Matches(s.Answer, a)
}

// executions returns each problem's slot executions, averaged over the
// models and over the problem's views.
func (e *Ensemble) executions(ps []*model.Problem) ([][]model.Execution, error) {
	if len(e.Models) == 0 {
		return nil, errors.New("an ensemble of no models")
	}
	// all holds the problems and then their views; of[j] is the problem
	// that all[j] reads.
	first := e.Models[0]
	re, reorderable := newReorder(first)
	all := append([]*model.Problem(nil), ps...)
	of, views := make([]int, len(ps)), make([]int, len(ps))
	for i, p := range ps {
		of[i] = i
		for _, v := range e.views(p) {
			if v.Order == nil || reorderable {
				all, of = append(all, v), append(of, i)
				views[i]++
			}
		}
	}
	var mean [][]model.Execution
	for _, m := range e.Models {
		if d4.SketchHash(m.Machine.Sketch) != d4.SketchHash(first.Machine.Sketch) || m.Reader.Vocab != first.Reader.Vocab {
			return nil, errors.New("the models of an ensemble must share their sketch and vocabulary")
		}
		execs, err := m.Executions(all)
		if err != nil {
			return nil, err
		}
		if mean == nil {
			mean, execs = execs[:len(ps)], append(make([][]model.Execution, len(ps)), execs[len(ps):]...)
		}
		for j, ex := range execs {
			if ex == nil {
				continue
			}
			i := of[j]
			if len(ex) != len(mean[i]) {
				return nil, fmt.Errorf("problem %d: a view of it runs %d slots, the problem %d", ps[i].ID, len(ex), len(mean[i]))
			}
			for s := range ex {
				probs := ex[s].Probs
				if all[j].Order != nil && ex[s].Slot == re.slot {
					probs = re.mapBack(probs, all[j].Order)
				}
				for k, v := range probs {
					mean[i][s].Probs[k] += v
				}
			}
		}
	}
	for i := range mean {
		n := float64(len(e.Models) * (1 + views[i]))
		for j := range mean[i] {
			for k := range mean[i][j].Probs {
				mean[i][j].Probs[k] /= n
			}
		}
	}
	return mean, nil
}

// views returns the views of p that the ensemble reads.
func (e *Ensemble) views(p *model.Problem) []*model.Problem {
	if e.AsWritten {
		return nil
	}
	return p.Views
}

// ExactAccuracy returns the percentage of problems whose exact answer
// (Solve: the value of the formula `wap answer` prints) is their answer.
func (e *Ensemble) ExactAccuracy(ps []*model.Problem) (float64, error) {
	if len(ps) == 0 {
		return 0, errors.New("no problems to score")
	}
	sols, err := e.solve(ps, false)
	if err != nil {
		return 0, err
	}
	right := 0
	for i, s := range sols {
		if Right(s, ps[i]) {
			right++
		}
	}
	return 100 * float64(right) / float64(len(ps)), nil
}

// Accuracy is a model's ExactAccuracy with the given decoding: what
// training measures after every epoch.
func Accuracy(m *model.Model, ps []*model.Problem, dec Decoding) (float64, error) {
	return (&Ensemble{Models: []*model.Model{m}, Decode: dec}).ExactAccuracy(ps)
}

// Load reads a model directory (model.Load) as an ensemble of its models,
// with its configuration and vocabulary.
func Load(dir string) (*Ensemble, model.Config, *reader.Vocab, error) {
	models, cfg, vocab, err := model.Load(dir)
	if err != nil {
		return nil, model.Config{}, nil, err
	}
	return &Ensemble{Models: models}, cfg, vocab, nil
}

package answer

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/d4lang/d4/tasks/wap/model"
)

// Solution is what the model makes of one problem.
type Solution struct {
	// Answer is the exact value of Formula: the sketch run on the symbolic
	// machine with exact arithmetic (symbolic.Exact), with the decisions
	// of the model's Decoding.
	Answer *big.Rat
	// Formula writes how the program computed Answer from the question's
	// numbers, e.g. "(50 - 15) + 21".
	Formula string
	// Confidence is the probability, under the slots' distributions (each
	// deciding independently), of the combinations of decisions that give
	// Answer (every combination is run on the exact machine).
	Confidence float64
	// Choices are the decisions taken, one per slot execution in order:
	// the index of the chosen word, or of the permutation
	// (d4.Permutations).
	Choices []int
	// Slots are the slot of each decision.
	Slots []int
	// SetAside, when not nil, is the model's most probable reading, which
	// DecodeSensible set aside for Answer (negative, dividing by zero, or
	// not of the form of the question's numbers; with a learned prior,
	// weighed down by it).
	SetAside *SetAside
	// Err, when not nil, says why the problem has no answer (an error
	// wrapping ErrDivZero or ErrNoFormula); Answer is then nil.
	Err error
	// runs are the combinations of decisions the exact machine ran on the
	// question's numbers (model.Outcomes), kept for Explain.
	runs []model.Outcome
	// prior are the learned prior's weights the decoding used (nil: none),
	// kept for Explain.
	prior []float64
}

// ErrDivZero is wrapped by Solve's error for a formula that divides by
// zero: it has no answer.
var ErrDivZero = errors.New("the formula divides by zero")

// ErrNoFormula is wrapped by Solve's error for a problem that no formula
// of the sketch answers: every combination of decisions reads one of its
// numbers twice (a question left with one number, for a sketch whose
// formulas combine two or more), which a word problem never does.
var ErrNoFormula = errors.New("no formula of the sketch answers it")

// Solve answers problems as an ensemble of m alone, decoding sensibly.
func Solve(m *model.Model, ps []*model.Problem) ([]Solution, error) {
	return (&Ensemble{Models: []*model.Model{m}}).Solve(ps)
}

// exactAnswers decodes each problem's decisions (prior: the learned
// prior's weights, or nil) and replays them on the
// exact machine (a formula that divides by zero, or a problem no formula
// of the sketch fits, is the Solution's Err); the confidences are computed only when asked for (the
// product of the decisions' probabilities otherwise).
func exactAnswers(m *model.Model, ps []*model.Problem, execs [][]model.Execution, prior []float64, dec Decoding, confidence bool) ([]Solution, error) {
	out := make([]Solution, len(ps))
	for i, p := range ps {
		var err error
		if out[i], err = exactAnswer(m, p, execs[i], prior, dec, confidence); err != nil && !errors.Is(err, ErrDivZero) && !errors.Is(err, ErrNoFormula) && !errors.Is(err, model.ErrCount) {
			return nil, fmt.Errorf("problem %d: %w", p.ID, err)
		}
		out[i].Err = err
	}
	return out, nil
}

package wap

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/d4lang/d4/reader"
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
	// Answer (every combination is run when there are at most
	// maxCombinations; otherwise the probability of the decisions taken).
	Confidence float64
	// Choices are the decisions taken, one per slot execution in order:
	// the index of the chosen word, or of the permutation
	// (d4.Permutations).
	Choices []int
	// Slots are the slot of each decision.
	Slots []int
	// Err, when not nil, says why the problem has no answer (an error
	// wrapping ErrDivZero); Answer is then nil.
	Err error
}

// maxCombinations bounds the decision combinations Solve runs for the
// confidence (the paper's sketch has 6·4·2·4 = 192).
const maxCombinations = 4096

// ErrDivZero is wrapped by Solve's error for a formula that divides by
// zero: it has no answer.
var ErrDivZero = errors.New("the formula divides by zero")

// execution is one slot execution of a soft run: the slot and the
// distribution of its decoder.
type execution struct {
	slot  int
	probs []float64
}

// Solve answers problems as an ensemble of m alone, decoding sensibly.
func (m *Model) Solve(ps []*Problem) ([]Solution, error) {
	return (&Ensemble{Models: []*Model{m}}).Solve(ps)
}

// executions reads the problems and runs ∂4 on each: the slot executions
// of every problem.
func (m *Model) executions(ps []*Problem) ([][]execution, error) {
	if len(ps) == 0 {
		return nil, nil
	}
	stories := make([]reader.Story, len(ps))
	pos := make([][]float64, len(ps))
	for i, p := range ps {
		if err := m.check(p); err != nil {
			return nil, err
		}
		stories[i], pos[i] = m.story(p), picks(p)
	}
	vecs, err := m.Reader.Read(stories, pos)
	if err != nil {
		return nil, err
	}
	out := make([][]execution, len(ps))
	for i, p := range ps {
		if out[i], _, err = m.softRun(p, vecs[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// exactAnswers decodes each problem's decisions and replays them on the
// exact machine; the confidences are computed only when asked for (the
// product of the decisions' probabilities otherwise).
func (m *Model) exactAnswers(ps []*Problem, execs [][]execution, dec Decoding, confidence bool) ([]Solution, error) {
	out := make([]Solution, len(ps))
	for i, p := range ps {
		var err error
		if out[i], err = m.exactAnswer(p, execs[i], dec, confidence); err != nil && !errors.Is(err, ErrDivZero) {
			return nil, fmt.Errorf("problem %d: %w", p.ID, err)
		}
		out[i].Err = err
	}
	return out, nil
}

// softRun runs ∂4 from a problem's filled heap and returns its slot
// executions in order (the static trace runs each with all the mass) and
// the final state.
func (m *Model) softRun(p *Problem, vec []float64) ([]execution, []float64, error) {
	x, err := m.base(p)
	if err != nil {
		return nil, nil, err
	}
	V := m.Machine.Sizes.V
	for k, off := range m.offsets() {
		for j := 0; j < V; j++ {
			x[off+j] += vec[k*V+j]
		}
	}
	var execs []execution
	final, _, err := m.Machine.RunWatch(x, len(m.Trace)+1, false, func(slot int, mass float64, o []float64) {
		pr := make([]float64, len(o))
		for j, v := range o {
			pr[j] = mass * v
		}
		execs = append(execs, execution{slot, pr})
	})
	return execs, final, err
}

package training

import (
	"errors"
	"slices"

	"github.com/d4lang/d4/internal/par"
	"github.com/d4lang/d4/tasks/wap/model"
)

// Why problems are left out of training (Scored.Skipped's keys).
const (
	SkipCount    = "numbers the sketch does not take"
	SkipRange    = "beyond ∂4's values"
	SkipNoAnswer = "no decisions give the answer"
	// With equation supervision (model.SuperviseEquations):
	SkipNoEquation = "no equation"
	SkipEquation   = "no decisions make the equation"
)

// Scored is a set of problems split by whether the model's loss scores
// them (model.Scorable): Kept, in order, and the count of the others by
// reason; Errors are the first few reasons (up to MaxErrors a reason),
// each naming its problem, for a user to see which and why.
type Scored struct {
	Kept    []*model.Problem
	Skipped map[string]int
	Errors  []error
}

// MaxErrors is the most problems of one reason that Scored.Errors names.
const MaxErrors = 5

// skipReason is a reason to leave a problem out: the error of
// model.Scorable it wraps, and its name (a key of Scored.Skipped).
type skipReason struct {
	err  error
	name string
}

// skipReasons are the reasons, in the order a report lists them.
var skipReasons = []skipReason{{model.ErrCount, SkipCount}, {model.ErrRange, SkipRange}, {model.ErrNoAnswer, SkipNoAnswer},
	{model.ErrNoEquation, SkipNoEquation}, {model.ErrEquation, SkipEquation}}

// SkipReasons names the reasons, in the order a report lists them.
func SkipReasons() []string {
	out := make([]string, len(skipReasons))
	for i, r := range skipReasons {
		out[i] = r.name
	}
	return out
}

// Score splits problems by whether the model's loss scores them, making
// their exact-loss tables on every core (after it, the problems may be
// shared by models of the same sketch training at once). A problem that
// cannot be scored for another reason is an error.
func Score(m *model.Model, ps []*model.Problem) (Scored, error) {
	errs := make([]error, len(ps))
	par.For(len(ps), func(i int) { errs[i] = m.Scorable(ps[i]) })
	out := Scored{Skipped: map[string]int{}}
	for i, err := range errs {
		if err == nil {
			out.Kept = append(out.Kept, ps[i])
			continue
		}
		j := slices.IndexFunc(skipReasons, func(r skipReason) bool { return errors.Is(err, r.err) })
		if j < 0 {
			return Scored{}, err
		}
		why := skipReasons[j].name
		if out.Skipped[why]++; out.Skipped[why] <= MaxErrors {
			out.Errors = append(out.Errors, err)
		}
	}
	return out, nil
}

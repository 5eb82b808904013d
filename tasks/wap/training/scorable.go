package training

import (
	"errors"
	"runtime"
	"sync"

	"github.com/d4lang/d4/tasks/wap/model"
)

// Why problems are left out of training (Scored.Skipped's keys).
const (
	SkipCount    = "numbers the sketch does not take"
	SkipRange    = "beyond ∂4's values"
	SkipNoAnswer = "no decisions give the answer"
)

// Scored is a set of problems split by whether the model's loss scores
// them (model.Scorable): Kept, in order, and the count of the others by
// reason.
type Scored struct {
	Kept    []*model.Problem
	Skipped map[string]int
}

// Score splits problems by whether the model's loss scores them, making
// their exact-loss tables on every core (after it, the problems may be
// shared by models of the same sketch training at once). A problem that
// cannot be scored for another reason is an error.
func Score(m *model.Model, ps []*model.Problem) (Scored, error) {
	errs := make([]error, len(ps))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = m.Scorable(ps[i])
			}
		}()
	}
	for i := range ps {
		next <- i
	}
	close(next)
	wg.Wait()
	out := Scored{Skipped: map[string]int{}}
	for i, err := range errs {
		switch {
		case err == nil:
			out.Kept = append(out.Kept, ps[i])
		case errors.Is(err, model.ErrCount):
			out.Skipped[SkipCount]++
		case errors.Is(err, model.ErrRange):
			out.Skipped[SkipRange]++
		case errors.Is(err, model.ErrNoAnswer):
			out.Skipped[SkipNoAnswer]++
		default:
			return Scored{}, err
		}
	}
	return out, nil
}

package d4

import (
	"fmt"
	"math"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/optim"
)

// stepper pairs a Trainer with Adam, as package learn/fit's driver does, for
// the tests that train.
type stepper struct {
	*Trainer
	opt *optim.Adam
}

// paperOptim is the paper's optimiser setting for the sort sketches, with
// learning rate lr: clipping 1.0 and gradient noise η = 0.01.
func paperOptim(lr float64) optim.Config { return optim.Config{LR: lr, Clip: 1, Noise: 0.01} }

func newStepper(m *Machine, cfg TrainerConfig, oc optim.Config, seed int64) *stepper {
	return &stepper{Trainer: NewTrainer(m, cfg), opt: optim.New(m.ParamData(), oc, seed)}
}

// TrainBatch takes one optimiser step on a batch and returns its loss.
func (s *stepper) TrainBatch(exs []data.Example) (float64, error) {
	loss, grads, err := s.Gradient(exs)
	if err != nil {
		return loss, err
	}
	if math.IsNaN(loss) || math.IsInf(loss, 0) {
		return loss, fmt.Errorf("%w (loss %v)", optim.ErrNotFinite, loss)
	}
	_, err = s.opt.Update(grads)
	return loss, err
}

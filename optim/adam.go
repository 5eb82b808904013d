// Package optim is the optimiser shared by ∂4 and the Seq2Seq baseline:
// Adam (Kingma & Ba) over plain float64 slices, with the gradient clipped to
// a global L2 norm and, optionally, annealed Gaussian gradient noise of
// variance η/t^0.55 at update t (Neelakantan et al., 2015) and decoupled
// weight decay (AdamW, Loshchilov & Hutter, 2019).
package optim

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
)

// ErrNotFinite is returned when a gradient is NaN or infinite; the
// parameters are then left unchanged.
var ErrNotFinite = errors.New("loss or gradient is not finite")

// Adam holds the optimiser's state for a list of parameter slices, which it
// updates in place.
type Adam struct {
	LR       float64 // step size
	Clip     float64 // global-norm threshold; 0 disables clipping
	NoiseEta float64 // gradient noise η; 0 disables it
	// WeightDecay is λ of decoupled weight decay: every update also takes
	// LR·λ·w off each weight w (biases included); 0 disables it.
	WeightDecay float64
	params      [][]float64
	m, v        [][]float64
	t           int
	rng         *rand.Rand
}

// Config is the optimiser's settings: one type for every trainer.
type Config struct {
	LR          float64 `json:"lr"`           // Adam's step size
	Clip        float64 `json:"clip"`         // global-norm clipping threshold; 0 disables it
	Noise       float64 `json:"noise"`        // gradient noise η; 0 disables it
	WeightDecay float64 `json:"weight_decay"` // decoupled weight decay λ; 0 disables it
}

// Check reports a setting out of range, naming it.
func (c Config) Check() error {
	for _, f := range []struct {
		name string
		x    float64
	}{{"learning rate", c.LR}, {"gradient clipping threshold", c.Clip}, {"gradient noise η", c.Noise}, {"weight decay λ", c.WeightDecay}} {
		if math.IsNaN(f.x) || math.IsInf(f.x, 0) || f.x < 0 {
			return fmt.Errorf("the %s must be a finite number ≥ 0, got %v", f.name, f.x)
		}
	}
	if c.LR == 0 {
		return errors.New("the learning rate must be positive, got 0")
	}
	return nil
}

// New prepares Adam with the settings c for params; seed seeds the
// gradient noise.
func New(params [][]float64, c Config, seed int64) *Adam {
	a := &Adam{LR: c.LR, Clip: c.Clip, NoiseEta: c.Noise, WeightDecay: c.WeightDecay, params: params, rng: rand.New(rand.NewSource(seed))}
	for _, p := range params {
		a.m = append(a.m, make([]float64, len(p)))
		a.v = append(a.v, make([]float64, len(p)))
	}
	return a
}

// Steps is the number of updates made.
func (a *Adam) Steps() int { return a.t }

// Update applies one step with grads (one slice per parameter, in order)
// and returns the gradient's global norm before clipping.
func (a *Adam) Update(grads [][]float64) (float64, error) {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	if len(grads) != len(a.params) {
		return 0, fmt.Errorf("optim: %d gradients for %d parameters", len(grads), len(a.params))
	}
	norm := 0.0
	for _, g := range grads {
		for _, x := range g {
			norm += x * x
		}
	}
	norm = math.Sqrt(norm)
	if math.IsNaN(norm) || math.IsInf(norm, 0) {
		return norm, fmt.Errorf("%w (gradient norm %v)", ErrNotFinite, norm)
	}
	scale := 1.0
	if a.Clip > 0 && norm > a.Clip {
		scale = a.Clip / norm
	}
	a.t++
	sigma := 0.0
	if a.NoiseEta > 0 {
		sigma = math.Sqrt(a.NoiseEta / math.Pow(float64(a.t), 0.55))
	}
	c1 := 1 - math.Pow(beta1, float64(a.t))
	c2 := 1 - math.Pow(beta2, float64(a.t))
	for i, w := range a.params {
		m, v := a.m[i], a.v[i]
		for j, g := range grads[i] {
			g *= scale
			if sigma > 0 {
				g += sigma * a.rng.NormFloat64()
			}
			m[j] = beta1*m[j] + (1-beta1)*g
			v[j] = beta2*v[j] + (1-beta2)*g*g
			w[j] -= a.LR * ((m[j]/c1)/(math.Sqrt(v[j]/c2)+eps) + a.WeightDecay*w[j])
		}
	}
	return norm, nil
}

// FirstMoment returns the running mean of parameter i's gradients (for
// inspection).
func (a *Adam) FirstMoment(i int) []float64 { return a.m[i] }

// State is what a checkpoint keeps of the optimiser: the update count and
// the moment estimates, one slice per parameter.
type State struct {
	T int         `json:"t"`
	M [][]float64 `json:"m"`
	V [][]float64 `json:"v"`
}

// State returns a copy of the optimiser's state.
func (a *Adam) State() State {
	cp := func(x [][]float64) [][]float64 {
		out := make([][]float64, len(x))
		for i := range x {
			out[i] = append([]float64(nil), x[i]...)
		}
		return out
	}
	return State{T: a.t, M: cp(a.m), V: cp(a.v)}
}

// Restore sets the optimiser's state from a checkpoint; the moments must
// have the parameters' sizes.
func (a *Adam) Restore(s State) error {
	if len(s.M) != len(a.params) || len(s.V) != len(a.params) {
		return fmt.Errorf("optimiser state has %d and %d moment slices, want %d", len(s.M), len(s.V), len(a.params))
	}
	for i, p := range a.params {
		if len(s.M[i]) != len(p) || len(s.V[i]) != len(p) {
			return fmt.Errorf("optimiser state of parameter %d has %d and %d values, want %d", i, len(s.M[i]), len(s.V[i]), len(p))
		}
	}
	for i := range a.params {
		copy(a.m[i], s.M[i])
		copy(a.v[i], s.V[i])
	}
	a.t = s.T
	return nil
}

// Reseed restarts the gradient noise from seed, so that a run resumed
// from a checkpoint draws the same noise as one that was not interrupted
// (a trainer reseeds at the start of every epoch).
func (a *Adam) Reseed(seed int64) { a.rng = rand.New(rand.NewSource(seed)) }

package wap

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"time"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/optim"
	"github.com/d4lang/d4/reader"
)

// TrainConfig sets a training run. The defaults (DefaultTrainConfig) keep
// the paper's batch of 50 and Adam with global-norm clipping 1.0, and
// depart from its learning rate 0.02 for thousands of generated problems:
// learning rate 0.01, word dropout 0.1, at least 240 updates per model
// (one epoch: 18360 of the 54000 generated problems of a default `wap
// prepare --synthetic` in 368 updates, or 12240 of the 36000 added to CC
// with CC's 300 four times in them in 269), and five restarts trained at
// once, each on its own draw of a third of the generated problems and all
// of CC's, that answer as an ensemble (the README's word-problem section
// gives the measurements).
type TrainConfig struct {
	Epochs   int
	Batch    int
	LR       float64
	Clip     float64
	NoiseEta float64
	// WeightDecay is the decoupled weight decay λ of Adam (0: none).
	WeightDecay float64
	Seed        int64
	// WordDropout replaces each word token of a training story (not the
	// numbers) by the unknown token with this probability, afresh at every
	// update: a regulariser against memorising rare words.
	WordDropout float64
	// Patience stops training when the dev accuracy has not improved for
	// this many epochs (0: never).
	Patience int
	// Bag is the share of the generated training problems a run trains
	// on (0 or 1: all), drawn from Seed, so that the restarts of an
	// ensemble see different problems (bagging); every problem that is not
	// generated (CC's) is always trained on.
	Bag float64
	// CCPasses is the fewest times a run trains on each problem that is
	// not generated (CC's): with fewer epochs than that, every epoch holds
	// those problems ⌈CCPasses/epochs⌉ times, so that a run of one epoch
	// over many generated problems still sees CC's as often as a run of
	// several epochs over fewer (0 or 1: once an epoch).
	CCPasses int
	// Updates sets the number of epochs when Epochs is 0: as many as make
	// at least Updates updates (see EpochsFor).
	Updates int
	// Lexicon gives the reader the WordNet classes of the words (package
	// lexicon) beside their embeddings.
	Lexicon bool
	// Restarts is how many models `wap train` trains (seeds Seed, Seed+1,
	// …), which answer together as an ensemble.
	Restarts int
	// OnBatch is told after every update (for a progress bar); an error
	// it returns stops training with that error.
	OnBatch func(epoch, batch, batches int, loss float64) error
	// OnEpoch is told after every epoch; an error it returns stops training
	// (the epoch is finished, so a checkpoint written there is complete).
	OnEpoch func(r EpochReport) error
}

// EpochSize is the number of problems in an epoch of a run on train: its
// bag (Bag), with CC's problems repeated (CCPasses).
func (c TrainConfig) EpochSize(train []*Problem) int {
	epoch, _ := c.epochProblems(train)
	return len(epoch)
}

// EpochsFor returns the number of epochs of a run on train: Epochs, or
// when it is 0, as many as make at least Updates updates.
func (c TrainConfig) EpochsFor(train []*Problem) int {
	return c.epochsFor(len(c.bagged(train)))
}

// epochsFor is EpochsFor for a bag of n problems.
func (c TrainConfig) epochsFor(n int) int {
	if c.Epochs > 0 {
		return c.Epochs
	}
	batches := (n + c.Batch - 1) / c.Batch
	return max(1, (c.Updates+batches-1)/max(batches, 1))
}

// epochProblems returns the problems of an epoch of a run on train (its
// bag, with CC's problems repeated) and the run's number of epochs.
func (c TrainConfig) epochProblems(train []*Problem) ([]*Problem, int) {
	bag := c.bagged(train)
	e := c.epochsFor(len(bag))
	return repeatFixed(bag, (c.CCPasses+e-1)/e), e
}

// bagged returns the training problems of a run (see Bag), in their order.
func (c TrainConfig) bagged(train []*Problem) []*Problem {
	var gen []int
	for i, p := range train {
		if p.Generated {
			gen = append(gen, i)
		}
	}
	if c.Bag <= 0 || c.Bag >= 1 || len(gen) == 0 {
		return train
	}
	k := max(1, int(math.Ceil(c.Bag*float64(len(gen)))))
	rng := rand.New(rand.NewSource(c.Seed*1000003 + 17))
	rng.Shuffle(len(gen), func(i, j int) { gen[i], gen[j] = gen[j], gen[i] })
	drop := map[int]bool{}
	for _, i := range gen[k:] {
		drop[i] = true
	}
	out := make([]*Problem, 0, len(train)-len(drop))
	for i, p := range train {
		if !drop[i] {
			out = append(out, p)
		}
	}
	return out
}

// repeatFixed returns train with each problem that is not generated
// repeated to k copies (k ≤ 1: train as it is).
func repeatFixed(train []*Problem, k int) []*Problem {
	if k <= 1 {
		return train
	}
	out := slices.Clone(train)
	for _, p := range train {
		if !p.Generated {
			for range k - 1 {
				out = append(out, p)
			}
		}
	}
	return out
}

// DefaultTrainConfig returns the defaults (see TrainConfig).
func DefaultTrainConfig() TrainConfig {
	return TrainConfig{Updates: 240, Batch: 50, LR: 0.01, Clip: 1, NoiseEta: 0, Seed: 1, WordDropout: 0.1, Restarts: 5, Bag: 0.34, CCPasses: 4}
}

// EpochReport is what an epoch achieved.
type EpochReport struct {
	Epoch    int     // 1-based
	Loss     float64 // mean training loss of the epoch's updates
	TrainAcc float64 // percent of the first trainAccSample training problems answered correctly after the epoch, deciding by argmax
	DevAcc   float64 // percent of dev problems answered correctly (Accuracy)
	DevLoss  float64 // mean loss on dev
	Best     bool    // the best dev accuracy so far (ties go to the lower dev loss)
	Seconds  float64 // wall time of the epoch, evaluation included
}

// Trainer trains a model end to end and keeps the optimiser's state, so that
// a run can be checkpointed and resumed exactly.
type Trainer struct {
	M        *Model
	Cfg      TrainConfig
	Adam     *optim.Adam
	Epoch    int     // epochs finished
	Best     float64 // best dev accuracy so far (−1 before the first epoch)
	BestLoss float64 // dev loss at BestAt
	BestAt   int     // epoch of Best
	graphs   map[[2]int]*graph
}

// NewTrainer prepares a trainer for m.
func NewTrainer(m *Model, cfg TrainConfig) (*Trainer, error) {
	if cfg.Epochs < 0 || cfg.Epochs == 0 && cfg.Updates < 1 || cfg.Batch < 1 || !(cfg.LR > 0) || !(cfg.Bag >= 0 && cfg.Bag <= 1) {
		return nil, fmt.Errorf("wap: training needs epochs ≥ 1 (or updates ≥ 1), batch ≥ 1, a positive learning rate and a bag share in [0, 1], got %d (%d), %d, %v, %v", cfg.Epochs, cfg.Updates, cfg.Batch, cfg.LR, cfg.Bag)
	}
	var params [][]float64
	for _, t := range m.tensors() {
		params = append(params, t.Data().([]float64))
	}
	adam := optim.New(params, cfg.LR, cfg.Clip, cfg.NoiseEta, cfg.Seed)
	adam.WeightDecay = cfg.WeightDecay
	return &Trainer{M: m, Cfg: cfg, Adam: adam, Best: -1, BestLoss: math.Inf(1), graphs: map[[2]int]*graph{}}, nil
}

// trainAccSample is the number of training problems (the first ones) on
// which an epoch's training accuracy is measured: enough to follow
// training, without the cost of reading every problem again.
const trainAccSample = 500

// errStop is returned by tests' OnEpoch to stop early.
var errStop = errors.New("stop")

// maxLen is the longest story of a set of problems.
func maxLen(ps []*Problem) int {
	n := 0
	for _, p := range ps {
		n = max(n, len(p.IDs))
	}
	return n
}

// step runs one update on a batch.
func (tr *Trainer) step(batch []*Problem, T int) (float64, error) {
	key := [2]int{len(batch), T}
	gr, ok := tr.graphs[key]
	if !ok {
		var err error
		if gr, err = tr.M.newGraph(len(batch), T, true); err != nil {
			return 0, err
		}
		tr.graphs[key] = gr
	}
	loss, _, err := tr.M.run(gr, batch)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(loss) || math.IsInf(loss, 0) {
		return loss, fmt.Errorf("wap: the loss is %v: %w", loss, optim.ErrNotFinite)
	}
	grads := make([][]float64, len(gr.grads))
	for i, g := range gr.grads {
		grads[i] = g.Value().Data().([]float64)
	}
	if _, err := tr.Adam.Update(grads); err != nil {
		return loss, fmt.Errorf("wap: update %d: %w", tr.Adam.Steps()+1, err)
	}
	return loss, nil
}

// Train runs the remaining epochs on train, scoring dev after each one.
// Every example of train is used once per epoch, in an order drawn from
// the seed and the epoch (so a resumed run sees the same batches); a last
// batch smaller than the batch size is trained on as it is.
func (tr *Trainer) Train(train, dev []*Problem) error {
	if len(train) == 0 {
		return errors.New("wap: no training problems")
	}
	T := maxLen(train)
	train, tr.Cfg.Epochs = tr.Cfg.epochProblems(train)
	cfg := tr.Cfg
	batches := (len(train) + cfg.Batch - 1) / cfg.Batch
	for tr.Epoch < cfg.Epochs {
		start := time.Now()
		epoch := tr.Epoch + 1
		rng := rand.New(rand.NewSource(cfg.Seed*7919 + int64(epoch)))
		tr.Adam.Reseed(cfg.Seed*104729 + int64(epoch))
		order := rng.Perm(len(train))
		total := 0.0
		for b := 0; b < batches; b++ {
			var batch []*Problem
			for _, i := range order[b*cfg.Batch : min(len(order), (b+1)*cfg.Batch)] {
				batch = append(batch, dropWords(train[i], cfg.WordDropout, rng))
			}
			loss, err := tr.step(batch, T)
			if err != nil {
				return fmt.Errorf("epoch %d, batch %d: %w", epoch, b+1, err)
			}
			total += loss
			if cfg.OnBatch != nil {
				if err := cfg.OnBatch(epoch, b+1, batches, loss); err != nil {
					return err
				}
			}
		}
		trainAcc, err := tr.M.accuracyWith(train[:min(len(train), trainAccSample)], DecodeArgmax)
		if err != nil {
			return err
		}
		devAcc, devLoss := math.NaN(), math.NaN()
		if len(dev) > 0 {
			if devAcc, devLoss, err = tr.M.Evaluate(dev); err != nil {
				return err
			}
		}
		tr.Epoch = epoch
		r := EpochReport{Epoch: epoch, Loss: total / float64(batches), TrainAcc: trainAcc, DevAcc: devAcc, DevLoss: devLoss}
		score, scoreLoss := devAcc, devLoss
		if len(dev) == 0 {
			score, scoreLoss = trainAcc, r.Loss
		}
		// The best epoch has the highest accuracy, and of equal ones the
		// lowest loss.
		if score > tr.Best || score == tr.Best && scoreLoss < tr.BestLoss {
			tr.Best, tr.BestLoss, tr.BestAt, r.Best = score, scoreLoss, epoch, true
		}
		r.Seconds = time.Since(start).Seconds()
		if cfg.OnEpoch != nil {
			if err := cfg.OnEpoch(r); err != nil {
				return err
			}
		}
		if cfg.Patience > 0 && epoch-tr.BestAt >= cfg.Patience {
			break
		}
	}
	return nil
}

// dropWords returns p with each word token replaced by the unknown token
// with probability rate (p itself when rate is 0).
func dropWords(p *Problem, rate float64, rng *rand.Rand) *Problem {
	if rate <= 0 {
		return p
	}
	q := *p
	q.IDs = append([]int(nil), p.IDs...)
	isNum := map[int]bool{}
	for _, pos := range p.NumPos {
		isNum[pos] = true
	}
	for t := range q.IDs {
		if !isNum[t] && rng.Float64() < rate {
			q.IDs[t] = reader.UnkID
		}
	}
	return &q
}

// Accuracy returns the percentage of problems whose answer the model gets
// right: the exact value of the formula of its decisions, decoded sensibly,
// as `wap answer` and `wap eval` give it (Ensemble.ExactAccuracy).
func (m *Model) Accuracy(ps []*Problem) (float64, error) {
	if len(ps) == 0 {
		return math.NaN(), nil
	}
	return m.accuracyWith(ps, DecodeSensible)
}

// Evaluate returns the accuracy (percent, as Accuracy) and the mean loss of
// ∂4's soft answer on problems.
func (m *Model) Evaluate(ps []*Problem) (acc, loss float64, err error) {
	if len(ps) == 0 {
		return math.NaN(), math.NaN(), nil
	}
	if _, loss, err = m.answers(ps); err != nil {
		return 0, 0, err
	}
	if acc, err = m.Accuracy(ps); err != nil {
		return 0, 0, err
	}
	return acc, loss, nil
}

// evalBatch is the batch size of forward-only evaluation.
const evalBatch = 100

// answers returns the answers and the mean loss (over problems with a
// known answer).
func (m *Model) answers(ps []*Problem) ([]int, float64, error) {
	T := maxLen(ps)
	if m.evalGraphs == nil {
		m.evalGraphs = map[[2]int]*graph{}
	}
	sz := m.Machine.Sizes
	S := sz.Len()
	var out []int
	total := 0.0
	for lo := 0; lo < len(ps); lo += evalBatch {
		chunk := ps[lo:min(len(ps), lo+evalBatch)]
		key := [2]int{len(chunk), T}
		gr, ok := m.evalGraphs[key]
		if !ok {
			var err error
			if gr, err = m.newGraph(len(chunk), T, false); err != nil {
				return nil, 0, err
			}
			m.evalGraphs[key] = gr
		}
		loss, final, err := m.run(gr, chunk)
		if err != nil {
			return nil, 0, err
		}
		total += loss * float64(len(chunk))
		for b := range chunk {
			out = append(out, mathx.Argmax(final[b*S:b*S+sz.V]))
		}
	}
	return out, total / float64(len(ps)), nil
}

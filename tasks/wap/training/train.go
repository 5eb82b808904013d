package training

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"slices"

	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/optim"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/vectors"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
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
	Epochs int
	Batch  int
	// model.Config holds Adam's settings: the learning rate, the global-norm
	// clipping threshold, the gradient noise η and the decoupled weight
	// decay λ.
	optim.Config
	Seed int64
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
	// QuestionReader makes the heap's cells read the question
	// (model.Model.AddQuestionReader).
	QuestionReader bool
	// Prior gives the models a learned prior over the result
	// (model.Model.AddPrior), trained with them.
	Prior bool
	// Vectors, when not nil, are pretrained word vectors the reader starts
	// from (model.Model.UseVectors), kept fixed with VectorsFixed.
	Vectors      *vectors.Set
	VectorsFixed bool
	// Restarts is how many models `wap train` trains (seeds Seed, Seed+1,
	// …), which answer together as an ensemble.
	Restarts int
	// Supervise is what the models train on: the answers (the default)
	// or the problems' equations (model.Supervision).
	Supervise model.Supervision
}

// EpochSize is the number of problems in an epoch of a run on train: its
// bag (Bag), with CC's problems repeated (CCPasses).
func (c TrainConfig) EpochSize(train []*model.Problem) int {
	epoch, _ := c.epochProblems(train)
	return len(epoch)
}

// EpochsFor returns the number of epochs of a run on train: Epochs, or
// when it is 0, as many as make at least Updates updates.
func (c TrainConfig) EpochsFor(train []*model.Problem) int {
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
func (c TrainConfig) epochProblems(train []*model.Problem) ([]*model.Problem, int) {
	bag := c.bagged(train)
	e := c.epochsFor(len(bag))
	return repeatFixed(bag, (c.CCPasses+e-1)/e), e
}

// bagged returns the training problems of a run (see Bag), in their order.
func (c TrainConfig) bagged(train []*model.Problem) []*model.Problem {
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
	out := make([]*model.Problem, 0, len(train)-len(drop))
	for i, p := range train {
		if !drop[i] {
			out = append(out, p)
		}
	}
	return out
}

// repeatFixed returns train with each problem that is not generated
// repeated to k copies (k ≤ 1: train as it is).
func repeatFixed(train []*model.Problem, k int) []*model.Problem {
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
	return TrainConfig{Updates: 240, Batch: 50, Config: optim.Config{LR: 0.01, Clip: 1}, Seed: 1, WordDropout: 0.1, Restarts: 5, Bag: 0.34, CCPasses: 4}
}

// check reports a setting out of range.
func (c TrainConfig) check() error {
	if c.Epochs < 0 || c.Epochs == 0 && c.Updates < 1 || c.Batch < 1 || !(c.Bag >= 0 && c.Bag <= 1) {
		return fmt.Errorf("wap: training needs epochs ≥ 1 (or updates ≥ 1), batch ≥ 1 and a bag share in [0, 1], got %d (%d), %d, %v", c.Epochs, c.Updates, c.Batch, c.Bag)
	}
	return c.Config.Check()
}

// trainAccSample is the number of training problems (the first ones) on
// which an epoch's training accuracy is measured: enough to follow
// training, without the cost of reading every problem again.
const trainAccSample = 500

// Run is how a model trains: its progress, its checkpoints after every
// epoch, the state it resumes from, and Stop, which ends training before
// an update when it says so (wap bench's, once its steps are timed; each
// may be nil).
type Run struct {
	Progress   fit.Progress
	Checkpoint func(*fit.State) error
	Resume     *fit.State
	Stop       func() bool
}

// ErrStopped is Train's error when Run.Stop ended training.
var ErrStopped = errors.New("wap: training stopped as asked")

// errNoProblems is the error of a run without training problems.
var errNoProblems = errors.New("wap: no training problems")

// Train trains the one model m end to end on train with package
// learn/fit's driver for cfg's epochs (EpochsFor), scoring dev after each
// one, and leaves in m the parameters of the best epoch: the highest dev
// accuracy, then the lowest dev loss (without dev problems: the training
// accuracy and loss). Each epoch's order, word dropout and gradient noise
// are drawn from the seed and the epoch (fit.PerEpoch), so a resumed run
// is the uninterrupted one; a last batch smaller than the batch size is
// trained on as it is. TrainModels trains a run's restarts.
func Train(m *model.Model, cfg TrainConfig, train, dev []*model.Problem, r Run) (fit.Result, error) {
	if err := cfg.check(); err != nil {
		return fit.Result{}, err
	}
	if len(train) == 0 {
		return fit.Result{}, errNoProblems
	}
	meth := newMethod(m, cfg, train, dev)
	meth.stop = r.Stop
	fc := cfg.fitConfig(cfg.EpochsFor(train))
	fc.Progress, fc.Checkpoint = r.Progress, r.Checkpoint
	return fit.Run(func(int, int64) (fit.Method, error) { return meth, nil }, len(meth.train), fc, r.Resume)
}

// fitConfig is the driver's configuration of a run of epochs.
func (c TrainConfig) fitConfig(epochs int) fit.Config {
	return fit.Config{Config: c.Config, Batch: c.Batch, Epochs: epochs, Patience: c.Patience, Seed: c.Seed, Randomness: fit.PerEpoch}
}

// newMethod is the model m as the driver trains it with c on train (its
// epoch's problems) and dev.
func newMethod(m *model.Model, c TrainConfig, train, dev []*model.Problem) *method {
	epoch, _ := c.epochProblems(train)
	return &method{m: m, tr: m.NewTrainer(epoch), train: epoch, dev: dev, dropout: c.WordDropout}
}

// method is the model as learn/fit's driver trains it (fit.Method).
type method struct {
	m          *model.Model
	tr         *model.Trainer
	train, dev []*model.Problem
	dropout    float64
	stop       func() bool // Run.Stop
	lossSum    float64     // of the epoch's batches so far
	batches    int
}

func (t *method) Params() [][]float64 { return t.m.ParamData() }

// Gradient runs a batch, each word of its stories dropped with the word
// dropout's probability (drawn from the epoch's stream, in batch order).
func (t *method) Gradient(idx []int, rng *rand.Rand) (float64, [][]float64, error) {
	if t.stop != nil && t.stop() {
		return 0, nil, ErrStopped
	}
	batch := make([]*model.Problem, len(idx))
	for j, i := range idx {
		batch[j] = dropWords(t.train[i], t.dropout, rng)
	}
	loss, grads, err := t.tr.Gradient(batch)
	if err != nil {
		return 0, nil, err
	}
	t.lossSum += loss
	t.batches++
	return loss, grads, nil
}

// Evaluate scores the dev accuracy (the exact answers, as `wap eval`
// gives them), ties going to the lower dev loss; the training accuracy of
// the first trainAccSample problems, deciding by argmax, is a figure.
func (t *method) Evaluate(epoch int, _ *fit.Score) (fit.Score, error) {
	trainLoss := t.lossSum / float64(max(t.batches, 1))
	t.lossSum, t.batches = 0, 0
	trainAcc, err := answer.Accuracy(t.m, t.train[:min(len(t.train), trainAccSample)], answer.DecodeArgmax)
	if err != nil {
		return fit.Score{}, err
	}
	acc, loss := trainAcc, trainLoss
	if len(t.dev) > 0 {
		if acc, loss, err = evaluate(t.m, t.dev); err != nil {
			return fit.Score{}, err
		}
	}
	figures := map[string]float64{"train_accuracy": trainAcc}
	tie := 0.0 // no dev problem the loss scores: the earlier epoch wins a tie
	if !math.IsNaN(loss) {
		figures["dev_loss"], tie = loss, -loss
	}
	return fit.Score{Accuracy: acc, Tie: []float64{tie}, Figures: figures}, nil
}

// dropWords returns p with each word token replaced by the unknown token
// with probability rate (p itself when rate is 0).
func dropWords(p *model.Problem, rate float64, rng *rand.Rand) *model.Problem {
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

// evaluate returns the accuracy of a model on problems (their exact
// answers, decoded sensibly, as `wap answer` and `wap eval` give them) and
// the mean loss of ∂4's soft answer.
func evaluate(m *model.Model, ps []*model.Problem) (acc, loss float64, err error) {
	if len(ps) == 0 {
		return math.NaN(), math.NaN(), nil
	}
	if loss, _, err = m.MeanLoss(ps); err != nil {
		return 0, 0, err
	}
	if acc, err = answer.Accuracy(m, ps, answer.DecodeSensible); err != nil {
		return 0, 0, err
	}
	return acc, loss, nil
}

package learn

import (
	"fmt"
	"math"
	"math/rand"
	"time"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// Options configures Train. The zero value of a size or of Steps means
// "find it from the data"; DefaultOptions gives the optimiser's settings.
type Options struct {
	ValueSize int // 0: one more than the largest value in the data or the sketch's literals
	StackSize int // 0: the deepest stack a measured run reaches, plus 3
	HeapSize  int // 0: the cells the sketch's variables take
	Steps     int // 0: found by FindBudget (and grown while training when control depends on the slots)
	// Path, with Steps, is the path of a run of that length (the tasks'
	// oracle knows it); it sizes the block optimisation.
	Path []int

	Batch     int     // examples per update
	LR        float64 // Adam's step size
	MaxEpochs int     // epochs at most
	Patience  int     // stop after this many epochs without a better dev accuracy
	// Settle keeps training this many epochs after dev and training
	// accuracy first reach 100%, keeping the latest parameters while both
	// stay there: the margins of the slots' decisions grow.
	Settle      int
	NoiseEta    float64 // gradient noise η (0: none)
	WeightDecay float64 // decoupled weight decay λ (0: none)
	Seed        int64   // restart k uses Seed+k for its weights, shuffling and noise
	Restarts    int     // models trained; the best by dev accuracy is kept
	// Optim is the execution while training (d4.Mode; flags and JSON
	// files name it: naive, collapse, interpolate, static or all).
	Optim d4.Mode

	// Dir, if set, is the model directory: after every finished epoch it
	// holds the best model so far and a checkpoint, published as a unit;
	// Train holds its lock and checks it before training. Resume continues
	// from the checkpoint.
	Dir    string
	Resume bool
	// Progress, if set, is called after every update and every epoch.
	Progress func(Progress)
	// Meta is stored with the model.
	Meta map[string]string
}

// DefaultOptions are the settings of `d4 train`: Adam with learning rate
// 1.0 and batches of 32 as the paper trains its sort sketches, clipping
// 1.0, early stopping after 20 epochs without a better dev accuracy, at
// most 100 epochs, one restart, and no gradient noise: on the README's
// sketches the paper's η = 0.01 took 45 epochs where none took 6, and on
// addition noise hurt generalisation (package addition).
func DefaultOptions() Options {
	return Options{Batch: 32, LR: 1.0, MaxEpochs: 100, Patience: 20, Seed: 1, Restarts: 1, Optim: d4.ModeAll}
}

// Check reports an option out of range, naming its flag.
func (o Options) Check() error {
	for _, f := range []struct {
		name string
		x    float64
	}{{"--lr", o.LR}, {"--noise", o.NoiseEta}, {"--weight-decay", o.WeightDecay}} {
		if math.IsNaN(f.x) || math.IsInf(f.x, 0) || f.x < 0 {
			return fmt.Errorf("%s must be a finite number ≥ 0, got %v", f.name, f.x)
		}
	}
	switch {
	case o.LR == 0:
		return fmt.Errorf("--lr must be positive, got 0")
	case o.Batch < 1 || o.MaxEpochs < 1 || o.Restarts < 1:
		return fmt.Errorf("--batch, --epochs and --restarts must be at least 1, got %d, %d and %d", o.Batch, o.MaxEpochs, o.Restarts)
	case o.Patience < 0 || o.Settle < 0 || o.Steps < 0 || o.ValueSize < 0 || o.StackSize < 0 || o.HeapSize < 0:
		return fmt.Errorf("--patience, --settle, --steps and the sizes must not be negative")
	case o.Restarts > 1000:
		return fmt.Errorf("--restarts must be at most 1000, got %d", o.Restarts)
	}
	return nil
}

// Sketch is a sketch's source and the name it was loaded from.
type Sketch struct {
	File, Src string
}

// Split is a set of examples and the file they came from (for messages).
type Split struct {
	File string
	Rows []data.Example
}

// where names a row of a split for messages.
func (s Split) where(i int) string {
	row := s.Rows[i].Row
	if row == 0 {
		row = i + 1
	}
	return fmt.Sprintf("%s row %d", s.File, row)
}

// examples converts a split for the machine.
func (s Split) examples() []d4.Example {
	out := make([]d4.Example, len(s.Rows))
	for i, r := range s.Rows {
		out[i] = d4.Example{Init: r.Input, Target: r.Output}
	}
	return out
}

// Progress reports training progress.
type Progress struct {
	Restart, Epoch, Update, UpdatesPerEpoch int
	Loss                                    float64
	DevHamming                              float64 // after an epoch, else -1
	Steps                                   int     // the current step budget T
	Machine                                 *d4.Machine
}

// Report is how training went: the selected restart's figures (percent).
type Report struct {
	Epochs        int     `json:"epochs"`
	BestEpoch     int     `json:"best_epoch"`
	TrainSeconds  float64 `json:"train_seconds"`
	DevHamming    float64 `json:"dev_hamming_accuracy"`
	DevSequence   float64 `json:"dev_sequence_accuracy"`
	TrainHamming  float64 `json:"train_hamming_accuracy"`
	TrainSequence float64 `json:"train_sequence_accuracy"`
	MsPerUpdate   float64 `json:"ms_per_update"`
	ValueSize     int     `json:"value_size"`
	StackSize     int     `json:"stack_size"`
	Steps         int     `json:"steps"`
	StaticControl bool    `json:"static_control"`
	Seed          int64   `json:"seed"`
	Restart       int     `json:"restart"`
	Restarts      int     `json:"restarts"`
	TrainRows     int     `json:"train_rows"`
	DevRows       int     `json:"dev_rows"`
	// Stopped says why the selected restart stopped early, if it failed.
	Stopped string `json:"stopped,omitempty"`
}

// Train trains the slots of a sketch on input/output pairs and returns the
// best model by dev accuracy (dev: train itself when it has no rows). It
// checks the data first: every value must lie below the value size and
// every input and output must fit the stacks, or the error names the file
// and row. With o.Dir, the model directory is written after every finished
// epoch (never before the first one finishes).
func Train(sk Sketch, train, dev Split, o Options) (*Model, Report, error) {
	if err := o.Check(); err != nil {
		return nil, Report{}, err
	}
	code, err := forth.ParseAndCompile(sk.File, sk.Src)
	if err != nil {
		return nil, Report{}, err
	}
	if len(code.Slots) == 0 {
		return nil, Report{}, fmt.Errorf("sketch %s has no slots: there is nothing to train (run it with 'd4 run %s')", sk.File, sk.File)
	}
	if len(train.Rows) == 0 {
		return nil, Report{}, fmt.Errorf("no training examples")
	}
	if len(dev.Rows) == 0 {
		dev = train
	}
	s, err := newSession(sk, code, train, dev, o)
	if err != nil {
		return nil, Report{}, err
	}
	defer s.close()
	return s.run()
}

// ValueSize returns the value size data needs: one more than its largest
// value and than the largest literal of the code (at least 2).
func ValueSize(code *forth.Code, splits ...Split) int {
	v := max(2, literalMax(code)+1)
	for _, s := range splits {
		for _, r := range s.Rows {
			for _, x := range r.Input {
				v = max(v, x+1)
			}
			for _, x := range r.Output {
				v = max(v, x+1)
			}
		}
	}
	return v
}

// CheckRows reports the first row with a value outside 0 … v−1 or with an
// input or output longer than a stack of size l holds (l ≤ 0: no check).
func CheckRows(s Split, v, l int, hint string) error {
	for i, r := range s.Rows {
		for _, col := range []struct {
			name string
			xs   []int
		}{{"input", r.Input}, {"output", r.Output}} {
			for j, x := range col.xs {
				if x < 0 || x >= v {
					return fmt.Errorf("%s: %s value %d is %d, outside the value size %d (values 0 … %d)%s", s.where(i), col.name, j+1, x, v, v-1, hint)
				}
			}
			if l > 0 && len(col.xs) > l-1 {
				return fmt.Errorf("%s: the %s of %d values does not fit a stack of size %d (it holds %d)", s.where(i), col.name, len(col.xs), l, l-1)
			}
		}
	}
	return nil
}

// session is one call of Train.
type session struct {
	sk         Sketch
	code       *forth.Code
	train, dev Split
	o          Options
	budget     Budget
	v          int
	start      time.Time
	w          *Writer     // the model directory (Options.Dir), or nil
	ck         *checkpoint // resumed from, or nil
	results    []restartResult
}

func newSession(sk Sketch, code *forth.Code, train, dev Split, o Options) (*session, error) {
	s := &session{sk: sk, code: code, train: train, dev: dev, o: o, v: o.ValueSize, start: time.Now()}
	if s.v == 0 {
		s.v = ValueSize(code, train, dev)
	}
	if s.v > d4.MaxValueSize {
		return nil, fmt.Errorf("the data needs value size %d, more than ∂4's %d (values must lie below it)", s.v, d4.MaxValueSize)
	}
	hint := "; give a larger --value-size"
	for _, sp := range []Split{train, dev} {
		if err := CheckRows(sp, s.v, o.StackSize, hint); err != nil {
			return nil, err
		}
	}
	inputs := make([][]int, len(train.Rows))
	rows := make([]string, len(train.Rows))
	for i, r := range train.Rows {
		inputs[i], rows[i] = r.Input, train.where(i)
	}
	var err error
	if o.Steps > 0 && o.Path != nil && o.StackSize > 0 {
		s.budget = Budget{Steps: o.Steps, Path: o.Path, StackSize: o.StackSize}
		s.budget.Static = isStatic(code, s.v, o.HeapSize, inputs[0], o.Steps)
	} else if s.budget, err = FindBudget(code, s.v, o.HeapSize, inputs, rows, o.Steps, o.StackSize); err != nil {
		return nil, err
	}
	if s.budget.StackSize > d4.MaxStackSize {
		return nil, fmt.Errorf("the runs need stacks of %d cells, more than ∂4's %d", s.budget.StackSize, d4.MaxStackSize)
	}
	for _, sp := range []Split{train, dev} {
		if err := CheckRows(sp, s.v, s.budget.StackSize, hint); err != nil {
			return nil, err
		}
	}
	if o.Dir != "" {
		if s.w, err = openLocked(o.Dir, s.prepareDir); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// close releases the model directory, if any.
func (s *session) close() {
	if s.w != nil {
		s.w.Close()
	}
}

// isStatic reports whether control flow is static on an input.
func isStatic(code *forth.Code, v, h int, input []int, steps int) bool {
	cfg := symbolic.Config{ValueSize: v, StackSize: 4*len(input) + 16, HeapSize: h, MaxSteps: steps}
	_, err := symbolic.StaticTrace(code, cfg, input, symbolic.FirstChoice{}, nil)
	return err == nil
}

// restartResult is a finished (or failed) restart; a checkpoint holds its
// Params as tensors and the rest as JSON.
type restartResult struct {
	Seed       int64       `json:"seed"`
	Params     [][]float64 `json:"-"`
	Report     Report      `json:"report"`
	Seconds    float64     `json:"seconds"`
	StepBudget int         `json:"steps"`
	Path       []int       `json:"path"`
}

// better reports whether result a beats b: dev Hamming accuracy, then dev
// sequence accuracy, then training accuracy (an earlier restart wins ties).
func (a restartResult) better(b restartResult) bool {
	ra, rb := a.Report, b.Report
	if ra.DevHamming != rb.DevHamming {
		return ra.DevHamming > rb.DevHamming
	}
	if ra.DevSequence != rb.DevSequence {
		return ra.DevSequence > rb.DevSequence
	}
	return ra.TrainHamming > rb.TrainHamming
}

// run trains every restart and keeps the best.
func (s *session) run() (*Model, Report, error) {
	first := 0
	if s.ck != nil {
		s.results, first = s.ck.Done, len(s.ck.Done)
	}
	var lastErr error
	for k := first; k < s.o.Restarts; k++ {
		res, err := s.restart(k)
		if err != nil && res.Params == nil {
			return nil, res.Report, err // nothing trained
		}
		if err != nil {
			res.Report.Stopped = err.Error()
		}
		s.results = append(s.results, res)
		if err != nil && s.o.Restarts == 1 {
			lastErr = err
		}
	}
	best := s.results[0]
	for _, r := range s.results[1:] {
		if r.better(best) {
			best = r
		}
	}
	m, err := s.modelOf(best)
	if err != nil {
		return nil, best.Report, err
	}
	rep := best.Report
	rep.TrainSeconds = s.elapsed()
	m.Config = s.config(rep)
	if s.w != nil {
		if err := s.w.publish(m, m.Config, nil); err != nil {
			return m, rep, err
		}
	}
	return m, rep, lastErr
}

// newModel builds the untrained model of a restart.
func (s *session) newModel(seed int64) (*d4.Model, error) {
	return d4.NewModel(s.sk.File, s.sk.Src, s.v, s.budget.StackSize, s.o.HeapSize, seed)
}

// modelOf returns the model of a restart's result.
func (s *session) modelOf(r restartResult) (*Model, error) {
	m, err := s.newModel(r.Seed)
	if err != nil {
		return nil, err
	}
	restore(m.Machine, r.Params)
	for k, v := range s.o.Meta {
		m.Meta[k] = v
	}
	return &Model{Model: m, Steps: r.StepBudget, Static: s.budget.Static}, nil
}

// restart trains restart k (continuing a checkpoint of it if there is one).
func (s *session) restart(k int) (restartResult, error) {
	seed := s.o.Seed + int64(k)
	m, err := s.newModel(seed)
	if err != nil {
		return restartResult{}, err
	}
	f := &fit{s: s, k: k, m: m, seed: seed, budget: s.budget}
	f.best, f.bestTrain, f.settled = -1, -1, -1
	if s.ck != nil && s.ck.Restart == k {
		if err := f.restore(&s.ck.Fit); err != nil {
			return restartResult{}, err
		}
	}
	return f.run()
}

func snapshot(m *d4.Machine) [][]float64 {
	var out [][]float64
	for _, p := range m.Params() {
		out = append(out, append([]float64(nil), p.T.Data().([]float64)...))
	}
	return out
}

func restore(m *d4.Machine, params [][]float64) {
	if params == nil {
		return
	}
	for i, p := range m.Params() {
		copy(p.T.Data().([]float64), params[i])
	}
}

// fit is the training of one restart: the loop that `d4 train` and the
// tasks share.
type fit struct {
	s       *session
	k       int
	m       *d4.Model
	seed    int64
	budget  Budget
	tr      *d4.Trainer
	rng     *rand.Rand
	train   []d4.Example
	spent   time.Duration
	updates int
	seconds float64 // of earlier sessions (resumed)

	epoch                     int // epochs finished
	best, bestTrain           float64
	bestSeq, bestTrainSeq     float64
	bestEpoch, stale, settled int
	bestParams                [][]float64
}

// newTrainer (re)builds the trainer for the current budget, keeping the
// optimiser's state.
func (f *fit) newTrainer() {
	o := f.s.o
	if f.tr != nil {
		f.tr = f.tr.Resized(f.budget.Steps, f.budget.Path)
		return
	}
	cfg := d4.TrainConfig{LearningRate: o.LR, Clip: 1.0, NoiseEta: o.NoiseEta, WeightDecay: o.WeightDecay, Seed: f.seed}
	f.tr = d4.NewTrainer(f.m.Machine, d4.TrainerConfig{TrainConfig: cfg, Steps: f.budget.Steps, Mode: o.Optim, Path: f.budget.Path})
}

// run trains until a stopping rule holds: dev and training accuracy both at
// 100% (after Settle more epochs), Patience epochs without a better dev
// accuracy, or MaxEpochs. The parameters kept are the best by dev accuracy
// (ties: training accuracy).
func (f *fit) run() (restartResult, error) {
	o := f.s.o
	f.newTrainer()
	if f.rng == nil {
		f.rng = rand.New(rand.NewSource(f.seed))
		f.train = f.s.train.examples()
	}
	dev := f.s.dev.examples()
	perEpoch := (len(f.train) + o.Batch - 1) / o.Batch
	for !f.done() {
		if err := f.epochUpdates(perEpoch); err != nil {
			restore(f.m.Machine, f.bestParams)
			return f.result(), err
		}
		f.epoch++
		sc, err := Evaluate(f.m, dev, Hybrid, 0, 0, nil)
		if err != nil {
			return f.result(), err
		}
		if o.Progress != nil {
			o.Progress(Progress{Restart: f.k, Epoch: f.epoch, Update: f.updates, UpdatesPerEpoch: perEpoch, DevHamming: sc.Hamming, Steps: f.budget.Steps, Machine: f.m.Machine})
		}
		if err := f.keep(sc); err != nil {
			return f.result(), err
		}
		if err := f.s.saveEpoch(f); err != nil {
			return f.result(), err
		}
	}
	restore(f.m.Machine, f.bestParams)
	return f.result(), nil
}

// done reports whether a stopping rule holds.
func (f *fit) done() bool {
	o := f.s.o
	return f.epoch >= o.MaxEpochs || f.epoch > 0 && (f.settled >= o.Settle || f.stale >= o.Patience)
}

// epochUpdates runs one epoch of updates.
func (f *fit) epochUpdates(perEpoch int) error {
	o := f.s.o
	f.rng.Shuffle(len(f.train), func(i, j int) { f.train[i], f.train[j] = f.train[j], f.train[i] })
	for i := 0; i < len(f.train); i += o.Batch {
		batch := f.train[i:min(i+o.Batch, len(f.train))]
		start := time.Now()
		loss, err := f.tr.TrainBatch(batch)
		f.spent += time.Since(start)
		if err != nil {
			return err
		}
		f.updates++
		if o.Progress != nil {
			o.Progress(Progress{Restart: f.k, Epoch: f.epoch + 1, Update: f.updates, UpdatesPerEpoch: perEpoch, Loss: loss, DevHamming: -1, Steps: f.budget.Steps, Machine: f.m.Machine})
		}
	}
	return nil
}

// keep keeps the parameters if this epoch is the best so far, and grows
// the step budget when hybrid runs on the training inputs need more steps
// than the execution RNN runs (control that depends on the slots).
func (f *fit) keep(dev Score) error {
	var trainSc Score
	var err error
	grow := !f.budget.Static && f.s.o.Steps == 0
	if dev.Hamming >= f.best || grow {
		if trainSc, err = Evaluate(f.m, f.train, Hybrid, 0, 0, nil); err != nil {
			return err
		}
	}
	if grow && trainSc.MaxSteps > f.budget.Steps {
		lim := RunLimits(len(trainSc.Longest), f.m.Sizes.L, 0, 0)
		path, err := hybridPath(f.m, trainSc.Longest, lim)
		if err != nil {
			return err
		}
		f.budget.Steps, f.budget.Path = len(path), path
		f.newTrainer()
	}
	trainAcc := -1.0
	if dev.Hamming >= f.best {
		trainAcc = trainSc.Hamming
	}
	if dev.Hamming > f.best || (dev.Hamming == f.best && trainAcc > f.bestTrain) || (f.settled >= 0 && dev.Hamming >= 100 && trainAcc >= 100) {
		f.best, f.bestTrain, f.stale = dev.Hamming, trainAcc, 0
		f.bestSeq, f.bestTrainSeq, f.bestEpoch = dev.Sequence, trainSc.Sequence, f.epoch
		f.bestParams = snapshot(f.m.Machine)
	} else {
		f.stale++
	}
	if f.best >= 100 && f.bestTrain >= 100 {
		f.settled++
	}
	return nil
}

// result is the restart's outcome so far.
func (f *fit) result() restartResult {
	o := f.s.o
	params := f.bestParams
	if params == nil && f.epoch > 0 {
		params = snapshot(f.m.Machine)
	}
	rep := Report{
		Epochs: f.epoch, BestEpoch: f.bestEpoch, DevHamming: max(f.best, 0), DevSequence: f.bestSeq,
		TrainHamming: max(f.bestTrain, 0), TrainSequence: f.bestTrainSeq,
		MsPerUpdate: float64(f.spent.Microseconds()) / 1000 / float64(max(f.updates, 1)),
		ValueSize:   f.s.v, StackSize: f.budget.StackSize, Steps: f.budget.Steps, StaticControl: f.budget.Static,
		Seed: f.seed, Restart: f.k, Restarts: o.Restarts, TrainRows: len(f.s.train.Rows), DevRows: len(f.s.dev.Rows),
	}
	return restartResult{Seed: f.seed, Params: params, Report: rep, Seconds: f.seconds + f.spent.Seconds(), StepBudget: f.budget.Steps, Path: f.budget.Path}
}

package wap

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn"
)

// toyProblems are stories of filler tokens (ids 3…9) with three numbers
// (token 2) and one keyword that decides the formula: token 10 asks for
// (a + b) − c, token 11 for a · (b + c).
func toyProblems(n int, seed int64) []*Problem {
	rng := rand.New(rand.NewSource(seed))
	var out []*Problem
	for i := 0; i < n; i++ {
		T := 8 + rng.Intn(5)
		p := &Problem{ID: int64(i)}
		for t := 0; t < T; t++ {
			p.IDs = append(p.IDs, 3+rng.Intn(7))
		}
		slots := rng.Perm(T)
		key := slots[Numbers]
		pos := slots[:Numbers]
		// numbers in text order
		for a := 0; a < Numbers; a++ {
			for b := a + 1; b < Numbers; b++ {
				if pos[b] < pos[a] {
					pos[a], pos[b] = pos[b], pos[a]
				}
			}
		}
		a, b, c := 1+rng.Intn(9), 1+rng.Intn(9), 1+rng.Intn(9)
		if rng.Intn(2) == 0 {
			p.IDs[key] = 10
			c = 1 + rng.Intn(a+b-1)
			p.Answer = a + b - c
		} else {
			p.IDs[key] = 11
			a = 1 + rng.Intn(7)
			p.Answer = a * (b + c)
		}
		for k, q := range pos {
			p.IDs[q] = 2
			p.NumPos[k] = q
		}
		p.Numbers = [Numbers]int{a, b, c}
		out = append(out, p)
	}
	return out
}

// errStop stops a test's training early.
var errStop = errors.New("stop")

// epochLog is a learn.Progress that logs every epoch and keeps the last;
// its run stops training after an epoch for which stop (if set) is true.
type epochLog struct {
	t    *testing.T
	last learn.EpochEnd
	stop func(learn.EpochEnd) bool
}

func (l *epochLog) Update(learn.Update)   {}
func (l *epochLog) Resumed(learn.Resumed) {}
func (l *epochLog) Epoch(e learn.EpochEnd) {
	l.last = e
	l.t.Logf("epoch %d: loss %.3f train %.1f%% dev %.1f%% (%.2fs)", e.Epoch, e.Loss, e.Score.Figures["train_accuracy"], e.Score.Accuracy, e.Seconds)
}

// run is a Run that reports to l and stops as l.stop says.
func (l *epochLog) run() Run {
	return Run{Progress: l, Checkpoint: func(*learn.State) error {
		if l.stop != nil && l.stop(l.last) {
			return errStop
		}
		return nil
	}}
}

// Reader and interpreter learn end to end, from answers alone, which
// formula a keyword asks for, and answer held-out problems.
func TestLearnsToyPattern(t *testing.T) {
	m := paperModel(t, 12, 1)
	train, test := toyProblems(100, 1), toyProblems(50, 2)
	cfg := DefaultTrainConfig()
	cfg.Epochs, cfg.Batch, cfg.Patience = 40, 25, 0
	log := &epochLog{t: t, stop: func(e learn.EpochEnd) bool {
		return e.Score.Figures["train_accuracy"] == 100 && e.Score.Accuracy == 100
	}}
	if _, err := Train(m, cfg, train, test, log.run()); err != nil && !errors.Is(err, errStop) {
		t.Fatal(err)
	}
	if log.last.Score.Accuracy < 100 {
		t.Fatalf("after %d epochs: held-out accuracy %.1f%%, want 100%%", log.last.Epoch, log.last.Score.Accuracy)
	}
}

// checkpointAfter trains a model of cfg for its epochs and returns the
// checkpoint of the last one, as TrainingDir writes it.
func checkpointAfter(t *testing.T, m *Model, cfg TrainConfig, train, dev []*Problem, data string) []byte {
	t.Helper()
	var b []byte
	r := Run{Checkpoint: func(st *learn.State) error {
		var err error
		b, err = learn.MarshalCheckpoint(st, SettingsOf(cfg, data).named(d4.SketchHash(m.Machine.Sketch)), m.named())
		return err
	}}
	if _, err := Train(m, cfg, train, dev, r); err != nil {
		t.Fatal(err)
	}
	return b
}

// A run interrupted after an epoch and resumed from its checkpoint ends
// with exactly the weights of a run that was not interrupted, gradient
// noise and word dropout included.
func TestResumeIsExact(t *testing.T) {
	train, dev := toyProblems(40, 3), toyProblems(10, 4)
	cfg := DefaultTrainConfig()
	cfg.Batch, cfg.Noise, cfg.WordDropout = 20, 0.01, 0.1
	c := cfg
	c.Epochs = 2
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, CheckpointFile), checkpointAfter(t, paperModel(t, 12, 2), c, train, dev, ""), 0o644)
	run := func(resume bool) *Model {
		m := paperModel(t, 12, 2)
		c := cfg
		c.Epochs = 3
		var r Run
		if resume {
			st, err := readCheckpoint(dir, m, SettingsOf(c, ""))
			if err != nil {
				t.Fatal(err)
			}
			r.Resume = st
		}
		if _, err := Train(m, c, train, dev, r); err != nil {
			t.Fatal(err)
		}
		return m
	}
	resumed, straight := run(true), run(false)
	for i, a := range resumed.tensors() {
		b := straight.tensors()[i]
		for j, v := range a.Data().([]float64) {
			if w := b.Data().([]float64)[j]; v != w {
				t.Fatalf("tensor %d[%d]: resumed %v, uninterrupted %v", i, j, v, w)
			}
		}
	}
	// A checkpoint of another seed is refused.
	other := cfg
	other.Seed = 9
	if _, err := readCheckpoint(dir, paperModel(t, 12, 2), SettingsOf(other, "")); err == nil || !strings.Contains(err.Error(), "seed 1, now 9") {
		t.Errorf("resume with another seed: %v", err)
	}
}

// The reader and the paper's sketch learn to read generated problems:
// trained end to end on 400 of them from answers alone, the model answers
// held-out ones far above chance.
func TestLearnsGeneratedProblems(t *testing.T) {
	if testing.Short() {
		t.Skip("trains for about half a minute")
	}
	out := t.TempDir()
	if _, err := Prepare(PrepareConfig{Synthetic: true, SyntheticN: [3]int{400, 100, 1}, Seed: 3, Out: out}); err != nil {
		t.Fatal(err)
	}
	prep, err := LoadPrepared(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewModel("wap.fth", wapSketch(t), prep.Vocab.Size(), DefaultTrainConfig().Lexicon, 1)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultTrainConfig()
	cfg.Epochs = 12
	var best float64
	log := &epochLog{t: t, stop: func(e learn.EpochEnd) bool {
		best = max(best, e.Score.Accuracy)
		return e.Score.Accuracy >= generatedBar
	}}
	if _, err := Train(m, cfg, Problems(prep.Train), Problems(prep.Dev), log.run()); err != nil && !errors.Is(err, errStop) {
		t.Fatal(err)
	}
	if best < generatedBar {
		t.Errorf("best held-out accuracy %.1f%%, want at least %v%%", best, generatedBar)
	}
}

// generatedBar is the held-out accuracy TestLearnsGeneratedProblems asks
// for: a model that decides at random is right on a few percent; trained
// on thousands of problems it reaches the README's figures.
const generatedBar = 35

// An epoch holds a run's bag of the generated problems and every other
// (CC's) problem, repeated when the run has fewer epochs than CCPasses.
func TestEpochProblems(t *testing.T) {
	train := toyProblems(10, 1) // CC's
	for i, p := range toyProblems(90, 2) {
		p.ID, p.Generated = int64(100+i), true
		train = append(train, p)
	}
	for _, c := range []struct {
		epochs, passes int
		bag            float64
		cc, gen        int // each CC problem's copies, generated problems
	}{
		{1, 4, 0.34, 4, 31},
		{2, 4, 0.34, 2, 31},
		{3, 4, 1, 2, 90},
		{4, 4, 0.5, 1, 45},
		{30, 4, 1, 1, 90},
		{1, 0, 1, 1, 90},
	} {
		cfg := DefaultTrainConfig()
		cfg.Epochs, cfg.CCPasses, cfg.Bag = c.epochs, c.passes, c.bag
		copies := map[int64]int{}
		gen := 0
		epoch, epochs := cfg.epochProblems(train)
		if epochs != c.epochs {
			t.Errorf("%+v: %d epochs", c, epochs)
		}
		for _, p := range epoch {
			if p.Generated {
				gen++
			} else {
				copies[p.ID]++
			}
		}
		for id := int64(0); id < 10; id++ {
			if copies[id] != c.cc {
				t.Errorf("%+v: CC problem %d %d times, want %d", c, id, copies[id], c.cc)
			}
		}
		if gen != c.gen || cfg.EpochSize(train) != 10*c.cc+c.gen {
			t.Errorf("%+v: %d generated problems, epoch of %d; want %d and %d", c, gen, cfg.EpochSize(train), c.gen, 10*c.cc+c.gen)
		}
	}
}

package training

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/synth"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// errStop stops a test's training early.
var errStop = errors.New("stop")

// epochLog is a fit.Progress that logs every epoch and keeps the last;
// its run stops training after an epoch for which stop (if set) is true.
type epochLog struct {
	t    *testing.T
	last fit.EpochEnd
	stop func(fit.EpochEnd) bool
}

func (l *epochLog) Update(fit.Update)   {}
func (l *epochLog) Resumed(fit.Resumed) {}
func (l *epochLog) Epoch(e fit.EpochEnd) {
	l.last = e
	l.t.Logf("epoch %d: loss %.3f train %.1f%% dev %.1f%% (%.2fs)", e.Epoch, e.Loss, e.Score.Figures["train_accuracy"], e.Score.Accuracy, e.Seconds)
}

// run is a Run that reports to l and stops as l.stop says.
func (l *epochLog) run() Run {
	return Run{Progress: l, Checkpoint: func(*fit.State) error {
		if l.stop != nil && l.stop(l.last) {
			return errStop
		}
		return nil
	}}
}

// Reader and interpreter learn end to end, from answers alone, which
// formula a keyword asks for, and answer held-out problems: with the
// question reader too (its attention and features in the graph).
func TestLearnsToyPattern(t *testing.T) {
	for _, question := range []bool{false, true} {
		m := waptest.PaperModel(t, 12, 1)
		if question {
			if err := m.AddQuestionReader(3); err != nil {
				t.Fatal(err)
			}
		}
		train, test := waptest.ToyProblems(100, 1), waptest.ToyProblems(50, 2)
		cfg := DefaultTrainConfig()
		cfg.Epochs, cfg.Batch, cfg.Patience = 40, 25, 0
		log := &epochLog{t: t, stop: func(e fit.EpochEnd) bool {
			return e.Score.Figures["train_accuracy"] == 100 && e.Score.Accuracy == 100
		}}
		if _, err := Train(m, cfg, train, test, log.run()); err != nil && !errors.Is(err, errStop) {
			t.Fatal(err)
		}
		if log.last.Score.Accuracy < 100 {
			t.Fatalf("question reader %v: after %d epochs: held-out accuracy %.1f%%, want 100%%", question, log.last.Epoch, log.last.Score.Accuracy)
		}
	}
}

// checkpointAfter trains a model of cfg for its epochs and returns the
// checkpoint of the last one, as TrainingDir writes it.
func checkpointAfter(t *testing.T, m *model.Model, cfg TrainConfig, train, dev []*model.Problem, data string) []byte {
	t.Helper()
	var b []byte
	r := Run{Checkpoint: func(st *fit.State) error {
		var err error
		b, err = fit.MarshalCheckpoint(st, named(SettingsOf(cfg, data), d4.SketchHash(m.Machine.Sketch)), m.Named())
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
	train, dev := waptest.ToyProblems(40, 3), waptest.ToyProblems(10, 4)
	cfg := DefaultTrainConfig()
	cfg.Batch, cfg.Noise, cfg.WordDropout = 20, 0.01, 0.1
	c := cfg
	c.Epochs = 2
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, model.CheckpointFile), checkpointAfter(t, waptest.PaperModel(t, 12, 2), c, train, dev, ""), 0o644)
	run := func(resume bool) *model.Model {
		m := waptest.PaperModel(t, 12, 2)
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
	for i, a := range resumed.ParamData() {
		b := straight.ParamData()[i]
		for j, v := range a {
			if w := b[j]; v != w {
				t.Fatalf("tensor %d[%d]: resumed %v, uninterrupted %v", i, j, v, w)
			}
		}
	}
	// A checkpoint of another seed is refused.
	other := cfg
	other.Seed = 9
	if _, err := readCheckpoint(dir, waptest.PaperModel(t, 12, 2), SettingsOf(other, "")); err == nil || !strings.Contains(err.Error(), "seed 1, now 9") {
		t.Errorf("resume with another seed: %v", err)
	}
}

// The reader and the paper's sketch learn to read generated problems:
// trained end to end on 800 of them from answers alone, with each of the
// seeds 1 to 3, the model answers held-out ones far above chance.
func TestLearnsGeneratedProblems(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains three models for about half a minute in all")
	}
	out := t.TempDir()
	if _, err := prepare.Prepare(prepare.Config{Source: prepare.Synthetic([3]int{800, 100, 1}, 3, synth.CCMix), Seed: 3, Out: out}); err != nil {
		t.Fatal(err)
	}
	prep, err := prepare.LoadPrepared(out)
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			cfg := DefaultTrainConfig()
			cfg.Epochs, cfg.Seed = 10, seed
			m := waptest.SketchModel(t, "wap", prep.Vocab.Size(), cfg.Lexicon, seed)
			var best float64
			log := &epochLog{t: t, stop: func(e fit.EpochEnd) bool {
				best = max(best, e.Score.Accuracy)
				return e.Score.Accuracy >= generatedBar
			}}
			if _, err := Train(m, cfg, prepare.Problems(prep.Train), prepare.Problems(prep.Dev), log.run()); err != nil && !errors.Is(err, errStop) {
				t.Fatal(err)
			}
			if best < generatedBar {
				t.Errorf("best held-out accuracy %.1f%%, want at least %v%%", best, generatedBar)
			}
		})
	}
}

// generatedBar is the held-out accuracy TestLearnsGeneratedProblems asks
// of each seed. After their first epoch seeds 1, 2 and 3 are right on 16,
// 2 and 21% of the 100 held-out problems (always picking the right one of
// CC's five patterns would be right on about a fifth); over the 10 epochs
// they reached 48, 63 and 54% at best (measured 2026-12-06), so the bar
// leaves each at least 8 points; trained on thousands of problems the
// model reaches the README's figures.
const generatedBar = 40

// An epoch holds a run's bag of the generated problems and every other
// (CC's) problem, repeated when the run has fewer epochs than CCPasses.
func TestEpochProblems(t *testing.T) {
	train := waptest.ToyProblems(10, 1) // CC's
	for i, p := range waptest.ToyProblems(90, 2) {
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

// The reader and the general sketch learn problems people wrote: trained
// end to end on the first MAWPS fold of the SVAMP repository (the
// problems the sketch can express) from answers alone, and from the
// equations, the model answers the fold's carved dev split far better
// than before training.
func TestLearnsHumanProblems(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "trains for about half a minute per supervision")
	}
	prep := preparedFold(t, "cv_mawps")
	for _, sup := range []model.Supervision{model.SuperviseAnswers, model.SuperviseEquations} {
		t.Run(sup.String(), func(t *testing.T) {
			m := waptest.SketchModel(t, "wap_steps", prep.Vocab.Size(), false, 1)
			if err := m.Supervise(sup); err != nil {
				t.Fatal(err)
			}
			// Fresh problems: a problem keeps the table of the first
			// supervision that scores it.
			scored, err := Score(m, prepare.Problems(prep.Train))
			if err != nil {
				t.Fatal(err)
			}
			dev := prepare.Problems(prep.Dev)
			before, _, err := evaluate(m, dev)
			if err != nil {
				t.Fatal(err)
			}
			cfg := DefaultTrainConfig()
			cfg.Epochs, cfg.Batch, cfg.Supervise = 6, 32, sup
			var best float64
			log := &epochLog{t: t, stop: func(e fit.EpochEnd) bool {
				best = max(best, e.Score.Accuracy)
				return e.Score.Accuracy >= humanBar
			}}
			if _, err := Train(m, cfg, scored.Kept, dev, log.run()); err != nil && !errors.Is(err, errStop) {
				t.Fatal(err)
			}
			t.Logf("dev accuracy %.1f%% before training, %.1f%% at best on %d dev problems (%d of %d training problems kept, left out: %v)", before, best, len(dev), len(scored.Kept), len(prep.Train), scored.Skipped)
			if best < humanBar || before > humanBar/2 {
				t.Errorf("dev accuracy %.1f%% before training and %.1f%% at best, want below %v%% and at least %v%%", before, best, humanBar/2, humanBar)
			}
		})
	}
}

// humanBar is the dev accuracy TestLearnsHumanProblems asks for: the
// untrained model is right on a few percent (problems whose most probable
// sensible answer happens to be right); `wap train` for twelve epochs
// reaches about 85%. Measured 2026-12-06 with seeds 1, 2 and 3 over the
// test's six epochs without stopping: before training 9.5, 13.5 and 14.9%
// of the 148 dev problems; after the first epoch 70.3, 68.9 and 75.0% from
// answers, 68.9, 69.6 and 73.6% from equations; after the second 81.1% or
// more for every seed and supervision; at best 85.8, 89.2, 89.2% and
// 84.5, 88.5, 87.8%. So each seed passes in its first epoch by 3.9 points
// or more, and by 16 in its second.
const humanBar = 65.0

// FitParallel trains as many models at once as MemoryNeeded says fit,
// and refuses when not even one does.
func TestFitParallel(t *testing.T) {
	const gb = 1 << 30
	for _, c := range []struct {
		n, parallel, batch int
		avail              uint64
		want               int
		err                string
	}{
		{5, 0, 50, 64 * gb, 5, ""},
		{5, 2, 50, 64 * gb, 2, ""},
		{64, 0, 50, 64 * gb, 64, ""},
		{64, 0, 50, 3 * gb, 12, ""},
		{64, 0, 50, MemoryNeeded(7, 50), 7, ""},
		{64, 4, 50, MemoryNeeded(7, 50), 4, ""},
		{3, 0, 100000, 8 * gb, 0, "training a model with batches of 100000 problems needs about 254.1 GB of memory, more than the 8.0 GB available (given)"},
	} {
		got, err := FitParallel(c.n, c.parallel, c.batch, c.avail)
		if got != c.want || (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("FitParallel(%d, %d, %d, %d) = %d, %v; want %d, %q", c.n, c.parallel, c.batch, c.avail, got, err, c.want, c.err)
		}
	}
}

// With equation supervision, problems without an equation are left out
// and counted, the first few named.
func TestScoreWithoutEquations(t *testing.T) {
	m := waptest.PaperModel(t, 12, 1)
	if err := m.Supervise(model.SuperviseEquations); err != nil {
		t.Fatal(err)
	}
	ps := waptest.ToyProblems(20, 1)
	scored, err := Score(m, ps)
	if err != nil {
		t.Fatal(err)
	}
	if len(scored.Kept) != 0 || scored.Skipped[SkipNoEquation] != len(ps) || len(scored.Errors) != MaxErrors {
		t.Fatalf("kept %d, skipped %v, %d errors; want none kept, %d without an equation, %d errors", len(scored.Kept), scored.Skipped, len(scored.Errors), len(ps), MaxErrors)
	}
	if msg := scored.Errors[0].Error(); !strings.HasPrefix(msg, "problem ") || !strings.Contains(msg, "no equation") {
		t.Errorf("error %q does not name the problem and the reason", msg)
	}
}

// An epoch none of whose dev problems the loss scores (here problems
// without an equation, under equation supervision) has no dev loss: its
// score ties on nothing, and it encodes as JSON, as a checkpoint writes it
// (a dev loss of NaN once stopped such a run at its first checkpoint).
func TestEvaluateWithoutScorableDev(t *testing.T) {
	m := waptest.SketchModel(t, "wap_steps", 12, false, 1)
	if err := m.Supervise(model.SuperviseEquations); err != nil {
		t.Fatal(err)
	}
	ps := waptest.ToyProblems(4, 1)
	sc, err := newMethod(m, DefaultTrainConfig(), ps, ps).Evaluate(1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, has := sc.Figures["dev_loss"]; has || len(sc.Tie) != 1 || sc.Tie[0] != 0 {
		t.Errorf("score %+v: want no dev loss and a tie of 0", sc)
	}
	if _, err := json.Marshal(sc); err != nil {
		t.Errorf("the score does not encode: %v", err)
	}
}

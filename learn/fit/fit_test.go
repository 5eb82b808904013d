package fit

import (
	"errors"
	"math"
	"math/rand"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/d4lang/d4/optim"
)

// logistic is a Method for tests: logistic regression y = σ(w·x + b) on
// points of the plane labelled by the sign of x0 + x1 − 1, its accuracy
// measured on dev points.
type logistic struct {
	w         []float64 // w0, w1, b
	x         [][2]float64
	y         []float64
	devX      [][2]float64
	devY      []float64
	grad      []float64
	failAt    int // Gradient fails at this call (0: never)
	calls     int
	evaluated []int
	dropSeen  []float64 // what Gradient drew from the epoch's stream
	perfectAt float64   // accuracy from which the score is Perfect (0: never)
}

func newLogistic(seed int64, n int) *logistic {
	rng := rand.New(rand.NewSource(99))
	label := func(p [2]float64) float64 {
		if p[0]+p[1] > 1 {
			return 1
		}
		return 0
	}
	m := &logistic{w: make([]float64, 3), grad: make([]float64, 3)}
	init := rand.New(rand.NewSource(seed))
	for i := range m.w {
		m.w[i] = init.NormFloat64() * 0.1
	}
	for range n {
		p := [2]float64{rng.Float64() * 2, rng.Float64() * 2}
		m.x, m.y = append(m.x, p), append(m.y, label(p))
	}
	for range 100 {
		p := [2]float64{rng.Float64() * 2, rng.Float64() * 2}
		m.devX, m.devY = append(m.devX, p), append(m.devY, label(p))
	}
	return m
}

func (m *logistic) Params() [][]float64 { return [][]float64{m.w} }

func (m *logistic) Gradient(batch []int, rng *rand.Rand) (float64, [][]float64, error) {
	m.calls++
	if m.failAt > 0 && m.calls == m.failAt {
		return math.NaN(), nil, nil
	}
	m.dropSeen = append(m.dropSeen, rng.Float64())
	clear(m.grad)
	loss := 0.0
	for _, i := range batch {
		p := 1 / (1 + math.Exp(-(m.w[0]*m.x[i][0] + m.w[1]*m.x[i][1] + m.w[2])))
		loss -= m.y[i]*math.Log(p+1e-12) + (1-m.y[i])*math.Log(1-p+1e-12)
		d := p - m.y[i]
		m.grad[0] += d * m.x[i][0]
		m.grad[1] += d * m.x[i][1]
		m.grad[2] += d
	}
	for i := range m.grad {
		m.grad[i] /= float64(len(batch))
	}
	return loss / float64(len(batch)), [][]float64{m.grad}, nil
}

func (m *logistic) Evaluate(epoch int, best *Score) (Score, error) {
	m.evaluated = append(m.evaluated, epoch)
	right := 0
	for i, p := range m.devX {
		if (m.w[0]*p[0]+m.w[1]*p[1]+m.w[2] > 0) == (m.devY[i] == 1) {
			right++
		}
	}
	acc := 100 * float64(right) / float64(len(m.devX))
	return Score{Accuracy: acc, Perfect: m.perfectAt > 0 && acc >= m.perfectAt}, nil
}

func baseConfig() Config {
	return Config{Config: optim.Config{LR: 0.1, Clip: 1}, Batch: 8, Epochs: 30, Seed: 3}
}

// TestRunLearns trains logistic regression to a convergence bar in every
// randomness mode.
func TestRunLearns(t *testing.T) {
	for _, mode := range []Randomness{PerEpoch, Stream, StreamPerm} {
		cfg := baseConfig()
		cfg.Randomness = mode
		res, err := Run(func(k int, seed int64) (Method, error) { return newLogistic(seed, 200), nil }, 200, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Best.Accuracy < 95 || res.Stop != StopEpochs || res.Epochs != 30 {
			t.Errorf("mode %d: best %.1f%% at epoch %d, stop %v after %d epochs; want ≥ 95%% after 30", mode, res.Best.Accuracy, res.BestEpoch, res.Stop, res.Epochs)
		}
		// The kept parameters are in the method, and score as reported.
		sc, _ := res.Method.Evaluate(0, nil)
		if sc.Accuracy != res.Best.Accuracy {
			t.Errorf("mode %d: the method holds parameters scoring %.1f%%, the result says %.1f%%", mode, sc.Accuracy, res.Best.Accuracy)
		}
	}
}

// TestRunResumesExactly stops a run after each epoch, resumes it from the
// checkpoint state, and requires the parameters of an uninterrupted run.
func TestRunResumesExactly(t *testing.T) {
	for _, tc := range []struct {
		mode  Randomness
		noise float64
	}{{PerEpoch, 0.01}, {Stream, 0}, {StreamPerm, 0}} {
		cfg := baseConfig()
		cfg.Epochs, cfg.Randomness, cfg.Noise, cfg.Restarts = 6, tc.mode, tc.noise, 2
		newM := func(k int, seed int64) (Method, error) { return newLogistic(seed, 100), nil }
		whole, err := Run(newM, 100, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		for stopAfter := 1; stopAfter < 12; stopAfter++ {
			var saved *State
			calls := 0
			c := cfg
			c.Checkpoint = func(s *State) error {
				calls++
				if calls == stopAfter {
					saved = s
					return errStopTest
				}
				return nil
			}
			if _, err := Run(newM, 100, c, nil); !errors.Is(err, errStopTest) {
				t.Fatalf("mode %d: stopping after checkpoint %d: %v", tc.mode, stopAfter, err)
			}
			c.Checkpoint = nil
			res, err := Run(newM, 100, c, saved)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Params[0], whole.Params[0]) || res.Index != whole.Index || len(res.Restarts) != 2 {
				t.Errorf("mode %d, resumed after checkpoint %d: restart %d %v, uninterrupted restart %d %v", tc.mode, stopAfter, res.Index, res.Params[0], whole.Index, whole.Params[0])
			}
		}
	}
}

var errStopTest = errors.New("stopped by the test")

// TestRunStops checks the stopping rules and the typed stop reason.
func TestRunStops(t *testing.T) {
	cfg := baseConfig()
	cfg.Epochs, cfg.Patience = 200, 3
	res, err := Run(func(k int, seed int64) (Method, error) { return newLogistic(seed, 200), nil }, 200, cfg, nil)
	if err != nil || res.Stop != StopPatience || res.Epochs != res.BestEpoch+3 {
		t.Errorf("patience 3: stop %v after %d epochs, best %d, err %v", res.Stop, res.Epochs, res.BestEpoch, err)
	}
	cfg.Patience, cfg.Settle = 0, 4
	res, err = Run(func(k int, seed int64) (Method, error) {
		m := newLogistic(seed, 200)
		m.perfectAt = 90
		return m, nil
	}, 200, cfg, nil)
	if err != nil || res.Stop != StopSettled || !res.Best.Perfect {
		t.Errorf("settle 4: stop %v after %d epochs, best %+v, err %v", res.Stop, res.Epochs, res.Best, err)
	}
	cfg.Settle, cfg.Epochs, cfg.EvalEvery = 0, 25, 10
	var m *logistic
	res, err = Run(func(k int, seed int64) (Method, error) { m = newLogistic(seed, 200); return m, nil }, 200, cfg, nil)
	if err != nil || !slices.Equal(m.evaluated[:3], []int{10, 20, 25}) || res.BestEpoch%5 != 0 {
		t.Errorf("evaluating every 10 of 25 epochs: evaluated %v, best epoch %d, err %v", m.evaluated, res.BestEpoch, err)
	}
}

// TestRunRestarts keeps the best restart and fails when any restart fails.
func TestRunRestarts(t *testing.T) {
	cfg := baseConfig()
	cfg.Epochs, cfg.Restarts = 3, 3
	res, err := Run(func(k int, seed int64) (Method, error) { return newLogistic(seed, 60), nil }, 60, cfg, nil)
	if err != nil || len(res.Restarts) != 3 {
		t.Fatalf("%d restarts, err %v", len(res.Restarts), err)
	}
	for k, r := range res.Restarts {
		if r.Seed != cfg.Seed+int64(k) || r.Best.Better(*res.Best) {
			t.Errorf("restart %d (seed %d) scores %.1f%%, the kept one %.1f%%", k, r.Seed, r.Best.Accuracy, res.Best.Accuracy)
		}
	}
	_, err = Run(func(k int, seed int64) (Method, error) {
		m := newLogistic(seed, 60)
		if k == 1 {
			m.failAt = 5
		}
		return m, nil
	}, 60, cfg, nil)
	if !errors.Is(err, optim.ErrNotFinite) {
		t.Errorf("a restart whose loss is NaN: err %v, want ErrNotFinite", err)
	}
}

// TestRunKeepAll trains an ensemble: every restart is kept, each the run
// of one restart with its seed whatever trains beside it; each resumes
// from its own state (Config.Resume), continuing exactly; Finished is told
// of each.
func TestRunKeepAll(t *testing.T) {
	cfg := baseConfig()
	cfg.Epochs, cfg.Restarts, cfg.Keep, cfg.Randomness = 4, 3, KeepAll, PerEpoch
	newM := func(k int, seed int64) (Method, error) { return newLogistic(seed, 60), nil }
	solo := make([][]float64, cfg.Restarts)
	for k := range solo {
		c := cfg
		c.Keep, c.Restarts, c.Seed = KeepBest, 1, cfg.Seed+int64(k)
		res, err := Run(newM, 60, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		solo[k] = res.Params[0]
	}
	if _, err := Run(newM, 60, cfg, &State{}); err == nil {
		t.Error("an ensemble resumed from one state: no error")
	}
	for _, parallel := range []int{0, 1, 2} {
		c := cfg
		c.Parallel = parallel
		var mu sync.Mutex
		finished := map[int]bool{}
		c.Finished = func(k int, r Restart) error {
			mu.Lock()
			defer mu.Unlock()
			finished[k] = slices.Equal(r.Params[0], solo[k])
			return nil
		}
		// Restart 1 stops after its second epoch; resumed, it continues.
		var saved *State
		c.Checkpoint = func(s *State) error {
			if s.Member == 1 && s.Run.Epoch == 2 && saved == nil {
				mu.Lock()
				defer mu.Unlock()
				saved = s
				return errStopTest
			}
			return nil
		}
		if _, err := Run(newM, 60, c, nil); !errors.Is(err, errStopTest) || saved.Restart != 0 || len(saved.Done) != 0 {
			t.Fatalf("parallel %d: stopping restart 2: %v, state %+v", parallel, err, saved)
		}
		c.Checkpoint = nil
		c.Resume = func(k int, _ Method) (*State, error) {
			if k == 1 {
				return saved, nil
			}
			return nil, nil
		}
		res, err := Run(newM, 60, c, nil)
		if err != nil || len(res.Restarts) != 3 || len(res.Methods) != 3 {
			t.Fatalf("parallel %d: %d restarts, %d methods, err %v", parallel, len(res.Restarts), len(res.Methods), err)
		}
		for k, r := range res.Restarts {
			if r.Seed != cfg.Seed+int64(k) || !slices.Equal(r.Params[0], solo[k]) || !slices.Equal(res.Methods[k].Params()[0], solo[k]) || !finished[k] {
				t.Errorf("parallel %d: restart %d (seed %d) has %v, alone %v (finished: %v)", parallel, k+1, r.Seed, r.Params[0], solo[k], finished[k])
			}
			if k != res.Index && r.Better(res.Restart) {
				t.Errorf("parallel %d: restart %d beats the best, restart %d", parallel, k+1, res.Index+1)
			}
		}
	}
}

// TestScoreBetter checks the order of scores.
func TestScoreBetter(t *testing.T) {
	for _, tc := range []struct {
		a, b Score
		want bool
	}{
		{Score{Accuracy: 50}, Score{Accuracy: 40}, true},
		{Score{Accuracy: 40}, Score{Accuracy: 50}, false},
		{Score{Accuracy: 50, Tie: []float64{2}}, Score{Accuracy: 50, Tie: []float64{1}}, true},
		{Score{Accuracy: 50, Tie: []float64{1, 5}}, Score{Accuracy: 50, Tie: []float64{1, 4}}, true},
		{Score{Accuracy: 50, Tie: []float64{1}}, Score{Accuracy: 50, Tie: []float64{1}}, false},
	} {
		if got := tc.a.Better(tc.b); got != tc.want {
			t.Errorf("%+v better than %+v: %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestConfigCheck refuses settings out of range, above as below, before
// anything is allocated for them.
func TestConfigCheck(t *testing.T) {
	for _, tc := range []struct {
		change func(*Config)
		want   string
	}{
		{func(c *Config) { c.Batch = 0 }, "the batch size must be at least 1, got 0"},
		{func(c *Config) { c.Batch = MaxBatch + 1 }, "the batch size must be at most"},
		{func(c *Config) { c.Epochs = 1e12 }, "the number of epochs must be at most 1000000"},
		{func(c *Config) { c.Restarts = 1e12 }, "the number of restarts must be at most 1000"},
		{func(c *Config) { c.Patience = -1 }, "the patience must be at least 0"},
		{func(c *Config) { c.Parallel = -1 }, "the number of restarts at once must be at least 0"},
		{func(c *Config) { c.Keep = KeepAll + 1 }, "unknown restart policy 2"},
	} {
		cfg := baseConfig()
		tc.change(&cfg)
		if err := cfg.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if err := baseConfig().Check(); err != nil {
		t.Errorf("the base configuration: %v", err)
	}
}

// When a restart fails, the others stop, and the run's error is the
// failure, not the others' stopping.
func TestRestartFailureStopsOthers(t *testing.T) {
	boom := errors.New("boom")
	start := time.Now()
	err := forEach(4, 0, func(k int, failed func() bool) error {
		if k == 2 {
			return boom
		}
		for range 5000 { // five seconds unless stopped
			if failed() {
				return ErrStopped
			}
			time.Sleep(time.Millisecond)
		}
		return nil
	})
	if secs := time.Since(start).Seconds(); !errors.Is(err, boom) || secs > 2 {
		t.Errorf("error %v after %.1fs, want %v at once", err, secs, boom)
	}
}

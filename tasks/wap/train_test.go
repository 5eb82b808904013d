package wap

import (
	"math/rand"
	"testing"
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

// Reader and interpreter learn end to end, from answers alone, which
// formula a keyword asks for, and answer held-out problems.
func TestLearnsToyPattern(t *testing.T) {
	m := paperModel(t, 12, 1)
	train, test := toyProblems(100, 1), toyProblems(50, 2)
	cfg := DefaultTrainConfig()
	cfg.Epochs, cfg.Batch, cfg.Patience = 40, 25, 0
	var last EpochReport
	cfg.OnEpoch = func(r EpochReport) error {
		last = r
		t.Logf("epoch %d: loss %.3f train %.1f%% dev %.1f%% (%.2fs)", r.Epoch, r.Loss, r.TrainAcc, r.DevAcc, r.Seconds)
		if r.TrainAcc == 100 && r.DevAcc == 100 {
			return errStop
		}
		return nil
	}
	tr, err := NewTrainer(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Train(train, test); err != nil && err != errStop {
		t.Fatal(err)
	}
	if last.DevAcc < 100 {
		t.Fatalf("after %d epochs: held-out accuracy %.1f%%, want 100%%", last.Epoch, last.DevAcc)
	}
}

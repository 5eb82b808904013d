package training

import (
	"math"
	"math/rand"
	"path/filepath"
	"sort"
	"testing"

	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// The gradient of the exact loss over wap_steps.fth's picks, as training
// computes it (model.Trainer: the reader, the slots and the picks'
// renormalisation in one backward pass), matches central finite
// differences on real problems: rows that `wap prepare` makes of the
// SVAMP repository's ASDiv-A and MAWPS first folds, one of each count of
// numbers from two to eight their training splits hold (a batch per fold).
func TestPicksGradientOnRealProblems(t *testing.T) {
	src := waptest.Sketch(t, "wap_steps")
	counts := map[int]bool{}
	for _, fold := range []string{"cv_asdiv-a", "cv_mawps"} {
		data, err := prepare.Open(filepath.Join(waptest.SharedData(t, "svamp"), fold, "fold0"))
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		if _, err := prepare.Prepare(prepare.Config{Source: data, Seed: 1, Out: out}); err != nil {
			t.Fatal(err)
		}
		prep, err := prepare.LoadPrepared(out)
		if err != nil {
			t.Fatal(err)
		}
		m, err := model.NewModel("wap_steps.fth", src, prep.Vocab.Size(), false, 1)
		if err != nil {
			t.Fatal(err)
		}
		byCount := map[int]*model.Problem{}
		for _, p := range prepare.Problems(prep.Train) {
			if n := len(p.NumPos); byCount[n] == nil && m.Scorable(p) == nil {
				byCount[n] = p
			}
		}
		var batch []*model.Problem
		var ns []int
		for n := 2; n <= 8; n++ {
			if p := byCount[n]; p != nil {
				batch, counts[n] = append(batch, p), true
				ns = append(ns, n)
			}
		}
		t.Logf("%s: problems of %v numbers", fold, ns)
		tr := m.NewTrainer(batch)
		_, grads, err := tr.Gradient(batch)
		if err != nil {
			t.Fatal(err)
		}
		analytic := make([][]float64, len(grads))
		for i, g := range grads {
			analytic[i] = append([]float64(nil), g...)
		}
		rng := rand.New(rand.NewSource(3))
		const h = 1e-5
		for i, d := range m.ParamData() {
			for range 4 {
				j := rng.Intn(len(d))
				old := d[j]
				d[j] = old + h
				up, _, err := tr.Gradient(batch)
				if err != nil {
					t.Fatal(err)
				}
				d[j] = old - h
				down, _, _ := tr.Gradient(batch)
				d[j] = old
				num := (up - down) / (2 * h)
				if diff := math.Abs(num - analytic[i][j]); diff > 1e-6*math.Max(1, math.Abs(num)) {
					t.Errorf("%s: tensor %d[%d]: analytic %.9g, finite differences %.9g", fold, i, j, analytic[i][j], num)
				}
			}
		}
	}
	var have []int
	for n := range counts {
		have = append(have, n)
	}
	sort.Ints(have)
	if len(have) < 6 {
		t.Errorf("problems of %v numbers, want most counts from 2 to 8", have)
	}
}

package wapeval

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// The folds' mean and sample standard deviation (n−1; 0 for one fold).
func TestMeanStd(t *testing.T) {
	for _, tt := range []struct {
		xs        []float64
		mean, std float64
	}{
		{[]float64{50}, 50, 0},
		{[]float64{80, 90}, 85, math.Sqrt(50)},
		{[]float64{2, 4, 4, 4, 5, 5, 7, 9}, 5, math.Sqrt(32.0 / 7)},
	} {
		mean, std := MeanStd(tt.xs)
		if math.Abs(mean-tt.mean) > 1e-12 || math.Abs(std-tt.std) > 1e-12 {
			t.Errorf("MeanStd(%v) = %v, %v; want %v, %v", tt.xs, mean, std, tt.mean, tt.std)
		}
	}
	if got := Percents([]float64{81, 84.54}); got != "81.0%, 84.5%" {
		t.Errorf("Percents: %q", got)
	}
}

// CrossValidate checks every fold before the first trains, trains them
// in order, and names the fold of an error.
func TestCrossValidate(t *testing.T) {
	folds := []Fold{{Name: "fold0", Data: "d/fold0"}, {Name: "fold1", Data: "d/fold1"}, {Name: "fold2", Data: "d/fold2"}}
	for _, tt := range []struct {
		refuse, fail string // the fold whose check or training fails
		trained      []string
		err          string
	}{
		{"", "", []string{"fold0", "fold1", "fold2"}, ""},
		{"fold2", "", nil, "fold d/fold2: refused"},
		{"", "fold1", []string{"fold0"}, "fold d/fold1: failed"},
	} {
		var trained, done []string
		check := func(f Fold) error {
			if f.Name == tt.refuse {
				return errors.New("refused")
			}
			return nil
		}
		train := func(f Fold) (string, error) {
			if f.Name == tt.fail {
				return "", errors.New("failed")
			}
			trained = append(trained, f.Name)
			return f.Name, nil
		}
		runs, err := CrossValidate(folds, check, train, func(r string) { done = append(done, r) })
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || err.Error() != tt.err) {
			t.Errorf("refuse %q, fail %q: error %v, want %q", tt.refuse, tt.fail, err, tt.err)
		}
		if !slices.Equal(trained, tt.trained) || !slices.Equal(done, tt.trained) {
			t.Errorf("refuse %q, fail %q: trained %v, done %v; want %v", tt.refuse, tt.fail, trained, done, tt.trained)
		}
		if tt.err == "" && !slices.Equal(runs, tt.trained) || tt.err != "" && (runs != nil || err == nil) {
			t.Errorf("refuse %q, fail %q: runs %v, error %v", tt.refuse, tt.fail, runs, err)
		}
	}
}

// The summary of folds trained: the line and the JSON object's figures.
func TestTrainedFolds(t *testing.T) {
	tf := TrainedFolds{Test: []float64{80, 90}, Dev: []float64{70, 75}}
	var b strings.Builder
	tf.Print(&b)
	want := "2 folds: test accuracy 80.0%, 90.0%; mean 85.0% ± 7.1 (" + AcrossFolds + "); dev accuracy mean 72.5%\n"
	if b.String() != want {
		t.Errorf("Print: %q, want %q", b.String(), want)
	}
	obj := tf.Object(nil)
	if obj["test_mean"] != 85.0 || obj["test_std"] != 7.07 || obj["dev_mean"] != 72.5 {
		t.Errorf("Object: %v", obj)
	}
}

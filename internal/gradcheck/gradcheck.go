// Package gradcheck checks analytic derivatives against central finite
// differences, for the tests of the packages that compute gradients (the
// reader, the word-problem model, the trainer).
package gradcheck

import (
	"math"
	"testing"
)

// Central is the central finite difference of loss in x[i] with step h:
// (loss at x[i]+h − loss at x[i]−h) / 2h. It restores x[i] after.
func Central(loss func() float64, x []float64, i int, h float64) float64 {
	old := x[i]
	x[i] = old + h
	up := loss()
	x[i] = old - h
	down := loss()
	x[i] = old
	return (up - down) / (2 * h)
}

// Agrees reports whether an analytic derivative is within tol of the
// finite difference num, relative to max(1, |num|). A NaN on either side
// does not agree.
func Agrees(analytic, num, tol float64) bool {
	return math.Abs(num-analytic) <= tol*math.Max(1, math.Abs(num))
}

// LossOrFail is a loss for Central from one that can fail (a loss, what
// else it returns, an error): an error fails the test.
func LossOrFail[T any](t testing.TB, loss func() (float64, T, error)) func() float64 {
	return func() float64 {
		t.Helper()
		l, _, err := loss()
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
}

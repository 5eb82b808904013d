// Package gradcheck checks analytic derivatives against central finite
// differences, for the tests of the packages that compute gradients (the
// reader, the word-problem model, the trainer).
package gradcheck

import "math"

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

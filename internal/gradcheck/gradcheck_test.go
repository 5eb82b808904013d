package gradcheck

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// The finite difference of a cubic is its derivative up to h², and x is
// as it was after.
func TestCentral(t *testing.T) {
	x := []float64{2, 3}
	loss := func() float64 { return x[0] * x[0] * x[1] }
	for _, tt := range []struct {
		i    int
		want float64
	}{{0, 12}, {1, 4}} {
		if got := Central(loss, x, tt.i, 1e-5); math.Abs(got-tt.want) > 1e-6 {
			t.Errorf("d/dx%d = %v, want %v", tt.i, got, tt.want)
		}
		if x[0] != 2 || x[1] != 3 {
			t.Fatalf("x is %v after, want [2 3]", x)
		}
	}
}

func TestAgrees(t *testing.T) {
	for _, tt := range []struct {
		analytic, num, tol float64
		want               bool
	}{
		{1, 1 + 1e-7, 1e-6, true},
		{1, 1 + 1e-5, 1e-6, false},
		{1000, 1000.0005, 1e-6, true}, // relative to |num| above 1
		{1000, 1000.002, 1e-6, false},
		{0, 5e-7, 1e-6, true}, // absolute below 1
		{math.NaN(), 1, 1e-6, false},
		{1, math.NaN(), 1e-6, false},
	} {
		if got := Agrees(tt.analytic, tt.num, tt.tol); got != tt.want {
			t.Errorf("Agrees(%v, %v, %v) = %v, want %v", tt.analytic, tt.num, tt.tol, got, tt.want)
		}
	}
}

// A loss that fails fails the test; one that does not is its value.
func TestLossOrFail(t *testing.T) {
	ok := LossOrFail(t, func() (float64, int, error) { return 2.5, 1, nil })
	if got := ok(); got != 2.5 {
		t.Errorf("loss %v, want 2.5", got)
	}
	ft := &fatalT{TB: t}
	func() {
		defer func() { recover() }()
		LossOrFail(ft, func() (float64, int, error) { return 0, 0, errors.New("broken") })()
	}()
	if ft.msg != "broken" {
		t.Errorf("the test failed with %q, want broken", ft.msg)
	}
}

// fatalT records the message of Fatal and stops the call, as testing's
// does.
type fatalT struct {
	testing.TB
	msg string
}

func (f *fatalT) Helper() {}

func (f *fatalT) Fatal(args ...any) {
	f.msg = fmt.Sprint(args...)
	panic("fatal")
}

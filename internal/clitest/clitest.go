// Package clitest holds what the commands' and the readers' tests share: a
// standard output that fails as a full disk does (FailingStdout), for the
// tests that every command checks its writes; the check that a command
// refuses a command line with its exit status and one line (Refused); and
// the check that an error of bad input is one line naming what was read
// (OneLine), which the fuzz targets of the readers make.
package clitest

import (
	"bytes"
	"errors"
)

// FailingStdout fails every write after the first Limit bytes, with the
// error of a full disk, or, when Limit is negative, accepts every write
// and fails its Close (an error that shows only on closing).
type FailingStdout struct {
	bytes.Buffer
	Limit int
}

// ErrFull and ErrClose are the errors FailingStdout returns.
var (
	ErrFull  = errors.New("no space left on device")
	ErrClose = errors.New("input/output error")
)

// Write writes p, or fails once the limit is reached.
func (w *FailingStdout) Write(p []byte) (int, error) {
	if w.Limit >= 0 && w.Len()+len(p) > w.Limit {
		return 0, ErrFull
	}
	return w.Buffer.Write(p)
}

// Close fails when Limit is negative.
func (w *FailingStdout) Close() error {
	if w.Limit < 0 {
		return ErrClose
	}
	return nil
}

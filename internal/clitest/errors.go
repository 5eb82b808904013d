package clitest

import (
	"strings"
	"testing"
)

// OneLine fails the test unless err's message is one line that names
// what was read (a file or a directory): the error a reader of bad input
// must give.
func OneLine(t testing.TB, err error, naming string) {
	t.Helper()
	if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.Contains(msg, naming) {
		t.Fatalf("error %q: want one line naming %s", msg, naming)
	}
}

package clitest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/cli"
)

// Refused runs the command line args with cli.Main of the command name and
// its sub-commands, and fails the test unless the command refuses it as
// it must: exit status code (2 for a bad command line, 1 for bad input)
// and one line on stderr that contains want (and no panic's trace).
func Refused(t *testing.T, name string, commands []cli.Command, args []string, code int, want string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	got := cli.Main(name, commands, args, &stdout, &stderr)
	errs := stderr.String()
	if got != code || strings.Contains(strings.TrimRight(errs, "\n"), "\n") || !strings.Contains(errs, want) || strings.Contains(errs, "goroutine") {
		t.Errorf("%s %s: exit %d (want %d), stderr %q; want one line containing %q", name, strings.Join(args, " "), got, code, errs, want)
	}
}

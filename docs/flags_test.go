//go:build unix

package docs

import (
	"path/filepath"
	"strings"
	"testing"
)

// The --help re-run of a command refuses the bad values it used to
// accept: a negative --epochs, a --only that names no model of the table,
// a --sketch file that does not exist; the same commands with good values
// pass.
func TestHelpRunsRefuseBadValues(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin, dir := buildCommands(t, root), t.TempDir()
	for _, c := range []struct {
		cmd, want string // want: "" passes, else a failure containing it
	}{
		{"d4 train --sketch max --train rows.jsonl --epochs -5", "--epochs must be at least 1, got -5"},
		{"d4 train --sketch max --train rows.jsonl --epochs 5", ""},
		{"tasks sort --epochs -5", "--epochs must be at least 1, got -5"},
		{"tasks table sort --only bogus", `the sort table has no model "bogus"`},
		{"tasks table sort --only seq2seq", ""},
		{"tasks sort --sketch missing.fth", "sketch missing.fth: no such file"},
		{"d4 train --sketch missing.fth --train rows.jsonl", "sketch missing.fth: no such file"},
		{"tasks sort --sketch compare", ""},
	} {
		n, failures, err := helpRuns(bin, dir, c.cmd)
		if err != nil || n != 1 {
			t.Fatalf("%s: %d runs, %v", c.cmd, n, err)
		}
		switch {
		case c.want == "" && len(failures) > 0:
			t.Errorf("%s: %v", c.cmd, failures)
		case c.want != "" && (len(failures) != 1 || !strings.Contains(failures[0], c.want)):
			t.Errorf("%s: failures %q, want one containing %q", c.cmd, failures, c.want)
		}
	}
}

package cli

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

// IntVar, OptionalVar and StringVar refuse a bad value inside Parse, so
// that --help after it does not hide the error; --help prints their types.
func TestCheckedFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // "" for no error
	}{
		{[]string{"--n", "3", "--help"}, "help"},
		{[]string{"--n", "0", "--help"}, "--n must be at least 1, got 0"},
		{[]string{"--n", "11"}, "--n must be at most 10, got 11"},
		{[]string{"--n", "x"}, "parse error"},
		{[]string{"--o", "-1", "--help"}, "--o must not be negative, got -1"},
		{[]string{"--o", "0"}, ""},
		{[]string{"--s", "bad", "--help"}, "no bad"},
		{[]string{"--s", "good"}, ""},
	} {
		var n int
		var o Optional[int]
		var s string
		var help strings.Builder
		fs := NewFlagSet("x", "usage: x", &help)
		IntVar(fs, &n, "n", 5, 1, 10, "a number")
		OptionalVar(fs, &o, "o", 0, 3, "an optional number")
		StringVar(fs, &s, "s", "good", "a word", func(v string) error {
			if v != "good" {
				return errors.New("no " + v)
			}
			return nil
		})
		_, err := Parse(fs, c.args)
		switch {
		case c.want == "help":
			if !errors.Is(err, flag.ErrHelp) || !strings.Contains(help.String(), "  -n int\n") || !strings.Contains(help.String(), "  -s string\n") {
				t.Errorf("%v: %v, help %q", c.args, err, help.String())
			}
		case c.want == "" && err != nil, c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
	// --help prints a default as the flag package's int flags do: not 0.
	var zero, five int
	var help strings.Builder
	fs := NewFlagSet("x", "usage: x", &help)
	IntVar(fs, &zero, "zero", 0, 0, 10, "a number")
	IntVar(fs, &five, "five", 5, 0, 10, "a number")
	if _, err := Parse(fs, []string{"--help"}); !errors.Is(err, flag.ErrHelp) || !strings.Contains(help.String(), "  -zero int\n    \ta number\n") || !strings.Contains(help.String(), "a number (default 5)\n") {
		t.Errorf("--help: %v, %q", err, help.String())
	}
	var n int
	fs = NewFlagSet("x", "", io.Discard)
	IntVar(fs, &n, "n", 5, 1, 10, "")
	if _, err := Parse(fs, []string{"--n", "7"}); err != nil || n != 7 {
		t.Errorf("--n 7: %d, %v", n, err)
	}
}

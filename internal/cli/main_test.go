package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"testing"
)

// failingWriter fails every write after the first n bytes, and its Close
// fails when closeErr is set.
type failingWriter struct {
	bytes.Buffer
	n        int
	closeErr error
	closed   bool
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.Len()+len(p) > w.n {
		return 0, errors.New("no space left on device")
	}
	return w.Buffer.Write(p)
}

func (w *failingWriter) Close() error {
	w.closed = true
	return w.closeErr
}

// testCommands are the sub-commands of the tests' command x.
var testCommands = []Command{
	{Name: "ok", Summary: "print ok", Run: func(args []string, stdout, _ io.Writer) error {
		fmt.Fprintln(stdout, "ok")
		return nil
	}},
	{Name: "usage", Summary: "a bad command line", Run: func([]string, io.Writer, io.Writer) error {
		return Usagef("--n must be positive,\n  got -1")
	}},
	{Name: "fail", Summary: "fail after a progress bar", Run: func(_ []string, _, stderr io.Writer) error {
		fmt.Fprint(stderr, "\rtraining  45% |█████     | (9/20)")
		return errors.New("the loss is NaN")
	}},
	{Name: "help", Summary: "shadowed by --help", Run: func([]string, io.Writer, io.Writer) error { return nil }},
	{Name: "flags", Summary: "its own --help", Run: func(args []string, _, stderr io.Writer) error {
		fs := NewFlagSet("x flags", "usage: x flags", stderr)
		_, err := Parse(fs, args)
		return err
	}},
	{Name: "bug", Summary: "panic", Run: func([]string, io.Writer, io.Writer) error {
		panic("index out of range\n[3] with length 3")
	}},
}

func TestMainSubCommands(t *testing.T) {
	tests := []struct {
		name           string
		args           []string
		stdout         *failingWriter
		status         int
		out, errPrefix string // stdout, and how stderr starts
		errHas         string // stderr holds it
	}{
		{"sub-command", []string{"ok"}, nil, 0, "ok\n", "", ""},
		{"no command", nil, nil, 2, "", "x: no command given (commands: ok, usage, fail, help, flags, bug); run 'x --help' for usage\n", ""},
		{"unknown command", []string{"frob"}, nil, 2, "", `x: unknown command "frob" (commands: ok,`, "run 'x --help'"},
		{"usage error in one line", []string{"usage"}, nil, 2, "", "x usage: --n must be positive, got -1\n", ""},
		{"error after a progress bar", []string{"fail"}, nil, 1, "", "\rtraining  45% |█████     | (9/20)\nx fail: the loss is NaN\n", ""},
		{"--help", []string{"--help"}, nil, 0, "", "usage: x COMMAND [flags] [args]\ncommands:\n  ok     print ok\n", "Run 'x COMMAND --help'"},
		{"help", []string{"help"}, nil, 0, "", "usage: x COMMAND", ""},
		{"-h", []string{"-h"}, nil, 0, "", "usage: x COMMAND", ""},
		{"a sub-command's --help", []string{"flags", "--help"}, nil, 0, "", "usage: x flags\n", ""},
		{"--version", []string{"--version"}, nil, 0, "x ", "", ""},
		{"panic", []string{"bug"}, nil, InternalError, "", "x bug: internal error (please report it): index out of range [3] with length 3\n", ""},
		{"stdout fails", []string{"ok"}, &failingWriter{}, 1, "", "x ok: writing to stdout: no space left on device\n", ""},
		{"stdout fails on --version", []string{"--version"}, &failingWriter{}, 1, "", "x: writing to stdout: no space left on device\n", ""},
		{"closing stdout fails", []string{"ok"}, &failingWriter{n: 10, closeErr: errors.New("input/output error")}, 1, "ok\n", "x ok: writing to stdout: input/output error\n", ""},
		{"stdout closed", []string{"ok"}, &failingWriter{n: 10}, 0, "ok\n", "", ""},
		{"a failed command is reported, not stdout", []string{"usage"}, &failingWriter{}, 2, "", "x usage: --n must be positive", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout io.Writer
			var buf bytes.Buffer
			stdout = &buf
			if tc.stdout != nil {
				stdout = tc.stdout
			}
			var stderr bytes.Buffer
			status := Main("x", testCommands, tc.args, stdout, &stderr)
			out := buf.String()
			if tc.stdout != nil {
				out = tc.stdout.String()
				if !tc.stdout.closed {
					t.Errorf("stdout was not closed")
				}
			}
			errs := stderr.String()
			if status != tc.status || !strings.HasPrefix(out, tc.out) || (tc.out == "" && out != "") ||
				!strings.HasPrefix(errs, tc.errPrefix) || !strings.Contains(errs, tc.errHas) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, %q, stderr starting %q and holding %q", status, out, errs, tc.status, tc.out, tc.errPrefix, tc.errHas)
			}
			if tc.status != 0 && strings.Count(strings.TrimPrefix(errs, "\rtraining  45% |█████     | (9/20)\n"), "\n") != 1 {
				t.Errorf("stderr %q is not one line", errs)
			}
		})
	}
}

// A sub-command that returns flag.ErrHelp (wrapped or not) printed its
// usage: that is success, and nothing more is printed.
func TestMainHelpStatus(t *testing.T) {
	cmds := []Command{{Name: "h", Run: func([]string, io.Writer, io.Writer) error { return fmt.Errorf("h: %w", flag.ErrHelp) }}}
	var stdout, stderr bytes.Buffer
	if status := Main("x", cmds, []string{"h"}, &stdout, &stderr); status != 0 || stderr.Len() != 0 {
		t.Errorf("status %d, stderr %q", status, stderr.String())
	}
}

func TestOptional(t *testing.T) {
	tests := []struct {
		args           []string
		epochs         int // Or(100)
		epochsGiven    bool
		noise          float64 // Or(0.01)
		err            string
		finite, usageS string
	}{
		{nil, 100, false, 0.01, "", "", ""},
		{[]string{"--epochs", "0", "--noise", "0"}, 0, true, 0, "", "", "0"},
		{[]string{"--epochs", "-1"}, -1, true, 0.01, "", "", "-1"},
		{[]string{"--epochs", "x"}, 0, false, 0, `invalid value "x" for flag -epochs: parse error`, "", ""},
		{[]string{"--epochs", "99999999999999999999"}, 0, false, 0, "value out of range", "", ""},
		{[]string{"--noise", "nan"}, 100, false, 0, "", "--noise must be a finite number", ""},
	}
	for _, tc := range tests {
		var epochs Optional[int]
		var noise Optional[float64]
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Var(&epochs, "epochs", "")
		fs.Var(&noise, "noise", "")
		err := fs.Parse(tc.args)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: %v, want %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if got := epochs.Or(100); got != tc.epochs || epochs.Given() != tc.epochsGiven || epochs.String() != tc.usageS {
			t.Errorf("%v: epochs %d (given %v, %q), want %d (%v, %q)", tc.args, got, epochs.Given(), epochs.String(), tc.epochs, tc.epochsGiven, tc.usageS)
		}
		if err := CheckFinite(fs); tc.finite != "" && (err == nil || !strings.Contains(err.Error(), tc.finite)) || tc.finite == "" && (err != nil || noise.Or(0.01) != tc.noise) {
			t.Errorf("%v: noise %v, CheckFinite %v; want %v, %q", tc.args, noise.Or(0.01), err, tc.noise, tc.finite)
		}
	}
}

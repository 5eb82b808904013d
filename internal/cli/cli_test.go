package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestCheckFinite(t *testing.T) {
	tests := []struct {
		args []string
		want string // "": no error
	}{
		{[]string{"--lr", "0.5", "--noise", "0"}, ""},
		{[]string{"--lr", "nan"}, "--lr must be a finite number, got NaN"},
		{[]string{"--noise", "-Inf"}, "--noise must be a finite number, got -Inf"},
		{[]string{"--noise", "1e400"}, "invalid value"}, // refused by the flag package itself
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(new(bytes.Buffer))
		fs.Float64("lr", 1, "")
		fs.Float64("noise", 0, "")
		fs.Int("epochs", 3, "")
		err := fs.Parse(tc.args)
		if err == nil {
			err = CheckFinite(fs)
		}
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

func TestLineWriter(t *testing.T) {
	var b bytes.Buffer
	l := &LineWriter{W: &b}
	l.EndLine() // nothing open
	l.Write([]byte("epoch 1\n"))
	l.EndLine()
	l.Write([]byte("\r[=====>    ] 50%"))
	l.EndLine()
	l.Write([]byte("error\n"))
	if want := "epoch 1\n\r[=====>    ] 50%\nerror\n"; b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
}

func TestVersion(t *testing.T) {
	if v := Version("wap"); !strings.HasPrefix(v, "wap ") || !strings.Contains(v, "go1.") {
		t.Errorf("version line %q", v)
	}
}

func TestChanges(t *testing.T) {
	if got := Changes(Compare("--lr", 0.01, 0.02), Compare("--batch", 50, 50), Compare("--optim", "all", "naive")); got != "--lr 0.01, now 0.02; --optim all, now naive" {
		t.Errorf("Changes = %q", got)
	}
	if got := Changes(Compare("--seed", int64(1), int64(1))); got != "" {
		t.Errorf("Changes of equal settings = %q", got)
	}
}

func TestParse(t *testing.T) {
	newFS := func(stderr *bytes.Buffer) (*flag.FlagSet, *int) {
		fs := NewFlagSet("x run", "usage: x run [flags] FILE", stderr)
		return fs, fs.Int("steps", 1, "step budget")
	}
	var stderr bytes.Buffer
	fs, steps := newFS(&stderr)
	pos, err := Parse(fs, []string{"--steps", "3", "a", "b", "-steps=4", "c"})
	if err != nil || strings.Join(pos, " ") != "a b c" || *steps != 4 || stderr.Len() != 0 {
		t.Errorf("flags around arguments: %v, %v, steps %d, stderr %q", pos, err, *steps, stderr.String())
	}
	fs, _ = newFS(&stderr)
	_, err = Parse(fs, []string{"a", "--bogus"})
	if Status(err) != 2 || !strings.Contains(err.Error(), "-bogus") || !strings.Contains(err.Error(), "run 'x run --help' for the flags") || stderr.Len() != 0 {
		t.Errorf("a bad flag: %v (status %d), stderr %q; want one usage error and nothing printed", err, Status(err), stderr.String())
	}
	fs, _ = newFS(&stderr)
	_, err = Parse(fs, []string{"a", "--help"})
	if Status(err) != 0 || !strings.HasPrefix(stderr.String(), "usage: x run [flags] FILE\n") || !strings.Contains(stderr.String(), "-steps") {
		t.Errorf("--help: %v, stderr %q", err, stderr.String())
	}
	fs, _ = newFS(&stderr)
	fs.Bool("trace", false, "")
	if _, err := Parse(fs, []string{"--steps", "2"}); err != nil || !Given(fs, "steps") || Given(fs, "trace") {
		t.Errorf("Given: steps %v, trace %v (%v); want only the flag given", Given(fs, "steps"), Given(fs, "trace"), err)
	}
}

// ParseFlags refuses what a command of flags alone must: an argument, a
// bad flag, a float flag that is not finite; each is a usage error.
func TestParseFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // "": no error
	}{
		{[]string{"--lr", "0.5"}, ""},
		{nil, ""},
		{[]string{"--lr", "0.5", "extra"}, `unexpected argument "extra" (x train takes only flags)`},
		{[]string{"--lr", "nan"}, "--lr must be a finite number, got NaN"},
		{[]string{"--bogus"}, "run 'x train --help' for the flags"},
	} {
		fs := NewFlagSet("x train", "usage: x train [flags]", new(bytes.Buffer))
		fs.Float64("lr", 1, "")
		err := ParseFlags(fs, tc.args)
		if tc.want == "" && err != nil || tc.want != "" && (Status(err) != 2 || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%q: %v (status %d), want %q", tc.args, err, Status(err), tc.want)
		}
	}
}

func TestStatus(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{{nil, 0}, {flag.ErrHelp, 0}, {Usagef("bad %s", "flag"), 2}, {fmt.Errorf("wrapped: %w", UsageError{errors.New("bad")}), 2}, {errors.New("failed"), 1}} {
		if got := Status(tc.err); got != tc.want {
			t.Errorf("Status(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

func TestInts(t *testing.T) {
	if got, err := Ints("--stack", " 3 -1  2 "); err != nil || fmt.Sprint(got) != "[3 -1 2]" {
		t.Errorf("Ints = %v, %v", got, err)
	}
	for s, want := range map[string]string{"1 x": `--stack: value 2, "x", is not an integer`, "99999999999999999999999": "--stack: value 1, 99999999999999999999999, is out of range"} {
		if _, err := Ints("--stack", s); Status(err) != 2 || !strings.Contains(err.Error(), want) {
			t.Errorf("Ints(%q): %v, want a usage error containing %q", s, err, want)
		}
	}
	if got, err := PositiveInts("2, 4,8"); err != nil || fmt.Sprint(got) != "[2 4 8]" {
		t.Errorf("PositiveInts = %v, %v", got, err)
	}
	for _, s := range []string{"2,x", "0", "", "2,,3"} {
		if _, err := PositiveInts(s); err == nil || !strings.Contains(err.Error(), "not a positive integer") {
			t.Errorf("PositiveInts(%q): %v", s, err)
		}
	}
}

// Not on a terminal, a bar writes whole lines: at most one every LogEvery,
// and one when told to; never a carriage return.
func TestBarLog(t *testing.T) {
	var buf bytes.Buffer
	lw := &LineWriter{W: &buf}
	if IsTerminal(lw) {
		t.Fatal("a buffer is a terminal")
	}
	b := NewBar(lw, 10, "training", true)
	clock := time.Unix(0, 0)
	b.now, b.last = func() time.Time { return clock }, clock
	b.Add(1)
	b.Describe("training epoch 1")
	clock = clock.Add(LogEvery)
	b.Add(2)
	b.Set(5)
	b.Line()
	b.Clear()
	b.Finish()
	if want := "training epoch 1 30% (3/10)\ntraining epoch 1 50% (5/10)\n"; buf.String() != want {
		t.Errorf("log %q, want %q", buf.String(), want)
	}
}

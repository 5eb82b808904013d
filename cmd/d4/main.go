// Command d4 runs, trains, evaluates and exports Forth sketches: write a
// sketch with slots, give input/output pairs, get the slots learned, and
// take the learned program away as plain Forth.
//
//	d4 run [flags] [FILE]                  run a program (or a trained model) and print its final data stack
//	d4 train --sketch FILE --train DATA    train a sketch's slots on input/output pairs
//	d4 eval --model DIR --data DATA        accuracy of a trained model on a data file
//	d4 export --model DIR                  print the learned program as a standalone Forth program
//
// DATA is a .jsonl file (one {"input": [...], "output": [...]} a line: the
// initial and the final data stack, bottom to top) or a .parquet file with
// list-of-integer columns input and output. Every command takes --help.
// Errors are one line on stderr and a non-zero exit status (2 for a bad
// command line); with --json, stdout is exactly one JSON object and
// progress goes to stderr.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	cmdline "github.com/d4lang/d4/internal/cli"
)

// command is a subcommand: it parses its own flags.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = []struct {
	name string
	command
}{
	{"run", command{"run a program (or a trained model) and print its final data stack, bottom to top", runCmd}},
	{"train", command{"train a sketch's slots on input/output pairs (DATA: .jsonl or .parquet)", trainCmd}},
	{"eval", command{"print a trained model's Hamming and whole-sequence accuracy on a data file", evalCmd}},
	{"export", command{"print the learned program as a standalone Forth program for gforth", exportCmd}},
}

// usageError marks a bad command line (exit status 2).
type usageError struct{ error }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

func main() { os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr)) }

func realMain(args []string, stdout, stderr0 io.Writer) (status int) {
	// An error line starts a line of its own, after a progress bar's.
	stderr := &cmdline.LineWriter{W: stderr0}
	defer func() {
		if r := recover(); r != nil {
			stderr.EndLine()
			fmt.Fprintf(stderr, "d4: internal error (please report it): %s\n", strings.Join(strings.Fields(fmt.Sprint(r)), " "))
			status = 3
		}
	}()
	if len(args) == 0 {
		fmt.Fprintln(stderr, "d4: no command given (run, train, eval, export); run 'd4 --help'")
		return 2
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "help" {
		usage(stderr)
		return 0
	}
	if name == "--version" || name == "-version" {
		fmt.Fprintln(stdout, cmdline.Version("d4"))
		return 0
	}
	var cmd *command
	for i := range commands {
		if commands[i].name == name {
			cmd = &commands[i].command
		}
	}
	if cmd == nil {
		fmt.Fprintf(stderr, "d4: unknown command %q (commands: run, train, eval, export)\n", name)
		return 2
	}
	err := cmd.run(args[1:], stdout, stderr)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return 0
	}
	stderr.EndLine()
	fmt.Fprintf(stderr, "d4 %s: %s\n", name, strings.Join(strings.Fields(err.Error()), " "))
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: d4 COMMAND [flags] [args]\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-7s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "Run 'd4 COMMAND --help' for a command's flags, 'd4 --version' for the version.")
}

// newFlags returns a flag set whose --help prints the usage lines and the
// flags to stderr; errors are returned, never printed.
func newFlags(name, usageText string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("d4 "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintln(stderr, usageText)
		fs.SetOutput(stderr)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses flags that may stand before and after the positional
// arguments, and returns the positional arguments.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usagef("%v; run '%s --help' for the flags", err, fs.Name())
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos, args = append(pos, args[0]), args[1:]
	}
}

// given reports whether a flag was set on the command line.
func given(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// ints parses "a b c" as integers for a flag.
func ints(flagName, s string) ([]int, error) {
	fields := strings.Fields(s)
	out := make([]int, len(fields))
	for i, f := range fields {
		x, err := strconv.Atoi(f)
		if err != nil {
			return nil, usagef("%s: value %d, %q, is not an integer (want space-separated integers, e.g. \"3 1 2\")", flagName, i+1, f)
		}
		out[i] = x
	}
	return out, nil
}

// stackLine renders a stack bottom to top, space-separated.
func stackLine(xs []int) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

// bar is a progress bar on stderr (redrawn at most every 100 ms), drawn
// from its first use on, so that a command that fails before its work
// starts prints its error line alone.
type bar struct {
	stderr io.Writer
	max    int
	desc   string
	pb     *progressbar.ProgressBar
}

func (b *bar) get() *progressbar.ProgressBar {
	if b.pb == nil {
		b.pb = progressbar.NewOptions(b.max,
			progressbar.OptionSetWriter(b.stderr),
			progressbar.OptionSetDescription(b.desc),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionClearOnFinish())
	}
	return b.pb
}

// finish clears the bar, if it was drawn.
func (b *bar) finish() {
	if b.pb != nil {
		b.pb.Finish()
	}
}

// Command wap runs Forth sketches on the symbolic machine and, as the
// project grows, prepares, trains, evaluates and answers word algebra
// problems with ∂4.
//
//	wap run [flags] FILE    run a program and print its final data stack
//
// Every subcommand takes --help. Errors are one line on stderr and a
// non-zero exit status.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/d4lang/d4/internal/cli"
)

// command is one subcommand: it parses its own flags from args and writes
// its results to stdout.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{
	"run":     {"run a Forth program on the symbolic machine and print its final data stack", runCmd},
	"prepare": {"tokenise the CC dataset (or generate problems) into Parquet files and a vocabulary", prepareCmd},
	"train":   {"train the reader and the WAP sketch end to end", trainCmd},
	"eval":    {"print a trained model's accuracy on a split beside the paper's Table 3", evalCmd},
	"answer":  {"answer one word algebra problem and show the formula", answerCmd},
}

// usageError marks errors in the command line (exit status 2).
type usageError struct{ error }

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

func realMain(args []string, stdout, stderr0 io.Writer) (status int) {
	// An error line starts a line of its own, after a progress bar's.
	stderr := &cli.LineWriter{W: stderr0}
	// A bug must not surface as a Go stack trace: report it in one line.
	defer func() {
		if r := recover(); r != nil {
			stderr.EndLine()
			msg := strings.Join(strings.Fields(fmt.Sprint(r)), " ")
			fmt.Fprintf(stderr, "wap: internal error (please report it): %s\n", msg)
			status = 3
		}
	}()
	if len(args) == 0 {
		fmt.Fprintf(stderr, "wap: no command given (commands: %s); run 'wap --help' for usage\n", strings.Join(commandNames(), ", "))
		return 2
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		fmt.Fprintln(stdout, cli.Version("wap"))
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "wap: unknown command %q (commands: %s)\n", args[0], strings.Join(commandNames(), ", "))
		return 2
	}
	err := cmd.run(args[1:], stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	}
	stderr.EndLine()
	fmt.Fprintf(stderr, "wap %s: %v\n", args[0], err)
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

func commandNames() []string {
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: wap COMMAND [flags] [args]")
	fmt.Fprintln(w, "commands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "Run 'wap COMMAND --help' for a command's flags, 'wap --version' for the version.")
}

// parseInterleaved parses flags that may come before or after the
// positional arguments, returning the positional arguments. A bad flag is
// reported in the returned error only (one line, without the flag
// summary); --help prints fs.Usage.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				usage()
				return nil, err
			}
			return nil, usageError{fmt.Errorf("%w; run '%s --help' for the flags", err, fs.Name())}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

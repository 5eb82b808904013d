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
	"fmt"
	"io"
	"os"
	"strings"

	cmdline "github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/runcmd"
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
	if status = cmdline.Status(err); status != 0 {
		stderr.EndLine()
		fmt.Fprintf(stderr, "d4 %s: %s\n", name, strings.Join(strings.Fields(err.Error()), " "))
	}
	return status
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: d4 COMMAND [flags] [args]\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-7s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "Run 'd4 COMMAND --help' for a command's flags, 'd4 --version' for the version.")
}

// runCmd is d4 run (package runcmd).
func runCmd(args []string, stdout, stderr io.Writer) error {
	return runcmd.Run("d4 run", args, stdout, stderr)
}

// Command wap prepares, trains, evaluates and answers word algebra
// problems with ∂4 (package wap: a BiLSTM reader and the paper's sketch
// trained end to end from questions and answers):
//
//	wap prepare [DIR]            tokenise CC (or generate problems: --synthetic) into Parquet files and a vocabulary
//	wap train                    train the reader and the sketch (an ensemble of --restarts models)
//	wap eval [--split S]         accuracy on a split beside the paper's Table 3, or on the benchmark (--bench)
//	wap answer "QUESTION"        the answer, the formula the slots chose and its confidence (or --file FILE)
//	wap run [flags] [FILE]       run a program and print its final data stack: d4 run
//
// Every subcommand takes --help. Errors are one line on stderr and a
// non-zero exit status (2 for a bad command line).
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/runcmd"
)

// command is one subcommand: it parses its own flags from args and writes
// its results to stdout.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

var commands = map[string]command{
	"run":     {"run a program (or a trained model) and print its final data stack, bottom to top (as 'd4 run')", runCmd},
	"prepare": {"tokenise the CC dataset (or generate problems) into Parquet files and a vocabulary", prepareCmd},
	"train":   {"train the reader and the WAP sketch end to end", trainCmd},
	"eval":    {"print a trained model's accuracy on a split beside the paper's Table 3", evalCmd},
	"answer":  {"answer one word algebra problem and show the formula", answerCmd},
}

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
	if status = cli.Status(err); status != 0 {
		stderr.EndLine()
		fmt.Fprintf(stderr, "wap %s: %v\n", args[0], err)
	}
	return status
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

// runCmd is wap run, the command d4 run (package runcmd).
func runCmd(args []string, stdout, stderr io.Writer) error {
	return runcmd.Run("wap run", args, stdout, stderr)
}

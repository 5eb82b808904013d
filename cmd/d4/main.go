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
	"io"
	"os"

	"github.com/d4lang/d4/cmd/internal/runcmd"
	cmdline "github.com/d4lang/d4/internal/cli"
)

// commands are the sub-commands of d4.
var commands = []cmdline.Command{
	{Name: "run", Summary: "run a program (or a trained model) and print its final data stack, bottom to top", Run: runCmd},
	{Name: "train", Summary: "train a sketch's slots on input/output pairs (DATA: .jsonl or .parquet)", Run: trainCmd},
	{Name: "eval", Summary: "print a trained model's Hamming and whole-sequence accuracy on a data file", Run: evalCmd},
	{Name: "export", Summary: "print the learned program as a standalone Forth program for gforth", Run: exportCmd},
}

func main() { os.Exit(cmdline.Main("d4", commands, os.Args[1:], os.Stdout, os.Stderr)) }

// runCmd is d4 run (package runcmd).
func runCmd(args []string, stdout, stderr io.Writer) error {
	return runcmd.Run("d4 run", args, stdout, stderr)
}

// Command tasks trains and tests ∂4 sketches and the Seq2Seq baseline on the
// paper's sorting and addition tasks (packages sorting and addition, run by
// the harness of package tasks), reproduces its Tables 1 and 2, and times
// the execution's optimisations (package bench):
//
//	tasks sort  --sketch compare --train-len 3 --test-len 64 [--json]
//	tasks add   --sketch choose  --train-len 2 --test-len 64
//	tasks sort  --model seq2seq  --train-len 3 --test-len 8
//	tasks table sort|add
//	tasks bench [--png FILE]
//
// Lengths are as the paper counts them: for sorting, the number of values;
// for addition, the length of the input sequence of digits, two per digit
// pair (so --train-len 2 is one digit pair). Errors are one line on stderr
// and a non-zero exit status; with --json, stdout is exactly one JSON
// object and progress goes to stderr.
package main

import (
	"os"

	"github.com/d4lang/d4/internal/cli"
)

func main() { os.Exit(cli.Main("tasks", commands, os.Args[1:], os.Stdout, os.Stderr)) }

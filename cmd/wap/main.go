// Command wap prepares, trains, evaluates and answers word algebra
// problems with ∂4 (package wap: a BiLSTM reader and the paper's sketch
// trained end to end from questions and answers):
//
//	wap prepare [DIR]            tokenise CC (or generate problems: --synthetic) into Parquet files and a vocabulary
//	wap train                    train the reader and the sketch (an ensemble of --models models; one per fold of prepared folds)
//	wap eval [--split S]         accuracy on a split beside the paper's Table 3, per fold of prepared folds, or on the benchmark (--bench)
//	wap answer "QUESTION"        the answer, the formula the slots chose and its confidence (or --file FILE)
//	wap serve                    a page and a JSON API that answer questions and show how ∂4 reached each answer
//	wap vectors --glove FILE     pretrained word vectors (GloVe's) for the reader, for wap train --vectors
//	wap bench                    the GFLOP/s of the matrix products and of training on this machine
//	wap run [flags] [FILE]       run a program and print its final data stack: d4 run
//
// Every subcommand takes --help. Errors are one line on stderr and a
// non-zero exit status (2 for a bad command line).
package main

import (
	"io"
	"os"

	"github.com/d4lang/d4/cmd/internal/runcmd"
	"github.com/d4lang/d4/internal/cli"
)

// commands are the sub-commands of wap.
var commands = []cli.Command{
	{Name: "prepare", Summary: "tokenise the CC dataset (or generate problems) into Parquet files and a vocabulary", Run: prepareCmd},
	{Name: "train", Summary: "train the reader and the WAP sketch end to end", Run: trainCmd},
	{Name: "eval", Summary: "print a trained model's accuracy on a split beside the paper's Table 3", Run: evalCmd},
	{Name: "answer", Summary: "answer one word algebra problem and show the formula", Run: answerCmd},
	{Name: "serve", Summary: "serve a page and a JSON API that answer word problems and show how ∂4 reached the answer", Run: serveCmd},
	{Name: "bench", Summary: "measure the GFLOP/s of the matrix products and of training on this machine", Run: benchCmd},
	{Name: "vectors", Summary: "write pretrained word vectors (GloVe's) for 'wap train --vectors'", Run: vectorsCmd},
	{Name: "run", Summary: "run a program (or a trained model) and print its final data stack, bottom to top (as 'd4 run')", Run: runCmd},
}

func main() { os.Exit(cli.Main("wap", commands, os.Args[1:], os.Stdout, os.Stderr)) }

// runCmd is wap run, the command d4 run (package runcmd).
func runCmd(args []string, stdout, stderr io.Writer) error {
	return runcmd.Run("wap run", args, stdout, stderr)
}

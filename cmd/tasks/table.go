package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/d4lang/d4/baseline/seq2seq"
	"github.com/d4lang/d4/eval"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/optim"
)

// tableFlags are the flags of tasks table.
type tableFlags struct {
	e          *taskEntry // the table's task
	seed       int64
	jsonOut    bool
	only       string
	s2sEpochs  cli.Optional[int]
	s2sReverse bool
}

// tableRow is a cell of the table: ours beside the paper's.
type tableRow struct {
	eval.Cell
	Ours         float64 `json:"ours_hamming"`
	OursSequence float64 `json:"ours_sequence"`
	TrainSeconds float64 `json:"train_seconds"`
	Epochs       int     `json:"epochs"`
	Stopped      string  `json:"stopped,omitempty"`
}

// runTable runs every cell of the paper's Table 1 or 2: each model is
// trained once per training length and tested at lengths 8 and 64.
func runTable(args []string, stdout, stderr io.Writer) error {
	f, err := parseTable(args, stderr)
	if err != nil {
		return err
	}
	cells := eval.PaperTable(f.e.task.Name)
	var rows []tableRow
	for i := 0; i < len(cells); i += 2 { // cells come in pairs: test 8, test 64
		if f.only != "" && cells[i].Model != f.only {
			continue
		}
		r, err := runTableCells(f, cells[i:i+2], stdout, stderr)
		if err != nil {
			return err
		}
		rows = append(rows, r...)
	}
	if f.jsonOut {
		return json.NewEncoder(stdout).Encode(map[string]any{"task": f.e.task.Name, "seed": f.seed, "cells": rows})
	}
	return nil
}

// parseTable parses the command line of tasks table: the table's task
// (sort or add) first, then the flags.
func parseTable(args []string, stderr io.Writer) (tableFlags, error) {
	var f tableFlags
	s2s := seq2seq.DefaultConfig(0)
	fs := cli.NewFlagSet("tasks table", "usage: tasks table "+strings.ReplaceAll(tableNames(), " or ", "|")+" [flags]", stderr)
	fs.Int64Var(&f.seed, "seed", 1, "seed")
	fs.BoolVar(&f.jsonOut, "json", false, "print the table as one JSON object")
	cli.StringVar(fs, &f.only, "only", "", "run only this model (seq2seq or a sketch of the task)", func(s string) error {
		return checkOnly(f.e, s)
	})
	cli.OptionalVar(fs, &f.s2sEpochs, "seq2seq-epochs", 1, fit.MaxEpochs, fmt.Sprintf("Seq2Seq epochs (default %d, the paper's)", s2s.Epochs))
	fs.BoolVar(&f.s2sReverse, "seq2seq-reverse-source", s2s.ReverseSource, "Seq2Seq reads each input last token first (=false: in order)")
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		_, err := cli.Parse(fs, args)
		return f, err
	}
	if len(args) > 0 {
		f.e = lookupTask(args[0])
	}
	if f.e == nil || f.e.table == "" {
		return f, cli.Usagef("expected the table to run, %s, before the flags", tableNames())
	}
	return f, cli.ParseFlags(fs, args[1:])
}

// checkOnly checks that the table of task e (none before the command
// line names it) has the model only.
func checkOnly(e *taskEntry, only string) error {
	if e == nil {
		return nil
	}
	var models []string
	for _, c := range eval.PaperTable(e.task.Name) {
		if c.Model == only {
			return nil
		}
		if !slices.Contains(models, c.Model) {
			models = append(models, c.Model)
		}
	}
	return fmt.Errorf("the %s table has no model %q (%s)", e.task.Name, only, strings.Join(models, ", "))
}

// runTableCells trains a model once at the training length of a pair of
// cells and tests it at both cells' test lengths, printing a line a cell
// unless --json.
func runTableCells(tf tableFlags, pair []eval.Cell, stdout, stderr io.Writer) ([]tableRow, error) {
	c := pair[0]
	f, err := parseCell(tf.e, cellArgs(tf, c, max(pair[0].TestLen, pair[1].TestLen)), io.Discard)
	if err != nil {
		return nil, err
	}
	ds, _, err := dataset(f)
	if err != nil {
		return nil, err
	}
	tr, err := train(f, ds, stderr)
	if err != nil && (tr.predict == nil || !errors.Is(err, optim.ErrNotFinite)) {
		return nil, fmt.Errorf("%s trained at %d: %w", c.Model, c.TrainLen, err)
	}
	var rows []tableRow
	for _, tc := range pair {
		f.testLen = tc.TestLen
		dsT, _, err := dataset(f)
		if err != nil {
			return nil, err
		}
		res, err := test(tr, dsT.Test, tc.TestLen, stderr)
		if err != nil {
			return nil, err
		}
		rows = append(rows, tableRow{tc, res.TestHamming, res.TestSequence, res.TrainSeconds, res.Epochs, res.Stopped})
		if !tf.jsonOut {
			note := ""
			if res.Stopped != "" {
				note = "   (stopped: " + res.Stopped + "; best parameters before it)"
			}
			fmt.Fprintf(stdout, "%-10s train %2d  test %2d   ours %6.2f%% (seq %6.2f%%)   paper %6.2f%%   train %6.1f s, %d epochs%s\n",
				tc.Model, tc.TrainLen, tc.TestLen, res.TestHamming, res.TestSequence, tc.Paper, res.TrainSeconds, res.Epochs, note)
		}
	}
	return rows, nil
}

// cellArgs are the flags of a cell, as `tasks sort|add` would take them
// (every other flag keeps its default). The value size is shared by
// training and testing: the model trains for the longer test length.
func cellArgs(tf tableFlags, c eval.Cell, testLen int) []string {
	args := []string{"--train-len", strconv.Itoa(c.TrainLen), "--test-len", strconv.Itoa(testLen),
		"--seed", strconv.FormatInt(tf.seed, 10)}
	if c.Model == seq2seqModel.String() {
		args = append(args, "--model", c.Model, "--reverse-source="+strconv.FormatBool(tf.s2sReverse))
		if tf.s2sEpochs.Given() {
			args = append(args, "--epochs", strconv.Itoa(tf.s2sEpochs.Value()))
		}
		return args
	}
	return append(args, "--sketch", c.Model)
}

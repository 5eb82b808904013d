// Package source is where word problems come from: a problem as a source
// gives it (Problem: its text, its answer and, for analysis only, its
// equation), a dataset's problems by split (Dataset, indexed by
// data.Split), and the interface every dataset format implements
// (Source). Package cc reads the Common
// Core dataset, package svamp the SVAMP repository's formats (SVAMP.json,
// the CSV folds of MAWPS and ASDiv-A), package synth (tasks/wap/synth)
// generates problems in CC's style, and package benchmark holds the
// hand-written benchmark; package prepare turns the problems of one or
// more sources into the prepared data that `wap train` and `wap eval`
// read.
//
// Adding a format costs one package under source/ with a type that
// implements Source (Name and Read, with errors that name the file and
// line: 2 places in 1 file, and the package's doc there or in doc.go), and
// one entry in the table of layouts by which `wap prepare` recognises what
// a directory holds (prepare.layouts, in open.go): 3 places in 2 or 3
// files. TestEverySourcePackageHasASource keeps the first true, and
// prepare's TestOpenNamesEveryLayout the second.
package source

import (
	"bytes"

	"github.com/d4lang/d4/data"
)

// Problem is one word problem as a source gives it.
type Problem struct {
	// ID identifies the problem within its source (CC's iIndex).
	ID int
	// Text is the story and its question.
	Text string
	// Answer is the problem's solution.
	Answer float64
	// Equation is the problem's equation in CC's format, e.g.
	// "X=((32.0+42.0)-35.0)"; it is for analysis only: the model learns
	// from (Text, Answer) pairs.
	Equation string
	// Source names the source the problem came from ("cc", "synthetic").
	Source string
	// Type is the kind of problem where the source says ("" where it does
	// not): SVAMP's and ASDiv-A's Type ("Subtraction", "Common-Division",
	// …), for reports per type.
	Type string
	// Variation is SVAMP's Variation Type where the source gives it (the
	// SVAMP CSV does, SVAMP.json does not), "" otherwise.
	Variation string
	// Grade is ASDiv-A's school grade (1…6), 0 where the source gives none.
	Grade int
	// Where is where the problem is written, "file:line" ("" for a
	// generated problem), for messages about it.
	Where string
}

// Dataset is the problems of each split, indexed by data.Split.
type Dataset [len(data.Splits)][]Problem

// Source is a dataset format: a place problems are read from, or a
// generator.
type Source interface {
	// Name names the source in the prepared data's rows and summary.
	Name() string
	// Read returns the problems of each split, each in its file's order
	// (a split the source does not have is empty). A fault is one error
	// that names the file and line.
	Read() (Dataset, error)
}

// ElementLine returns the line (from 1) of the JSON text b on which the
// next element of an array starts, when a json.Decoder reading b stands
// at offset off (its InputOffset) within the array: the first byte from
// off on that is neither white space nor a comma.
func ElementLine(b []byte, off int64) int {
	rest := b[off:]
	off += int64(len(rest) - len(bytes.TrimLeft(rest, " \t\r\n,")))
	return 1 + bytes.Count(b[:off], []byte("\n"))
}

package main

import (
	"flag"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/sketches"
)

// maxProblems bounds the generated problems of a split.
const maxProblems = 10_000_000

// intFlag is an integer flag and its bounds.
type intFlag struct {
	name   string
	lo, hi int
}

// The integer flags of every wap sub-command and their bounds, the one
// table of them (a flag of the same name is bounded alike in each): far
// beyond what is useful on this hardware, well below what would exhaust
// memory or run for ever. A value outside them is refused as the command
// line is parsed (intFlag.Var).
var (
	batchFlag     = intFlag{"batch", 1, 100_000}
	epochsFlag    = intFlag{"epochs", 0, 1_000_000}
	patienceFlag  = intFlag{"patience", 0, 1_000_000}
	ccPassesFlag  = intFlag{"cc-passes", 0, 1_000_000}
	updatesFlag   = intFlag{"updates", 0, 1 << 30}
	modelsFlag    = intFlag{"models", 1, 64}
	parallelFlag  = intFlag{"parallel", 0, 64}
	generatedFlag = intFlag{"generated", 0, maxProblems}
	vocabFlag     = intFlag{"vocab-size", 1, 1 << 20}
	tokensFlag    = intFlag{"tokens", 8, 1000}
	windowFlag    = intFlag{"window", 1, 1000}
	wordsFlag     = intFlag{"words", 0, 1 << 24}
	dimFlag       = intFlag{"dim", 1, 1 << 12}
)

// Var defines the flag on fs (cli.IntVar).
func (f intFlag) Var(fs *flag.FlagSet, p *int, value int, usage string) {
	cli.IntVar(fs, p, f.name, value, f.lo, f.hi, usage)
}

// sketchVar defines --sketch: a path or the name of an embedded sketch,
// refused as the command line is parsed when it is neither.
func sketchVar(fs *flag.FlagSet, p *string, value, usage string) {
	cli.StringVar(fs, p, "sketch", value, usage, func(s string) error {
		_, _, err := sketches.Load(s)
		return err
	})
}

// decodeUsage documents the --decode flag.
const decodeUsage = "how the slots decide: sensible (a model trained with --prior: the most probable answer weighed by its learned prior over the result; otherwise as rule), rule (the most probable answer that is not negative, whole when the numbers are and a finite decimal when they are decimals) or argmax (each slot's most probable decision)"

// asWrittenUsage documents the --as-written flag.
const asWrittenUsage = "read each question only as written (by default it is also read with a question asked first moved to the end and with its statements in other orders, and the readings decide together)"

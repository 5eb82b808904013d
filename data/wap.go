package data

import (
	"errors"
	"fmt"

	"github.com/d4lang/d4/internal/quote"
	"github.com/parquet-go/parquet-go"
)

// The sources of WAP rows.
const (
	SourceCC        = "cc"
	SourceSynthetic = "synthetic"
)

// WAPRow is one prepared word algebra problem: its text, tokens, token ids
// in the vocabulary the dataset was prepared with, the positions and
// values of its numbers, and its answer. Equation and Pattern are for
// analysis only.
type WAPRow struct {
	ID       int64    `parquet:"id"`
	Text     string   `parquet:"text"`
	Tokens   []string `parquet:"tokens,list"`
	TokenIDs []int32  `parquet:"token_ids,list"`
	NumPos   []int32  `parquet:"num_pos,list"`
	Numbers  []int32  `parquet:"numbers,list"`
	Answer   int32    `parquet:"answer"`
	Equation string   `parquet:"equation"`
	Pattern  string   `parquet:"pattern"`
	Source   string   `parquet:"source"`
}

// wapSchema is the schema of WAPRow files.
var wapSchema = parquet.SchemaOf(WAPRow{})

// ErrWAPSchema is wrapped by the errors of ReadWAP for a Parquet file whose
// columns are not those of WAPRow.
var ErrWAPSchema = errors.New("not a WAP dataset")

// checkWAPRow reports a row whose lists disagree: token ids and tokens of
// different lengths, number positions and numbers of different lengths,
// a position outside the tokens or not after the one before, or an
// unknown source or pattern.
func checkWAPRow(i int, r WAPRow) error {
	where := fmt.Sprintf("row %d (id %d)", i, r.ID)
	if len(r.TokenIDs) != len(r.Tokens) {
		return fmt.Errorf("%s: %d token ids for %d tokens", where, len(r.TokenIDs), len(r.Tokens))
	}
	if len(r.NumPos) != len(r.Numbers) {
		return fmt.Errorf("%s: %d number positions for %d numbers", where, len(r.NumPos), len(r.Numbers))
	}
	for j, p := range r.NumPos {
		if p < 0 || int(p) >= len(r.Tokens) {
			return fmt.Errorf("%s: number position %d is outside its %d tokens", where, p, len(r.Tokens))
		}
		if j > 0 && p <= r.NumPos[j-1] {
			return fmt.Errorf("%s: number positions %v are not increasing", where, r.NumPos)
		}
	}
	if r.Source != SourceCC && r.Source != SourceSynthetic {
		return fmt.Errorf("%s: source %s, want %q or %q", where, quote.Short(r.Source), SourceCC, SourceSynthetic)
	}
	if !knownPattern(r.Pattern) {
		return fmt.Errorf("%s: pattern %s is not a CC pattern or %q", where, quote.Short(r.Pattern), PatternOther)
	}
	return nil
}

// knownPattern reports whether p is one of Patterns or PatternOther.
func knownPattern(p string) bool {
	if p == PatternOther {
		return true
	}
	for _, q := range Patterns {
		if p == q {
			return true
		}
	}
	return false
}

// WriteWAP writes rows to the Parquet file at path, replacing it
// atomically (as WriteSeqs does). Every row must be consistent: as many
// token ids as tokens, as many number positions as numbers, positions
// increasing and inside the tokens, Source "cc" or "synthetic", and
// Pattern one of Patterns or "other".
func WriteWAP(path string, rows []WAPRow) error {
	return writeRows(path, wapSchema, rows, checkWAPRow)
}

// ReadWAP reads the rows of a Parquet file written by WriteWAP (or by any
// tool, with the same columns). It fails, naming the file, when the file
// cannot be opened, is not a Parquet file, lacks one of the WAPRow columns
// or has it with another type (an error wrapping ErrWAPSchema), or holds a
// row that WriteWAP would refuse (naming the row). The returned lists are
// never nil.
func ReadWAP(path string) ([]WAPRow, error) {
	rows, err := readRows[WAPRow](path, ErrWAPSchema)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		r := &rows[i]
		for _, l := range []*[]int32{&r.TokenIDs, &r.NumPos, &r.Numbers} {
			if *l == nil {
				*l = []int32{}
			}
		}
		if r.Tokens == nil {
			r.Tokens = []string{}
		}
		if err := checkWAPRow(i, *r); err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
	}
	return rows, nil
}

// Package benchmark holds the hand-written benchmark of the word-problem
// task: 600 CC-style problems over the five patterns (a fifth each),
// written for this project independently of CC and of the generator, in
// phrasings people use (other topics, the question first, numbers out of
// the equation's order, flashbacks, informal and terse register, synonyms
// of the cue words, money, decimals and large numbers). dev.jsonl (500:
// writers A and B's dev half, and all the problems of writers C to F) is
// for looking at and deciding while developing; test.jsonl (100: writers A
// and B's test half) is evaluated only to report. Nothing is ever trained
// on either. Load reads a set; Source gives both as a dataset's dev and
// test splits.
package benchmark

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// files are the benchmark's sets.
//
//go:embed dev.jsonl test.jsonl
var files embed.FS

// Sets are the names of the benchmark's sets.
var Sets = []string{"dev", "test"}

// Item is one benchmark problem (one line of the JSONL files).
type Item struct {
	ID      string `json:"id"`
	Text    string `json:"text"`
	Pattern string `json:"pattern"`
	// Numbers are the three numbers as written, in text order; A, B, C
	// the same strings assigned to the pattern's variables.
	Numbers []string `json:"numbers"`
	A       string   `json:"a"`
	B       string   `json:"b"`
	C       string   `json:"c"`
	// Answer is the exact answer ("300", "37.5").
	Answer string `json:"answer"`
	// Phenomena label what the problem exercises: question-first,
	// out-of-order, flashback, informal, terse, big-numbers,
	// money-or-decimal, synonym, long, question-middle.
	Phenomena []string `json:"phenomena"`

	exact *big.Rat
}

// Exact is the item's exact answer.
func (it Item) Exact() *big.Rat { return new(big.Rat).Set(it.exact) }

// Load returns a set of the benchmark ("dev" or "test").
func Load(set string) ([]Item, error) {
	b, err := files.ReadFile(set + ".jsonl")
	if err != nil {
		return nil, fmt.Errorf("the benchmark has no set %q (want %s)", set, strings.Join(Sets, " or "))
	}
	return Read(bytes.NewReader(b), set+".jsonl")
}

// Read reads benchmark problems from JSONL, one object a line; an item
// without text, with an unknown pattern or an answer that is not an exact
// number is an error naming the line.
func Read(r io.Reader, name string) ([]Item, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	var out []Item
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var it Item
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&it); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		var ok bool
		if it.exact, ok = new(big.Rat).SetString(it.Answer); !ok {
			return nil, fmt.Errorf("%s:%d: answer %q is not a number", name, line, it.Answer)
		}
		if it.Text == "" || !slices.Contains(cc.Patterns, it.Pattern) {
			return nil, fmt.Errorf("%s:%d: an item needs a text and one of the patterns %s", name, line, strings.Join(cc.Patterns, " "))
		}
		out = append(out, it)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// Name names the benchmark in prepared data.
const Name = "benchmark"

// Source is the benchmark as a dataset (source.Source): its dev set as
// the dev split, its test set as the test split, no training split. A
// problem's ID is its line's place in its set (from 0); its Equation is
// empty (the items give their pattern and numbers instead).
type Source struct{}

// Name names the source.
func (Source) Name() string { return Name }

// Read reads both sets.
func (Source) Read() (source.Dataset, error) {
	var ds source.Dataset
	for _, s := range []data.Split{data.Dev, data.Test} {
		items, err := Load(s.String())
		if err != nil {
			return source.Dataset{}, err
		}
		for i, it := range items {
			answer, _ := it.exact.Float64()
			ds[s] = append(ds[s], source.Problem{ID: i, Text: it.Text, Answer: answer, Source: Name})
		}
	}
	return ds, nil
}

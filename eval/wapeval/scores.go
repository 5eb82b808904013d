package wapeval

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// Tally is the right answers of N problems.
type Tally struct{ Right, N int }

// Acc is the accuracy in percent.
func (t Tally) Acc() float64 { return 100 * float64(t.Right) / float64(t.N) }

// plus is t with the problems of u.
func (t Tally) plus(u Tally) Tally { return Tally{t.Right + u.Right, t.N + u.N} }

// one is the tally of one problem.
func one(right bool) Tally {
	if right {
		return Tally{1, 1}
	}
	return Tally{0, 1}
}

// breakdown groups a split's problems by a key of each row ("": the row
// is in no group), for an accuracy per group: a field of the JSON of wap
// eval and a section of its text. With keys instead of key, a row may be
// in several groups and counts in each.
type breakdown struct {
	json, title string
	key         func(prepare.Row) string
	keys        func(prepare.Row) []string
}

// groups are the groups of a row: its key's, or its keys'.
func (b breakdown) groups(r prepare.Row) []string {
	if b.keys != nil {
		return b.keys(r)
	}
	if k := b.key(r); k != "" {
		return []string{k}
	}
	return nil
}

// breakdowns are the groups wap eval reports; one whose rows have no key
// (SVAMP's types on CC) is left out.
var breakdowns = []breakdown{
	{"per_pattern", "per equation pattern:", func(r prepare.Row) string { return r.Pattern }, nil},
	{"per_type", "per problem type:", func(r prepare.Row) string { return r.Type }, nil},
	{"per_variation", "per variation (the codes of the SVAMP CSV's Variation Type; the names are Patel et al. 2021's Table 1 in its order; a problem of several variations counts under each):",
		nil, variationKeys},
	{"per_operations", "per number of operations:", operationsKey, nil},
	{"per_kind", "per kind (from the equation: its steps, and whether a number of the text is not in it):", prepare.Row.Kind, nil},
}

// variationNames are SVAMP's variations by their code in the CSV's
// Variation Type column, taken to follow Patel et al. (NAACL 2021),
// Table 1, in its order: question sensitivity 1x, reasoning ability 2x,
// structural invariance 3x. (The CSV does not name them; on it, 82% of
// the rows of code 33 carry a number their equation does not use.)
var variationNames = map[string]string{
	"11": "same object, different structure",
	"12": "different object, same structure",
	"13": "different object, different structure",
	"21": "add relevant information",
	"22": "change information",
	"23": "invert operation",
	"31": "change order of objects",
	"32": "change order of phrases",
	"33": "add irrelevant information",
}

// variationKeys are the groups of a row's Variation Type, one per code,
// each once ("21, 11": "21 add relevant information" and "11 same object,
// different structure"), a code of no known name as it is.
func variationKeys(r prepare.Row) []string {
	var out []string
	for c := range strings.SplitSeq(r.Variation, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		if name, ok := variationNames[c]; ok {
			c += " " + name
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// operationsKey groups a row by the operations of its equation: "1
// operation", "2 operations", "3+ operations" (or "0 operations"). CC's
// rows, two operations each as their patterns say, and rows whose
// equation does not parse are in no group.
func operationsKey(r prepare.Row) string {
	n, ok := r.Operations()
	switch {
	case !ok || r.Source == cc.Name:
		return ""
	case n == 1:
		return "1 operation"
	case n >= 3:
		return "3+ operations"
	}
	return fmt.Sprintf("%d operations", n)
}

// Scores are the right answers of a split's problems, in all and per
// group of each breakdown (per[i] for breakdowns[i]).
type Scores struct {
	All Tally
	per []map[string]Tally
}

// NewScores returns the scores of no problems.
func NewScores() Scores {
	sc := Scores{per: make([]map[string]Tally, len(breakdowns))}
	for i := range sc.per {
		sc.per[i] = map[string]Tally{}
	}
	return sc
}

// Add counts a problem's answer: right or not.
func (sc *Scores) Add(r prepare.Row, right bool) {
	sc.All = sc.All.plus(one(right))
	for i, b := range breakdowns {
		for _, k := range b.groups(r) {
			sc.per[i][k] = sc.per[i][k].plus(one(right))
		}
	}
}

// Merge adds the problems of o, pooling the folds of a cross-validation.
func (sc *Scores) Merge(o Scores) {
	sc.All = sc.All.plus(o.All)
	for i := range breakdowns {
		for k, t := range o.per[i] {
			sc.per[i][k] = sc.per[i][k].plus(t)
		}
	}
}

// AddTo sets obj's field of each breakdown that has groups: the accuracy
// per group in percent, rounded to 0.01.
func (sc Scores) AddTo(obj map[string]any) {
	for i, b := range breakdowns {
		if len(sc.per[i]) == 0 {
			continue
		}
		acc := map[string]float64{}
		for k, t := range sc.per[i] {
			acc[k] = mathx.Round(t.Acc(), 2)
		}
		obj[b.json] = acc
	}
}

// Print writes a section per breakdown that has groups: its title, then
// a line per group in the order of their names.
func (sc Scores) Print(w io.Writer) {
	for i, b := range breakdowns {
		if len(sc.per[i]) == 0 {
			continue
		}
		fmt.Fprintln(w, b.title)
		keys := slices.Sorted(maps.Keys(sc.per[i]))
		width := 10
		for _, k := range keys {
			width = max(width, utf8.RuneCountInString(k))
		}
		for _, k := range keys {
			t := sc.per[i][k]
			fmt.Fprintf(w, "  %-*s %6.1f%%   (%d/%d)\n", width, k, t.Acc(), t.Right, t.N)
		}
	}
}

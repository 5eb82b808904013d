package synth

import (
	"embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file is the engine that reads the generator's English: the
// lexicons, word lists and scenes live in data/*.tsv, embedded in the
// binary, and each Go table of the package is decoded from one file at
// start-up.
//
// A data file is tab-separated text. Lines starting with # are comments
// and blank lines are skipped; the first other line names the columns,
// and every line after it is one entry with exactly as many cells. What a
// cell holds depends on the column's decoder (row's methods):
//
//	text    any text; empty is allowed unless the decoder requires it
//	list    items separated by bars: "red|green|blue"; empty for none
//	noun    "sg" (plural sg+"s") or "sg/pl": "box/boxes", "fish/fish"
//	verb    "base", "base/past" (past and participle) or
//	        "base/past/participle": "pick", "buy/bought",
//	        "give/gave/given"; empty for no verb
//	nouns   nouns separated by bars: "friend|family/families"
//	verbs   verbs separated by bars: "get on/got on/gotten on|board"
//	range   "lo-hi": "2-100"; empty for none (0-0)
//	number  a whole number; empty for 0
//	yes     "yes" or empty
//	chance  a probability from 0 to 1: "0.3"; empty for 0
//	pair    two parts separated by a slash: "in the morning/in the afternoon"
//	pairs   pairs separated by bars: "in May/in June|last week/this week"
//	counts  names with a number, separated by bars: "minute=60|hour=4"
//	one of  one of the words the column allows: "in" or "on", "past" or
//	        "present"
//	template text with named holes the column allows: "on {count}",
//	        "{amount} off the bill" (templates.go)
//
// A cell that does not parse, a line with the wrong number of cells, a
// column the decoder does not read and a column it reads that the file
// lacks are errors naming the file, the line and the column: the package
// does not start (tables are read when it is initialised), and
// TestDataFiles reads every file and tries bad entries.
//
// To add an entry, add a line to its file; to add a column, add it to the
// header of the file and read it in the file's decoder (the function
// passed to load beside the Go table).

//go:embed data/*.tsv
var dataFiles embed.FS

// load reads the data file of the table name (name plus ".tsv" in
// data) and decodes each of its entries with dec; it panics on an error, which only a broken data file causes (the tests
// read every file).
func load[T any](name string, dec func(r *row) T) []T {
	out, err := loadFile(name, dec)
	if err != nil {
		panic("synth: " + err.Error())
	}
	return out
}

// loaded holds the data files read, for the tests.
var loaded = map[string]bool{}

// loadFile reads the data file of the table name from the embedded files
// and decodes it.
func loadFile[T any](name string, dec func(r *row) T) ([]T, error) {
	file := "data/" + name + ".tsv"
	loaded[file] = true
	b, err := dataFiles.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	return decode(file, string(b), dec)
}

// decode decodes the text of a data file (named file in errors), one
// value per entry.
func decode[T any](file, text string, dec func(r *row) T) ([]T, error) {
	var cols []string
	var out []T
	used := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cells := strings.Split(line, "\t")
		if cols == nil {
			cols = cells
			for j, c := range cols {
				if c == "" || slices.Contains(cols[j+1:], c) {
					return nil, fmt.Errorf("%s:%d: column names %q, want distinct non-empty names", file, i+1, cols)
				}
			}
			continue
		}
		if len(cells) != len(cols) {
			return nil, fmt.Errorf("%s:%d: %d cells, want %d (%s)", file, i+1, len(cells), len(cols), strings.Join(cols, ", "))
		}
		r := &row{file: file, line: i + 1, cols: cols, cells: cells, used: used}
		v := dec(r)
		if r.err != nil {
			return nil, r.err
		}
		out = append(out, v)
	}
	if cols == nil {
		return nil, fmt.Errorf("%s: no header line naming the columns", file)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no entries", file)
	}
	for _, c := range cols {
		if !used[c] {
			return nil, fmt.Errorf("%s: column %q is not one the table has", file, c)
		}
	}
	return out, nil
}

// keyed makes a map of decoded entries by the key each one names; a key
// named twice is an error.
func keyed[T any](name string, dec func(r *row) (string, T)) map[string]T {
	type entry struct {
		key string
		v   T
	}
	es := load(name, func(r *row) entry {
		k, v := dec(r)
		return entry{k, v}
	})
	m := make(map[string]T, len(es))
	for _, e := range es {
		if _, dup := m[e.key]; dup {
			panic(fmt.Sprintf("synth: data/%s.tsv: key %q twice", name, e.key))
		}
		m[e.key] = e.v
	}
	return m
}

// lists are the short word lists of data/lists.tsv by name, each a row
// whose words column is decoded by the list's reader (fromList).
var lists = keyed("lists", func(r *row) (string, *row) {
	r.cell("words")
	return r.need("name"), r
})

// listsRead holds the names of the lists read, for the tests.
var listsRead = map[string]bool{}

// fromList decodes the words of the list of data/lists.tsv named name
// with the row method dec: fromList("buys", (*row).nouns).
func fromList[T any](name string, dec func(r *row, col string) T) T {
	r, ok := lists[name]
	if !ok {
		panic(fmt.Sprintf("synth: data/lists.tsv: no list %q", name))
	}
	listsRead[name] = true
	w := dec(r, "words")
	if r.err != nil {
		panic("synth: " + r.err.Error())
	}
	return w
}

// row is one entry of a data file being decoded. Its methods read a cell
// by column name; the first error is kept (and the rest of the decoding
// of the row is then void).
type row struct {
	file  string
	line  int
	cols  []string
	cells []string
	used  map[string]bool
	err   error
}

// cell is the text of the column's cell.
func (r *row) cell(col string) string {
	r.used[col] = true
	i := slices.Index(r.cols, col)
	if i < 0 {
		r.fail(col, "", "a column of that name in the header")
		return ""
	}
	return r.cells[i]
}

// fail records an error at the column: what was found, what was wanted.
func (r *row) fail(col, got, want string) {
	if r.err == nil {
		r.err = fmt.Errorf("%s:%d: column %s: %q, want %s", r.file, r.line, col, got, want)
	}
}

// text is the cell as it is.
func (r *row) text(col string) string { return r.cell(col) }

// need is the cell, which must not be empty.
func (r *row) need(col string) string {
	s := r.cell(col)
	if s == "" {
		r.fail(col, s, "a value (the column is required)")
	}
	return s
}

// list is the cell's items separated by bars; nil for an empty cell.
func (r *row) list(col string) []string {
	s := r.cell(col)
	if strings.Contains(s, "||") || strings.HasPrefix(s, "|") || strings.HasSuffix(s, "|") {
		r.fail(col, s, "items separated by single bars, none empty")
	}
	return ws(s)
}

// pair is the cell's two parts separated by a slash.
func (r *row) pair(col string) [2]string { return r.pairOf(col, r.cell(col)) }

// pairOf reads s, a pair of the column.
func (r *row) pairOf(col, s string) [2]string {
	p := strings.Split(s, "/")
	if len(p) != 2 || p[0] == "" || p[1] == "" {
		r.fail(col, s, "two parts separated by a slash")
		return [2]string{}
	}
	return [2]string{p[0], p[1]}
}

// pairs is the cell's pairs separated by bars.
func (r *row) pairs(col string) [][2]string { return listOf(r, col, r.pairOf) }

// listOf reads each of the cell's items separated by bars with of (a
// reader of one item of the column: pairOf, nounOf, verbOf).
func listOf[T any](r *row, col string, of func(col, s string) T) []T {
	var out []T
	for _, s := range r.list(col) {
		out = append(out, of(col, s))
	}
	return out
}

// counts is the cell's names with numbers: "minute=60|hour=4".
func (r *row) counts(col string) map[string]int {
	out := map[string]int{}
	for _, s := range r.list(col) {
		name, num, ok := strings.Cut(s, "=")
		k, err := strconv.Atoi(num)
		if _, dup := out[name]; !ok || err != nil || name == "" || dup {
			r.fail(col, s, `"name=number", each name once`)
			continue
		}
		out[name] = k
	}
	return out
}

// noun is the cell as a noun: "sg" or "sg/pl"; noun{} for an empty cell.
func (r *row) noun(col string) noun { return r.nounOf(col, r.cell(col)) }

// nounOf reads s, a noun of the column.
func (r *row) nounOf(col, s string) noun {
	if s == "" {
		return noun{}
	}
	f := strings.Split(s, "/")
	switch {
	case len(f) == 1:
		return n(f[0])
	case len(f) == 2 && f[0] != "" && f[1] != "":
		return n(f[0], f[1])
	}
	r.fail(col, s, `a noun: "sg" or "sg/pl"`)
	return noun{}
}

// nouns is the cell's nouns separated by bars.
func (r *row) nouns(col string) []noun { return listOf(r, col, r.nounOf) }

// nounPair is the cell's two nouns separated by a bar.
func (r *row) nounPair(col string) [2]noun {
	s := r.list(col)
	if len(s) != 2 {
		r.fail(col, strings.Join(s, "|"), "two nouns separated by a bar")
		return [2]noun{}
	}
	return [2]noun{r.nounOf(col, s[0]), r.nounOf(col, s[1])}
}

// verb is the cell as a verb: "base", "base/past" or "base/past/part";
// verb{} for an empty cell.
func (r *row) verb(col string) verb { return r.verbOf(col, r.cell(col)) }

// verbOf reads s, a verb of the column.
func (r *row) verbOf(col, s string) verb {
	if s == "" {
		return verb{}
	}
	f := strings.Split(s, "/")
	if len(f) > 3 || slices.Contains(f, "") {
		r.fail(col, s, `a verb: "base", "base/past" or "base/past/participle"`)
		return verb{}
	}
	return v(f[0], f[1:]...)
}

// verbs is the cell's verbs separated by bars.
func (r *row) verbs(col string) []verb { return listOf(r, col, r.verbOf) }

// span is the cell as a range "lo-hi" with lo ≤ hi; [0 0] for an empty
// cell.
func (r *row) span(col string) [2]int {
	s := r.cell(col)
	if s == "" {
		return [2]int{}
	}
	lo, hi, ok := strings.Cut(s, "-")
	a, err1 := strconv.Atoi(lo)
	b, err2 := strconv.Atoi(hi)
	if !ok || err1 != nil || err2 != nil || a > b {
		r.fail(col, s, `a range "lo-hi" of whole numbers with lo ≤ hi`)
		return [2]int{}
	}
	return [2]int{a, b}
}

// number is the cell as a whole number; 0 for an empty cell.
func (r *row) number(col string) int {
	s := r.cell(col)
	if s == "" {
		return 0
	}
	k, err := strconv.Atoi(s)
	if err != nil {
		r.fail(col, s, "a whole number")
	}
	return k
}

// yes is whether the cell says "yes" (it is empty otherwise).
func (r *row) yes(col string) bool {
	switch s := r.cell(col); s {
	case "yes":
		return true
	case "":
		return false
	default:
		r.fail(col, s, `"yes" or nothing`)
		return false
	}
}

// chance is the cell as a probability, 0…1; 0 for an empty cell.
func (r *row) chance(col string) float64 {
	s := r.cell(col)
	if s == "" {
		return 0
	}
	p, err := strconv.ParseFloat(s, 64)
	if err != nil || p < 0 || p > 1 {
		r.fail(col, s, "a probability from 0 to 1")
	}
	return p
}

// oneOf is the value the cell names among choices.
func oneOf[T any](r *row, col string, choices map[string]T) T {
	s := r.cell(col)
	v, ok := choices[s]
	if !ok {
		names := make([]string, 0, len(choices))
		for k := range choices {
			names = append(names, strconv.Quote(k))
		}
		slices.Sort(names)
		r.fail(col, s, "one of "+strings.Join(names, ", "))
	}
	return v
}

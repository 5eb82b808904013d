package cc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/d4lang/d4/internal/quote"
	"github.com/d4lang/d4/tasks/wap/source"
)

// Name names CC in prepared data.
const Name = "cc"

// Source is the CC dataset in a directory (source.Source): a problem's ID
// is its iIndex, its text the sQuestion without leading and trailing white
// space.
type Source struct{ Dir string }

// Name names the source.
func (Source) Name() string { return Name }

// Read reads the dataset (Load).
func (s Source) Read() (source.Dataset, error) { return Load(s.Dir) }

// Problem is a problem of CC.
type Problem = source.Problem

// The files of a CC directory.
const (
	QuestionsFile = "questions.json"
	TrainFile     = "train.tsv"
	DevFile       = "dev.tsv"
	TestFile      = "test.tsv"
)

// question is an entry of questions.json.
type question struct {
	IIndex     *int      `json:"iIndex"`
	SQuestion  string    `json:"sQuestion"`
	LEquations []string  `json:"lEquations"`
	LSolutions []float64 `json:"lSolutions"`
}

// Load reads the CC dataset from dir: questions.json (a JSON array of
// problems with iIndex, sQuestion, lEquations and lSolutions; other fields
// such as lAlignments are ignored) and the three splits train.tsv, dev.tsv
// and test.tsv (one iIndex per line; blank lines are skipped). Each split
// keeps the order of its file.
//
// It fails, with one line naming the file (and line, where there is one),
// for a missing directory or file, malformed JSON, a problem without an
// iIndex, with an iIndex used twice, with empty text, or without exactly
// one equation and exactly one solution, and for a split line that is not
// an integer, an id that is not in questions.json, an id listed twice (in
// one split or in two), or a split file with no ids.
func Load(dir string) (source.Dataset, error) {
	var ds source.Dataset
	st, err := os.Stat(dir)
	if err != nil {
		return ds, fmt.Errorf("loading CC: %w", err)
	}
	if !st.IsDir() {
		return ds, fmt.Errorf("loading CC: %s is not a directory", dir)
	}
	byID, err := readQuestions(filepath.Join(dir, QuestionsFile))
	if err != nil {
		return ds, fmt.Errorf("loading CC: %w", err)
	}
	seen := map[int]string{} // id → the split file that lists it
	for i, name := range []string{TrainFile, DevFile, TestFile} {
		ds[i], err = readSplit(filepath.Join(dir, name), byID, seen)
		if err != nil {
			return source.Dataset{}, fmt.Errorf("loading CC: %w", err)
		}
	}
	return ds, nil
}

// readQuestions reads and checks questions.json.
func readQuestions(path string) (map[int]Problem, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var qs []question
	if err := json.Unmarshal(b, &qs); err != nil {
		return nil, fmt.Errorf("%s: malformed JSON: %w", path, jsonSyntaxError(b, err))
	}
	lines := problemLines(b)
	byID := make(map[int]Problem, len(qs))
	for i, q := range qs {
		if q.IIndex == nil {
			return nil, fmt.Errorf("%s: problem %d (counting from 0) has no iIndex", path, i)
		}
		id := *q.IIndex
		if _, dup := byID[id]; dup {
			return nil, fmt.Errorf("%s: iIndex %d is used twice", path, id)
		}
		text := strings.TrimSpace(q.SQuestion)
		switch {
		case text == "":
			return nil, fmt.Errorf("%s: problem %d has no text (sQuestion)", path, id)
		case len(q.LSolutions) != 1:
			return nil, fmt.Errorf("%s: problem %d has %d solutions, want exactly 1", path, id, len(q.LSolutions))
		case len(q.LEquations) != 1:
			return nil, fmt.Errorf("%s: problem %d has %d equations, want exactly 1", path, id, len(q.LEquations))
		}
		byID[id] = Problem{ID: id, Text: text, Equation: q.LEquations[0], Answer: q.LSolutions[0], Source: Name,
			Where: fmt.Sprintf("%s:%d", path, lines[i])}
	}
	return byID, nil
}

// problemLines returns the line on which each problem of questions.json,
// a well-formed JSON array, starts.
func problemLines(b []byte) []int {
	dec := json.NewDecoder(bytes.NewReader(b))
	var lines []int
	if _, err := dec.Token(); err != nil {
		return nil
	}
	for dec.More() {
		lines = append(lines, source.ElementLine(b, dec.InputOffset()))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			break
		}
	}
	return lines
}

// jsonSyntaxError adds the line and column to a JSON syntax or type error.
func jsonSyntaxError(b []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(b)) {
		return err
	}
	line := 1 + bytes.Count(b[:off], []byte("\n"))
	col := int(off) - bytes.LastIndexByte(b[:off], '\n') - 1
	return fmt.Errorf("line %d, column %d: %w", line, col, err)
}

// readSplit reads a split file; seen records the ids of the splits read
// so far.
func readSplit(path string, byID map[int]Problem, seen map[int]string) ([]Problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	name := filepath.Base(path)
	var out []Problem
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		id, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %s is not a problem id (an integer)", path, line, quote.Short(s))
		}
		p, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("%s:%d: id %d is not in %s", path, line, id, QuestionsFile)
		}
		if other, dup := seen[id]; dup {
			if other == name {
				return nil, fmt.Errorf("%s:%d: id %d is listed twice", path, line, id)
			}
			return nil, fmt.Errorf("%s:%d: id %d is also in %s", path, line, id, other)
		}
		seen[id] = name
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s lists no problem ids", path)
	}
	return out, nil
}

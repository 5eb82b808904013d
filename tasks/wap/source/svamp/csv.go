package svamp

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/quote"
	"github.com/d4lang/d4/tasks/wap/source"
)

// CSVName names the problems of a Fold in prepared data.
const CSVName = "svamp-csv"

// The files of a fold directory.
const (
	TrainFile = "train.csv"
	DevFile   = "dev.csv"
)

// DevEvery is one over the share of a fold's training problems carved
// into its dev split (inDev).
const DevEvery = 10

// inDev reports whether a training problem with this text goes to the dev
// split: the first 8 bytes of the SHA-256 of the text, a big-endian
// number, are divisible by DevEvery.
func inDev(text string) bool {
	h := sha256.Sum256([]byte(text))
	return binary.BigEndian.Uint64(h[:8])%DevEvery == 0
}

// Fold is a fold directory of the SVAMP repository's CSV files
// (source.Source): train.csv gives the training and dev splits, dev.csv
// the test split (see the package doc).
type Fold struct{ Dir string }

// Name names the source.
func (Fold) Name() string { return CSVName }

// Read reads the fold: train.csv into the training split less the rows
// carved into the dev split, dev.csv into the test split.
func (f Fold) Read() (source.Dataset, error) {
	var ds source.Dataset
	for _, name := range []string{TrainFile, DevFile} {
		if _, err := os.Stat(filepath.Join(f.Dir, name)); errors.Is(err, fs.ErrNotExist) {
			return ds, fmt.Errorf("reading the fold %s: it has no %s (a fold directory holds %s and %s)", f.Dir, name, TrainFile, DevFile)
		}
	}
	train, err := ReadCSV(filepath.Join(f.Dir, TrainFile))
	if err != nil {
		return ds, err
	}
	if ds[data.Test], err = ReadCSV(filepath.Join(f.Dir, DevFile)); err != nil {
		return ds, err
	}
	for _, p := range train {
		if inDev(p.Text) {
			ds[data.Dev] = append(ds[data.Dev], p)
		} else {
			ds[data.Train] = append(ds[data.Train], p)
		}
	}
	return ds, nil
}

// The columns of a CSV file that ReadCSV reads; the first four are
// required.
const (
	colQuestion  = "Question"
	colNumbers   = "Numbers"
	colEquation  = "Equation"
	colAnswer    = "Answer"
	colType      = "Type"
	colVariation = "Variation Type"
	colGrade     = "Grade"
)

// placeholderRE finds the numbers' placeholders in a question.
var placeholderRE = regexp.MustCompile(`number[0-9]+`)

// ReadCSV reads the problems of one CSV file of the SVAMP repository, in
// file order (see the package doc for the columns and how a row becomes a
// problem). Any fault is one error naming the file and line.
func ReadCSV(path string) ([]source.Problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %w", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	header, err := r.Read()
	if err != nil {
		if err == io.EOF {
			return nil, fmt.Errorf("reading %s: the file is empty (want a header line)", path)
		}
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(strings.TrimPrefix(h, "\uFEFF"))] = i
	}
	for _, c := range []string{colQuestion, colNumbers, colEquation, colAnswer} {
		if _, ok := col[c]; !ok {
			return nil, fmt.Errorf("%s:1: no column %s (the header has %s)", path, c, quote.Short(strings.Join(header, ",")))
		}
	}
	var out []source.Problem
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		line, _ := r.FieldPos(0)
		field := func(c string) (string, bool) {
			i, ok := col[c]
			if !ok {
				return "", false
			}
			return strings.TrimSpace(rec[i]), true
		}
		p, err := csvProblem(field)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		p.ID, p.Where = line, fmt.Sprintf("%s:%d", path, line)
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no problems (only a header)", path)
	}
	return out, nil
}

// csvProblem makes the problem of a row; field gives a column's value and
// whether the file has the column.
func csvProblem(field func(string) (string, bool)) (source.Problem, error) {
	p := source.Problem{Source: CSVName}
	numText, _ := field(colNumbers)
	var nums []number
	for _, s := range strings.Fields(numText) {
		n, err := parseNumber(s)
		if err != nil {
			return p, fmt.Errorf("the Numbers column: %w", err)
		}
		nums = append(nums, n)
	}
	question, _ := field(colQuestion)
	used := make([]bool, len(nums))
	var bad error
	p.Text = placeholderRE.ReplaceAllStringFunc(question, func(t string) string {
		k, ok := placeholder(t)
		if !ok || k >= len(nums) {
			bad = fmt.Errorf("the question has %s, but the Numbers column holds %d values", t, len(nums))
			return t
		}
		used[k] = true
		return nums[k].text
	})
	switch {
	case bad != nil:
		return p, bad
	case p.Text == "":
		return p, fmt.Errorf("the question is empty")
	}
	for k, u := range used {
		if !u {
			return p, fmt.Errorf("the Numbers column holds %d values, but the question has no number%d", len(nums), k)
		}
	}
	eq, _ := field(colEquation)
	var err error
	if p.Equation, err = prefixEquation(eq, nums); err != nil {
		return p, err
	}
	answer, _ := field(colAnswer)
	if p.Answer, err = strconv.ParseFloat(answer, 64); err != nil {
		return p, fmt.Errorf("the answer %s is not a number", quote.Short(answer))
	}
	p.Type, _ = field(colType)
	if v, ok := field(colVariation); ok {
		p.Variation = variation(v)
	}
	if g, ok := field(colGrade); ok && g != "" {
		if p.Grade, err = strconv.Atoi(g); err != nil || p.Grade < 0 {
			return p, fmt.Errorf("the grade %s is not a whole number", quote.Short(g))
		}
	}
	return p, nil
}

// variation writes SVAMP's Variation Type, a list of codes, with ", "
// between the codes ("33,11" as "33, 11").
func variation(s string) string {
	codes := strings.Split(s, ",")
	for i, c := range codes {
		codes[i] = strings.TrimSpace(c)
	}
	return strings.Join(codes, ", ")
}

package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/d4lang/d4/internal/atomicfile"

	"github.com/parquet-go/parquet-go"
)

// Example is one input/output pair, of a DATA file or of any task: the
// initial data stack (Input, pushed in order, the last value on top) and
// the final data stack the program must leave (Output), both bottom to
// top.
// Row is where the row came from, counted from 1: the line of a JSONL file
// or the row of a Parquet file.
type Example struct {
	Input  []int
	Output []int
	Row    int
}

// Set is examples and the file they came from, for messages: a DATA
// file's rows, or a task's split ("train").
type Set struct {
	File string
	Rows []Example
}

// Where names row i of the set for messages: "FILE row N", N the row's
// Row (i+1 where it has none).
func (s Set) Where(i int) string {
	row := s.Rows[i].Row
	if row == 0 {
		row = i + 1
	}
	return fmt.Sprintf("%s row %d", s.File, row)
}

// MaxValue bounds the values of a DATA file (far above any value size a
// machine can have; larger numbers are refused as they are read).
const MaxValue = 1<<31 - 1

// MaxRowLen bounds the values of a row's input and of its output, far
// beyond the deepest stack a machine has: a longer list is refused as it is
// read, before it takes memory.
const MaxRowLen = 1 << 20

// maxLine bounds one line of a JSONL file: two lists of MaxRowLen values
// of up to ten digits, each with a separator and a space, and room for
// other keys.
const maxLine = 2*12*MaxRowLen + 64<<10

// ReadExamples reads a DATA file: ".jsonl" (one JSON object a line with
// integer arrays "input" and "output"; other keys are ignored, blank lines
// are not allowed) or ".parquet" (list-of-integer columns "input" and
// "output"; see ReadParquetExamples). Values must be integers from 0 to
// MaxValue. Every error names the file and, where there is one, the line
// or row. A file may hold no rows (callers decide whether that is wrong).
func ReadExamples(path string) ([]Example, error) {
	var exs []Example
	var err error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jsonl":
		exs, err = readJSONL(path)
	case ".parquet":
		exs, err = ReadParquetExamples(path)
	default:
		return nil, fmt.Errorf("data file %s: unknown kind %q: want a .jsonl or a .parquet file", path, filepath.Ext(path))
	}
	return exs, err
}

// openRegular opens a regular file (not a directory or a device).
func openRegular(path string) (*os.File, int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, 0, fmt.Errorf("data file %s: no such file", path)
		}
		return nil, 0, fmt.Errorf("data file %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("data file %s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, fmt.Errorf("data file %s: %w", path, err)
	}
	return f, st.Size(), nil
}

// checkValue refuses a value outside 0 … MaxValue.
func checkValue(col string, i int, x int64) error {
	if x < 0 || x > MaxValue {
		return fmt.Errorf("%s value %d is %d: values are integers from 0 to %d", col, i+1, x, MaxValue)
	}
	return nil
}

// ReadParquetExamples reads a Parquet DATA file: one example a row, from the
// columns "input" and "output" (others are ignored). Each is a list of
// integers in any layout a writer uses: the three-level LIST of the
// specification or a bare repeated field; the list and its elements
// required or optional (DuckDB and pyarrow write them optional); any
// integer width, signed or unsigned; any compression. A null list or a null
// element is an error naming the row.
func ReadParquetExamples(path string) ([]Example, error) {
	f, size, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readParquetExamples(f, size, path)
}

// readParquetExamples reads the Parquet DATA file path of size bytes from r.
func readParquetExamples(r io.ReaderAt, size int64, path string) (exs []Example, err error) {
	defer recoverDamaged(&err, "data file "+path)
	pf, err := openParquet(r, size)
	if err != nil {
		return nil, fmt.Errorf("data file %s: %w", path, err)
	}
	var cols [2][][]int
	for k, name := range []string{"input", "output"} {
		c, err := findColumn(pf.Schema(), name, true, true, ErrSchema)
		if err != nil {
			return nil, fmt.Errorf("data file %s: %w; want list-of-integer columns input and output", path, err)
		}
		cols[k], err = readCells(pf, c, func(row, i int, v parquet.Value) (int, error) {
			x, err := c.int64Of(v)
			if err == nil {
				err = checkValue(name, i, x)
			} else {
				err = fmt.Errorf("%s value %d is %w: values are integers from 0 to %d", name, i+1, err, MaxValue)
			}
			if err == nil && i >= MaxRowLen {
				err = fmt.Errorf("%s holds more than %d values", name, MaxRowLen)
			}
			if err != nil {
				return 0, fmt.Errorf("row %d: %w", row, err)
			}
			return int(x), nil
		})
		if err != nil {
			return nil, fmt.Errorf("data file %s: %w", path, err)
		}
	}
	if len(cols[0]) != len(cols[1]) || int64(len(cols[0])) != pf.NumRows() {
		return nil, fmt.Errorf("data file %s: read %d inputs and %d outputs, the file says it holds %d rows", path, len(cols[0]), len(cols[1]), pf.NumRows())
	}
	exs = make([]Example, len(cols[0]))
	for i := range exs {
		exs[i] = Example{Input: cols[0][i], Output: cols[1][i], Row: i + 1}
	}
	return exs, nil
}

// recoverDamaged turns a panic of the Parquet reader on a damaged file
// into an error naming what (the file).
func recoverDamaged(err *error, what string) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s: a damaged Parquet file (%v)", what, r)
	}
}

// exampleRow is the Parquet schema WriteExamples writes.
type exampleRow struct {
	Input  []int64 `parquet:"input,list"`
	Output []int64 `parquet:"output,list"`
}

var exampleSchema = parquet.SchemaOf(exampleRow{})

// WriteExamples writes examples to a DATA file, atomically: Parquet (".parquet",
// required lists of int64, the columns input and output) or JSONL (".jsonl").
func WriteExamples(path string, exs []Example) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".parquet":
		rows := make([]exampleRow, len(exs))
		for i, ex := range exs {
			if err := checkExample(ex); err != nil {
				return fmt.Errorf("writing %s: example %d %w", path, i, err)
			}
			rows[i] = exampleRow{Input: toInt64(ex.Input), Output: toInt64(ex.Output)}
		}
		return WriteRows(path, exampleSchema, rows, func(int, exampleRow) error { return nil })
	case ".jsonl":
		var b bytes.Buffer
		for i, ex := range exs {
			if err := checkExample(ex); err != nil {
				return fmt.Errorf("writing %s: example %d %w", path, i, err)
			}
			line, err := json.Marshal(map[string][]int{"input": nonNil(ex.Input), "output": nonNil(ex.Output)})
			if err != nil {
				return fmt.Errorf("writing %s: %w", path, err)
			}
			b.Write(line)
			b.WriteByte('\n')
		}
		return atomicfile.WriteBytes(path, b.Bytes())
	}
	return fmt.Errorf("writing %s: unknown kind %q: want a .jsonl or a .parquet file", path, filepath.Ext(path))
}

// checkExample refuses values that ReadExamples would refuse.
func checkExample(ex Example) error {
	for _, col := range []struct {
		name string
		xs   []int
	}{{"input", ex.Input}, {"output", ex.Output}} {
		for i, x := range col.xs {
			if err := checkValue(col.name, i, int64(x)); err != nil {
				return err
			}
		}
	}
	return nil
}

func toInt64(xs []int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

func nonNil(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}

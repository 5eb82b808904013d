package data

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/d4lang/d4/internal/atomicfile"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/deprecated"
	"github.com/parquet-go/parquet-go/format"
)

// Example is one row of a DATA file: the initial data stack (Input) and the
// final data stack the program must leave (Output), both bottom to top.
// Row is where the row came from, counted from 1: the line of a JSONL file
// or the row of a Parquet file.
type Example struct {
	Input  []int
	Output []int
	Row    int
}

// MaxValue bounds the values of a DATA file (far above any value size a
// machine can have; larger numbers are refused as they are read).
const MaxValue = 1<<31 - 1

// maxLine bounds one line of a JSONL file.
const maxLine = 64 << 20

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

// readJSONL reads one example per line.
func readJSONL(path string) ([]Example, error) {
	f, _, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var exs []Example
	line := 0
	for sc.Scan() {
		line++
		ex, err := parseJSONLine(sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("data file %s line %d: %w", path, line, err)
		}
		ex.Row = line
		exs = append(exs, ex)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("data file %s line %d: longer than %d bytes", path, line+1, maxLine)
		}
		return nil, fmt.Errorf("data file %s: %w", path, err)
	}
	return exs, nil
}

// parseJSONLine parses {"input": [...], "output": [...]}.
func parseJSONLine(b []byte) (Example, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return Example{}, errors.New(`empty line: want one object {"input": [...], "output": [...]} a line`)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var obj map[string]json.RawMessage
	if err := dec.Decode(&obj); err != nil || obj == nil {
		return Example{}, fmt.Errorf(`not a JSON object: want {"input": [...], "output": [...]}`)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Example{}, errors.New("more than one JSON value on the line")
	}
	var ex Example
	var err error
	if ex.Input, err = jsonInts(obj, "input"); err != nil {
		return ex, err
	}
	ex.Output, err = jsonInts(obj, "output")
	return ex, err
}

// jsonInts decodes obj[key] as an array of integers 0 … MaxValue.
func jsonInts(obj map[string]json.RawMessage, key string) ([]int, error) {
	raw, ok := obj[key]
	if !ok {
		return nil, fmt.Errorf("no %q key: want {\"input\": [...], \"output\": [...]}", key)
	}
	var nums []json.RawMessage
	if err := json.Unmarshal(raw, &nums); err != nil || nums == nil {
		return nil, fmt.Errorf("%q is not an array of integers", key)
	}
	out := make([]int, len(nums))
	for i, n := range nums {
		if c := n[0]; c != '-' && (c < '0' || c > '9') {
			return nil, fmt.Errorf("%q is not an array of integers (value %d is %s)", key, i+1, n)
		}
		x, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s value %d, %s, is not an integer", key, i+1, n)
		}
		if err := checkValue(key, i, x); err != nil {
			return nil, err
		}
		out[i] = int(x)
	}
	return out, nil
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
	pf, err := parquet.OpenFile(f, size)
	if err != nil {
		return nil, fmt.Errorf("data file %s: not a Parquet file: %w", path, err)
	}
	var cols [2][][]int
	for k, name := range []string{"input", "output"} {
		lc, err := intListColumn(pf.Schema(), name)
		if err != nil {
			return nil, fmt.Errorf("data file %s: %w", path, err)
		}
		if cols[k], err = readIntLists(pf, lc); err != nil {
			return nil, fmt.Errorf("data file %s: %w", path, err)
		}
	}
	if len(cols[0]) != len(cols[1]) || int64(len(cols[0])) != pf.NumRows() {
		return nil, fmt.Errorf("data file %s: read %d inputs and %d outputs, the file says it holds %d rows", path, len(cols[0]), len(cols[1]), pf.NumRows())
	}
	exs := make([]Example, len(cols[0]))
	for i := range exs {
		exs[i] = Example{Input: cols[0][i], Output: cols[1][i], Row: i + 1}
	}
	return exs, nil
}

// listColumn is a list-of-integers column: its leaf and the definition
// levels that tell a null list (below nullBelow) and an empty list (below
// emptyBelow) from an element, and whether the integers are unsigned.
type listColumn struct {
	name                  string
	leaf                  parquet.LeafColumn
	nullBelow, emptyBelow int
	unsigned              bool
}

// intListColumn finds the top-level column name and checks that it is a
// list of integers.
func intListColumn(s *parquet.Schema, name string) (listColumn, error) {
	lc := listColumn{name: name}
	var top parquet.Field
	for _, f := range s.Fields() {
		if f.Name() == name {
			top = f
		}
	}
	if top == nil {
		return lc, fmt.Errorf("%w: no column %q (the file has %s); want list-of-integer columns input and output", ErrSchema, name, fieldNames(s))
	}
	notList := fmt.Errorf("%w: column %s is not a list of integers", ErrSchema, describe(top))
	// Walk down to the one leaf, counting the definition levels.
	var node parquet.Node = top
	path := []string{name}
	def, repeated := 0, false
	for {
		switch {
		case node.Repeated():
			if repeated {
				return lc, notList // a list of lists
			}
			repeated = true
			lc.nullBelow, lc.emptyBelow = def, def+1
			def++
		case node.Optional():
			def++
		}
		if node.Leaf() {
			break
		}
		if len(node.Fields()) != 1 {
			return lc, notList
		}
		child := node.Fields()[0]
		node, path = child, append(path, child.Name())
	}
	if !repeated {
		return lc, notList
	}
	leaf, ok := s.Lookup(path...)
	if !ok || leaf.MaxDefinitionLevel != def || leaf.MaxRepetitionLevel != 1 {
		return lc, notList
	}
	kind := node.Type().Kind()
	if kind != parquet.Int32 && kind != parquet.Int64 {
		return lc, notList
	}
	unsigned, ok := intAnnotation(node.Type())
	if !ok {
		return lc, fmt.Errorf("%w: column %s holds %s values, not integers", ErrSchema, describe(top), node.Type())
	}
	lc.leaf, lc.unsigned = leaf, unsigned
	return lc, nil
}

// intAnnotation reads the integer annotations of an INT32 or INT64 leaf
// (the logical type, or the older converted type): whether the integers
// are unsigned, and false if the annotation says they are something else
// (a date, a decimal, …).
func intAnnotation(t parquet.Type) (unsigned, ok bool) {
	if lt := t.LogicalType(); lt != nil {
		it, isInt := lt.Value.(*format.IntType)
		if !isInt {
			return false, false
		}
		unsigned = !it.IsSigned
	}
	if ct := t.ConvertedType(); ct != nil {
		switch *ct {
		case deprecated.Uint8, deprecated.Uint16, deprecated.Uint32, deprecated.Uint64:
			unsigned = true
		case deprecated.Int8, deprecated.Int16, deprecated.Int32, deprecated.Int64:
		default:
			return false, false
		}
	}
	return unsigned, true
}

// readIntLists reads a list column, one list a row.
func readIntLists(pf *parquet.File, lc listColumn) ([][]int, error) {
	var lists [][]int
	buf := make([]parquet.Value, 1024)
	for _, rg := range pf.RowGroups() {
		pages := rg.ColumnChunks()[lc.leaf.ColumnIndex].Pages()
		for {
			p, err := pages.ReadPage()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				pages.Close()
				return nil, fmt.Errorf("column %s: %w", lc.name, err)
			}
			vr := p.Values()
			for {
				n, err := vr.ReadValues(buf)
				for _, v := range buf[:n] {
					if lists, err = lc.add(lists, v); err != nil {
						parquet.Release(p)
						pages.Close()
						return nil, err
					}
				}
				if errors.Is(err, io.EOF) || n == 0 {
					break
				}
				if err != nil {
					parquet.Release(p)
					pages.Close()
					return nil, fmt.Errorf("column %s: %w", lc.name, err)
				}
			}
			parquet.Release(p)
		}
		pages.Close()
	}
	return lists, nil
}

// add appends one leaf value to the lists read so far.
func (lc listColumn) add(lists [][]int, v parquet.Value) ([][]int, error) {
	if v.RepetitionLevel() == 0 {
		lists = append(lists, []int{})
	}
	if len(lists) == 0 {
		return nil, fmt.Errorf("column %s: the first value continues a row", lc.name)
	}
	row := len(lists)
	d := v.DefinitionLevel()
	switch {
	case d < lc.nullBelow:
		return nil, fmt.Errorf("row %d: %s is null; want a list of integers", row, lc.name)
	case d < lc.emptyBelow:
		return lists, nil // an empty list
	case d < lc.leaf.MaxDefinitionLevel:
		return nil, fmt.Errorf("row %d: %s value %d is null", row, lc.name, len(lists[row-1])+1)
	}
	var x int64
	switch {
	case v.Kind() == parquet.Int32 && lc.unsigned:
		x = int64(uint32(v.Int32()))
	case v.Kind() == parquet.Int32:
		x = int64(v.Int32())
	case lc.unsigned && v.Uint64() > math.MaxInt64:
		return nil, fmt.Errorf("row %d: %s value %d is %d: values are integers from 0 to %d", row, lc.name, len(lists[row-1])+1, v.Uint64(), MaxValue)
	default:
		x = v.Int64()
	}
	if err := checkValue(lc.name, len(lists[row-1]), x); err != nil {
		return nil, fmt.Errorf("row %d: %w", row, err)
	}
	lists[row-1] = append(lists[row-1], int(x))
	return lists, nil
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
		return writeRows(path, exampleSchema, rows, func(int, exampleRow) error { return nil })
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

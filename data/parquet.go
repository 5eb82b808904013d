package data

import (
	"github.com/d4lang/d4/internal/atomicfile"

	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// SeqRow is one example of a sequence dataset: an input sequence and its
// target sequence, with their lengths.
type SeqRow struct {
	ID        int64   `parquet:"id"`
	Input     []int32 `parquet:"input,list"`
	InputLen  int32   `parquet:"input_len"`
	Target    []int32 `parquet:"target,list"`
	TargetLen int32   `parquet:"target_len"`
}

// seqSchema is the schema of SeqRow files.
var seqSchema = parquet.SchemaOf(SeqRow{})

// checkRow reports a row whose length columns disagree with its lists.
func checkRow(i int, r SeqRow) error {
	if int(r.InputLen) != len(r.Input) {
		return fmt.Errorf("row %d (id %d): input_len is %d but input has %d values", i, r.ID, r.InputLen, len(r.Input))
	}
	if int(r.TargetLen) != len(r.Target) {
		return fmt.Errorf("row %d (id %d): target_len is %d but target has %d values", i, r.ID, r.TargetLen, len(r.Target))
	}
	return nil
}

// WriteSeqs writes rows to the Parquet file at path, replacing it
// atomically: the rows go to a temporary file in the same directory, which
// is synced, closed and renamed to path. On error no file is left behind
// and any previous file at path is unchanged. Every row's InputLen and
// TargetLen must equal the lengths of its lists.
func WriteSeqs(path string, rows []SeqRow) error {
	return WriteRows(path, seqSchema, rows, checkRow)
}

// WriteRows writes rows of a struct type T to the Parquet file at path with
// schema (parquet.SchemaOf a T), zstd-compressed and atomically, as
// WriteSeqs does. check is called on every row (with its index, from 0)
// first: an error names the file and nothing is written.
func WriteRows[T any](path string, schema *parquet.Schema, rows []T, check func(int, T) error) error {
	for i, r := range rows {
		if err := check(i, r); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	return atomicfile.Write(path, func(f *os.File) error {
		w := parquet.NewGenericWriter[T](f, schema, parquet.Compression(&parquet.Zstd))
		if _, err := w.Write(rows); err != nil {
			return err
		}
		return w.Close()
	})
}

// ReadSeqs reads the rows of a Parquet file written by WriteSeqs (or by any
// tool, with the same columns). It fails, naming the file, when the file
// cannot be opened, is not a Parquet file, lacks one of the SeqRow columns
// or has it with another type, or holds a row whose input_len or
// target_len differs from the length of its list (naming the row). The
// returned lists are never nil.
func ReadSeqs(path string) ([]SeqRow, error) {
	rows, err := ReadRows[SeqRow](path, ErrSchema)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if rows[i].Input == nil {
			rows[i].Input = []int32{}
		}
		if rows[i].Target == nil {
			rows[i].Target = []int32{}
		}
		if err := checkRow(i, rows[i]); err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
	}
	return rows, nil
}

// ReadRows reads every row of the Parquet file at path as a T, a struct
// whose fields carry parquet tags ("name" or "name,list") and are int32,
// int64 or string, or slices of them. Each column is read from the file's
// own layout: required or optional, any integer width, any compression;
// extra columns are ignored. A file without T's columns, or with one of
// another kind, is an error wrapping errSchema. Errors name the file.
func ReadRows[T any](path string, errSchema error) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("reading %s: not a Parquet file: %w", path, err)
	}
	rows, err := readStruct[T](pf, errSchema)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return rows, nil
}

// ErrSchema is wrapped by the errors of ReadSeqs for a Parquet file whose
// columns are not those of SeqRow.
var ErrSchema = errors.New("not a sequence dataset")

// fieldNames lists the top-level columns of s.
func fieldNames(s *parquet.Schema) string {
	var names []string
	for _, f := range s.Fields() {
		names = append(names, f.Name())
	}
	if len(names) == 0 {
		return "no columns"
	}
	return strings.Join(names, ", ")
}

// describe prints a field on one line in the Parquet schema notation.
func describe(f parquet.Field) string {
	var b strings.Builder
	parquet.PrintSchemaIndent(&b, "", parquet.Group{f.Name(): f}, "", " ")
	s := strings.TrimSpace(b.String())
	s = strings.TrimPrefix(s, "message {")
	s = strings.TrimSuffix(s, "}")
	return strings.TrimSuffix(strings.TrimSpace(s), ";")
}

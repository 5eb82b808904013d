package data

import (
	"unicode"

	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/internal/quote"

	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// WriteRows writes rows of a struct type T to the Parquet file at path with
// schema (parquet.SchemaOf a T), zstd-compressed, replacing it atomically:
// the rows go to a temporary file in the same directory, which is synced,
// closed and renamed to path. check is called on every row (with its
// index, from 0) first. On error, which names the file, no file is left
// behind and any previous file at path is unchanged.
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

// ReadRows reads every row of the Parquet file at path as a T, a struct
// whose fields carry parquet tags ("name" or "name,list") and are int32,
// int64 or string, or slices of them. Each column is read from the file's
// own layout: required or optional, any integer width, any compression;
// extra columns are ignored. A file without T's columns, or with one of
// another kind, is an error wrapping errSchema, but for a field tagged
// `data:"optional"`, which is zero in every row of a file without its
// column (a column added after the file was written). Errors name the
// file.
func ReadRows[T any](path string, errSchema error) (rows []T, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	defer recoverDamaged(&err, "reading "+path)
	pf, err := openParquet(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	rows, err = readStruct[T](pf, errSchema)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return rows, nil
}

// ErrSchema is wrapped by the errors of ReadParquetExamples (and ReadRows,
// when given it) for a Parquet file without the columns asked for.
var ErrSchema = errors.New("not a sequence dataset")

// fieldNames lists the top-level columns of s.
func fieldNames(s *parquet.Schema) string {
	var names []string
	for _, f := range s.Fields() {
		names = append(names, columnName(f.Name()))
	}
	if len(names) == 0 {
		return "no columns"
	}
	return strings.Join(names, ", ")
}

// columnName writes a column's name for an error: as it is, or quoted
// (and cut) when it holds anything but printable characters or is long,
// so that the error stays one line.
func columnName(name string) string {
	if len(name) > quote.Max || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return quote.Short(name)
	}
	return name
}

// describe prints a field on one line in the Parquet schema notation.
func describe(f parquet.Field) string {
	var b strings.Builder
	parquet.PrintSchemaIndent(&b, "", parquet.Group{columnName(f.Name()): f}, "", " ")
	s := strings.TrimSpace(b.String())
	s = strings.TrimPrefix(s, "message {")
	s = strings.TrimSuffix(s, "}")
	return strings.TrimSuffix(strings.TrimSpace(s), ";")
}

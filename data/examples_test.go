package data

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// writeMapRows writes rows with parquet-go's generic writer and a schema
// built by hand (nullable lists and elements, any integer width), as the
// ecosystem's writers lay files out.
func writeMapRows(t *testing.T, path string, schema *parquet.Schema, codec parquet.WriterOption, rows []map[string]any) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := parquet.NewGenericWriter[map[string]any](f, schema, codec)
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestReadParquetExamples(t *testing.T) {
	ex := func(in, out []int, row int) Example { return Example{Input: in, Output: out, Row: row} }
	tests := []struct {
		name   string
		schema parquet.Group
		codec  parquet.WriterOption
		rows   []map[string]any
		want   []Example
		err    string
	}{
		{
			name: "nullable lists of nullable int8 and uint32, zstd",
			schema: parquet.Group{
				"input":  parquet.Optional(parquet.List(parquet.Optional(parquet.Int(8)))),
				"output": parquet.Optional(parquet.List(parquet.Optional(parquet.Uint(32)))),
			},
			codec: parquet.Compression(&parquet.Zstd),
			rows: []map[string]any{
				{"input": []any{int8(3), int8(1), int8(2)}, "output": []any{uint32(3)}},
				{"input": []any{}, "output": []any{uint32(2147483647)}},
			},
			want: []Example{ex([]int{3, 1, 2}, []int{3}, 1), ex([]int{}, []int{MaxValue}, 2)},
		},
		{
			name: "required int16 and int64, snappy, extra column",
			schema: parquet.Group{
				"id":     parquet.String(),
				"input":  parquet.List(parquet.Int(16)),
				"output": parquet.List(parquet.Int(64)),
			},
			codec: parquet.Compression(&parquet.Snappy),
			rows:  []map[string]any{{"id": "a", "input": []any{int16(7), int16(0)}, "output": []any{int64(7)}}},
			want:  []Example{ex([]int{7, 0}, []int{7}, 1)},
		},
		{
			name:   "bare repeated int32 fields (two-level lists), gzip",
			schema: parquet.Group{"input": parquet.Repeated(parquet.Leaf(parquet.Int32Type)), "output": parquet.Repeated(parquet.Leaf(parquet.Int32Type))},
			codec:  parquet.Compression(&parquet.Gzip),
			rows:   []map[string]any{{"input": []any{int32(5), int32(6)}, "output": []any{}}},
			want:   []Example{ex([]int{5, 6}, []int{}, 1)},
		},
		{
			name:   "null list",
			schema: parquet.Group{"input": parquet.Optional(parquet.List(parquet.Int(32))), "output": parquet.List(parquet.Int(32))},
			rows:   []map[string]any{{"input": []any{int32(1)}, "output": []any{int32(1)}}, {"input": nil, "output": []any{int32(2)}}},
			err:    "row 2: input is null",
		},
		{
			name:   "null element",
			schema: parquet.Group{"input": parquet.List(parquet.Int(32)), "output": parquet.List(parquet.Optional(parquet.Int(32)))},
			rows:   []map[string]any{{"input": []any{int32(1)}, "output": []any{int32(1), nil}}},
			err:    "row 1: output value 2 is null",
		},
		{
			name:   "negative value",
			schema: parquet.Group{"input": parquet.List(parquet.Int(8)), "output": parquet.List(parquet.Int(8))},
			rows:   []map[string]any{{"input": []any{int8(1), int8(-4)}, "output": []any{int8(1)}}},
			err:    "row 1: input value 2 is -4",
		},
		{
			name:   "unsigned value above the limit",
			schema: parquet.Group{"input": parquet.List(parquet.Uint(64)), "output": parquet.List(parquet.Uint(64))},
			rows:   []map[string]any{{"input": []any{uint64(1 << 63)}, "output": []any{uint64(1)}}},
			err:    "row 1: input value 1 is 9223372036854775808",
		},
		{
			name:   "floats",
			schema: parquet.Group{"input": parquet.List(parquet.Leaf(parquet.DoubleType)), "output": parquet.List(parquet.Int(32))},
			rows:   []map[string]any{{"input": []any{1.5}, "output": []any{int32(1)}}},
			err:    "is not a list of integers",
		},
		{
			name:   "no output column",
			schema: parquet.Group{"input": parquet.List(parquet.Int(32)), "target": parquet.List(parquet.Int(32))},
			rows:   []map[string]any{{"input": []any{int32(1)}, "target": []any{int32(1)}}},
			err:    `no column "output" (the file has input, target)`,
		},
		{
			name:   "no rows",
			schema: parquet.Group{"input": parquet.List(parquet.Int(32)), "output": parquet.List(parquet.Int(32))},
			want:   []Example{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "d.parquet")
			codec := tc.codec
			if codec == nil {
				codec = parquet.Compression(&parquet.Uncompressed)
			}
			writeMapRows(t, path, parquet.NewSchema("m", tc.schema), codec, tc.rows)
			got, err := ReadExamples(path)
			checkRead(t, path, got, err, tc.want, tc.err)
		})
	}
}

// checkRead compares ReadExamples' result with the wanted rows or error
// (which must name the file).
func checkRead(t *testing.T, path string, got []Example, err error, want []Example, wantErr string) {
	t.Helper()
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) || !strings.Contains(err.Error(), path) {
			t.Fatalf("error %v, want one naming %s and containing %q", err, path, wantErr)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || len(want) > 0 && !reflect.DeepEqual(got, want) {
		t.Errorf("read %v, want %v", got, want)
	}
}

// TestReadDuckDBParquet reads files that DuckDB wrote (COPY … TO, which
// makes lists and elements nullable): UTINYINT/UBIGINT lists with zstd, and
// SMALLINT/BIGINT lists with gzip beside a string column. They were made
// with `npm install @duckdb/node-api` outside the repository:
//
//	CREATE TABLE t AS SELECT * FROM (VALUES ([3,1,2]::UTINYINT[], [3]::UBIGINT[]),
//	  ([]::UTINYINT[], [7]::UBIGINT[]), ([0,9,200]::UTINYINT[], []::UBIGINT[])) v(input, output);
//	COPY t TO 'duckdb_utinyint_zstd.parquet' (FORMAT PARQUET, COMPRESSION ZSTD);
//	COPY (SELECT input::SMALLINT[] AS input, output::BIGINT[] AS output, 'x' AS note FROM t)
//	  TO 'duckdb_smallint_gzip.parquet' (FORMAT PARQUET, COMPRESSION GZIP);
func TestReadDuckDBParquet(t *testing.T) {
	want := []Example{
		{Input: []int{3, 1, 2}, Output: []int{3}, Row: 1},
		{Input: []int{}, Output: []int{7}, Row: 2},
		{Input: []int{0, 9, 200}, Output: []int{}, Row: 3},
	}
	for _, name := range []string{"duckdb_utinyint_zstd.parquet", "duckdb_smallint_gzip.parquet"} {
		got, err := ReadExamples(filepath.Join("testdata", name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %v, want %v", name, got, want)
		}
	}
}

func TestReadJSONL(t *testing.T) {
	tests := []struct {
		name, text string
		want       []Example
		err        string
	}{
		{
			name: "rows with extra keys and empty lists",
			text: "{\"input\": [3, 1, 2, 3], \"output\": [3], \"id\": 7}\n{\"output\": [], \"input\": []}\n",
			want: []Example{{Input: []int{3, 1, 2, 3}, Output: []int{3}, Row: 1}, {Input: []int{}, Output: []int{}, Row: 2}},
		},
		{name: "no final newline", text: `{"input": [1], "output": [2]}`, want: []Example{{Input: []int{1}, Output: []int{2}, Row: 1}}},
		{name: "empty file", text: "", want: nil},
		{name: "blank line", text: "{\"input\": [1], \"output\": [2]}\n\n{\"input\": [1], \"output\": [2]}\n", err: "line 2: empty line"},
		{name: "not an object", text: "[1, 2]\n", err: "line 1: not a JSON object"},
		{name: "malformed JSON", text: "{\"input\": [1], \"output\": [2]}\n{\"input\": [1, \"output\": [2]}\n", err: "line 2: not a JSON object"},
		{name: "missing output", text: `{"input": [1], "outputs": [2]}`, err: `line 1: no "output" key`},
		{name: "fraction", text: `{"input": [1, 2.5], "output": [2]}`, err: "line 1: input value 2, 2.5, is not an integer"},
		{name: "string value", text: `{"input": ["1"], "output": [2]}`, err: `line 1: "input" is not an array of integers`},
		{name: "null list", text: `{"input": null, "output": [2]}`, err: `line 1: "input" is not an array of integers`},
		{name: "negative", text: `{"input": [1], "output": [-2]}`, err: "line 1: output value 1 is -2"},
		{name: "too large", text: `{"input": [99999999999], "output": [2]}`, err: "line 1: input value 1 is 99999999999"},
		{name: "two values on a line", text: `{"input": [1], "output": [2]} {}`, err: "line 1: more than one JSON value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "d.jsonl")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := ReadExamples(path)
			checkRead(t, path, got, err, tc.want, tc.err)
		})
	}
}

func TestReadExamplesFiles(t *testing.T) {
	dir := t.TempDir()
	notParquet := filepath.Join(dir, "x.parquet")
	if err := os.WriteFile(notParquet, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(dir, "absent.jsonl"): "no such file",
		filepath.Join(dir, "d.csv"):        `unknown kind ".csv"`,
		notParquet:                         "not a Parquet file",
		dir + "/.jsonl":                    "no such file",
	} {
		if _, err := ReadExamples(path); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming the file and containing %q", path, err, want)
		}
	}
	if _, err := ReadExamples(dir + "/sub.jsonl"); err == nil {
		t.Error("a missing file read without error")
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.jsonl"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadExamples(filepath.Join(dir, "dir.jsonl")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a directory: error %v, want 'not a regular file'", err)
	}
}

func TestWriteExamplesRoundTrip(t *testing.T) {
	exs := []Example{
		{Input: []int{3, 1, 2, 3}, Output: []int{3}, Row: 1},
		{Input: []int{}, Output: []int{MaxValue}, Row: 2},
	}
	for _, name := range []string{"d.parquet", "d.jsonl"} {
		path := filepath.Join(t.TempDir(), name)
		if err := WriteExamples(path, exs); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := ReadExamples(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, exs) {
			t.Errorf("%s: read back %v, want %v", name, got, exs)
		}
	}
	if err := WriteExamples(filepath.Join(t.TempDir(), "d.txt"), exs); err == nil {
		t.Error("WriteExamples wrote a .txt file")
	}
	bad := []Example{{Input: []int{1, -1}}}
	if err := WriteExamples(filepath.Join(t.TempDir(), "d.parquet"), bad); err == nil || !strings.Contains(err.Error(), "example 0 input value 2 is -1") {
		t.Errorf("writing a negative value: error %v", err)
	}
}

package data

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/clitest"
)

// fuzzRead reads b as the DATA file path (a .jsonl or .parquet name): an
// error must be one line naming the file, and rows must hold values in
// range, no more of them than MaxRowLen a list.
func fuzzRead(t *testing.T, path string, b []byte) {
	var exs []Example
	var err error
	if strings.HasSuffix(path, ".jsonl") {
		exs, err = readJSONLFrom(bytes.NewReader(b), path)
	} else {
		exs, err = readParquetExamples(bytes.NewReader(b), int64(len(b)), path)
	}
	if err != nil {
		clitest.OneLine(t, err, path)
		return
	}
	for i, ex := range exs {
		if ex.Row != i+1 || len(ex.Input) > MaxRowLen || len(ex.Output) > MaxRowLen {
			t.Fatalf("row %d: %d, %d values", ex.Row, len(ex.Input), len(ex.Output))
		}
		if err := checkExample(ex); err != nil {
			t.Fatalf("row %d: %v", ex.Row, err)
		}
	}
}

// FuzzReadJSONL reads arbitrary JSONL DATA files.
func FuzzReadJSONL(f *testing.F) {
	for _, s := range []string{
		"{\"input\": [3, 1, 2, 3], \"output\": [3], \"id\": 7}\n{\"output\": [], \"input\": []}\n",
		`{"input": [1, 2.5], "output": [2]}`,
		`{"input": ["1"], "output": [2]}` + "\n\n",
		`{"input": null, "output": [-2]}`,
		`{"input": [99999999999999999999], "output": [2]} {}`,
		`{"input": [[1], {"a": [2]}], "output": [2], "input": [1], "x": {"y": [1, {"z": null}]}}`,
		`{"input": [1], "output": [2`,
		"[1, 2]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "d.jsonl", b) })
}

// FuzzReadParquet reads arbitrary Parquet DATA files, from files DuckDB
// and WriteExamples wrote and the damaged files of damagedCases.
func FuzzReadParquet(f *testing.F) {
	for _, file := range []string{"duckdb_smallint_gzip.parquet", "duckdb_utinyint_zstd.parquet"} {
		b, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	path := filepath.Join(f.TempDir(), "w.parquet")
	if err := WriteExamples(path, []Example{{Input: []int{3, 1, 2}, Output: []int{3}}, {Input: []int{}, Output: []int{MaxValue}}}); err != nil {
		f.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	for _, b := range damagedCases(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) { fuzzRead(t, "d.parquet", b) })
}

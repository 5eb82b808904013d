package prepare

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/clitest"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// FuzzReadRows reads arbitrary bytes as a Parquet file of prepared rows:
// an error of one line naming the file, or rows whose lists are not nil,
// that WriteRows writes as a file that reads back as the same rows, and
// that Problems and Operations take. The seeds are files WriteRows and
// DuckDB wrote, damaged as in issue 31, and rows of hostile values.
func FuzzReadRows(f *testing.F) {
	dir := f.TempDir()
	written := func(rows []Row, check func(int, Row) error) []byte {
		path := filepath.Join(dir, "seed.parquet")
		if err := data.WriteRows(path, rowSchema, rows, check); err != nil {
			f.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		return b
	}
	good := written(wapRows(), checkRow)
	f.Add(good)
	duck, err := os.ReadFile(filepath.Join("testdata", "duckdb_wap_nullable_zstd.parquet"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(duck)
	footer := func(n uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[len(b)-8:], n)
		return b
	}
	f.Add(footer(0xFFFFFFFF))
	f.Add(footer(0))
	f.Add(good[:len(good)/2])
	f.Add(append(bytes.Clone(good), 'x'))
	f.Add([]byte("PAR1PAR1"))
	hostile := wapRows()[:1]
	hostile[0].Values = []string{"1e999999", "-1/3", "0x10"}
	hostile[0].Exact = "1e-999999"
	hostile[0].Equation = "X=" + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200)
	f.Add(written(hostile, checkRow))
	bad := wapRows()
	bad[0].NumPos = []int32{2, 2, 99}
	bad[1].Pattern, bad[1].Source, bad[1].Exact = "a+b", "", "six"
	f.Add(written(bad, func(int, Row) error { return nil }))
	path := filepath.Join(dir, "rows.parquet")
	again := filepath.Join(dir, "again.parquet")
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		rows, err := ReadRows(path)
		if err != nil {
			clitest.OneLine(t, err, path)
			return
		}
		for i, r := range rows {
			if r.Tokens == nil || r.TokenIDs == nil || r.NumPos == nil || r.Numbers == nil || r.Values == nil {
				t.Fatalf("row %d has a nil list: %+v", i, r)
			}
			_, _ = r.Operations()
			_ = cc.EquationPattern(r.Equation)
		}
		for _, p := range Problems(rows) {
			if p.Exact == nil || len(p.Quantities) != len(p.Numbers) {
				t.Fatalf("problem %d: exact answer %v, %d quantities for %d numbers", p.ID, p.Exact, len(p.Quantities), len(p.Numbers))
			}
		}
		if err := WriteRows(again, rows); err != nil {
			t.Fatalf("rows ReadRows read are refused: %v", err)
		}
		back, err := ReadRows(again)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, rows) {
			t.Fatalf("rows written again read as\n%+v\nnot\n%+v", back, rows)
		}
	})
}

package data

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// damagedCases are Parquet files as a disk, a copy or a hand may leave
// them, from a file DuckDB wrote: each is an error that names the file.
func damagedCases(t testing.TB) map[string][]byte {
	good, err := os.ReadFile(filepath.Join("testdata", "duckdb_smallint_gzip.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	with := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	footer := func(n uint32) []byte {
		return with(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[len(b)-8:], n); return b })
	}
	return map[string][]byte{
		"footer length 0xFFFFFFFF": footer(0xFFFFFFFF),
		"footer length 0":          footer(0),
		"footer length past start": footer(uint32(len(good))),
		"truncated":                good[:len(good)/2],
		"no magic at the end":      with(func(b []byte) []byte { return append(b, 'x') }),
		"huge page size": with(func(b []byte) []byte {
			// The first page header follows the magic: field 2
			// (uncompressed size) and 3 (compressed size) are varints.
			return append(append(b[:4:4], 0x15, 0x00, 0x15, 0xfe, 0xff, 0xff, 0xff, 0x0f), b[12:]...)
		}),
	}
}

func TestReadDamagedParquet(t *testing.T) {
	dir := t.TempDir()
	for name, b := range damagedCases(t) {
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".parquet")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadExamples(path)
		if err == nil || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line naming the file", name, err)
		}
	}
}

// Every byte of a small DuckDB file flipped in turn: the reader returns
// rows or an error that names the file, never panics. (DuckDB writes no
// page checksums: a flipped data byte may read as other values.)
func TestReadParquetEveryByteFlipped(t *testing.T) {
	for _, file := range []string{"duckdb_smallint_gzip.parquet", "duckdb_utinyint_zstd.parquet"} {
		good, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), file)
		for i := range good {
			for _, mask := range []byte{0x01, 0x80, 0xff} {
				b := bytes.Clone(good)
				b[i] ^= mask
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
				if _, err := ReadExamples(path); err != nil && !strings.Contains(err.Error(), path) {
					t.Fatalf("byte %d ^ %#x: error %v does not name the file", i, mask, err)
				}
				if _, err := ReadRows[exampleRow](path, ErrSchema); err != nil && !strings.Contains(err.Error(), path) {
					t.Fatalf("ReadRows, byte %d ^ %#x: error %v does not name the file", i, mask, err)
				}
			}
		}
	}
}

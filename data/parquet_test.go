package data

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// seqColumns are the columns of a sequence dataset with an id of type I
// and lists of values of type V.
type seqColumns[I, V int32 | int64] struct {
	ID        I     `parquet:"id"`
	Input     []V   `parquet:"input,list"`
	InputLen  int32 `parquet:"input_len"`
	Target    []V   `parquet:"target,list"`
	TargetLen int32 `parquet:"target_len"`
}

// seqRow is a row of a sequence dataset, with the column kinds ReadRows
// reads: an int64, lists of int32 and int32 lengths.
type seqRow = seqColumns[int64, int32]

var seqSchema = parquet.SchemaOf(seqRow{})

// writeSeqs writes rows with WriteRows, accepting every row.
func writeSeqs(path string, rows []seqRow) error {
	return WriteRows(path, seqSchema, rows, func(int, seqRow) error { return nil })
}

// readSeqs reads rows with ReadRows.
func readSeqs(path string) ([]seqRow, error) { return ReadRows[seqRow](path, ErrSchema) }

func TestWriteReadRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		rows []seqRow
		want []seqRow // nil: same as rows
	}{
		{name: "no rows", rows: []seqRow{}},
		{name: "nil rows", rows: nil, want: []seqRow{}},
		{
			name: "sort examples",
			rows: []seqRow{
				{ID: 0, Input: []int32{2, 4, 2, 7, 4}, InputLen: 5, Target: []int32{7, 4, 2, 2}, TargetLen: 4},
				{ID: 1, Input: []int32{9, 1}, InputLen: 2, Target: []int32{9}, TargetLen: 1},
			},
		},
		{
			name: "empty lists",
			rows: []seqRow{
				{ID: 5, Input: []int32{}, Target: []int32{}},
				{ID: 6, Input: []int32{1}, InputLen: 1, Target: []int32{}},
				{ID: 7, Input: []int32{}, Target: []int32{3, 4}, TargetLen: 2},
			},
		},
		{
			name: "nil lists read back empty",
			rows: []seqRow{{ID: 1}, {ID: 2, Input: []int32{8}, InputLen: 1}},
			want: []seqRow{
				{ID: 1, Input: []int32{}, Target: []int32{}},
				{ID: 2, Input: []int32{8}, InputLen: 1, Target: []int32{}},
			},
		},
		{
			name: "extreme values and ids",
			rows: []seqRow{
				{ID: -1 << 62, Input: []int32{-1 << 31, 1<<31 - 1, 0}, InputLen: 3, Target: []int32{-5}, TargetLen: 1},
				{ID: 1<<63 - 1, Input: []int32{1}, InputLen: 1, Target: []int32{2}, TargetLen: 1},
			},
		},
		{name: "many rows", rows: manyRows(3000)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "seqs.parquet")
			if err := writeSeqs(path, tc.rows); err != nil {
				t.Fatalf("WriteRows: %v", err)
			}
			got, err := readSeqs(path)
			if err != nil {
				t.Fatalf("ReadRows: %v", err)
			}
			want := tc.want
			if want == nil {
				want = tc.rows
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("read back\n%v\nwant\n%v", abbrev(got), abbrev(want))
			}
		})
	}
}

// manyRows returns n rows of varied lengths, enough for several pages.
func manyRows(n int) []seqRow {
	rows := make([]seqRow, n)
	for i := range rows {
		in := make([]int32, i%17)
		for j := range in {
			in[j] = int32(i*31+j) % 10
		}
		tg := make([]int32, i%5)
		for j := range tg {
			tg[j] = int32(i + j)
		}
		rows[i] = seqRow{ID: int64(i), Input: in, InputLen: int32(len(in)), Target: tg, TargetLen: int32(len(tg))}
	}
	return rows
}

// abbrev prints the first rows of a row list.
func abbrev(rows []seqRow) string {
	if len(rows) > 5 {
		return fmt.Sprintf("%+v … (%d rows)", rows[:5], len(rows))
	}
	return fmt.Sprintf("%+v", rows)
}

// otherRow is a Parquet row of some other dataset.
type otherRow struct {
	Name  string  `parquet:"name"`
	Score float64 `parquet:"score"`
}

// narrowID has the seqRow columns but an int32 id.
type narrowID = seqColumns[int32, int32]

// int64Lists has the seqRow columns but lists of int64.
type int64Lists = seqColumns[int64, int64]

// repeatedLists stores the lists as bare repeated columns, without the LIST
// annotation.
type repeatedLists struct {
	ID        int64   `parquet:"id"`
	Input     []int32 `parquet:"input"`
	InputLen  int32   `parquet:"input_len"`
	Target    []int32 `parquet:"target"`
	TargetLen int32   `parquet:"target_len"`
}

func TestReadRowsErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, f func(path string) error) string {
		path := filepath.Join(dir, name)
		if err := f(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	missing := filepath.Join(dir, "missing.parquet")
	text := write("notes.parquet", func(p string) error {
		return os.WriteFile(p, []byte("input,target\n1 2,2 1\n"), 0o644)
	})
	empty := write("empty.parquet", func(p string) error { return os.WriteFile(p, nil, 0o644) })
	other := write("other.parquet", func(p string) error {
		return parquet.WriteFile(p, []otherRow{{Name: "a", Score: 1.5}})
	})
	tooWide := write("toowide.parquet", func(p string) error {
		return parquet.WriteFile(p, []int64Lists{{ID: 1, Input: []int64{1}, InputLen: 1}, {ID: 2, Input: []int64{1, 1 << 32}, InputLen: 2}})
	})
	floatID := write("floatid.parquet", func(p string) error {
		return parquet.WriteFile(p, []struct {
			ID float64 `parquet:"id"`
		}{{ID: 1}})
	})

	tests := []struct {
		name   string
		path   string
		is     error // when set, errors.Is must hold
		substr []string
	}{
		{name: "missing file", path: missing, is: fs.ErrNotExist, substr: []string{missing}},
		{name: "text file", path: text, substr: []string{text, "not a Parquet file"}},
		{name: "empty file", path: empty, substr: []string{empty, "not a Parquet file"}},
		{name: "other schema", path: other, is: ErrSchema, substr: []string{other, `no column "id"`, "name, score"}},
		{name: "int64 value beyond int32", path: tooWide, substr: []string{tooWide, "row 2: input value 2 is 4294967296, beyond the int32 range"}},
		{name: "float id", path: floatID, is: ErrSchema, substr: []string{"column required double id is not an integer"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, err := readSeqs(tc.path)
			if err == nil {
				t.Fatalf("ReadRows succeeded with %d rows, want an error", len(rows))
			}
			if rows != nil {
				t.Errorf("ReadRows returned %d rows with its error", len(rows))
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %q does not wrap %v", err, tc.is)
			}
			for _, s := range tc.substr {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not mention %q", err, s)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans several lines: %q", err)
			}
		})
	}
}

// Other writers' layouts of the seqRow columns are read: other integer
// widths, bare repeated lists, optional columns, other compressions.
func TestReadRowsOtherLayouts(t *testing.T) {
	want := []seqRow{{ID: 1, Input: []int32{1, 2}, InputLen: 2, Target: []int32{}, TargetLen: 0}}
	tests := []struct {
		name  string
		write func(path string) error
	}{
		{"int32 id", func(p string) error {
			return parquet.WriteFile(p, []narrowID{{ID: 1, Input: []int32{1, 2}, InputLen: 2}})
		}},
		{"int64 lists", func(p string) error {
			return parquet.WriteFile(p, []int64Lists{{ID: 1, Input: []int64{1, 2}, InputLen: 2}})
		}},
		{"lists without LIST", func(p string) error {
			return parquet.WriteFile(p, []repeatedLists{{ID: 1, Input: []int32{1, 2}, InputLen: 2}})
		}},
		{"optional columns and elements, snappy", func(p string) error {
			type row struct {
				ID        *int64   `parquet:"id,optional"`
				Input     []*int16 `parquet:"input,list,optional"`
				InputLen  *uint8   `parquet:"input_len,optional"`
				Target    []*int16 `parquet:"target,list,optional"`
				TargetLen *int64   `parquet:"target_len,optional"`
			}
			id, a, b, n, z := int64(1), int16(1), int16(2), uint8(2), int64(0)
			return parquet.WriteFile(p, []row{{ID: &id, Input: []*int16{&a, &b}, InputLen: &n, Target: []*int16{}, TargetLen: &z}}, parquet.Compression(&parquet.Snappy))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "seqs.parquet")
			if err := tc.write(path); err != nil {
				t.Fatal(err)
			}
			got, err := readSeqs(path)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("read %+v, %v; want %+v", got, err, want)
			}
		})
	}
}

// extraRow is seqRow with one more column, as another tool might add.
type extraRow struct {
	ID        int64   `parquet:"id"`
	Source    string  `parquet:"source"`
	Input     []int32 `parquet:"input,list"`
	InputLen  int32   `parquet:"input_len"`
	Target    []int32 `parquet:"target,list"`
	TargetLen int32   `parquet:"target_len"`
}

func TestReadRowsIgnoresExtraColumns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "extra.parquet")
	err := parquet.WriteFile(path, []extraRow{
		{ID: 2, Source: "gen", Input: []int32{3, 1, 2}, InputLen: 3, Target: []int32{3, 1}, TargetLen: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := readSeqs(path)
	if err != nil {
		t.Fatalf("ReadRows: %v", err)
	}
	want := []seqRow{{ID: 2, Input: []int32{3, 1, 2}, InputLen: 3, Target: []int32{3, 1}, TargetLen: 2}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteRowsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "train.parquet")
	first := []seqRow{{ID: 0, Input: []int32{1, 2}, InputLen: 2, Target: []int32{2, 1}, TargetLen: 2}}
	second := manyRows(10)

	if err := writeSeqs(path, first); err != nil {
		t.Fatal(err)
	}
	if names := dirNames(t, dir); !reflect.DeepEqual(names, []string{"train.parquet"}) {
		t.Errorf("after a write the directory holds %v, want only train.parquet", names)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := st.Mode().Perm(); perm&0o044 != 0o044 {
		t.Errorf("file mode %v, want it readable by group and others (0644 before umask)", perm)
	}

	// A refused write leaves the previous file as it was.
	refuse := func(int, seqRow) error { return errors.New("refused") }
	if err := WriteRows(path, seqSchema, second, refuse); err == nil {
		t.Fatal("WriteRows wrote rows its check refused")
	}
	got, err := readSeqs(path)
	if err != nil || !reflect.DeepEqual(got, first) {
		t.Errorf("after a refused write: %v, %v; want the first rows", got, err)
	}

	// A second write replaces the file.
	if err := writeSeqs(path, second); err != nil {
		t.Fatal(err)
	}
	got, err = readSeqs(path)
	if err != nil || !reflect.DeepEqual(got, second) {
		t.Errorf("after overwriting: %d rows, %v; want the second rows", len(got), err)
	}
	if names := dirNames(t, dir); !reflect.DeepEqual(names, []string{"train.parquet"}) {
		t.Errorf("after an overwrite the directory holds %v, want only train.parquet", names)
	}

	// Writing into a directory that does not exist fails cleanly.
	nodir := filepath.Join(dir, "absent", "x.parquet")
	if err := writeSeqs(nodir, first); err == nil || !strings.Contains(err.Error(), nodir) {
		t.Errorf("WriteRows into a missing directory: error %v, want one naming %s", err, nodir)
	}
	if names := dirNames(t, dir); !reflect.DeepEqual(names, []string{"train.parquet"}) {
		t.Errorf("after a failed write the directory holds %v", names)
	}
}

func TestFilesReadableByGenericReader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "seqs.parquet")
	rows := manyRows(40)
	if err := writeSeqs(path, rows); err != nil {
		t.Fatal(err)
	}
	pf := openGeneric(t, path)
	if pf.NumRows() != int64(len(rows)) {
		t.Errorf("NumRows = %d, want %d", pf.NumRows(), len(rows))
	}
	var cols []string
	for _, c := range pf.Schema().Columns() {
		cols = append(cols, strings.Join(c, "."))
	}
	wantCols := []string{"id", "input.list.element", "input_len", "target.list.element", "target_len"}
	if !reflect.DeepEqual(cols, wantCols) {
		t.Errorf("leaf columns %v, want %v", cols, wantCols)
	}

	// Read the rows back as untyped values, as a generic tool would.
	r := parquet.NewReader(pf)
	defer r.Close()
	first := map[string]any{}
	if err := r.Read(&first); err != nil {
		t.Fatalf("generic read: %v", err)
	}
	if first["id"] != int64(0) || first["input_len"] != int32(0) {
		t.Errorf("first row read generically = %v", first)
	}
	second := map[string]any{}
	if err := r.Read(&second); err != nil {
		t.Fatalf("generic read: %v", err)
	}
	in, ok := second["input"].([]any)
	if !ok || len(in) != 1 || second["input_len"] != int32(1) {
		t.Errorf("second row read generically = %v", second)
	}
}

// namedRow is a row type of a task's own, with a string and a list.
type namedRow struct {
	ID   int64    `parquet:"id"`
	Name string   `parquet:"name"`
	Tags []string `parquet:"tags,list"`
	Vals []int32  `parquet:"vals,list"`
}

var namedSchema = parquet.SchemaOf(namedRow{})

func namedRows() []namedRow {
	return []namedRow{{ID: 1, Name: "one", Tags: []string{"a", "b"}, Vals: []int32{1, -2}}, {ID: 2, Name: "", Tags: []string{}, Vals: []int32{}}}
}

func noCheck(int, namedRow) error { return nil }

// WriteRows and ReadRows keep any row type; a row that check refuses is an
// error naming the file, and nothing is written.
func TestWriteReadRows(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rows.parquet")
	if err := WriteRows(path, namedSchema, namedRows(), noCheck); err != nil {
		t.Fatal(err)
	}
	got, err := ReadRows[namedRow](path, ErrSchema)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, namedRows()) {
		t.Errorf("read %+v, want %+v", got, namedRows())
	}
	refuse := func(i int, r namedRow) error {
		if r.ID == 2 {
			return fmt.Errorf("row %d: id 2", i)
		}
		return nil
	}
	bad := filepath.Join(dir, "bad.parquet")
	if err := WriteRows(bad, namedSchema, namedRows(), refuse); err == nil || !strings.Contains(err.Error(), "writing "+bad+": row 1: id 2") {
		t.Errorf("a refused row: error %v", err)
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a refused write left %s (%v)", bad, err)
	}
	if _, err := ReadRows[seqRow](path, ErrSchema); !errors.Is(err, ErrSchema) {
		t.Errorf("reading named rows as sequences: error %v, want one wrapping ErrSchema", err)
	}
}

// Every Parquet file the package writes is zstd-compressed.
func TestWritersCompress(t *testing.T) {
	dir := t.TempDir()
	writers := map[string]func(path string) error{
		"rows.parquet":     func(p string) error { return WriteRows(p, namedSchema, namedRows(), noCheck) },
		"examples.parquet": func(p string) error { return WriteExamples(p, []Example{{Input: []int{1, 2}, Output: []int{3}}}) },
	}
	for name, write := range writers {
		path := filepath.Join(dir, name)
		if err := write(path); err != nil {
			t.Fatal(err)
		}
		for _, rg := range openGeneric(t, path).Metadata().RowGroups {
			for _, c := range rg.Columns {
				if c.MetaData.Codec != format.Zstd {
					t.Errorf("%s: column %v is compressed with %v, want ZSTD", name, c.MetaData.PathInSchema, c.MetaData.Codec)
				}
			}
		}
	}
}

// A field tagged optional may be missing from a file, and is then zero; a
// field not so tagged may not; an optional column that is there is read,
// and must be of the field's kind.
func TestReadRowsOptionalColumns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rows.parquet")
	if err := WriteRows(path, namedSchema, namedRows(), noCheck); err != nil {
		t.Fatal(err)
	}
	type later struct {
		ID    int64    `parquet:"id"`
		Name  string   `parquet:"name"`
		Kind  string   `parquet:"kind" data:"optional"`
		Marks []int32  `parquet:"marks,list" data:"optional"`
		Tags  []string `parquet:"tags,list" data:"optional"`
	}
	got, err := ReadRows[later](path, ErrSchema)
	want := []later{{ID: 1, Name: "one", Tags: []string{"a", "b"}}, {ID: 2, Tags: []string{}}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ReadRows = %+v, %v; want %+v", got, err, want)
	}
	type required struct {
		ID   int64  `parquet:"id"`
		Kind string `parquet:"kind"`
	}
	if _, err := ReadRows[required](path, ErrSchema); !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), `no column "kind"`) {
		t.Errorf("a missing required column: error %v", err)
	}
	type wrongKind struct {
		Name int32 `parquet:"name" data:"optional"`
	}
	if _, err := ReadRows[wrongKind](path, ErrSchema); !errors.Is(err, ErrSchema) {
		t.Errorf("an optional column of another kind: error %v, want one wrapping ErrSchema", err)
	}
}

// openGeneric opens the Parquet file at path with parquet-go alone, as
// another reader would, for the rest of the test.
func openGeneric(t *testing.T, path string) *parquet.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	st, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		t.Fatalf("parquet.OpenFile: %v", err)
	}
	return pf
}

package prepare

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/synth"
)

func wapRows() []Row {
	return []Row{
		{
			ID: 0, Text: "Tom had 5 apples and got 3 more. He ate 2.",
			Tokens:   []string{"Tom", "had", "5", "apples", "and", "got", "3", "more", ".", "He", "ate", "2", "."},
			TokenIDs: []int32{7, 8, 2, 9, 10, 11, 2, 12, 3, 13, 14, 2, 3},
			NumPos:   []int32{2, 6, 11}, Numbers: []int32{5, 3, 2}, Answer: 6,
			Values: []string{"5", "3", "2"}, Exact: "6",
			Equation: "X=((5.0+3.0)-2.0)", Pattern: cc.PatternAddSub, Source: cc.Name,
		},
		{
			ID: 1 << 40, Text: "Zoë’s 2 bags, 3 red and 4 blue — how many?",
			Tokens:   []string{"Zoë", "'s", "2", "bags", ",", "3", "red", "and", "4", "blue", "—", "how", "many", "?"},
			TokenIDs: []int32{1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 1, 1, 1},
			NumPos:   []int32{2, 5, 8}, Numbers: []int32{2, 3, 4}, Answer: 14,
			Values: []string{"2", "3", "4"}, Exact: "14",
			Equation: "X=(2.0*(3.0+4.0))", Pattern: cc.PatternMulAdd, Source: synth.Name,
		},
	}
}

func TestRowsRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		rows []Row
		want []Row // nil: same as rows
	}{
		{name: "rows", rows: wapRows()},
		{name: "no rows", rows: []Row{}},
		{name: "nil rows", rows: nil, want: []Row{}},
		{name: "type, variation and grade", rows: []Row{{ID: 4, Text: "x", Tokens: []string{}, TokenIDs: []int32{}, NumPos: []int32{}, Numbers: []int32{}, Values: []string{}, Exact: "2/3",
			Pattern: cc.PatternOther, Source: "svamp-csv", Type: "Subtraction", Variation: "21, 11", Grade: 3}}},
		{
			name: "nil lists read back empty",
			rows: []Row{{ID: 3, Text: "nothing", Exact: "0", Pattern: cc.PatternOther, Source: cc.Name}},
			want: []Row{{ID: 3, Text: "nothing", Tokens: []string{}, TokenIDs: []int32{}, NumPos: []int32{}, Numbers: []int32{}, Values: []string{}, Exact: "0", Pattern: cc.PatternOther, Source: cc.Name}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "wap.parquet")
			if err := WriteRows(path, tt.rows); err != nil {
				t.Fatal(err)
			}
			got, err := ReadRows(path)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			if want == nil {
				want = tt.rows
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("read back %+v, want %+v", got, want)
			}
		})
	}
}

func TestWriteRowsErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(r *Row)
		want   string
	}{
		{"token ids", func(r *Row) { r.TokenIDs = r.TokenIDs[1:] }, "row 1 (id 1099511627776): 13 token ids for 14 tokens"},
		{"numbers", func(r *Row) { r.Numbers = r.Numbers[:2] }, "3 number positions and 3 exact values for 2 numbers"},
		{"position out of range", func(r *Row) { r.NumPos[2] = 14 }, "number position 14 is outside its 14 tokens"},
		{"positions not increasing", func(r *Row) { r.NumPos[1] = 2 }, "number positions [2 2 8] are not increasing"},
		{"source", func(r *Row) { r.Source = "" }, "no source"},
		{"pattern", func(r *Row) { r.Pattern = "a+b+c" }, `pattern "a+b+c" is not a CC pattern`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "wap.parquet")
			rows := wapRows()
			tt.change(&rows[1])
			err := WriteRows(path, rows)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("err = %v, want one naming the file and containing %q", err, tt.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("a failed write left %d files", len(entries))
			}
		})
	}
}

func TestReadRowsErrors(t *testing.T) {
	dir := t.TempDir()
	seqs := filepath.Join(dir, "seqs.parquet")
	if err := data.WriteExamples(seqs, []data.Example{{Input: []int{1}, Output: []int{2}}}); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.parquet")
	rows := wapRows()
	rows[0].NumPos = []int32{2, 6, 99}
	if err := parquet.WriteFile(bad, rows); err != nil {
		t.Fatal(err)
	}
	text := filepath.Join(dir, "text.parquet")
	os.WriteFile(text, []byte("id,text\n"), 0o644)
	tests := []struct {
		name, path, want string
		is               error
	}{
		{"missing", filepath.Join(dir, "missing.parquet"), "no such file", nil},
		{"not parquet", text, "not a Parquet file", nil},
		{"DATA file", seqs, `not a WAP dataset: no column "id" (the file has input, output)`, ErrSchema},
		{"bad row", bad, "row 0 (id 0): number position 99 is outside its 13 tokens", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := ReadRows(tt.path)
			if err == nil || rows != nil {
				t.Fatalf("ReadRows = %d rows, %v; want an error", len(rows), err)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.path) {
				t.Errorf("err = %v, want one naming the file and containing %q", err, tt.want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("err = %v does not wrap %v", err, tt.is)
			}
		})
	}
	// A WAP file is not a DATA file either.
	good := filepath.Join(dir, "good.parquet")
	if err := WriteRows(good, wapRows()); err != nil {
		t.Fatal(err)
	}
	if _, err := data.ReadParquetExamples(good); !errors.Is(err, data.ErrSchema) {
		t.Errorf("ReadParquetExamples of a WAP file: err = %v, want ErrSchema", err)
	}
}

// A file DuckDB wrote (`COPY … TO 'x.parquet' (COMPRESSION zstd)`: every
// column nullable, token_ids SMALLINT[], num_pos UTINYINT[], numbers
// BIGINT[], answer SMALLINT) reads back as the rows it holds; it was
// written before the columns type, variation and grade, which read empty.
func TestReadRowsDuckDB(t *testing.T) {
	got, err := ReadRows(filepath.Join("testdata", "duckdb_wap_nullable_zstd.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if want := wapRows(); !reflect.DeepEqual(got, want) {
		t.Errorf("read %+v, want %+v", got, want)
	}
}

// nullableRow is Row with every column and element optional.
type nullableRow struct {
	ID       *int64    `parquet:"id,optional"`
	Text     *string   `parquet:"text,optional"`
	Tokens   []*string `parquet:"tokens,list,optional"`
	TokenIDs []*int64  `parquet:"token_ids,list,optional"`
	NumPos   []*int8   `parquet:"num_pos,list,optional"`
	Numbers  []*int32  `parquet:"numbers,list,optional"`
	Answer   *int64    `parquet:"answer,optional"`
	Equation *string   `parquet:"equation,optional"`
	Pattern  *string   `parquet:"pattern,optional"`
	Source   *string   `parquet:"source,optional"`
}

func nullable(r Row) nullableRow {
	ptrs := func(xs []string) (out []*string) {
		for i := range xs {
			out = append(out, &xs[i])
		}
		return out
	}
	var ids []*int64
	for _, x := range r.TokenIDs {
		ids = append(ids, &[]int64{int64(x)}[0])
	}
	var pos []*int8
	for _, x := range r.NumPos {
		pos = append(pos, &[]int8{int8(x)}[0])
	}
	var numbers []*int32
	for i := range r.Numbers {
		numbers = append(numbers, &r.Numbers[i])
	}
	answer := int64(r.Answer)
	return nullableRow{ID: &r.ID, Text: &r.Text, Tokens: ptrs(r.Tokens), TokenIDs: ids, NumPos: pos, Numbers: numbers,
		Answer: &answer, Equation: &r.Equation, Pattern: &r.Pattern, Source: &r.Source}
}

// Nullable columns of any integer width are read; a null, or a value
// beyond the field's width, is an error naming the row and the column.
func TestReadRowsNullable(t *testing.T) {
	tests := []struct {
		name   string
		change func(r *nullableRow)
		want   string // "": reads back as wapRows()
	}{
		{"no nulls", func(*nullableRow) {}, ""},
		{"null text", func(r *nullableRow) { r.Text = nil }, "row 2: text is null; want a string"},
		{"null list", func(r *nullableRow) { r.TokenIDs = nil }, "row 2: token_ids is null; want a list of integers"},
		{"null element", func(r *nullableRow) { r.Tokens[3] = nil }, "row 2: tokens value 4 is null"},
		{"null answer", func(r *nullableRow) { r.Answer = nil }, "row 2: answer is null; want an integer"},
		{"answer beyond int32", func(r *nullableRow) { *r.Answer = 1 << 40 }, "row 2: answer is 1099511627776, beyond the int32 range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "wap.parquet")
			var rows []nullableRow
			for _, r := range wapRows() {
				rows = append(rows, nullable(r))
			}
			tt.change(&rows[1])
			if err := parquet.WriteFile(path, rows); err != nil {
				t.Fatal(err)
			}
			got, err := ReadRows(path)
			switch {
			case tt.want == "" && (err != nil || !reflect.DeepEqual(got, wapRows())):
				t.Errorf("read %+v, %v; want %+v", got, err, wapRows())
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path)):
				t.Errorf("err = %v, want one naming the file and containing %q", err, tt.want)
			}
		})
	}
}

// An error about a huge value quotes a few dozen characters of it.
func TestRowErrorQuotesShort(t *testing.T) {
	rows := wapRows()
	rows[0].Pattern = strings.Repeat("x", 8<<20)
	err := WriteRows(filepath.Join(t.TempDir(), "wap.parquet"), rows)
	if err == nil || !strings.Contains(err.Error(), `pattern "xxxxxxxx`) || len(err.Error()) > 300 {
		t.Errorf("error of %d bytes: %.300v", len(fmt.Sprint(err)), err)
	}
}

// Retokenize with the vocabulary the rows were prepared with gives the
// same rows; with another, the rows keep their numbers and answers and
// have that vocabulary's ids, NumID at each number; a row whose text
// reads as other numbers fails, naming it.
func TestRetokenize(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for i, out := range []string{a, b} {
		if _, err := Prepare(Config{Source: Synthetic([3]int{40, 5, 5}, int64(i+1), synth.GeneralMix), Seed: int64(i + 1), Out: out, VocabSize: 200 + 50*i}); err != nil {
			t.Fatal(err)
		}
	}
	pa, err := LoadPrepared(a)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := LoadPrepared(b)
	if err != nil {
		t.Fatal(err)
	}
	same, err := Retokenize(pa.Test, pa.Vocab)
	if err != nil || !reflect.DeepEqual(same, pa.Test) {
		t.Errorf("retokenized with its own vocabulary: %v, rows differ: %v", err, !reflect.DeepEqual(same, pa.Test))
	}
	other, err := Retokenize(pa.Test, pb.Vocab)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range other {
		q, _ := reader.ParseQuestion(r.Text)
		enc, _ := pb.Vocab.Encode(q)
		if !slices.Equal(r.Tokens, enc.Pieces) || len(r.TokenIDs) != len(enc.IDs) || r.Exact != pa.Test[i].Exact || !slices.Equal(r.Values, pa.Test[i].Values) {
			t.Errorf("row %d: %+v", i, r)
		}
		for _, p := range r.NumPos {
			if r.TokenIDs[p] != reader.NumID {
				t.Errorf("row %d: token %d is %q, not a number", i, p, r.Tokens[p])
			}
		}
	}
	bad := slices.Clone(pa.Test[:1])
	bad[0].Text += " And 7 more."
	if _, err := Retokenize(bad, pb.Vocab); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("row 0 (id %d): the text reads as", bad[0].ID)) {
		t.Errorf("a text with another number: %v", err)
	}
}

func TestRowOperations(t *testing.T) {
	tests := []struct {
		equation string
		values   []string
		want     int
		ok       bool
	}{
		{"X=((5.0+3.0)-2.0)", []string{"5", "3", "2"}, 2, true},
		{"X=(76.0-25.0)", []string{"76", "25", "4"}, 1, true},
		{"X=(5.0)", []string{"5"}, 0, true},
		{"X=(((1+2)*3)/4)", []string{"1", "2", "3", "4"}, 3, true},
		{"X=(12*(1/6))", []string{"12", "1/6"}, 1, true},          // the SVAMP CSV's fraction: one number
		{"X=((1/6)+(1/6))", []string{"1/6", "1/6", "2"}, 1, true}, // used twice
		{"X=(1/6)", []string{"1", "6"}, 1, true},                  // a division of two numbers
		{"X=((2.5*4.0)+1.0)", []string{"5/2", "4", "1"}, 2, true}, // a decimal is not written as its fraction
		{"X=(5.0+", []string{"5"}, 0, false},                      // does not parse
		{"", nil, 0, false},
	}
	for _, tt := range tests {
		n, ok := Row{Equation: tt.equation, Values: tt.values}.Operations()
		if n != tt.want || ok != tt.ok {
			t.Errorf("Operations of %q with %q = %d, %v; want %d, %v", tt.equation, tt.values, n, ok, tt.want, tt.ok)
		}
	}
}

// A row's equation is a tree over exact numbers, a fraction of its values
// one number; its kind comes from the steps and the numbers left unused.
func TestRowEquationAndKind(t *testing.T) {
	tests := []struct {
		equation string
		values   []string
		tree     string // the equation as the model writes it; "" for an error
		kind     string
	}{
		{"X=((5.0+3.0)-2.0)", []string{"5", "3", "2"}, "(5 + 3) - 2", KindTwoSteps},
		{"X=((5.0+3.0)-2.0)", []string{"5", "3", "2", "9"}, "(5 + 3) - 2", KindTwoStepsUnused},
		{"X=(76.0-25.0)", []string{"76", "25"}, "76 - 25", KindOneStep},
		{"X=(76.0-25.0)", []string{"76", "25", "4"}, "76 - 25", KindOneStepUnused},
		{"X=(12*(1/6))", []string{"12", "1/6"}, "12 * 1/6", KindOneStep},
		{"X=(28.3+1.7)", []string{"28.3", "1.7"}, "283/10 + 17/10", KindOneStep},
		{"X=(4.0+4.0)", []string{"4", "4"}, "4 + 4", KindOneStep},            // each 4 of the text used once
		{"X=(4.0+4.0)", []string{"4", "4", "4"}, "4 + 4", KindOneStepUnused}, // a third 4 left
		{"X=(3.0*100.0)", []string{"3"}, "3 * 100", KindOneStep},             // a constant: no number left unused
		{"X=(((1+2)*3)/4)", []string{"1", "2", "3", "4"}, "((1 + 2) * 3) / 4", ""},
		{"X=(5.0)", []string{"5"}, "5", ""},
		{"X=(5.0+", []string{"5"}, "", ""},
		{"", nil, "", ""},
	}
	for _, tt := range tests {
		r := Row{Equation: tt.equation, Values: tt.values}
		e, err := r.EquationOf()
		switch {
		case tt.tree == "" && err == nil:
			t.Errorf("EquationOf %q = %s, want an error", tt.equation, e)
		case tt.tree != "" && err != nil:
			t.Errorf("EquationOf %q: %v", tt.equation, err)
		case tt.tree != "" && e.String() != tt.tree:
			t.Errorf("EquationOf %q = %s, want %s", tt.equation, e, tt.tree)
		}
		if got := r.Kind(); got != tt.kind {
			t.Errorf("Kind of %q with %q = %q, want %q", tt.equation, tt.values, got, tt.kind)
		}
	}
}

package tasks

import (
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
)

// refSortTarget is the sort target of an input a1 … an n, computed
// independently of SortExample.
func refSortTarget(in []int) []int {
	n := in[len(in)-1]
	want := slices.Clone(in[:n])
	slices.Sort(want)
	slices.Reverse(want)
	return want
}

// refAddTarget is the addition target of an input a1 b1 … an bn c n,
// computed with big integers: the n+1 digits of a+b+c, most significant
// first.
func refAddTarget(in []int) []int {
	n := in[len(in)-1]
	carry := in[len(in)-2]
	var a, b strings.Builder
	for i := 0; i < n; i++ {
		a.WriteByte(byte('0' + in[2*i]))
		b.WriteByte(byte('0' + in[2*i+1]))
	}
	x, _ := new(big.Int).SetString("0"+a.String(), 10)
	y, _ := new(big.Int).SetString("0"+b.String(), 10)
	sum := new(big.Int).Add(x, y)
	sum.Add(sum, big.NewInt(int64(carry)))
	digits := sum.String()
	want := make([]int, n+1)
	for i := 0; i < len(digits); i++ {
		want[n+1-len(digits)+i] = int(digits[i] - '0')
	}
	return want
}

func TestReferenceTargets(t *testing.T) {
	// The examples of the package doc.
	if got, want := refSortTarget([]int{2, 4, 2, 7, 4}), []int{7, 4, 2, 2}; !slices.Equal(got, want) {
		t.Errorf("sort target of 2 4 2 7 4 = %v, want %v", got, want)
	}
	if got, want := refAddTarget([]int{4, 8, 7, 5, 0, 2}), []int{1, 3, 2}; !slices.Equal(got, want) {
		t.Errorf("add target of 4 8 7 5 0 2 = %v, want %v", got, want)
	}
	if got, want := refAddTarget([]int{0, 0, 1, 2, 1, 2}), []int{0, 0, 4}; !slices.Equal(got, want) {
		t.Errorf("add target of 0 0 1 2 1 2 = %v, want %v", got, want)
	}
	if got, want := refAddTarget([]int{9, 9, 9, 9, 1, 2}), []int{1, 9, 9}; !slices.Equal(got, want) {
		t.Errorf("add target of 9 9 9 9 1 2 = %v, want %v", got, want)
	}
}

func TestSortExample(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 8, 64, 200} {
		rng := rand.New(rand.NewSource(int64(n)))
		seen := map[int]bool{}
		for k := 0; k < 200; k++ {
			ex := SortExample(rng, n)
			if len(ex.Input) != n+1 || ex.Input[n] != n {
				t.Fatalf("n=%d: input %v, want %d digits followed by %d", n, ex.Input, n, n)
			}
			for _, d := range ex.Input[:n] {
				if d < 0 || d > 9 {
					t.Fatalf("n=%d: input %v has a value outside 0…9", n, ex.Input)
				}
				seen[d] = true
			}
			if len(ex.Target) != n {
				t.Fatalf("n=%d: target %v has %d values", n, ex.Target, len(ex.Target))
			}
			for i := 1; i < n; i++ {
				if ex.Target[i-1] < ex.Target[i] {
					t.Fatalf("n=%d: target %v is not in descending order", n, ex.Target)
				}
			}
			var count [10]int
			for _, d := range ex.Input[:n] {
				count[d]++
			}
			for _, d := range ex.Target {
				count[d]--
			}
			if count != [10]int{} {
				t.Fatalf("n=%d: target %v is not a permutation of the digits of %v", n, ex.Target, ex.Input)
			}
			if want := refSortTarget(ex.Input); !slices.Equal(ex.Target, want) {
				t.Fatalf("n=%d: target %v, want %v", n, ex.Target, want)
			}
		}
		if n >= 8 && len(seen) != 10 {
			t.Errorf("n=%d: only digits %v drawn", n, seen)
		}
	}
}

func TestAddExample(t *testing.T) {
	for _, n := range []int{1, 2, 3, 4, 8, 32, 64} {
		rng := rand.New(rand.NewSource(int64(100 + n)))
		carries := map[int]int{}
		for k := 0; k < 300; k++ {
			ex := AddExample(rng, n)
			if len(ex.Input) != 2*n+2 || ex.Input[2*n+1] != n {
				t.Fatalf("n=%d: input %v, want %d digits, a carry and %d", n, ex.Input, 2*n, n)
			}
			for _, d := range ex.Input[:2*n] {
				if d < 0 || d > 9 {
					t.Fatalf("n=%d: input %v has a digit outside 0…9", n, ex.Input)
				}
			}
			c := ex.Input[2*n]
			if c != 0 && c != 1 {
				t.Fatalf("n=%d: input %v has carry %d", n, ex.Input, c)
			}
			carries[c]++
			if len(ex.Target) != n+1 {
				t.Fatalf("n=%d: target %v has %d digits, want %d", n, ex.Target, len(ex.Target), n+1)
			}
			for _, d := range ex.Target {
				if d < 0 || d > 9 {
					t.Fatalf("n=%d: target %v has a value outside 0…9", n, ex.Target)
				}
			}
			if want := refAddTarget(ex.Input); !slices.Equal(ex.Target, want) {
				t.Fatalf("n=%d: input %v: target %v, want %v (a+b+carry)", n, ex.Input, ex.Target, want)
			}
		}
		if carries[0] < 100 || carries[1] < 100 {
			t.Errorf("n=%d: initial carries %v, want both about half of 300", n, carries)
		}
	}
}

func TestDefaultSizes(t *testing.T) {
	tests := []struct {
		task string
		want Sizes
	}{
		{"sort", Sizes{Train: 256, Dev: 32, Test: 32}},
		{"add", Sizes{Train: 512, Dev: 256, Test: 1024}},
		{"wap", Sizes{}},
	}
	for _, tc := range tests {
		if got := DefaultSizes(tc.task); got != tc.want {
			t.Errorf("DefaultSizes(%q) = %+v, want %+v", tc.task, got, tc.want)
		}
	}
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		task              string
		trainLen, testLen int
		sizes             Sizes
		inLen, outLen     func(n int) int
	}{
		{"sort", 3, 8, DefaultSizes("sort"), func(n int) int { return n + 1 }, func(n int) int { return n }},
		{"sort", 2, 64, Sizes{Train: 5, Dev: 0, Test: 3}, func(n int) int { return n + 1 }, func(n int) int { return n }},
		{"add", 1, 4, DefaultSizes("add"), func(n int) int { return 2*n + 2 }, func(n int) int { return n + 1 }},
		{"add", 4, 32, Sizes{Train: 7, Dev: 2, Test: 0}, func(n int) int { return 2*n + 2 }, func(n int) int { return n + 1 }},
	}
	for _, tc := range tests {
		ds, err := Generate(tc.task, tc.trainLen, tc.testLen, tc.sizes, 1)
		if err != nil {
			t.Fatalf("Generate(%s, %d, %d): %v", tc.task, tc.trainLen, tc.testLen, err)
		}
		splits := []struct {
			name string
			exs  []Example
			size int
			n    int
		}{
			{"train", ds.Train, tc.sizes.Train, tc.trainLen},
			{"dev", ds.Dev, tc.sizes.Dev, tc.trainLen},
			{"test", ds.Test, tc.sizes.Test, tc.testLen},
		}
		for _, s := range splits {
			if len(s.exs) != s.size {
				t.Errorf("%s %s: %d examples, want %d", tc.task, s.name, len(s.exs), s.size)
			}
			for i, ex := range s.exs {
				if len(ex.Input) != tc.inLen(s.n) || len(ex.Target) != tc.outLen(s.n) || ex.Input[len(ex.Input)-1] != s.n {
					t.Fatalf("%s %s example %d: input %v, target %v for length %d", tc.task, s.name, i, ex.Input, ex.Target, s.n)
				}
				ref := refSortTarget
				if tc.task == "add" {
					ref = refAddTarget
				}
				if want := ref(ex.Input); !slices.Equal(ex.Target, want) {
					t.Fatalf("%s %s example %d: target %v, want %v", tc.task, s.name, i, ex.Target, want)
				}
			}
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name              string
		task              string
		trainLen, testLen int
		sizes             Sizes
		want              string
	}{
		{"unknown task", "wap", 2, 3, Sizes{Train: 1}, `unknown task "wap"`},
		{"empty task", "", 2, 3, Sizes{Train: 1}, `unknown task ""`},
		{"zero train length", "sort", 0, 3, Sizes{Train: 1}, "training length 0"},
		{"negative test length", "add", 2, -1, Sizes{Train: 1}, "test length -1"},
		{"huge test length", "sort", 2, MaxLen + 1, Sizes{Train: 1}, "test length"},
		{"negative size", "sort", 2, 3, Sizes{Train: 1, Dev: -1}, "negative split size"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Generate(tc.task, tc.trainLen, tc.testLen, tc.sizes, 1)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func mustGenerate(t *testing.T, task string, trainLen, testLen int, sizes Sizes, seed int64) Dataset {
	t.Helper()
	ds, err := Generate(task, trainLen, testLen, sizes, seed)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestGenerateReproducible(t *testing.T) {
	for _, task := range []string{"sort", "add"} {
		sizes := DefaultSizes(task)
		a := mustGenerate(t, task, 3, 8, sizes, 7)
		b := mustGenerate(t, task, 3, 8, sizes, 7)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the same seed gave different datasets", task)
		}
		c := mustGenerate(t, task, 3, 8, sizes, 8)
		if reflect.DeepEqual(a.Train, c.Train) || reflect.DeepEqual(a.Dev, c.Dev) || reflect.DeepEqual(a.Test, c.Test) {
			t.Errorf("%s: seeds 7 and 8 share a split", task)
		}
		if reflect.DeepEqual(a.Train[:len(a.Dev)], a.Dev) {
			t.Errorf("%s: dev is a copy of the start of train", task)
		}

		// The test length and size do not touch train and dev.
		d := mustGenerate(t, task, 3, 64, Sizes{Train: sizes.Train, Dev: sizes.Dev, Test: 5}, 7)
		if !reflect.DeepEqual(a.Train, d.Train) || !reflect.DeepEqual(a.Dev, d.Dev) {
			t.Errorf("%s: changing the test length or size changed train or dev", task)
		}
		if len(d.Test) != 5 || len(d.Test[0].Input) == len(a.Test[0].Input) {
			t.Errorf("%s: the test split did not follow the new test length and size", task)
		}
		// Nor does the dev size touch train.
		e := mustGenerate(t, task, 3, 8, Sizes{Train: sizes.Train, Dev: 1, Test: sizes.Test}, 7)
		if !reflect.DeepEqual(a.Train, e.Train) || !reflect.DeepEqual(a.Test, e.Test) {
			t.Errorf("%s: changing the dev size changed train or test", task)
		}
		// A smaller training set is a prefix of the larger one.
		f := mustGenerate(t, task, 3, 8, Sizes{Train: 10, Dev: sizes.Dev, Test: sizes.Test}, 7)
		if !reflect.DeepEqual(a.Train[:10], f.Train) {
			t.Errorf("%s: 10 training examples are not the first 10 of %d", task, sizes.Train)
		}
	}
}

func TestSubSeed(t *testing.T) {
	seen := map[int64]string{}
	for _, seed := range []int64{0, 1, 2, -1, 1 << 40} {
		for _, name := range []string{"train", "dev", "test"} {
			s := SubSeed(seed, name)
			if prev, ok := seen[s]; ok {
				t.Errorf("SubSeed(%d, %s) = %d, the same as %s", seed, name, s, prev)
			}
			seen[s] = name
			if SubSeed(seed, name) != s {
				t.Errorf("SubSeed(%d, %s) is not deterministic", seed, name)
			}
		}
	}
}

func TestSaveLoadDataset(t *testing.T) {
	for _, task := range []string{"sort", "add"} {
		t.Run(task, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "nested", task)
			gen := Generated{Task: task, TrainLen: 2, TestLen: 16, Sizes: Sizes{Train: 50, Dev: 0, Test: 20}, Seed: 3}
			ds := mustGenerate(t, task, gen.TrainLen, gen.TestLen, gen.Sizes, gen.Seed)
			if err := SaveDataset(dir, ds, gen); err != nil {
				t.Fatalf("SaveDataset: %v", err)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if want := []string{"dataset.json", "dev.parquet", "test.parquet", "train.parquet"}; !slices.Equal(names, want) {
				t.Errorf("directory holds %v, want %v", names, want)
			}
			got, err := LoadDataset(dir)
			if err != nil {
				t.Fatalf("LoadDataset: %v", err)
			}
			if !reflect.DeepEqual(got.Train, ds.Train) || !reflect.DeepEqual(got.Test, ds.Test) {
				t.Errorf("train or test changed in the round trip")
			}
			if len(got.Dev) != 0 {
				t.Errorf("dev: %d examples, want 0", len(got.Dev))
			}

			// A generic Parquet reader sees the DATA columns (input,
			// output) and the examples in order.
			f, err := os.Open(filepath.Join(dir, "train.parquet"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			st, err := f.Stat()
			if err != nil {
				t.Fatal(err)
			}
			pf, err := parquet.OpenFile(f, st.Size())
			if err != nil {
				t.Fatal(err)
			}
			var fields []string
			for _, fl := range pf.Schema().Fields() {
				fields = append(fields, fl.Name())
			}
			if want := []string{"input", "output"}; !slices.Equal(fields, want) {
				t.Errorf("columns %v, want %v", fields, want)
			}
			if pf.NumRows() != int64(len(ds.Train)) {
				t.Errorf("train.parquet has %d rows, want %d", pf.NumRows(), len(ds.Train))
			}
			r := parquet.NewReader(pf)
			defer r.Close()
			for i := 0; i < 3; i++ {
				row := map[string]any{}
				if err := r.Read(&row); err != nil {
					t.Fatal(err)
				}
				if in, ok := row["input"].([]any); !ok || len(in) != len(ds.Train[i].Input) {
					t.Errorf("row %d read generically = %v", i, row)
				}
			}
		})
	}
}

// TestPrepareDataset: a directory is read back only when its dataset.json
// records exactly the settings asked for; otherwise the dataset is
// generated (empty directory, or an unrecorded one when replacing is
// allowed) or the call fails naming what differs.
func TestPrepareDataset(t *testing.T) {
	want := Generated{Task: "sort", TrainLen: 3, TestLen: 8, Sizes: Sizes{Train: 4, Dev: 2, Test: 2}, Seed: 7}
	other := want
	other.TestLen = 64
	tests := []struct {
		name    string
		setup   func(t *testing.T, dir string)
		replace bool
		err     string
	}{
		{name: "empty directory", setup: func(*testing.T, string) {}},
		{name: "same settings", setup: func(t *testing.T, dir string) { prepare(t, dir, want) }},
		{name: "another test length", setup: func(t *testing.T, dir string) { prepare(t, dir, other) }, err: "was generated with task sort, train length 3 and test length 64 values"},
		{name: "unrecorded", setup: unrecorded, err: "has no dataset.json"},
		{name: "unrecorded, replaced", setup: unrecorded, replace: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.setup(t, dir)
			ds, err := PrepareDataset(dir, want, tc.replace)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(ds.Test) != 2 || len(ds.Test[0].Input) != 9 {
				t.Errorf("test split %v, want 2 examples of 8 values and n", ds.Test)
			}
		})
	}
}

func prepare(t *testing.T, dir string, g Generated) {
	t.Helper()
	if _, err := PrepareDataset(dir, g, false); err != nil {
		t.Fatal(err)
	}
}

// unrecorded leaves a dataset without dataset.json (as older versions did).
func unrecorded(t *testing.T, dir string) {
	other := Generated{Task: "sort", TrainLen: 3, TestLen: 64, Sizes: Sizes{Train: 4, Dev: 2, Test: 2}, Seed: 7}
	prepare(t, dir, other)
	if err := os.Remove(filepath.Join(dir, "dataset.json")); err != nil {
		t.Fatal(err)
	}
}

func TestLoadDatasetErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadDataset(filepath.Join(dir, "absent")); err == nil || !strings.Contains(err.Error(), "train.parquet") {
		t.Errorf("loading a missing directory: error %v, want one naming train.parquet", err)
	}
	gen := Generated{Task: "sort", TrainLen: 2, TestLen: 3, Sizes: Sizes{Train: 4, Dev: 2, Test: 2}, Seed: 1}
	ds := mustGenerate(t, "sort", 2, 3, gen.Sizes, 1)
	if err := SaveDataset(dir, ds, gen); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "dev.parquet")); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDataset(dir); err == nil || !strings.Contains(err.Error(), "dev.parquet") {
		t.Errorf("loading without dev.parquet: error %v, want one naming dev.parquet", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dev.parquet"), []byte("not parquet"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadDataset(dir); err == nil || !strings.Contains(err.Error(), "not a Parquet file") {
		t.Errorf("loading a damaged dev.parquet: error %v, want one saying it is not a Parquet file", err)
	}
}

func TestSaveDatasetRejectsWideValues(t *testing.T) {
	ds := Dataset{Train: []Example{{Input: []int{1, 1 << 40}, Target: []int{1}}}}
	err := SaveDataset(t.TempDir(), ds, Generated{})
	if err == nil || !strings.Contains(err.Error(), "example 0 input value 2 is 1099511627776") {
		t.Errorf("error %v, want one naming example 0's input value that does not fit", err)
	}
}

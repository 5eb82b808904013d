package tasks_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/addition"
	"github.com/d4lang/d4/tasks/sorting"

	"github.com/parquet-go/parquet-go"
)

// byName are the tasks of the tests.
var byName = map[string]tasks.Task{"sort": sorting.Task, "add": addition.Task}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name              string
		task              string
		trainLen, testLen int
		sizes             tasks.Sizes
		want              string
	}{
		{"a task without a generator", "wap", 2, 3, tasks.Sizes{Train: 1}, `task "wap" has no example generator`},
		{"no task", "", 2, 3, tasks.Sizes{Train: 1}, `task "" has no example generator`},
		{"zero train length", "sort", 0, 3, tasks.Sizes{Train: 1}, "training length 0"},
		{"negative test length", "add", 2, -1, tasks.Sizes{Train: 1}, "test length -1"},
		{"huge test length", "sort", 2, tasks.MaxLen + 1, tasks.Sizes{Train: 1}, "test length"},
		{"negative size", "sort", 2, 3, tasks.Sizes{Train: 1, Dev: -1}, "negative split size"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			task, ok := byName[tc.task]
			if !ok {
				task = tasks.Task{Name: tc.task}
			}
			_, err := task.Generate(tc.trainLen, tc.testLen, tc.sizes, 1)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func mustGenerate(t *testing.T, task string, trainLen, testLen int, sizes tasks.Sizes, seed int64) tasks.Dataset {
	t.Helper()
	ds, err := byName[task].Generate(trainLen, testLen, sizes, seed)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestGenerateReproducible(t *testing.T) {
	for _, task := range []string{"sort", "add"} {
		sizes := byName[task].Sizes
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
		d := mustGenerate(t, task, 3, 64, tasks.Sizes{Train: sizes.Train, Dev: sizes.Dev, Test: 5}, 7)
		if !reflect.DeepEqual(a.Train, d.Train) || !reflect.DeepEqual(a.Dev, d.Dev) {
			t.Errorf("%s: changing the test length or size changed train or dev", task)
		}
		if len(d.Test) != 5 || len(d.Test[0].Input) == len(a.Test[0].Input) {
			t.Errorf("%s: the test split did not follow the new test length and size", task)
		}
		// Nor does the dev size touch train.
		e := mustGenerate(t, task, 3, 8, tasks.Sizes{Train: sizes.Train, Dev: 1, Test: sizes.Test}, 7)
		if !reflect.DeepEqual(a.Train, e.Train) || !reflect.DeepEqual(a.Test, e.Test) {
			t.Errorf("%s: changing the dev size changed train or test", task)
		}
		// A smaller training set is a prefix of the larger one.
		f := mustGenerate(t, task, 3, 8, tasks.Sizes{Train: 10, Dev: sizes.Dev, Test: sizes.Test}, 7)
		if !reflect.DeepEqual(a.Train[:10], f.Train) {
			t.Errorf("%s: 10 training examples are not the first 10 of %d", task, sizes.Train)
		}
	}
}

// Of gives each split's examples.
func TestOf(t *testing.T) {
	var ds tasks.Dataset
	for i, s := range data.Splits {
		*ds.Of(s) = make([]data.Example, i+1)
	}
	if len(ds.Train) != 1 || len(ds.Dev) != 2 || len(ds.Test) != 3 {
		t.Errorf("Of: %d/%d/%d examples, want 1/2/3", len(ds.Train), len(ds.Dev), len(ds.Test))
	}
}

func TestSubSeed(t *testing.T) {
	seen := map[int64]string{}
	for _, seed := range []int64{0, 1, 2, -1, 1 << 40} {
		for _, name := range []string{"train", "dev", "test"} {
			s := tasks.SubSeed(seed, name)
			if prev, ok := seen[s]; ok {
				t.Errorf("SubSeed(%d, %s) = %d, the same as %s", seed, name, s, prev)
			}
			seen[s] = name
			if tasks.SubSeed(seed, name) != s {
				t.Errorf("SubSeed(%d, %s) is not deterministic", seed, name)
			}
		}
	}
}

func TestSaveLoadDataset(t *testing.T) {
	for _, task := range []string{"sort", "add"} {
		t.Run(task, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "nested", task)
			gen := tasks.Generated{Task: task, TrainLen: 2, TestLen: 16, Sizes: tasks.Sizes{Train: 50, Dev: 0, Test: 20}, Seed: 3}
			ds := mustGenerate(t, task, gen.TrainLen, gen.TestLen, gen.Sizes, gen.Seed)
			if err := tasks.SaveDataset(dir, ds, gen); err != nil {
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
			got, err := tasks.LoadDataset(dir)
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
	want := tasks.Generated{Task: "sort", TrainLen: 3, TestLen: 8, Sizes: tasks.Sizes{Train: 4, Dev: 2, Test: 2}, Seed: 7}
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
			ds, err := sorting.Task.PrepareDataset(dir, want, tc.replace)
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

func prepare(t *testing.T, dir string, g tasks.Generated) {
	t.Helper()
	if _, err := byName[g.Task].PrepareDataset(dir, g, false); err != nil {
		t.Fatal(err)
	}
}

// unrecorded leaves a dataset without dataset.json (as older versions did).
func unrecorded(t *testing.T, dir string) {
	other := tasks.Generated{Task: "sort", TrainLen: 3, TestLen: 64, Sizes: tasks.Sizes{Train: 4, Dev: 2, Test: 2}, Seed: 7}
	prepare(t, dir, other)
	if err := os.Remove(filepath.Join(dir, "dataset.json")); err != nil {
		t.Fatal(err)
	}
}

func TestLoadDatasetErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := tasks.LoadDataset(filepath.Join(dir, "absent")); err == nil || !strings.Contains(err.Error(), "train.parquet") {
		t.Errorf("loading a missing directory: error %v, want one naming train.parquet", err)
	}
	gen := tasks.Generated{Task: "sort", TrainLen: 2, TestLen: 3, Sizes: tasks.Sizes{Train: 4, Dev: 2, Test: 2}, Seed: 1}
	ds := mustGenerate(t, "sort", 2, 3, gen.Sizes, 1)
	if err := tasks.SaveDataset(dir, ds, gen); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "dev.parquet")); err != nil {
		t.Fatal(err)
	}
	if _, err := tasks.LoadDataset(dir); err == nil || !strings.Contains(err.Error(), "dev.parquet") {
		t.Errorf("loading without dev.parquet: error %v, want one naming dev.parquet", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dev.parquet"), []byte("not parquet"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := tasks.LoadDataset(dir); err == nil || !strings.Contains(err.Error(), "not a Parquet file") {
		t.Errorf("loading a damaged dev.parquet: error %v, want one saying it is not a Parquet file", err)
	}
}

func TestSaveDatasetRejectsWideValues(t *testing.T) {
	ds := tasks.Dataset{Train: []data.Example{{Input: []int{1, 1 << 40}, Output: []int{1}}}}
	err := tasks.SaveDataset(t.TempDir(), ds, tasks.Generated{})
	if err == nil || !strings.Contains(err.Error(), "example 0 input value 2 is 1099511627776") {
		t.Errorf("error %v, want one naming example 0's input value that does not fit", err)
	}
}

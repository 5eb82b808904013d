package tasks

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/atomicfile"
)

// Dataset is a task's training, development and test splits.
type Dataset struct {
	Train, Dev, Test []data.Example
}

// splitFile is the name of split s's file in a dataset directory.
func splitFile(s data.Split) string { return s.String() + ".parquet" }

// Of returns the examples of split s.
func (ds *Dataset) Of(s data.Split) *[]data.Example {
	return [...]*[]data.Example{data.Train: &ds.Train, data.Dev: &ds.Dev, data.Test: &ds.Test}[s]
}

// Sizes is the number of examples in each split of a dataset.
type Sizes struct {
	Train int `json:"train"`
	Dev   int `json:"dev"`
	Test  int `json:"test"`
}

// MaxLen is the largest length Generate accepts; lengths are stored in the
// inputs and in int32 Parquet columns.
const MaxLen = 1 << 20

// Generate draws a dataset of the task: sizes.Train and sizes.Dev
// examples of length trainLen and sizes.Test examples of length testLen,
// in Generate's units (t.Unit). Each split comes from its own stream seeded
// from seed and the split's name, so the result depends only on the
// arguments, and Train and Dev do not depend on testLen or sizes.Test.
// Each example's Row is its place in its split, from 1, as LoadDataset
// reads it back.
func (t Task) Generate(trainLen, testLen int, sizes Sizes, seed int64) (Dataset, error) {
	if t.Example == nil {
		return Dataset{}, fmt.Errorf("generating data: task %q has no example generator", t.Name)
	}
	if trainLen < 1 || trainLen > MaxLen {
		return Dataset{}, fmt.Errorf("generating %s data: training length %d, want 1 to %d", t.Name, trainLen, MaxLen)
	}
	if testLen < 1 || testLen > MaxLen {
		return Dataset{}, fmt.Errorf("generating %s data: test length %d, want 1 to %d", t.Name, testLen, MaxLen)
	}
	if sizes.Train < 0 || sizes.Dev < 0 || sizes.Test < 0 {
		return Dataset{}, fmt.Errorf("generating %s data: negative split size in %+v", t.Name, sizes)
	}
	split := func(s data.Split, size, n int) []data.Example {
		rng := rand.New(rand.NewSource(SubSeed(seed, s.String())))
		exs := make([]data.Example, size)
		for i := range exs {
			exs[i] = t.Example(rng, n)
			exs[i].Row = i + 1 // its row in the split's file
		}
		return exs
	}
	return Dataset{
		Train: split(data.Train, sizes.Train, trainLen),
		Dev:   split(data.Dev, sizes.Dev, trainLen),
		Test:  split(data.Test, sizes.Test, testLen),
	}, nil
}

// SubSeed derives the seed of a named random stream from a dataset seed:
// the SplitMix64 finaliser applied to the seed plus the FNV-1a hash of the
// name. Different names give unrelated streams for the same seed.
func SubSeed(seed int64, name string) int64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	z := uint64(seed) + h.Sum64() + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return int64(z ^ (z >> 31))
}

// manifestFile records what generated a dataset directory.
const manifestFile = "dataset.json"

// Generated is what generated a dataset (Generate's arguments), as
// dataset.json records it beside the splits.
type Generated struct {
	Task     string `json:"task"`
	TrainLen int    `json:"train_len"` // in Generate's units (digit pairs for addition)
	TestLen  int    `json:"test_len"`
	Sizes    Sizes  `json:"sizes"`
	Seed     int64  `json:"seed"`
}

// describe says what generated a dataset, its lengths counted in unit ("":
// not said).
func (g Generated) describe(unit string) string {
	if unit != "" {
		unit = " " + unit
	}
	return fmt.Sprintf("task %s, train length %d and test length %d%s, %d/%d/%d examples, seed %d",
		g.Task, g.TrainLen, g.TestLen, unit, g.Sizes.Train, g.Sizes.Dev, g.Sizes.Test, g.Seed)
}

// SaveDataset writes ds to dir (created if needed) as train.parquet,
// dev.parquet and test.parquet, DATA files of package data (columns input
// and output, one row per example, in order), and dataset.json recording
// gen. Each file is replaced atomically, dataset.json last.
func SaveDataset(dir string, ds Dataset, gen Generated) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("saving dataset: %w", err)
	}
	for _, s := range data.Splits {
		if err := data.WriteExamples(filepath.Join(dir, splitFile(s)), *ds.Of(s)); err != nil {
			return fmt.Errorf("saving dataset: %w", err)
		}
	}
	b, err := json.MarshalIndent(gen, "", " ")
	if err != nil {
		return fmt.Errorf("saving dataset: %w", err)
	}
	return atomicfile.WriteBytes(filepath.Join(dir, manifestFile), append(b, '\n'))
}

// LoadDataset reads the splits of a dataset written by SaveDataset from
// dir, with the same reader as `d4 train` (data.ReadExamples). The
// examples of each split are in file order.
func LoadDataset(dir string) (Dataset, error) {
	var ds Dataset
	for _, s := range data.Splits {
		rows, err := data.ReadExamples(filepath.Join(dir, splitFile(s)))
		if err != nil {
			return Dataset{}, fmt.Errorf("loading dataset: %w", err)
		}
		*ds.Of(s) = rows
	}
	return ds, nil
}

// PrepareDataset returns the dataset of the task that want describes
// (want.Task is t.Name) from dir: read back when dir's dataset.json
// records exactly want; generated, written and read back when dir holds no
// dataset (or, with replaceUnrecorded, one that records nothing: made
// before datasets recorded their settings). Any other dataset is an error
// that says what differs, never a silently wrong one.
func (t Task) PrepareDataset(dir string, want Generated, replaceUnrecorded bool) (Dataset, error) {
	if want.Task != t.Name {
		return Dataset{}, fmt.Errorf("dataset %s: settings of task %q given to task %q", dir, want.Task, t.Name)
	}
	var got Generated
	b, err := os.ReadFile(filepath.Join(dir, manifestFile))
	switch {
	case err == nil:
		if err := json.Unmarshal(b, &got); err != nil {
			return Dataset{}, fmt.Errorf("dataset %s: %s is malformed: %v", dir, manifestFile, err)
		}
		if got != want {
			return Dataset{}, fmt.Errorf("dataset %s was generated with %s, not %s (name another --data directory or remove it)", dir, got.describe(t.unitOf(got)), want.describe(t.Unit))
		}
		return LoadDataset(dir)
	case !errors.Is(err, fs.ErrNotExist):
		return Dataset{}, fmt.Errorf("dataset %s: %w", dir, err)
	}
	if _, err := os.Stat(filepath.Join(dir, splitFile(data.Train))); err == nil && !replaceUnrecorded {
		return Dataset{}, fmt.Errorf("dataset %s has no %s recording what generated it (made by hand or by an older version): remove it or name another --data directory", dir, manifestFile)
	}
	ds, err := t.Generate(want.TrainLen, want.TestLen, want.Sizes, want.Seed)
	if err != nil {
		return ds, err
	}
	if err := SaveDataset(dir, ds, want); err != nil {
		return ds, err
	}
	return LoadDataset(dir)
}

// unitOf is what the lengths of a dataset record count: the task's unit
// when it records this task, else not known here ("").
func (t Task) unitOf(g Generated) string {
	if g.Task == t.Name {
		return t.Unit
	}
	return ""
}

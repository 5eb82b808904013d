package prepare

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/source/svamp"
)

// FoldPrefix begins the name of each fold directory of a cross-validation
// (fold0, fold1, …).
const FoldPrefix = "fold"

// Open returns the source of the dataset in dir, by the first of these it
// holds: questions.json (the CC dataset, cc.Source), SVAMP.json
// (svamp.JSON), train.csv or dev.csv (a fold of the SVAMP repository's
// CSV files, svamp.Fold, whose reader says which is missing). A directory
// of folds (fold0, fold1, …; Folds) is an error saying to name one fold
// or to prepare each (PrepareFolds), and a directory with none of these an
// error listing them that wraps fs.ErrNotExist. A missing directory is
// read as CC's, whose reader says what is missing.
func Open(dir string) (source.Source, error) {
	has := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() || has(cc.QuestionsFile) {
		return cc.Source{Dir: dir}, nil
	}
	switch {
	case has(svamp.JSONFile):
		return svamp.JSON{Path: filepath.Join(dir, svamp.JSONFile)}, nil
	case has(svamp.TrainFile) || has(svamp.DevFile):
		return svamp.Fold{Dir: dir}, nil
	}
	folds, err := Folds(dir)
	if err != nil {
		return nil, err
	}
	if len(folds) > 0 {
		return nil, fmt.Errorf("%s holds %d folds (%s…%s): name one fold directory, or prepare each", dir, len(folds), filepath.Base(folds[0]), filepath.Base(folds[len(folds)-1]))
	}
	return nil, fmt.Errorf("%s holds no dataset: none of %s (CC), %s (SVAMP), %s and %s (a fold), %s0… (folds): %w",
		dir, cc.QuestionsFile, svamp.JSONFile, svamp.TrainFile, svamp.DevFile, FoldPrefix, fs.ErrNotExist)
}

// Folds returns the fold directories of a cross-validation in dir, fold0
// to foldK in order, or none when dir has no fold0. A gap in the numbers
// (fold0, fold2) is an error.
func Folds(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	seen := map[int]bool{}
	for _, e := range entries {
		k, err := strconv.Atoi(strings.TrimPrefix(e.Name(), FoldPrefix))
		if e.IsDir() && strings.HasPrefix(e.Name(), FoldPrefix) && err == nil && k >= 0 && e.Name() == FoldPrefix+strconv.Itoa(k) {
			seen[k] = true
		}
	}
	var out []string
	for k := range len(seen) {
		if !seen[k] {
			return nil, fmt.Errorf("%s has %d fold directories but no %s%d", dir, len(seen), FoldPrefix, k)
		}
		out = append(out, filepath.Join(dir, FoldPrefix+strconv.Itoa(k)))
	}
	return out, nil
}

// PrepareFolds prepares each fold of the cross-validation in dir (Folds)
// as Prepare does, with cfg's settings: the fold's source (Open) into
// cfg.Out/foldK. It returns the folds' summaries in order, and fails for
// a directory without folds or at the first fold that fails.
func PrepareFolds(cfg Config, dir string) ([]Summary, error) {
	folds, err := Folds(dir)
	if err != nil {
		return nil, fmt.Errorf("preparing the folds of %s: %w", dir, err)
	}
	if len(folds) == 0 {
		return nil, fmt.Errorf("preparing the folds of %s: it has no %s0", dir, FoldPrefix)
	}
	out := cfg.Out
	var sums []Summary
	for _, fold := range folds {
		c := cfg
		c.Dir, c.Out = fold, filepath.Join(out, filepath.Base(fold))
		if c.Source, err = Open(fold); err != nil {
			return nil, err
		}
		sum, err := Prepare(c)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fold, err)
		}
		sums = append(sums, sum)
	}
	return sums, nil
}

// PreparedFolds returns the folds of prepared data in dir, dir/fold0 to
// dir/foldK in order (Folds), as PrepareFolds writes them; none when dir
// is not a directory, holds prepared data itself or has no fold0. A fold
// that holds no prepared data is an error that names it.
func PreparedFolds(dir string) ([]string, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, nil
	}
	if _, err := os.Stat(filepath.Join(dir, PreparedFile)); err == nil {
		return nil, nil
	}
	folds, err := Folds(dir)
	if err != nil {
		return nil, err
	}
	for _, fold := range folds {
		if _, err := os.Stat(filepath.Join(fold, PreparedFile)); err != nil {
			return nil, fmt.Errorf("%s, a fold of %s, is not prepared data (no %s): name the folds that 'wap prepare DIR --out OUT' prepared into OUT",
				fold, dir, PreparedFile)
		}
	}
	return folds, nil
}

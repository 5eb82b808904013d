package prepare

import (
	"errors"
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

// ErrFolds is what Open's error wraps for a directory of folds: prepare
// each (PrepareFolds), or name one.
var ErrFolds = errors.New("a directory of folds")

// layout is one kind of dataset a directory can hold, as Open recognises
// it: by the files it holds (any of them), named in messages as label.
type layout struct {
	files []string
	label string
	open  func(dir string) source.Source
}

// layouts are the datasets Open recognises, one entry each: a new source
// format is one more entry here (and its package under source/).
var layouts = []layout{
	{[]string{cc.QuestionsFile}, "CC", func(dir string) source.Source { return cc.Source{Dir: dir} }},
	{[]string{svamp.JSONFile}, "SVAMP", func(dir string) source.Source { return svamp.JSON{Path: filepath.Join(dir, svamp.JSONFile)} }},
	{[]string{svamp.TrainFile, svamp.DevFile}, "a fold", func(dir string) source.Source { return svamp.Fold{Dir: dir} }},
}

// Open returns the source of the dataset in dir, by what it holds: the
// files of one of the layouts (CC's questions.json, SVAMP.json, a SVAMP
// fold's train.csv or dev.csv, whose reader says which is missing), or
// folds (fold0, fold1, …; Folds), for which the error wraps ErrFolds. A
// directory that holds more than one of these is an error naming them
// (which to read would be a guess), and a directory with none of them an
// error listing them that wraps fs.ErrNotExist. A missing directory is
// read as CC's, whose reader says what is missing.
func Open(dir string) (source.Source, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return layouts[0].open(dir), nil
	}
	folds, err := Folds(dir)
	if err != nil {
		return nil, err
	}
	var found, known []string // the datasets dir holds; every layout's files
	var src source.Source
	for _, l := range layouts {
		var present []string
		for _, name := range l.files {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				present = append(present, name)
			}
		}
		if len(present) > 0 {
			found, src = append(found, strings.Join(present, " and ")+" ("+l.label+")"), l.open(dir)
		}
		known = append(known, strings.Join(l.files, " and ")+" ("+l.label+")")
	}
	if len(folds) > 0 {
		found = append(found, fmt.Sprintf("%d folds (%s…%s)", len(folds), filepath.Base(folds[0]), filepath.Base(folds[len(folds)-1])))
	}
	switch {
	case len(found) > 1:
		return nil, fmt.Errorf("%s holds more than one dataset, %s: which to read is unclear; move all but one away", dir, strings.Join(found, ", "))
	case len(folds) > 0:
		return nil, fmt.Errorf("%s holds %s: name one fold directory, or prepare each: %w", dir, found[0], ErrFolds)
	case len(found) == 0:
		return nil, fmt.Errorf("%s holds no dataset: none of %s, %s0… (folds): %w", dir, strings.Join(known, ", "), FoldPrefix, fs.ErrNotExist)
	}
	return src, nil
}

// Folds returns the fold directories of a cross-validation in dir, fold0
// to foldK in order, or none when dir holds no entry named foldN. Every
// command that reads folds finds them here, so they all agree: an entry
// foldN is a fold when it is a directory or a symbolic link to one (the
// link is followed). It is an error, naming the entry, when it is anything
// else (a plain file, a broken or looping link), when it leads to dir
// itself or a directory above it (fold1 → ..), when two entries are the
// same directory, and when the numbers have a gap (fold0, fold2). Other
// names (fold1x, fold01) are not folds.
func Folds(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	home, err := filepath.EvalSymlinks(dir)
	if err == nil {
		home, err = filepath.Abs(home)
	}
	if err != nil {
		return nil, err
	}
	seen := map[int]bool{}
	where := map[string]string{} // a fold's real directory → its entry
	for _, e := range entries {
		k, ok := foldNumber(e.Name())
		if !ok {
			continue
		}
		path := filepath.Join(dir, e.Name())
		real, err := foldDir(path, home)
		if err != nil {
			return nil, err
		}
		if other, dup := where[real]; dup {
			return nil, fmt.Errorf("%s and %s are the same directory (%s): each fold needs its own", other, path, real)
		}
		where[real], seen[k] = path, true
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

// foldNumber reads the number of a fold's name, "fold3"; other names
// ("fold03", "fold3x", "notes") are not folds.
func foldNumber(name string) (int, bool) {
	k, err := strconv.Atoi(strings.TrimPrefix(name, FoldPrefix))
	return k, strings.HasPrefix(name, FoldPrefix) && err == nil && k >= 0 && name == FoldPrefix+strconv.Itoa(k)
}

// foldDir checks the entry path, a fold of the directory whose real path
// is home, and returns the real path of its directory: the entry must be
// a directory or a link to one that is neither home nor above it.
func foldDir(path, home string) (string, error) {
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return "", fmt.Errorf("fold %s cannot be read (a fold is a directory, or a link to one): %w", path, err)
	case !st.IsDir():
		return "", fmt.Errorf("fold %s is a file, not a directory (a fold is a directory, or a link to one)", path)
	}
	real, err := filepath.EvalSymlinks(path)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return "", fmt.Errorf("fold %s: %w", path, err)
	}
	if real == home || strings.HasPrefix(home, real+string(filepath.Separator)) || real == string(filepath.Separator) {
		return "", fmt.Errorf("fold %s leads to %s, which holds it (a loop): a fold is a directory of its own", path, real)
	}
	return real, nil
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

package prepare

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/d4lang/d4/tasks/wap/synth"
)

// This file keeps `wap prepare` from replacing, without a word, data that
// another run prepared from another source or with other settings: that
// is asked for with --force (the same preparation again replaces it):
// CheckReplace and CheckReplaceFolds.

// preparedRecipe is what a preparation is made of, as its prepared.json
// (Summary) records it.
type preparedRecipe struct {
	source, dir, excludeDir string
	seed                    int64
	generated               int
	mix                     string
	augment                 float64     // Config.Augment
	augmentOwn              bool        // Config.AugmentOwn
	unusedDev               bool        // Config.UnusedDev
	sizes                   SplitCounts // generated problems only (none for a dataset's)
}

// recipeOf reads the recipe of a summary.
func recipeOf(sum Summary) preparedRecipe {
	r := preparedRecipe{source: sum.Source, dir: cleanPath(sum.Dir), excludeDir: cleanPath(sum.ExcludeDir), seed: sum.Seed, generated: sum.Generated, mix: sum.Mix}
	if a := sum.Augment; a != nil {
		r.augment, r.augmentOwn, r.unusedDev = a.Ratio, a.Own, a.Dev+a.DevLeft > 0
	}
	if sum.Source == synth.Name {
		r.sizes = sum.Problems
	}
	return r
}

// recipeFor is the recipe a preparation of cfg would record (as
// Prepare writes it), sizes the generated problems' when the
// source is the generator.
func recipeFor(cfg Config, sizes [3]int) preparedRecipe {
	r := preparedRecipe{source: cfg.Source.Name(), dir: cleanPath(cfg.Dir), excludeDir: cleanPath(cfg.ExcludeDir), seed: cfg.Seed, generated: cfg.Generated,
		augment: cfg.Augment, augmentOwn: cfg.AugmentOwn, unusedDev: cfg.UnusedDev}
	gen, synthetic := cfg.Source.(synth.Source)
	switch {
	case synthetic && gen.Mix != synth.CCMix:
		r.mix = gen.Mix.String()
	case cfg.Generated > 0 && cfg.Mix != synth.CCMix:
		r.mix = cfg.Mix.String()
	}
	if synthetic {
		r.sizes = SplitCounts{Train: sizes[0], Dev: sizes[1], Test: sizes[2]}
	}
	return r
}

// cleanPath is a path made absolute, to compare; "" stays "".
func cleanPath(p string) string {
	if p == "" {
		return ""
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}

// String says what the recipe prepares: "cc from data/cc, 36000
// generated problems, seed 1".
func (r preparedRecipe) String() string {
	parts := []string{r.source}
	if r.dir != "" {
		parts[0] += " from " + r.dir
	}
	if r.source == synth.Name {
		parts = append(parts, fmt.Sprintf("%d/%d/%d problems", r.sizes.Train, r.sizes.Dev, r.sizes.Test))
	}
	if r.generated > 0 {
		parts = append(parts, fmt.Sprintf("%d generated problems", r.generated))
	}
	if r.mix != "" {
		parts = append(parts, r.mix+" mix")
	}
	if r.augment > 0 {
		parts = append(parts, fmt.Sprintf("augmented %v", r.augment))
	}
	if r.augmentOwn {
		parts = append(parts, "copies of their own kind")
	}
	if r.unusedDev {
		parts = append(parts, "unused-number dev")
	}
	if r.excludeDir != "" {
		parts = append(parts, "apart from "+r.excludeDir)
	}
	return strings.Join(append(parts, fmt.Sprintf("seed %d", r.seed)), ", ")
}

// CheckReplace refuses to replace the prepared data in out when another
// recipe made it than cfg's (sizes the numbers of generated train, dev
// and test problems when the source is the generator); nothing there,
// something that is no prepared data, or the same recipe is not refused
// here.
func CheckReplace(out string, cfg Config, sizes [3]int) error {
	now := recipeFor(cfg, sizes)
	b, err := os.ReadFile(filepath.Join(out, PreparedFile))
	if err != nil {
		return nil
	}
	var sum Summary
	if json.Unmarshal(b, &sum) != nil {
		return nil
	}
	was := recipeOf(sum)
	if was == now {
		return nil
	}
	return fmt.Errorf("%s holds data that another run prepared (%s); this run would replace it with %s: give --force to replace it, or name another --out", out, was, now)
}

// CheckReplaceFolds refuses to replace the prepared folds in out
// (out/foldK, each checked as CheckReplace does) when another recipe made
// them; cfg is the folds' configuration and folds their source
// directories.
func CheckReplaceFolds(out string, cfg Config, folds []string) error {
	var first error
	n := 0
	for _, fold := range folds {
		c := cfg
		c.Dir = fold
		src, err := Open(fold)
		if err != nil {
			return nil // PrepareFolds says what is wrong
		}
		c.Source = src
		if err := CheckReplace(filepath.Join(out, filepath.Base(fold)), c, [3]int{}); err != nil {
			if n++; first == nil {
				first = err
			}
		}
	}
	if n > 1 {
		return fmt.Errorf("%w (and %d more folds)", first, n-1)
	}
	return first
}

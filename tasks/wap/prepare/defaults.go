package prepare

import (
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"

	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/synth"
)

// The directories the word-problem commands (cmd/wap) take by default.
const (
	DefaultDir = "data/cc"       // the dataset wap prepare reads: where a user puts the raw CC files
	DefaultOut = "data/prepared" // where wap prepare writes, and wap train and wap eval read
)

// GeneratedFor is the number of generated problems added by default to
// the training split of src: DefaultGenerated for CC, the setting its
// models are trained with; none for any other source (or for a directory
// of folds, src nil).
func GeneratedFor(src source.Source) int {
	if _, isCC := src.(cc.Source); isCC {
		return DefaultGenerated
	}
	return 0
}

// MixFor is the mix of the generated problems added by default to the
// training split of src: CC's five patterns for CC, the general mix for
// any other source.
func MixFor(src source.Source) synth.Mix {
	if _, isCC := src.(cc.Source); isCC {
		return synth.CCMix
	}
	return synth.GeneralMix
}

// MixForLayout is the mix of generated problems of the kind a sketch
// takes, by its model's layout: CC's for a sketch of exactly three
// numbers, the general mix otherwise.
func MixForLayout(l model.Layout) synth.Mix {
	if l.Fixed == 3 {
		return synth.CCMix
	}
	return synth.GeneralMix
}

// LoadOrSynthesise loads the prepared data of dir, first preparing
// generated problems of the mix there (the default sizes, seed 1) when
// dir does not exist, the default pipeline on a fresh machine; it says so
// on w.
func LoadOrSynthesise(dir string, mix synth.Mix, w io.Writer) (*Prepared, error) {
	if _, err := os.Stat(dir); errors.Is(err, iofs.ErrNotExist) {
		fmt.Fprintf(w, "no prepared data in %s: preparing generated problems there (%s mix; run 'wap prepare DIR' for a dataset)\n", dir, mix)
		if _, err := Prepare(Config{Out: dir, Source: Synthetic([3]int{}, 1, mix), Seed: 1}); err != nil {
			return nil, err
		}
	}
	return LoadPrepared(dir)
}

package training

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn/fit"
	"github.com/d4lang/d4/tasks/wap/model"
)

// SettingsOf returns the settings of a training configuration on data
// (DataHash).
func SettingsOf(c TrainConfig, data string) model.Settings {
	s := model.Settings{Seed: c.Seed, Batch: c.Batch, LR: c.LR, Clip: c.Clip, NoiseEta: c.Noise, WeightDecay: c.WeightDecay,
		WordDropout: c.WordDropout, Bag: c.Bag, CCPasses: c.CCPasses, Restarts: c.Restarts, Lexicon: c.Lexicon,
		QuestionReader: c.QuestionReader, Prior: c.Prior, Data: data}
	if c.Supervise != model.SuperviseAnswers { // "": answers, as a checkpoint written before the setting says
		s.Supervise = c.Supervise.String()
	}
	if c.Vectors != nil {
		s.Vectors, s.VectorsFixed = c.Vectors.Hash, c.VectorsFixed
	}
	return s
}

// named lists the settings by name, after the sketch's and the data's
// checksums, for a checkpoint (modeldir.Settings.Changes compares them on
// resume): those that model.Settings declares.
func named(a model.Settings, sketchHash string) modeldir.Settings {
	return append(modeldir.Settings{{Name: "sketch sha256", Value: sketchHash}, {Name: "data sha256", Value: a.Data}}, modeldir.SettingsOf(a)...)
}

// DataHash identifies a training run's problems: the SHA-256 of the
// training and dev problems' token ids, numbers and answers.
func DataHash(train, dev []*model.Problem) string {
	h := sha256.New()
	var buf []byte
	for _, ps := range [][]*model.Problem{train, dev} {
		buf = binary.AppendVarint(buf[:0], int64(len(ps)))
		h.Write(buf)
		for _, p := range ps {
			buf = binary.AppendVarint(buf[:0], int64(len(p.IDs)))
			for _, xs := range [][]int{p.IDs, p.NumPos[:], p.Numbers[:], {p.Answer}} {
				for _, x := range xs {
					buf = binary.AppendVarint(buf, int64(x))
				}
			}
			h.Write(buf)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// readCheckpoint reads the checkpoint of the model directory dir for a
// restart of model m trained with settings: it must come from the same
// sketch, data and settings (a different one is an error that lists what
// differs).
func readCheckpoint(dir string, m *model.Model, settings model.Settings) (*fit.State, error) {
	path := filepath.Join(dir, model.CheckpointFile)
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if _, old := os.Stat(filepath.Join(dir, "checkpoint.json")); old == nil {
			return nil, fmt.Errorf("cannot resume: %s holds a checkpoint of an earlier version of wap (checkpoint.json): train again without --resume", dir)
		}
		return nil, fmt.Errorf("cannot resume: %s does not exist", path)
	case err != nil:
		return nil, fmt.Errorf("cannot resume: %w", err)
	}
	st, err := fit.UnmarshalCheckpoint(b, named(settings, d4.SketchHash(m.Machine.Sketch)), m.Named())
	if err != nil {
		return nil, fmt.Errorf("cannot resume from %s: %w", path, err)
	}
	return st, nil
}

package wap

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/optim"
)

// Settings are the settings of a training run that its checkpoints record
// and its model's config.json shows. A resumed run must have the same
// ones; it may change the number of epochs and the patience.
type Settings struct {
	Seed        int64   `json:"seed"`
	Batch       int     `json:"batch"`
	LR          float64 `json:"lr"`
	Clip        float64 `json:"clip"`
	NoiseEta    float64 `json:"noise"`
	WeightDecay float64 `json:"weight_decay"`
	WordDropout float64 `json:"word_dropout"`
	Bag         float64 `json:"bag"`
	CCPasses    int     `json:"cc_passes"`
	Restarts    int     `json:"restarts"`
	Lexicon     bool    `json:"lexicon"`
	// Data is DataHash of the training and dev problems.
	Data string `json:"data_sha256"`
}

// SettingsOf returns the settings of a training configuration on data
// (DataHash).
func SettingsOf(c TrainConfig, data string) Settings {
	return Settings{Seed: c.Seed, Batch: c.Batch, LR: c.LR, Clip: c.Clip, NoiseEta: c.NoiseEta, WeightDecay: c.WeightDecay,
		WordDropout: c.WordDropout, Bag: c.Bag, CCPasses: c.CCPasses, Restarts: c.Restarts, Lexicon: c.Lexicon, Data: data}
}

// differences lists the settings of b that differ from a, as flags
// ("--lr 0.01, now 0.02").
func (a Settings) differences(b Settings) string {
	d := cli.Changes(cli.Compare("--seed", a.Seed, b.Seed), cli.Compare("--batch", a.Batch, b.Batch), cli.Compare("--lr", a.LR, b.LR),
		cli.Compare("gradient clipping", a.Clip, b.Clip), cli.Compare("--noise", a.NoiseEta, b.NoiseEta),
		cli.Compare("--weight-decay", a.WeightDecay, b.WeightDecay), cli.Compare("--word-dropout", a.WordDropout, b.WordDropout),
		cli.Compare("--bag", a.Bag, b.Bag), cli.Compare("--cc-passes", a.CCPasses, b.CCPasses), cli.Compare("--restarts", a.Restarts, b.Restarts), cli.Compare("--lexicon", a.Lexicon, b.Lexicon))
	if a.Data != b.Data {
		d = strings.TrimPrefix(d+"; other training or dev problems (--data)", "; ")
	}
	return d
}

// DataHash identifies a training run's problems: the SHA-256 of the
// training and dev problems' token ids, numbers and answers.
func DataHash(train, dev []*Problem) string {
	h := sha256.New()
	var buf []byte
	for _, ps := range [][]*Problem{train, dev} {
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

const checkpointFormat = "wap-checkpoint/2"

// checkpoint returns checkpoint.safetensors: the weights, Adam's moments
// (adam.m.NAME, adam.v.NAME) and, in the metadata, the trainer's counters
// and the settings (data: DataHash of the run's problems).
func (tr *Trainer) checkpoint(data string) ([]byte, error) {
	st := tr.Adam.State()
	like := tr.M.named()
	ts := append(slices.Clone(like), safetensors.Named("adam.m.", like, st.M)...)
	ts = append(ts, safetensors.Named("adam.v.", like, st.V)...)
	settings, err := json.Marshal(SettingsOf(tr.Cfg, data))
	if err != nil {
		return nil, err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	meta := map[string]string{"format": checkpointFormat, "sketch_sha256": d4.SketchHash(tr.M.Machine.Sketch),
		"epoch": strconv.Itoa(tr.Epoch), "best": f(tr.Best), "best_loss": f(tr.BestLoss), "best_epoch": strconv.Itoa(tr.BestAt),
		"adam_steps": strconv.Itoa(st.T), "settings": string(settings)}
	return safetensors.Marshal(ts, meta)
}

// SaveCheckpoint writes the trainer's state to dir/checkpoint.safetensors
// (data: DataHash of the run's problems).
func (tr *Trainer) SaveCheckpoint(dir, data string) error {
	b, err := tr.checkpoint(data)
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(dir, CheckpointFile), b)
}

// Resume restores the trainer from dir/checkpoint.safetensors: the
// weights, the optimiser and the epoch count. The checkpoint must come
// from the same sketch, sizes and settings (data: DataHash of the run's
// problems); a different one is an error that lists what differs.
func (tr *Trainer) Resume(dir, data string) error {
	path := filepath.Join(dir, CheckpointFile)
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if _, old := os.Stat(filepath.Join(dir, "checkpoint.json")); old == nil {
			return fmt.Errorf("cannot resume: %s holds a checkpoint of an earlier version of wap (checkpoint.json): train again without --resume", dir)
		}
		return fmt.Errorf("cannot resume: %s does not exist", path)
	case err != nil:
		return fmt.Errorf("cannot resume: %w", err)
	}
	if err := tr.restore(b, data); err != nil {
		return fmt.Errorf("cannot resume from %s: %w", path, err)
	}
	return nil
}

// restore sets the trainer from a checkpoint's bytes.
func (tr *Trainer) restore(b []byte, data string) error {
	ts, meta, err := safetensors.Unmarshal(b)
	if err != nil {
		return err
	}
	var saved Settings
	switch err := json.Unmarshal([]byte(meta["settings"]), &saved); {
	case meta["format"] != checkpointFormat:
		return fmt.Errorf("format %q, want %q", meta["format"], checkpointFormat)
	case meta["sketch_sha256"] != d4.SketchHash(tr.M.Machine.Sketch):
		return errors.New("trained on another sketch")
	case err != nil:
		return fmt.Errorf("malformed settings: %w", err)
	}
	if diff := saved.differences(SettingsOf(tr.Cfg, data)); diff != "" {
		return fmt.Errorf("trained with other settings (%s): resume with the same ones, or train anew without --resume", diff)
	}
	var n [4]int
	var x [2]float64
	for i, k := range []string{"epoch", "best_epoch", "adam_steps"} {
		if n[i], err = strconv.Atoi(meta[k]); err != nil {
			return fmt.Errorf("metadata %s: %w", k, err)
		}
	}
	for i, k := range []string{"best", "best_loss"} {
		if x[i], err = strconv.ParseFloat(meta[k], 64); err != nil {
			return fmt.Errorf("metadata %s: %w", k, err)
		}
	}
	set := safetensors.Index(ts)
	st := optim.State{T: n[2]}
	like := tr.M.named()
	if st.M, err = set.TakeAll("adam.m.", like); err != nil {
		return err
	}
	if st.V, err = set.TakeAll("adam.v.", like); err != nil {
		return err
	}
	if err := tr.M.takeWeights(set); err != nil {
		return err
	}
	if err := set.Rest(); err != nil {
		return err
	}
	if err := tr.Adam.Restore(st); err != nil {
		return err
	}
	tr.Epoch, tr.BestAt, tr.Best, tr.BestLoss = n[0], n[1], x[0], x[1]
	return nil
}

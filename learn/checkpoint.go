package learn

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"time"

	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/optim"
)

// CheckpointFile is the checkpoint of a model directory while training
// runs: the last finished epoch, everything `d4 train --resume` needs to
// continue exactly where it stopped. Its tensors (float64), NAME for each
// of the slots' weights (slotI.stageJ.W and .b):
//
//	NAME          the weights of the restart in training
//	adam.m.NAME   Adam's first moment of each weight
//	adam.v.NAME   Adam's second moment
//	best.NAME     the restart's best weights so far (by dev accuracy)
//	restartK.NAME the kept weights of finished restart K (from 0)
//
// and in the header's __metadata__ (strings; JSON where marked):
//
//	format                  d4-sketch-checkpoint/2
//	sketch_sha256           the sketch's SHA-256
//	data_sha256             the SHA-256 of the training and dev rows
//	value_size, stack_size, heap_size
//	settings                JSON: seed, restarts, batch, lr, noise,
//	                        weight_decay, optim, epochs, patience, settle
//	seconds                 training time of all sessions so far
//	done                    JSON: the finished restarts (seed, report,
//	                        seconds, steps, path)
//	restart                 the restart in training (from 0)
//	epoch                   its finished epochs
//	best_epoch, stale, settled, updates, restart_seconds
//	best_dev_hamming, best_dev_sequence, best_train_hamming,
//	best_train_sequence     the best epoch's accuracies (percent; -1: none)
//	adam_steps              Adam's update count t
//	steps, path             the step budget T and (JSON) its path
//	shuffle_seed, shuffles  the shuffling: a math/rand source of that
//	                        seed that has shuffled the training rows that
//	                        many times (replayed on resume)
//
// Gradient noise, if any, is drawn afresh on resume (seeded from the seed
// and the epoch), so only a training without noise resumes bit for bit.
const CheckpointFile = "checkpoint.safetensors"

// checkpointFormat names the format of checkpoint.safetensors.
const checkpointFormat = "d4-sketch-checkpoint/2"

// checkpoint is checkpoint.safetensors.
type checkpoint struct {
	SketchSHA256, DataSHA256       string
	ValueSize, StackSize, HeapSize int
	Options                        savedOptions
	Seconds                        float64
	Done                           []restartResult
	Restart                        int
	Fit                            fitState
}

// fitState is a restart after a finished epoch.
type fitState struct {
	Epoch                     int
	Best, BestTrain           float64
	BestSeq, BestTrainSeq     float64
	BestEpoch, Stale, Settled int
	Updates                   int
	Seconds                   float64
	Params, BestParams        [][]float64
	Adam                      optim.State
	Steps                     int
	Path                      []int
	ShuffleSeed               int64
	Shuffles                  int
}

// restartPrefix names the tensors of finished restart k.
func restartPrefix(k int) string { return fmt.Sprintf("restart%d.", k) }

// marshal encodes the checkpoint; like names the slots' weights and gives
// their shapes.
func (ck *checkpoint) marshal(like []safetensors.Tensor) ([]byte, error) {
	f := &ck.Fit
	if f.BestParams == nil {
		return nil, errors.New("checkpoint: the restart has no best weights yet")
	}
	ts := safetensors.Named("", like, f.Params)
	ts = append(ts, safetensors.Named("adam.m.", like, f.Adam.M)...)
	ts = append(ts, safetensors.Named("adam.v.", like, f.Adam.V)...)
	ts = append(ts, safetensors.Named("best.", like, f.BestParams)...)
	for k, r := range ck.Done {
		ts = append(ts, safetensors.Named(restartPrefix(k), like, r.Params)...)
	}
	var js [3][]byte
	for i, v := range []any{ck.Options, ck.Done, f.Path} {
		var err error
		if js[i], err = json.Marshal(v); err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
	}
	itoa := strconv.Itoa
	ftoa := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	meta := map[string]string{
		"format": checkpointFormat, "sketch_sha256": ck.SketchSHA256, "data_sha256": ck.DataSHA256,
		"value_size": itoa(ck.ValueSize), "stack_size": itoa(ck.StackSize), "heap_size": itoa(ck.HeapSize),
		"settings": string(js[0]), "seconds": ftoa(ck.Seconds), "done": string(js[1]), "restart": itoa(ck.Restart),
		"epoch": itoa(f.Epoch), "best_epoch": itoa(f.BestEpoch), "stale": itoa(f.Stale), "settled": itoa(f.Settled),
		"updates": itoa(f.Updates), "restart_seconds": ftoa(f.Seconds),
		"best_dev_hamming": ftoa(f.Best), "best_dev_sequence": ftoa(f.BestSeq),
		"best_train_hamming": ftoa(f.BestTrain), "best_train_sequence": ftoa(f.BestTrainSeq),
		"adam_steps": itoa(f.Adam.T), "steps": itoa(f.Steps), "path": string(js[2]),
		"shuffle_seed": strconv.FormatInt(f.ShuffleSeed, 10), "shuffles": itoa(f.Shuffles),
	}
	return safetensors.Marshal(ts, meta)
}

// readCheckpoint decodes checkpoint.safetensors for this session: its
// metadata, checked against this training (checkResume), then its tensors,
// which must be exactly those the metadata and like (the slots' weights)
// call for.
func (s *session) readCheckpoint(b []byte, like []safetensors.Tensor) (*checkpoint, error) {
	ts, meta, err := safetensors.Unmarshal(b)
	if err != nil {
		return nil, err
	}
	if meta["format"] != checkpointFormat {
		return nil, fmt.Errorf("format %q, want %q", meta["format"], checkpointFormat)
	}
	r := metadata{m: meta}
	ck := &checkpoint{SketchSHA256: r.str("sketch_sha256"), DataSHA256: r.str("data_sha256"),
		ValueSize: r.int("value_size"), StackSize: r.int("stack_size"), HeapSize: r.int("heap_size"),
		Seconds: r.float("seconds"), Restart: r.int("restart")}
	r.json("settings", &ck.Options)
	r.json("done", &ck.Done)
	f := &ck.Fit
	f.Epoch, f.BestEpoch, f.Stale, f.Settled = r.int("epoch"), r.int("best_epoch"), r.int("stale"), r.int("settled")
	f.Updates, f.Seconds, f.Steps = r.int("updates"), r.float("restart_seconds"), r.int("steps")
	f.Best, f.BestSeq = r.float("best_dev_hamming"), r.float("best_dev_sequence")
	f.BestTrain, f.BestTrainSeq = r.float("best_train_hamming"), r.float("best_train_sequence")
	f.Adam.T, f.ShuffleSeed, f.Shuffles = r.int("adam_steps"), r.int64("shuffle_seed"), r.int("shuffles")
	r.json("path", &f.Path)
	if r.err != nil {
		return nil, r.err
	}
	if err := s.checkResume(ck); err != nil {
		return nil, err
	}
	set := safetensors.Index(ts)
	for _, part := range []struct {
		prefix string
		to     *[][]float64
	}{{"", &f.Params}, {"adam.m.", &f.Adam.M}, {"adam.v.", &f.Adam.V}, {"best.", &f.BestParams}} {
		if *part.to, err = set.TakeAll(part.prefix, like); err != nil {
			return nil, err
		}
	}
	for k := range ck.Done {
		if ck.Done[k].Params, err = set.TakeAll(restartPrefix(k), like); err != nil {
			return nil, err
		}
	}
	return ck, set.Rest()
}

// metadata reads typed values from a safetensors header's metadata,
// keeping the first error.
type metadata struct {
	m   map[string]string
	err error
}

func (r *metadata) fail(key string, err error) {
	if err != nil && r.err == nil {
		r.err = fmt.Errorf("metadata %s: %w", key, err)
	}
}

func (r *metadata) str(key string) string {
	v, ok := r.m[key]
	if !ok {
		r.fail(key, errors.New("missing"))
	}
	return v
}

func (r *metadata) int64(key string) int64 {
	n, err := strconv.ParseInt(r.str(key), 10, 64)
	r.fail(key, err)
	return n
}

func (r *metadata) int(key string) int { return int(r.int64(key)) }

func (r *metadata) float(key string) float64 {
	x, err := strconv.ParseFloat(r.str(key), 64)
	r.fail(key, err)
	return x
}

func (r *metadata) json(key string, v any) { r.fail(key, json.Unmarshal([]byte(r.str(key)), v)) }

// elapsed is the training time so far, with that of resumed sessions.
func (s *session) elapsed() float64 {
	t := time.Since(s.start).Seconds()
	if s.ck != nil {
		t += s.ck.Seconds
	}
	return t
}

// state is the restart's checkpoint.
func (f *fit) state() fitState {
	return fitState{Epoch: f.epoch, Best: f.best, BestTrain: f.bestTrain, BestSeq: f.bestSeq, BestTrainSeq: f.bestTrainSeq,
		BestEpoch: f.bestEpoch, Stale: f.stale, Settled: f.settled, Updates: f.updates, Seconds: f.seconds + f.spent.Seconds(),
		Params: snapshot(f.m.Machine), BestParams: f.bestParams, Adam: f.tr.Optimiser().State(), Steps: f.budget.Steps, Path: f.budget.Path,
		ShuffleSeed: f.seed, Shuffles: f.epoch}
}

// restore continues a restart from its checkpoint: the weights, Adam, the
// counters, and the shuffling (replayed). Gradient noise is drawn afresh
// (seeded from the seed and the epoch), so with noise a resumed run differs
// from an uninterrupted one; without noise it is the same.
func (f *fit) restore(st *fitState) error {
	f.epoch, f.best, f.bestTrain, f.bestSeq, f.bestTrainSeq = st.Epoch, st.Best, st.BestTrain, st.BestSeq, st.BestTrainSeq
	f.bestEpoch, f.stale, f.settled, f.updates, f.seconds = st.BestEpoch, st.Stale, st.Settled, st.Updates, st.Seconds
	f.bestParams, f.budget.Steps, f.budget.Path = st.BestParams, st.Steps, st.Path
	restore(f.m.Machine, st.Params)
	f.newTrainer()
	if err := f.tr.Optimiser().Restore(st.Adam); err != nil {
		return fmt.Errorf("cannot resume: %w", err)
	}
	f.tr.Optimiser().Reseed(f.seed*1_000_003 + int64(f.epoch))
	f.rng = rand.New(rand.NewSource(st.ShuffleSeed))
	f.train = f.s.train.examples()
	for range st.Shuffles {
		f.rng.Shuffle(len(f.train), func(i, j int) { f.train[i], f.train[j] = f.train[j], f.train[i] })
	}
	return nil
}

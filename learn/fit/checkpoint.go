package fit

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/d4lang/d4/internal/modeldir"
	"github.com/d4lang/d4/internal/safetensors"
)

// CheckpointFile is the checkpoint of a model directory: a run's State
// after its last finished epoch, everything Run needs to continue where
// it stopped. It is one format for every method. Its tensors (float64),
// NAME for each of the model's weights:
//
//	NAME           the weights of the restart in training
//	adam.m.NAME    Adam's first moment of each weight
//	adam.v.NAME    Adam's second moment
//	best.NAME      the restart's best weights so far (absent before any)
//	restartK.NAME  the kept weights of finished restart K (from 0)
//
// and in the header's __metadata__ (JSON strings):
//
//	format    d4-checkpoint/3
//	settings  what the run was trained with (modeldir.Settings): a
//	          checkpoint resumes only with the same ones
//	state     the restart in training, the run's seconds, the finished
//	          restarts (State.Done without their weights), and the
//	          restart's counters (RunState without its tensors)
const CheckpointFile = modeldir.CheckpointFile

// CheckpointFormat names the format of checkpoint.safetensors.
const CheckpointFormat = "d4-checkpoint/3"

// stateMeta is the state's part of the metadata.
type stateMeta struct {
	Restart int       `json:"restart"`
	Seconds float64   `json:"seconds"`
	Done    []Restart `json:"done"`
	Run     RunState  `json:"run"`
	Adam    int       `json:"adam_steps"`
}

// restartPrefix names the tensors of finished restart k.
func restartPrefix(k int) string { return fmt.Sprintf("restart%d.", k) }

// MarshalCheckpoint encodes a run's state with the settings it was
// trained with; like names the model's weights and gives their shapes.
func MarshalCheckpoint(s *State, settings modeldir.Settings, like []safetensors.Tensor) ([]byte, error) {
	r := &s.Run
	ts := safetensors.Named("", like, r.Params)
	ts = append(ts, safetensors.Named("adam.m.", like, r.Adam.M)...)
	ts = append(ts, safetensors.Named("adam.v.", like, r.Adam.V)...)
	if r.BestParams != nil {
		ts = append(ts, safetensors.Named("best.", like, r.BestParams)...)
	}
	for k, d := range s.Done {
		ts = append(ts, safetensors.Named(restartPrefix(k), like, d.Params)...)
	}
	st, err := json.Marshal(stateMeta{Restart: s.Restart, Seconds: s.Seconds, Done: s.Done, Run: *r, Adam: r.Adam.T})
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	set, err := json.Marshal(settings)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	return safetensors.Marshal(ts, map[string]string{"format": CheckpointFormat, "settings": string(set), "state": string(st)})
}

// UnmarshalCheckpoint decodes a checkpoint for a run with the settings
// want: other settings are an error that lists them. Its tensors must be
// exactly those its state and like (the model's weights) call for.
func UnmarshalCheckpoint(b []byte, want modeldir.Settings, like []safetensors.Tensor) (*State, error) {
	ts, meta, err := safetensors.Unmarshal(b)
	if err != nil {
		return nil, err
	}
	if meta["format"] != CheckpointFormat {
		return nil, fmt.Errorf("format %q, want %q (a checkpoint of another version: train again without resuming)", meta["format"], CheckpointFormat)
	}
	var was modeldir.Settings
	if err := json.Unmarshal([]byte(meta["settings"]), &was); err != nil {
		return nil, fmt.Errorf("metadata settings: %w", err)
	}
	if diff := was.Changes(want); diff != "" {
		return nil, fmt.Errorf("trained with other settings (%s): resume with the same ones, or train anew", diff)
	}
	var st stateMeta
	if err := json.Unmarshal([]byte(meta["state"]), &st); err != nil {
		return nil, fmt.Errorf("metadata state: %w", err)
	}
	if st.Restart < 0 || st.Restart != len(st.Done) || st.Run.Epoch < 0 || st.Adam < 0 {
		return nil, errors.New("metadata state: inconsistent counters")
	}
	s := &State{Restart: st.Restart, Seconds: st.Seconds, Done: st.Done, Run: st.Run}
	r := &s.Run
	r.Adam.T = st.Adam
	set := safetensors.Index(ts)
	parts := []struct {
		prefix string
		to     *[][]float64
	}{{"", &r.Params}, {"adam.m.", &r.Adam.M}, {"adam.v.", &r.Adam.V}}
	if len(like) > 0 && set.Has("best."+like[0].Name) {
		parts = append(parts, struct {
			prefix string
			to     *[][]float64
		}{"best.", &r.BestParams})
	}
	for _, p := range parts {
		if *p.to, err = set.TakeAll(p.prefix, like); err != nil {
			return nil, err
		}
	}
	for k := range s.Done {
		if s.Done[k].Params, err = set.TakeAll(restartPrefix(k), like); err != nil {
			return nil, err
		}
	}
	return s, set.Rest()
}

package modeldir

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestSettingsChanges(t *testing.T) {
	was := Settings{{"seed", 1}, {"learning rate", 0.01}, {"data", "abc"}, {"lexicon", false}}
	// Read back from JSON, numbers are float64: still equal.
	b, _ := json.Marshal(was)
	var read Settings
	if err := json.Unmarshal(b, &read); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		now  Settings
		want string
	}{
		{Settings{{"seed", 1}, {"learning rate", 0.01}, {"data", "abc"}, {"lexicon", false}}, ""},
		{Settings{{"seed", 2}, {"learning rate", 0.02}, {"data", "abc"}, {"lexicon", false}}, "seed 1, now 2; learning rate 0.01, now 0.02"},
		{Settings{{"seed", 1}, {"learning rate", 0.01}, {"data", "xyz"}, {"lexicon", true}, {"batch", 50}}, "data abc, now xyz; lexicon false, now true; batch not recorded, now 50"},
		{Settings{{"seed", 1}, {"learning rate", 0.01}}, "data abc, now not set; lexicon false, now not set"},
	} {
		if got := read.Changes(tc.now); got != tc.want {
			t.Errorf("Changes(%v) = %q, want %q", tc.now, got, tc.want)
		}
	}
}

// The settings a struct declares are its tagged exported fields, in order,
// with their values.
func TestSettingsOf(t *testing.T) {
	type options struct {
		Seed   int64   `json:"seed" setting:"seed"`
		Epochs int     `json:"epochs"` // not compared
		LR     float64 `json:"lr" setting:"learning rate"`
		hidden int     `setting:"hidden"`
		Mode   string  `setting:"mode"`
		Later  bool    `setting:"later,omitempty"` // listed only when set
	}
	o := options{Seed: 3, Epochs: 9, LR: 0.5, hidden: 1, Mode: "all"}
	want := Settings{{"seed", int64(3)}, {"learning rate", 0.5}, {"mode", "all"}}
	for _, v := range []any{o, &o} {
		if got := SettingsOf(v); !reflect.DeepEqual(got, want) {
			t.Errorf("SettingsOf(%T) = %v, want %v", v, got, want)
		}
	}
	o.Later = true
	if got, want := SettingsOf(o), append(want, Setting{"later", true}); !reflect.DeepEqual(got, want) {
		t.Errorf("SettingsOf with a setting given = %v, want %v", got, want)
	}
	if got := SettingsOf(3); got != nil {
		t.Errorf("SettingsOf(3) = %v, want none", got)
	}
}

package modeldir

import (
	"encoding/json"
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

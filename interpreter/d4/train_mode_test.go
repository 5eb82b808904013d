package d4

import (
	"encoding/json"
	"strings"
	"testing"
)

// Every mode reads back from its name, in JSON as a string; an unknown
// name is an error that lists the names.
func TestModeNames(t *testing.T) {
	if got := strings.Join(Modes(), " "); got != "naive collapse interpolate static all" {
		t.Errorf("Modes() = %s", got)
	}
	for _, name := range Modes() {
		m, err := ParseMode(name)
		if err != nil || m.String() != name {
			t.Errorf("ParseMode(%q) = %v, %v", name, m, err)
		}
		js, err := json.Marshal(struct{ M Mode }{m})
		if err != nil || string(js) != `{"M":"`+name+`"}` {
			t.Errorf("%s in JSON: %s, %v", name, js, err)
		}
		var back struct{ M Mode }
		if err := json.Unmarshal(js, &back); err != nil || back.M != m {
			t.Errorf("%s from JSON: %v, %v", js, back.M, err)
		}
	}
	if _, err := ParseMode("fast"); err == nil || err.Error() != `unknown execution mode "fast" (want all, naive, collapse, interpolate or static)` {
		t.Errorf("ParseMode(fast): %v", err)
	}
	var zero Mode
	if zero != ModeAll || !zero.static() || !zero.optim().Interpolate || ModeNaive.static() || ModeStatic.optim().Collapse {
		t.Error("the modes' static traces and optimisations are not as documented")
	}
}

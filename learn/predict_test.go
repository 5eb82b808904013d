package learn

import (
	"encoding/json"
	"testing"
)

// The executions read back from their names, in JSON as strings.
func TestExecutionNames(t *testing.T) {
	for _, e := range []Execution{Hybrid, Discretised} {
		got, err := ParseExecution(e.String())
		if err != nil || got != e {
			t.Errorf("ParseExecution(%q) = %v, %v", e, got, err)
		}
		js, _ := json.Marshal(struct{ E Execution }{e})
		var back struct{ E Execution }
		if err := json.Unmarshal(js, &back); err != nil || back.E != e || string(js) != `{"E":"`+e.String()+`"}` {
			t.Errorf("%v through JSON: %s, %v, %v", e, js, back.E, err)
		}
	}
	if _, err := ParseExecution("soft"); err == nil {
		t.Error("ParseExecution(soft) is not an error")
	}
}

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/d4lang/d4/cmd/wap/bench"
)

// wap bench prints its tables, or one JSON object with every figure;
// bad flags are one line and exit 2.
func TestBench(t *testing.T) {
	code, out, errOut := runWap(t, "bench", "--seconds", "0.03", "--batch", "4", "--tokens", "12", "--models", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"matrix product", "gonum float32", "x·W_x", "[512×512]·[512×512]", "training step, general sketch", "2 models at once", "GFLOP/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	code, out, errOut = runWap(t, "bench", "--seconds", "0.03", "--batch", "2", "--tokens", "10", "--models", "1", "--json")
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut)
	}
	var r bench.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("--json: %v in %s", err, out)
	}
	if len(r.Products)+len(r.Steps) != bench.Figures() || r.Batch != 2 || len(r.Kernels) != len(bench.Kernels) {
		t.Errorf("--json: %d products, %d steps, batch %d, kernels %v", len(r.Products), len(r.Steps), r.Batch, r.Kernels)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--seconds", "0"}, "--seconds must be in (0, 600], got 0"},
		{[]string{"--seconds", "NaN"}, "--seconds"},
		// Within wap's bounds of --batch (TestFlagRefusals), beyond the
		// benchmark's.
		{[]string{"--batch", "20000"}, "--batch must be in 1…10000, got 20000"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--bogus"}, "-bogus"},
	} {
		code, out, errOut := runWap(t, append([]string{"bench"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and one line with %q", c.args, code, out, errOut, c.want)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A bad flag value of any sub-command is refused as the command line is
// parsed: one line that names the flag, exit status 2, and nothing done
// (no data prepared in the missing --data directory, no model directory
// made).
func TestFlagRefusals(t *testing.T) {
	dir := t.TempDir()
	data, models := filepath.Join(dir, "data"), filepath.Join(dir, "models")
	train := func(args ...string) []string {
		return append([]string{"train", "--data", data, "--model", models}, args...)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{train("--epochs", "-5"), "--epochs must not be negative, got -5"},
		{train("--epochs", "1000000000000"), "--epochs must be at most 1000000, got 1000000000000"},
		{train("--epochs", "x"), "invalid value \"x\" for flag -epochs: parse error"},
		{train("--models", "0"), "--models must be at least 1, got 0"},
		{train("--models", "65"), "--models must be at most 64, got 65"},
		{train("--parallel", "-2"), "--parallel must not be negative, got -2"},
		{train("--batch", "0"), "--batch must be at least 1, got 0"},
		{train("--batch", "100001"), "--batch must be at most 100000, got 100001"},
		{train("--updates", "-1"), "--updates must not be negative, got -1"},
		{train("--patience", "-1"), "--patience must not be negative, got -1"},
		{train("--cc-passes", "-1"), "--cc-passes must not be negative, got -1"},
		{train("--supervise", "formulas"), "invalid value \"formulas\" for flag -supervise: unknown supervision \"formulas\" (want answers or equations)"},
		{train("--sketch", filepath.Join(dir, "none.fth")), "sketch " + filepath.Join(dir, "none.fth") + ": no such file, and no embedded sketch of that name"},
		// A bad value is refused even when --help follows it.
		{train("--models", "0", "--help"), "--models must be at least 1, got 0"},
		{[]string{"prepare", "--out", data, "--generated", "-1"}, "--generated must not be negative, got -1"},
		{[]string{"prepare", "--out", data, "--augment", "-1"}, "--augment must be in 0…10, got -1"},
		{[]string{"prepare", "--out", data, "--augment", "NaN"}, "--augment must be in 0…10, got NaN"},
		{[]string{"prepare", "--out", data, "--augment-own"}, "--augment-own makes the augmented copies' sentences: give --augment R (R > 0) with it"},
		{[]string{"prepare", "--out", data, "--vocab-size", "0"}, "--vocab-size must be at least 1, got 0"},
		{[]string{"prepare", "--out", data, "--synthetic", "--sizes", "1,2"}, "--sizes must be three numbers TRAIN,DEV,TEST, got \"1,2\""},
		{[]string{"prepare", "--out", data, "--synthetic", "--sizes", "1,0,2"}, "--sizes must be three numbers in 1…10000000"},
		{[]string{"prepare", "--out", data, "--synthetic", "--sizes", "1000000000000,1,1"}, "--sizes must be three numbers in 1…10000000"},
		{[]string{"eval", "--data", data, "--model", models, "--split", "foo"}, "unknown split \"foo\" (want train, dev or test)"},
		{[]string{"eval", "--data", data, "--model", models, "--bench", "train"}, "--bench must be dev or test, got \"train\""},
		{[]string{"eval", "--data", data, "--model", models, "--decode", "best"}, "invalid value \"best\" for flag -decode"},
		{[]string{"answer", "--model", models, "--decode", "best", "Q?"}, "invalid value \"best\" for flag -decode"},
		{[]string{"bench", "--batch", "0"}, "--batch must be at least 1, got 0"},
		{[]string{"bench", "--models", "65"}, "--models must be at most 64, got 65"},
		{[]string{"bench", "--tokens", "7"}, "--tokens must be at least 8, got 7"},
		{[]string{"serve", "--model", models, "--nope"}, "flag provided but not defined: -nope"},
	} {
		code, out, errs := runWap(t, c.args...)
		name := c.args[0]
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "wap "+name+": ") || !strings.Contains(errs, c.want) ||
			!strings.HasSuffix(errs, "; run 'wap "+name+" --help' for the flags\n") {
			t.Errorf("wap %s: exit %d, stdout %q, stderr %q; want exit 2 and one line naming the flag, containing %q",
				strings.Join(c.args, " "), code, out, errs, c.want)
		}
		for _, d := range []string{data, models} {
			if _, err := os.Stat(d); err == nil {
				t.Fatalf("wap %s made %s", strings.Join(c.args, " "), d)
			}
		}
	}
}

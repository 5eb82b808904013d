package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/reader/vectors"
)

// wap vectors writes GloVe's vectors on their principal axes as a file
// that wap train --vectors reads; bad command lines and files are one
// line and a non-zero status.
func TestVectorsCommand(t *testing.T) {
	dir := t.TempDir()
	glove := filepath.Join(dir, "glove.txt")
	if err := os.WriteFile(glove, []byte("the 1 0 2\nsold 0 2 1\napples 3 1 0\npears 1 1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "v.safetensors")
	code, stdout, stderr := runWap(t, "vectors", "--glove", glove, "--words", "3", "--dim", "2", "--out", out)
	if code != 0 || !strings.Contains(stdout, "3 words, 2 values each") {
		t.Fatalf("wap vectors: status %d, %q %q", code, stdout, stderr)
	}
	s, err := vectors.Load(out)
	if err != nil || s.Dim != 2 || strings.Join(s.Words, " ") != "the sold apples" {
		t.Fatalf("the file written: %+v, %v", s, err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"vectors", "--out", out}, 2, "one of --glove and --wordnet are required"},
		{[]string{"vectors", "--glove", glove, "--wordnet", dir, "--out", out}, 2, "one of --glove and --wordnet are required"},
		{[]string{"vectors", "--glove", glove, "--dim", "4", "--out", out}, 1, "cannot reduce vectors of 3 values to 4"},
		{[]string{"vectors", "--wordnet", dir, "--out", out}, 1, "data.noun"},
		{[]string{"train", "--vectors-fixed"}, 2, "--vectors-fixed needs --vectors FILE"},
		{[]string{"train", "--vectors", glove}, 1, "not a safetensors file of word vectors"},
	} {
		code, _, stderr := runWap(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("wap %s: status %d, stderr %q; want %d and %q", strings.Join(tc.args, " "), code, stderr, tc.code, tc.want)
		}
	}
}

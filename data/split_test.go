package data

import (
	"strings"
	"testing"
)

// The splits' names are in the files and the sub-seeds of every stored
// dataset: they must not change. They read back from their names, and an
// unknown name lists the known.
func TestSplitNames(t *testing.T) {
	for i, want := range []string{"train", "dev", "test"} {
		s := Splits[i]
		if s.String() != want {
			t.Errorf("split %d is %q, want %q", i, s, want)
		}
		var got Split
		if err := got.UnmarshalText([]byte(want)); err != nil || got != s {
			t.Errorf("%q read back as %v (%v)", want, got, err)
		}
	}
	if _, err := ParseSplit("valid"); err == nil || !strings.Contains(err.Error(), "want train, dev or test") {
		t.Errorf("ParseSplit(valid): %v", err)
	}
	if got := Split(3).String(); got != "Split(3)" {
		t.Errorf("Split(3) is %q", got)
	}
}

// A set's rows are named by their Row, or by their place where they have
// none.
func TestSetWhere(t *testing.T) {
	s := Set{File: "train.jsonl", Rows: []Example{{Row: 7}, {}}}
	for i, want := range []string{"train.jsonl row 7", "train.jsonl row 2"} {
		if got := s.Where(i); got != want {
			t.Errorf("Where(%d) = %q, want %q", i, got, want)
		}
	}
}

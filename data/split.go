package data

import "github.com/d4lang/d4/internal/enum"

// Split is one of a dataset's three splits: those of a task's generated
// dataset (package tasks) and of a word-problem source (tasks/wap/source).
// Their names are in the files and the random streams of every stored
// dataset: they do not change.
type Split int

// The splits, in order.
const (
	Train Split = iota
	Dev
	Test
)

// Splits lists the splits in order.
var Splits = [...]Split{Train, Dev, Test}

var splitNames = enum.Names[Split]{What: "split", Names: []string{Train: "train", Dev: "dev", Test: "test"}}

// String names the split: "train", "dev" or "test".
func (s Split) String() string { return splitNames.String(s) }

// ParseSplit reads a split's name.
func ParseSplit(name string) (Split, error) { return splitNames.Parse(name) }

// MarshalText writes the split's name.
func (s Split) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a split's name.
func (s *Split) UnmarshalText(b []byte) error { return splitNames.Unmarshal(s, b) }

// Package enum names the values of the small integer enumerations of the
// commands' flags and files (a split, a supervision, a decoding, a mix,
// an execution, ∂4's execution mode while training, why training
// stopped, a machine or a model of a command line): one table of names
// per type gives its String, its parsing with an error that lists the
// names (OrList), its text encoding and its flag (Var), so that a flag, a
// JSON file and a message spell a value alike and a bad one is refused
// the same way everywhere.
package enum

import (
	"flag"
	"fmt"
	"strings"
)

// Names are the names of an enumeration's values 0, 1, 2, … in order;
// What names the enumeration in messages ("split").
type Names[T ~int] struct {
	What  string
	Names []string
}

// String is v's name, or Type(v) for a value without one, as Go's
// stringer writes it ("Split(7)").
func (n Names[T]) String(v T) string {
	if v >= 0 && int(v) < len(n.Names) {
		return n.Names[v]
	}
	typ := fmt.Sprintf("%T", v)
	return fmt.Sprintf("%s(%d)", typ[strings.LastIndex(typ, ".")+1:], int(v))
}

// Parse reads a value's name; an unknown name is an error that lists the
// names: `unknown split "foo" (want train, dev or test)`.
func (n Names[T]) Parse(s string) (T, error) {
	for i, name := range n.Names {
		if name == s {
			return T(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q (want %s)", n.What, s, n.List())
}

// List is the names as a message gives them: "train, dev or test".
func (n Names[T]) List() string { return OrList(n.Names) }

// OrList joins words as a message lists alternatives: "a", "a or b",
// "a, b or c".
func OrList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// Unmarshal sets *p to the value named b (an UnmarshalText); *p is left
// as it was when b names none.
func (n Names[T]) Unmarshal(p *T, b []byte) error {
	v, err := n.Parse(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// Var defines a flag of the enumeration on fs: its name, where its value
// is stored, its default value and its usage. A value is given by name
// and an unknown name is refused as Parse refuses it, for a type without
// the text encoding that flag.TextVar needs.
func (n Names[T]) Var(fs *flag.FlagSet, p *T, name string, value T, usage string) {
	*p = value
	fs.Var(flagValue[T]{p, n}, name, usage)
}

// flagValue is the flag.Value of Var.
type flagValue[T ~int] struct {
	p *T
	n Names[T]
}

// String returns the name of the flag's value ("" for the zero flagValue
// that flag.PrintDefaults makes).
func (f flagValue[T]) String() string {
	if f.p == nil {
		return ""
	}
	return f.n.String(*f.p)
}

// Set stores the value named s.
func (f flagValue[T]) Set(s string) error { return f.n.Unmarshal(f.p, []byte(s)) }

// Get returns the flag's value.
func (f flagValue[T]) Get() any { return *f.p }

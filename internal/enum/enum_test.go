package enum

import (
	"encoding/json"
	"flag"
	"io"
	"strings"
	"testing"
)

type color int

var colors = Names[color]{"color", []string{"red", "green", "blue"}}

func (c color) String() string                { return colors.String(c) }
func (c color) MarshalText() ([]byte, error)  { return []byte(c.String()), nil }
func (c *color) UnmarshalText(b []byte) error { return colors.Unmarshal(c, b) }

func TestNames(t *testing.T) {
	for _, c := range []struct {
		v    color
		name string
	}{{0, "red"}, {1, "green"}, {2, "blue"}, {3, "color(3)"}, {-1, "color(-1)"}} {
		if got := c.v.String(); got != c.name {
			t.Errorf("String(%d) = %q, want %q", int(c.v), got, c.name)
		}
	}
	for i, name := range colors.Names {
		if v, err := colors.Parse(name); err != nil || v != color(i) {
			t.Errorf("Parse(%q) = %d, %v; want %d", name, v, err, i)
		}
	}
	if _, err := colors.Parse("mauve"); err == nil || err.Error() != `unknown color "mauve" (want red, green or blue)` {
		t.Errorf("Parse(mauve): %v", err)
	}
	for words, want := range map[string]string{"": "", "a": "a", "a b": "a or b", "a b c": "a, b or c"} {
		if got := OrList(strings.Fields(words)); got != want {
			t.Errorf("OrList(%q) = %q, want %q", words, got, want)
		}
	}
}

// A flag of the enumeration (Var) takes a name, refuses an unknown one
// with Parse's error and keeps its value, and shows its default by name.
func TestVar(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want color
		err  string
	}{
		{nil, 2, ""},
		{[]string{"--color", "green"}, 1, ""},
		{[]string{"--color", "mauve"}, 2, `unknown color "mauve" (want red, green or blue)`},
	} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var c color
		colors.Var(fs, &c, "color", 2, "the color")
		err := fs.Parse(tc.args)
		if c != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: %v, %v; want %v, %q", tc.args, c, err, tc.want, tc.err)
		}
	}
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var c color
	colors.Var(fs, &c, "color", 2, "the color")
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	if !strings.Contains(b.String(), `(default blue)`) {
		t.Errorf("PrintDefaults: %q, want the default by name", b.String())
	}
}

func TestText(t *testing.T) {
	var v struct{ C color }
	if err := json.Unmarshal([]byte(`{"C":"blue"}`), &v); err != nil || v.C != 2 {
		t.Fatalf("read blue: %v, %v", v.C, err)
	}
	if err := json.Unmarshal([]byte(`{"C":"mauve"}`), &v); err == nil || v.C != 2 {
		t.Errorf("read mauve: %v, %v (want an error and blue kept)", v.C, err)
	}
	b, err := json.Marshal(v)
	if err != nil || string(b) != `{"C":"blue"}` {
		t.Errorf("write: %s, %v", b, err)
	}
}

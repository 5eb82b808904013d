package enum

import (
	"encoding/json"
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
	if got := (Names[color]{"x", []string{"a", "b"}}).List(); got != "a or b" {
		t.Errorf("List of two = %q", got)
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

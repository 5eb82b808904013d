package synth

import (
	"math/rand"
	"strings"
	"testing"
)

// TestAsideColumns checks the decoders of data/asides.tsv's own columns:
// a chance and an aside's range, good and bad.
func TestAsideColumns(t *testing.T) {
	dec := func(r *row) [2]any { return [2]any{r.chance("chance"), r.asideRange("numbers")} }
	for _, c := range []struct {
		chance, numbers string
		want            asideRange
		err             string
	}{
		{"0.3", "7-15", asideRange{lo: 7, hi: 15}, ""},
		{"", "2-story", asideRange{lo: 2, story: true}, ""},
		{"1", "price", asideRange{price: true}, ""},
		{"1.5", "7-15", asideRange{}, `column chance: "1.5", want a probability`},
		{"often", "7-15", asideRange{}, `column chance: "often", want a probability`},
		{"0.3", "15-7", asideRange{}, `column numbers: "15-7", want "lo-hi"`},
		{"0.3", "story", asideRange{}, `column numbers: "story", want "lo-hi"`},
	} {
		got, err := decode("probe.tsv", "chance\tnumbers\n"+c.chance+"\t"+c.numbers+"\n", dec)
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q, %q: error %v, want one containing %q", c.chance, c.numbers, err, c.err)
			}
		case err != nil:
			t.Errorf("%q, %q: %v", c.chance, c.numbers, err)
		case got[0][1] != c.want:
			t.Errorf("%q, %q: range %+v, want %+v", c.chance, c.numbers, got[0][1], c.want)
		}
	}
}

// TestAsideKindsSuit checks that every kind of aside of data/asides.tsv
// suits some of the general frames' stories and that each of its rows is
// told: each kind, tried alone on 400 stories, adds an aside to at least
// one, and the wordings seen cover every row's object.
func TestAsideKindsSuit(t *testing.T) {
	for i, kind := range asideOrder {
		seen := map[string]bool{}
		for seed := int64(0); seed < 400; seed++ {
			fs := generalFramesOf(generalFamilies[seed%int64(len(generalFamilies))].shape)
			if len(fs) == 0 {
				continue
			}
			g := &gen{rng: rand.New(rand.NewSource(seed)), place: anywhere}
			st, ok := fs[seed%int64(len(fs))].build(g)
			if !ok {
				continue
			}
			n := len(st.facts)
			if asideKinds[i](g, st) {
				f := st.facts[n]
				seen[f.cl.obj.full] = true
			}
		}
		for _, w := range asideWording[kind] {
			if w.object == "" {
				if len(seen) == 0 {
					t.Errorf("aside kind %s: added to none of 400 stories", kind)
				}
				continue
			}
			found := false
			for obj := range seen {
				found = found || matches(w.object, obj)
			}
			if !found {
				t.Errorf("aside kind %s: no aside told as %q in 400 stories", kind, w.object)
			}
		}
	}
}

// matches reports whether s is the template tmpl filled in: its text
// outside the braces in order.
func matches(tmpl, s string) bool {
	for _, part := range strings.FieldsFunc(tmpl, func(r rune) bool { return r == '{' || r == '}' }) {
		if part == "n" || part == "count" || part == "sg" || part == "pl" {
			continue
		}
		i := strings.Index(s, part)
		if i < 0 {
			return false
		}
		s = s[i+len(part):]
	}
	return true
}

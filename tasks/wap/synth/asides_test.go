package synth

import (
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

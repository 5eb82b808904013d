package wordnet

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// A data file's synsets are read with their words, their hypernyms of the
// same part of speech and their gloss; the license is skipped; a line that
// is not a synset is an error naming the file and the line.
func TestEachSynset(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text string
		want       []Synset
		err        string
	}{
		{"synsets", "  1 license\n  2 text\n" +
			"00000001 13 n 01 fruit 0 000 | the ripened body\n" +
			"00000002 13 n 02 Crab_Apple 0 apple 0 002 @ 00000001 n 0000 ;c 00000009 v 0000 | with red skin; \"an apple a day\"\n",
			[]Synset{
				{Offset: "00000001", Lexfile: 13, Words: []string{"fruit"}, Gloss: "the ripened body"},
				{Offset: "00000002", Lexfile: 13, Words: []string{"crab_apple", "apple"}, Hypernyms: []string{"00000001"}, Gloss: "with red skin; \"an apple a day\""},
			}, ""},
		{"hypernym of another part of speech", "00000003 40 v 01 sell 0 001 @ 00000001 n 0000 | exchange\n",
			[]Synset{{Offset: "00000003", Lexfile: 40, Words: []string{"sell"}, Gloss: "exchange"}}, ""},
		{"no pointer count", "00000003 40 v 01 sell 0 x | gloss\n", nil, "line 1: no pointer count: not a WordNet data file"},
		{"pointers missing", "  license\n00000003 40 v 01 sell 0 002 @ 00000001 v 0000 | gloss\n", nil, "line 2: no pointer count: not a WordNet data file"},
		{"no words", "00000003 40 v 00 001 | gloss\n", nil, "line 1: no word count: not a WordNet data file"},
		{"short", "00000003 40 v\n", nil, "line 1: fewer than 4 fields: not a WordNet data file"},
	} {
		path := filepath.Join(dir, "data."+strings.ReplaceAll(tc.name, " ", "_"))
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []Synset
		err := EachSynset(path, func(s Synset) error { got = append(got, s); return nil })
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), path+" "+tc.err) {
				t.Errorf("%s: %v, want an error %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %+v, %v; want %+v", tc.name, got, err, tc.want)
		}
	}
}

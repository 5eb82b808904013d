package reader

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
)

// svampTexts returns the stories and questions of SVAMP.json from
// shared/data/svamp in the nearest directory above the test's (skipping
// the test when there is none).
func svampTexts(t *testing.T) []string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for ; ; dir = filepath.Dir(dir) {
		b, err := os.ReadFile(filepath.Join(dir, "shared", "data", "svamp", "SVAMP.json"))
		if err == nil {
			var rows []struct{ Body, Question string }
			if err := json.Unmarshal(b, &rows); err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, r := range rows {
				out = append(out, r.Body+" "+r.Question)
			}
			return out
		}
		if filepath.Dir(dir) == dir {
			testskip.Skip(t, "no shared/data/svamp above the test's directory")
		}
	}
}

// Encode runs the library's steps one by one with the words' pieces kept;
// the library's own EncodeSingle gives the same ids, pieces and words, on
// SVAMP's 1000 problems (read with a vocabulary learned from half of
// them, so that unknown words and pieces occur) and on texts of odd white
// space, unknown characters and overlong words, each encoded twice (the
// second time from the kept pieces).
func TestEncodeIsLibrarys(t *testing.T) {
	texts := append(svampTexts(t),
		"", " ", "a  b\tc\u00a0d\u2003e\n", "Ünïcödé wörds ✓ and emoji 🙂 here", "xyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
		"He had 3 1/2 cups, $5.50 and 2.5km of rope (it's 8-inch).", "“Quoted” words, Mr. Smith's and the U.S. too?")
	var train []Question
	for _, s := range texts[:len(texts)/2] {
		if q, err := ParseQuestion(s); err == nil {
			train = append(train, q)
		}
	}
	v := LearnVocab(train, 500)
	tk, err := v.tokenizer()
	if err != nil {
		t.Fatal(err)
	}
	for _, pass := range []string{"first", "again"} {
		for i, s := range texts {
			enc, err := tk.EncodeSingle(s, false)
			if err != nil {
				t.Fatalf("text %d: the library: %v", i, err)
			}
			ids, pieces, words, err := v.encodeText(tk, s)
			if err != nil {
				t.Fatalf("text %d: %v", i, err)
			}
			// What the reader kept of the library's encoding: copies, never nil.
			enc.Ids, enc.Tokens, enc.Words = append([]int{}, enc.Ids...), append([]string{}, enc.Tokens...), append([]int{}, enc.Words...)
			if !reflect.DeepEqual(ids, enc.Ids) || !reflect.DeepEqual(pieces, enc.Tokens) || !reflect.DeepEqual(words, enc.Words) {
				t.Fatalf("%s pass, text %d %q:\n got %v %q %v\nwant %v %q %v", pass, i, s, ids, pieces, words, enc.Ids, enc.Tokens, enc.Words)
			}
		}
	}
}

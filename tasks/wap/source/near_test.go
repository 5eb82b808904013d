package source_test

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/source/svamp"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

func TestMasked(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"He paid $12.50 for 3 pens.", "he paid N for N pens"},
		{"Tom had 1,000 cards; he gave 7/3 of them away.", "tom had N cards he gave N of them away"},
		{"Tom had number0 cards . He lost number12 .", "tom had N cards he lost N"},
		{"The 3rd day, an mp3 of 2.5km, .5 and B12 at 10:30", "the N rd day an mp3 of N km 5 and b12 at N N"},
		{"Zoë's -3 o'clock", "zo s N o clock"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(source.Masked(tt.text), " "); got != tt.want {
			t.Errorf("Masked(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// Similarity is difflib's SequenceMatcher ratio (autojunk=False), values
// from Python 3: not the longest common subsequence, and not symmetric.
func TestSimilarity(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"the cat sat on the mat", "the dog sat on a mat", 0.6666666666666666},
		{"a b c a b", "b a c b a", 0.6},
		{"c a c", "a b c", 0.3333333333333333}, // the LCS "a c" would give 2/3
		{"a b c", "c a c", 0.6666666666666666},
		{"a a a b", "a b a a", 0.5},
		{"a b a b a", "b a b", 0.75},
		{"x y z", "", 0},
		{"", "", 1},
		{"same words", "same words", 1},
	}
	for _, tt := range tests {
		if got := source.Similarity(strings.Fields(tt.a), strings.Fields(tt.b)); got != tt.want {
			t.Errorf("Similarity(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// testdata/difflib_matches.txt holds 400 random pairs of strings over
// a…e and the size of their matching blocks by Python's difflib
// (sum(m.size for m in SequenceMatcher(None, a, b,
// autojunk=False).get_matching_blocks()); "-" is the empty string), each
// character a token.
func TestSimilarityAsDifflib(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "difflib_matches.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	chars := func(s string) []string {
		if s == "-" {
			return nil
		}
		return strings.Split(s, "")
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		m, err := strconv.Atoi(fs[2])
		if err != nil {
			t.Fatal(err)
		}
		a, b := chars(fs[0]), chars(fs[1])
		want := 1.0
		if len(a)+len(b) > 0 {
			want = 2 * float64(m) / float64(len(a)+len(b))
		}
		if got := source.Similarity(a, b); got != want {
			t.Errorf("Similarity(%s, %s) = %v, difflib %v", fs[0], fs[1], got, want)
		}
		n++
	}
	if n != 400 {
		t.Errorf("%d cases, want 400", n)
	}
}

func TestHeldNearest(t *testing.T) {
	held := []source.Problem{
		{ID: 1, Text: "Ann had 5 apples. She gave 2 to Bob. How many apples does Ann have now?"},
		{ID: 2, Text: "A baker made 40 cakes and sold 12 of them. How many cakes are left?"},
		{ID: 3, Text: "Ann had 6 apples. She gave 1 to Bob. How many apples does Ann have now?"},
	}
	h := source.NewHeld(held)
	tests := []struct {
		text string
		id   int // 0: none near
		sim  float64
	}{
		{"Ann had 9 apples. She gave 4 to Bob. How many apples does Ann have now?", 1, 1}, // the first of two equals
		{"Ann had 9 pears. She gave 4 to Bob. How many pears does Ann have now?", 1, 0.875},
		{"A baker made 40 pies and sold 12 of them. How many pies are left today?", 2, 0.8387096774193549},
		{"A florist had 50 roses and sold 15. How many roses would she have?", 0, 0},
		{"", 0, 0},
	}
	for _, tt := range tests {
		p := source.Problem{Text: tt.text}
		i, sim := h.Nearest(p)
		if tt.id == 0 {
			if i >= 0 || sim != 0 {
				t.Errorf("Nearest(%q) = %d (%v), want none", tt.text, i, sim)
			}
			continue
		}
		if i < 0 || held[i].ID != tt.id || sim != tt.sim {
			t.Errorf("Nearest(%q) = %d, %v; want problem %d, %v", tt.text, i, sim, tt.id, tt.sim)
			continue
		}
		if s := source.Near(p, held[i]); s != sim {
			t.Errorf("Near = %v, Nearest says %v", s, sim)
		}
	}
}

// REPORT's counts (issue 30): of all MAWPS (a fold's train.csv and
// dev.csv) 592 rows are near a CC dev or test problem, of all ASDiv-A 86.
func TestNearCCShared(t *testing.T) {
	ccDir, svampDir := waptest.SharedData(t, "cc"), waptest.SharedData(t, "svamp")
	ds, err := cc.Load(ccDir)
	if err != nil {
		t.Fatal(err)
	}
	h := source.NewHeld(append(append([]source.Problem{}, ds[data.Dev]...), ds[data.Test]...))
	for _, tt := range []struct {
		fold string
		rows int
		near int
	}{{"cv_mawps/fold0", 1921, 592}, {"cv_asdiv-a/fold0", 1217, 86}} {
		fold, err := svamp.Fold{Dir: filepath.Join(svampDir, tt.fold)}.Read()
		if err != nil {
			t.Fatal(err)
		}
		all := append(append(fold[data.Train], fold[data.Dev]...), fold[data.Test]...)
		start := time.Now()
		near := 0
		for _, p := range all {
			if i, _ := h.Nearest(p); i >= 0 {
				near++
			}
		}
		t.Logf("%s: %d of %d rows near CC dev/test, in %v", tt.fold, near, len(all), time.Since(start))
		if len(all) != tt.rows || near != tt.near {
			t.Errorf("%s: %d of %d rows near CC's dev and test problems, want %d of %d", tt.fold, near, len(all), tt.near, tt.rows)
		}
	}
}

func TestMaskedKeepsWords(t *testing.T) {
	if got := source.Masked("A B-C"); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("Masked = %q", got)
	}
}

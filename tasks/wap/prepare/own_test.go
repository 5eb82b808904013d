package prepare

import (
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/tasks/wap/source/svamp"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

func TestCountOf(t *testing.T) {
	tests := []struct {
		s, num, word string
		ok           bool
	}{
		{"A pet shop has 34 goldfish.", "34", "goldfish", true},
		{"Mary has 1,200 stamps in her album.", "1,200", "stamps", true},
		{"The tank holds 2.5 liters.", "2.5", "liters", true},
		{"Tom paid $34 for it.", "", "", false},                   // money: no digit after a blank
		{"He has 34 red apples.", "", "", false},                  // an adjective first: what it counts is not next
		{"She has 3 of them.", "", "", false},                     // glue
		{"He has 3 cats and 4 dogs.", "", "", false},              // two counts
		{"The farm has twelve cows.", "", "", false},              // in words
		{"34 goldfish swim in the tank.", "34", "goldfish", true}, // at the start
	}
	for _, tt := range tests {
		num, word, at, ok := countOf(tt.s)
		if ok != tt.ok || num != tt.num || word != tt.word {
			t.Errorf("countOf(%q) = %q, %q, %v; want %q, %q, %v", tt.s, num, word, ok, tt.num, tt.word, tt.ok)
		}
		if ok && tt.s[at[0]:at[1]] != num+" "+word {
			t.Errorf("countOf(%q) spans %q, want %q", tt.s, tt.s[at[0]:at[1]], num+" "+word)
		}
	}
}

// With AugmentOwn, a copy of a story with a sentence counting what its
// question asks about gets that sentence told of another training
// problem's count; the copy keeps its answer and holds one unused
// number, and a story without such a sentence gets another's sentence.
func TestAugmentOwn(t *testing.T) {
	ds := augmentData()
	out := t.TempDir()
	sum, err := Prepare(Config{Source: ds, Out: out, Augment: 1, AugmentOwn: true, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	a := sum.Augment
	if a == nil || !a.Own || a.OwnAdded == 0 || a.OwnAdded > a.Added {
		t.Fatalf("augment summary %+v: want copies, some of their own kind", a)
	}
	p, err := LoadPrepared(out)
	if err != nil {
		t.Fatal(err)
	}
	own := 0
	for _, r := range p.Train[len(ds[data.Train]):] {
		orig, s, ok := inserted(r.Text, ds[data.Train])
		if !ok {
			t.Errorf("row %d %q is no training problem with one sentence inserted", r.ID, r.Text)
			continue
		}
		if r.Equation != orig.Equation || len(unusedValues(t, r)) != 1 {
			t.Errorf("row %d %q: equation %s (its problem's %s), want it kept with one unused number", r.ID, r.Text, r.Equation, orig.Equation)
		}
		if retold(s, orig.Text) {
			own++
			_, word, _, _ := countOf(s)
			if strings.Contains(strings.ToLower(orig.Text), strings.ToLower(word)) {
				t.Errorf("row %d: the retold sentence %q counts %q, which its story names", r.ID, s, word)
			}
		} else if !fromTraining(s, ds[data.Train], orig.ID) {
			t.Errorf("row %d: inserted %q is neither its own sentence retold nor another's", r.ID, s)
		}
	}
	if own != a.OwnAdded {
		t.Errorf("%d rows hold a retold sentence, the summary says %d", own, a.OwnAdded)
	}
}

// retold reports whether s is one of text's sentences with its count
// replaced (the same words before and after "NUMBER WORD").
func retold(s, text string) bool {
	_, _, at, ok := countOf(s)
	if !ok {
		return false
	}
	for _, t := range sentences(text) {
		if _, _, bt, ok := countOf(t); ok && s[:at[0]] == t[:bt[0]] && s[at[1]:] == t[bt[1]:] && s != t {
			return true
		}
	}
	return false
}

// On MAWPS's first fold, a fair share of the copies are of their own
// kind, and each keeps its answer with one more, unused, number.
func TestAugmentOwnMAWPS(t *testing.T) {
	dir := waptest.SharedData(t, "svamp/cv_mawps/fold0")
	sum, err := Prepare(Config{Source: svamp.Fold{Dir: dir}, Dir: dir, Out: t.TempDir(), Augment: 1, AugmentOwn: true, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	a := sum.Augment
	if a.OwnAdded < a.Added/5 {
		t.Errorf("%d of %d copies of their own kind, want a fifth at least", a.OwnAdded, a.Added)
	}
	t.Logf("%d copies, %d of their own kind", a.Added, a.OwnAdded)
}

// Own kinds without copies are refused.
func TestAugmentOwnWithoutCopies(t *testing.T) {
	_, err := Prepare(Config{Source: augmentData(), Out: t.TempDir(), AugmentOwn: true})
	if err == nil || !strings.Contains(err.Error(), "0 copies") {
		t.Fatalf("err %v, want the own kind refused without copies", err)
	}
}

// Data prepared with copies of another kind is not replaced without a
// word, and the refusal says which kind each run makes.
func TestAugmentOwnIsPartOfTheRecipe(t *testing.T) {
	out := t.TempDir()
	cfg := Config{Source: augmentData(), Out: out, Augment: 1, Seed: 3}
	if _, err := Prepare(cfg); err != nil {
		t.Fatal(err)
	}
	if err := CheckReplace(out, cfg, [3]int{}); err != nil {
		t.Fatalf("the same preparation again: %v", err)
	}
	cfg.AugmentOwn = true
	err := CheckReplace(out, cfg, [3]int{})
	if err == nil || !strings.Contains(err.Error(), "augmented 1, seed 3); this run would replace it with mem, augmented 1, copies of their own kind") {
		t.Fatalf("err %v, want the two recipes told apart by the copies' kind", err)
	}
}

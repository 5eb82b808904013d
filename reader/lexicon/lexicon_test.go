package lexicon

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
)

// classNames returns the names of a word's classes.
func classNames(l *Lexicon, word, next string) []string {
	var out []string
	for _, c := range l.Classes(word, next) {
		out = append(out, l.Names[c])
	}
	return out
}

// Words get the classes WordNet's senses give them, through irregular
// forms, endings and pairs with a particle.
func TestDefault(t *testing.T) {
	l := Default()
	if l.Size() < 30 || len(l.Hash) != 64 {
		t.Fatalf("%d classes, hash %q", l.Size(), l.Hash)
	}
	for _, c := range []struct {
		word, next string
		want       []string // classes the word must have
		not        []string // classes it must not have
	}{
		{"snuck", "", []string{"steal", "take"}, []string{"get"}},                    // verb.exc: sneak
		{"donated", "", []string{"give", "verb.possession"}, nil},                    // -ed → donate
		{"gave", "", []string{"give"}, nil},                                          // verb.exc: give
		{"bought", "", []string{"buy", "get"}, nil},                                  // buy < get
		{"ate", "", []string{"eat", "consume", "verb.consumption"}, []string{"get"}}, // eat
		{"lost", "", []string{"lose"}, []string{"get"}},                              // lose
		{"used", "up", []string{"consume", "use", "spend"}, nil},                     // use_up
		{"picks", "", []string{"gather"}, nil},                                       // -s → pick
		{"carries", "", []string{"verb.contact"}, nil},                               // -ies → carry
		{"baking", "", []string{"make"}, nil},                                        // -ing → bake (-e restored)
		{"apple", "", nil, []string{"get", "give", "lose"}},                          // no verb
	} {
		got := classNames(l, c.word, c.next)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s %s: classes %v, want %q among them", c.word, c.next, got, w)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("%s %s: classes %v, want no %q", c.word, c.next, got, w)
			}
		}
	}
	if got := l.Classes("apple", ""); len(got) != 0 {
		t.Errorf("apple: classes %v, want none", got)
	}
}

// A word's pieces share its classes; a particle that forms a pair with the
// word before takes the pair's classes.
func TestPieces(t *testing.T) {
	l := Default()
	pieces := []string{"she", "don", "##ated", "12", "and", "used", "up", "3", "."}
	got := l.Pieces(pieces, "##")
	if len(got) != len(pieces) {
		t.Fatalf("%d class lists for %d pieces", len(got), len(pieces))
	}
	donate := l.Classes("donated", "")
	if !slices.Equal(got[1], donate) || !slices.Equal(got[2], donate) || len(donate) == 0 {
		t.Errorf("don ##ated: %v and %v, want the classes of donated, %v", got[1], got[2], donate)
	}
	useUp := l.Classes("used", "up")
	if !slices.Equal(got[5], useUp) || !slices.Equal(got[6], useUp) {
		t.Errorf("used up: %v and %v, want the pair's %v", got[5], got[6], useUp)
	}
	if len(got[3]) != 0 || len(got[8]) != 0 {
		t.Errorf("a number or a full stop has classes: %v, %v", got[3], got[8])
	}
	if got := l.Pieces([]string{"##ated"}, "##"); len(got[0]) != 0 {
		t.Errorf("a lone continuation piece ##ated has classes %v", got[0])
	}
}

// No word has more than MaxClasses classes, however many lemmas it has.
func TestMaxClasses(t *testing.T) {
	l := Default()
	most := 0
	for _, words := range []map[string][]int{l.lemmas} {
		for w := range words {
			for _, form := range []string{w, w + "s", w + "ed", w + "ing"} {
				most = max(most, len(l.Classes(form, "")))
			}
		}
	}
	for w := range l.forms {
		most = max(most, len(l.Classes(w, "")))
	}
	if most > MaxClasses || most < 4 {
		t.Fatalf("a word has %d classes, want at most %d (and some several)", most, MaxClasses)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", "no classes"},
		{"class\t1\tx\t\n", "class 1, want 0"},
		{"class\t0\tx\t\nlemma\tgo\t1\n", `class "1" is not one of the 1 classes`},
		{"class\t0\tx\t\nform\twent\tgo\n", "lemma go has no classes"},
		{"class\t0\tx\t\nword\twent\tgo\n", `line of kind "word"`},
		{"class\t0\n", "2 fields"},
	} {
		_, err := Parse(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q): %v, want an error with %q", c.text, err, c.want)
		}
	}
}

// The embedded table is what the generator writes from WordNet's files,
// where Debian's wordnet-base has installed them.
func TestTableIsGenerated(t *testing.T) {
	const dir = "/usr/share/wordnet"
	if _, err := os.Stat(filepath.Join(dir, "data.verb")); err != nil {
		testskip.Skip(t, "WordNet's files are not installed (apt-get install wordnet-base)")
	}
	out := filepath.Join(t.TempDir(), "wordnet.tsv")
	cmd := exec.Command("go", "run", "./internal/wordnet", "-dir", dir, "-out", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./internal/wordnet: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != table {
		t.Fatal("wordnet.tsv differs from what the generator writes: run go generate ./reader/lexicon")
	}
}

// Package lexicon gives English words classes of meaning from WordNet 3.0,
// so that the reader knows something of a word it was never trained on:
// that "donated", "snuck" or "used up" change what someone has much as
// "gave", "stole" or "ate" do.
//
// A class is named by a verb of getting, giving, losing, consuming,
// destroying, dividing, making or moving things (get, buy, give, hand,
// sell, lose, eat, use, remove, throw, break, steal, share, make, …; the
// list is in internal/wordnet), or is one of WordNet's 15 lexicographer
// files of verbs (verb.possession, verb.consumption, …). A verb lemma has
// the class of a naming verb when that verb is one of the words of its
// three most frequent senses or of a synset above them (donate < give:
// "donate" has give; hand's first sense holds "give", "pass" and "hand"),
// and the lexicographer file of its most frequent sense. A word form has
// the classes of its lemmas, found as WordNet's morphy finds verbs: the
// irregular forms of verb.exc, the form itself, and the form without the
// endings -s, -ies, -es, -ed, -ing (restored to -y or -e where WordNet has
// such a lemma). A word followed by a particle that WordNet lists with it
// ("used up", "gave away") takes the classes of the pair.
//
// The table is wordnet.tsv, written from WordNet's files by `go generate`
// (WordNet is Princeton University's, under the license in
// LICENSE-WORDNET; Debian's wordnet-base installs the files the generator
// reads). No Go module reads WordNet, and the table is small enough
// (250 KB) to embed, so that answering needs no download.
package lexicon

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

//go:generate go run ./internal/wordnet -dir /usr/share/wordnet -out wordnet.tsv

//go:embed wordnet.tsv
var table string

// Lexicon is a table of classes: the classes' names, each lemma's classes
// and each irregular form's lemmas.
type Lexicon struct {
	Names  []string // the classes' names, by index
	Hash   string   // SHA-256 of the table, naming it in a model's configuration
	lemmas map[string][]int
	forms  map[string][]string
}

// Default returns the embedded WordNet lexicon. The table is part of the
// program: one it cannot read is a broken build (TestDefault), and panics.
var Default = sync.OnceValue(func() *Lexicon {
	l, err := Parse(table)
	if err != nil {
		panic(fmt.Sprintf("the embedded wordnet.tsv: %v", err))
	}
	return l
})

// Parse reads a table in the form of wordnet.tsv: lines "class\tI\tNAME\t…"
// (I = 0, 1, … in order), "lemma\tLEMMA\tI,J,…" and "form\tFORM\tLEMMA,…";
// lines that start with # are comments.
func Parse(text string) (*Lexicon, error) {
	sum := sha256.Sum256([]byte(text))
	l := &Lexicon{Hash: hex.EncodeToString(sum[:]), lemmas: map[string][]int{}, forms: map[string][]string{}}
	for n, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if err := l.add(f); err != nil {
			return nil, fmt.Errorf("lexicon: line %d: %w", n+1, err)
		}
	}
	if len(l.Names) == 0 {
		return nil, fmt.Errorf("lexicon: no classes")
	}
	return l, nil
}

// add reads one line's fields.
func (l *Lexicon) add(f []string) error {
	if len(f) < 3 {
		return fmt.Errorf("%d fields, want at least 3", len(f))
	}
	switch f[0] {
	case "class":
		if f[1] != strconv.Itoa(len(l.Names)) {
			return fmt.Errorf("class %s, want %d", f[1], len(l.Names))
		}
		l.Names = append(l.Names, f[2])
	case "lemma":
		for _, s := range strings.Split(f[2], ",") {
			c, err := strconv.Atoi(s)
			if err != nil || c < 0 || c >= len(l.Names) {
				return fmt.Errorf("lemma %s: class %q is not one of the %d classes", f[1], s, len(l.Names))
			}
			l.lemmas[f[1]] = append(l.lemmas[f[1]], c)
		}
	case "form":
		for _, lemma := range strings.Split(f[2], ",") {
			if _, ok := l.lemmas[lemma]; !ok {
				return fmt.Errorf("form %s: lemma %s has no classes", f[1], lemma)
			}
			l.forms[f[1]] = append(l.forms[f[1]], lemma)
		}
	default:
		return fmt.Errorf("line of kind %q, want class, lemma or form", f[0])
	}
	return nil
}

// MaxClasses is the most classes Classes gives a word: the first ones, so
// that the naming verbs come before the lexicographer files.
const MaxClasses = 12

// Size is the number of classes.
func (l *Lexicon) Size() int { return len(l.Names) }

// endings are morphy's rules for verbs: an ending and what replaces it.
var endings = [][2]string{{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}}

// Lemmas returns the lemmas of a lower-case word form that have classes.
func (l *Lexicon) Lemmas(word string) []string {
	out := slices.Clone(l.forms[word])
	if _, ok := l.lemmas[word]; ok {
		out = append(out, word)
	}
	for _, e := range endings {
		if base, ok := strings.CutSuffix(word, e[0]); ok && base != "" {
			if _, ok := l.lemmas[base+e[1]]; ok {
				out = append(out, base+e[1])
			}
		}
	}
	return dedupe(out)
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// Classes returns the classes of a lower-case word form, in increasing
// order; next, when not empty, is the word that follows it: a pair that
// WordNet lists ("used" "up": use_up) gives the pair's classes.
func (l *Lexicon) Classes(word, next string) []int {
	cs, _ := l.classes(word, next)
	return cs
}

// classes is Classes, and whether the classes are those of the pair of
// word and next.
func (l *Lexicon) classes(word, next string) ([]int, bool) {
	lemmas := l.Lemmas(word)
	if next != "" {
		for _, lemma := range lemmas {
			if cs, ok := l.lemmas[lemma+"_"+next]; ok {
				return slices.Clone(cs[:min(len(cs), MaxClasses)]), true
			}
		}
	}
	var out []int
	for _, lemma := range lemmas {
		out = append(out, l.lemmas[lemma]...)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	return out[:min(len(out), MaxClasses)], false
}

// Pieces gives each piece of a WordPiece encoding (a word's first piece,
// then its pieces marked with the prefix cont) the classes of the word it
// belongs to. A particle that forms a pair with the word before it takes
// the pair's classes too.
func (l *Lexicon) Pieces(pieces []string, cont string) [][]int {
	type word struct {
		text       string
		start, end int
	}
	var words []word
	for i, p := range pieces {
		if rest, ok := strings.CutPrefix(p, cont); ok && len(words) > 0 {
			words[len(words)-1].text += rest
			words[len(words)-1].end = i + 1
			continue
		}
		words = append(words, word{p, i, i + 1})
	}
	out := make([][]int, len(pieces))
	for i := 0; i < len(words); i++ {
		w, next := words[i], ""
		if i+1 < len(words) {
			next = words[i+1].text
		}
		cs, pair := l.classes(w.text, next)
		end := w.end
		if pair {
			end = words[i+1].end
			i++
		}
		for p := w.start; p < end; p++ {
			out[p] = cs
		}
	}
	return out
}

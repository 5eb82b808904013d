// Command wordnet writes the lexicon of package lexicon (wordnet.tsv) from
// the WordNet 3.0 database files (Debian's wordnet-base installs them in
// /usr/share/wordnet): go generate in reader/lexicon runs it.
//
// It reads index.verb (each lemma's senses, most frequent first),
// data.verb (each synset's lexicographer file and hypernyms) and verb.exc
// (irregular forms), and gives every verb lemma the classes of its first
// senses (see package lexicon). Package reader/internal/wordnet reads the
// files.
package main

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/d4lang/d4/reader/internal/wordnet"
)

// senses is how many of a lemma's senses, most frequent first, give it
// classes.
const senses = 3

// lexnames are WordNet's lexicographer files of verbs, by number (29 …
// 43): a lemma's first sense gives it one.
var lexnames = []string{"body", "change", "cognition", "communication", "competition", "consumption",
	"contact", "creation", "emotion", "motion", "perception", "possession", "social", "stative", "weather"}

const firstVerbLexfile = 29

// anchorWords are the words that name classes: verbs of getting, giving,
// losing, consuming, destroying, dividing, making and moving things. A
// lemma has the class of an anchor word when the word is one of the words
// of its first senses or of a synset above them.
var anchorWords = strings.Fields(`get acquire receive buy find earn win gather collect pick give donate hand pass
	sell pay spend lose eat consume use remove take discard throw destroy break steal divide share split distribute
	make create produce grow increase decrease reduce put add keep leave return lend borrow trade exchange transfer
	bring send move`)

func main() {
	dir := flag.String("dir", "/usr/share/wordnet", "the WordNet 3.0 database directory")
	out := flag.String("out", "wordnet.tsv", "the lexicon to write")
	flag.Parse()
	if err := run(*dir, *out); err != nil {
		fmt.Fprintln(os.Stderr, "wordnet:", err)
		os.Exit(1)
	}
}

func run(dir, out string) error {
	syns, err := readData(filepath.Join(dir, "data.verb"))
	if err != nil {
		return err
	}
	index, order, err := readIndex(filepath.Join(dir, "index.verb"))
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("# Classes of meaning of English verbs, from WordNet 3.0 (Princeton University; see LICENSE-WORDNET).\n")
	b.WriteString("# Written by `go generate` in reader/lexicon: do not edit.\n")
	nAnchors := len(anchorWords)
	for i, w := range anchorWords {
		fmt.Fprintf(&b, "class\t%d\t%s\t\n", i, w)
	}
	wordClass := map[string]int{}
	for i, w := range anchorWords {
		wordClass[w] = i
	}
	for i, n := range lexnames {
		fmt.Fprintf(&b, "class\t%d\tverb.%s\t\n", nAnchors+i, n)
	}
	known := map[string]bool{}
	for _, lemma := range order {
		offs := index[lemma]
		classes := map[int]bool{}
		if s, ok := syns[offs[0]]; ok && s.Lexfile >= firstVerbLexfile && s.Lexfile < firstVerbLexfile+len(lexnames) {
			classes[nAnchors+s.Lexfile-firstVerbLexfile] = true
		}
		for _, off := range offs[:min(senses, len(offs))] {
			for _, a := range ancestors(off, syns) {
				for _, w := range syns[a].Words {
					if c, ok := wordClass[w]; ok {
						classes[c] = true
					}
				}
			}
		}
		if len(classes) == 0 {
			continue
		}
		list := make([]string, 0, len(classes))
		for _, c := range slices.Sorted(maps.Keys(classes)) {
			list = append(list, strconv.Itoa(c))
		}
		known[lemma] = true
		fmt.Fprintf(&b, "lemma\t%s\t%s\n", lemma, strings.Join(list, ","))
	}
	exc, err := os.ReadFile(filepath.Join(dir, "verb.exc"))
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(exc), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		var lemmas []string
		for _, l := range f[1:] {
			if known[l] {
				lemmas = append(lemmas, l)
			}
		}
		if len(lemmas) > 0 {
			fmt.Fprintf(&b, "form\t%s\t%s\n", f[0], strings.Join(lemmas, ","))
		}
	}
	return os.WriteFile(out, []byte(b.String()), 0o644)
}

// ancestors returns a synset and all synsets above it.
func ancestors(off string, syns map[string]wordnet.Synset) []string {
	seen := map[string]bool{}
	stack := []string{off}
	var out []string
	for len(stack) > 0 {
		o := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[o] {
			continue
		}
		seen[o] = true
		out = append(out, o)
		stack = append(stack, syns[o].Hypernyms...)
	}
	return out
}

// readData reads data.verb: per synset, its lexicographer file, its words
// and its hypernyms.
func readData(path string) (map[string]wordnet.Synset, error) {
	out := map[string]wordnet.Synset{}
	err := wordnet.EachSynset(path, func(s wordnet.Synset) error {
		out[s.Offset] = s
		return nil
	})
	return out, err
}

// readIndex reads index.verb: each lemma's synsets, most frequent sense
// first, and the lemmas in the file's order.
func readIndex(path string) (map[string][]string, []string, error) {
	out := map[string][]string{}
	var order []string
	err := wordnet.EachLine(path, func(line string) error {
		f := strings.Fields(line)
		if len(f) < 4 {
			return fmt.Errorf("%d fields", len(f))
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return err
		}
		p, err := strconv.Atoi(f[3])
		if err != nil {
			return err
		}
		offs := f[4+p+2:]
		if len(offs) != n || n == 0 {
			return fmt.Errorf("%d synsets, want %d", len(offs), n)
		}
		out[f[0]] = offs
		order = append(order, f[0])
		return nil
	})
	return out, order, err
}

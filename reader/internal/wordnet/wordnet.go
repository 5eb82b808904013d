// Package wordnet reads the database files of WordNet 3.0 (Debian's
// wordnet-base installs them in /usr/share/wordnet), which no Go module
// reads: the lines of a file without its license header (EachLine) and
// the synsets of a data file (EachSynset). The lexicon's generator
// (reader/lexicon/internal/wordnet) and the pretrained vectors (package
// vectors) read them with it.
package wordnet

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// EachLine calls fn on each line of a WordNet file but its license header
// (lines that start with two spaces) and blank lines; an error of fn is
// returned naming the file and the line.
func EachLine(path string, fn func(line string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "  ") || line == "" {
			continue
		}
		if err := fn(line); err != nil {
			return fmt.Errorf("%s line %d: %w", path, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Synset is a line of a data file (data.noun, data.verb, …).
type Synset struct {
	Offset  string // the synset's byte offset in the file, which names it
	Lexfile int    // the number of its lexicographer file (29: verb.body, …)
	// Words are its lemmas, lower-cased, as the file writes them: words
	// joined by underscores ("ice_cream"), an adjective's position in
	// parentheses ("beautiful(a)").
	Words []string
	// Hypernyms are the offsets of the synsets above it (pointers "@" to
	// its own part of speech).
	Hypernyms []string
	Gloss     string // its definition and examples
}

// EachSynset calls fn on each synset of the data file path; a line that is
// not a synset is an error naming the file and the line.
func EachSynset(path string, fn func(Synset) error) error {
	return EachLine(path, func(line string) error {
		s, err := parseSynset(line)
		if err != nil {
			return fmt.Errorf("%w: not a WordNet data file", err)
		}
		return fn(s)
	})
}

// parseSynset reads a data file's line: offset, lexicographer file, type,
// the count of words (hexadecimal) and the words each with its lex_id, the
// count of pointers and the pointers (symbol, offset, part of speech,
// source/target), then "| " and the gloss.
func parseSynset(line string) (Synset, error) {
	head, gloss, _ := strings.Cut(line, " | ")
	fs := strings.Fields(head)
	if len(fs) < 4 {
		return Synset{}, fmt.Errorf("fewer than 4 fields")
	}
	lex, err := strconv.Atoi(fs[1])
	if err != nil {
		return Synset{}, fmt.Errorf("no lexicographer file")
	}
	nw, err := strconv.ParseInt(fs[3], 16, 32)
	i := 4 + 2*int(nw)
	if err != nil || nw < 1 || i >= len(fs) {
		return Synset{}, fmt.Errorf("no word count")
	}
	np, err := strconv.Atoi(fs[i])
	if err != nil || np < 0 || i+1+4*np > len(fs) {
		return Synset{}, fmt.Errorf("no pointer count")
	}
	s := Synset{Offset: fs[0], Lexfile: lex, Gloss: gloss}
	for w := 0; w < int(nw); w++ {
		s.Words = append(s.Words, strings.ToLower(fs[4+2*w]))
	}
	for k := 0; k < np; k++ {
		if p := fs[i+1+4*k:]; p[0] == "@" && p[2] == fs[2][:1] {
			s.Hypernyms = append(s.Hypernyms, p[1])
		}
	}
	return s, nil
}

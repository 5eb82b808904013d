package vectors

import (
	"path/filepath"
	"strings"
	"unicode"

	"github.com/d4lang/d4/reader/internal/wordnet"
)

// Doc is one text that Pretrain learns from: Head, the words it is about
// (a WordNet synset's words and its hypernyms'), each of which has every
// word of the doc as its context, and Body, running text (the synset's
// gloss and examples), whose words have their neighbours as contexts.
type Doc struct {
	Head, Body []string
}

// wordnetFiles are the data files of WordNet's four parts of speech.
var wordnetFiles = []string{"data.noun", "data.verb", "data.adj", "data.adv"}

// ReadWordNet reads WordNet 3.0's data files in dir (Debian's
// wordnet-base installs them in /usr/share/wordnet): a Doc for each
// synset, whose Head is its words and those of its hypernyms and whose
// Body is its gloss and examples, lower-cased and split into words.
func ReadWordNet(dir string) ([]Doc, error) {
	var docs []Doc
	for _, name := range wordnetFiles {
		path := filepath.Join(dir, name)
		words := map[string][]string{} // synset offset → its words
		var hyper [][]string           // each synset's hypernyms' offsets
		start := len(docs)
		if err := eachSynset(path, func(off string, ws, hs []string, gloss string) {
			words[off] = ws
			hyper = append(hyper, hs)
			docs = append(docs, Doc{Head: ws, Body: Words(gloss)})
		}); err != nil {
			return nil, err
		}
		for i, hs := range hyper {
			d := &docs[start+i]
			d.Head = append([]string(nil), d.Head...)
			for _, h := range hs {
				d.Head = append(d.Head, words[h]...)
			}
		}
	}
	return docs, nil
}

// eachSynset calls fn with each synset of a data file: its offset, its
// words (a lemma of several words, "ice_cream", gives each), its
// hypernyms' offsets (of the same file) and its gloss.
func eachSynset(path string, fn func(off string, words, hypernyms []string, gloss string)) error {
	return wordnet.EachSynset(path, func(s wordnet.Synset) error {
		var words []string
		for _, w := range s.Words {
			lemma, _, _ := strings.Cut(w, "(") // "beautiful(a)": an adjective's position
			words = append(words, strings.FieldsFunc(lemma, func(r rune) bool { return r == '_' })...)
		}
		fn(s.Offset, words, s.Hypernyms, s.Gloss)
		return nil
	})
}

// Words splits text into lower-cased words: runs of letters, digits,
// hyphens and apostrophes.
func Words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\''
	})
}

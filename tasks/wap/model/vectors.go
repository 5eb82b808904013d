package model

import (
	"fmt"
	"slices"

	"github.com/d4lang/d4/internal/safetensors"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/vectors"
)

// fixedName names the reader's fixed word vectors in model.safetensors.
const fixedName = "reader.vectors"

// UseVectors gives the model's reader the pretrained vectors of the
// vocabulary's words (reader.BiLSTM.UseVectors: fixed, or as the
// embeddings' start), and returns how many words have one. A vocabulary
// none of whose words the set has is an error.
func (m *Model) UseVectors(v *vectors.Set, vocab *reader.Vocab, fixed bool) (int, error) {
	if vocab.Size() != m.Reader.Vocab {
		return 0, fmt.Errorf("a vocabulary of %d ids for a reader of %d", vocab.Size(), m.Reader.Vocab)
	}
	rows, found, err := v.Lookup(vocab, m.Reader.Embed)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, ok := range found {
		if ok {
			n++
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("none of the vocabulary's %d words has a vector in %s", vocab.Size(), v.Path)
	}
	return n, m.Reader.UseVectors(rows, found, fixed)
}

// saved returns the tensors of model.safetensors: Named's, and the
// reader's fixed vectors if it has them (saved with the model, so that
// `wap answer` needs no other file; they are not trained, so a
// checkpoint's parameters leave them out).
func (m *Model) saved() []safetensors.Tensor {
	ts := m.Named()
	if f := m.Reader.Fixed; f != nil {
		ts = append(ts, safetensors.Tensor{Name: fixedName, Shape: slices.Clone([]int(f.Shape())), Data: f.Float64s()})
	}
	return ts
}

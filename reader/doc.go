// Package reader turns the text of a word algebra problem into what ∂4's
// heap holds: it tokenises the story (github.com/jdkato/prose/v2), finds
// the numbers and their token positions, maps tokens to ids with a
// word-level vocabulary (a standard tokenizer.json, loaded with
// github.com/sugarme/tokenizer), and reads the token ids with a
// bidirectional LSTM whose states at the numbers (and at the two ends of
// the story) become the context vectors placed on the heap.
package reader

import (
	_ "github.com/jdkato/prose/v2"
	_ "github.com/sugarme/tokenizer/pretrained"
)

// Package reader turns the text of a word algebra problem into what ∂4's
// heap holds: it tokenises the story (Tokenize, with
// github.com/jdkato/prose/v2), finds the numbers and their token positions
// (ParseQuestion), maps tokens to ids with a word-level vocabulary (Vocab: a
// standard Hugging Face tokenizer.json, loaded with
// github.com/sugarme/tokenizer) in which every number is the one token
// NumberToken, and reads the token ids with a bidirectional LSTM whose
// states at the numbers (and at the two ends of the story) become the
// context vectors placed on the heap.
package reader

// Package model is the word-problem model: a BiLSTM reader (package
// reader) that fills ∂4's heap — the question vector in the sketch's
// QUESTION cell, each number's context vector in REPR_BUFFER and its value,
// one-hot, in NUM_BUFFER (Layout) — and ∂4 running the sketch along its
// static trace, as one Gorgonia graph from the token ids to the loss of
// the final data stack (Trainer computes a batch's loss and gradient;
// MeanLoss runs it forward). A Problem is a problem as the model reads it:
// its token ids, the positions and values of its numbers and its answer.
// Executions runs ∂4 step by step instead of a graph and records every
// slot's distribution: what package answer decodes into a formula. The
// sketch's control flow must not depend on its slots or on the reader's
// cells (the static trace), and the slots must observe only the reader's
// vectors for a question's numbers to be of any size (NumbersObserved).
//
// Such a sketch trains on the exact loss (Table): the runs of each count
// of numbers on the exact machine (Outcomes), and for a problem the
// probability of the combinations of decisions that give its answer, each
// decision's probability renormalised over the decisions its slot may
// take — a choose slot's that read present numbers, a pick's (a slot of a
// distinct decoder, Picks) that read present numbers and that no earlier
// pick of the combination took. ∂4's soft execution runs one pick only
// (d4.SoftPicks); the exact loss is what trains a group of them. A model
// with a learned prior over the result (Prior, AddPrior) weighs each
// combination by exp(w·φ(value)) too, φ the features of its value
// (ValueFeatures: negative, not whole, far larger than the story's
// numbers, …), renormalised over the valid combinations
// (Table.PriorLoss), w trained with the rest.
//
// A trained model lives in a model directory (package internal/modeldir):
// config.json (Config: the sketch's source, the sizes, the data, the saved
// epoch's figures, the training settings and the checksums of the other
// files), model.safetensors (the weights, named reader.embed — with the
// lexicon's classes, their vectors after the words' —, reader.fwd.W,
// reader.bwd.W, with a question reader reader.qattn.A and .U, slotI.stageJ.W
// and .b, with a learned prior prior.w), tokenizer.json and
// tokenizer_config.json, and while or after training
// checkpoint.safetensors (package learn/fit's checkpoint); an ensemble's
// directory holds one such directory per member. WriteModel and
// WriteEnsemble write a version of one; Load and LoadModel read one.
package model

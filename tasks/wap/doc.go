// Package wap is the word algebra task of Bošnjak et al., "Programming with
// a Differentiable Forth Interpreter" (ICML 2017, §4.4): a short story with
// three numbers ends in a question ("A florist had 50 roses. If she sold 15
// of them and then later picked 21 more, how many roses would she have?"),
// and the model — a BiLSTM reader that fills ∂4's heap, and the paper's
// sketch with its permute and choose slots — learns from (question, answer)
// pairs alone to answer it (56).
//
// Prepare makes the task's data: it reads the Common Core (CC) dataset
// (package cc: Roy and Roth 2015; 300/100/200 problems, each with three
// numbers and one of five equation patterns) and adds problems of the
// generator (package synth) to its training split, or makes every split
// with the generator; it tokenises every problem, reads its numbers, learns
// the WordPiece vocabulary from the training split only, and writes
// tokenizer.json and tokenizer_config.json (a Hugging Face tokenizer that
// gives the token ids from the text: package reader), train.parquet,
// dev.parquet, test.parquet and prepared.json (see Prepare). LoadPrepared
// reads them back.
//
// The Parquet files hold one Row a problem (WriteRows, ReadRows, stored
// through package data), in one plain schema:
//
//	message WAPRow {
//	  required int64 id;
//	  required binary text (STRING);
//	  required group tokens (LIST) { repeated group list { required binary element (STRING); } }
//	  required group token_ids (LIST) { repeated group list { required int32 element; } }
//	  required group num_pos (LIST) { repeated group list { required int32 element; } }
//	  required group numbers (LIST) { repeated group list { required int32 element; } }
//	  required int32 answer;
//	  required binary equation (STRING);
//	  required binary pattern (STRING);
//	  required binary source (STRING);
//	}
//
// token_ids has one id per token, num_pos the increasing token positions of
// the numbers, numbers their values; source is "cc" or "synthetic", pattern
// one of the five CC patterns or "other". Both functions refuse rows where
// these disagree; writes are atomic and compressed, and reading accepts the
// layouts other tools write (a missing column or one of another kind is an
// error wrapping ErrSchema).
//
// Training (Train) runs the reader and ∂4 as one Gorgonia graph along the
// sketch's static trace, with package learn's driver. Answering (Ensemble.Solve) runs ∂4 step by step to
// read each slot's distribution, averages the distributions over the
// models of an ensemble and over the question's readings (NewProblem: the
// question moved last, the statements in other orders), decodes them
// (Decoding), and runs the sketch once more on the symbolic machine with exact rational arithmetic on the
// question's numbers, whatever their size or form: the answer is the
// exact value of the formula shown. The slots observe only the reader's
// vectors (checked by taint analysis, Model.NumbersObserved), so the
// numbers need not be values ∂4 holds.
//
// The hand-written benchmark (Benchmark, EvalBenchmark) tests the model on
// problems written apart from CC and from the generator.
//
// A trained model lives in a model directory (package internal/modeldir;
// Load, LoadModel): config.json (the sketch's source, the sizes, the data,
// the saved epoch's figures and the checksums of the other files),
// model.safetensors (the weights, named reader.embed — with the lexicon's
// classes, their vectors after the words' —, reader.fwd.W, reader.bwd.W,
// slotI.stageJ.W and .b), tokenizer.json and tokenizer_config.json, and,
// for an ensemble, one such directory per model. Training (TrainModels,
// with a TrainingDir that holds the directory's lock) publishes the whole
// directory after every epoch in one atomic step, with each restart's
// checkpoint.safetensors (package learn's checkpoint), so that a kill at
// any moment leaves one whole model whose config.json is true of it, and
// `wap train --resume` continues exactly where the last epoch ended.
package wap

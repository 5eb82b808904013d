// Package wap is the word algebra task of Bošnjak et al., "Programming with
// a Differentiable Forth Interpreter" (ICML 2017, §4.4): a short story with
// three numbers ends in a question ("A florist had 50 roses. If she sold 15
// of them and then later picked 21 more, how many roses would she have?"),
// and the model — a BiLSTM reader that fills ∂4's heap, and the paper's
// sketch with its permute and choose slots — learns from (question, answer)
// pairs alone to answer it (56).
//
// Prepare makes the task's data: it reads the Common Core (CC) dataset
// (Roy and Roth 2015; 300/100/200 problems, each with three numbers and one
// of five equation patterns) or makes synthetic problems in its style,
// tokenises every problem, finds its numbers, builds the word-level
// vocabulary from the training split only, and writes tokenizer.json,
// train.parquet, dev.parquet, test.parquet and prepared.json (see Prepare).
// LoadPrepared reads them back.
package wap

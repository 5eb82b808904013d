// Package wap is the word algebra task of Bošnjak et al., "Programming with
// a Differentiable Forth Interpreter" (ICML 2017, §4.4): a short story ends
// in a question ("A florist had 50 roses. If she sold 15 of them and then
// later picked 21 more, how many roses would she have?"), and the model — a
// BiLSTM reader that fills ∂4's heap, and a sketch whose slots choose the
// formula — learns from (question, answer) pairs alone to answer it (56).
//
// The task lives in rooms by job, one package each; this package holds
// only this map:
//
//	source      where problems come from: a problem as a source gives it,
//	            the splits, and the Source interface; source/cc reads the
//	            Common Core dataset (Roy and Roth 2015), source/svamp the
//	            SVAMP repository's SVAMP.json and CSV folds (MAWPS,
//	            ASDiv-A), source/benchmark holds the hand-written benchmark
//	synth       the generator of CC-style problems (a Source too)
//	prepare     a source's problems tokenised into Parquet rows with a
//	            vocabulary (`wap prepare`), and read back
//	model       the model: the reader and ∂4 as one Gorgonia graph, the
//	            slots' distributions of a soft run, and its model
//	            directory (config.json, weights, vocabulary; ensembles)
//	answer      answering: readings of a question, ensembles, decoding
//	            the slots into an exact formula, the benchmark's report
//	training    training with package learn/fit's driver, several models at
//	            once into one model directory, checkpoints and resuming
//	waptest     what the packages' tests share
//
// The arrows run one way: source ← synth ← prepare; model ← answer ←
// training; prepare and training meet only above the task: in the
// commands (cmd/wap) and in its evaluators (eval/wapeval).
package wap

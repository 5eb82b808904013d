// Package wapeval evaluates the word-problem models (tasks/wap): the
// evaluators behind `wap eval` and the summaries of `wap train` on
// cross-validation folds.
//
// A model is scored on a split of prepared data (Evaluate: its accuracy
// in all and per group of problems — equation pattern, problem type,
// SVAMP variation, number of operations, kind — with a 95% Wilson
// interval), beside the paper's Table 3 on CC's test split (PaperTable3),
// or on a set of the hand-written benchmark (EvaluateBench). With
// prepared folds (DATA/fold0, …) and a model per fold (MODEL/fold0, …),
// EvaluationFolds pairs them and EvaluateFolds scores each fold's model on
// its fold: the folds' mean ± sample standard deviation (MeanStd) and the
// groups of all the folds' problems pooled. For training, TrainingFolds
// names each fold's model directory and CrossValidate runs a training on
// each fold in turn, checking every fold before the first trains;
// TrainedFolds sums the runs up.
//
// Results print as the text of the commands' reports (Print) and as the
// JSON object of their --json (Object).
package wapeval

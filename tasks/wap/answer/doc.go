// Package answer answers word problems with trained models: NewProblem
// reads a question's text (its numbers of any size or form, words the
// model knows) with its other readings (the question moved last, the
// statements in other orders); an Ensemble runs ∂4 on every reading with
// every model (model.Model.Executions), averages the slots' distributions
// — a reading that tells the numbers in another order has its permute
// slot mapped back to the question's order, found on the symbolic machine
// —, decodes them (Decoding: the most probable answer weighed by the
// models' learned prior over the result, or without one the most probable
// sensible answer by a fixed rule, or each slot's argmax), and runs the
// sketch once more on the symbolic machine with exact rational arithmetic
// on the question's numbers: the answer (Solution) is the exact value of
// the formula shown, with its confidence.
// Accuracy and Ensemble.ExactAccuracy score prepared problems this way;
// EvalBenchmark scores the hand-written benchmark by phenomenon, pattern
// and confidence.
package answer

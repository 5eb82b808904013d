// Package tasks is the harness that runs the algorithmic tasks of Bošnjak
// et al., "Programming with a Differentiable Forth Interpreter" (ICML 2017,
// §4.1 and §4.2): it generates and stores a task's datasets, trains a
// sketch on them through package learn (the trainer of `d4 train`), or
// the Seq2Seq baseline, and tests what was trained. The tasks themselves
// are packages of their own (sorting, addition), each a Task: how its
// examples are drawn, the paper's split sizes and training settings, and
// its sketches by name, each with an oracle that decides its slots right.
//
// Datasets. Task.Generate draws a training, a development and a test
// split: train and dev at the training length, test at the test length.
// Each split (data.Split) has its own math/rand stream, seeded with a sub-seed
// derived from the dataset seed and the split's name (SubSeed: a
// SplitMix64 mix of the seed and an FNV-1a hash of the name), so the same
// seed always gives the same dataset, and changing the test length or the
// test size leaves the training and development splits unchanged. Splits are drawn
// independently: an example may occur in more than one split, as with the
// paper's randomly generated sets. SaveDataset and LoadDataset store a
// dataset as train.parquet, dev.parquet and test.parquet, DATA files of
// package data (the input and output columns that `d4 train` reads),
// beside dataset.json, which records what generated them;
// Task.PrepareDataset reuses a directory only when that record matches the
// dataset asked for.
//
// Training. D4Run.Train trains through package learn with the task's value
// size (ValueSize) and the step budget and stack size of the oracle's run
// on the first training input (Measure): one trainer for the paper's tasks
// and any sketch. D4Run.Predict and Evaluate test with hybrid or
// discretised execution. D4Run.Snapshot records ∂4's soft run of one
// example at a stage of training, which package figures draws.
// TrainSeq2Seq trains the baseline on the same datasets.
//
// Adding a task costs its package and one row in one file, or two rows in
// two files for a task the paper has a table of. The package, under
// tasks/ as sorting and addition are, defines its Task (generator, split
// sizes, training settings, sketches and their oracles). The row is in the
// registry of command tasks (cmd/tasks/registry.go: the default sketch and
// training length, what its lengths count, the lengths `tasks bench` times
// and the axis of its panel in the bench figure), which makes it a command
// of its own (`tasks NAME`), a job of `tasks bench` and a panel of its
// figure. A table of the paper, for `tasks table`, is the second row: its
// cells in eval.PaperTable, which the registry's row names. The test of
// the registry (TestRegistry in cmd/tasks) fails when a package under
// tasks/ defines a Task that has no row, and when a row and the task's
// sketches, units or paper's table disagree.
package tasks

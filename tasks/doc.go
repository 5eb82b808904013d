// Package tasks holds the two algorithmic tasks of Bošnjak et al.,
// "Programming with a Differentiable Forth Interpreter" (ICML 2017, §4.1
// and §4.2): their data, their sketches, and the runs that train a sketch
// (or the Seq2Seq baseline) on them and test it.
//
// Sort. An input is n random digits 0…9 followed by n, pushed onto the data
// stack in that order (a1 … an n, so n is on top). The target is the final
// data stack the bubble-sort sketches leave, bottom to top: the digits in
// descending order, the largest at the bottom. Input 2 4 2 7 4 has target
// 7 4 2 2. The length of a sort example is n, the number of digits, as in
// the paper's Table 1.
//
// Addition. Two n-digit numbers a and b (leading zeros allowed) are given as
// aligned digit pairs a1 b1 … an bn, most significant pair first, followed
// by the initial carry c (0 or 1, entering at the least significant pair)
// and n. The target is the n+1 digits of a+b+c, most significant first (the
// final carry first, so it may be 0). For a=47, b=85, c=0: input
// 4 8 7 5 0 2, target 1 3 2. In this package the length of an addition
// example is n, the NUMBER OF DIGIT PAIRS. The paper's Table 2 instead
// counts input digits ("two times the number of digits"), so its length 8
// is n = 4 here; callers that take the paper's lengths divide by two.
//
// Datasets. Generate draws a training, a development and a test split:
// train and dev at the training length, test at the test length. The
// paper's sizes (appendix, experimental details), returned by DefaultSizes,
// are 256/32/32 for sort and 512/256/1024 for addition. Each split has its
// own math/rand stream, seeded with a sub-seed derived from the dataset seed
// and the split's name (a SplitMix64 mix of the seed and an FNV-1a hash of
// the name), so the same seed always gives the same dataset, and changing
// the test length or the test size leaves the training and development
// splits unchanged. Splits are drawn independently: an example may occur in
// more than one split, as with the paper's randomly generated sets.
// SaveDataset and LoadDataset store a dataset as train.parquet,
// dev.parquet and test.parquet, DATA files of package data (the input and
// output columns that `d4 train` reads), beside dataset.json, which records
// what generated them; PrepareDataset reuses a directory only when that
// record matches the dataset asked for.
//
// Training. D4Run.Train trains through package learn, the trainer of
// `d4 train`, with the task's value size and the step budget of the
// oracle's run (Measure): one trainer for the paper's tasks and any sketch.
//
// Figures. TracePNG draws ∂4's soft run of one example at several stages of
// training (the program counter as a heat map over the compiled words, the
// slots' decisions and the final data stack), and BenchPNG the speed-ups of
// the execution's optimisations by length, one panel per task; both are
// drawn with gonum.org/v1/plot (figure.go holds the layout they share).
package tasks

// Package learn trains the slots of any Forth sketch from input/output
// pairs with the project's one training driver (package learn/fit: a
// sketch is one of its Methods, which grows its step budget as it trains,
// and its Score is the dev Hamming accuracy), keeps sketches' model
// directories, and runs a trained sketch.
//
// Sketches. Train trains the slots of a sketch from input/output pairs and
// Predict and Evaluate run the trained sketch: what `d4 train`, `d4 eval`
// and `d4 run --model` do, and what the paper's tasks use too (package
// tasks calls Train with the task's value size and step budget).
//
// Data. A row is an initial data stack and the final data stack the
// sketch must leave, both bottom to top (package data reads them from JSONL
// and Parquet). Train checks every row before training: values must lie
// below the value size and inputs and outputs must fit the stacks, or the
// error names the file and the row.
//
// Sizes. The value size defaults to one more than the largest value in the
// training and dev rows or among the sketch's literals (a value the machine
// cannot hold would silently wrap around). The step budget T of the
// execution RNN and the stack size come from symbolic runs of the sketch on
// every distinct training input with each slot taking its first
// alternative (FindBudget). When the control flow does not depend on the
// slots (symbolic.StaticTrace finds a path), that path is the path of every
// decision, T is exact and training runs on the static trace. Otherwise T
// is a first guess that training grows: after every epoch the training
// inputs run with the slots' current decisions (hybrid execution), and when
// one takes more steps than T, T becomes its length and the graphs are
// rebuilt (Adam's state is kept). Options.Steps fixes T instead: the
// execution RNN then runs T steps (with the block optimisation, T blocks).
// A budget whose steps times the floats of ∂4's state exceed MaxTrainWork
// is refused before training, and so is a budget that grows beyond it.
//
// Training (Train) runs the driver (fit.Run) with Adam with global-norm clipping
// 1.0, optional gradient noise and decoupled weight decay, mini-batches
// shuffled each epoch (fit.Stream); after every epoch the dev rows run with
// hybrid execution and the parameters with the best dev Hamming accuracy
// are kept (ties: the better training accuracy). Training stops when dev
// and training accuracy are both 100% (after Settle more epochs), after
// Patience epochs without a better dev accuracy, or after MaxEpochs.
// Restarts trains that many models, seeds Seed, Seed+1, …, and keeps the
// best by dev accuracy; a restart that fails fails the training (the best
// model before the failure is still published).
//
// Model directory (Options.Dir, Load, OpenDir): package d4's model
// directory, config.json (the sketch's source, the sizes, the weights'
// checksum, and here the step budget, the settings and figures) and
// model.safetensors (the slots' weights by name), with, while training
// runs, checkpoint.safetensors (the driver's fit.State after the last
// finished epoch; see fit.CheckpointFile). Train holds
// the directory's lock, checks it before training (after removing what a
// killed run left), and publishes it as a unit after every finished epoch
// (package internal/modeldir): a reader, or a kill at any moment, finds one
// whole model that its config.json describes. Nothing is written before the
// first epoch finishes. Resume continues a checkpoint exactly (the shuffling
// is replayed), except that gradient noise, if any, is drawn afresh; a
// checkpoint of another sketch, other data or other settings is refused.
// OpenDir and Writer.Save write a model that Train returned, as
// `tasks --save DIR` does.
//
// Running (Predict, Evaluate, RunLimits). A trained sketch runs on the
// symbolic machine with each slot deciding by the argmax of its network
// (Hybrid), or on ∂4 with the state rounded to one-hot after every step
// (Discretised). Inputs may be longer than the training ones: the stacks
// get max(3(n+8), trained) cells and the run 16(n+8)²+1000 steps for n
// input values, unless given; a run that does not halt within its budget
// says so. Package export writes the same runs as a Forth program.
package learn

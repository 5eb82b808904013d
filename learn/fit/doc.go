// Package fit is the one training driver of the project: every model that
// trains by gradient descent — a ∂4 sketch (package learn), the
// word-problem model (package tasks/wap/training) and the Seq2Seq
// baseline (package baseline/seq2seq) — trains through Run. It needs
// only the optimiser (package optim) and the model store (package
// internal/modeldir): no interpreter, no reader, no command.
//
// The model is that of gonum's optimize: one driver, a Method, a Result
// with a status.
//
//   - A Method is the model with its data: its parameters (Params), a
//     batch's loss and gradient (Gradient) and a Score of the parameters
//     after an epoch (Evaluate); Stateful adds state of its own that a
//     checkpoint keeps. Adding a method costs one type with three methods
//     (four with Stateful) in its own package.
//   - Run owns the rest, set by a Config: epochs, the order of the
//     examples (Randomness), the optimiser (optim's Adam with an
//     optim.Config), the best epoch by Score (Score.Better), patience,
//     settling after a Perfect score, restarts (seeds Seed, Seed+1, …), a
//     checkpoint after every epoch (Config.Checkpoint with a State) and
//     progress (Progress).
//   - A Policy says what Run makes of the restarts: KeepBest trains them
//     one after another and keeps the best (Restart.Better), as `d4 train
//     --restarts` does; KeepAll trains them as the members of an ensemble,
//     each a run of its own with its own checkpoint and resume, several at
//     once (Config.Parallel), and keeps every one, as `wap train --models`
//     does.
//   - The Result is the kept restart with its method holding the kept
//     parameters, every restart (with KeepAll every method), and each
//     restart's status: why it stopped (Stop: its epochs, its patience,
//     settled, or failed).
//
// Checkpoints. State is a run after a finished epoch: the restart in
// training (its parameters, Adam's moments, its counters, its best
// parameters) and the restarts finished before it. MarshalCheckpoint and
// UnmarshalCheckpoint write and read it, with the settings of the run
// (modeldir.Settings: a checkpoint resumes only with the same ones), as
// one format for every method (CheckpointFile); Run given a State
// continues it exactly (see Randomness for what is drawn afresh).
//
// Progress. A Progress is told of every update (Update), every evaluated
// epoch (EpochEnd) and every resumed restart (Resumed); the commands draw
// it on a progress bar (package cmd/internal/trainbar).
package fit

// Package training trains word-problem models with package learn/fit's driver:
// Train runs one model (its Method: batches of the reader and ∂4 as one
// graph, word dropout drawn from each epoch's stream; its Score: the dev
// accuracy of the exact answers, ties to the lower dev loss), and
// TrainModels runs a training run's models — an ensemble of restarts with
// seeds Seed, Seed+1, …, each on its own bag of the generated problems —
// several at once, into one model directory (TrainingDir) that it
// publishes as a unit after every epoch: each restart's checkpoint and best
// model so far, and the ensemble of the restarts finished. A kill at any
// moment leaves one whole model whose config.json is true of it, and
// `wap train --resume` continues every restart exactly where its last
// epoch ended (the settings, by name, must be the same).
package training

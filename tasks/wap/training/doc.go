// Package training trains word-problem models with package learn/fit's
// driver: a model is a fit.Method (batches of the reader and ∂4 as one
// graph, word dropout drawn from each epoch's stream; its Score: the dev
// accuracy of the exact answers, ties to the lower dev loss). Train runs
// one model; TrainModels runs a training run's models with the driver's
// ensemble policy (fit.KeepAll) — restarts with seeds Seed, Seed+1, …,
// each on its own bag of the generated problems, several at once — into
// one model directory (TrainingDir) that it publishes as a unit after
// every epoch: each restart's checkpoint and best model so far, and the
// ensemble of the restarts finished. A kill at any moment leaves one whole
// model whose config.json is true of it, and `wap train --resume`
// continues every restart exactly where its last epoch ended (the
// settings, declared once in model.Settings, must be the same).
package training

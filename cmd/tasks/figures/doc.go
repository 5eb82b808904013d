// Package figures draws the figures of the paper's appendix from our runs,
// as PNG images made with gonum.org/v1/plot: the program-counter traces of
// ∂4 as it learns (TracePNG) and the speed-ups of the execution's
// optimisations by length (BenchPNG).
//
// A trace figure follows one example through ∂4's soft machine at a few
// stages of training: tasks.D4Run.Snapshot records a stage (a Recorder
// records the stages of a training run), TracePNG draws the stages side by
// side. When the control flow depends on the slots (Permute), the program
// counter is what learning changes, and each stage's panel is the program
// counter as a heat map: the compiled words top to bottom, the steps left
// to right. When it does not (Compare, Choose, Manipulate), the program
// counter is the same at every stage; it is drawn once, and each stage's
// panel shows instead what changes: the slots' decisions at the steps where
// they run. Every panel also shows the final data stack, with the target
// outlined, so that learning is visible either way.
//
// The benchmark figure draws the rows of package bench: one panel per task
// (BenchPanel: the caller says what each task's lengths count, sort values
// and addition input digits), on a shared logarithmic axis of speed-ups
// over the naive execution RNN, with the legend beside the panels.
//
// Each figure is a page of a title, grids of plots whose data areas line
// up, captions, and a colour scale or legend beside them (figure.go holds
// the layout they share). Sizes are in points; the PNG has figureDPI
// pixels per inch.
package figures

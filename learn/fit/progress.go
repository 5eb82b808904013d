package fit

// Progress is told how training goes: after every update, after every
// evaluated epoch, and when a restart resumes from a checkpoint. Restarts
// of different runs may report at once (package tasks/wap trains an
// ensemble's models together): an implementation that draws must take
// turns.
type Progress interface {
	Update(Update)
	Epoch(EpochEnd)
	Resumed(Resumed)
}

// Update is one finished update.
type Update struct {
	Restart        int   // from 0
	Seed           int64 // the restart's seed
	Epoch, Epochs  int   // the epoch in training (from 1), of at most Epochs
	Batch, Batches int   // the batch of the epoch (from 1), of Batches
	Loss           float64
}

// EpochEnd is a finished, evaluated epoch.
type EpochEnd struct {
	Restart       int
	Seed          int64
	Epoch, Epochs int
	Loss          float64 // mean training loss of the epoch's updates
	Score         Score   // the epoch's evaluation
	Best          bool    // the best epoch of the restart so far
	Seconds       float64 // the epoch's wall time, evaluation included
	Method        Method  // the method in training
	// Last is set on the restart's last epoch, Stop then saying why it
	// stops (StopSettled and StopPatience: before Epochs).
	Last bool
	Stop Stop
}

// Resumed is a restart continued from a checkpoint.
type Resumed struct {
	Restart       int
	Seed          int64
	Epoch, Epochs int    // epochs finished before
	Updates       int    // updates made before
	BestEpoch     int    // the best epoch so far
	Best          *Score // its score
}

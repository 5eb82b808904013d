package figures

import (
	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/tasks"
)

// Recorder records the soft run of one example at stages of a training
// run (tasks.D4Run.Snapshot) and writes its trace figure. A recorder with
// no path records nothing.
type Recorder struct {
	run  *tasks.D4Run
	path string
	fig  TraceFigure
	ex   data.Example
	err  error // the first failure, reported by Write
}

// NewRecorder returns a recorder of run's soft run on ex, whose figure
// Write writes to path under title (with no path, or no example, a
// recorder that records nothing).
func NewRecorder(run *tasks.D4Run, ex data.Example, title, path string) *Recorder {
	r := &Recorder{run: run, path: path}
	if path == "" || ex.Input == nil {
		return r
	}
	r.ex = ex
	r.fig = TraceFigure{Title: title, Code: run.Code, Input: ex.Input, Target: ex.Output}
	r.fig.Right, r.err = run.RightDecisions(ex.Input)
	return r
}

// Snap records a stage: the run with the current weights for the steps a
// right run takes and a tenth more.
func (r *Recorder) Snap(caption string) {
	if r.path == "" || r.err != nil || r.ex.Input == nil {
		return
	}
	sh, err := r.run.Measure(r.ex.Input)
	if err != nil {
		r.err = err
		return
	}
	st, err := r.run.Snapshot(r.ex.Input, sh.Steps+sh.Steps/10, caption)
	if err != nil {
		r.err = err
		return
	}
	r.fig.Stages = append(r.fig.Stages, st)
}

// Write records the last stage and writes the figure (TracePNG) to the
// recorder's path, atomically.
func (r *Recorder) Write(caption string) error {
	if r.path == "" {
		return nil
	}
	r.Snap(caption)
	if r.err != nil {
		return r.err
	}
	img, err := TracePNG(r.fig)
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(r.path, img)
}

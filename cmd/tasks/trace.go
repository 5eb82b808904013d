package main

import (
	"fmt"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/tasks"
)

// tracer records the soft run of the first training example at stages of
// training for --trace-png (see tasks.TracePNG); with no --trace-png it
// does nothing.
type tracer struct {
	run  *tasks.D4Run
	path string
	fig  tasks.TraceFigure
	ex   tasks.Example
	err  error // the first failure, reported by write
}

func newTracer(run *tasks.D4Run, task string, f cellFlags, ds tasks.Dataset) *tracer {
	t := &tracer{run: run, path: f.tracePNG}
	if t.path == "" || len(ds.Train) == 0 {
		return t
	}
	t.ex = ds.Train[0]
	t.fig = tasks.TraceFigure{
		Title: fmt.Sprintf("∂4 on one training example as it learns: %s, %s sketch, train length %d", tasks.TaskName(task), tasks.SketchTitle(task, f.sketch), f.trainLen),
		Code:  run.Code, Input: t.ex.Input, Target: t.ex.Target,
	}
	t.fig.Right, t.err = run.RightDecisions(t.ex.Input)
	return t
}

// snap records a stage: the run with the current weights for the steps a
// right run takes and a tenth more.
func (t *tracer) snap(caption string) {
	if t.path == "" || t.err != nil || t.ex.Input == nil {
		return
	}
	sh, err := tasks.Measure(t.run.Code, tasks.SketchFile(t.run.Task, t.run.Sketch), t.run.V, t.ex.Input)
	if err != nil {
		t.err = err
		return
	}
	st, err := t.run.Snapshot(t.ex.Input, sh.Steps+sh.Steps/10, caption)
	if err != nil {
		t.err = err
		return
	}
	t.fig.Stages = append(t.fig.Stages, st)
}

// write records the last stage and writes the figure.
func (t *tracer) write(caption string) error {
	if t.path == "" {
		return nil
	}
	t.snap(caption)
	if t.err != nil {
		return fmt.Errorf("--trace-png: %w", t.err)
	}
	img, err := tasks.TracePNG(t.fig)
	if err != nil {
		return fmt.Errorf("--trace-png: %w", err)
	}
	return d4.WriteFileAtomic(t.path, img)
}

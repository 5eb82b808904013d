package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/enum"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/tasks"
	"github.com/d4lang/d4/tasks/addition"
	"github.com/d4lang/d4/tasks/sorting"
)

// taskEntry is a task as the command runs it: the task (package tasks) and
// what the command adds to it.
type taskEntry struct {
	task      tasks.Task
	sketch    string // the default --sketch, which tasks bench times
	trainLen  int    // the default --train-len
	lengths   string // what --train-len counts, as the paper does: "values"
	table     string // the paper's table of it, its cells in eval.PaperTable ("": none)
	benchLens []int  // the lengths tasks bench times by default (--NAME-lens)
	xLabel    string // the x axis of its panel in the figure of tasks bench
}

// registry is the one list of the tasks that the command knows: each is a
// command of its own (tasks NAME), a table of `tasks table` if the paper
// has one, and a job and a figure panel of `tasks bench`, in this order.
// Adding a task costs a row here (see package tasks); TestRegistry checks
// the rows against the task packages and the paper's tables.
var registry = []taskEntry{
	{task: sorting.Task, sketch: "compare", trainLen: 3, lengths: "values", table: "Table 1",
		benchLens: []int{2, 3, 4, 5, 6, 7, 8}, xLabel: "sequence length (values to sort)"},
	{task: addition.Task, sketch: "choose", trainLen: 4, lengths: "input digits, 2 per digit pair", table: "Table 2",
		benchLens: []int{2, 4, 6, 8, 10, 12, 14, 16}, xLabel: "input digits (2 per digit pair)"},
}

// commands are the command's sub-commands: one per task, then table and
// bench.
var commands = append(taskCommands(),
	cli.Command{Name: "table", Summary: tableSummary(), Run: runTable},
	cli.Command{Name: "bench", Summary: "time the execution modes (" + strings.Join(d4.Modes(), ", ") + ") by length, and hybrid execution", Run: runBench},
)

// taskCommands are the commands of the tasks, tasks NAME.
func taskCommands() []cli.Command {
	var cmds []cli.Command
	for i := range registry {
		e := &registry[i]
		cmds = append(cmds, cli.Command{
			Name:    e.task.Name,
			Summary: fmt.Sprintf("train and test on the %s task (a sketch: %s, a .fth path; or --model seq2seq)", e.task.Title, strings.Join(sketchNames(e.task), ", ")),
			Run:     func(args []string, stdout, stderr io.Writer) error { return runCell(e, args, stdout, stderr) },
		})
	}
	return cmds
}

// tableSummary is the summary of tasks table: the paper's tables it runs.
func tableSummary() string {
	var tables []string
	for _, e := range registry {
		if e.table != "" {
			tables = append(tables, fmt.Sprintf("%s (%s)", e.table, e.task.Name))
		}
	}
	return "run every cell of the paper's " + enum.OrList(tables) + " and print ours beside the paper's"
}

// tableNames lists the names of the tasks the paper has a table of, as
// "sort or add".
func tableNames() string {
	var names []string
	for _, e := range registry {
		if e.table != "" {
			names = append(names, e.task.Name)
		}
	}
	return enum.OrList(names)
}

// lookupTask returns the task named name, or nil.
func lookupTask(name string) *taskEntry {
	for i := range registry {
		if registry[i].task.Name == name {
			return &registry[i]
		}
	}
	return nil
}

// sketchNames are the names of a task's sketches.
func sketchNames(t tasks.Task) []string {
	var names []string
	for _, s := range t.Sketches {
		names = append(names, s.Name)
	}
	return names
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/d4lang/d4/cmd/tasks/bench"
	"github.com/d4lang/d4/cmd/tasks/figures"
	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/internal/cli"
)

// benchFlags are the flags of tasks bench.
type benchFlags struct {
	lens        [][]int // each task's lengths, in the order of the registry
	hybridLens  []int
	batch, reps int
	jsonOut     bool
	png         string
}

// rate is the speed of hybrid execution at one length.
type rate struct {
	Len         int     `json:"length"`
	SeqPerSec   float64 `json:"sequences_per_second"`
	StepsPerSec float64 `json:"steps_per_second"`
}

// runBench times the execution modes of ∂4 (the paper's appendix figure):
// forward and forward+backward passes of a batch for each task of the
// registry with its default sketch (sort: Compare at lengths 2..8;
// addition: Choose at lengths 2..16), as speed-ups over the naive
// execution RNN, and hybrid test-time execution.
func runBench(args []string, stdout, stderr io.Writer) error {
	f, err := parseBench(args, stderr)
	if err != nil {
		return err
	}
	// On a terminal the progress is one line redrawn; anywhere else (a
	// file, a pipe) a line each.
	tty := cli.IsTerminal(stderr)
	progress := func(s string) {
		if tty {
			fmt.Fprintf(stderr, "\r%-60s", s)
		} else {
			fmt.Fprintln(stderr, s)
		}
	}
	var rows []bench.Row
	for i, e := range registry {
		r, err := bench.Run(e.task, e.sketch, f.lens[i], f.batch, f.reps, progress)
		if err != nil {
			return err
		}
		rows = append(rows, r...)
	}
	var rates []rate
	for _, n := range f.hybridLens {
		progress(fmt.Sprintf("hybrid execution at length %d", n))
		count := max(4, 20000/(n*n)*10)
		s, st, err := bench.HybridRate(n, count)
		if err != nil {
			return err
		}
		rates = append(rates, rate{n, s, st})
	}
	if tty {
		fmt.Fprintf(stderr, "\r%-60s\r", "")
	}
	if f.png != "" {
		if err := plotSpeedups(rows, f.batch, f.reps, f.png); err != nil {
			return err
		}
	}
	if f.jsonOut {
		return json.NewEncoder(stdout).Encode(map[string]any{"batch": f.batch, "rows": rows, "hybrid": rates})
	}
	printBench(stdout, rows, rates)
	return nil
}

// maxReps bounds --reps: each of a hundred runs of every mode at every
// length is already minutes at the longest lengths, and the median of
// more moves no figure the table prints.
const maxReps = 100

// parseBench parses the flags of tasks bench.
func parseBench(args []string, stderr io.Writer) (benchFlags, error) {
	var f benchFlags
	fs := cli.NewFlagSet("tasks bench", "usage: tasks bench [flags]", stderr)
	lens := make([]*string, len(registry))
	for i, e := range registry {
		lens[i] = fs.String(e.task.Name+"-lens", joinInts(e.benchLens), e.task.Title+" lengths ("+e.lengths+")")
	}
	fs.IntVar(&f.batch, "batch", 32, "batch size")
	fs.IntVar(&f.reps, "reps", 5, fmt.Sprintf("timed runs per measurement (1…%d), after one untimed warm-up run (the median is reported)", maxReps))
	hybrid := fs.String("hybrid-lens", "64,1000", "lengths for the hybrid execution rate")
	fs.BoolVar(&f.jsonOut, "json", false, "print the figures as one JSON object")
	fs.StringVar(&f.png, "png", "", "write the figure of the training-step speed-ups by length (a panel per task) to this PNG file")
	err := cli.ParseFlags(fs, args)
	if err != nil {
		return f, err
	}
	f.lens = make([][]int, len(registry))
	for i, e := range registry {
		if f.lens[i], err = cli.PositiveInts(*lens[i]); err != nil {
			return f, cli.Usagef("--%s-lens: %w", e.task.Name, err)
		}
	}
	if f.hybridLens, err = cli.PositiveInts(*hybrid); err != nil {
		return f, cli.Usagef("--hybrid-lens: %w", err)
	}
	switch {
	case f.batch < 1:
		return f, cli.Usagef("--batch must be positive, got %d", f.batch)
	case f.reps < 1 || f.reps > maxReps:
		return f, cli.Usagef("--reps must be in 1…%d, got %d", maxReps, f.reps)
	}
	return f, nil
}

// printBench prints the benchmark's rows and rates as a table.
func printBench(stdout io.Writer, rows []bench.Row, rates []rate) {
	fmt.Fprintf(stdout, "%-5s %-8s %4s  %-12s %6s %6s  %10s %10s  %8s %8s\n", "task", "sketch", "len", "mode", "steps", "nodes", "fwd ms", "fwd+bwd ms", "×fwd", "×train")
	for _, r := range rows {
		fmt.Fprintf(stdout, "%-5s %-8s %4d  %-12s %6d %6d  %10.2f %10.2f  %8.1f %8.1f\n", r.Task, r.Sketch, r.Len, r.Mode, r.Steps, r.Nodes, r.ForwardMs, r.TrainMs, r.SpeedupFwd, r.SpeedupTrain)
	}
	for _, r := range rates {
		fmt.Fprintf(stdout, "hybrid sort at length %d: %.0f sequences/s, %.3g steps/s\n", r.Len, r.SeqPerSec, r.StepsPerSec)
	}
}

// plotSpeedups writes the figure of the forward+backward speed-ups over
// naive of every mode by length (figures.BenchPNG), a panel per task.
func plotSpeedups(rows []bench.Row, batch, reps int, path string) error {
	img, err := figures.BenchPNG(rows, benchPanels(), fmt.Sprintf("forward and backward pass of a batch of %d, the median of %d runs; the paper's appendix figure", batch, reps))
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(path, img); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// benchPanels are the panels of the tasks in the figure of tasks bench.
func benchPanels() []figures.BenchPanel {
	var panels []figures.BenchPanel
	for _, e := range registry {
		panels = append(panels, figures.BenchPanel{Task: e.task, XLabel: e.xLabel})
	}
	return panels
}

// joinInts joins integers with commas, as --NAME-lens takes them.
func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/tasks"
)

// runBench times the execution modes of ∂4 (the paper's appendix figure):
// forward and forward+backward passes of a batch for sort (Compare sketch)
// at lengths 2..8 and addition (Choose sketch) at lengths 2..16, as
// speed-ups over the naive execution RNN, and hybrid test-time execution.
func runBench(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tasks bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sortLens := fs.String("sort-lens", "2,3,4,5,6,7,8", "sort lengths")
	addLens := fs.String("add-lens", "2,4,6,8,10,12,14,16", "addition lengths (input digits, 2 per digit pair)")
	batch := fs.Int("batch", 32, "batch size")
	reps := fs.Int("reps", 5, "timed runs per measurement, after one untimed warm-up run (the median is reported)")
	hybrid := fs.String("hybrid-lens", "64,1000", "lengths for the hybrid execution rate")
	jsonOut := fs.Bool("json", false, "print the figures as one JSON object")
	png := fs.String("png", "", "write the figure of the training-step speed-ups by length (a panel for sort, one for addition) to this PNG file")
	if err := parseFlags(fs, "usage: tasks bench [flags]", args, stderr); err != nil {
		return err
	}
	sl, err := ints(*sortLens)
	if err != nil {
		return usageError{fmt.Errorf("--sort-lens: %w", err)}
	}
	al, err := ints(*addLens)
	if err != nil {
		return usageError{fmt.Errorf("--add-lens: %w", err)}
	}
	hl, err := ints(*hybrid)
	if err != nil {
		return usageError{fmt.Errorf("--hybrid-lens: %w", err)}
	}
	if *batch < 1 || *reps < 1 {
		return usageError{fmt.Errorf("--batch and --reps must be positive")}
	}
	progress := func(s string) { fmt.Fprintf(stderr, "\r%-60s", s) }
	var rows []tasks.BenchRow
	for _, job := range []struct {
		task, sketch string
		lens         []int
	}{{"sort", "compare", sl}, {"add", "choose", al}} {
		r, err := tasks.Bench(job.task, job.sketch, job.lens, *batch, *reps, progress)
		if err != nil {
			return err
		}
		rows = append(rows, r...)
	}
	type rate struct {
		Len         int     `json:"length"`
		SeqPerSec   float64 `json:"sequences_per_second"`
		StepsPerSec float64 `json:"steps_per_second"`
	}
	var rates []rate
	for _, n := range hl {
		progress(fmt.Sprintf("hybrid execution at length %d", n))
		count := max(4, 20000/(n*n)*10)
		s, st, err := tasks.HybridRate(n, count)
		if err != nil {
			return err
		}
		rates = append(rates, rate{n, s, st})
	}
	fmt.Fprintf(stderr, "\r%-60s\r", "")
	if *png != "" {
		if err := plotSpeedups(rows, *batch, *reps, *png); err != nil {
			return err
		}
	}
	if *jsonOut {
		return json.NewEncoder(stdout).Encode(map[string]any{"batch": *batch, "rows": rows, "hybrid": rates})
	}
	fmt.Fprintf(stdout, "%-5s %-8s %4s  %-12s %6s %6s  %10s %10s  %8s %8s\n", "task", "sketch", "len", "mode", "steps", "nodes", "fwd ms", "fwd+bwd ms", "×fwd", "×train")
	for _, r := range rows {
		fmt.Fprintf(stdout, "%-5s %-8s %4d  %-12s %6d %6d  %10.2f %10.2f  %8.1f %8.1f\n", r.Task, r.Sketch, r.Len, r.Mode, r.Steps, r.Nodes, r.ForwardMs, r.TrainMs, r.SpeedupFwd, r.SpeedupTrain)
	}
	for _, r := range rates {
		fmt.Fprintf(stdout, "hybrid sort at length %d: %.0f sequences/s, %.3g steps/s\n", r.Len, r.SeqPerSec, r.StepsPerSec)
	}
	return nil
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// plotSpeedups writes the figure of the forward+backward speed-ups over
// naive of every mode by length (tasks.BenchPNG).
func plotSpeedups(rows []tasks.BenchRow, batch, reps int, path string) error {
	img, err := tasks.BenchPNG(rows, fmt.Sprintf("forward and backward pass of a batch of %d, the median of %d runs; the paper's appendix figure", batch, reps))
	if err != nil {
		return err
	}
	if err := d4.WriteFileAtomic(path, img); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

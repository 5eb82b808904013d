package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/d4lang/d4/cmd/wap/bench"
	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/memory"
)

// benchCmd is wap bench: the rates of the matrix products and of training
// on this machine (package bench).
func benchCmd(args []string, stdout, stderr io.Writer) error {
	c := bench.Default
	var jsonOut bool
	fs := cli.NewFlagSet("wap bench", "usage: wap bench [flags]\n"+
		"Measures on this machine the GFLOP/s of the matrix products of the reader's shapes (the kernel in use,\n"+
		"gonum's float64 and float32 ones) and of training: the reader, ∂4's trace and whole training steps, the\n"+
		"work counted from the model's shapes. Takes about 20 times --seconds.", stderr)
	fs.Float64Var(&c.Seconds, "seconds", c.Seconds, "time each figure for at least this many seconds (the median of three rounds)")
	batchFlag.Var(fs, &c.Batch, c.Batch, "problems a training step")
	tokensFlag.Var(fs, &c.Tokens, c.Tokens, "the stories' mean length in tokens")
	modelsFlag.Var(fs, &c.Models, c.Models, "models trained at once in the last figure (refused when they would not fit in the memory there is)")
	fs.BoolVar(&jsonOut, "json", false, "print the report as one JSON object")
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	if err := c.Check(); err != nil {
		return cli.UsageError{Err: err}
	}
	if err := memory.Check(c.MemoryNeeded(), 0, fmt.Sprintf("training %d models at once with batches of %d problems", c.Models, c.Batch)); err != nil {
		return fmt.Errorf("%w: measure fewer (--models, --batch)", err)
	}
	bar := cli.NewBar(stderr, bench.Figures(), "measuring", false)
	r, err := bench.Run(c, func(done int, what string) {
		bar.Set(done)
		bar.Describe(what)
	})
	bar.Clear()
	if err != nil {
		return err
	}
	if jsonOut {
		return json.NewEncoder(stdout).Encode(r)
	}
	printBench(stdout, r)
	return nil
}

// printBench prints a report as two tables.
func printBench(w io.Writer, r *bench.Report) {
	fmt.Fprintf(w, "wap bench: %d CPUs, GOMAXPROCS %d, float64; each figure the median of three rounds of ≥ %.3g s\n\n", r.CPUs, r.Procs, r.Seconds/3)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "matrix product\tshape\tGFLOP/s: %s\t\n", strings.Join(bench.Kernels, "\t"))
	for _, p := range r.Products {
		fmt.Fprintf(tw, "%s\t%s\t", p.Name, p.Shape())
		for _, g := range p.GFLOPS {
			fmt.Fprintf(tw, "%.1f\t", g)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "training (work counted from the shapes)\tMFLOP\tms\tGFLOP/s\t\n")
	for _, s := range r.Steps {
		fmt.Fprintf(tw, "%s\t%.1f\t%.2f\t%.1f\t\n", s.Name, s.FLOPs/1e6, s.Seconds*1e3, s.GFLOPS)
	}
	tw.Flush()
	if len(r.Products) > 0 {
		in := r.Products[0]
		fmt.Fprintf(w, "\nbeside the kernel in use: %.1f GFLOP/s at the reader's inputs %s, %.1f at %s\n",
			in.GFLOPS[0], in.Shape(), r.Products[len(r.Products)-1].GFLOPS[0], r.Products[len(r.Products)-1].Shape())
	}
}

package main

import (
	"bytes"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/cmd/tasks/bench"
	"github.com/d4lang/d4/cmd/tasks/figures"
	"github.com/d4lang/d4/eval"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/tasks"
)

// taskPackages are the import paths of the packages under tasks/ that
// define a task (var Task = tasks.Task{…}).
func taskPackages(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "tasks", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(f, "_test.go") && strings.Contains(string(b), "var Task = tasks.Task{") {
			pkgs = append(pkgs, "github.com/d4lang/d4/tasks/"+filepath.Base(filepath.Dir(f)))
		}
	}
	return pkgs
}

// packageOf is the import path of the package that defines a task (the
// package of its Example function).
func packageOf(task tasks.Task) string {
	name := runtime.FuncForPC(reflect.ValueOf(task.Example).Pointer()).Name()
	slash := strings.LastIndex(name, "/")
	return name[:slash+strings.Index(name[slash:], ".")]
}

// TestRegistry checks the registry against every place that must know a
// task: each package under tasks/ that defines a Task has a row; a row's
// default sketch is one of its task's, its lengths are whole units of the
// task, the paper's table it names has cells (eval.PaperTable) whose
// models it can train, and it is a command of its own.
func TestRegistry(t *testing.T) {
	var registered []string
	for _, e := range registry {
		registered = append(registered, packageOf(e.task))
	}
	pkgs := taskPackages(t)
	if len(pkgs) < 2 {
		t.Fatalf("found the tasks %v under tasks/, want at least sorting and addition", pkgs)
	}
	for _, p := range pkgs {
		if !slices.Contains(registered, p) {
			t.Errorf("package %s defines a task that the registry (registry.go) lacks", p)
		}
	}
	var names []string
	for _, c := range commands {
		names = append(names, c.Name)
	}
	for _, e := range registry {
		name, unit := e.task.Name, max(e.task.PaperUnit, 1)
		if s, ok := e.task.Sketch(e.sketch); !ok || s.Name != e.sketch {
			t.Errorf("%s: the default sketch %q is not one of %v", name, e.sketch, sketchNames(e.task))
		}
		if e.trainLen < 1 || e.trainLen%unit != 0 || e.lengths == "" || e.xLabel == "" {
			t.Errorf("%s: default train length %d (unit %d), lengths %q, x label %q", name, e.trainLen, unit, e.lengths, e.xLabel)
		}
		if len(e.benchLens) == 0 || slices.ContainsFunc(e.benchLens, func(n int) bool { return n < 1 || n%unit != 0 }) {
			t.Errorf("%s: bench lengths %v, want positive multiples of %d", name, e.benchLens, unit)
		}
		if n := len(slices.DeleteFunc(slices.Clone(names), func(c string) bool { return c != name })); n != 1 {
			t.Errorf("%s: commands %v, want one command of the task", name, names)
		}
		checkTable(t, e)
	}
}

// checkTable checks that a task names the paper's table exactly when
// eval.PaperTable has its cells, pairs of a training length tested at 8
// and 64, of models the command trains.
func checkTable(t *testing.T, e taskEntry) {
	t.Helper()
	name, cells := e.task.Name, eval.PaperTable(e.task.Name)
	if (e.table != "") != (len(cells) > 0) {
		t.Errorf("%s: the registry names table %q, eval.PaperTable has %d cells", name, e.table, len(cells))
	}
	for i, c := range cells {
		_, sketch := e.task.Sketch(c.Model)
		pair := cells[i/2*2]
		if c.Task != name || !sketch && c.Model != seq2seqModel.String() || c.TrainLen%max(e.task.PaperUnit, 1) != 0 ||
			c.Model != pair.Model || c.TrainLen != pair.TrainLen || c.TestLen != []int{8, 64}[i%2] {
			t.Errorf("%s: cell %d %+v", name, i, c)
		}
	}
}

// The bench figure has a panel for every task of the registry, in its
// order, with the registry's axis label: drawn with every task's rows,
// the image is one panel wider per task than with the first task's alone,
// and a row of a task not in the registry is refused.
func TestBenchPanels(t *testing.T) {
	panels := benchPanels()
	if len(panels) != len(registry) {
		t.Fatalf("%d panels for %d tasks", len(panels), len(registry))
	}
	labels := map[string]bool{}
	for i, p := range panels {
		e := registry[i]
		if p.Task.Name != e.task.Name || p.XLabel != e.xLabel || p.XLabel == "" || labels[p.XLabel] {
			t.Errorf("panel %d: task %q, x label %q; want %q, %q (distinct)", i, p.Task.Name, p.XLabel, e.task.Name, e.xLabel)
		}
		labels[p.XLabel] = true
	}
	rowsOf := func(es []taskEntry) []bench.Row {
		var rows []bench.Row
		for _, e := range es {
			for _, n := range e.benchLens {
				for i, m := range bench.Modes {
					rows = append(rows, bench.Row{Task: e.task.Name, Sketch: e.sketch, Len: n, Mode: m, SpeedupTrain: float64(1+i) * 0.7})
				}
			}
		}
		return rows
	}
	width := func(rows []bench.Row) int {
		t.Helper()
		b, err := figures.BenchPNG(rows, panels, "test")
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return img.Bounds().Dx()
	}
	one, all := width(rowsOf(registry[:1])), width(rowsOf(registry))
	if len(registry) > 1 && all <= one {
		t.Errorf("the figure of %d tasks is %d pixels wide, of one %d", len(registry), all, one)
	}
	stray := append(rowsOf(registry[:1]), bench.Row{Task: "no such task", Mode: bench.Modes[1], Len: 2, SpeedupTrain: 2})
	if _, err := figures.BenchPNG(stray, panels, "test"); err == nil {
		t.Error("a row of a task not in the registry is drawn")
	}
}

// Flags left out keep the task's settings; flags given replace them,
// 0 included.
func TestCellSettings(t *testing.T) {
	for _, e := range registry {
		want := e.task.Options
		for _, tc := range []struct {
			args []string
			set  func(o *tasks.D4Options)
		}{
			{nil, func(*tasks.D4Options) {}},
			{[]string{"--epochs", "7", "--patience", "0", "--settle", "0"}, func(o *tasks.D4Options) { o.MaxEpochs, o.Patience, o.Settle = 7, 0, 0 }},
			{[]string{"--noise", "0", "--weight-decay", "0", "--lr", "0.5", "--batch", "3"}, func(o *tasks.D4Options) { o.Noise, o.WeightDecay, o.LR, o.Batch = 0, 0, 0.5, 3 }},
			{[]string{"--noise", "0.2", "--weight-decay", "0.1", "--seed", "4", "--optim", "naive"}, func(o *tasks.D4Options) { o.Noise, o.WeightDecay, o.Seed, o.Optim = 0.2, 0.1, 4, d4.ModeNaive }},
		} {
			f, err := parseCell(&e, tc.args, io.Discard)
			if err != nil {
				t.Fatalf("%s %v: %v", e.task.Name, tc.args, err)
			}
			w := want
			tc.set(&w)
			if got := d4Options(f); !reflect.DeepEqual(got, w) {
				t.Errorf("%s %v: options %+v, want %+v", e.task.Name, tc.args, got, w)
			}
		}
	}
}

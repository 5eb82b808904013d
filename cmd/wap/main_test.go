package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/learn"
)

// runWap runs the command line in-process and returns its exit status and
// output.
func runWap(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = cli.Main("wap", commands, args, &out, &errb)
	return code, out.String(), errb.String()
}

// lastLine returns the last line of output that ends in a newline ("" for
// an empty last line).
func lastLine(t *testing.T, s string) string {
	t.Helper()
	if !strings.HasSuffix(s, "\n") {
		t.Fatalf("stdout %q does not end in a newline", s)
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// writeFiles writes the test programs into a temporary directory and
// returns it.
func writeFiles(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	garbage := make([]byte, 256)
	for i := range garbage {
		garbage[i] = byte(i)
	}
	bomb := "MACRO: M0 1 DROP ;\n"
	for i := 1; i <= 30; i++ {
		p := strconv.Itoa(i - 1)
		bomb += "MACRO: M" + strconv.Itoa(i) + " M" + p + " M" + p + " M" + p + " M" + p + " ;\n"
	}
	bomb += "M30\n"
	files := map[string]string{
		"add.fth":        "1 2 +\n",
		"empty.fth":      "",
		"comments.fth":   "\\ only comments here\n( and a stack comment -- )\n",
		"loop.fth":       "BEGIN 0 UNTIL\n",
		"drop.fth":       "DROP\n",
		"var.fth":        "VARIABLE A VARIABLE B 5 A ! A @\n",
		"unknown.fth":    "1 2 FOO\n",
		"unclosed.fth":   ": X 1 2\n",
		"if.fth":         "1 IF 2\n",
		"slot.fth":       "1 2 { observe D0 D-1 -> choose NOP SWAP }\n",
		"garbage.bin":    string(garbage),
		"latin1.fth":     "1 2 caf\xe9\n",
		"bom.fth":        "\ufeff1 2 +\n",
		"bigheap.fth":    "CREATE A 1048576 ALLOT CREATE B 1 ALLOT\n",
		"bomb.fth":       bomb,
		"wrap.fth":       "7 5 +\n",
		"unreadable.fth": "1\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "subdir"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// expand replaces $DIR in args with dir.
func expand(args []string, dir string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.ReplaceAll(a, "$DIR", dir)
	}
	return out
}

func TestRunSuccess(t *testing.T) {
	dir := writeFiles(t)
	tests := []struct {
		name string
		args []string
		want string // the last line of stdout
	}{
		{"embedded sketch", []string{"run", "--stack", "2 4 2 7 4", "bubble"}, "7 4 2 2"},
		{"d4 machine", []string{"run", "--machine", "d4", "--stack", "2 4 2 7 4", "bubble"}, "7 4 2 2"},
		{"d4 machine, small sizes", []string{"run", "--machine", "d4", "--value-size", "10", "--stack-size", "12", "--stack", "2 4 2 7 4", "bubble"}, "7 4 2 2"},
		{"embedded sketch with suffix", []string{"run", "--stack", "2 4 2 7 4", "bubble.fth"}, "7 4 2 2"},
		{"path", []string{"run", "--stack", "2 4 2 7 4", "../../sketches/bubble.fth"}, "7 4 2 2"},
		{"flags after FILE", []string{"run", "bubble", "--stack", "2 4 2 7 4"}, "7 4 2 2"},
		{"flags around FILE", []string{"run", "--value-size", "10", "bubble", "--stack=2 4 2 7 4", "--strict"}, "7 4 2 2"},
		{"single-dash flags", []string{"run", "-stack", "3 1 2 3", "-steps", "100000", "bubble"}, "3 2 1"},
		{"strict", []string{"run", "--strict", "--stack", "2 4 2 7 4", "bubble"}, "7 4 2 2"},
		{"explicit symbolic machine", []string{"run", "--machine", "symbolic", "--stack", "1 2 2", "bubble"}, "2 1"},
		{"temp file", []string{"run", "$DIR/add.fth"}, "3"},
		{"temp file with initial stack", []string{"run", "--stack", "9", "$DIR/add.fth"}, "9 3"},
		{"negative initial values wrap", []string{"run", "--stack", "-1", "$DIR/add.fth"}, "255 3"},
		{"value size wraps", []string{"run", "--value-size", "10", "$DIR/wrap.fth"}, "2"},
		{"variables", []string{"run", "$DIR/var.fth"}, "5"},
		{"larger heap than needed", []string{"run", "--heap-size", "100", "$DIR/var.fth"}, "5"},
		{"maximum stack size", []string{"run", "--stack-size", "1048576", "$DIR/add.fth"}, "3"},
		{"empty file: empty final stack", []string{"run", "$DIR/empty.fth"}, ""},
		{"empty file keeps the initial stack", []string{"run", "--stack", "1 2", "$DIR/empty.fth"}, "1 2"},
		{"only comments", []string{"run", "$DIR/comments.fth"}, ""},
		{"zero step budget on an empty program", []string{"run", "--steps", "0", "$DIR/empty.fth"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runWap(t, expand(tt.args, dir)...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if stderr != "" {
				t.Errorf("stderr %q, want none", stderr)
			}
			if got := lastLine(t, stdout); got != tt.want {
				t.Errorf("last line %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEmptyProgramPrintsOneEmptyLine(t *testing.T) {
	dir := writeFiles(t)
	for _, f := range []string{"empty.fth", "comments.fth"} {
		code, stdout, stderr := runWap(t, "run", filepath.Join(dir, f))
		if code != 0 || stdout != "\n" || stderr != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0, \"\\n\", \"\"", f, code, stdout, stderr)
		}
	}
}

func TestTrace(t *testing.T) {
	dir := writeFiles(t)
	tests := []struct {
		args  []string
		steps int // 0: not checked
		want  string
	}{
		{[]string{"run", "--trace", filepath.Join(dir, "add.fth")}, 3, "3"},
		{[]string{"run", "--trace", "--stack", "2 4 2 7 4", "bubble"}, 0, "7 4 2 2"},
		{[]string{"run", "bubble", "--stack", "2 4 2 7 4", "--trace"}, 0, "7 4 2 2"},
	}
	for _, tt := range tests {
		code, stdout, stderr := runWap(t, tt.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", tt.args, code, stderr)
		}
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		if len(lines) < 3 {
			t.Fatalf("%v: %d lines of output, want a header, rows and the stack:\n%s", tt.args, len(lines), stdout)
		}
		header := strings.Fields(lines[0])
		if len(header) < 2 || header[0] != "step" || header[1] != "pc" {
			t.Errorf("%v: header %q, want it to start with step and pc", tt.args, lines[0])
		}
		rows := lines[1 : len(lines)-1]
		if tt.steps != 0 && len(rows) != tt.steps {
			t.Errorf("%v: %d rows, want %d", tt.args, len(rows), tt.steps)
		}
		for i, row := range rows {
			f := strings.Fields(row)
			if len(f) < 4 || f[0] != strconv.Itoa(i+1) {
				t.Fatalf("%v: row %d is %q, want it to start with step %d", tt.args, i+1, row, i+1)
			}
			if _, err := strconv.Atoi(f[1]); err != nil {
				t.Fatalf("%v: row %d is %q: the pc %q is not a number", tt.args, i+1, row, f[1])
			}
		}
		if got := lines[len(lines)-1]; got != tt.want {
			t.Errorf("%v: last line %q, want %q", tt.args, got, tt.want)
		}
	}
	// The rows of add.fth show the data stack growing.
	_, stdout, _ := runWap(t, "run", "--trace", filepath.Join(dir, "add.fth"))
	for _, want := range []string{"[1]", "[1 2]", "[3]"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("trace lacks %s:\n%s", want, stdout)
		}
	}
}

func TestList(t *testing.T) {
	dir := writeFiles(t)
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"run", "--list", filepath.Join(dir, "add.fth")}, []string{"HALT", "+", "add.fth:1:1", "add.fth:1:5"}},
		{[]string{"run", "--list", "bubble"}, []string{"BUBBLE:", "SORT:", "HALT", "bubble:"}},
		// --list compiles without running: a non-halting program is fine.
		{[]string{"run", "--list", "--steps", "1", filepath.Join(dir, "loop.fth")}, []string{"UNTIL"}},
		// and so is a sketch with slots.
		{[]string{"run", "--list", "sort_compare"}, []string{"slot 0"}},
	}
	for _, tt := range tests {
		code, stdout, stderr := runWap(t, tt.args...)
		if code != 0 || stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", tt.args, code, stderr)
		}
		for _, w := range tt.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%v: listing lacks %q:\n%s", tt.args, w, stdout)
			}
		}
		// One line per instruction: "addr  word  file:line:col" or a label.
		for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
			if strings.HasSuffix(line, ":") {
				continue
			}
			if _, err := strconv.Atoi(strings.Fields(line)[0]); err != nil {
				t.Errorf("%v: listing line %q does not start with an address", tt.args, line)
			}
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {"run", "--help"}, {"run", "-h"}, {"run", "bubble", "--help"}} {
		code, stdout, stderr := runWap(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d, want 0", args, code)
		}
		if !strings.Contains(stdout+stderr, "usage: wap") {
			t.Errorf("%v: no usage text in %q", args, stdout+stderr)
		}
	}
	_, _, stderr := runWap(t, "run", "--help")
	for _, flag := range []string{"-value-size", "-stack-size", "-heap-size", "-steps", "-stack", "-machine", "-strict", "-trace", "-list", "bubble"} {
		if !strings.Contains(stderr, flag) {
			t.Errorf("run --help does not mention %s", flag)
		}
	}
}

func TestErrors(t *testing.T) {
	dir := writeFiles(t)
	tests := []struct {
		name string
		args []string
		code int      // expected exit status: 2 for command-line errors, 1 otherwise
		want []string // substrings of the error line
	}{
		{"no command", nil, 2, []string{"no command", "run"}},
		{"unknown command", []string{"frob"}, 2, []string{`unknown command "frob"`, "run"}},
		{"missing FILE", []string{"run"}, 2, []string{"expected a FILE", "bubble"}},
		{"missing FILE with flags", []string{"run", "--stack", "1 2"}, 2, []string{"expected a FILE"}},
		{"two FILEs", []string{"run", "bubble", "sort_compare"}, 2, []string{"expected one FILE", "got 2"}},
		{"stdin", []string{"run", "-"}, 2, []string{"standard input", "not supported"}},
		{"nonexistent file", []string{"run", "$DIR/nope.fth"}, 1, []string{"nope.fth", "no such file", "embedded"}},
		{"directory", []string{"run", "$DIR/subdir"}, 1, []string{"subdir", "is a directory"}},
		{"binary garbage", []string{"run", "$DIR/garbage.bin"}, 1, []string{"garbage.bin:1:1:", "control character U+0000"}},
		{"invalid UTF-8", []string{"run", "$DIR/latin1.fth"}, 1, []string{"latin1.fth:1:8:", "0xe9", "not UTF-8"}},
		{"byte order mark", []string{"run", "$DIR/bom.fth"}, 1, []string{"bom.fth:1:1:", "U+FEFF"}},
		{"unknown word", []string{"run", "$DIR/unknown.fth"}, 1, []string{"unknown.fth:1:5:", "unknown word FOO"}},
		{"unclosed definition", []string{"run", "$DIR/unclosed.fth"}, 1, []string{"unclosed.fth:2:1:", "expected ;", "unclosed.fth:1:1"}},
		{"unclosed IF", []string{"run", "$DIR/if.fth"}, 1, []string{"if.fth:", "THEN"}},
		{"malformed sketch under --list", []string{"run", "--list", "$DIR/unknown.fth"}, 1, []string{"unknown.fth:1:5:"}},
		{"non-integer stack value", []string{"run", "--stack", "1 x", "bubble"}, 2, []string{"--stack", `"x"`, "not an integer"}},
		{"huge stack value", []string{"run", "--stack", "99999999999999999999999", "bubble"}, 2, []string{"--stack", "out of range"}},
		{"value size 1", []string{"run", "--value-size", "1", "bubble"}, 2, []string{"--value-size 1", "between 2 and 1048576"}},
		{"negative value size", []string{"run", "--value-size", "-5", "bubble"}, 2, []string{"--value-size -5", "between 2 and"}},
		{"huge value size", []string{"run", "--value-size", "100000000", "bubble"}, 2, []string{"--value-size 100000000", "1048576"}},
		{"stack size 1", []string{"run", "--stack-size", "1", "bubble"}, 2, []string{"--stack-size 1", "between 2 and"}},
		{"huge stack size", []string{"run", "--stack-size", "100000000", "bubble"}, 2, []string{"--stack-size 100000000", "out of range", "1048576"}},
		{"negative heap size", []string{"run", "--heap-size", "-1", "bubble"}, 2, []string{"--heap-size -1", "out of range"}},
		{"huge heap size", []string{"run", "--heap-size", "100000000", "bubble"}, 2, []string{"--heap-size 100000000", "1048576"}},
		{"heap smaller than the variables", []string{"run", "--heap-size", "1", "$DIR/var.fth"}, 2, []string{"--heap-size 1", "smaller", "2 cells"}},
		{"negative steps", []string{"run", "--steps", "-1", "bubble"}, 2, []string{"--steps -1", "negative"}},
		{"unknown machine", []string{"run", "--machine", "foo", "bubble"}, 2, []string{"flag -machine", `unknown machine "foo" (want symbolic or d4)`}},
		{"unknown machine under --list", []string{"run", "--list", "--machine", "foo", "bubble"}, 2, []string{"flag -machine"}},
		{"d4 slots without a model", []string{"run", "--machine", "d4", "sort_compare"}, 1, []string{"1 slots", "--model"}},
		{"d4 value size too large", []string{"run", "--machine", "d4", "--value-size", "5000", "bubble"}, 1, []string{"value size 5000", "∂4"}},
		{"d4 no halt", []string{"run", "--machine", "d4", "--steps", "50", "bubble"}, 1, []string{"does not halt", "50 steps"}},
		{"d4 trace", []string{"run", "--machine", "d4", "--trace", "bubble"}, 2, []string{"--trace", "symbolic"}},
		{"missing model", []string{"run", "--model", "/nonexistent/m.json", "sort_compare"}, 1, []string{"model /nonexistent/m.json", "no such directory"}},
		{"unknown flag", []string{"run", "--bogus", "bubble"}, 2, []string{"-bogus", "not defined", "wap run --help"}},
		{"unknown flag after FILE", []string{"run", "bubble", "--bogus"}, 2, []string{"-bogus", "not defined"}},
		{"bad flag value", []string{"run", "--steps", "many", "bubble"}, 2, []string{`"many"`, "-steps"}},
		{"flag without its value", []string{"run", "bubble", "--stack"}, 2, []string{"needs an argument", "-stack"}},
		{"non-halting program", []string{"run", "--steps", "10", "$DIR/loop.fth"}, 1, []string{"did not halt", "step budget", "10 steps"}},
		{"zero step budget", []string{"run", "--steps", "0", "$DIR/add.fth"}, 1, []string{"step budget", "0 steps"}},
		{"strict underflow", []string{"run", "--strict", "$DIR/drop.fth"}, 1, []string{"drop.fth:1:1:", "DROP", "underflow"}},
		{"strict initial stack overflow", []string{"run", "--strict", "--stack-size", "3", "--stack", "1 2 3", "$DIR/add.fth"}, 2, []string{"--stack holds 3 values", "--stack-size"}},
		{"slot run symbolically", []string{"run", "$DIR/slot.fth"}, 1, []string{"slot.fth has 1 slots", "--model DIR"}},
		{"embedded sketch with a slot", []string{"run", "--stack", "3 1 2 3", "sort_compare"}, 1, []string{"sort_compare has 1 slots", "--model DIR"}},
		{"variables beyond the heap limit", []string{"run", "$DIR/bigheap.fth"}, 1, []string{"bigheap.fth:1:31:", "at most 1048576"}},
		{"macro expansion bomb", []string{"run", "$DIR/bomb.fth"}, 1, []string{"bomb.fth:", "instructions"}},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		tests = append(tests, struct {
			name string
			args []string
			code int
			want []string
		}{"device file", []string{"run", "/dev/zero"}, 1, []string{"/dev/zero", "not a regular file"}})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runWap(t, expand(tt.args, dir)...)
			checkOneLineError(t, code, stderr, tt.want...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
		})
	}
}

// checkOneLineError checks the error contract: a non-zero exit and exactly
// one line on stderr that starts with "wap", holds the wanted substrings
// and shows no Go panic or stack trace.
func checkOneLineError(t *testing.T, code int, stderr string, want ...string) {
	t.Helper()
	if code == 0 {
		t.Errorf("exit 0, want non-zero (stderr %q)", stderr)
	}
	if !strings.HasSuffix(stderr, "\n") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr is not exactly one line: %q", stderr)
	}
	if !strings.HasPrefix(stderr, "wap") {
		t.Errorf("stderr %q does not start with wap", stderr)
	}
	for _, bad := range []string{"goroutine", "panic", "runtime.", "internal error", "usage:"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("stderr contains %q: %q", bad, stderr)
		}
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr %q lacks %q", stderr, w)
		}
	}
	for _, r := range stderr[:len(stderr)-1] {
		if r < ' ' && r != '\t' {
			t.Errorf("stderr holds control character %U: %q", r, stderr)
			break
		}
	}
}

// A trace that ends in an error keeps its rows on stdout and still reports
// the error in one line.
func TestTraceThenError(t *testing.T) {
	dir := writeFiles(t)
	code, stdout, stderr := runWap(t, "run", "--trace", "--steps", "4", filepath.Join(dir, "loop.fth"))
	checkOneLineError(t, code, stderr, "step budget", "4 steps")
	if n := strings.Count(stdout, "\n"); n != 5 {
		t.Errorf("trace of %d lines, want a header and 4 rows:\n%s", n, stdout)
	}
}

func TestUnreadableFile(t *testing.T) {
	dir := writeFiles(t)
	path := filepath.Join(dir, "unreadable.fth")
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
	if f, err := os.Open(path); err == nil {
		f.Close()
		testskip.Skip(t, "running with privileges that read any file")
	}
	code, stdout, stderr := runWap(t, "run", path)
	checkOneLineError(t, code, stderr, "unreadable.fth", "permission denied")
	if stdout != "" {
		t.Errorf("stdout %q, want nothing", stdout)
	}
}

// Every embedded sketch compiles, and the slot-free ones run; every
// combination of small sizes either runs or fails with one line.
func TestSketchesNeverPanic(t *testing.T) {
	for _, name := range []string{"bubble", "sort_compare", "sort_permute", "add_choose", "add_manipulate", "wap"} {
		if code, _, stderr := runWap(t, "run", "--list", name); code != 0 {
			t.Errorf("%s --list: exit %d, stderr %q", name, code, stderr)
		}
		for _, l := range []string{"2", "3", "5", "256"} {
			for _, v := range []string{"2", "3", "256"} {
				for _, strict := range []string{"--strict=false", "--strict"} {
					for _, stack := range []string{"", "1 2 3", "9 8 7 6 5 4 3 2 1 9"} {
						args := []string{"run", "--steps", "5000", "--stack-size", l, "--value-size", v, strict, "--stack", stack, name}
						code, _, stderr := runWap(t, args...)
						if code != 0 {
							checkOneLineError(t, code, stderr)
						} else if stderr != "" {
							t.Errorf("%v: exit 0 with stderr %q", args, stderr)
						}
					}
				}
			}
		}
	}
}

// TestRunWithModel runs a sketch with slots from a model directory on
// both machines: hybrid symbolic and discretised ∂4 must agree.
func TestRunWithModel(t *testing.T) {
	dir := t.TempDir()
	src := "{ observe D0 D-1 -> choose NOP SWAP }\n"
	sketch := filepath.Join(dir, "swap.fth")
	if err := os.WriteFile(sketch, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := d4.NewModel(sketch, src, 10, 6, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "swap")
	w, err := learn.OpenDir(model)
	if err == nil {
		err = w.Save(&learn.Model{Model: m, Steps: 1, Static: true})
		w.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{"3 7", "7 3", "5 5"} {
		var outs []string
		for _, machine := range []string{"symbolic", "d4"} {
			var stdout, stderr bytes.Buffer
			code := cli.Main("wap", commands, []string{"run", "--machine", machine, "--discretise=" + fmt.Sprint(machine == "d4"), "--model", model, "--stack", in, sketch}, &stdout, &stderr)
			if code != 0 {
				t.Fatalf("%s %q: exit %d: %s", machine, in, code, stderr.String())
			}
			outs = append(outs, lastLine(t, stdout.String()))
		}
		if outs[0] != outs[1] || len(strings.Fields(outs[0])) != 2 {
			t.Errorf("input %q: hybrid %q, ∂4 %q", in, outs[0], outs[1])
		}
	}
	var stdout, stderr bytes.Buffer
	other := filepath.Join(dir, "other.fth")
	os.WriteFile(other, []byte("{ observe D0 D-1 -> choose SWAP NOP }\n"), 0o644)
	if code := cli.Main("wap", commands, []string{"run", "--model", model, "--stack", "1 2", other}, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "different sketch") {
		t.Errorf("another sketch with the model: exit %d, %q", code, stderr.String())
	}
	stderr.Reset()
	if code := cli.Main("wap", commands, []string{"run", "--model", model, "--value-size", "12", "--stack", "1 2", sketch}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "trained with value size 10") {
		t.Errorf("value size mismatch: exit %d, %q", code, stderr.String())
	}
	// A slot element deeper than the stack is an error naming the slot.
	stderr.Reset()
	if code := cli.Main("wap", commands, []string{"run", "--model", model, "--stack-size", "2", sketch}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "swap.fth:1:") || !strings.Contains(stderr.String(), "deeper") || !strings.Contains(stderr.String(), "stack of size 2") {
		t.Errorf("slot element deeper than the stack: exit %d, %q", code, stderr.String())
	}
}

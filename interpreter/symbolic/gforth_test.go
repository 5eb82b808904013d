package symbolic

// A differential test against gforth: every program of the corpus below runs
// on the symbolic machine and, translated from its parsed syntax tree, on
// gforth; the final data stacks must agree.
//
// The translation changes only what differs by design between our machine
// and ANS Forth:
//   - values are integers modulo the value size v: a prelude redefines
//     + - * 1+ 1- to reduce with "v mod" (gforth's MOD is floored, so the
//     result lies in [0, v)), literals and the initial stack are reduced
//     the same way, and / returns 0 for a zero divisor;
//   - comparisons return 1 or 0 here, -1 or 0 in Forth: the prelude
//     redefines > < = to negate the result;
//   - the heap is cell-addressed from 0: the prelude allocates a zeroed
//     array and redefines @ and ! to index it, and each VARIABLE or CREATE
//     becomes a constant holding our cell address;
//   - macros are inlined at each use site (exactly what our compiler does,
//     so a macro may move values across its boundary on the return stack);
//   - colon definitions are marked recursive so that they can call
//     themselves by name, and every user name gets the prefix "u-" so that
//     it cannot collide with a gforth or prelude word;
//   - the top-level code becomes the body of a colon definition run after
//     all the definitions; @R becomes R@ (I and R@ stay as written).

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/d4lang/d4/internal/testskip"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/internal/corpus"
)

// gforthName is the gforth name of a user definition or variable.
func gforthName(name string) string { return "u-" + strings.ToLower(name) }

// gforthTranslator turns a parsed program into gforth source.
type gforthTranslator struct {
	b         strings.Builder
	expanding []*forth.Def // macros being inlined
}

func (tr *gforthTranslator) word(s string) {
	tr.b.WriteString(s)
	tr.b.WriteByte(' ')
}

func (tr *gforthTranslator) seq(nodes []forth.Node) error {
	for _, n := range nodes {
		if err := tr.node(n); err != nil {
			return err
		}
	}
	return nil
}

func (tr *gforthTranslator) node(n forth.Node) error {
	switch n := n.(type) {
	case *forth.Literal:
		tr.word(fmt.Sprintf("%d vmod", n.Value))
	case *forth.Word:
		switch n.Kind {
		case forth.WordPrim:
			switch {
			case n.Prim == forth.Nop:
				tr.word("noop")
			case n.Prim == forth.RFetch && n.Name == "I":
				tr.word("i")
			case n.Prim == forth.RFetch:
				tr.word("r@") // R@ and @R
			default:
				tr.word(strings.ToLower(n.Prim.String()))
			}
		case forth.WordCall, forth.WordVar:
			tr.word(gforthName(n.Name))
		case forth.WordMacro:
			if slices.Contains(tr.expanding, n.Def) {
				return fmt.Errorf("%s: macro %s expands itself", n.Pos, n.Name)
			}
			tr.expanding = append(tr.expanding, n.Def)
			err := tr.seq(n.Def.Body)
			tr.expanding = tr.expanding[:len(tr.expanding)-1]
			return err
		default:
			return fmt.Errorf("%s: unknown word kind %d", n.Pos, n.Kind)
		}
	case *forth.If:
		tr.word("if")
		if err := tr.seq(n.Then); err != nil {
			return err
		}
		if n.ElsePos != (forth.Pos{}) {
			tr.word("else")
			if err := tr.seq(n.Else); err != nil {
				return err
			}
		}
		tr.word("then")
	case *forth.BeginWhile:
		tr.word("begin")
		if err := tr.seq(n.Cond); err != nil {
			return err
		}
		tr.word("while")
		if err := tr.seq(n.Body); err != nil {
			return err
		}
		tr.word("repeat")
	case *forth.BeginUntil:
		tr.word("begin")
		if err := tr.seq(n.Body); err != nil {
			return err
		}
		tr.word("until")
	case *forth.DoLoop:
		tr.word("do")
		if err := tr.seq(n.Body); err != nil {
			return err
		}
		tr.word("loop")
	case *forth.Exit:
		tr.word("exit")
	default:
		return fmt.Errorf("%s: %T has no gforth translation", n.Position(), n)
	}
	return nil
}

// gforthHeap is the number of heap cells the gforth prelude allocates.
const gforthHeap = 64

// translateGforth renders prog, run on the initial stack init with value
// size v, as a gforth program that prints "RESULT:" and the final stack,
// bottom first, on one line.
func translateGforth(prog *forth.Program, v int, init []int) (string, error) {
	if len(prog.Slots) > 0 {
		return "", fmt.Errorf("slots have no gforth translation")
	}
	if prog.HeapCells > gforthHeap {
		return "", fmt.Errorf("program takes %d heap cells, the gforth prelude has %d", prog.HeapCells, gforthHeap)
	}
	tr := &gforthTranslator{}
	b := &tr.b
	// Words defined before the arithmetic is redefined use gforth's own.
	fmt.Fprintf(b, `warnings off
: .all ( -- ) depth 0 ?do depth i - 1- pick . loop ;
: report ( -- ) ." RESULT:" .all cr ;
%d constant vsize
: vmod ( x -- x mod v ) vsize mod ;
create heap %d cells allot  heap %d cells erase
: @ ( a -- x ) cells heap + @ ;
: ! ( x a -- ) cells heap + ! ;
: + + vmod ;
: - - vmod ;
: * * vmod ;
: 1+ 1+ vmod ;
: 1- 1- vmod ;
: / ( x y -- x/y ) dup 0= if 2drop 0 else / then ;
: > > negate ;
: < < negate ;
: = = negate ;
`, v, gforthHeap, gforthHeap)
	for _, va := range prog.Vars {
		fmt.Fprintf(b, "%d constant %s\n", va.Addr, gforthName(va.Name))
	}
	for _, d := range prog.Defs {
		if d.Macro {
			continue // inlined at each use
		}
		fmt.Fprintf(b, ": %s recursive ", gforthName(d.Name))
		if err := tr.seq(d.Body); err != nil {
			return "", err
		}
		b.WriteString(";\n")
	}
	b.WriteString(": run-main ")
	if err := tr.seq(prog.Main); err != nil {
		return "", err
	}
	b.WriteString(";\n")
	for _, x := range init {
		fmt.Fprintf(b, "%d vmod ", x)
	}
	b.WriteString("run-main report\nbye\n")
	return b.String(), nil
}

// runGforth runs a gforth program and returns the stack it reports.
func runGforth(t *testing.T, gforth, src string) ([]int, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "prog.fs")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, gforth, file, "-e", "bye")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("gforth timed out: %v\nstdout:\n%s\nstderr:\n%s", ctx.Err(), &stdout, &stderr)
	}
	if err != nil {
		return nil, fmt.Errorf("gforth: %v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	const mark = "RESULT:"
	out := stdout.String()
	i := strings.Index(out, mark)
	if i < 0 {
		return nil, fmt.Errorf("gforth printed no %s line\nstdout:\n%s\nstderr:\n%s", mark, out, &stderr)
	}
	line, _, _ := strings.Cut(out[i+len(mark):], "\n")
	vals := []int{}
	for _, f := range strings.Fields(line) {
		x, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("gforth result line %q: %v", line, err)
		}
		vals = append(vals, x)
	}
	return vals, nil
}

func TestGforthDifferential(t *testing.T) {
	gforth, err := exec.LookPath("gforth")
	if err != nil {
		testskip.Skip(t, "gforth not installed: apt-get install gforth")
	}
	cases := corpus.Cases()
	if len(cases) < 35 {
		t.Fatalf("corpus has %d programs, want at least 35", len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			prog, err := forth.Parse(tc.Name+".fth", tc.Src)
			if err != nil {
				t.Fatalf("parse: %v\nprogram:\n%s", err, tc.Src)
			}
			code, err := forth.Compile(prog)
			if err != nil {
				t.Fatalf("compile: %v\nprogram:\n%s", err, tc.Src)
			}
			m := mustNew(t, code, Config{ValueSize: tc.V, StackSize: 64, MaxSteps: 1_000_000, Strict: true})
			if err := m.Push(tc.Init...); err != nil {
				t.Fatalf("push: %v", err)
			}
			if err := m.Run(); err != nil {
				t.Fatalf("our machine: %v\nprogram:\n%s", err, tc.Src)
			}
			ours := m.D.Values()
			if d := m.R.Depth(); d != 0 {
				t.Fatalf("our return stack ends with %d values %v: the corpus must leave it empty so that the gforth translation is valid\nprogram:\n%s", d, m.R.Values(), tc.Src)
			}
			if len(ours) == 0 && !tc.Empty {
				t.Fatalf("our machine left an empty stack: the program tests nothing\nprogram:\n%s", tc.Src)
			}
			if len(ours) != 0 && tc.Empty {
				t.Fatalf("our machine left %v, want an empty stack\nprogram:\n%s", ours, tc.Src)
			}
			gsrc, err := translateGforth(prog, tc.V, tc.Init)
			if err != nil {
				t.Fatalf("translate: %v\nprogram:\n%s", err, tc.Src)
			}
			theirs, err := runGforth(t, gforth, gsrc)
			if err != nil {
				t.Fatalf("%v\nprogram:\n%s\ngforth source:\n%s", err, tc.Src, gsrc)
			}
			if !slices.Equal(ours, theirs) {
				t.Errorf("final data stacks differ (v = %d, initial stack %v)\nours:   %v\ngforth: %v\nprogram:\n%s\ngforth source:\n%s",
					tc.V, tc.Init, ours, theirs, tc.Src, gsrc)
			}
		})
	}
}

// TestGforthCorpusCoverage checks that the differential corpus uses every
// word and construct of the language (it needs no gforth).
func TestGforthCorpusCoverage(t *testing.T) {
	seen := map[string]bool{}
	var walk func(nodes []forth.Node, def *forth.Def, loopDepth int)
	walk = func(nodes []forth.Node, def *forth.Def, loopDepth int) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *forth.Literal:
				seen["literal"] = true
				if n.Value < 0 {
					seen["negative literal"] = true
				}
			case *forth.Word:
				switch n.Kind {
				case forth.WordPrim:
					seen["prim "+n.Prim.String()] = true
					seen["spelling "+strings.ToUpper(n.Text)] = true
				case forth.WordCall:
					seen["colon call"] = true
					if n.Def == def {
						seen["recursion by name"] = true
					}
				case forth.WordMacro:
					seen["macro use"] = true
					if def != nil && !def.Macro {
						seen["macro in colon definition"] = true
					}
				case forth.WordVar:
					seen["variable use"] = true
				}
			case *forth.If:
				seen["IF THEN"] = true
				if n.ElsePos != (forth.Pos{}) {
					seen["IF ELSE THEN"] = true
				}
				walk(n.Then, def, loopDepth)
				walk(n.Else, def, loopDepth)
			case *forth.BeginWhile:
				seen["BEGIN WHILE REPEAT"] = true
				walk(n.Cond, def, loopDepth)
				walk(n.Body, def, loopDepth)
			case *forth.BeginUntil:
				seen["BEGIN UNTIL"] = true
				walk(n.Body, def, loopDepth)
			case *forth.DoLoop:
				seen["DO LOOP"] = true
				if loopDepth > 0 {
					seen["nested DO LOOP"] = true
				}
				walk(n.Body, def, loopDepth+1)
			case *forth.Exit:
				seen["EXIT"] = true
			}
		}
	}
	for _, tc := range corpus.Cases() {
		prog, err := forth.Parse(tc.Name+".fth", tc.Src)
		if err != nil {
			t.Fatalf("%s: %v", tc.Name, err)
		}
		walk(prog.Main, nil, 0)
		for _, d := range prog.Defs {
			walk(d.Body, d, 0)
			if d.Macro {
				seen["macro definition"] = true
				r := 0
				for _, n := range d.Body {
					if w, ok := n.(*forth.Word); ok && w.Kind == forth.WordPrim {
						_, _, rIn, rOut := w.Prim.Effect()
						r += rOut - rIn
					}
				}
				if r != 0 {
					seen["macro unbalanced on the return stack"] = true
				}
			} else {
				seen["colon definition"] = true
			}
		}
		for _, va := range prog.Vars {
			if va.Cells > 1 {
				seen["CREATE ALLOT"] = true
			}
		}
		up := strings.ToUpper(tc.Src)
		if strings.Contains(up, "VARIABLE ") {
			seen["VARIABLE"] = true
		}
		if strings.Contains(tc.Src, "\\ ") {
			seen["\\ comment"] = true
		}
		if strings.Contains(tc.Src, "( ") {
			seen["( ) comment"] = true
		}
		if len(tc.Init) > 0 {
			seen["initial stack"] = true
		}
	}
	want := []string{
		"literal", "negative literal", "colon call", "recursion by name", "macro use",
		"macro in colon definition", "variable use", "IF THEN", "IF ELSE THEN",
		"BEGIN WHILE REPEAT", "BEGIN UNTIL", "DO LOOP", "nested DO LOOP", "EXIT",
		"macro definition", "macro unbalanced on the return stack", "colon definition",
		"CREATE ALLOT", "VARIABLE", "\\ comment", "( ) comment", "initial stack",
		"spelling R@", "spelling @R", "spelling I",
	}
	for p := forth.Prim(0); p < forth.NumPrims; p++ {
		want = append(want, "prim "+p.String())
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("the gforth corpus never uses %s", w)
		}
	}
}

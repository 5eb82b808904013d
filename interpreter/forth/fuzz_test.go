package forth_test

import (
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/symbolic"
	"github.com/d4lang/d4/sketches"
)

// fuzzSeeds are small valid and invalid snippets, besides the embedded
// sketches.
var fuzzSeeds = []string{
	"",
	"1 2 + DUP *",
	": SQ DUP * ; 3 SQ",
	": FACT DUP 1 > IF DUP 1- FACT * THEN ; 4 FACT",
	": EVEN? DUP IF 1- ODD? ELSE DROP 1 THEN ; : ODD? DUP IF 1- EVEN? ELSE DROP 0 THEN ; 4 EVEN?",
	"MACRO: TWICE DUP + ; 3 TWICE TWICE",
	"VARIABLE X CREATE B 3 ALLOT 7 X ! X @ B 2 + ! B 2 + @",
	"3 BEGIN DUP WHILE 1- REPEAT 0 BEGIN 1+ DUP 4 = UNTIL",
	"5 2 DO I LOOP 0 3 0 DO 2 0 DO 1+ LOOP LOOP",
	": F 1 EXIT 2 ; F >R R@ R> @R",
	"( comment ) 1 \\ line comment\n 2 -3 /",
	"1 2 { observe D0 D-1 -> tanh -> linear 10 -> choose NOP SWAP }",
	"VARIABLE V { static -> sigmoid -> manipulate D0 H0 R0 }",
	": W 1+ ; 1 2 3 >R { observe D0 R0 -> permute D0 D-1 D-2 R0 } { static -> choose W 7 V } VARIABLE V",
	"MACRO: S { observe D0 -> choose DUP DROP } ; 1 S S",
	": F F ; F",
	"R> R> DROP DROP EXIT",
	"1 IF 2",
	": X ELSE ;",
	"MACRO: A B ; MACRO: B A ; A",
	"{ observe D0 -> choose NOP SWAP",
	"CREATE X 0 ALLOT { observe H5 -> permute D0 }",
	"99999999999999999999 ( unclosed",
	"\xff\x00 : \t;\r\n}",
}

// posPrefix matches the start of a front-end error: the file and a position.
var posPrefix = regexp.MustCompile(`^fuzz\.fth:[1-9][0-9]*:[1-9][0-9]*: `)

// fuzzDecider makes arbitrary, sometimes invalid, slot decisions so that
// the machine's slot code runs too.
type fuzzDecider struct{ n int }

func (d *fuzzDecider) Decide(s *forth.SlotCode, m *symbolic.Machine) (symbolic.Decision, error) {
	d.n++
	switch s.Dec.Kind {
	case forth.Choose:
		return symbolic.Decision{Choice: (d.n*7)%(len(s.Choices)+1) - d.n%2}, nil
	case forth.Permute:
		k := len(s.Dec.Elems)
		perm := make([]int, k)
		for i := range perm {
			perm[i] = (i + d.n) % k
		}
		if d.n%5 == 0 {
			perm[0] = k // invalid
		}
		if d.n%7 == 0 {
			perm = perm[1:] // wrong length
		}
		return symbolic.Decision{Perm: perm}, nil
	case forth.Manipulate:
		vals := make([]int, len(s.Dec.Elems))
		for i := range vals {
			vals[i] = d.n*13 - 50 + i*1000003
		}
		return symbolic.Decision{Values: vals}, nil
	}
	if d.n%3 == 0 {
		return symbolic.Decision{}, errors.New("no decision")
	}
	return symbolic.Decision{}, nil
}

// FuzzCompile parses and compiles arbitrary text and runs what compiles on
// the symbolic machine. Errors are expected; panics, errors without a
// position and malformed code are not.
func FuzzCompile(f *testing.F) {
	for _, name := range sketches.Names() {
		src, _ := sketches.Embedded(name)
		f.Add(src)
	}
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := forth.Parse("fuzz.fth", src)
		if err != nil {
			checkFrontEndError(t, err)
			return
		}
		code, err := forth.Compile(prog)
		if err != nil {
			checkFrontEndError(t, err)
			return
		}
		checkCode(t, code)
		_ = code.Listing()
		for _, strict := range []bool{false, true} {
			for _, decide := range []bool{false, true} {
				cfg := symbolic.Config{ValueSize: 10, StackSize: 8, MaxSteps: 2000, Strict: strict}
				if strict && decide {
					cfg.OnStep = func(s symbolic.Step) { symbolic.WriteTraceRow(io.Discard, s) }
				}
				m, err := symbolic.New(code, cfg)
				if err != nil {
					continue // e.g. a slot element deeper than the stack
				}
				if decide {
					m.Decider = &fuzzDecider{}
				}
				if err := m.Push(3, 1, 4); err != nil {
					t.Fatalf("push: %v", err)
				}
				err = m.Run()
				if err == nil && !m.Halted() {
					t.Fatalf("Run returned without error at pc %d, not the halt %d", m.PC, code.Halt)
				}
				if err != nil && strings.Contains(err.Error(), "\n") {
					t.Fatalf("run error is not one line: %q", err)
				}
			}
		}
	})
}

func checkFrontEndError(t *testing.T, err error) {
	t.Helper()
	var fe *forth.Error
	if !errors.As(err, &fe) {
		t.Fatalf("error %T is not a *forth.Error: %v", err, err)
	}
	msg := err.Error()
	if !posPrefix.MatchString(msg) {
		t.Fatalf("error without a position: %q", msg)
	}
	if strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("error is not one line: %q", msg)
	}
}

// checkCode checks the invariants of compiled code: every jump lands in
// the code, every call on a definition, every slot exists, and the halt
// ends the top-level code.
func checkCode(t *testing.T, code *forth.Code) {
	t.Helper()
	n := code.Len()
	if code.Halt < 0 || code.Halt >= n || code.Instrs[code.Halt].Op != forth.OpHalt {
		t.Fatalf("halt at %d of %d", code.Halt, n)
	}
	for i, in := range code.Instrs {
		switch in.Op {
		case forth.OpJump, forth.OpJumpZ:
			if in.Arg < 0 || in.Arg >= n {
				t.Fatalf("instr %d %v jumps outside the code", i, in)
			}
		case forth.OpCall:
			if _, ok := code.Defs[in.Arg]; !ok {
				t.Fatalf("instr %d %v calls %d, not a definition", i, in, in.Arg)
			}
		case forth.OpSlot:
			if in.Arg < 0 || in.Arg >= len(code.Slots) {
				t.Fatalf("instr %d %v: no slot %d", i, in, in.Arg)
			}
		case forth.OpHalt:
			if i != code.Halt {
				t.Fatalf("second halt at %d", i)
			}
		case forth.OpPrim:
			if in.Prim >= forth.NumPrims {
				t.Fatalf("instr %d: bad primitive %d", i, in.Prim)
			}
		}
		if i > code.Halt && in.Op != forth.OpHalt {
			if _, isDef := code.Defs[i]; isDef && code.Instrs[i-1].Op != forth.OpExit && i-1 != code.Halt {
				t.Fatalf("definition at %d does not follow an exit or the halt", i)
			}
		}
	}
	if code.Halt+1 < n && code.Instrs[n-1].Op != forth.OpExit {
		t.Fatalf("code ends in %v, not an exit", code.Instrs[n-1])
	}
	for _, s := range code.Slots {
		if s.Dec.Kind == forth.Choose && len(s.Choices) != len(s.Dec.Choices) {
			t.Fatalf("slot %d: %d compiled choices for %d", s.Index, len(s.Choices), len(s.Dec.Choices))
		}
		for _, c := range s.Choices {
			if c.Op == forth.OpCall {
				if _, ok := code.Defs[c.Arg]; !ok {
					t.Fatalf("slot %d calls %d, not a definition", s.Index, c.Arg)
				}
			}
		}
	}
}

package forth

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/sketches"
)

// TestParseErrors checks the exact text of the error for each malformed
// sketch: the position of the offending word and what was expected there.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		// Control structures.
		{"unclosed IF at EOF", "1 IF 2", "t.fth:1:7: expected ELSE or THEN to close IF (opened at t.fth:1:3), found the end of the file"},
		{"unclosed IF at EOF after newline", "1 IF\n2\n", "t.fth:3:1: expected ELSE or THEN to close IF (opened at t.fth:1:3), found the end of the file"},
		{"unclosed IF ELSE at EOF", "1 IF 2 ELSE 3", "t.fth:1:14: expected THEN to close IF … ELSE (opened at t.fth:1:3), found the end of the file"},
		{"IF closed by ;", ": X\n  1 IF 2\n;\nX", "t.fth:3:1: expected ELSE or THEN to close IF (opened at t.fth:2:5), found ;"},
		{"ELSE without IF", "1 ELSE 2", "t.fth:1:3: ELSE without a matching IF"},
		{"ELSE without IF in a definition", ": X ELSE ;", "t.fth:1:5: ELSE without a matching IF"},
		{"second ELSE", "1 IF 2 ELSE 3 ELSE 4 THEN", "t.fth:1:15: expected THEN to close IF … ELSE (opened at t.fth:1:3), found ELSE"},
		{"THEN without IF", "THEN", "t.fth:1:1: THEN without a matching IF"},
		{"THEN without IF in a definition", ": X 1 IF THEN THEN ;", "t.fth:1:15: THEN without a matching IF"},
		{"THEN closes an outer IF", "1 IF BEGIN THEN", "t.fth:1:12: expected WHILE or UNTIL to close BEGIN (opened at t.fth:1:6), found THEN"},
		{"WHILE without BEGIN", "1 WHILE", "t.fth:1:3: WHILE without a matching BEGIN"},
		{"UNTIL without BEGIN", ": X UNTIL ;", "t.fth:1:5: UNTIL without a matching BEGIN"},
		{"REPEAT without BEGIN", "REPEAT", "t.fth:1:1: REPEAT without a matching BEGIN … WHILE"},
		{"REPEAT without WHILE", "BEGIN 1 REPEAT", "t.fth:1:9: expected WHILE or UNTIL to close BEGIN (opened at t.fth:1:1), found REPEAT"},
		{"UNTIL after WHILE", "BEGIN 1 WHILE 2 UNTIL", "t.fth:1:17: expected REPEAT to close BEGIN … WHILE (opened at t.fth:1:1), found UNTIL"},
		{"BEGIN without WHILE or UNTIL", "BEGIN 1", "t.fth:1:8: expected WHILE or UNTIL to close BEGIN (opened at t.fth:1:1), found the end of the file"},
		{"BEGIN WHILE without REPEAT", "BEGIN 1 WHILE 2", "t.fth:1:16: expected REPEAT to close BEGIN … WHILE (opened at t.fth:1:1), found the end of the file"},
		{"LOOP without DO", "LOOP", "t.fth:1:1: LOOP without a matching DO"},
		{"DO without LOOP", "3 0 DO I", "t.fth:1:9: expected LOOP to close DO (opened at t.fth:1:5), found the end of the file"},
		{"DO closed by ;", ": X 3 0 DO I ;", "t.fth:1:14: expected LOOP to close DO (opened at t.fth:1:9), found ;"},
		{"EXIT at top level", "1 EXIT", "t.fth:1:3: EXIT outside a colon definition: EXIT returns from a word defined with :"},
		{"EXIT in a macro", "MACRO: M 1 EXIT ;", "t.fth:1:12: EXIT inside the macro M: a macro is inlined where it is used, so only a word defined with : can EXIT"},

		// Definitions and variables.
		{"; without :", "1 ;", "t.fth:1:3: ; without a matching : or MACRO:"},
		{"; inside IF at top level", "1 IF ; THEN", "t.fth:1:6: ; without a matching : or MACRO:"},
		{"nested :", ": x 1 : Y 2 ; ;", "t.fth:1:7: : inside the definition of x: definitions and variables belong at the top level"},
		{"nested MACRO:", ": X MACRO: Y ;", "t.fth:1:5: MACRO: inside the definition of X: definitions and variables belong at the top level"},
		{"VARIABLE in a definition", ": X\n  VARIABLE Y\n;", "t.fth:2:3: VARIABLE inside the definition of X: definitions and variables belong at the top level"},
		{"CREATE in a definition inside IF", ": X 1 IF CREATE B 2 ALLOT THEN ;", "t.fth:1:10: CREATE inside the definition of X: definitions and variables belong at the top level"},
		{"VARIABLE inside top-level IF", "1 IF VARIABLE Y THEN", "t.fth:1:6: expected ELSE or THEN to close IF (opened at t.fth:1:3), found VARIABLE"},
		{": without a name", "1 :", "t.fth:1:3: : needs a name, found the end of the file"},
		{"MACRO: without a name", "MACRO:", "t.fth:1:1: MACRO: needs a name, found the end of the file"},
		{": with a number as name", ": 5 DUP ;", "t.fth:1:3: : needs a name, found the number 5"},
		{": with a reserved word as name", ": IF DUP ;", "t.fth:1:3: : needs a name, found the reserved word IF"},
		{": with ; as name", ": ;", "t.fth:1:3: : needs a name, found the reserved word ;"},
		{"redefine DUP", ": dup DUP DUP ;", "t.fth:1:3: cannot redefine the built-in word dup"},
		{"redefine I", "VARIABLE I", "t.fth:1:10: cannot redefine the built-in word I"},
		{"duplicate definition", ": SQ DUP * ;\n: sq DUP + ;", "t.fth:2:3: sq is already defined at t.fth:1:3"},
		{"definition after variable", "VARIABLE X\nMACRO: X 1 ;", "t.fth:2:8: X is already defined at t.fth:1:10"},
		{"unclosed definition", ": X 1", "t.fth:1:6: expected ; to end the definition of X (opened at t.fth:1:1), found the end of the file"},
		{"unclosed macro", "MACRO: M\n1", "t.fth:2:2: expected ; to end the definition of M (opened at t.fth:1:1), found the end of the file"},
		{"VARIABLE without a name", "VARIABLE", "t.fth:1:1: VARIABLE needs a name, found the end of the file"},
		{"CREATE without size", "CREATE X", "t.fth:1:9: CREATE X needs a cell count and ALLOT (CREATE X N ALLOT), found the end of the file"},
		{"CREATE with a word as size", "CREATE X ALLOT", "t.fth:1:10: CREATE X needs a cell count and ALLOT (CREATE X N ALLOT), found ALLOT"},
		{"CREATE without ALLOT", "CREATE X 4", "t.fth:1:11: expected ALLOT after CREATE X 4, found the end of the file"},
		{"CREATE with another word for ALLOT", "CREATE X 4 DUP", "t.fth:1:12: expected ALLOT after CREATE X 4, found DUP"},
		{"CREATE 0 ALLOT", "CREATE X 0 ALLOT", "t.fth:1:10: ALLOT size must be between 1 and 1048576 cells, found 0"},
		{"CREATE -1 ALLOT", "CREATE X -1 ALLOT", "t.fth:1:10: ALLOT size must be between 1 and 1048576 cells, found -1"},
		{"stray ALLOT", "VARIABLE X 4 ALLOT", "t.fth:1:14: ALLOT must follow CREATE NAME SIZE"},
		{"unknown word", "1 2 FOO +", "t.fth:1:5: unknown word FOO: expected a built-in word or a name defined with :, MACRO:, VARIABLE or CREATE"},
		{"unknown word in a definition", ": X\n\tDUP bar ;", "t.fth:2:6: unknown word bar: expected a built-in word or a name defined with :, MACRO:, VARIABLE or CREATE"},

		// Lexical errors.
		{"unclosed comment", "1 ( a comment\n2", "t.fth:1:3: unclosed comment: expected ) before the end of the file"},
		{"number too large", "1 99999999999999999999 +", "t.fth:1:3: number 99999999999999999999 out of range: literals must lie within ±1099511627776"},
		{"negative number too large", "-1099511627777", "t.fth:1:1: number -1099511627777 out of range: literals must lie within ±1099511627776"},

		// Slots.
		{"unclosed slot", "{ observe D0 -> choose NOP SWAP", "t.fth:1:1: unclosed slot: expected } before the end of the file"},
		{"unclosed slot after {", "1 {", "t.fth:1:3: unclosed slot: expected an encoder (static or observe …) and } before the end of the file"},
		{"unclosed slot after encoder", "{ static", "t.fth:1:1: unclosed slot: expected -> and a decoder before the end of the file"},
		{"slot missing -> after observe", "{ observe D0 D-1 choose NOP SWAP }", "t.fth:1:18: expected -> in slot after the observed elements, found choose"},
		{"slot missing -> after static", "{ static choose NOP SWAP }", "t.fth:1:10: expected -> in slot, found choose"},
		{"slot missing decoder", "{ static -> }", "t.fth:1:13: expected linear N, sigmoid, tanh, choose, manipulate, permute or pick after ->, found }"},
		{"unknown encoder", "{ look D0 -> choose NOP SWAP }", "t.fth:1:3: expected an encoder (static or observe …) after {, found look"},
		{"observe without elements", "{ observe -> choose NOP SWAP }", "t.fth:1:3: observe needs at least one element (D0, D-1, …, R0, …, H0, …)"},
		{"bad element X0", "{ observe X0 -> choose NOP SWAP }", "t.fth:1:11: expected a state element (D0, D-1, …, R0, R-1, …, or H0, H1, …), found X0"},
		{"bad element D1", "{ observe D1 -> choose NOP SWAP }", "t.fth:1:11: stack element D1 does not exist: use D0 for the top and D-1, D-2, … below it"},
		{"bad element R2", "{ static -> permute D0 R2 }", "t.fth:1:24: stack element R2 does not exist: use R0 for the top and R-1, R-2, … below it"},
		{"negative heap element", "VARIABLE X { observe H-1 -> choose NOP SWAP }", "t.fth:1:22: heap element H-1: a heap address cannot be negative"},
		{"linear without size", "{ observe D0 -> linear -> choose NOP SWAP }", "t.fth:1:24: linear needs a layer size between 1 and 65536, found ->"},
		{"linear at EOF", "{ observe D0 -> linear", "t.fth:1:23: linear needs a layer size between 1 and 65536, found the end of the file"},
		{"linear 0", "{ observe D0 -> linear 0 -> choose NOP SWAP }", "t.fth:1:24: linear needs a layer size between 1 and 65536, found 0"},
		{"linear with a word", "{ observe D0 -> linear ten -> choose NOP SWAP }", "t.fth:1:24: linear needs a layer size between 1 and 65536, found ten"},
		{"unknown decoder", "{ observe D0 -> tanh -> select NOP SWAP }", "t.fth:1:25: expected linear N, sigmoid, tanh, choose, manipulate, permute or pick after ->, found select"},
		{"arrow after decoder", "{ static -> choose NOP DUP -> tanh }", "t.fth:1:28: expected } to close the slot after the choose decoder, found ->"},
		{"slot inside a slot", "{ static -> choose NOP { static -> choose NOP DUP } }", "t.fth:1:24: expected } to close the slot after the choose decoder, found {"},
		{"choose one alternative", "{ static -> choose NOP }", "t.fth:1:13: choose needs at least two alternatives, found 1"},
		{"choose no alternative", "{ static -> choose }", "t.fth:1:13: choose needs at least two alternatives, found 0"},
		{"choose unknown word", "{ static -> choose NOP FOO }", "t.fth:1:24: unknown word FOO: expected a built-in word or a name defined with :, MACRO:, VARIABLE or CREATE"},
		{"choose IF", "{ static -> choose NOP IF }", "t.fth:1:24: choose alternative must be a word, found the control word IF"},
		{"choose ;", ": X { static -> choose ; DUP } ;", "t.fth:1:24: choose alternative must be a word, found the control word ;"},
		{"choose macro", "MACRO: M DUP ;\n{ static -> choose NOP M }", "t.fth:2:24: choose alternative M is a macro: only primitive words, literals, variables and words defined with : can be chosen"},
		{"permute one element", "{ static -> permute D0 }", "t.fth:1:13: permute needs between 2 and 6 elements, found 1"},
		{"permute seven elements", "{ static -> permute D0 D-1 D-2 D-3 D-4 D-5 D-6 }", "t.fth:1:13: permute needs between 2 and 6 elements, found 7"},
		{"permute duplicate", "{ static -> permute D0 D-1 d0 }", "t.fth:1:28: permute names D0 twice"},
		{"observe duplicate", "{ observe R0 D0 r0 -> choose NOP SWAP }", "t.fth:1:17: observe names R0 twice"},
		{"manipulate duplicate", "VARIABLE X { static -> manipulate H0 D0 H0 }", "t.fth:1:41: manipulate names H0 twice"},
		{"manipulate without elements", "{ static -> manipulate }", "t.fth:1:13: manipulate needs at least one element to write (D0, D-1, …)"},
		{"heap element outside the heap", "CREATE B 2 ALLOT\n{ observe H0 H5 -> choose NOP SWAP }", "t.fth:2:14: heap element H5 does not exist: the program allocates 2 heap cells (VARIABLE, CREATE … ALLOT)"},
		{"heap element without heap", "{ static -> manipulate H0 }", "t.fth:1:24: heap element H0 does not exist: the program allocates 0 heap cells (VARIABLE, CREATE … ALLOT)"},
		{"} without {", "1 }", "t.fth:1:3: } without a matching {"},
		{"} without { in a definition", ": X } ;", "t.fth:1:5: } without a matching {"},
		{"-> outside a slot", "DUP -> DROP", "t.fth:1:5: -> outside a slot: slots are written { encoder -> decoder }"},

		// Compile-time errors.
		{"macro expands itself", "MACRO: M DUP M ;\nM", "t.fth:1:14: macro M expands itself (M → M): recursion needs a colon definition (: M … ;)"},
		{"macros expand each other", "MACRO: A 1 B ;\nMACRO: B 2 A ;\n: F A ;", "t.fth:2:12: macro A expands itself (A → B → A): recursion needs a colon definition (: A … ;)"},
		{"macro expansion too large", bigMacros(20), fmt.Sprintf("t.fth:21:1: macro M19 expands the compiled code past %d instructions: expected a smaller program (nested macros expand exponentially; use colon definitions)", MaxInstrs)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseAndCompile("t.fth", tt.src)
			if err == nil {
				t.Fatalf("%q: no error, want %q", tt.src, tt.want)
			}
			var fe *Error
			if !errors.As(err, &fe) {
				t.Errorf("%q: error %T is not a *forth.Error", tt.src, err)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("%q:\n got: %s\nwant: %s", tt.src, got, tt.want)
			}
		})
	}
}

// bigMacros returns n macros, each expanding the previous one twice: the
// last expands to 2^(n-1) words.
func bigMacros(n int) string {
	var b strings.Builder
	b.WriteString("MACRO: M0 1+ ;\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "MACRO: M%d M%d M%d ;\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "M%d\n", n-1)
	return b.String()
}

// TestMacroRecursionOnlyWhenUsed: an unused self-expanding macro is not an
// error, since macros are checked as they are expanded.
func TestMacroRecursionOnlyWhenUsed(t *testing.T) {
	if _, err := ParseAndCompile("t.fth", "MACRO: M M ; 1"); err != nil {
		t.Fatal(err)
	}
}

// TestHeapLimit: the variables together may take at most MaxHeapCells.
func TestHeapLimit(t *testing.T) {
	src := fmt.Sprintf("CREATE A %d ALLOT CREATE B %d ALLOT", MaxHeapCells, MaxHeapCells)
	_, err := Parse("t.fth", src)
	if err == nil || !strings.HasPrefix(err.Error(), "t.fth:1:") {
		t.Fatalf("err = %v, want a positioned error", err)
	}
	prog, err := Parse("t.fth", fmt.Sprintf("CREATE A %d ALLOT", MaxHeapCells))
	if err != nil || prog.HeapCells != MaxHeapCells {
		t.Fatalf("prog %v err %v", prog, err)
	}
}

// dump renders a program's structure compactly for comparison.
func dump(p *Program) string {
	var b strings.Builder
	for _, v := range p.Vars {
		fmt.Fprintf(&b, "var %s @%d.%d addr=%d cells=%d\n", v.Name, v.Pos.Line, v.Pos.Col, v.Addr, v.Cells)
	}
	fmt.Fprintf(&b, "heap %d\n", p.HeapCells)
	for _, d := range p.Defs {
		kind := ":"
		if d.Macro {
			kind = "MACRO:"
		}
		fmt.Fprintf(&b, "%s %s @%d.%d [%s]\n", kind, d.Name, d.Pos.Line, d.Pos.Col, dumpSeq(d.Body))
	}
	fmt.Fprintf(&b, "main [%s]\n", dumpSeq(p.Main))
	for _, s := range p.Slots {
		fmt.Fprintf(&b, "slot %d @%d.%d: %s\n", s.Index, s.Pos.Line, s.Pos.Col, dumpSlot(s))
	}
	return b.String()
}

func dumpSlot(s *Slot) string {
	parts := []string{s.Enc.String()}
	if s.Dec.Kind == Choose {
		parts = append(parts, "choose "+dumpSeq(s.Dec.Choices))
	} else {
		parts = append(parts, s.Dec.Kind.String()+" "+dumpElems(s.Dec.Elems))
	}
	return strings.Join(parts, " -> ")
}

func dumpElems(es []Elem) string {
	var s []string
	for _, e := range es {
		s = append(s, e.String())
	}
	return strings.Join(s, " ")
}

func dumpSeq(nodes []Node) string {
	var s []string
	for _, n := range nodes {
		s = append(s, dumpNode(n))
	}
	return strings.Join(s, " ")
}

func dumpNode(n Node) string {
	switch n := n.(type) {
	case *Literal:
		return fmt.Sprint(n.Value)
	case *Word:
		switch n.Kind {
		case WordPrim:
			return n.Prim.String()
		case WordCall:
			return "call:" + n.Def.Name
		case WordMacro:
			return "macro:" + n.Def.Name
		case WordVar:
			return fmt.Sprintf("var:%s=%d", n.Var.Name, n.Var.Addr)
		}
	case *If:
		if n.ElsePos != (Pos{}) {
			return fmt.Sprintf("IF[%s | %s]", dumpSeq(n.Then), dumpSeq(n.Else))
		}
		return fmt.Sprintf("IF[%s]", dumpSeq(n.Then))
	case *BeginWhile:
		return fmt.Sprintf("BEGIN[%s WHILE %s]", dumpSeq(n.Cond), dumpSeq(n.Body))
	case *BeginUntil:
		return fmt.Sprintf("BEGIN[%s UNTIL]", dumpSeq(n.Body))
	case *DoLoop:
		return fmt.Sprintf("DO[%s]", dumpSeq(n.Body))
	case *Exit:
		return "EXIT"
	case *Slot:
		return fmt.Sprintf("{%d}", n.Index)
	}
	return fmt.Sprintf("?%T", n)
}

// TestParseStructure checks that valid programs parse into the expected
// definitions, variables, code and slots.
func TestParseStructure(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "definitions and top-level code",
			src:  ": SQ DUP * ;\nMACRO: TWICE DUP + ;\n3 SQ TWICE\n: F 1 EXIT 2 ;\nF",
			want: "heap 0\n" +
				": SQ @1.3 [DUP *]\n" +
				"MACRO: TWICE @2.8 [DUP +]\n" +
				": F @4.3 [1 EXIT 2]\n" +
				"main [3 call:SQ macro:TWICE call:F]\n",
		},
		{
			name: "variables and CREATE allotment",
			src:  "VARIABLE A\nCREATE BUF 3 ALLOT\nVARIABLE B\nCREATE C 2 ALLOT\n5 B ! BUF 2 + @ A C",
			want: "var A @1.10 addr=0 cells=1\n" +
				"var BUF @2.8 addr=1 cells=3\n" +
				"var B @3.10 addr=4 cells=1\n" +
				"var C @4.8 addr=5 cells=2\n" +
				"heap 7\n" +
				"main [5 var:B=4 ! var:BUF=1 2 + @ var:A=0 var:C=5]\n",
		},
		{
			name: "control structures",
			src:  "1 IF 2 ELSE 3 THEN 0 IF THEN BEGIN DUP WHILE 1- REPEAT BEGIN 1+ DUP UNTIL 5 0 DO I >R R> DROP LOOP @R R@",
			want: "heap 0\n" +
				"main [1 IF[2 | 3] 0 IF[] BEGIN[DUP WHILE 1-] BEGIN[1+ DUP UNTIL] 5 0 DO[R@ >R R> DROP] R@ R@]\n",
		},
		{
			name: "empty ELSE branch",
			src:  "1 IF 2 ELSE THEN",
			want: "heap 0\nmain [1 IF[2 | ]]\n",
		},
		{
			name: "slots with encoders and decoders",
			src: "VARIABLE X CREATE B 2 ALLOT\n: W 1 ;\n" +
				"{ observe D0 D-1 -> tanh -> linear 10 -> choose NOP SWAP 3 X W }\n" +
				"{ static -> sigmoid -> manipulate D-1 R0 H2 }\n" +
				"{ observe H0 R-2 -> permute D0 D-1 D-2 D-3 D-4 D-5 }",
			want: "var X @1.10 addr=0 cells=1\n" +
				"var B @1.19 addr=1 cells=2\n" +
				"heap 3\n" +
				": W @2.3 [1]\n" +
				"main [{0} {1} {2}]\n" +
				"slot 0 @3.1: observe D0 D-1 -> tanh -> linear 10 -> choose NOP SWAP 3 var:X=0 call:W\n" +
				"slot 1 @4.1: static -> sigmoid -> manipulate D-1 R0 H2\n" +
				"slot 2 @5.1: observe H0 R-2 -> permute D0 D-1 D-2 D-3 D-4 D-5\n",
		},
		{
			name: "slot inside a macro is one slot",
			src:  "MACRO: S { static -> choose DUP DROP } ;\nS S",
			want: "heap 0\nMACRO: S @1.8 [{0}]\nmain [macro:S macro:S]\nslot 0 @1.10: static -> choose DUP DROP\n",
		},
		{
			name: "case-insensitivity",
			src:  ": sq dup * ;\nvariable v\ncreate buf 2 allot\n2 Sq V ! { OBSERVE d0 r-1 h2 -> TANH -> Linear 4 -> CHOOSE nop Swap sQ } if else then begin while repeat do loop",
			want: "var V @2.10 addr=0 cells=1\n" +
				"var BUF @3.8 addr=1 cells=2\n" +
				"heap 3\n" +
				": SQ @1.3 [DUP *]\n" +
				"main [2 call:SQ var:V=0 ! {0} IF[ | ] BEGIN[ WHILE ] DO[]]\n" +
				"slot 0 @4.10: observe D0 R-1 H2 -> tanh -> linear 4 -> choose NOP SWAP call:SQ\n",
		},
		{
			name: "forward reference and mutual recursion",
			src:  ": EVEN? DUP IF 1- ODD? ELSE DROP 1 THEN ;\n: ODD? DUP IF 1- EVEN? ELSE DROP 0 THEN ;\n4 EVEN? { static -> choose EVEN? ODD? LATER }\n: LATER ;",
			want: "heap 0\n" +
				": EVEN? @1.3 [DUP IF[1- call:ODD? | DROP 1]]\n" +
				": ODD? @2.3 [DUP IF[1- call:EVEN? | DROP 0]]\n" +
				": LATER @4.3 []\n" +
				"main [4 call:EVEN? {0}]\n" +
				"slot 0 @3.9: static -> choose call:EVEN? call:ODD? call:LATER\n",
		},
		{
			name: "comments, negative literals and words that look like numbers",
			src:  "( stack: -- x ) -3 \\ a comment to the end of the line\n1+ 1- -0 ( multi\nline )\n- (not-a-comment) \\",
			want: "", // unknown word (not-a-comment): checked below
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog, err := Parse("t.fth", tt.src)
			if tt.want == "" {
				want := "t.fth:4:3: unknown word (not-a-comment): expected a built-in word or a name defined with :, MACRO:, VARIABLE or CREATE"
				if err == nil || err.Error() != want {
					t.Fatalf("err = %v, want %s", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := dump(prog); got != tt.want {
				t.Errorf("%q:\n got:\n%s\nwant:\n%s", tt.src, got, tt.want)
			}
			if _, err := Compile(prog); err != nil {
				t.Errorf("compile: %v", err)
			}
		})
	}
}

func TestParseDetails(t *testing.T) {
	prog, err := Parse("t.fth", ": even? DUP IF 1- Odd? ELSE DROP 1 THEN ;\n: ODD? DUP IF 1- EVEN? ELSE DROP 0 THEN ;\n-3 ( c ) 1+ 1- -0 even?")
	if err != nil {
		t.Fatal(err)
	}
	even, odd := prog.Defs[0], prog.Defs[1]
	// Words resolve to the very definitions, whatever the case.
	call := even.Body[1].(*If).Then[1].(*Word)
	if call.Def != odd || call.Kind != WordCall || call.Text != "Odd?" || call.Name != "ODD?" {
		t.Errorf("forward call: %+v", call)
	}
	if back := odd.Body[1].(*If).Then[1].(*Word); back.Def != even {
		t.Errorf("backward call resolves to %v", back.Def)
	}
	if w := prog.Main[4].(*Word); w.Def != even || w.Text != "even?" {
		t.Errorf("main call: %+v", w)
	}
	if even.EndPos != (Pos{"t.fth", 1, 41}) {
		t.Errorf("EndPos = %v", even.EndPos)
	}
	// Literals and words that look like numbers.
	if got := dumpSeq(prog.Main); got != "-3 1+ 1- 0 call:EVEN?" {
		t.Errorf("main = %s", got)
	}
	if lit := prog.Main[0].(*Literal); lit.Pos != (Pos{"t.fth", 3, 1}) {
		t.Errorf("literal position %v", lit.Pos)
	}
	// The largest literals are accepted.
	prog, err = Parse("t.fth", "1099511627776 -1099511627776")
	if err != nil {
		t.Fatal(err)
	}
	if got := dumpSeq(prog.Main); got != fmt.Sprintf("%d %d", MaxLiteral, -MaxLiteral) {
		t.Errorf("main = %s", got)
	}
	// Positions count bytes from 1; tabs are one column.
	prog, err = Parse("t.fth", "\n\t  \t{ static -> choose 1 2 }")
	if err != nil {
		t.Fatal(err)
	}
	s := prog.Slots[0]
	if s.Pos != (Pos{"t.fth", 2, 5}) || s.Dec.Pos != (Pos{"t.fth", 2, 17}) || s.Dec.Choices[1].Position() != (Pos{"t.fth", 2, 26}) {
		t.Errorf("slot positions %v %v %v", s.Pos, s.Dec.Pos, s.Dec.Choices[1].Position())
	}
}

// TestEmbeddedSketches parses and compiles every embedded sketch and checks
// their slots.
func TestEmbeddedSketches(t *testing.T) {
	want := map[string][]string{ // decoder kind of each slot
		"bubble":         {},
		"sort_permute":   {"permute D-1 D0 R0"},
		"sort_compare":   {"choose NOP SWAP"},
		"add_manipulate": {"manipulate D-1 D-2"},
		"add_choose":     {"choose 0 1", "choose 0 1 2 3 4 5 6 7 8 9"},
		"max":            {"choose NOP SWAP"},
		"absdiff":        {"choose NOP SWAP"},
		"wap":            {"permute D0 D-1 D-2", "choose + - * /", "choose SWAP NOP", "choose + - * /"},
	}
	names := sketches.Names()
	for name := range want {
		if !slices.Contains(names, name) {
			t.Errorf("no embedded sketch %s (have %v)", name, names)
		}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src, ok := sketches.Embedded(name)
			if !ok {
				t.Fatalf("Embedded(%q) failed", name)
			}
			code, err := ParseAndCompile(name+".fth", src)
			if err != nil {
				t.Fatal(err)
			}
			slots, known := want[name]
			if !known {
				return
			}
			if len(code.Slots) != len(slots) {
				t.Fatalf("%d slots, want %d", len(code.Slots), len(slots))
			}
			for i, s := range code.Slots {
				got := s.Dec.Kind.String() + " "
				if s.Dec.Kind == Choose {
					got += dumpChoices(s.Choices)
				} else {
					got += dumpElems(s.Dec.Elems)
				}
				if got != slots[i] || s.Index != i {
					t.Errorf("slot %d: %s, want %s", s.Index, got, slots[i])
				}
				if s.Enc.Static || len(s.Enc.Observe) == 0 {
					t.Errorf("slot %d: encoder %+v, want observe", i, s.Enc)
				}
			}
		})
	}
}

func dumpChoices(ins []Instr) string {
	var s []string
	for _, in := range ins {
		s = append(s, in.String())
	}
	return strings.Join(s, " ")
}

func TestWapHeap(t *testing.T) {
	src, _ := sketches.Embedded("wap")
	code, err := ParseAndCompile("wap.fth", src)
	if err != nil {
		t.Fatal(err)
	}
	if code.HeapCells != 11 || code.Prog.HeapCells != 11 {
		t.Errorf("heap cells %d, want 11", code.HeapCells)
	}
	var got []string
	for _, v := range code.Prog.Vars {
		got = append(got, fmt.Sprintf("%s=%d/%d", v.Name, v.Addr, v.Cells))
	}
	want := []string{"QUESTION=0/1", "REPR_BUFFER=1/4", "NUM_BUFFER=5/4", "REPR=9/1", "NUM=10/1"}
	if !slices.Equal(got, want) {
		t.Errorf("variables %v, want %v", got, want)
	}
	// The four slots observe the question and the three representations.
	for _, s := range code.Slots {
		if got := dumpElems(s.Enc.Observe); got != "R0 R-1 R-2 R-3" {
			t.Errorf("slot %d observes %s", s.Index, got)
		}
	}
}

// TestCompileListing checks the lowering of each control structure: jump
// targets, calls, the halt after the top-level code and the definitions
// after it.
func TestCompileListing(t *testing.T) {
	src := ": SQ DUP * ;\n" +
		"1 IF 2 ELSE 3 THEN\n" +
		"BEGIN DUP WHILE 1- REPEAT\n" +
		"0 IF SQ THEN\n" +
		"3 0 DO I LOOP\n" +
		"BEGIN 1+ DUP UNTIL SQ { static -> choose NOP SQ }\n" +
		": F EXIT ;\n"
	code, err := ParseAndCompile("t.fth", src)
	if err != nil {
		t.Fatal(err)
	}
	want := `   0  1                t.fth:2:1
   1  IF→4             t.fth:2:3
   2  2                t.fth:2:6
   3  ELSE→5           t.fth:2:8
   4  3                t.fth:2:13
   5  DUP              t.fth:3:7
   6  WHILE→9          t.fth:3:11
   7  1-               t.fth:3:17
   8  REPEAT→5         t.fth:3:20
   9  0                t.fth:4:1
  10  IF→12            t.fth:4:3
  11  SQ→33            t.fth:4:6
  12  3                t.fth:5:1
  13  0                t.fth:5:3
  14  DO(SWAP)         t.fth:5:5
  15  DO(>R)           t.fth:5:5
  16  DO(>R)           t.fth:5:5
  17  I                t.fth:5:8
  18  LOOP(R>)         t.fth:5:10
  19  LOOP(1+)         t.fth:5:10
  20  LOOP(DUP)        t.fth:5:10
  21  LOOP(R@)         t.fth:5:10
  22  LOOP(=)          t.fth:5:10
  23  LOOP→16          t.fth:5:10
  24  LOOP(DROP)       t.fth:5:10
  25  LOOP(R>)         t.fth:5:10
  26  LOOP(DROP)       t.fth:5:10
  27  1+               t.fth:6:7
  28  DUP              t.fth:6:10
  29  UNTIL→27         t.fth:6:14
  30  SQ→33            t.fth:6:20
  31  {slot 0}         t.fth:6:23
  32  HALT
SQ:
  33  DUP              t.fth:1:6
  34  *                t.fth:1:10
  35  ;                t.fth:1:12
F:
  36  EXIT             t.fth:7:5
  37  ;                t.fth:7:10
`
	if got := code.Listing(); got != want {
		t.Errorf("listing:\n%s\nwant:\n%s", got, want)
	}
	if code.Halt != 32 || code.Instrs[code.Halt].Op != OpHalt {
		t.Errorf("halt at %d (%v), want 32", code.Halt, code.Instrs[code.Halt])
	}
	if len(code.Defs) != 2 || code.Defs[33] != "SQ" || code.Defs[36] != "F" {
		t.Errorf("defs %v", code.Defs)
	}
	// Jumps, conditional jumps and calls, by address.
	jumps := map[int]struct {
		op  Op
		arg int
	}{
		1: {OpJumpZ, 4}, 3: {OpJump, 5}, // IF … ELSE … THEN
		6: {OpJumpZ, 9}, 8: {OpJump, 5}, // BEGIN … WHILE … REPEAT
		10: {OpJumpZ, 12}, 11: {OpCall, 33}, // IF … THEN around a call
		23: {OpJumpZ, 16}, // LOOP back to the >R after DO
		29: {OpJumpZ, 27}, // UNTIL
		30: {OpCall, 33},
		31: {OpSlot, 0},
		35: {OpExit, 0}, 36: {OpExit, 0}, 37: {OpExit, 0},
	}
	for i, in := range code.Instrs {
		j, ok := jumps[i]
		switch {
		case ok && (in.Op != j.op || in.Arg != j.arg):
			t.Errorf("instr %d = %v (op %d arg %d), want op %d arg %d", i, in, in.Op, in.Arg, j.op, j.arg)
		case !ok && in.Op != OpPrim && in.Op != OpLit && in.Op != OpHalt:
			t.Errorf("unexpected control instruction %d: %v", i, in)
		}
	}
	// The slot's choice of a colon definition is a call to it.
	ch := code.Slots[0].Choices
	if len(ch) != 2 || ch[0].Op != OpPrim || ch[0].Prim != Nop || ch[1].Op != OpCall || ch[1].Arg != 33 {
		t.Errorf("slot choices %v", ch)
	}
}

// TestCompileEmpty: an empty program is just the halt.
func TestCompileEmpty(t *testing.T) {
	code, err := ParseAndCompile("t.fth", "\\ nothing\n( at all )")
	if err != nil {
		t.Fatal(err)
	}
	if code.Len() != 1 || code.Halt != 0 || code.Instrs[0].Op != OpHalt {
		t.Errorf("code %v", code.Instrs)
	}
}

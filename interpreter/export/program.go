package export

import (
	"fmt"
	"strings"

	"github.com/d4lang/d4/interpreter/forth"
)

// defers declares the sketch's colon definitions (so that they may call
// each other in any order) and defines its variables.
func (x *exporter) defers(prog *forth.Program) {
	x.printf("\n\\ The sketch's words and variables\n")
	for _, d := range prog.Defs {
		if !d.Macro {
			x.printf("defer %s\n", x.names[d])
		}
	}
	for _, v := range prog.Vars {
		x.printf(": %s ( -- addr ) %d m-lit ;\n", x.varName(v), v.Addr)
	}
}

// varName is a variable's Forth name.
func (x *exporter) varName(v *forth.Var) string {
	if reservedNames[v.Name] || strings.HasPrefix(v.Name, "M-") || strings.HasPrefix(v.Name, "SLOT-") {
		return "U-" + v.Name
	}
	return v.Name
}

// program writes the top-level code and the colon definitions, walking
// the syntax tree in the compiler's order so that every call knows its
// return address; each word is checked against the compiled instruction
// at its address.
func (x *exporter) program(prog *forth.Program) error {
	x.printf("\n\\ The sketch, its slots replaced by the words above\n")
	x.pc = 0
	x.word(":noname ( the top level )")
	x.flush()
	x.indent(1)
	if err := x.seq(prog.Main, nil); err != nil {
		return err
	}
	if x.pc != x.code.Halt {
		return x.outOfStep("the end of the top level")
	}
	x.indent(-1)
	x.word("; is main")
	x.flush()
	x.pc++
	for _, d := range prog.Defs {
		if d.Macro {
			continue
		}
		if x.code.Defs[x.pc] != d.Name {
			return x.outOfStep("the start of " + d.Name)
		}
		x.printf("\n")
		x.word(fmt.Sprintf(":noname ( %s )", d.Name))
		x.flush()
		x.indent(1)
		if err := x.seq(d.Body, d); err != nil {
			return err
		}
		if err := x.instr("EXIT", forth.OpExit, d.EndPos); err != nil {
			return err
		}
		x.indent(-1)
		x.word("; is " + x.names[d])
		x.flush()
	}
	x.printf("\nrun\n")
	return nil
}

// outOfStep reports an exporter that does not follow the compiler.
func (x *exporter) outOfStep(where string) error {
	return fmt.Errorf("export: internal error: at %s the compiled code is at address %d, which the export does not expect", where, x.pc)
}

// instr writes a word that compiles to one instruction of op at pos.
func (x *exporter) instr(word string, op forth.Op, pos forth.Pos) error {
	if x.pc >= len(x.code.Instrs) || x.code.Instrs[x.pc].Op != op || x.code.Instrs[x.pc].Pos != pos {
		return x.outOfStep(fmt.Sprintf("%s (%s)", word, pos))
	}
	x.pc++
	x.word(word)
	return nil
}

// seq writes a sequence of nodes of definition def (nil: the top level).
func (x *exporter) seq(nodes []forth.Node, def *forth.Def) error {
	for _, n := range nodes {
		if err := x.node(n, def); err != nil {
			return err
		}
	}
	return nil
}

func (x *exporter) node(n forth.Node, def *forth.Def) error {
	switch n := n.(type) {
	case *forth.Literal:
		return x.instr(fmt.Sprintf("%d LIT", n.Value), forth.OpLit, n.Pos)
	case *forth.Word:
		return x.wordNode(n, def)
	case *forth.If:
		return x.ifNode(n, def)
	case *forth.BeginWhile:
		x.word("BEGIN")
		if err := x.seq(n.Cond, def); err != nil {
			return err
		}
		if err := x.block("WHILE", forth.OpJumpZ, n.WhilePos, n.Body, def); err != nil {
			return err
		}
		return x.instr("REPEAT", forth.OpJump, n.RepeatPos)
	case *forth.BeginUntil:
		x.word("BEGIN")
		x.indent(1)
		if err := x.seq(n.Body, def); err != nil {
			return err
		}
		x.indent(-1)
		return x.instr("UNTIL", forth.OpJumpZ, n.UntilPos)
	case *forth.DoLoop:
		return x.doLoop(n, def)
	case *forth.Exit:
		if def == nil {
			return fmt.Errorf("export: %s: EXIT in the top-level code (it returns to whatever address the return stack holds) cannot be exported", n.Pos)
		}
		return x.instr("EXIT", forth.OpExit, n.Pos)
	case *forth.Slot:
		return x.instr(fmt.Sprintf("slot-%d", n.Index), forth.OpSlot, n.Pos)
	}
	return fmt.Errorf("export: %s: %T cannot be exported", n.Position(), n)
}

// wordNode writes a primitive, a variable, a call or a macro's body.
func (x *exporter) wordNode(n *forth.Word, def *forth.Def) error {
	switch n.Kind {
	case forth.WordPrim:
		name := n.Prim.String()
		if strings.EqualFold(n.Text, "I") {
			name = "I"
		}
		return x.instr(name, forth.OpPrim, n.Pos)
	case forth.WordVar:
		return x.instr(x.varName(n.Var), forth.OpLit, n.Pos)
	case forth.WordCall:
		return x.instr(fmt.Sprintf("[ %d ] CALL %s", x.pc+1, x.names[n.Def]), forth.OpCall, n.Pos)
	case forth.WordMacro:
		return x.seq(n.Def.Body, def) // inlined, as the compiler does
	}
	return fmt.Errorf("export: %s: unknown word kind %d", n.Pos, n.Kind)
}

func (x *exporter) ifNode(n *forth.If, def *forth.Def) error {
	if err := x.block("IF", forth.OpJumpZ, n.Pos, n.Then, def); err != nil {
		return err
	}
	if n.Else != nil || n.ElsePos != (forth.Pos{}) {
		if err := x.block("ELSE", forth.OpJump, n.ElsePos, n.Else, def); err != nil {
			return err
		}
	}
	x.word("THEN")
	return nil
}

// block writes a control word and the indented sequence it opens.
func (x *exporter) block(word string, op forth.Op, pos forth.Pos, body []forth.Node, def *forth.Def) error {
	if err := x.instr(word, op, pos); err != nil {
		return err
	}
	x.indent(1)
	err := x.seq(body, def)
	x.indent(-1)
	return err
}

// doLoop writes DO … LOOP, checking the instructions the compiler makes of
// them (DO: SWAP >R >R; LOOP: R> 1+ DUP R@ = BRANCH0 DROP R> DROP).
func (x *exporter) doLoop(n *forth.DoLoop, def *forth.Def) error {
	for _, p := range []forth.Prim{forth.Swap, forth.ToR, forth.ToR} {
		if err := x.expectPrim(p, n.Pos); err != nil {
			return err
		}
	}
	x.word("DO")
	x.indent(1)
	if err := x.seq(n.Body, def); err != nil {
		return err
	}
	x.indent(-1)
	for _, p := range []forth.Prim{forth.RFrom, forth.Inc, forth.Dup, forth.RFetch, forth.Eq} {
		if err := x.expectPrim(p, n.LoopPos); err != nil {
			return err
		}
	}
	if in := x.code.Instrs[x.pc]; in.Op != forth.OpJumpZ || in.Pos != n.LoopPos {
		return x.outOfStep(fmt.Sprintf("LOOP (%s)", n.LoopPos))
	}
	x.pc++
	for _, p := range []forth.Prim{forth.Drop, forth.RFrom, forth.Drop} {
		if err := x.expectPrim(p, n.LoopPos); err != nil {
			return err
		}
	}
	x.word("LOOP")
	return nil
}

// expectPrim checks that the next instruction is primitive p at pos.
func (x *exporter) expectPrim(p forth.Prim, pos forth.Pos) error {
	in := x.code.Instrs[x.pc]
	if in.Op != forth.OpPrim || in.Prim != p || in.Pos != pos {
		return x.outOfStep(fmt.Sprintf("%s (%s)", p, pos))
	}
	x.pc++
	return nil
}

// word appends a word to the current line; a control word that opens or
// closes a block starts a new line.
func (x *exporter) word(w string) {
	switch w {
	case "ELSE", "THEN", "REPEAT", "UNTIL", "LOOP", "WHILE":
		x.flush()
		x.line = append(x.line, w)
		if w != "THEN" && w != "REPEAT" && w != "UNTIL" && w != "LOOP" {
			x.flush()
		}
		return
	case "IF", "BEGIN", "DO":
		x.line = append(x.line, w)
		x.flush()
		return
	}
	x.line = append(x.line, w)
}

// indent changes the indentation of the lines to come.
func (x *exporter) indent(d int) {
	if d < 0 {
		x.flush()
	}
	x.depth += d
}

// flush ends the current line.
func (x *exporter) flush() {
	if len(x.line) == 0 {
		return
	}
	x.printf("%s%s\n", strings.Repeat("  ", x.depth), strings.Join(x.line, " "))
	x.line = x.line[:0]
}

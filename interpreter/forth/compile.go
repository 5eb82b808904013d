package forth

import (
	"fmt"
	"strings"
)

// Op is the operation of a low-level instruction.
type Op uint8

const (
	OpPrim  Op = iota // run primitive Prim
	OpLit             // push Arg
	OpJump            // jump to Arg (BRANCH)
	OpJumpZ           // pop; jump to Arg if the value is 0 (BRANCH0)
	OpCall            // push the return address (this address + 1) on R; jump to Arg
	OpExit            // pop an address from R and jump to it
	OpHalt            // stop; the machine stays here
	OpSlot            // run slot number Arg
)

// Instr is one low-level instruction, with the source word it came from.
// Control structures compile to several instructions that share the
// position of their keyword; Text is that keyword.
type Instr struct {
	Op   Op
	Prim Prim
	Arg  int
	Pos  Pos
	Text string
}

// String renders an instruction for traces and listings, e.g. "DUP",
// "IF→12", "LOOP(R>)" or "BUBBLE→0".
func (in Instr) String() string {
	switch in.Op {
	case OpPrim:
		if in.Prim.spelledAs(in.Text) {
			return in.Text
		}
		return fmt.Sprintf("%s(%s)", in.Text, in.Prim)
	case OpLit:
		if in.Text == fmt.Sprint(in.Arg) {
			return in.Text
		}
		return fmt.Sprintf("%s(%d)", in.Text, in.Arg)
	case OpJump, OpJumpZ, OpCall:
		return fmt.Sprintf("%s→%d", in.Text, in.Arg)
	case OpSlot:
		return fmt.Sprintf("{slot %d}", in.Arg)
	}
	return in.Text
}

// SlotCode is a slot of the compiled program. For a choose decoder,
// Choices holds each alternative as one instruction (OpPrim, OpLit or
// OpCall) whose effect the machines mix or pick.
type SlotCode struct {
	*Slot
	Choices []Instr
}

// Code is a compiled program: the instructions both machines run. Execution
// starts at address 0; the top-level code comes first and ends with the
// halt instruction at Halt; each colon definition follows, ending in
// OpExit.
type Code struct {
	Instrs    []Instr
	Halt      int
	Slots     []SlotCode
	HeapCells int
	// Defs maps the address of each colon definition to its name.
	Defs map[int]string
	Prog *Program
}

// Len is the number of instructions, which is also the number of program
// counter positions.
func (c *Code) Len() int { return len(c.Instrs) }

// Listing renders the code one instruction a line with addresses and
// definition labels.
func (c *Code) Listing() string {
	var b strings.Builder
	for i, in := range c.Instrs {
		if name, ok := c.Defs[i]; ok {
			fmt.Fprintf(&b, "%s:\n", name)
		}
		pos := "" // the halt instruction has no source position
		if in.Pos != (Pos{}) {
			pos = in.Pos.String()
		}
		line := fmt.Sprintf("%4d  %-16s %s", i, in, pos)
		b.WriteString(strings.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// MaxInstrs bounds the length of compiled code. Nested macros can expand
// exponentially; this stops them before they exhaust memory.
const MaxInstrs = 1 << 16

// Compile lowers a parsed program to low-level code. Macros are inlined;
// a macro that expands itself is an error, and so is code longer than
// MaxInstrs.
func Compile(prog *Program) (*Code, error) {
	c := &compiler{code: &Code{HeapCells: prog.HeapCells, Defs: map[int]string{}, Prog: prog}, addr: map[*Def]int{}}
	if err := c.seq(prog.Main); err != nil {
		return nil, err
	}
	c.code.Halt = c.emit(Instr{Op: OpHalt, Text: "HALT"})
	for _, d := range prog.Defs {
		if d.Macro {
			continue
		}
		c.addr[d] = len(c.code.Instrs)
		c.code.Defs[len(c.code.Instrs)] = d.Name
		if err := c.seq(d.Body); err != nil {
			return nil, err
		}
		c.emit(Instr{Op: OpExit, Pos: d.EndPos, Text: ";"})
	}
	for _, s := range prog.Slots {
		sc := SlotCode{Slot: s}
		for _, ch := range s.Dec.Choices {
			in, err := c.word(ch)
			if err != nil {
				return nil, err
			}
			sc.Choices = append(sc.Choices, in)
		}
		c.code.Slots = append(c.code.Slots, sc)
	}
	for _, f := range c.fixups {
		c.code.Instrs[f.at].Arg = c.addr[f.def]
	}
	for i := range c.code.Slots {
		for j, in := range c.code.Slots[i].Choices {
			if in.Op == OpCall {
				c.code.Slots[i].Choices[j].Arg = c.addr[c.code.Slots[i].Dec.Choices[j].(*Word).Def]
			}
		}
	}
	return c.code, nil
}

type fixup struct {
	at  int
	def *Def
}

type compiler struct {
	code      *Code
	addr      map[*Def]int
	fixups    []fixup
	expanding []*Def // macros being inlined, outermost first
	outer     *Word  // the use of the outermost macro being inlined
}

func (c *compiler) emit(in Instr) int {
	c.code.Instrs = append(c.code.Instrs, in)
	return len(c.code.Instrs) - 1
}

func (c *compiler) here() int { return len(c.code.Instrs) }

// word compiles a single word or literal to one instruction (used for
// choose alternatives, which must be single transitions).
func (c *compiler) word(n Node) (Instr, error) {
	switch n := n.(type) {
	case *Literal:
		return Instr{Op: OpLit, Arg: n.Value, Pos: n.Pos, Text: fmt.Sprint(n.Value)}, nil
	case *Word:
		switch n.Kind {
		case WordPrim:
			return Instr{Op: OpPrim, Prim: n.Prim, Pos: n.Pos, Text: n.Text}, nil
		case WordVar:
			return Instr{Op: OpLit, Arg: n.Var.Addr, Pos: n.Pos, Text: n.Text}, nil
		case WordCall:
			return Instr{Op: OpCall, Pos: n.Pos, Text: n.Text}, nil
		}
		return Instr{}, errorf(n.Pos, "%s is a macro and cannot be a single choice", n.Text)
	}
	return Instr{}, errorf(n.Position(), "not a word")
}

func (c *compiler) seq(nodes []Node) error {
	for _, n := range nodes {
		if err := c.node(n); err != nil {
			return err
		}
		if c.here() > MaxInstrs {
			if len(c.expanding) > 0 {
				return errorf(c.outer.Pos, "macro %s expands the compiled code past %d instructions: expected a smaller program (nested macros expand exponentially; use colon definitions)", c.outer.Text, MaxInstrs)
			}
			return errorf(n.Position(), "the compiled code grows past %d instructions here: expected a smaller program", MaxInstrs)
		}
	}
	return nil
}

func (c *compiler) node(n Node) error {
	switch n := n.(type) {
	case *Literal:
		c.emit(Instr{Op: OpLit, Arg: n.Value, Pos: n.Pos, Text: fmt.Sprint(n.Value)})
	case *Word:
		return c.wordNode(n)
	case *If:
		return c.ifNode(n)
	case *BeginWhile:
		top := c.here()
		if err := c.seq(n.Cond); err != nil {
			return err
		}
		jz := c.emit(Instr{Op: OpJumpZ, Pos: n.WhilePos, Text: "WHILE"})
		if err := c.seq(n.Body); err != nil {
			return err
		}
		c.emit(Instr{Op: OpJump, Arg: top, Pos: n.RepeatPos, Text: "REPEAT"})
		c.code.Instrs[jz].Arg = c.here()
	case *BeginUntil:
		top := c.here()
		if err := c.seq(n.Body); err != nil {
			return err
		}
		c.emit(Instr{Op: OpJumpZ, Arg: top, Pos: n.UntilPos, Text: "UNTIL"})
	case *DoLoop:
		return c.doLoop(n)
	case *Exit:
		c.emit(Instr{Op: OpExit, Pos: n.Pos, Text: "EXIT"})
	case *Slot:
		c.emit(Instr{Op: OpSlot, Arg: n.Index, Pos: n.Pos, Text: "{…}"})
	default:
		return errorf(n.Position(), "internal error: unknown node %T", n)
	}
	return nil
}

// wordNode compiles a use of a named word; a macro is inlined.
func (c *compiler) wordNode(n *Word) error {
	switch n.Kind {
	case WordPrim:
		c.emit(Instr{Op: OpPrim, Prim: n.Prim, Pos: n.Pos, Text: n.Text})
	case WordVar:
		c.emit(Instr{Op: OpLit, Arg: n.Var.Addr, Pos: n.Pos, Text: n.Text})
	case WordCall:
		at := c.emit(Instr{Op: OpCall, Pos: n.Pos, Text: n.Text})
		c.fixups = append(c.fixups, fixup{at, n.Def})
	case WordMacro:
		return c.inline(n)
	}
	return nil
}

// inline compiles the body of the macro n uses, refusing a macro that
// expands itself.
func (c *compiler) inline(n *Word) error {
	for i, d := range c.expanding {
		if d == n.Def {
			var chain []string
			for _, e := range c.expanding[i:] {
				chain = append(chain, e.Name)
			}
			chain = append(chain, d.Name)
			return errorf(n.Pos, "macro %s expands itself (%s): recursion needs a colon definition (: %s … ;)", n.Text, strings.Join(chain, " → "), n.Def.Name)
		}
	}
	if len(c.expanding) == 0 {
		c.outer = n
	}
	c.expanding = append(c.expanding, n.Def)
	err := c.seq(n.Def.Body)
	c.expanding = c.expanding[:len(c.expanding)-1]
	return err
}

// ifNode compiles IF … [ELSE …] THEN to a conditional jump past the
// then-branch and, with ELSE, a jump past the else-branch.
func (c *compiler) ifNode(n *If) error {
	jz := c.emit(Instr{Op: OpJumpZ, Pos: n.Pos, Text: "IF"})
	if err := c.seq(n.Then); err != nil {
		return err
	}
	if n.Else == nil && n.ElsePos == (Pos{}) {
		c.code.Instrs[jz].Arg = c.here()
		return nil
	}
	jmp := c.emit(Instr{Op: OpJump, Pos: n.ElsePos, Text: "ELSE"})
	c.code.Instrs[jz].Arg = c.here()
	if err := c.seq(n.Else); err != nil {
		return err
	}
	c.code.Instrs[jmp].Arg = c.here()
	return nil
}

// doLoop compiles DO … LOOP ( limit start -- ), keeping the limit and the
// index on the return stack (index on top, so R@ and I read it), as ANS
// Forth does:
//
//	DO:   SWAP >R      top: >R   body
//	LOOP: R> 1+ DUP R@ = BRANCH0 top   DROP R> DROP
func (c *compiler) doLoop(n *DoLoop) error {
	do := func(p Prim) { c.emit(Instr{Op: OpPrim, Prim: p, Pos: n.Pos, Text: "DO"}) }
	loop := func(p Prim) { c.emit(Instr{Op: OpPrim, Prim: p, Pos: n.LoopPos, Text: "LOOP"}) }
	do(Swap)
	do(ToR)
	top := c.here()
	do(ToR)
	if err := c.seq(n.Body); err != nil {
		return err
	}
	loop(RFrom)
	loop(Inc)
	loop(Dup)
	loop(RFetch)
	loop(Eq)
	c.emit(Instr{Op: OpJumpZ, Arg: top, Pos: n.LoopPos, Text: "LOOP"})
	loop(Drop)
	loop(RFrom)
	loop(Drop)
	return nil
}

// ParseAndCompile parses src and compiles it.
func ParseAndCompile(file, src string) (*Code, error) {
	prog, err := Parse(file, src)
	if err != nil {
		return nil, err
	}
	return Compile(prog)
}

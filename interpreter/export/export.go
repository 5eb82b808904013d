// Package export writes a trained ∂4 sketch as a standalone Forth program
// that gforth runs: the learned program, with every slot replaced by what
// its network decides and the project's machine written out in Forth.
//
// The program emulates the machine exactly (package symbolic, non-strict):
// values are integers modulo v, comparisons give 1 or 0, x 0 / is 0, the
// data and return stacks are circular buffers of l cells (so a program that
// pops more than it pushed reads the cells below, as ours does), the heap
// is addressed by cell modulo its size, a call pushes its return address
// (the address after the call in the compiled code) on the return stack,
// and every instruction is one step of a budget. The sketch's own words
// (DUP, SWAP, IF, DO, …) are redefined on that machine, so the sketch part
// of the program reads as the sketch was written; colon definitions become
// deferred words (they may call each other in any order), macros are
// inlined, and a call reads "[ ret ] CALL NAME".
//
// The limits are those of learn.RunLimits (stacks of max(3(n+8), l₀) cells
// and 16(n+8)²+1000 steps for n input values, l₀ the trained stack size)
// unless Options fix them, so that the program prints what `d4 run --model`
// prints. The one thing it does not follow is a rewritten return address:
// a return to somewhere else than the caller stops it with an error.
package export

import (
	"fmt"
	"slices"
	"strings"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
)

// Options fix the limits an exported program runs with; zero values
// compute them from the input's depth as learn.RunLimits does.
type Options struct {
	StackSize, Steps int
}

// MaxTable bounds the entries of one slot's decision table.
const MaxTable = 1 << 20

// Forth writes a trained sketch as a standalone Forth program for gforth:
// the sketch's words with each slot replaced by what it learned, on an
// emulation of the project's machine written out in Forth (values modulo
// v, comparisons giving 1 and 0, x 0 / = 0, circular stacks of l cells, the
// cell-addressed heap, return addresses on the return stack, the step
// budget). `gforth -e "a1 … an" learned.fth -e bye` prints the final data
// stack, bottom to top, as the last line of its output: the stack that
// hybrid execution of the model leaves (`d4 run --model`), under the same
// limits.
//
// A slot becomes the decision its network takes on every combination of
// the values it observes (d4.Hybrid.DecideValues): a constant, a
// comparison of two observed values (or of one with a constant) when one
// fits every combination, or else a table. A program whose return
// addresses are rewritten (a return to somewhere else than the caller)
// stops with an error rather than follow it.
func Forth(m *d4.Model, o Options) (string, error) {
	prog := m.Code.Prog
	if prog == nil {
		return "", fmt.Errorf("export: the model's code has no syntax tree")
	}
	x := &exporter{m: m, code: m.Code, names: map[*forth.Def]string{}}
	x.nameDefs(prog)
	var b strings.Builder
	x.b = &b
	x.header(o)
	x.defers(prog)
	for i := range m.Code.Slots {
		if err := x.slot(&m.Code.Slots[i]); err != nil {
			return "", err
		}
	}
	b.WriteString(sketchWords)
	if err := x.program(prog); err != nil {
		return "", err
	}
	return b.String(), nil
}

// exporter writes one program.
type exporter struct {
	m     *d4.Model
	code  *forth.Code
	b     *strings.Builder
	names map[*forth.Def]string
	pc    int // the address of the next instruction, as the compiler counts
	depth int // indentation
	line  []string
	// picked is set once the flags of the alternatives the picks took
	// (m-picked) are written.
	picked bool
}

// reservedNames are the words the exported sketch uses besides its own.
var reservedNames = map[string]bool{
	":NONAME": true, ";": true, "IS": true, "DEFER": true, "[": true, "]": true, "CALL": true, "LIT": true,
	"THEN": true, "BEGIN": true, "RUN": true, "MAIN": true, "\\": true, "(": true,
}

// nameDefs gives every colon definition its Forth name: its own, unless it
// would hide a word the program uses.
func (x *exporter) nameDefs(prog *forth.Program) {
	for _, d := range prog.Defs {
		name := d.Name
		if reservedNames[name] || strings.HasPrefix(name, "M-") || strings.HasPrefix(name, "SLOT-") {
			name = "U-" + name
		}
		x.names[d] = name
	}
}

func (x *exporter) printf(format string, args ...any) { fmt.Fprintf(x.b, format, args...) }

// header writes the constants, the machine and the words of the language.
func (x *exporter) header(o Options) {
	sz := x.m.Sizes
	x.printf("\\ %s, learned by ∂4: the sketch with each slot replaced by what it learned.\n", x.m.SketchFile)
	x.printf("\\ Run: gforth -e \"a1 ... an\" %s -e bye\n", "learned.fth")
	x.printf("\\ prints the final data stack, bottom to top, on the last line.\n\n")
	x.printf("warnings off\n")
	x.printf("%d constant v#  \\ value size: values are integers 0 ... v-1\n", sz.V)
	x.printf("%d constant p#  \\ program positions (the compiled code's length)\n", sz.P)
	x.printf("%d constant w#  \\ return-stack cell width max(v, p): values and return addresses\n", sz.W)
	x.printf("%d constant h#  \\ heap cells\n", sz.H)
	x.printf("%d constant trained-l#  \\ stack size the model was trained with\n", sz.L)
	x.printf("%d constant fixed-l#  \\ stack size l (0: max(3(n+8), trained-l#) for n input values)\n", o.StackSize)
	x.printf("%d constant fixed-t#  \\ step budget (0: 16(n+8)^2+1000 for n input values)\n", o.Steps)
	x.b.WriteString(prelude)
}

// prelude is the machine in Forth. The words m-… are the machine's
// instructions, each one step (those of the primitive words from
// primForth); the sketch's own words (DUP, IF, …) are redefined to run
// them, so that the sketch reads as written.
var prelude = preludeState + primDefinitions() + preludeControl

// preludeState is the machine's state and the words that reach it.
const preludeState = `
\ The machine of the d4 project (not ANS Forth's): the data stack and the
\ return stack are circular buffers of l cells with a pointer to the top
\ (an empty stack's pointer rests on cell l-1, and popping more than was
\ pushed reads the cells below, circularly); values are taken modulo v;
\ comparisons give 1 or 0; x 0 / is 0; the heap is addressed by cell,
\ modulo h#; a call pushes its return address (an instruction address) on
\ the return stack. Every instruction is one step; a run that takes more
\ than the budget stops with an error.
variable l#  variable t#  variable n#  variable steps  variable ret-to
variable dtop  variable rtop
0 value dstk  0 value rstk
create heap h# cells allot  heap h# cells erase
create olds 8 cells allot
: umod ( x m -- x mod m, in 0 ... m-1 ) tuck mod over + swap mod ;
: fail ( c-addr u -- ) stderr write-line drop  1 (bye) ;
: .stderr ( n -- ) 0 <# #s #> stderr write-file drop ;
: tick ( -- ) steps @ t# @ >= if
    s" learned program: no halt within the step budget of " stderr write-file drop
    t# @ .stderr  s"  steps" fail then  1 steps +! ;
: dcell ( k -- addr ) dtop @ + l# @ umod cells dstk + ;
: rcell ( k -- addr ) rtop @ + l# @ umod cells rstk + ;
: hcell ( a -- addr ) h# umod cells heap + ;
: dpush ( x -- ) dtop @ 1+ l# @ umod dtop !  0 dcell ! ;
: dpop ( -- x ) 0 dcell @  dtop @ 1- l# @ umod dtop ! ;
: rpush ( x -- ) rtop @ 1+ l# @ umod rtop !  0 rcell ! ;
: rpop ( -- x ) 0 rcell @  rtop @ 1- l# @ umod rtop ! ;
: vmod ( x -- x mod v ) v# umod ;
: b>v ( flag -- 1|0 ) 0<> 1 and ;
: m-bin ( -- addr x y ) dpop 0 dcell dup @ rot ;
`

// preludeControl is the machine's other instructions and the word that runs
// the sketch.
const preludeControl = `: m-lit ( n -- ) tick vmod dpush ;
: m-jz ( -- flag ) tick dpop 0<> ;
: m-jmp tick ;
: m-call ( ret -- ) tick rpush ;
: m-exit tick rpop w# umod p# mod ret-to ! ;
: m-returned ( ret -- ) ret-to @ <> if
    s" learned program: a return address was rewritten; the export cannot follow it" fail then ;

defer main
: run ( a1 ... an -- ) depth n# !
    fixed-l# ?dup 0= if n# @ 8 + 3 * trained-l# max then l# !
    fixed-t# ?dup 0= if n# @ 8 + dup * 16 * 1000 + then t# !
    n# @ l# @ 1- > if s" learned program: the input does not fit the stacks" fail then
    l# @ cells allocate throw to dstk  dstk l# @ cells erase
    l# @ cells allocate throw to rstk  rstk l# @ cells erase
    l# @ 1- dtop !  l# @ 1- rtop !  0 steps !
    n# @ 0 ?do n# @ 1- i - pick dup 0 v# within 0= if
        s" learned program: an input value lies outside 0 ... v-1" fail then dpush loop
    n# @ 0 ?do drop loop
    main
    dtop @ 1+ l# @ umod 0 ?do i if space then i cells dstk + @ 0 .r loop cr ;
`

// sketchWords redefines the sketch's words on the machine. It comes after
// the slots' words, which use Forth's own.
var sketchWords = `
\ The sketch's words, on the machine.
: LIT ( n -- ) m-lit ;
: IF postpone m-jz postpone if ; immediate
: ELSE postpone m-jmp postpone else ; immediate
: WHILE postpone m-jz postpone while ; immediate
: REPEAT postpone m-jmp postpone repeat ; immediate
: UNTIL postpone m-jz postpone until ; immediate
: DO postpone m-swap postpone m->r postpone begin postpone m->r ; immediate
\ LOOP: R> 1+ DUP R@ = UNTIL DROP R> DROP (UNTIL: the one above)
: LOOP postpone m-r> postpone m-1+ postpone m-dup postpone m-r@ postpone m-=
    postpone UNTIL postpone m-drop postpone m-r> postpone m-drop ; immediate
: EXIT postpone m-exit postpone exit ; immediate
\ [ ret ] CALL NAME: call NAME with the return address ret (the address
\ after the call in the compiled code) on the return stack.
: CALL ( ret "name" -- ) dup postpone literal postpone m-call ' compile,
    postpone literal postpone m-returned ; immediate
\ The primitive words last: the words above use Forth's own.
` + primSpellings()

// primForth holds what each primitive word does on the machine, indexed by
// the word: the body of its m- word (machineWord), one step.
var primForth = [...]string{
	forth.Nop:    "tick",
	forth.Inc:    "tick 0 dcell dup @ 1+ vmod swap !",
	forth.Dec:    "tick 0 dcell dup @ 1- vmod swap !",
	forth.Dup:    "tick 0 dcell @ dpush",
	forth.Swap:   "tick 0 dcell @ -1 dcell @ 0 dcell ! -1 dcell !",
	forth.Over:   "tick -1 dcell @ dpush",
	forth.Drop:   "tick dpop drop",
	forth.Add:    "tick m-bin + vmod swap !",
	forth.Sub:    "tick m-bin - vmod swap !",
	forth.Mul:    "tick m-bin * vmod swap !",
	forth.Div:    "tick m-bin dup 0= if 2drop 0 else / then swap !",
	forth.Fetch:  "tick 0 dcell dup @ hcell @ vmod swap !",
	forth.Store:  "tick dpop hcell dpop swap !",
	forth.Gt:     "tick m-bin > b>v swap !",
	forth.Lt:     "tick m-bin < b>v swap !",
	forth.Eq:     "tick m-bin = b>v swap !",
	forth.ToR:    "tick dpop rpush",
	forth.RFrom:  "tick rpop vmod dpush",
	forth.RFetch: "tick 0 rcell @ vmod dpush",
}

// Every primitive word has its entry (a missing last one fails here).
var _ [forth.NumPrims]string = primForth

// machineWord is the name of the machine's instruction for word p.
func machineWord(p forth.Prim) string { return "m-" + strings.ToLower(p.String()) }

// primDefinitions defines the machine's instruction of every primitive
// word, one a line.
func primDefinitions() string {
	var b strings.Builder
	for p := range forth.NumPrims {
		fmt.Fprintf(&b, ": %s %s ;\n", machineWord(p), primForth[p])
	}
	return b.String()
}

// primSpellings redefines every spelling of every primitive word to run
// its instruction, several to a line.
func primSpellings() string {
	var b strings.Builder
	line := 0
	for p := range forth.NumPrims {
		w := &forth.Prims[p]
		for _, name := range append([]string{w.Name}, w.Aliases...) {
			def := fmt.Sprintf(": %s %s ;", name, machineWord(p))
			switch {
			case line == 0:
			case line+2+len(def) > 100:
				b.WriteString("\n")
				line = 0
			default:
				b.WriteString("  ")
				line += 2
			}
			b.WriteString(def)
			line += len(def)
		}
	}
	b.WriteString("\n")
	return b.String()
}

// slotForm writes the word slot-N that replaces a slot of one kind of
// decoder, given its decisions.
type slotForm func(x *exporter, sc *forth.SlotCode, name string, t table)

// slotForms holds how the exported program carries out every kind of
// decoder, indexed by the kind.
var slotForms = [...]slotForm{
	forth.Choose:     (*exporter).choose,
	forth.Manipulate: (*exporter).manipulate,
	forth.Permute:    (*exporter).permute,
	forth.Pick:       (*exporter).pick,
}

// Every kind of decoder has its entry (a missing last one fails here).
var _ [forth.NumDecoderKinds]slotForm = slotForms

// slot writes the word that replaces a slot.
func (x *exporter) slot(sc *forth.SlotCode) error {
	t, err := x.table(sc)
	if err != nil {
		return err
	}
	x.printf("\n\\ slot %d at %s: %s\n", sc.Index, sc.Pos, slotText(sc))
	slotForms[sc.Dec.Kind](x, sc, fmt.Sprintf("slot-%d", sc.Index), t)
	return nil
}

// choose writes a choose slot: the chosen alternative runs.
func (x *exporter) choose(sc *forth.SlotCode, name string, t table) {
	alt := func(k int) string { return d4.OutputLabel(sc, 0, k) }
	x.decisions(name, t, alt, func(k int) string { return x.chooseAct(sc, k) })
}

// pick writes a pick slot: a table of the alternatives in the order
// hybrid execution prefers them, on every observable combination
// (d4.Hybrid.RankValues); the word takes the first that no pick of the
// run took before (the flags m-picked, which the program's picks share:
// they list the same alternatives) and runs it.
func (x *exporter) pick(sc *forth.SlotCode, name string, t table) {
	k := len(sc.Choices)
	if !x.picked {
		x.picked = true
		x.printf("\\ the alternatives the picks of the run took\ncreate m-picked %d cells allot  m-picked %d cells erase\n", k, k)
		x.printf(": m-pick-free ( addr -- k ) %d 0 do dup i cells + @ dup cells m-picked + @ 0= if nip unloop exit then drop loop\n", k)
		x.printf("  drop s\" learned program: a pick found every alternative taken\" fail ;\n")
	}
	h := d4.Hybrid{M: x.m.Machine}
	vals := make([]int, len(t.elems))
	var ranks []int
	for i := range len(t.dec) {
		t.decode(i, vals)
		ranks = append(ranks, h.RankValues(sc, vals)...)
	}
	x.writeTable(name, t, ranks, k)
	x.printf(": %s ( -- ) %s-index %d * cells %s-table + m-pick-free  1 over cells m-picked + !\n  case\n", name, name, k, name)
	for _, a := range distinct(ranks) {
		x.printf("    %d of %s endof\n", a, x.chooseAct(sc, a))
	}
	x.printf("  endcase ;\n")
}

// permute writes a permute slot: slot-N-permute applies the chosen
// permutation.
func (x *exporter) permute(sc *forth.SlotCode, name string, t table) {
	x.permuteWord(sc)
	act := func(k int) string { return fmt.Sprintf("%d %s-permute", k, name) }
	x.decisions(name, t, func(k int) string { return x.permutation(sc, k) }, act)
}

// decisions writes the word name that carries out, by act, the decision
// of a slot with one decision per combination (choose, permute): a
// constant, a comparison, or a table; a comment says what was learned,
// naming decision k by alt.
func (x *exporter) decisions(name string, t table, alt, act func(k int) string) {
	if len(t.dec) == 1 || allSame(t.dec) {
		x.printf("\\ learned: always %s\n: %s ( -- ) %s ;\n", alt(t.dec[0]), name, act(t.dec[0]))
		return
	}
	if c, ok := t.closedForm(); ok {
		x.printf("\\ learned: %s if %s, else %s (on all %d observable combinations)\n", alt(c.then), c.text, alt(c.els), len(t.dec))
		x.printf(": %s ( -- ) %s %s if %s else %s then ;\n", name, c.code, c.op, act(c.then), act(c.els))
		return
	}
	x.writeTable(name, t, t.dec, 1)
	x.printf(": %s ( -- ) %s-index cells %s-table + @\n  case\n", name, name, name)
	for _, k := range distinct(t.dec) {
		x.printf("    %d of %s endof\n", k, act(k))
	}
	x.printf("  endcase ;\n")
}

// slotText renders a slot as written (its encoder and decoder).
func slotText(sc *forth.SlotCode) string {
	dec := sc.Dec.Kind.String()
	if forth.Decoders[sc.Dec.Kind].Args == forth.Alternatives {
		for _, c := range sc.Choices {
			dec += " " + c.Text
		}
	} else {
		dec += " " + elemsText(sc.Dec.Elems)
	}
	return "{ " + sc.Enc.String() + " -> " + dec + " }"
}

func elemsText(es []forth.Elem) string {
	var s []string
	for _, e := range es {
		s = append(s, e.String())
	}
	return strings.Join(s, " ")
}

// permutation names decision k of a permute slot.
func (x *exporter) permutation(sc *forth.SlotCode, k int) string {
	d, err := x.m.Sizes.Decision(sc, []int{k})
	if err != nil {
		return err.Error()
	}
	var s []string
	for i, e := range sc.Dec.Elems {
		s = append(s, fmt.Sprintf("%s←%s", e, sc.Dec.Elems[d.Perm[i]]))
	}
	return "the permutation " + strings.Join(s, " ")
}

// chooseAct is the Forth code that runs alternative k of a choose slot
// (one step).
func (x *exporter) chooseAct(sc *forth.SlotCode, k int) string {
	in := sc.Choices[k]
	switch in.Op {
	case forth.OpLit:
		return fmt.Sprintf("%d m-lit", in.Arg)
	case forth.OpCall:
		ret := x.slotAddr(sc) + 1
		def := sc.Dec.Choices[k].(*forth.Word).Def
		return fmt.Sprintf("%d m-call %s %d m-returned", ret, x.names[def], ret)
	}
	return machineWord(in.Prim)
}

// slotAddr is the address of the slot's instruction.
func (x *exporter) slotAddr(sc *forth.SlotCode) int {
	for pc, in := range x.code.Instrs {
		if in.Op == forth.OpSlot && in.Arg == sc.Index {
			return pc
		}
	}
	return 0
}

func allSame(xs []int) bool {
	for _, v := range xs {
		if v != xs[0] {
			return false
		}
	}
	return true
}

func distinct(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}

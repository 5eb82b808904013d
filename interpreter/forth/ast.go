package forth

import (
	"fmt"
	"strings"
)

// Program is a parsed and checked Forth sketch: the top-level code (run from
// the start, in source order), the definitions, and the heap variables.
type Program struct {
	File string
	Main []Node
	Defs []*Def // colon definitions and macros, in source order
	Vars []*Var // VARIABLE and CREATE … ALLOT, in source order
	// HeapCells is the number of heap cells the variables take.
	HeapCells int
	// Slots lists the slots in source order; Slot.Index is the position here.
	Slots []*Slot
}

// Def is a colon definition (": NAME … ;") or a macro ("MACRO: NAME … ;").
type Def struct {
	Name   string
	Pos    Pos
	Macro  bool
	Body   []Node
	EndPos Pos // position of the closing ;
}

// Var is a heap variable. VARIABLE takes one cell; CREATE NAME N ALLOT takes
// N. Cells are handed out from address 0 in source order, and using the
// name pushes Addr.
type Var struct {
	Name  string
	Pos   Pos
	Addr  int
	Cells int
}

// Node is one element of a code sequence.
type Node interface {
	Position() Pos
}

// WordKind says what a Word refers to.
type WordKind int

const (
	WordPrim  WordKind = iota // a primitive word of the machine
	WordCall                  // a colon definition: a subroutine call
	WordMacro                 // a macro: its body is inlined
	WordVar                   // a variable: pushes its address
)

// Word is a use of a named word. Name is the upper-cased name; Text is the
// word as written.
type Word struct {
	Pos  Pos
	Text string
	Name string
	Kind WordKind
	Prim Prim // for WordPrim
	Def  *Def // for WordCall and WordMacro
	Var  *Var // for WordVar
}

// Literal pushes a number.
type Literal struct {
	Pos   Pos
	Value int
}

// If is IF … [ELSE …] THEN.
type If struct {
	Pos     Pos
	Then    []Node
	Else    []Node
	ElsePos Pos // zero when there is no ELSE
	EndPos  Pos // position of THEN
}

// BeginWhile is BEGIN cond WHILE body REPEAT.
type BeginWhile struct {
	Pos       Pos
	Cond      []Node
	WhilePos  Pos
	Body      []Node
	RepeatPos Pos
}

// BeginUntil is BEGIN body UNTIL.
type BeginUntil struct {
	Pos      Pos
	Body     []Node
	UntilPos Pos
}

// DoLoop is DO body LOOP ( limit start -- ), running the body for the
// indices start, start+1, … until the index reaches limit.
type DoLoop struct {
	Pos     Pos
	Body    []Node
	LoopPos Pos
}

// Exit returns from the current colon definition.
type Exit struct {
	Pos Pos
}

// Slot is "{ encoder -> decoder }": a transition learned from data.
type Slot struct {
	Pos   Pos
	Index int // position among the program's slots
	Enc   Encoder
	Dec   Decoder
}

// Encoder turns the machine state into a vector: Static (a learned constant)
// or Observe (the concatenated elements), followed by Layers in order.
type Encoder struct {
	Static  bool
	Observe []Elem
	Layers  []Layer
}

// String renders the encoder as written, e.g. "observe D0 D-1 -> tanh ->
// linear 10".
func (e Encoder) String() string {
	parts := []string{"static"}
	if !e.Static {
		var elems []string
		for _, el := range e.Observe {
			elems = append(elems, el.String())
		}
		parts[0] = "observe " + strings.Join(elems, " ")
	}
	for _, l := range e.Layers {
		parts = append(parts, l.String())
	}
	return strings.Join(parts, " -> ")
}

// LayerKind is a kind of encoder layer.
type LayerKind int

const (
	Linear LayerKind = iota
	Sigmoid
	Tanh
)

// Layer is one step of an encoder chain: "linear N", "sigmoid" or "tanh".
type Layer struct {
	Pos  Pos
	Kind LayerKind
	Size int // for Linear
}

// String renders the layer: "linear N", "sigmoid" or "tanh".
func (l Layer) String() string {
	switch l.Kind {
	case Linear:
		return fmt.Sprintf("linear %d", l.Size)
	case Sigmoid:
		return "sigmoid"
	}
	return "tanh"
}

// Decoder turns the encoder's vector into the next machine state. Choose
// mixes the next states of Choices (each a *Word or *Literal); Manipulate
// writes a distribution over values into each of Elems; Permute mixes the
// m! permutations of Elems.
type Decoder struct {
	Pos     Pos
	Kind    DecoderKind
	Choices []Node
	Elems   []Elem
}

// Elem names an element of the machine state: Space 'D' (data stack) or 'R'
// (return stack) with Index 0 for the top, -1 below it, …; or Space 'H' with
// Index the heap address.
type Elem struct {
	Pos   Pos
	Space byte
	Index int
}

func (e Elem) String() string { return fmt.Sprintf("%c%d", e.Space, e.Index) }

// parseElem reads "D0", "D-1", "R-2", "H3" (any case).
func parseElem(t token) (Elem, error) {
	s := strings.ToUpper(t.text)
	if len(s) >= 2 && (s[0] == 'D' || s[0] == 'R' || s[0] == 'H') {
		if v, ok, _ := parseNumber(s[1:]); ok {
			e := Elem{Pos: t.pos, Space: s[0], Index: v}
			if e.Space == 'H' && v < 0 {
				return e, errorf(t.pos, "heap element %s: a heap address cannot be negative", t.text)
			}
			if e.Space != 'H' && v > 0 {
				return e, errorf(t.pos, "stack element %s does not exist: use %c0 for the top and %c-1, %c-2, … below it", t.text, s[0], s[0], s[0])
			}
			return e, nil
		}
	}
	return Elem{}, errorf(t.pos, "expected a state element (D0, D-1, …, R0, R-1, …, or H0, H1, …), found %s", t.text)
}

func (n *Word) Position() Pos       { return n.Pos }
func (n *Literal) Position() Pos    { return n.Pos }
func (n *If) Position() Pos         { return n.Pos }
func (n *BeginWhile) Position() Pos { return n.Pos }
func (n *BeginUntil) Position() Pos { return n.Pos }
func (n *DoLoop) Position() Pos     { return n.Pos }
func (n *Exit) Position() Pos       { return n.Pos }
func (n *Slot) Position() Pos       { return n.Pos }

package forth

import (
	"fmt"
	"math/big"
	"strings"
)

// Prim is a primitive word of the Forth machine: one transition of the state
// that does not touch the program counter beyond moving to the next word.
// Prims describes each; both machines implement exactly this set.
type Prim uint8

const (
	Nop    Prim = iota // NOP ( -- )
	Inc                // 1+ ( x -- x+1 )
	Dec                // 1- ( x -- x-1 )
	Dup                // DUP ( x -- x x )
	Swap               // SWAP ( x y -- y x )
	Over               // OVER ( x y -- x y x )
	Drop               // DROP ( x -- )
	Add                // + ( x y -- x+y )
	Sub                // - ( x y -- x-y )
	Mul                // * ( x y -- x*y )
	Div                // / ( x y -- x/y ), with x/0 = 0
	Fetch              // @ ( addr -- H[addr] )
	Store              // ! ( x addr -- ), H[addr] = x
	Gt                 // > ( x y -- x>y ), 1 or 0
	Lt                 // < ( x y -- x<y ), 1 or 0
	Eq                 // = ( x y -- x=y ), 1 or 0
	ToR                // >R ( x -- ) ( R: -- x )
	RFrom              // R> ( -- x ) ( R: x -- )
	RFetch             // R@ ( -- x ) ( R: x -- x ), also written @R and, in a DO loop, I
	NumPrims
)

// PrimDef describes a primitive word: its spellings, its stack effect and
// its integer semantics. The symbolic machine runs a word from its PrimDef,
// and the taint analysis of static traces follows it; ∂4 holds the word's
// differentiable form (package d4), which must agree with it on one-hot
// states.
//
// A word's operands are numbered as in its stack comment: first the DIn
// values it pops from the data stack, bottom first (the top is operand
// DIn-1), then the RIn values it pops from the return stack, bottom first,
// then its constants Consts. Push lists the values it pushes on the data
// stack and RPush those it pushes on the return stack, bottom first: each a
// Result of the operands. A word that writes the heap has a HeapWrite.
type PrimDef struct {
	Name    string   // the spelling Prim.String returns, upper case
	Aliases []string // other spellings, upper case
	DIn     int      // values popped from the data stack
	RIn     int      // values popped from the return stack
	Consts  []int    // constant operands, after the popped ones
	Push    []Result // values pushed on the data stack, bottom first
	RPush   []Result // values pushed on the return stack, bottom first
	Write   *HeapWrite
	// Int is, for a binary arithmetic or comparison word (+ - * / > < =),
	// its result on x (the next-on-stack) and y (the top) modulo v, for x
	// and y in 0 … v-1: the word's one arithmetic definition.
	Int func(x, y, v int) int
	// Rat is Int on exact rationals: it sets z to x op y and returns
	// false for a division by zero (z is then 0).
	Rat func(z, x, y *big.Rat) bool
}

// ResultKind says how a Result is computed from the operands.
type ResultKind uint8

const (
	// CopyOperand is operand X itself. A return-stack value copied to the
	// data stack is reduced modulo the value size.
	CopyOperand ResultKind = iota
	// ApplyPrim is the binary word Op applied to operands X and Y.
	ApplyPrim
	// LoadHeap is the heap cell at the address operand X holds.
	LoadHeap
)

// Result is a value a primitive word pushes.
type Result struct {
	Kind ResultKind
	X, Y int  // operands
	Op   Prim // for ApplyPrim: a word with Int
}

// HeapWrite stores operand Value at the heap address operand Addr holds.
type HeapWrite struct{ Value, Addr int }

// MaxOperands bounds a word's operands, and MaxPush the values it pushes
// on one stack: the machines keep them in arrays of these sizes.
const (
	MaxOperands = 4
	MaxPush     = 4
)

// Prims describes every primitive word, indexed by the word. It is read
// only.
var Prims = [NumPrims]PrimDef{
	Nop:    {Name: "NOP"},
	Inc:    {Name: "1+", DIn: 1, Consts: []int{1}, Push: []Result{compute(Add, 0, 1)}},
	Dec:    {Name: "1-", DIn: 1, Consts: []int{1}, Push: []Result{compute(Sub, 0, 1)}},
	Dup:    {Name: "DUP", DIn: 1, Push: copies(0, 0)},
	Swap:   {Name: "SWAP", DIn: 2, Push: copies(1, 0)},
	Over:   {Name: "OVER", DIn: 2, Push: copies(0, 1, 0)},
	Drop:   {Name: "DROP", DIn: 1},
	Add:    binary("+", Add, func(x, y, v int) int { return (x + y) % v }, ratOp((*big.Rat).Add)),
	Sub:    binary("-", Sub, func(x, y, v int) int { return Mod(x-y, v) }, ratOp((*big.Rat).Sub)),
	Mul:    binary("*", Mul, func(x, y, v int) int { return (x * y) % v }, ratOp((*big.Rat).Mul)),
	Div:    binary("/", Div, intDiv, ratDiv),
	Fetch:  {Name: "@", DIn: 1, Push: []Result{{Kind: LoadHeap, X: 0}}},
	Store:  {Name: "!", DIn: 2, Write: &HeapWrite{Value: 0, Addr: 1}},
	Gt:     binary(">", Gt, func(x, y, _ int) int { return b2i(x > y) }, ratCmp(func(c int) bool { return c > 0 })),
	Lt:     binary("<", Lt, func(x, y, _ int) int { return b2i(x < y) }, ratCmp(func(c int) bool { return c < 0 })),
	Eq:     binary("=", Eq, func(x, y, _ int) int { return b2i(x == y) }, ratCmp(func(c int) bool { return c == 0 })),
	ToR:    {Name: ">R", DIn: 1, RPush: copies(0)},
	RFrom:  {Name: "R>", RIn: 1, Push: copies(0)},
	RFetch: {Name: "R@", Aliases: []string{"@R", "I"}, RIn: 1, Push: copies(0), RPush: copies(0)},
}

// copies pushes the operands xs, in order.
func copies(xs ...int) []Result {
	out := make([]Result, len(xs))
	for i, x := range xs {
		out[i] = Result{Kind: CopyOperand, X: x}
	}
	return out
}

// compute is the result of the binary word op on operands x and y.
func compute(op Prim, x, y int) Result { return Result{Kind: ApplyPrim, Op: op, X: x, Y: y} }

// binary is the word p ( x y -- x p y ) with its integer and rational
// definitions.
func binary(name string, p Prim, intFn func(x, y, v int) int, ratFn func(z, x, y *big.Rat) bool) PrimDef {
	return PrimDef{Name: name, DIn: 2, Push: []Result{compute(p, 0, 1)}, Int: intFn, Rat: ratFn}
}

// intDiv is x/y on integers, with x/0 = 0.
func intDiv(x, y, _ int) int {
	if y == 0 {
		return 0
	}
	return x / y
}

// ratOp is a big.Rat operation as a PrimDef.Rat.
func ratOp(f func(z, x, y *big.Rat) *big.Rat) func(z, x, y *big.Rat) bool {
	return func(z, x, y *big.Rat) bool { f(z, x, y); return true }
}

// ratDiv is exact division, with x/0 = 0.
func ratDiv(z, x, y *big.Rat) bool {
	if y.Sign() == 0 {
		z.SetInt64(0)
		return false
	}
	z.Quo(x, y)
	return true
}

// ratCmp is a comparison on rationals: 1 when holds(x.Cmp(y)), else 0.
func ratCmp(holds func(c int) bool) func(z, x, y *big.Rat) bool {
	return func(z, x, y *big.Rat) bool {
		z.SetInt64(int64(b2i(holds(x.Cmp(y)))))
		return true
	}
}

// String returns the word's spelling, PrimDef.Name.
func (p Prim) String() string {
	if p < NumPrims {
		return Prims[p].Name
	}
	return fmt.Sprintf("Prim(%d)", uint8(p))
}

// Def returns the description of p, or an error when p is not a
// primitive word.
func (p Prim) Def() (*PrimDef, error) {
	if p >= NumPrims {
		return nil, fmt.Errorf("unknown primitive word %d", uint8(p))
	}
	return &Prims[p], nil
}

// spelledAs reports whether text is one of p's spellings, in any case.
func (p Prim) spelledAs(text string) bool {
	if p >= NumPrims {
		return false
	}
	if strings.EqualFold(text, Prims[p].Name) {
		return true
	}
	for _, a := range Prims[p].Aliases {
		if strings.EqualFold(text, a) {
			return true
		}
	}
	return false
}

// primByName maps every upper-case spelling of a primitive to it.
var primByName = func() map[string]Prim {
	m := map[string]Prim{}
	for p := range NumPrims {
		m[Prims[p].Name] = p
		for _, a := range Prims[p].Aliases {
			m[a] = p
		}
	}
	return m
}()

// Effect returns how many data-stack values p pops and pushes, and how many
// return-stack values it pops and pushes.
func (p Prim) Effect() (dIn, dOut, rIn, rOut int) {
	d := &Prims[p]
	return d.DIn, len(d.Push), d.RIn, len(d.RPush)
}

// Apply computes the result of an arithmetic or comparison primitive on
// values modulo v (PrimDef.Int): x is the next-on-stack and y the top.
func Apply(p Prim, x, y, v int) int {
	if p >= NumPrims || Prims[p].Int == nil {
		panic("forth.Apply: not a binary primitive: " + p.String())
	}
	return Prims[p].Int(x, y, v)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Mod reduces x into [0, m). An x already in range, as stack and heap
// indices mostly are, is returned without a division.
func Mod(x, m int) int {
	if 0 <= x && x < m {
		return x
	}
	r := x % m
	if r < 0 {
		r += m
	}
	return r
}

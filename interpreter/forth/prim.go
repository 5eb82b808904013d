package forth

// Prim is a primitive word of the Forth machine: one transition of the state
// that does not touch the program counter beyond moving to the next word.
// Both machines implement exactly this set.
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

var primNames = [...]string{"NOP", "1+", "1-", "DUP", "SWAP", "OVER", "DROP", "+", "-", "*", "/", "@", "!", ">", "<", "=", ">R", "R>", "R@"}

func (p Prim) String() string {
	if int(p) < len(primNames) {
		return primNames[p]
	}
	return "?"
}

// primByName maps the upper-cased spellings of the primitives to them.
var primByName = map[string]Prim{
	"NOP": Nop, "1+": Inc, "1-": Dec, "DUP": Dup, "SWAP": Swap, "OVER": Over, "DROP": Drop,
	"+": Add, "-": Sub, "*": Mul, "/": Div, "@": Fetch, "!": Store, ">": Gt, "<": Lt, "=": Eq,
	">R": ToR, "R>": RFrom, "R@": RFetch, "@R": RFetch, "I": RFetch,
}

// Effect returns how many data-stack values p pops and pushes, and how many
// return-stack values it pops and pushes.
func (p Prim) Effect() (dIn, dOut, rIn, rOut int) {
	switch p {
	case Nop:
		return 0, 0, 0, 0
	case Inc, Dec, Fetch:
		return 1, 1, 0, 0
	case Dup:
		return 1, 2, 0, 0
	case Swap:
		return 2, 2, 0, 0
	case Over:
		return 2, 3, 0, 0
	case Drop:
		return 1, 0, 0, 0
	case Add, Sub, Mul, Div, Gt, Lt, Eq:
		return 2, 1, 0, 0
	case Store:
		return 2, 0, 0, 0
	case ToR:
		return 1, 0, 0, 1
	case RFrom:
		return 0, 1, 1, 0
	case RFetch:
		return 0, 1, 1, 1
	}
	return 0, 0, 0, 0
}

// Apply computes the result of an arithmetic or comparison primitive on
// values modulo v: x is the next-on-stack and y the top.
func Apply(p Prim, x, y, v int) int {
	switch p {
	case Add:
		return (x + y) % v
	case Sub:
		return ((x-y)%v + v) % v
	case Mul:
		return (x * y) % v
	case Div:
		if y == 0 {
			return 0
		}
		return x / y
	case Gt:
		return b2i(x > y)
	case Lt:
		return b2i(x < y)
	case Eq:
		return b2i(x == y)
	}
	panic("forth.Apply: not a binary primitive: " + p.String())
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Mod reduces x into [0, m).
func Mod(x, m int) int {
	r := x % m
	if r < 0 {
		r += m
	}
	return r
}

// Package symbolic is the discrete Forth abstract machine of §2 of the ∂4
// paper: the exact discrete limit of the differentiable machine ∂4.
//
// The state is S = (D, R, H, c): a data stack D and a return stack R, each a
// circular buffer of l cells with a pointer to the top cell; a heap H of
// cells; and the program counter c, an address in the compiled code. Values
// are integers modulo the value size v. Pushing moves the pointer one cell
// up (circularly) and writes there; popping reads the top cell and moves the
// pointer down. Nothing else marks the bottom of a stack, exactly as in ∂4:
// an empty stack's pointer rests on cell l-1, so a stack of l cells holds up
// to l-1 values unambiguously, and popping an empty stack reads whatever the
// cell below holds (zero at the start). Strict mode reports such underflow,
// and overflow, as errors naming the word and its source position.
//
// The return stack holds both values and return addresses, so its cells
// range over max(v, p) for a program of p instructions; R> and R@ reduce
// what they copy to the data stack modulo v. Every conversion of a value
// into a pointer is reduced modulo the size it points into: a heap address
// modulo the heap size, a return address modulo p. The heap has one cell for
// each cell the program's variables allocate unless Config.HeapSize asks for
// more.
//
// What a cell means is the machine's Arith: by default (Modular) a cell is
// its value modulo v, the discrete limit of ∂4; with Exact a cell is a
// handle on an exact rational value and the formula that computed it, so
// that a trained program can be run on numbers of any size and its answer
// shown with the formula that gives it.
//
// Slots run through a Decider, which looks at the state and returns the
// slot's discrete decision (which word to choose, which permutation, which
// values to write): the "hybrid" execution of a trained sketch. Without a
// Decider, a program with slots stops at its first slot with an error.
//
// The machine runs each primitive word as forth.Prims describes it: the
// code of the words (prims_gen.go) is generated from that table by `go
// generate ./interpreter/symbolic` (package primgen), and TestPrimsGenerated
// fails when it is stale. What each kind of decoder does with a decision is
// the table slotRuns; the alternatives a distinct decoder's slots (pick)
// took in the run are Picked, and Untaken says which a slot may still
// take. StaticTrace and Analyze follow the same descriptions
// to tell which cells may depend on a slot.
package symbolic

import (
	"errors"
	"fmt"
	"slices"

	"github.com/d4lang/d4/interpreter/forth"
)

// MaxValueSize bounds the value size so that products of values fit easily.
const MaxValueSize = 1 << 20

// MaxStackSize and MaxHeapSize bound the cells of each stack and of the
// heap; a heap can hold the variables of any program.
const (
	MaxStackSize = 1 << 20
	MaxHeapSize  = forth.MaxHeapCells
)

// Config sets the machine's sizes and limits.
type Config struct {
	ValueSize int // v: values are 0 … v-1
	StackSize int // l: cells in each stack
	HeapSize  int // heap cells; 0 means the program's own allocation (at least 1)
	MaxSteps  int // step budget: Run fails with ErrNoHalt after this many steps
	Strict    bool
	// Arith is what the cells mean; nil means Modular{ValueSize}.
	Arith Arith
	// OnStep, when set, is called after every step with its record (the
	// walk-through table of the paper's appendix).
	OnStep func(Step)
}

func (c Config) validate() error {
	switch {
	case c.ValueSize < 2 || c.ValueSize > MaxValueSize:
		return fmt.Errorf("value size %d out of range: it must lie between 2 and %d", c.ValueSize, MaxValueSize)
	case c.StackSize < 2 || c.StackSize > MaxStackSize:
		return fmt.Errorf("stack size %d out of range: it must lie between 2 and %d", c.StackSize, MaxStackSize)
	case c.HeapSize < 0 || c.HeapSize > MaxHeapSize:
		return fmt.Errorf("heap size %d out of range: it must lie between 0 and %d", c.HeapSize, MaxHeapSize)
	case c.MaxSteps < 0:
		return fmt.Errorf("step budget %d must not be negative", c.MaxSteps)
	}
	return nil
}

// ErrNoHalt is returned when the program does not halt within the budget.
var ErrNoHalt = errors.New("program did not halt within the step budget")

// Decision is a slot's discrete choice. For choose, Choice is the index of
// the alternative; for permute, Perm[i] says which element's old value
// element i receives; for manipulate, Values[i] is written to element i.
type Decision struct {
	Choice int
	Perm   []int
	Values []int
}

// Decider decides slots during symbolic (hybrid) execution.
type Decider interface {
	Decide(slot *forth.SlotCode, m *Machine) (Decision, error)
}

// Arith gives the machine's cells their meaning. Cells hold ints; the
// machine asks its Arith for the cell of an integer, for the integer a cell
// holds when the cell is used as an address or a condition, and for the
// results of the arithmetic and comparison words. Every other word moves
// cells as they are.
type Arith interface {
	// Value returns the cell that holds the integer x in a cell of width
	// values (v for the data stack and the heap, max(v, p) for the return
	// stack): a literal, an initial value, a return address.
	Value(x, width int) int
	// Reduce returns cell c moved into a cell of width values (R> and R@
	// copy a return-stack cell to the data stack, @ a heap cell).
	Reduce(c, width int) int
	// Int returns the integer that cell c holds, and false when it holds
	// none (a fraction, or an integer beyond int).
	Int(c int) (int, bool)
	// Apply returns the cell of x p y for a binary word p (+ - * / > < =),
	// with x the next-on-stack and y the top.
	Apply(p forth.Prim, x, y int) int
}

// Modular is the machine's default arithmetic: a cell is its value, an
// integer modulo V, computed by forth.Apply.
type Modular struct{ V int }

// Value implements Arith.
func (a Modular) Value(x, width int) int { return forth.Mod(x, width) }

// Reduce implements Arith.
func (a Modular) Reduce(c, width int) int { return forth.Mod(c, width) }

// Int implements Arith.
func (a Modular) Int(c int) (int, bool) { return c, true }

// Apply implements Arith.
func (a Modular) Apply(p forth.Prim, x, y int) int { return forth.Apply(p, x, y, a.V) }

// Stack is a circular buffer with a pointer to its top cell.
type Stack struct {
	Cells []int
	Top   int
	// addr marks cells that hold return addresses (for display only).
	addr []bool
}

// clone copies the stack.
func (s Stack) clone() Stack {
	return Stack{Cells: slices.Clone(s.Cells), Top: s.Top, addr: slices.Clone(s.addr)}
}

func newStack(l int) Stack {
	return Stack{Cells: make([]int, l), Top: l - 1, addr: make([]bool, l)}
}

// Depth is the number of values between the base and the pointer.
func (s *Stack) Depth() int { return (s.Top + 1) % len(s.Cells) }

// Values returns the stack bottom to top.
func (s *Stack) Values() []int {
	n := s.Depth()
	out := make([]int, n)
	for i := 0; i < n; i++ {
		out[i] = s.Cells[i]
	}
	return out
}

func (s *Stack) push(x int, isAddr bool) {
	s.Top = (s.Top + 1) % len(s.Cells)
	s.Cells[s.Top] = x
	s.addr[s.Top] = isAddr
}

func (s *Stack) pop() int {
	x := s.Cells[s.Top]
	s.Top = (s.Top - 1 + len(s.Cells)) % len(s.Cells)
	return x
}

// at returns the index of the cell k above the top (k ≤ 0: below it).
func (s *Stack) at(k int) int { return forth.Mod(s.Top+k, len(s.Cells)) }

// Machine runs compiled code on discrete state.
type Machine struct {
	Code    *forth.Code
	Cfg     Config
	D, R    Stack
	H       []int
	PC      int
	Steps   int // steps taken so far
	Decider Decider
	Arith   Arith // Cfg.Arith, or Modular{Cfg.ValueSize}
	// Picked lists the alternatives the run's slots of a distinct decoder
	// (pick) took, in order: a later one takes none of them.
	Picked []int

	rWidth int // values a return-stack cell can hold: max(v, p)
}

// New returns a machine at the start of code with empty stacks and a zero
// heap.
func New(code *forth.Code, cfg Config) (*Machine, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if cfg.HeapSize == 0 {
		cfg.HeapSize = max(code.HeapCells, 1)
	}
	if code.HeapCells > MaxHeapSize {
		return nil, fmt.Errorf("the program's variables take %d heap cells, more than the %d a machine can have", code.HeapCells, MaxHeapSize)
	}
	if cfg.HeapSize < code.HeapCells {
		return nil, fmt.Errorf("heap size %d is smaller than the %d cells the program's variables take", cfg.HeapSize, code.HeapCells)
	}
	if err := CheckElems(code, cfg.StackSize); err != nil {
		return nil, err
	}
	arith := cfg.Arith
	if arith == nil {
		arith = Modular{cfg.ValueSize}
	}
	return &Machine{
		Arith:  arith,
		Code:   code,
		Cfg:    cfg,
		D:      newStack(cfg.StackSize),
		R:      newStack(cfg.StackSize),
		H:      make([]int, cfg.HeapSize),
		rWidth: max(cfg.ValueSize, code.Len()),
	}, nil
}

// CheckElems reports a slot element that lies deeper than a stack of size l
// can hold.
func CheckElems(code *forth.Code, l int) error {
	for _, s := range code.Slots {
		elems := append(append([]forth.Elem(nil), s.Enc.Observe...), s.Dec.Elems...)
		for _, e := range elems {
			if e.Space != 'H' && -e.Index >= l-1 {
				return &forth.Error{Pos: e.Pos, Msg: fmt.Sprintf("element %s lies deeper than a stack of size %d can hold (at most %d values)", e, l, l-1)}
			}
		}
	}
	return nil
}

// Push puts values on the data stack, bottom first (the initial stack).
func (m *Machine) Push(vals ...int) error {
	for _, x := range vals {
		if m.Cfg.Strict && m.D.Depth() == len(m.D.Cells)-1 {
			return fmt.Errorf("initial data stack of %d values does not fit a stack of size %d", len(vals), len(m.D.Cells))
		}
		m.D.push(m.Arith.Value(x, m.Cfg.ValueSize), false)
	}
	return nil
}

// Halted reports whether the machine is at the halt instruction.
func (m *Machine) Halted() bool { return m.PC == m.Code.Halt }

// Run steps the machine until it halts, an error occurs, or the step budget
// runs out (ErrNoHalt).
func (m *Machine) Run() error {
	for !m.Halted() {
		if m.Steps >= m.Cfg.MaxSteps {
			return fmt.Errorf("%w (%d steps)", ErrNoHalt, m.Cfg.MaxSteps)
		}
		if err := m.Step(); err != nil {
			return err
		}
	}
	return nil
}

// Step executes the instruction at the program counter.
func (m *Machine) Step() error {
	pc := m.PC
	if pc < 0 || pc >= m.Code.Len() {
		return fmt.Errorf("program counter %d outside the code (0 … %d)", pc, m.Code.Len()-1)
	}
	in := &m.Code.Instrs[pc]
	if in.Op == forth.OpHalt {
		return nil
	}
	if err := m.exec(in, pc); err != nil {
		return &forth.Error{Pos: in.Pos, Msg: fmt.Sprintf("%s: %v", in.Text, err)}
	}
	m.Steps++
	if m.Cfg.OnStep != nil {
		m.Cfg.OnStep(m.record(pc, *in))
	}
	return nil
}

// runtimeError is a machine error in strict mode.
type runtimeError string

func (e runtimeError) Error() string { return string(e) }

func (m *Machine) popD() (int, error) {
	if m.Cfg.Strict && m.D.Depth() == 0 {
		return 0, runtimeError("data stack underflow")
	}
	return m.D.pop(), nil
}

func (m *Machine) pushD(x int) error {
	if m.Cfg.Strict && m.D.Depth() == len(m.D.Cells)-1 {
		return runtimeError(fmt.Sprintf("data stack overflow (stack size %d holds %d values)", len(m.D.Cells), len(m.D.Cells)-1))
	}
	m.D.push(x, false)
	return nil
}

func (m *Machine) popR() (int, error) {
	if m.Cfg.Strict && m.R.Depth() == 0 {
		return 0, runtimeError("return stack underflow")
	}
	return m.R.pop(), nil
}

func (m *Machine) pushR(x int, isAddr bool) error {
	if m.Cfg.Strict && m.R.Depth() == len(m.R.Cells)-1 {
		return runtimeError(fmt.Sprintf("return stack overflow (stack size %d holds %d values)", len(m.R.Cells), len(m.R.Cells)-1))
	}
	m.R.push(x, isAddr)
	return nil
}

// heapAddr returns the heap cell that cell c addresses.
func (m *Machine) heapAddr(c int) (int, error) {
	a, ok := m.Arith.Int(c)
	if !ok {
		return 0, runtimeError("the heap address is not an integer")
	}
	if m.Cfg.Strict && (a < 0 || a >= len(m.H)) {
		return 0, runtimeError(fmt.Sprintf("heap address %d outside the heap (%d cells)", a, len(m.H)))
	}
	return forth.Mod(a, len(m.H)), nil
}

// exec runs one instruction located at pc (for a slot's chosen word, the
// slot's address).
func (m *Machine) exec(in *forth.Instr, pc int) error {
	next := pc + 1
	switch in.Op {
	case forth.OpLit:
		if err := m.pushD(m.Arith.Value(in.Arg, m.Cfg.ValueSize)); err != nil {
			return err
		}
	case forth.OpPrim:
		if err := m.prim(in.Prim); err != nil {
			return err
		}
	case forth.OpJump:
		next = in.Arg
	case forth.OpJumpZ:
		x, err := m.popD()
		if err != nil {
			return err
		}
		if n, ok := m.Arith.Int(x); ok && n == 0 {
			next = in.Arg
		}
	case forth.OpCall:
		if err := m.pushR(m.Arith.Value(pc+1, m.rWidth), true); err != nil {
			return err
		}
		next = in.Arg
	case forth.OpExit:
		c, err := m.popR()
		if err != nil {
			return err
		}
		a, ok := m.Arith.Int(c)
		if !ok {
			return runtimeError("the return address is not an integer")
		}
		a = forth.Mod(a, m.rWidth)
		if m.Cfg.Strict && a >= m.Code.Len() {
			return runtimeError(fmt.Sprintf("return address %d outside the code", a))
		}
		next = a % m.Code.Len()
	case forth.OpSlot:
		if err := m.slot(&m.Code.Slots[in.Arg], pc); err != nil {
			return err
		}
		return nil // the slot set the program counter
	default:
		return runtimeError(fmt.Sprintf("unknown instruction %d", in.Op))
	}
	m.PC = next
	return nil
}

// prim runs primitive word p as forth.Prims describes it, with the code
// generated from the description (prims_gen.go).
//
//go:generate go run gen.go
func (m *Machine) prim(p forth.Prim) error {
	if p >= forth.NumPrims {
		return runtimeError(fmt.Sprintf("unknown primitive word %d", uint8(p)))
	}
	if m.Cfg.Strict {
		if err := m.checkDepths(&forth.Prims[p]); err != nil {
			return err
		}
	}
	return primRuns[p](m)
}

// checkDepths reports a word that pops more values than a stack holds or
// pushes more than it can hold.
func (m *Machine) checkDepths(w *forth.PrimDef) error {
	dDepth, rDepth := m.D.Depth(), m.R.Depth()
	switch {
	case dDepth < w.DIn:
		return runtimeError(fmt.Sprintf("data stack underflow (needs %d, holds %d)", w.DIn, dDepth))
	case rDepth < w.RIn:
		return runtimeError("return stack underflow")
	case dDepth-w.DIn+len(w.Push) > len(m.D.Cells)-1:
		return runtimeError(fmt.Sprintf("data stack overflow (stack size %d holds %d values)", len(m.D.Cells), len(m.D.Cells)-1))
	case rDepth-w.RIn+len(w.RPush) > len(m.R.Cells)-1:
		return runtimeError(fmt.Sprintf("return stack overflow (stack size %d holds %d values)", len(m.R.Cells), len(m.R.Cells)-1))
	}
	return nil
}

// slotRun carries out a slot's decision d for one kind of decoder. It
// returns the instruction to run in the slot's place (a chosen word), or
// nil when it has changed the state itself.
type slotRun func(m *Machine, s *forth.SlotCode, d Decision) (*forth.Instr, error)

// slotRuns holds what each kind of decoder does, indexed by the kind.
var slotRuns = [...]slotRun{
	forth.Choose:     (*Machine).runChoose,
	forth.Manipulate: (*Machine).runManipulate,
	forth.Permute:    (*Machine).runPermute,
	forth.Pick:       (*Machine).runPick,
}

// Every kind of decoder has its entry (a missing last one fails here).
var _ [forth.NumDecoderKinds]slotRun = slotRuns

// slot runs a slot's decision. The program counter moves past the slot,
// unless a chosen word is a call.
func (m *Machine) slot(s *forth.SlotCode, pc int) error {
	if m.Decider == nil {
		return runtimeError(fmt.Sprintf("slot %d has no trained behaviour: the symbolic machine runs slots only with a trained model", s.Index))
	}
	if _, err := s.Dec.Kind.Def(); err != nil {
		return runtimeError(fmt.Sprintf("slot %d: %v", s.Index, err))
	}
	d, err := m.Decider.Decide(s, m)
	if err != nil {
		return err
	}
	in, err := slotRuns[s.Dec.Kind](m, s, d)
	if err != nil {
		return err
	}
	if in != nil {
		return m.exec(in, pc)
	}
	m.PC = pc + 1
	return nil
}

// runChoose returns the chosen alternative.
func (m *Machine) runChoose(s *forth.SlotCode, d Decision) (*forth.Instr, error) {
	if d.Choice < 0 || d.Choice >= len(s.Choices) {
		return nil, runtimeError(fmt.Sprintf("slot %d chose alternative %d of %d", s.Index, d.Choice, len(s.Choices)))
	}
	return &s.Choices[d.Choice], nil
}

// runPick returns the chosen alternative, which no earlier pick of the
// run took, and notes it taken.
func (m *Machine) runPick(s *forth.SlotCode, d Decision) (*forth.Instr, error) {
	in, err := m.runChoose(s, d)
	if err != nil {
		return nil, err
	}
	if slices.Contains(m.Picked, d.Choice) {
		return nil, runtimeError(fmt.Sprintf("slot %d picked alternative %d (%s), which an earlier pick of the run took", s.Index, d.Choice, s.Choices[d.Choice].Text))
	}
	m.Picked = append(m.Picked, d.Choice)
	return in, nil
}

// Untaken reports which alternatives of slot s a decision may take: every
// alternative, but for a distinct decoder (pick) those that no earlier
// pick of the run took (Picked). It is nil for a slot without
// alternatives.
func (m *Machine) Untaken(s *forth.SlotCode) []bool {
	if len(s.Choices) == 0 {
		return nil
	}
	free := make([]bool, len(s.Choices))
	for k := range free {
		free[k] = true
	}
	if def, err := s.Dec.Kind.Def(); err == nil && def.Distinct {
		for _, k := range m.Picked {
			if k >= 0 && k < len(free) {
				free[k] = false
			}
		}
	}
	return free
}

// runPermute gives element i the old value of element d.Perm[i].
func (m *Machine) runPermute(s *forth.SlotCode, d Decision) (*forth.Instr, error) {
	if len(d.Perm) != len(s.Dec.Elems) {
		return nil, runtimeError(fmt.Sprintf("slot %d: permutation of %d elements for %d", s.Index, len(d.Perm), len(s.Dec.Elems)))
	}
	old := make([]int, len(s.Dec.Elems))
	for i, e := range s.Dec.Elems {
		var err error
		if old[i], err = m.Elem(e); err != nil {
			return nil, err
		}
	}
	for i, e := range s.Dec.Elems {
		if d.Perm[i] < 0 || d.Perm[i] >= len(old) {
			return nil, runtimeError(fmt.Sprintf("slot %d: bad permutation %v", s.Index, d.Perm))
		}
		if err := m.setCell(e, old[d.Perm[i]]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// runManipulate writes d.Values[i] to element i.
func (m *Machine) runManipulate(s *forth.SlotCode, d Decision) (*forth.Instr, error) {
	if len(d.Values) != len(s.Dec.Elems) {
		return nil, runtimeError(fmt.Sprintf("slot %d: %d values for %d elements", s.Index, len(d.Values), len(s.Dec.Elems)))
	}
	for i, e := range s.Dec.Elems {
		if err := m.SetElem(e, d.Values[i]); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// cell returns the stack, or nil for the heap, and the cell index of e.
func (m *Machine) cell(e forth.Elem) (*Stack, int, error) {
	switch e.Space {
	case 'D':
		if m.Cfg.Strict && -e.Index >= m.D.Depth() {
			return nil, 0, runtimeError(fmt.Sprintf("slot element %s: the data stack holds %d values", e, m.D.Depth()))
		}
		return &m.D, m.D.at(e.Index), nil
	case 'R':
		if m.Cfg.Strict && -e.Index >= m.R.Depth() {
			return nil, 0, runtimeError(fmt.Sprintf("slot element %s: the return stack holds %d values", e, m.R.Depth()))
		}
		return &m.R, m.R.at(e.Index), nil
	}
	a, err := m.heapAddr(e.Index)
	return nil, a, err
}

// Elem reads a state element.
func (m *Machine) Elem(e forth.Elem) (int, error) {
	s, i, err := m.cell(e)
	if err != nil {
		return 0, err
	}
	if s == nil {
		return m.H[i], nil
	}
	return s.Cells[i], nil
}

// setCell writes cell c to a state element, reduced to the element's
// range: v values, or max(v, p) on the return stack.
func (m *Machine) setCell(e forth.Elem, c int) error {
	s, i, err := m.cell(e)
	if err != nil {
		return err
	}
	switch {
	case s == nil:
		m.H[i] = m.Arith.Reduce(c, m.Cfg.ValueSize)
	case s == &m.R:
		s.Cells[i] = m.Arith.Reduce(c, m.rWidth)
		s.addr[i] = false
	default:
		s.Cells[i] = m.Arith.Reduce(c, m.Cfg.ValueSize)
	}
	return nil
}

// SetElem writes the integer x to a state element (through the machine's
// Arith: modulo the element's range by default).
func (m *Machine) SetElem(e forth.Elem, x int) error {
	width := m.Cfg.ValueSize
	if e.Space == 'R' {
		width = m.rWidth
	}
	return m.setCell(e, m.Arith.Value(x, width))
}

// Clone returns a copy of m that runs on independently of m: the stacks,
// the heap and the counters are copied; the Arith and the Decider are
// shared (an Exact only adds terms, so one serves both).
func (m *Machine) Clone() *Machine {
	c := *m
	c.D = m.D.clone()
	c.R = m.R.clone()
	c.H = slices.Clone(m.H)
	c.Picked = slices.Clone(m.Picked)
	return &c
}

package symbolic

import (
	"fmt"
	"io"
	"strings"

	"github.com/d4lang/d4/interpreter/forth"
)

// Step records one executed instruction and the state after it, as a row of
// the walk-through table in the paper's appendix.
type Step struct {
	N     int         // 1 for the first step
	PC    int         // address of the executed instruction
	Instr forth.Instr // the instruction
	D     []int       // data stack after the step, bottom to top
	R     []Cell      // return stack after the step, bottom to top
}

// Cell is a return-stack cell: a value or a return address.
type Cell struct {
	Value int
	Addr  bool
}

func (c Cell) String() string {
	if c.Addr {
		return fmt.Sprintf("A%d", c.Value)
	}
	return fmt.Sprint(c.Value)
}

func (m *Machine) record(pc int, in forth.Instr) Step {
	n := m.R.Depth()
	r := make([]Cell, n)
	for i := 0; i < n; i++ {
		r[i] = Cell{Value: m.R.Cells[i], Addr: m.R.addr[i]}
	}
	return Step{N: m.Steps, PC: pc, Instr: in, D: m.D.Values(), R: r}
}

// WriteTraceHeader writes the header of the step table.
func WriteTraceHeader(w io.Writer) {
	fmt.Fprintf(w, "%6s %5s  %-18s %-30s %s\n", "step", "pc", "word", "D (bottom → top)", "R (bottom → top; An = return address n)")
}

// WriteTraceRow writes one step as a row of the step table.
func WriteTraceRow(w io.Writer, s Step) {
	r := make([]string, len(s.R))
	for i, c := range s.R {
		r[i] = c.String()
	}
	fmt.Fprintf(w, "%6d %5d  %-18s %-30s %s\n", s.N, s.PC, s.Instr.String(), "["+joinInts(s.D)+"]", "["+strings.Join(r, " ")+"]")
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}

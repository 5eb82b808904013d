package export

import (
	"fmt"
	"strings"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
)

// table is what a slot decides on every combination of the values it
// observes, the first element's value varying slowest: for each, in dec,
// the positions of its one-hot output (d4.Sizes.DecisionIndex): the
// alternative (choose), the permutation's index (permute), or the value
// written to each element (manipulate).
type table struct {
	elems  []forth.Elem
	widths []int
	dec    []int
}

// table evaluates the slot's network on every observable combination.
func (x *exporter) table(sc *forth.SlotCode) (table, error) {
	t := table{elems: sc.Enc.Observe}
	n := 1
	for _, e := range t.elems {
		w := x.m.Sizes.Width(e)
		t.widths = append(t.widths, w)
		n *= w
		if n*max(1, len(sc.Dec.Elems)) > MaxTable {
			return t, fmt.Errorf("export: slot %d at %s observes %s: more than %d value combinations, too many for a decision table", sc.Index, sc.Pos, elemsText(t.elems), MaxTable)
		}
	}
	h := d4.Hybrid{M: x.m.Machine}
	vals := make([]int, len(t.elems))
	for i := 0; i < n; i++ {
		t.decode(i, vals)
		idx, err := x.m.Sizes.DecisionIndex(sc, h.DecideValues(sc, vals))
		if err != nil {
			return t, fmt.Errorf("export: slot %d at %s: %w", sc.Index, sc.Pos, err)
		}
		t.dec = append(t.dec, idx...)
	}
	return t, nil
}

// closed is a decision that one comparison explains: then if
// "code op" holds, else els.
type closed struct {
	text, code, op string
	then, els      int
}

// elemRead is the Forth code that reads an element's value.
func elemRead(e forth.Elem) string { return elemAddr(e) + " @" }

// elemAddr is the Forth code of an element's cell address.
func elemAddr(e forth.Elem) string {
	switch e.Space {
	case 'R':
		return fmt.Sprintf("%d rcell", e.Index)
	case 'H':
		return fmt.Sprintf("%d hcell", e.Index)
	}
	return fmt.Sprintf("%d dcell", e.Index)
}

// comparisons are the predicates a closed form may use: the Forth code
// that gives the flag and the test it makes.
var comparisons = []struct {
	name, code string
	f          func(a, b int) bool
}{
	{"<", "<", func(a, b int) bool { return a < b }},
	{">", ">", func(a, b int) bool { return a > b }},
	{"=", "=", func(a, b int) bool { return a == b }},
	{"<>", "<>", func(a, b int) bool { return a != b }},
	{"<=", "> 0=", func(a, b int) bool { return a <= b }},
	{">=", "< 0=", func(a, b int) bool { return a >= b }},
}

// closedForm finds a comparison of two observed values, or of one with a
// constant, that tells the slot's two decisions apart on every
// combination.
func (t table) closedForm() (closed, bool) {
	if len(distinct(t.dec)) != 2 {
		return closed{}, false
	}
	vals := make([]int, len(t.elems))
	try := func(pred func(vals []int) bool) (int, int, bool) {
		then, els := -1, -1
		for i, d := range t.dec {
			t.decode(i, vals)
			p := &els
			if pred(vals) {
				p = &then
			}
			if *p == -1 {
				*p = d
			} else if *p != d {
				return 0, 0, false
			}
		}
		return then, els, then >= 0 && els >= 0
	}
	for i, a := range t.elems {
		for j, b := range t.elems {
			for _, c := range comparisons {
				if i == j {
					continue
				}
				if then, els, ok := try(func(v []int) bool { return c.f(v[i], v[j]) }); ok {
					return closed{text: fmt.Sprintf("%s %s %s", a, c.name, b), code: elemRead(a) + " " + elemRead(b), op: c.code, then: then, els: els}, true
				}
			}
		}
		for k := 0; k < t.widths[i]; k++ {
			for _, c := range comparisons[:3] {
				if then, els, ok := try(func(v []int) bool { return c.f(v[i], k) }); ok {
					return closed{text: fmt.Sprintf("%s %s %d", a, c.name, k), code: fmt.Sprintf("%s %d", elemRead(a), k), op: c.code, then: then, els: els}, true
				}
			}
		}
	}
	return closed{}, false
}

// decode writes the observed values of combination i into vals.
func (t table) decode(i int, vals []int) {
	for j := len(vals) - 1; j >= 0; j-- {
		vals[j], i = i%t.widths[j], i/t.widths[j]
	}
}

// writeTable writes NAME-table (per values an entry, one line for each
// value of the first observed element) and NAME-index, the word that
// computes the entry of the current state.
func (x *exporter) writeTable(name string, t table, entries []int, per int) {
	var labels []string
	for _, e := range t.elems {
		labels = append(labels, e.String())
	}
	x.printf("\\ learned, by the values of %s (%d combinations", strings.Join(labels, " "), len(entries)/per)
	if per > 1 {
		x.printf(", %d values each", per)
	}
	x.printf("):\ncreate %s-table\n", name)
	row := len(entries)
	if len(t.widths) > 0 {
		row = len(entries) / t.widths[0]
	}
	for i := 0; i < len(entries); i += row {
		var s strings.Builder
		for _, v := range entries[i : i+row] {
			fmt.Fprintf(&s, "%d , ", v)
		}
		x.printf("  %s", s.String())
		if len(t.elems) > 0 {
			x.printf("\\ %s = %d", t.elems[0], i/row)
		}
		x.printf("\n")
	}
	code := "0"
	for j, e := range t.elems {
		if j == 0 {
			code = elemRead(e)
		} else {
			code += fmt.Sprintf(" %d * %s +", t.widths[j], elemRead(e))
		}
	}
	x.printf(": %s-index ( -- i ) %s ;\n", name, code)
}

// manipulate writes a manipulate slot: a table of the values written.
func (x *exporter) manipulate(sc *forth.SlotCode, name string, t table) {
	m := len(sc.Dec.Elems)
	x.writeTable(name, t, t.dec, m)
	x.printf(": %s ( -- ) tick %s-index %d * cells %s-table +\n", name, name, m, name)
	for j, e := range sc.Dec.Elems {
		x.printf("  dup %d cells + @ %s umod %s !\n", j, x.widthConst(e), elemAddr(e))
	}
	x.printf("  drop ;\n")
}

// widthConst names the width of an element's cells.
func (x *exporter) widthConst(e forth.Elem) string {
	if e.Space == 'R' {
		return "w#"
	}
	return "v#"
}

// permuteWord writes slot-N-permute ( k -- ), which applies permutation k
// of the slot's elements (one step).
func (x *exporter) permuteWord(sc *forth.SlotCode) {
	m := len(sc.Dec.Elems)
	name := fmt.Sprintf("slot-%d", sc.Index)
	x.printf("\\ permutation k: element j takes the old value of element %s-perms[k*%d+j]\ncreate %s-perms\n", name, m, name)
	for _, p := range d4.Permutations(m) {
		var s strings.Builder
		for _, v := range p {
			fmt.Fprintf(&s, "%d , ", v)
		}
		x.printf("  %s\n", strings.TrimSpace(s.String()))
	}
	x.printf(": %s-permute ( k -- ) tick %d * cells %s-perms +\n", name, m, name)
	for j, e := range sc.Dec.Elems {
		x.printf("  %s olds %d cells + !\n", elemRead(e), j)
	}
	for j, e := range sc.Dec.Elems {
		x.printf("  dup %d cells + @ cells olds + @ %s umod %s !\n", j, x.widthConst(e), elemAddr(e))
	}
	x.printf("  drop ;\n")
}

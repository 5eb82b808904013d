package cc

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/d4lang/d4/internal/quote"
)

// The five equation patterns of the CC dataset, as EquationPattern names
// them: a, b and c are the equation's numbers in the order they appear.
const (
	PatternAddSub = "(a+b)-c"
	PatternMulAdd = "a*(b+c)"
	PatternAddDiv = "(a+b)/c"
	PatternMulSub = "a*(b-c)"
	PatternSubDiv = "(a-b)/c"
	// PatternOther is any other equation, or one that does not parse.
	PatternOther = "other"
)

// Patterns are the five CC patterns in the order above.
var Patterns = []string{PatternAddSub, PatternMulAdd, PatternAddDiv, PatternMulSub, PatternSubDiv}

// expr is a parsed arithmetic expression: a number (op 0) or a binary
// operation on two sub-expressions.
type expr struct {
	op   byte // 0, '+', '-', '*' or '/'
	num  float64
	text string // a number's, as written
	l, r *expr
}

// parseEquation parses an equation in CC's format, "X=((32.0+42.0)-35.0)":
// an optional "X=" (any single-letter unknown), then an expression of
// decimal numbers (a negative one with its minus sign, "(-2)"), + - * /,
// and parentheses, with the usual precedence and left associativity.
// White space is ignored.
func parseEquation(eq string) (*expr, error) {
	s := strings.Join(strings.Fields(eq), "")
	if len(s) >= 2 && s[1] == '=' && ('A' <= s[0] && s[0] <= 'Z' || 'a' <= s[0] && s[0] <= 'z') {
		s = s[2:]
	}
	p := &eqParser{s: s}
	e, err := p.sum()
	if err != nil {
		return nil, fmt.Errorf("equation %s: %w", quote.Short(eq), err)
	}
	if p.i < len(s) {
		return nil, fmt.Errorf("equation %s: unexpected %q at offset %d", quote.Short(eq), s[p.i], p.i)
	}
	return e, nil
}

// eqParser is a recursive-descent parser over an expression without white
// space.
type eqParser struct {
	s     string
	i     int
	depth int
}

// maxEqDepth bounds the nesting of parentheses, so that no input can
// exhaust the stack.
const maxEqDepth = 100

// sum parses terms joined by + and -.
func (p *eqParser) sum() (*expr, error) { return p.chain("+-", p.product) }

// product parses factors joined by * and /.
func (p *eqParser) product() (*expr, error) { return p.chain("*/", p.factor) }

// chain parses operands (each read by operand) joined by any of the
// operators ops, associating to the left: a-b-c is (a-b)-c.
func (p *eqParser) chain(ops string, operand func() (*expr, error)) (*expr, error) {
	l, err := operand()
	if err != nil {
		return nil, err
	}
	for p.i < len(p.s) && strings.IndexByte(ops, p.s[p.i]) >= 0 {
		op := p.s[p.i]
		p.i++
		r, err := operand()
		if err != nil {
			return nil, err
		}
		l = &expr{op: op, l: l, r: r}
	}
	return l, nil
}

func (p *eqParser) factor() (*expr, error) {
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unexpected end, want a number or (")
	}
	if p.s[p.i] == '(' {
		if p.depth++; p.depth > maxEqDepth {
			return nil, fmt.Errorf("parentheses nested deeper than %d", maxEqDepth)
		}
		p.i++
		e, err := p.sum()
		if err != nil {
			return nil, err
		}
		if p.i >= len(p.s) || p.s[p.i] != ')' {
			return nil, fmt.Errorf("missing ) at offset %d", p.i)
		}
		p.i++
		p.depth--
		return e, nil
	}
	start := p.i
	if p.s[p.i] == '-' && p.i+1 < len(p.s) && (p.s[p.i+1] >= '0' && p.s[p.i+1] <= '9' || p.s[p.i+1] == '.') {
		p.i++ // a negative number
	}
	for p.i < len(p.s) && (p.s[p.i] >= '0' && p.s[p.i] <= '9' || p.s[p.i] == '.') {
		p.i++
	}
	if start == p.i {
		return nil, fmt.Errorf("unexpected %q at offset %d, want a number or (", p.s[p.i], p.i)
	}
	v, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil {
		return nil, fmt.Errorf("bad number %s at offset %d", quote.Short(p.s[start:p.i]), start)
	}
	return &expr{num: v, text: p.s[start:p.i]}, nil
}

// eval computes e; division by zero is an error.
func (e *expr) eval() (float64, error) {
	if e.op == 0 {
		return e.num, nil
	}
	l, err := e.l.eval()
	if err != nil {
		return 0, err
	}
	r, err := e.r.eval()
	if err != nil {
		return 0, err
	}
	switch e.op {
	case '+':
		return l + r, nil
	case '-':
		return l - r, nil
	case '*':
		return l * r, nil
	}
	if r == 0 {
		return 0, fmt.Errorf("division by zero")
	}
	return l / r, nil
}

// numbers appends the numbers of e in the order they appear.
func (e *expr) numbers(out []float64) []float64 {
	if e.op == 0 {
		return append(out, e.num)
	}
	return e.r.numbers(e.l.numbers(out))
}

// shape writes e with its numbers replaced by a, b, c, … in order and
// parentheses around every operation but the outermost.
func (e *expr) shape(b *strings.Builder, next *byte, top bool) {
	if e.op == 0 {
		b.WriteByte(*next)
		*next++
		return
	}
	if !top {
		b.WriteByte('(')
	}
	e.l.shape(b, next, false)
	b.WriteByte(e.op)
	e.r.shape(b, next, false)
	if !top {
		b.WriteByte(')')
	}
}

// EvalEquation computes the value of an equation in CC's format, e.g.
// 56 for "X=((50.0+21.0)-15.0)". It fails for an equation that does not
// parse or divides by zero.
func EvalEquation(eq string) (float64, error) {
	e, err := parseEquation(eq)
	if err != nil {
		return 0, err
	}
	v, err := e.eval()
	if err != nil {
		return 0, fmt.Errorf("equation %s: %w", quote.Short(eq), err)
	}
	return v, nil
}

// Tree is an equation parsed (ParseEquation): a number as written (Op 0,
// Text "32.0", "-2") or the operation Op ('+', '-', '*' or '/') on L and R.
type Tree struct {
	Op   byte
	Text string
	L, R *Tree
}

// ParseEquation parses an equation in CC's format into its tree:
// "X=((50.0+21.0)-15.0)" is − on (+ on 50.0 and 21.0) and 15.0.
func ParseEquation(eq string) (*Tree, error) {
	e, err := parseEquation(eq)
	if err != nil {
		return nil, err
	}
	return e.tree(), nil
}

// tree converts e to its Tree.
func (e *expr) tree() *Tree {
	if e.op == 0 {
		return &Tree{Text: e.text}
	}
	return &Tree{Op: e.op, L: e.l.tree(), R: e.r.tree()}
}

// EquationNumbers returns the numbers of an equation in CC's format in the
// order they appear, e.g. [50 21 15] for "X=((50.0+21.0)-15.0)".
func EquationNumbers(eq string) ([]float64, error) {
	e, err := parseEquation(eq)
	if err != nil {
		return nil, err
	}
	return e.numbers(nil), nil
}

// EquationShape writes an equation of CC's format with its numbers
// replaced by a, b, c, … in order and parentheses around every operation
// but the outermost: "(a+b)-c" for "X=((50.0+21.0)-15.0)", "a*b" for
// "X=(3.0*4.0)". Redundant parentheses do not change it.
func EquationShape(eq string) (string, error) {
	e, err := parseEquation(eq)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	next := byte('a')
	e.shape(&b, &next, true)
	return b.String(), nil
}

// EquationPattern names the pattern of a CC equation: one of Patterns —
// "(a+b)-c" for "X=((50.0+21.0)-15.0)" — or PatternOther for an equation of
// any other shape, with other than three numbers, or that does not parse.
// Redundant parentheses do not change the pattern.
func EquationPattern(eq string) string {
	s, err := EquationShape(eq)
	if err != nil {
		return PatternOther
	}
	for _, p := range Patterns {
		if s == p {
			return p
		}
	}
	return PatternOther
}

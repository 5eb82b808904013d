package synth

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// exactValue evaluates an equation of CC's format ("X=((24.0-3.0)/4.5)")
// exactly, with go/constant's rational arithmetic: a check of the
// generator's answers that shares no code with it or with cc.
func exactValue(eq string) (*big.Rat, error) {
	_, expr, ok := strings.Cut(eq, "=")
	if !ok {
		return nil, fmt.Errorf("%q has no =", eq)
	}
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return nil, err
	}
	var eval func(ast.Expr) (constant.Value, error)
	eval = func(e ast.Expr) (constant.Value, error) {
		switch e := e.(type) {
		case *ast.ParenExpr:
			return eval(e.X)
		case *ast.BasicLit:
			return constant.MakeFromLiteral(e.Value, e.Kind, 0), nil
		case *ast.BinaryExpr:
			l, err := eval(e.X)
			if err != nil {
				return nil, err
			}
			r, err := eval(e.Y)
			if err != nil {
				return nil, err
			}
			if e.Op == token.QUO && constant.Sign(r) == 0 {
				return nil, fmt.Errorf("division by zero in %q", eq)
			}
			return constant.BinaryOp(l, e.Op, r), nil
		}
		return nil, fmt.Errorf("unexpected %T in %q", e, eq)
	}
	v, err := eval(e)
	if err != nil {
		return nil, err
	}
	switch x := constant.Val(constant.ToFloat(v)).(type) {
	case *big.Rat:
		return x, nil
	case *big.Float:
		r, _ := x.Rat(nil)
		return r, nil
	default:
		return new(big.Rat).SetFrac64(constant.Val(constant.ToInt(v)).(int64), 1), nil
	}
}

// checkSample checks a problem as a Source gives it: its Answer is its
// equation's exact value, every number of its equation is one the reader
// reads in its text (all of them and only them when onlyUsed), and its
// equation's shape is one of shapes, which it returns.
func checkSample(t *testing.T, p source.Problem, onlyUsed bool, shapes map[string]bool) string {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("problem %d %q (%s): %s", p.ID, p.Text, p.Equation, fmt.Sprintf(format, args...))
	}
	v, err := exactValue(p.Equation)
	if err != nil {
		fail("%v", err)
	} else if f, _ := v.Float64(); f != p.Answer {
		fail("Answer %v, the equation's exact value %s", p.Answer, v.RatString())
	}
	q, err := reader.ParseQuestion(p.Text)
	if err != nil {
		fail("reader: %v", err)
		return ""
	}
	text := map[string]int{}
	for _, n := range q.Quantities {
		text[n.Value.RatString()]++
	}
	nums, err := cc.EquationNumbers(p.Equation)
	if err != nil {
		fail("%v", err)
	}
	for _, x := range nums {
		r, _ := new(big.Rat).SetString(strconv.FormatFloat(x, 'f', -1, 64))
		k := r.RatString()
		if text[k] == 0 {
			fail("equation number %v is not in the text (text numbers %v)", x, text)
		}
		text[k]--
	}
	for k, n := range text {
		if onlyUsed && n > 0 {
			fail("text number %s is not in the equation", k)
		}
	}
	shape, err := cc.EquationShape(p.Equation)
	if err != nil || !shapes[shape] {
		fail("equation shape %q (%v), not one the mix makes", shape, err)
	}
	return shape
}

// samples reads n problems of a mix as `wap prepare` does, checks each
// with checkSample, logs a few of each shape, and fails unless every
// shape of shapes comes in them.
func samples(t *testing.T, mix Mix, n int, onlyUsed bool, shapes map[string]bool) {
	ds, err := Source{N: [3]int{n, 0, 0}, Seed: 7, Mix: mix}.Read()
	if err != nil {
		t.Fatal(err)
	}
	if len(ds[data.Train]) != n {
		t.Fatalf("%d problems, asked for %d", len(ds[data.Train]), n)
	}
	seen := map[string]int{}
	for _, p := range ds[data.Train] {
		s := checkSample(t, p, onlyUsed, shapes)
		if seen[s]++; seen[s] <= 2 {
			t.Logf("%-24s %s", p.Equation, p.Text)
		}
	}
	for s := range shapes {
		if seen[s] == 0 {
			t.Errorf("no problem of shape %s in %d of the %s mix", s, n, mix)
		}
	}
}

// A sample of CC's mix, as a Source gives it: each answer is its
// equation's exact value, the text's numbers are the equation's, and each
// equation is of one of CC's five patterns, all five there.
func TestSamples(t *testing.T) {
	shapes := map[string]bool{}
	for _, p := range cc.Patterns {
		shapes[p] = true
	}
	samples(t, CCMix, 500, true, shapes)
}

// A sample of the general mix, as a Source gives it: each answer is its
// equation's exact value, each of the equation's numbers is in the text
// (which may tell others), and the equation's shape is a family's of
// generalFamilies (or the other writing of "(a-b)-c" the families' doc
// names), every family there.
func TestGeneralSamples(t *testing.T) {
	shapes := map[string]bool{}
	for _, f := range generalFamilies {
		shapes[f.shape] = true
	}
	shapes["a-(b+c)"] = true
	samples(t, GeneralMix, 2000, false, shapes)
}

// exactValue evaluates exactly, and refuses what it cannot.
func TestExactValue(t *testing.T) {
	for eq, want := range map[string]string{
		"X=((24.0-3.0)/4.5)": "14/3",
		"X=(7.3+1.0)":        "83/10",
		"X=((13.3/7.0)*2.0)": "19/5",
		"X=(12.0-(7.0+3.0))": "2",
		"X=(1.0/0.0)":        "",
		"(1.0+2.0)":          "",
		"X=(f(1.0))":         "",
		"X=((0.1+0.2)-0.3)":  "0",
	} {
		v, err := exactValue(eq)
		switch {
		case want == "" && err == nil:
			t.Errorf("%s: %s, want an error", eq, v.RatString())
		case want != "" && (err != nil || v.RatString() != want):
			t.Errorf("%s: %v, %v; want %s", eq, v, err, want)
		}
	}
}

package svamp

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/d4lang/d4/internal/quote"
)

// The rule that writes a value of the Numbers column as text (see the
// package doc).
const (
	// MaxDecimals is the most decimal places a value written as a
	// decimal has in the files: one with more is a fraction the files
	// wrote as a float, when a small denominator matches.
	MaxDecimals = 6
	// MaxDenominator is the largest denominator tried.
	MaxDenominator = 100
)

// number is a value of the Numbers column: its value, and how it is
// written in the text and in the equation.
type number struct {
	value    float64
	text, eq string
}

// parseNumber reads a value of the Numbers column (or a constant of an
// equation) and writes it: "8.0" as "8", "7.666666666666667" as "23/3"
// ("(23/3)" in an equation), "28.3" as "28.3".
func parseNumber(s string) (number, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return number{}, fmt.Errorf("%s is not a number", quote.Short(s))
	}
	text := strconv.FormatFloat(v, 'f', -1, 64)
	n := number{value: v, text: text, eq: text}
	if v < 0 {
		n.eq = "(" + text + ")"
	}
	_, frac, _ := strings.Cut(text, ".")
	if len(frac) <= MaxDecimals {
		return n, nil
	}
	for q := 2.0; q <= MaxDenominator; q++ {
		if p := math.Round(v * q); p/q == v {
			n.text = strconv.FormatFloat(p, 'f', -1, 64) + "/" + strconv.FormatFloat(q, 'f', -1, 64)
			n.eq = "(" + n.text + ")"
			break
		}
	}
	return n, nil
}

// prefixEquation writes a prefix equation over numberK and constants
// ("* number0 + number1 number2") in CC's format ("X=(8*(4+6))"), every
// operation in parentheses.
func prefixEquation(eq string, nums []number) (string, error) {
	toks := strings.Fields(eq)
	var b strings.Builder
	b.WriteString("X=")
	pos := 0
	var term func(depth int) error
	term = func(depth int) error {
		if pos == len(toks) {
			return fmt.Errorf("equation %s: an operator lacks an operand", quote.Short(eq))
		}
		if depth > maxDepth {
			return fmt.Errorf("equation %s: nested deeper than %d", quote.Short(eq), maxDepth)
		}
		t := toks[pos]
		pos++
		if len(t) == 1 && strings.Contains("+-*/", t) {
			b.WriteByte('(')
			if err := term(depth + 1); err != nil {
				return err
			}
			b.WriteString(t)
			if err := term(depth + 1); err != nil {
				return err
			}
			b.WriteByte(')')
			return nil
		}
		if k, ok := placeholder(t); ok {
			if k >= len(nums) {
				return fmt.Errorf("equation %s: %s, but the Numbers column holds %d values", quote.Short(eq), t, len(nums))
			}
			b.WriteString(nums[k].eq)
			return nil
		}
		c, err := parseNumber(t)
		if err != nil || c.value < 0 {
			return fmt.Errorf("equation %s: %s is not an operator (+ - * /), numberK or a constant", quote.Short(eq), quote.Short(t))
		}
		b.WriteString(c.eq)
		return nil
	}
	if err := term(0); err != nil {
		return "", err
	}
	if pos < len(toks) {
		return "", fmt.Errorf("equation %s: %s follows a complete expression", quote.Short(eq), quote.Short(strings.Join(toks[pos:], " ")))
	}
	return b.String(), nil
}

// maxDepth bounds the nesting of an equation, so that no input can
// exhaust the stack.
const maxDepth = 100

// placeholder reads a number's placeholder, "number3", as its index.
func placeholder(t string) (int, bool) {
	digits, ok := strings.CutPrefix(t, "number")
	if !ok || digits == "" || len(digits) > 4 {
		return 0, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	k, err := strconv.Atoi(digits)
	return k, err == nil
}

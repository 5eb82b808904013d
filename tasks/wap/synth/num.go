package synth

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// This file holds the exact values and the equations of the general
// problems (general.go). A value is a whole number of hundredths, so that
// money ($2.50) and measures (1.5 km) are exact; an equation is a tree over
// the story's numbers, written in CC's format.

// num is an exact value in hundredths: 250 is 2.5.
type num int64

// hundred is 1 as a num.
const hundred num = 100

// whole is the integer k as a num.
func whole(k int) num { return num(k) * hundred }

// isWhole reports whether x is an integer.
func (x num) isWhole() bool { return x%hundred == 0 }

// floor is the integer part of x.
func (x num) floor() int { return int(x / hundred) }

// rat is x as an exact rational.
func (x num) rat() *big.Rat { return big.NewRat(int64(x), int64(hundred)) }

// plain writes x with as few decimals as it needs: "12", "2.5", "0.75".
func (x num) plain() string {
	if x.isWhole() {
		return strconv.Itoa(x.floor())
	}
	s := fmt.Sprintf("%d.%02d", x/hundred, x%hundred)
	return strings.TrimSuffix(s, "0")
}

// dollars writes an amount of money: "$12", "$2.50", "$0.75".
func (x num) dollars() string {
	if x.isWhole() {
		return money(x.floor())
	}
	return fmt.Sprintf("$%d.%02d", x/hundred, x%hundred)
}

// eqText writes x as CC's equations do: "12.0", "2.5", "0.75".
func (x num) eqText() string {
	if x.isWhole() {
		return strconv.Itoa(x.floor()) + ".0"
	}
	return x.plain()
}

// term is an equation over the numbers of a story: a number (op 0, by
// its slot) or an operation on two terms.
type term struct {
	op   byte // 0, '+', '-', '*' or '/'
	slot int
	l, r *term
}

// at is the term of the number in slot i.
func at(i int) *term { return &term{slot: i} }

// The operations on terms.
func add(l, r *term) *term { return &term{op: '+', l: l, r: r} }
func sub(l, r *term) *term { return &term{op: '-', l: l, r: r} }
func mul(l, r *term) *term { return &term{op: '*', l: l, r: r} }
func div(l, r *term) *term { return &term{op: '/', l: l, r: r} }

// value computes t over the numbers exactly; false when a division is
// by zero, or a value is negative or not a whole number of hundredths
// (the stories keep every quantity countable or payable).
func (t *term) value(nums []num) (num, bool) {
	if t.op == 0 {
		return nums[t.slot], true
	}
	l, okL := t.l.value(nums)
	r, okR := t.r.value(nums)
	if !okL || !okR {
		return 0, false
	}
	var v num
	switch t.op {
	case '+':
		v = l + r
	case '-':
		v = l - r
	case '*':
		if l*r%hundred != 0 {
			return 0, false
		}
		v = l * r / hundred
	case '/':
		if r == 0 || l*hundred%r != 0 {
			return 0, false
		}
		v = l * hundred / r
	}
	return v, v >= 0
}

// equation writes t over the numbers in CC's format, every operation in
// parentheses: "X=((50.0+21.0)-15.0)", "X=(2.5*4.0)".
func (t *term) equation(nums []num) string {
	var b strings.Builder
	b.WriteString("X=")
	t.write(&b, nums)
	return b.String()
}

func (t *term) write(b *strings.Builder, nums []num) {
	if t.op == 0 {
		b.WriteString(nums[t.slot].eqText())
		return
	}
	b.WriteByte('(')
	t.l.write(b, nums)
	b.WriteByte(t.op)
	t.r.write(b, nums)
	b.WriteByte(')')
}

// slots lists the slots t uses, in the order they appear.
func (t *term) slots() []int {
	if t.op == 0 {
		return []int{t.slot}
	}
	return append(t.l.slots(), t.r.slots()...)
}

// ops counts the operations of t.
func (t *term) ops() int {
	if t.op == 0 {
		return 0
	}
	return 1 + t.l.ops() + t.r.ops()
}

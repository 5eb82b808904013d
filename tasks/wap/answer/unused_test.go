package answer

import (
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/d4lang/d4/reader"
)

// UnusedNumberFile holds hand-written one-step questions with a number the
// question does not use (see its header).
const unusedNumberFile = "testdata/unused_number.tsv"

// Every question of the file has three numbers, and one operation on two
// of them gives its answer: the third is not used.
func TestUnusedNumberFile(t *testing.T) {
	b, err := os.ReadFile(unusedNumberFile)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		n++
		text, ans, ok := strings.Cut(line, "\t")
		want, good := new(big.Rat).SetString(ans)
		if !ok || !good {
			t.Fatalf("line %d: want a question, a tab and a number", i+1)
		}
		q, err := reader.ParseQuestionWords(text)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if len(q.Quantities) != 3 {
			t.Fatalf("line %d: %d numbers (%s), want 3", i+1, len(q.Quantities), q.NumberList())
		}
		if !oneStep(q.Quantities, want) {
			t.Errorf("line %d: no operation on two of %s gives %s", i+1, q.NumberList(), ans)
		}
	}
	if n < 30 {
		t.Errorf("%d questions, want at least 30", n)
	}
}

// oneStep reports whether a op b = want for two distinct numbers a, b.
func oneStep(qs []reader.Quantity, want *big.Rat) bool {
	for i, a := range qs {
		for j, b := range qs {
			if i == j {
				continue
			}
			x, y := a.Value, b.Value
			for _, v := range []*big.Rat{new(big.Rat).Add(x, y), new(big.Rat).Sub(x, y), new(big.Rat).Mul(x, y)} {
				if v.Cmp(want) == 0 {
					return true
				}
			}
			if y.Sign() != 0 && new(big.Rat).Quo(x, y).Cmp(want) == 0 {
				return true
			}
		}
	}
	return false
}

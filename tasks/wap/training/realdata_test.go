package training

import (
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// folds holds the SVAMP repository's folds as `wap prepare` wrote them,
// prepared once for the package's tests (preparedFold).
var folds = struct {
	sync.Mutex
	prep map[string]*prepare.Prepared
}{prep: map[string]*prepare.Prepared{}}

// preparedFold returns the rows `wap prepare` makes of fold 0 of one of the
// SVAMP repository's datasets ("cv_mawps", "cv_asdiv-a"; seed 1, as `wap
// train` reads them), prepared once for the package's tests. A test makes
// its own problems of them (prepare.Problems): a problem keeps the exact
// loss's table of the first model that scores it.
func preparedFold(t *testing.T, dataset string) *prepare.Prepared {
	t.Helper()
	dir := filepath.Join(waptest.SharedData(t, "svamp"), dataset, "fold0")
	folds.Lock()
	defer folds.Unlock()
	if p := folds.prep[dir]; p != nil {
		return p
	}
	src, err := prepare.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.MkdirTemp("", "wap-fold-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(out)
	if _, err := prepare.Prepare(prepare.Config{Source: src, Seed: 1, Out: out}); err != nil {
		t.Fatal(err)
	}
	prep, err := prepare.LoadPrepared(out)
	if err != nil {
		t.Fatal(err)
	}
	folds.prep[dir] = prep
	return prep
}

// rowsByCount groups rows by their count of numbers, in order.
func rowsByCount(rows []prepare.Row) map[int][]prepare.Row {
	out := map[int][]prepare.Row{}
	for _, r := range rows {
		out[len(r.NumPos)] = append(out[len(r.NumPos)], r)
	}
	return out
}

// withSentence returns the row a with the first sentence of another row
// before its text, when that sentence holds exactly one number: a problem
// of one more number, which its question does not use. No problem of the
// SVAMP repository's CSVs, of SVAMP.json or of CC has more than seven
// numbers (counted 2026-12-06), so the tests make their problems of eight
// this way.
func withSentence(t *testing.T, a prepare.Row, others []prepare.Row) prepare.Row {
	t.Helper()
	for _, b := range others {
		end := slices.IndexFunc(b.Tokens, func(s string) bool { return s != "" && strings.Trim(s, ".!?") == "" })
		if b.ID == a.ID || end < 0 || len(b.NumPos) < 2 || int(b.NumPos[0]) > end || int(b.NumPos[1]) <= end {
			continue
		}
		n := int32(end + 1)
		r := a
		r.Text = strings.Join(b.Tokens[:n], " ") + " " + a.Text
		r.Tokens = append(slices.Clone(b.Tokens[:n]), a.Tokens...)
		r.TokenIDs = append(slices.Clone(b.TokenIDs[:n]), a.TokenIDs...)
		r.NumPos = []int32{b.NumPos[0]}
		for _, q := range a.NumPos {
			r.NumPos = append(r.NumPos, q+n)
		}
		r.Numbers = append([]int32{b.Numbers[0]}, a.Numbers...)
		r.Values = append([]string{b.Values[0]}, a.Values...)
		return r
	}
	t.Fatalf("no row has a first sentence of one number to add to row %d", a.ID)
	return prepare.Row{}
}

// realCounts returns rows of every count of numbers from 2 to 8 of a fold's
// training split (rows of eight: withSentence on the first of seven): the
// first per of each count that keep(row) accepts (nil: all).
func realCounts(t *testing.T, prep *prepare.Prepared, per int, keep func(prepare.Row) bool) map[int][]prepare.Row {
	t.Helper()
	byCount := rowsByCount(prep.Train)
	if sevens := byCount[7]; len(sevens) > 0 {
		byCount[8] = []prepare.Row{withSentence(t, sevens[0], prep.Train)}
	}
	out := map[int][]prepare.Row{}
	for n := 2; n <= 8; n++ {
		for _, r := range byCount[n] {
			if len(out[n]) < per && (keep == nil || keep(r)) {
				out[n] = append(out[n], r)
			}
		}
	}
	return out
}

// evalEquation is the value of an equation whose numbers are replaced by
// sub (by value: the prepared equations name numbers by value); nil when
// it divides by zero.
func evalEquation(e *model.Equation, sub map[string]*big.Rat) *big.Rat {
	if e.Value != nil {
		if v, ok := sub[e.Value.RatString()]; ok {
			return v
		}
		return e.Value
	}
	l, r := evalEquation(e.L, sub), evalEquation(e.R, sub)
	if l == nil || r == nil {
		return nil
	}
	switch e.Op {
	case forth.Add:
		return new(big.Rat).Add(l, r)
	case forth.Sub:
		return new(big.Rat).Sub(l, r)
	case forth.Mul:
		return new(big.Rat).Mul(l, r)
	}
	if r.Sign() == 0 {
		return nil
	}
	return new(big.Rat).Quo(l, r)
}

// smallValues returns the row with its numbers replaced by small whole
// numbers drawn from rng (equal numbers stay equal) and its answer the
// value of its equation with them, a whole number in 1 … model.ValueSize−1:
// its story (the reader's input) is the row's, its values are ones ∂4
// holds. ok is false when no draw gives such an answer.
func smallValues(r prepare.Row, rng *rand.Rand) (out prepare.Row, ok bool) {
	eq, err := r.EquationOf()
	if err != nil {
		return r, false
	}
	for range 200 {
		sub := map[string]*big.Rat{}
		out = r
		out.Numbers, out.Values = slices.Clone(r.Numbers), slices.Clone(r.Values)
		for k, v := range r.Values {
			old, _ := new(big.Rat).SetString(v)
			s, seen := sub[old.RatString()]
			if !seen {
				s = big.NewRat(int64(1+rng.Intn(24)), 1)
				sub[old.RatString()] = s
			}
			out.Numbers[k], out.Values[k] = int32(s.Num().Int64()), s.RatString()
		}
		a := evalEquation(eq, sub)
		if a == nil || !a.IsInt() || a.Sign() <= 0 || a.Cmp(big.NewRat(model.ValueSize, 1)) >= 0 {
			continue
		}
		out.Exact, out.Answer, out.Equation = a.RatString(), int32(a.Num().Int64()), ""
		return out, true
	}
	return r, false
}

// holdsValues reports whether ∂4 holds a row's numbers and answer: whole
// numbers below model.ValueSize.
func holdsValues(r prepare.Row) bool {
	for _, v := range append([]string{r.Exact}, r.Values...) {
		x, ok := new(big.Rat).SetString(v)
		if !ok || !model.InRange(reader.Quantity{Value: x}, model.ValueSize) {
			return false
		}
	}
	return true
}

package forth

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
)

// TestPrimsWellFormed checks every entry of Prims: a name and spellings
// that no other word has, operands within the word's own, at most
// MaxOperands operands and MaxPush results a stack, and an arithmetic
// definition (Int and Rat) for every word a result applies.
func TestPrimsWellFormed(t *testing.T) {
	seen := map[string]Prim{}
	for p := range NumPrims {
		w := &Prims[p]
		if w.Name == "" {
			t.Errorf("word %d has no entry in Prims", p)
			continue
		}
		for _, s := range append([]string{w.Name}, w.Aliases...) {
			if s != strings.ToUpper(s) {
				t.Errorf("%s: spelling %q is not upper case", w.Name, s)
			}
			if q, ok := seen[s]; ok {
				t.Errorf("%s: spelling %q is also %s's", w.Name, s, q)
			}
			seen[s] = p
			if primByName[s] != p {
				t.Errorf("%s: the parser reads %q as %s", w.Name, s, primByName[s])
			}
		}
		n := w.DIn + w.RIn + len(w.Consts)
		if n > MaxOperands || len(w.Push) > MaxPush || len(w.RPush) > MaxPush {
			t.Errorf("%s: %d operands, %d and %d results", w.Name, n, len(w.Push), len(w.RPush))
		}
		inRange := func(i int) bool { return 0 <= i && i < n }
		for _, r := range append(append([]Result(nil), w.Push...), w.RPush...) {
			if !inRange(r.X) || r.Kind == ApplyPrim && !inRange(r.Y) || r.Kind > LoadHeap {
				t.Errorf("%s: result %+v outside its %d operands", w.Name, r, n)
			}
			if r.Kind == ApplyPrim && (r.Op >= NumPrims || Prims[r.Op].Int == nil || Prims[r.Op].Rat == nil) {
				t.Errorf("%s: result %+v applies a word without Int and Rat", w.Name, r)
			}
		}
		if hw := w.Write; hw != nil && (!inRange(hw.Addr) || !inRange(hw.Value)) {
			t.Errorf("%s: heap write %+v outside its %d operands", w.Name, *hw, n)
		}
		if (w.Int == nil) != (w.Rat == nil) {
			t.Errorf("%s: Int and Rat must come together", w.Name)
		}
		dIn, dOut, rIn, rOut := p.Effect()
		if dIn != w.DIn || dOut != len(w.Push) || rIn != w.RIn || rOut != len(w.RPush) {
			t.Errorf("%s: Effect %d %d %d %d disagrees with the entry", w.Name, dIn, dOut, rIn, rOut)
		}
		if _, err := p.Def(); err != nil {
			t.Errorf("%s: %v", w.Name, err)
		}
	}
	if _, err := NumPrims.Def(); err == nil {
		t.Errorf("NumPrims.Def() gives no error")
	}
}

// TestArithmetic checks the integer and rational definitions of the
// arithmetic and comparison words: values modulo v, x/0 = 0, comparisons
// 1 or 0.
func TestArithmetic(t *testing.T) {
	tests := []struct {
		p       Prim
		x, y, v int
		want    int
		rat     string // x op y on rationals
	}{
		{Add, 7, 5, 10, 2, "12"},
		{Sub, 3, 5, 10, 8, "-2"},
		{Sub, 5, 3, 10, 2, "2"},
		{Mul, 6, 7, 10, 2, "42"},
		{Div, 7, 2, 10, 3, "7/2"},
		{Div, 7, 0, 10, 0, "0"},
		{Gt, 4, 3, 10, 1, "1"},
		{Gt, 3, 3, 10, 0, "0"},
		{Lt, 3, 4, 10, 1, "1"},
		{Lt, 4, 3, 10, 0, "0"},
		{Eq, 4, 4, 10, 1, "1"},
		{Eq, 4, 5, 10, 0, "0"},
	}
	for _, tc := range tests {
		if got := Apply(tc.p, tc.x, tc.y, tc.v); got != tc.want {
			t.Errorf("%d %d %s mod %d = %d, want %d", tc.x, tc.y, tc.p, tc.v, got, tc.want)
		}
		z := new(big.Rat)
		ok := Prims[tc.p].Rat(z, big.NewRat(int64(tc.x), 1), big.NewRat(int64(tc.y), 1))
		if z.RatString() != tc.rat || ok != (tc.p != Div || tc.y != 0) {
			t.Errorf("%d %d %s on rationals = %s (%v), want %s", tc.x, tc.y, tc.p, z.RatString(), ok, tc.rat)
		}
	}
	defer func() {
		if recover() == nil {
			t.Errorf("Apply(DUP, …) does not panic")
		}
	}()
	Apply(Dup, 1, 2, 10)
}

// TestDecodersWellFormed checks every entry of Decoders and that the
// parser reads each kind by its keyword.
func TestDecodersWellFormed(t *testing.T) {
	for k := range NumDecoderKinds {
		d := &Decoders[k]
		if d.Name == "" || d.Need == nil || d.Min < 1 || d.Max != 0 && d.Max < d.Min {
			t.Errorf("decoder kind %d: incomplete entry %+v", k, *d)
			continue
		}
		if decoderByName[d.Name] != k || k.String() != d.Name {
			t.Errorf("%s: the parser reads it as %s", d.Name, decoderByName[d.Name])
		}
		args := " D0 D-1"
		if d.Args == Alternatives {
			args = " NOP DUP"
		}
		prog, err := Parse("t.fth", "{ static -> "+d.Name+args+" }")
		if err != nil {
			t.Errorf("%s: %v", d.Name, err)
			continue
		}
		if got := prog.Slots[0].Dec.Kind; got != k {
			t.Errorf("%s: parsed as %s", d.Name, got)
		}
	}
	if _, err := NumDecoderKinds.Def(); err == nil || NumDecoderKinds.String() != fmt.Sprintf("DecoderKind(%d)", NumDecoderKinds) {
		t.Errorf("NumDecoderKinds: Def gives %v, String %q", err, NumDecoderKinds.String())
	}
}

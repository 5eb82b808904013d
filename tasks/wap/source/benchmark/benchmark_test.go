package benchmark

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// patternValue computes a pattern exactly.
func patternValue(pattern string, a, b, c *big.Rat) *big.Rat {
	r := new(big.Rat)
	switch pattern {
	case cc.PatternAddSub:
		return r.Sub(r.Add(a, b), c)
	case cc.PatternAddDiv:
		return r.Quo(r.Add(a, b), c)
	case cc.PatternSubDiv:
		return r.Quo(r.Sub(a, b), c)
	case cc.PatternMulAdd:
		return r.Mul(a, r.Add(b, c))
	case cc.PatternMulSub:
		return r.Mul(a, r.Sub(b, c))
	}
	return nil
}

// Every benchmark problem is what it says: the reader finds its three
// numbers in the text, in the order given; a, b and c are those numbers;
// the pattern on them gives the answer, which is not negative; ids are
// unique over both halves, and each half has every pattern a fifth of the
// time.
func TestBenchmarkItems(t *testing.T) {
	seen := map[string]bool{}
	for _, half := range Sets {
		items, err := Load(half)
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for _, it := range items {
			count[it.Pattern]++
			if seen[it.ID] {
				t.Errorf("%s: id %s twice", half, it.ID)
			}
			seen[it.ID] = true
			q, err := reader.ParseQuestion(it.Text)
			if err != nil {
				t.Errorf("%s %s: %v", half, it.ID, err)
				continue
			}
			var texts []string
			for _, n := range q.Quantities {
				texts = append(texts, n.Text)
			}
			if !slices.Equal(texts, it.Numbers) {
				t.Errorf("%s %s: the reader finds the numbers %q, the item says %q", half, it.ID, texts, it.Numbers)
				continue
			}
			vals := map[string]*big.Rat{}
			for _, n := range q.Quantities {
				vals[n.Text] = n.Value
			}
			abc := []string{it.A, it.B, it.C}
			sorted, nums := slices.Clone(abc), slices.Clone(it.Numbers)
			slices.Sort(sorted)
			slices.Sort(nums)
			if !slices.Equal(sorted, nums) {
				t.Errorf("%s %s: a, b, c = %q are not the numbers %q", half, it.ID, abc, it.Numbers)
				continue
			}
			if strings.HasSuffix(it.Pattern, "/c") && vals[it.C].Sign() == 0 {
				t.Errorf("%s %s: divides by c = 0", half, it.ID)
				continue
			}
			got := patternValue(it.Pattern, vals[it.A], vals[it.B], vals[it.C])
			if got.Cmp(it.exact) != 0 || got.Sign() < 0 {
				t.Errorf("%s %s: %s on %s, %s, %s gives %s, the item says %s", half, it.ID, it.Pattern, it.A, it.B, it.C, got.RatString(), it.Answer)
			}
		}
		for _, p := range cc.Patterns {
			if count[p]*5 != len(items) {
				t.Errorf("%s: %d of %d problems have the pattern %s, want a fifth", half, count[p], len(items), p)
			}
		}
		if len(items) < 100 {
			t.Errorf("%s: %d problems, want at least 100", half, len(items))
		}
	}
}

package source

import (
	"slices"
	"strings"
	"unicode"
)

// NearThreshold is the similarity (Similarity of the masked texts) from
// which two problems are near copies: a template sibling, the same story
// with other numbers or a word changed. Measured on CC against MAWPS and
// ASDiv-A, the best matches fall at 0.83 or more (copies) or at 0.75 or
// less (other stories).
const NearThreshold = 0.8

// Masked returns the words of a problem's text as the contamination check
// compares them: lower-cased, every number (digits with thousands
// separators, a decimal part or a fraction, "1,000", "2.5", "7/3", or a
// placeholder "number3") replaced by "N", and every other character that
// is not a letter a–z or a digit dropped. "He paid $12.50 for 3 pens." is
// [he paid N for N pens].
func Masked(text string) []string {
	r := []rune(strings.ToLower(text))
	var b strings.Builder
	for i := 0; i < len(r); {
		if n := numberAt(r, i); n > 0 {
			b.WriteString(" N ")
			i += n
			continue
		}
		if c := r[i]; c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		} else {
			b.WriteByte(' ')
		}
		i++
	}
	return strings.Fields(b.String())
}

// numberAt returns the length of the number that starts at r[i], or 0: a
// placeholder "number" and digits, or digits not just after a word
// character or a point, with ",ddd" groups, a decimal part and a
// fraction's denominator.
func numberAt(r []rune, i int) int {
	digits := func(j int) int {
		k := j
		for k < len(r) && r[k] >= '0' && r[k] <= '9' {
			k++
		}
		return k - j
	}
	if strings.HasPrefix(string(r[i:min(i+6, len(r))]), "number") {
		if d := digits(i + 6); d > 0 {
			return 6 + d
		}
	}
	if digits(i) == 0 || i > 0 && (r[i-1] == '.' || r[i-1] == '_' || unicode.IsLetter(r[i-1]) || unicode.IsDigit(r[i-1])) {
		return 0
	}
	j := i + digits(i)
	for j+4 <= len(r) && r[j] == ',' && digits(j+1) == 3 {
		j += 4
	}
	for _, sep := range []rune{'.', '/'} {
		if j+1 < len(r) && r[j] == sep && digits(j+1) > 0 {
			j += 1 + digits(j+1)
		}
	}
	return j - i
}

// Similarity is the similarity of two token lists: 2·M/(|a|+|b|), where M
// is the number of tokens in the matching blocks that Python's
// difflib.SequenceMatcher finds (without junk heuristics: autojunk=False),
// so that it equals SequenceMatcher(None, a, b, autojunk=False).ratio()
// (the order matters: the blocks, and rarely M, can differ when a and b
// swap); 1 for two empty lists.
func Similarity(a, b []string) float64 {
	ids := map[string]int32{}
	return similarity(intern(a, ids), intern(b, ids))
}

// Near is the similarity of two problems' masked texts (Masked,
// Similarity of a's to b's): NearThreshold or more makes them near
// copies.
func Near(a, b Problem) float64 { return Similarity(Masked(a.Text), Masked(b.Text)) }

// intern maps tokens to small integers, adding new ones to ids.
func intern(toks []string, ids map[string]int32) []int32 {
	out := make([]int32, len(toks))
	for i, t := range toks {
		id, ok := ids[t]
		if !ok {
			id = int32(len(ids))
			ids[t] = id
		}
		out[i] = id
	}
	return out
}

// similarity is Similarity over interned tokens.
func similarity(a, b []int32) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	return ratio(matches(a, b), len(a)+len(b))
}

// ratio is difflib's 2·M/T, computed as it does.
func ratio(m, total int) float64 { return 2.0 * float64(m) / float64(total) }

// matches counts the tokens of difflib's matching blocks of a and b: the
// longest matching block (the first of the longest, in a, then in b), then
// the matching blocks to its left and to its right, recursively.
func matches(a, b []int32) int { return matchesIn(a, len(b), positions(b)) }

// positions lists the positions of each token of b, in order.
func positions(b []int32) map[int32][]int {
	b2j := map[int32][]int{}
	for j, t := range b {
		b2j[t] = append(b2j[t], j)
	}
	return b2j
}

// matchesIn is matches for a b of length lb whose positions are b2j.
func matchesIn(a []int32, lb int, b2j map[int32][]int) int {
	lm := longestMatcher{a: a, b2j: b2j, j2len: make([]int, lb+1), next: make([]int, lb+1)}
	type span struct{ alo, ahi, blo, bhi int }
	total := 0
	stack := []span{{0, len(a), 0, lb}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, j, k := lm.longest(s.alo, s.ahi, s.blo, s.bhi)
		if k == 0 {
			continue
		}
		total += k
		if s.alo < i && s.blo < j {
			stack = append(stack, span{s.alo, i, s.blo, j})
		}
		if i+k < s.ahi && j+k < s.bhi {
			stack = append(stack, span{i + k, s.ahi, j + k, s.bhi})
		}
	}
	return total
}

// longestMatcher finds longest matching blocks as difflib's
// find_longest_match does, with no junk: j2len[j+1] is the length of the
// match ending at a[i-1] and b[j] in the row before.
type longestMatcher struct {
	a           []int32
	b2j         map[int32][]int
	j2len, next []int
}

// longest returns the longest block a[i:i+k] == b[j:j+k] within
// a[alo:ahi] and b[blo:bhi], the one with the smallest i, then j, among
// the longest.
func (m *longestMatcher) longest(alo, ahi, blo, bhi int) (besti, bestj, bestk int) {
	besti, bestj = alo, blo
	var prev []int // the j+1 set in the row before
	for i := alo; i < ahi; i++ {
		var cur []int
		for _, j := range m.b2j[m.a[i]] {
			if j < blo {
				continue
			}
			if j >= bhi {
				break
			}
			k := m.j2len[j] + 1
			m.next[j+1] = k
			cur = append(cur, j+1)
			if k > bestk {
				besti, bestj, bestk = i-k+1, j-k+1, k
			}
		}
		for _, j := range prev {
			m.j2len[j] = 0
		}
		for _, j := range cur {
			m.j2len[j], m.next[j] = m.next[j], 0
		}
		prev = cur
	}
	for _, j := range prev {
		m.j2len[j] = 0
	}
	return besti, bestj, bestk
}

// Held is a set of problems that other problems must not be near (a test
// set, with its dev set), indexed so that a problem is compared in full
// only with held problems that could be near it: those of a length that
// allows NearThreshold, sharing enough tokens.
type Held struct {
	ids   map[string]int32
	toks  [][]int32         // masked tokens of each problem
	bags  [][]int32         // the same, sorted
	b2j   []map[int32][]int // their positions (positions)
	byLen []int             // problem indexes by token count
}

// NewHeld indexes problems.
func NewHeld(problems []Problem) *Held {
	h := &Held{ids: map[string]int32{}}
	for _, p := range problems {
		t := intern(Masked(p.Text), h.ids)
		h.toks = append(h.toks, t)
		h.bags = append(h.bags, slices.Sorted(slices.Values(t)))
		h.b2j = append(h.b2j, positions(t))
		h.byLen = append(h.byLen, len(h.byLen))
	}
	slices.SortStableFunc(h.byLen, func(x, y int) int { return len(h.toks[x]) - len(h.toks[y]) })
	return h
}

// Nearest returns the index (in the problems given to NewHeld) of the held
// problem most similar to p (Near(p, held); the first among equals) and
// the similarity, if it is NearThreshold or more; else -1 and 0.
func (h *Held) Nearest(p Problem) (held int, sim float64) {
	// A token no held problem has never matches: they are all -1.
	words := Masked(p.Text)
	t := make([]int32, len(words))
	for i, w := range words {
		if id, ok := h.ids[w]; ok {
			t[i] = id
		} else {
			t[i] = -1
		}
	}
	bag := slices.Sorted(slices.Values(t))
	// 2·min(la,lb)/(la+lb) ≥ NearThreshold bounds the held lengths.
	lo := slices.IndexFunc(h.byLen, func(i int) bool { return ratio(len(h.toks[i]), len(h.toks[i])+len(t)) >= NearThreshold })
	best := -1
	for _, i := range h.byLen[max(lo, 0):] {
		if lo < 0 || ratio(len(t), len(h.toks[i])+len(t)) < NearThreshold {
			break
		}
		total := len(t) + len(h.toks[i])
		if ratio(common(bag, h.bags[i]), total) < max(sim, NearThreshold) {
			continue
		}
		s := ratio(matchesIn(t, len(h.toks[i]), h.b2j[i]), total)
		if s >= NearThreshold && (s > sim || s == sim && i < best) {
			best, sim = i, s
		}
	}
	if best < 0 {
		return -1, 0
	}
	return best, sim
}

// common counts the tokens two sorted lists share, with repeats.
func common(a, b []int32) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n, i, j = n+1, i+1, j+1
		}
	}
	return n
}

package prepare

import (
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/source/svamp"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// memSource is a dataset held in memory.
type memSource source.Dataset

func (memSource) Name() string                    { return "mem" }
func (m memSource) Read() (source.Dataset, error) { return source.Dataset(m), nil }

// augmentData is a small dataset whose dev and test problems are marked
// (names, things and numbers that no training problem has), so that a
// row that read them shows it.
func augmentData() memSource {
	p := func(id int, text, eq string, answer float64) source.Problem {
		return source.Problem{ID: id, Text: text, Equation: eq, Answer: answer, Source: "mem"}
	}
	return memSource{
		data.Train: {
			p(1, "Mary has 12 pens. She gives 5 pens to Tom. How many pens does Mary have now?", "X=(12-5)", 7),
			p(2, "Sam bought 8 apples. Sam ate 3 apples. How many apples are left?", "X=(8-3)", 5),
			p(3, "Lee has 20 marbles. Lee lost 9 marbles. How many marbles does Lee have?", "X=(20-9)", 11),
			p(4, "A farm has 14 cows. The farmer buys 6 cows. How many cows are on the farm?", "X=(14+6)", 20),
			p(5, "Ann read 30 pages on Monday and 25 pages on Tuesday. How many pages did Ann read?", "X=(30+25)", 55),
			p(6, "Bob has 4 boxes. Each box holds 6 crayons. How many crayons does Bob have?", "X=(4*6)", 24),
			p(7, "Kim had 15 dollars. Kim spent 7 dollars. How much money is left?", "X=(15-7)", 8),
			p(8, "Jo baked 40 cookies. Jo put 5 cookies in each bag. How many bags did Jo fill?", "X=(40/5)", 8),
			p(9, "Ray has 17 stickers. Ray gets 4 stickers and gives away 6. How many stickers does Ray have?", "X=((17+4)-6)", 15),
		},
		data.Dev: {
			p(20, "Zed has 777 quokkas. Zed gives 11 quokkas away. How many quokkas does Zed have?", "X=(777-11)", 766),
			p(21, "Zed saw 701 emus. Zed saw 13 more emus. How many emus did Zed see?", "X=(701+13)", 714),
		},
		data.Test: {
			p(30, "Yola has 888 wombats. Yola sells 22 wombats. How many wombats does Yola have?", "X=(888-22)", 866),
		},
	}
}

// inserted finds the sentence inserted into a text made from one of the
// originals: the original and the sentence, or ok false.
func inserted(text string, originals []source.Problem) (orig source.Problem, sentence string, ok bool) {
	got := sentences(text)
	for _, o := range originals {
		want := sentences(o.Text)
		for i := range got {
			if slices.Equal(slices.Concat(got[:i], got[i+1:]), want) {
				return o, got[i], true
			}
		}
	}
	return source.Problem{}, "", false
}

// fromTraining reports whether a sentence is one of the training
// problems' (of another than not), its first word aside (a name may be
// the story's).
func fromTraining(s string, train []source.Problem, not int) bool {
	_, tail, _ := strings.Cut(s, " ")
	for _, p := range train {
		if p.ID == not {
			continue
		}
		for _, t := range sentences(p.Text) {
			if _, tt, _ := strings.Cut(t, " "); tt == tail {
				return true
			}
		}
	}
	return false
}

// unusedValues returns the row's values that its equation does not use.
func unusedValues(t *testing.T, r Row) []string {
	t.Helper()
	e, err := r.EquationOf()
	if err != nil {
		t.Fatalf("row %d: %v", r.ID, err)
	}
	left := slices.Clone(r.Values)
	for _, n := range e.Numbers(nil) {
		if i := slices.IndexFunc(left, func(v string) bool { x, _ := new(big.Rat).SetString(v); return x.Cmp(n) == 0 }); i >= 0 {
			left = slices.Delete(left, i, i+1)
		}
	}
	return left
}

// The copies keep their problem's answer and equation, hold exactly one
// number more, which the equation does not use, in a sentence of another
// training problem; no row of the training split holds anything of the
// dev or test problems, and the dev and test splits are left as read.
func TestAugmentKeepsAnswersAndReadsTrainingOnly(t *testing.T) {
	ds := augmentData()
	out := t.TempDir()
	sum := mustPrepare(t, Config{Source: ds, Out: out, Augment: 2, Seed: 3})
	a := sum.Augment
	if a == nil || a.Added == 0 || a.Added > a.Asked || a.Asked != 2*len(ds[data.Train]) {
		t.Fatalf("augment summary %+v: want copies of the %d training problems, twice each at most", a, len(ds[data.Train]))
	}
	p := mustLoad(t, out)
	if len(p.Train) != len(ds[data.Train])+a.Added || len(p.Dev) != 2 || len(p.Test) != 1 {
		t.Fatalf("rows %d/%d/%d, want %d/2/1", len(p.Train), len(p.Dev), len(p.Test), len(ds[data.Train])+a.Added)
	}
	for _, marker := range []string{"Zed", "quokka", "emu", "777", "701", "Yola", "wombat", "888"} {
		for _, r := range p.Train {
			if strings.Contains(r.Text, marker) {
				t.Errorf("training row %d holds %q of a dev or test problem: %q", r.ID, marker, r.Text)
			}
		}
	}
	for i, r := range p.Dev {
		if r.Text != ds[data.Dev][i].Text {
			t.Errorf("dev row %d is %q, want it as read", r.ID, r.Text)
		}
	}
	perOriginal := map[int]int{}
	for _, r := range p.Train[len(ds[data.Train]):] {
		orig, s, ok := inserted(r.Text, ds[data.Train])
		if !ok {
			t.Errorf("row %d %q is no training problem with one sentence inserted", r.ID, r.Text)
			continue
		}
		perOriginal[orig.ID]++
		v, err := cc.EvalEquation(r.Equation)
		if err != nil || r.Equation != orig.Equation || !EquationGives(v, orig.Answer) || r.Exact != exactAnswer(orig.Answer).RatString() {
			t.Errorf("row %d: equation %s = %v (%v), answer %s; its problem %d has %s, %v", r.ID, r.Equation, v, err, r.Exact, orig.ID, orig.Equation, orig.Answer)
		}
		if unused := unusedValues(t, r); len(unused) != 1 || len(r.Values) != numbersIn(orig.Text)+1 {
			t.Errorf("row %d %q: values %v, unused %v; want one more than problem %d's, unused", r.ID, r.Text, r.Values, unused, orig.ID)
		}
		if !fromTraining(s, ds[data.Train], orig.ID) || s == sentences(r.Text)[len(sentences(r.Text))-1] {
			t.Errorf("row %d: inserted %q is not another training problem's sentence before the question", r.ID, s)
		}
	}
	for id, n := range perOriginal {
		if n > 2 {
			t.Errorf("problem %d has %d copies, want at most 2 (ratio 2)", id, n)
		}
	}
}

// numbersIn counts the numbers of a text as the reader finds them.
func numbersIn(text string) int {
	q, _ := reader.ParseQuestion(text)
	return len(q.Quantities)
}

// UnusedDev gives each dev problem a sentence of a training problem; the
// training split and the test split stay as read.
func TestUnusedDev(t *testing.T) {
	ds := augmentData()
	out := t.TempDir()
	sum := mustPrepare(t, Config{Source: ds, Out: out, UnusedDev: true, Seed: 1})
	p := mustLoad(t, out)
	if sum.Augment == nil || sum.Augment.Dev+sum.Augment.DevLeft != 2 || sum.Augment.Dev != len(p.Dev) || sum.Augment.Added != 0 {
		t.Fatalf("augment summary %+v for %d dev rows, want the 2 dev problems counted and no copies", sum.Augment, len(p.Dev))
	}
	if len(p.Dev) == 0 || len(p.Train) != len(ds[data.Train]) || p.Test[0].Text != ds[data.Test][0].Text {
		t.Fatalf("rows %d/%d/%d: want the dev problems with a sentence, the training and test splits as read", len(p.Train), len(p.Dev), len(p.Test))
	}
	for _, r := range p.Dev {
		orig, s, ok := inserted(r.Text, ds[data.Dev])
		if !ok || !fromTraining(s, ds[data.Train], -1) || strings.Contains(r.Text, "wombat") {
			t.Errorf("dev row %d %q: want a dev problem with a training sentence inserted", r.ID, r.Text)
		}
		if unused := unusedValues(t, r); len(unused) != 1 || r.ID != int64(orig.ID) {
			t.Errorf("dev row %d %q: unused %v, want one (problem %d)", r.ID, r.Text, unused, orig.ID)
		}
	}
}

// On the SVAMP repository's ASDiv-A fold, every copy keeps its answer and
// adds one unused number, and the copies keep the split's mix of
// operations within a few points.
func TestAugmentASDivA(t *testing.T) {
	dir := waptest.SharedData(t, "svamp/cv_asdiv-a/fold0")
	out := t.TempDir()
	sum := mustPrepare(t, Config{Source: svamp.Fold{Dir: dir}, Dir: dir, Out: out, Augment: 1, Seed: 1})
	p := mustLoad(t, out)
	a := sum.Augment
	orig := len(p.Train) - a.Added
	if a.Added < a.Asked/2 {
		t.Errorf("%d copies of %d asked", a.Added, a.Asked)
	}
	for _, r := range p.Train[orig:] {
		v, err := cc.EvalEquation(r.Equation)
		x, _ := new(big.Rat).SetString(r.Exact)
		want, _ := x.Float64()
		if err != nil || !EquationGives(v, want) {
			t.Errorf("row %d: %s = %v (%v), answer %s", r.ID, r.Equation, v, err, r.Exact)
		}
		if len(unusedValues(t, r)) == 0 {
			t.Errorf("row %d %q: no unused number", r.ID, r.Text)
		}
	}
	share := func(m MixCounts) float64 {
		total := 0
		for _, n := range m.Operations {
			total += n
		}
		return float64(m.Operations[1]) / float64(total)
	}
	if b, af := share(a.Before), share(a.After); math.Abs(b-af) > 0.03 {
		t.Errorf("one-operation share %.3f before, %.3f after: the copies do not keep the mix", b, af)
	}
}

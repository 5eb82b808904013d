package training

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// With `--supervise equations`, the decisions of the general sketch that
// make a row's equation, from the Equation column of real rows of the
// SVAMP repository's MAWPS and ASDiv-A first folds as `wap prepare` reads
// them, are those written here by hand. A row is named by its ID, the
// line of train.csv it starts on. The decisions are the first pick
// (number 0…7), the second pick, the operation (+ − × ÷: 0…3), the third
// pick and how it meets the first result r (r+c r−c c−r r×c r/c c/r, r
// alone: 0…6); both orders of the operands of + and × count, a number is
// any of the text's numbers of its value, and with two numbers the third
// pick is the empty pick's (2). Rows whose equations the sketch cannot
// make are left out of training as `wap train` leaves them (Score), each
// named with why.
func TestEquationDecisionsOnRealRows(t *testing.T) {
	type handRow struct {
		id       int64
		equation string // the CSV's, for the reader of the test
		want     [][]int
	}
	for _, fold := range []struct {
		dataset string
		rows    []handRow
		refused map[int64]string // ID → what the error says
	}{
		{"cv_mawps", []handRow{
			{2, "- number0 number1: 8 - 2", [][]int{{0, 1, 1, 2, 6}}},
			{3, "+ number0 number2: 139 + 131, 118 unused", [][]int{{0, 2, 0, 1, 6}, {2, 0, 0, 1, 6}}},
			{5, "* number0 + number1 number2: 8 * (4 + 6)", [][]int{{1, 2, 0, 0, 3}, {2, 1, 0, 0, 3}}},
			{6, "+ + number0 number1 number2: (29 + 16) + 20", [][]int{{0, 1, 0, 2, 0}, {1, 0, 0, 2, 0}}},
			{7, "/ number0 number0: 12 / 12, the text's two 12s", [][]int{{0, 1, 3, 2, 6}, {1, 0, 3, 2, 6}}},
			{12, "* number2 + number0 number0: 8 * (2 + 2), two 2s", [][]int{{0, 1, 0, 2, 3}, {1, 0, 0, 2, 3}}},
			{13, "/ + number1 number2 number0: (9 + 7) / 8", [][]int{{1, 2, 0, 0, 4}, {2, 1, 0, 0, 4}}},
		}, map[int64]string{
			27:  "uses 1/2, which is not a number of the text",
			176: "(5 operations)",
		}},
		{"cv_asdiv-a", []handRow{
			{71, "+ + number0 number5 number3: (9 + 31) + 55 of six numbers", [][]int{{0, 5, 0, 3, 0}, {5, 0, 0, 3, 0}}},
			{198, "- number0 + number3 number5: 436 - (132 + 236) of seven", [][]int{{3, 5, 0, 0, 2}, {5, 3, 0, 0, 2}}},
			{219, "* number1 number2: 3 * 3.00", [][]int{{1, 2, 2, 0, 6}, {2, 1, 2, 0, 6}}},
			{270, "/ number1 number0: 50 / 5", [][]int{{1, 0, 3, 2, 6}}},
		}, nil},
	} {
		prep := preparedFold(t, fold.dataset)
		byID := map[int64]prepare.Row{}
		for _, r := range append(slices.Clone(prep.Train), prep.Dev...) {
			byID[r.ID] = r
		}
		m := waptest.SketchModel(t, "wap_steps", prep.Vocab.Size(), false, 1)
		if err := m.Supervise(model.SuperviseEquations); err != nil {
			t.Fatal(err)
		}
		var rows []prepare.Row
		for _, c := range fold.rows {
			rows = append(rows, byID[c.id])
		}
		for id := range fold.refused {
			rows = append(rows, byID[id])
		}
		ps := prepare.Problems(rows)
		for i, c := range fold.rows {
			p := ps[i]
			if p.ID != c.id {
				t.Fatalf("%s: no row %d in the training split", fold.dataset, c.id)
			}
			tab, err := m.Table(p)
			if err != nil {
				t.Errorf("%s row %d, %s: %v", fold.dataset, c.id, c.equation, err)
				continue
			}
			got, want := slices.Clone(tab.Good), slices.Clone(c.want)
			slices.SortFunc(got, slices.Compare)
			slices.SortFunc(want, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%s row %d (numbers %v), %s: decisions %v, want %v", fold.dataset, c.id, p.Numbers, c.equation, got, want)
			}
		}
		scored, err := Score(m, ps)
		if err != nil {
			t.Fatal(err)
		}
		if len(scored.Kept) != len(fold.rows) || scored.Skipped[SkipEquation] != len(fold.refused) {
			t.Errorf("%s: %d rows kept, left out %v; want %d kept, %d left out for %q", fold.dataset, len(scored.Kept), scored.Skipped, len(fold.rows), len(fold.refused), SkipEquation)
		}
		for _, err := range scored.Errors {
			var id int64
			for i := range fold.refused {
				if strings.HasPrefix(err.Error(), "problem "+strconv.FormatInt(i, 10)+": ") {
					id = i
				}
			}
			if id == 0 || !errors.Is(err, model.ErrEquation) || !strings.Contains(err.Error(), fold.refused[id]) {
				t.Errorf("%s: left out of training: %v; want a row of %v named with why", fold.dataset, err, fold.refused)
			}
		}
	}
}

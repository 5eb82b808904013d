package eval

import "testing"

func TestAccuracy(t *testing.T) {
	tests := []struct {
		name          string
		preds, target [][]int
		ham, seq      float64
	}{
		{"all right", [][]int{{1, 2}, {3}}, [][]int{{1, 2}, {3}}, 1, 1},
		{"one digit wrong", [][]int{{1, 0}, {3}}, [][]int{{1, 2}, {3}}, 2.0 / 3, 0.5},
		{"short prediction", [][]int{{1}, {3}}, [][]int{{1, 2}, {3}}, 2.0 / 3, 0.5},
		{"long prediction", [][]int{{1, 2, 9}, {3}}, [][]int{{1, 2}, {3}}, 1, 0.5},
		{"missing prediction", [][]int{{1, 2}}, [][]int{{1, 2}, {3}}, 2.0 / 3, 0.5},
		{"no targets", nil, nil, 0, 0},
	}
	for _, tc := range tests {
		h, s := Accuracy(tc.preds, tc.target)
		if h != tc.ham || s != tc.seq {
			t.Errorf("%s: got %v %v, want %v %v", tc.name, h, s, tc.ham, tc.seq)
		}
	}
}

func TestPaperTables(t *testing.T) {
	for task, n := range map[string]int{"sort": 18, "add": 18} {
		if got := len(PaperTable(task)); got != n {
			t.Errorf("%s: %d cells, want %d", task, got, n)
		}
	}
	for _, c := range PaperTable("sort") {
		if c.Model == "compare" && c.TrainLen == 4 && c.TestLen == 8 && c.Paper != 49.22 {
			t.Errorf("compare 4→8: %v", c.Paper)
		}
	}
}

// Package eval holds the metrics and the paper's reference figures that the
// reports put beside ours.
//
// Accuracy follows the paper: the Hamming accuracy is the fraction of target
// digits predicted right, position by position from the bottom of the
// stack (a prediction shorter than its target loses the missing digits;
// extra predicted values are ignored); the sequence accuracy is the fraction
// of predictions equal to their target, length included.
//
// The evaluators of the word-problem models (accuracy per group of
// problems, beside the paper's Table 3, cross-validation over folds) are
// package eval/wapeval.
package eval

// Accuracy returns the Hamming and the whole-sequence accuracy of preds
// against targets, as fractions in [0, 1]. With no targets it returns 0, 0.
func Accuracy(preds, targets [][]int) (hamming, sequence float64) {
	digits, right, exact := 0, 0, 0
	for i, t := range targets {
		var p []int
		if i < len(preds) {
			p = preds[i]
		}
		same := len(p) == len(t)
		for j, want := range t {
			digits++
			if j < len(p) && p[j] == want {
				right++
			} else {
				same = false
			}
		}
		if same {
			exact++
		}
	}
	if len(targets) == 0 {
		return 0, 0
	}
	if digits > 0 {
		hamming = float64(right) / float64(digits)
	} else if exact == len(targets) {
		hamming = 1
	}
	return hamming, float64(exact) / float64(len(targets))
}

// Cell is one cell of the paper's Table 1 (sort) or Table 2 (addition):
// a model trained at TrainLen and tested at TestLen, with the paper's
// Hamming accuracy in percent.
type Cell struct {
	Task     string
	Model    string // "seq2seq", or the sketch: "permute", "compare", "choose", "manipulate"
	TrainLen int
	TestLen  int
	Paper    float64
}

// PaperTable returns the cells of Table 1 ("sort") or Table 2 ("add"). The
// lengths are as the paper counts them: for sorting, the number of values;
// for addition, the length of the input sequence, twice the number of digit
// pairs (Table 2's caption).
func PaperTable(task string) []Cell {
	var cells []Cell
	add := func(model string, trains []int, at8, at64 []float64) {
		for i, tl := range trains {
			cells = append(cells, Cell{task, model, tl, 8, at8[i]}, Cell{task, model, tl, 64, at64[i]})
		}
	}
	switch task {
	case "sort":
		tr := []int{2, 3, 4}
		add("seq2seq", tr, []float64{26.2, 29.2, 39.1}, []float64{13.3, 13.6, 15.9})
		add("permute", tr, []float64{100.0, 100.0, 19.82}, []float64{100.0, 100.0, 7.81})
		add("compare", tr, []float64{100.0, 100.0, 49.22}, []float64{100.0, 100.0, 20.65})
	case "add":
		tr := []int{2, 4, 8}
		add("seq2seq", tr, []float64{37.9, 57.8, 99.8}, []float64{15.0, 13.5, 13.3})
		add("choose", tr, []float64{100.0, 100.0, 100.0}, []float64{100.0, 100.0, 100.0})
		add("manipulate", tr, []float64{98.58, 100.0, 100.0}, []float64{99.49, 100.0, 100.0})
	}
	return cells
}

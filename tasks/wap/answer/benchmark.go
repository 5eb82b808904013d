package answer

import (
	"sort"
	"strings"

	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source/benchmark"
)

// BenchResult is the model's answer to one benchmark problem.
type BenchResult struct {
	ID         string  `json:"id"`
	Right      bool    `json:"right"`
	Answer     string  `json:"answer"` // "" when the question could not be answered
	Want       string  `json:"want"`
	Formula    string  `json:"formula"`
	Confidence float64 `json:"confidence"`
	Error      string  `json:"error,omitempty"`
}

// Score is a count of right answers.
type Score struct {
	N     int     `json:"n"`
	Right int     `json:"right"`
	Acc   float64 `json:"accuracy"` // percent; 0 when N is 0
}

func (s *Score) add(right bool) {
	s.N++
	if right {
		s.Right++
	}
	s.Acc = 100 * float64(s.Right) / float64(s.N)
}

// BenchReport is the model's result on benchmark problems.
type BenchReport struct {
	All          Score            `json:"all"`
	ByPattern    map[string]Score `json:"by_pattern"`
	ByPhenomenon map[string]Score `json:"by_phenomenon"`
	// Calibration splits the answers by confidence: "≥ 0.9", "0.5–0.9",
	// "< 0.5", and also "≥ 0.5".
	Calibration map[string]Score `json:"calibration"`
	// Words counts the story words (not numbers); Unseen those that are not
	// one piece of the vocabulary (read as several pieces), Unknown those
	// read as the unknown token; Classed and UnseenClassed those of Words
	// and of Unseen that have WordNet classes (package lexicon).
	Words         int            `json:"words"`
	Unseen        int            `json:"unseen_words"`
	Unknown       int            `json:"unknown_words"`
	Classed       int            `json:"words_with_classes"`
	UnseenClassed int            `json:"unseen_words_with_classes"`
	Results       []*BenchResult `json:"results"`
}

// Calibration buckets.
const (
	ConfHigh = "≥ 0.9"
	ConfMid  = "0.5–0.9"
	ConfLow  = "< 0.5"
	ConfHalf = "≥ 0.5"
)

// EvalBenchmark answers every item as `wap answer` would (NewProblem,
// then Solve) and scores the exact answers. A question the model cannot
// read or answer counts as wrong, with its error.
func (e *Ensemble) EvalBenchmark(items []benchmark.Item, vocab *reader.Vocab) (*BenchReport, error) {
	rep := &BenchReport{ByPattern: map[string]Score{}, ByPhenomenon: map[string]Score{}, Calibration: map[string]Score{}}
	for _, it := range items {
		res := &BenchResult{ID: it.ID, Want: it.Answer}
		rep.Results = append(rep.Results, res)
		countWords(rep, it.Text, vocab)
		p, err := NewProblem(it.Text, vocab, e.Models[0].Layout)
		if err == nil {
			var sols []Solution
			if sols, err = e.Solve([]*model.Problem{p}); err == nil {
				s := sols[0]
				res.Formula, res.Confidence, err = s.Formula, s.Confidence, s.Err
				if s.Err == nil {
					res.Answer, res.Right = reader.FormatRat(s.Answer), model.Matches(s.Answer, it.Exact())
				}
			}
		}
		if err != nil {
			res.Error = err.Error()
		}
		rep.All.add(res.Right)
		addTo(rep.ByPattern, it.Pattern, res.Right)
		for _, ph := range it.Phenomena {
			addTo(rep.ByPhenomenon, ph, res.Right)
		}
		if res.Error == "" {
			switch {
			case res.Confidence >= 0.9:
				addTo(rep.Calibration, ConfHigh, res.Right)
			case res.Confidence >= 0.5:
				addTo(rep.Calibration, ConfMid, res.Right)
			default:
				addTo(rep.Calibration, ConfLow, res.Right)
			}
			if res.Confidence >= 0.5 {
				addTo(rep.Calibration, ConfHalf, res.Right)
			}
		}
	}
	return rep, nil
}

func addTo(m map[string]Score, key string, right bool) {
	s := m[key]
	s.add(right)
	m[key] = s
}

// countWords adds a text's story words to the report's counts.
func countWords(rep *BenchReport, text string, vocab *reader.Vocab) {
	q, err := reader.ParseQuestion(text)
	if err != nil {
		return
	}
	num := map[int]bool{}
	for _, n := range q.Quantities {
		for k := 0; k < n.Len; k++ {
			num[n.Pos+k] = true
		}
	}
	lex := lexicon.Default()
	for i, t := range q.Tokens {
		if num[i] {
			continue
		}
		rep.Words++
		next := ""
		if i+1 < len(q.Tokens) {
			next = strings.ToLower(q.Tokens[i+1])
		}
		classed := len(lex.Classes(strings.ToLower(t), next)) > 0
		if classed {
			rep.Classed++
		}
		if !vocab.Whole(t) {
			rep.Unseen++
			if classed {
				rep.UnseenClassed++
			}
			enc, err := vocab.Encode(reader.Question{Text: t})
			if err == nil && len(enc.IDs) == 1 && enc.IDs[0] == reader.UnkID {
				rep.Unknown++
			}
		}
	}
}

// SortedKeys returns a score map's keys in order.
func SortedKeys(m map[string]Score) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

package wap

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"d4/data"
	"d4/internal/atomicfile"
	"d4/reader"
)

// The files Prepare writes in its output directory.
const (
	TokenizerFile = "tokenizer.json"
	TrainFile     = "train.parquet"
	DevFile       = "dev.parquet"
	TestFile      = "test.parquet"
	PreparedFile  = "prepared.json"
)

// DefaultSyntheticN is the number of synthetic problems per split (train,
// dev, test), CC's split sizes.
var DefaultSyntheticN = [3]int{300, 100, 200}

// PrepareConfig says what Prepare reads and where it writes.
type PrepareConfig struct {
	// Dir is the CC directory (questions.json, train.tsv, dev.tsv,
	// test.tsv); unused with Synthetic.
	Dir string
	// Out is the output directory, made if missing. Files already there
	// are replaced.
	Out string
	// Synthetic makes problems with data.SyntheticCC instead of reading CC.
	Synthetic bool
	// SyntheticN is the number of synthetic problems of the train, dev and
	// test splits; a zero entry takes DefaultSyntheticN's.
	SyntheticN [3]int
	// Seed seeds the synthetic problems (recorded for CC too).
	Seed int64
	// MinCount is the number of times a training word must occur to enter
	// the vocabulary; 0 means 1 (every training word).
	MinCount int
}

// SplitCounts is a number per split.
type SplitCounts struct {
	Train int `json:"train"`
	Dev   int `json:"dev"`
	Test  int `json:"test"`
}

// add adds n to the count of the named split.
func (c *SplitCounts) add(split string, n int) {
	switch split {
	case "train":
		c.Train += n
	case "dev":
		c.Dev += n
	case "test":
		c.Test += n
	}
}

// The reasons for which Prepare skips a problem.
const (
	// SkipText: the text cannot be read (empty, too long; see
	// reader.ParseQuestion).
	SkipText = "unreadable text"
	// SkipCount: the text does not have exactly three numbers.
	SkipCount = "not exactly 3 numbers"
	// SkipNumber: a number is not an integer in 0…ValueSize−1.
	SkipNumber = "number not an integer in 0..149"
	// SkipAnswer: the answer is not an integer in 0…ValueSize−1.
	SkipAnswer = "answer not an integer in 0..149"
)

// Skip is a problem that Prepare left out, and why.
type Skip struct {
	Split  string `json:"split"`
	ID     int    `json:"id"`
	Reason string `json:"reason"` // one of SkipText, SkipCount, SkipNumber, SkipAnswer
	Detail string `json:"detail"`
}

// Summary is what Prepare did; it is also the content of prepared.json.
type Summary struct {
	// Source is "cc" or "synthetic".
	Source string `json:"source"`
	// Dir is the CC directory read ("" for synthetic data).
	Dir  string `json:"dir,omitempty"`
	Seed int64  `json:"seed"`
	// MinCount is the vocabulary's minimum count, as used.
	MinCount int `json:"min_count"`
	// VocabSize is the number of token ids, special tokens included.
	VocabSize int `json:"vocab_size"`
	// Problems is the number of problems read or made per split, Rows the
	// number written (Problems minus the skipped ones).
	Problems SplitCounts `json:"problems"`
	Rows     SplitCounts `json:"rows"`
	// SkippedByReason counts the skipped problems by reason.
	SkippedByReason map[string]int `json:"skipped_by_reason"`
	// Skipped lists the skipped problems in split and file order.
	Skipped []Skip `json:"skipped"`
}

// prepSplit is one split's problems during preparation.
type prepSplit struct {
	name     string
	file     string
	problems []data.CCProblem
	qs       []reader.Question // of the kept problems
	kept     []data.CCProblem
}

// Prepare makes the word algebra dataset. It reads CC from cfg.Dir (or, with
// cfg.Synthetic, makes cfg.SyntheticN problems with data.SyntheticCC under
// cfg.Seed: the first SyntheticN[0] are train, the next dev, the rest test),
// tokenises every problem and finds its numbers (reader.ParseQuestion). A
// problem whose text cannot be read, that does not have exactly three
// numbers, or whose numbers or answer are not integers in 0…ValueSize−1
// (the values ∂4 holds) is skipped: it is counted and listed with its
// reason in the Summary, and is not an error. The vocabulary is built from
// the kept training problems only (reader.BuildVocab with cfg.MinCount),
// so that dev and test words unseen in training read as <unk>.
//
// Prepare writes, in cfg.Out (made if missing), each file atomically:
// tokenizer.json (the vocabulary), train.parquet, dev.parquet and
// test.parquet (data.WAPRow, Source "cc" or "synthetic", in the order of
// the split files), and last prepared.json (the Summary, indented JSON).
// It fails, with one line saying why, for a bad configuration, data that
// cannot be read, no training problem left, or a file that cannot be
// written.
func Prepare(cfg PrepareConfig) (Summary, error) {
	fail := func(err error) (Summary, error) {
		return Summary{}, fmt.Errorf("preparing the word algebra data: %w", err)
	}
	if cfg.Out == "" {
		return fail(errors.New("no output directory"))
	}
	if cfg.MinCount < 0 {
		return fail(fmt.Errorf("the minimum count is %d, want 0 or more", cfg.MinCount))
	}
	minCount := max(cfg.MinCount, 1)
	sum := Summary{Seed: cfg.Seed, MinCount: minCount, SkippedByReason: map[string]int{}, Skipped: []Skip{}}
	splits := []*prepSplit{{name: "train", file: TrainFile}, {name: "dev", file: DevFile}, {name: "test", file: TestFile}}
	if cfg.Synthetic {
		sum.Source = data.SourceSynthetic
		n := cfg.SyntheticN
		for i := range n {
			if n[i] < 0 {
				return fail(fmt.Errorf("%d synthetic %s problems asked for, want 0 or more (0: %d)", n[i], splits[i].name, DefaultSyntheticN[i]))
			}
			if n[i] == 0 {
				n[i] = DefaultSyntheticN[i]
			}
		}
		all := data.SyntheticCC(n[0]+n[1]+n[2], cfg.Seed)
		splits[0].problems = all[:n[0]]
		splits[1].problems = all[n[0] : n[0]+n[1]]
		splits[2].problems = all[n[0]+n[1]:]
	} else {
		if cfg.Dir == "" {
			return fail(errors.New("no CC directory given (or ask for synthetic data)"))
		}
		sum.Source, sum.Dir = data.SourceCC, cfg.Dir
		train, dev, test, err := data.LoadCC(cfg.Dir)
		if err != nil {
			return fail(err)
		}
		splits[0].problems, splits[1].problems, splits[2].problems = train, dev, test
	}

	for _, sp := range splits {
		sum.Problems.add(sp.name, len(sp.problems))
		for _, p := range sp.problems {
			q, reason, detail := readProblem(p)
			if reason != "" {
				sum.Skipped = append(sum.Skipped, Skip{Split: sp.name, ID: p.ID, Reason: reason, Detail: detail})
				sum.SkippedByReason[reason]++
				continue
			}
			sp.qs = append(sp.qs, q)
			sp.kept = append(sp.kept, p)
		}
		sum.Rows.add(sp.name, len(sp.kept))
	}
	if len(splits[0].kept) == 0 {
		return fail(fmt.Errorf("no training problem left (%d read, all skipped)", len(splits[0].problems)))
	}

	var toks [][]string
	for _, q := range splits[0].qs {
		toks = append(toks, q.Tokens)
	}
	vocab := reader.BuildVocab(toks, minCount)
	sum.VocabSize = vocab.Size()

	rows := make([][]data.WAPRow, len(splits))
	for i, sp := range splits {
		for j, p := range sp.kept {
			r, err := wapRow(p, sp.qs[j], vocab, sum.Source)
			if err != nil {
				return fail(fmt.Errorf("%s problem %d: %w", sp.name, p.ID, err))
			}
			rows[i] = append(rows[i], r)
		}
	}

	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return fail(err)
	}
	if err := vocab.Save(filepath.Join(cfg.Out, TokenizerFile)); err != nil {
		return fail(err)
	}
	for i, sp := range splits {
		if err := data.WriteWAP(filepath.Join(cfg.Out, sp.file), rows[i]); err != nil {
			return fail(err)
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sum); err != nil {
		return fail(err)
	}
	if err := atomicfile.WriteBytes(filepath.Join(cfg.Out, PreparedFile), b.Bytes()); err != nil {
		return fail(err)
	}
	return sum, nil
}

// readProblem parses a problem's text and checks its numbers and answer;
// it returns the reason (and details) to skip it, or "".
func readProblem(p data.CCProblem) (q reader.Question, reason, detail string) {
	q, err := reader.ParseQuestion(p.Text)
	if err != nil {
		return q, SkipText, err.Error()
	}
	if len(q.Numbers) != Numbers {
		return q, SkipCount, fmt.Sprintf("found %d numbers%s", len(q.Numbers), listNumbers(q.Numbers))
	}
	for _, v := range q.Numbers {
		if !isValue(v) {
			return q, SkipNumber, fmt.Sprintf("number %v is not an integer in 0..%d", v, ValueSize-1)
		}
	}
	if !isValue(p.Answer) {
		return q, SkipAnswer, fmt.Sprintf("answer %v is not an integer in 0..%d", p.Answer, ValueSize-1)
	}
	return q, "", ""
}

// listNumbers writes ": 8, 30" for a non-empty list.
func listNumbers(vs []float64) string {
	if len(vs) == 0 {
		return ""
	}
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = fmt.Sprint(v)
	}
	return ": " + strings.Join(s, ", ")
}

// isValue reports whether v is an integer that ∂4's values hold.
func isValue(v float64) bool {
	return v == math.Trunc(v) && v >= 0 && v <= ValueSize-1
}

// wapRow makes the stored row of a kept problem.
func wapRow(p data.CCProblem, q reader.Question, vocab *reader.Vocab, source string) (data.WAPRow, error) {
	ids, err := vocab.IDs(q)
	if err != nil {
		return data.WAPRow{}, err
	}
	r := data.WAPRow{
		ID: int64(p.ID), Text: p.Text, Tokens: q.Tokens,
		TokenIDs: make([]int32, len(ids)),
		NumPos:   make([]int32, len(q.NumPos)),
		Numbers:  make([]int32, len(q.Numbers)),
		Answer:   int32(p.Answer), Equation: p.Equation, Pattern: data.EquationPattern(p.Equation), Source: source,
	}
	for i, id := range ids {
		r.TokenIDs[i] = int32(id)
	}
	for i := range q.NumPos {
		r.NumPos[i] = int32(q.NumPos[i])
		r.Numbers[i] = int32(q.Numbers[i])
	}
	return r, nil
}

// Prepared is a prepared dataset as LoadPrepared reads it.
type Prepared struct {
	Train, Dev, Test []data.WAPRow
	Vocab            *reader.Vocab
	Summary          Summary
}

// LoadPrepared reads the files Prepare wrote in dir. It fails, naming the
// file, for a missing or malformed file, and for a row whose token ids are
// outside the vocabulary of tokenizer.json or that does not have exactly
// three numbers (files that do not belong together).
func LoadPrepared(dir string) (*Prepared, error) {
	fail := func(err error) (*Prepared, error) {
		return nil, fmt.Errorf("loading the prepared word algebra data: %w", err)
	}
	var p Prepared
	b, err := os.ReadFile(filepath.Join(dir, PreparedFile))
	if err != nil {
		return fail(err)
	}
	if err := json.Unmarshal(b, &p.Summary); err != nil {
		return fail(fmt.Errorf("%s: %w", filepath.Join(dir, PreparedFile), err))
	}
	if p.Vocab, err = reader.LoadVocab(filepath.Join(dir, TokenizerFile)); err != nil {
		return fail(err)
	}
	for _, s := range []struct {
		file string
		rows *[]data.WAPRow
	}{{TrainFile, &p.Train}, {DevFile, &p.Dev}, {TestFile, &p.Test}} {
		path := filepath.Join(dir, s.file)
		rows, err := data.ReadWAP(path)
		if err != nil {
			return fail(err)
		}
		for i, r := range rows {
			if len(r.Numbers) != Numbers {
				return fail(fmt.Errorf("%s: row %d (id %d) has %d numbers, want %d", path, i, r.ID, len(r.Numbers), Numbers))
			}
			for _, id := range r.TokenIDs {
				if id < 0 || int(id) >= p.Vocab.Size() {
					return fail(fmt.Errorf("%s: row %d (id %d) has token id %d, outside the %d ids of %s", path, i, r.ID, id, p.Vocab.Size(), TokenizerFile))
				}
			}
		}
		*s.rows = rows
	}
	return &p, nil
}

package prepare

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/atomicfile"
	"github.com/d4lang/d4/internal/memory"
	"github.com/d4lang/d4/internal/par"
	"github.com/d4lang/d4/internal/quote"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/synth"
)

// The files Prepare writes in its output directory.
const (
	TrainFile    = "train.parquet"
	DevFile      = "dev.parquet"
	TestFile     = "test.parquet"
	PreparedFile = "prepared.json"
)

// DefaultSyntheticN is the number of generated problems per split (train,
// dev, test) of a dataset prepared without CC: enough training problems
// for each model of `wap train` to train on 18360 of its own (its Bag of a
// third), once each.
var DefaultSyntheticN = [3]int{54000, 300, 300}

// DefaultGenerated is the number of generated problems added to CC's
// training split. It is two thirds of DefaultSyntheticN's: with CC, 54000
// did not score higher than 36000 on CC's dev split or the benchmark's
// (the README's word-problem section).
const DefaultGenerated = 36000

// Config says what Prepare reads and where it writes.
type Config struct {
	// Source gives the dataset's problems (cc.Source, synth.Source, …).
	Source source.Source
	// Dir is the directory Source reads, recorded in the summary ("" for
	// generated problems).
	Dir string
	// Out is the output directory, made if missing. Files already there
	// are replaced.
	Out string
	// Generated is the number of generated problems (of Mix, with Seed)
	// added to the training split after the source's, with IDs after the
	// source's (0: none).
	Generated int
	// Mix is the generated problems' kind: CC's (synth.CCMix) or the
	// general one- and two-step problems (synth.GeneralMix).
	Mix synth.Mix
	// Seed seeds the generated problems.
	Seed int64
	// VocabSize is the size of the WordPiece vocabulary learned from the
	// training split; 0 means reader.DefaultVocabSize.
	VocabSize int
	// Exclude, if set, is a source whose dev and test problems must not be
	// trained or tuned on: every training and dev problem of Source that
	// is near one of them (source.Held: NearThreshold or more) is skipped
	// (SkipNear). The generated problems are not checked.
	Exclude source.Source
	// ExcludeDir is the directory Exclude reads, recorded in the summary.
	ExcludeDir string
	// Augment is the copies per kept training problem (0: none; at most
	// MaxAugment) added to the training split, each with a sentence of
	// another training problem inserted before one of its sentences: a
	// number the question does not use (augmentTrain; drawn with Seed). Only the
	// training split is read; the dev and test splits are left as they are.
	Augment float64
	// AugmentOwn makes each copy's sentence, where the story has one that
	// counts what its question asks about, that sentence told again of
	// another training problem's thing and number (own.go): a distractor
	// of the story's own kind.
	AugmentOwn bool
	// UnusedDev, if set, gives each dev problem a sentence of a training
	// problem in the same way (a dev problem none fits
	// is left out): a dev set with unused numbers to measure a model on,
	// not one to choose epochs with.
	UnusedDev bool
	// Memory is the bytes the preparation may take (0: what the machine
	// has, memory.Available); one estimated to need more (MemoryNeeded)
	// is refused before it starts.
	Memory uint64
	// Progress, if set, is told how far each stage of the work is: its
	// name, the problems done and their number (called from any
	// goroutine, every ProgressEvery problems and at the end of a stage).
	Progress func(stage string, done, total int)
}

// ProgressEvery is how many problems pass between calls of
// Config.Progress.
const ProgressEvery = 1000

// The estimate of MemoryNeeded, fitted to the peak resident size of
// `wap prepare --synthetic --sizes N,1,1`: 205 MB at N = 20000, 697 MB at
// 80000 (the general mix; CC's and the public data's problems are
// shorter, so that the estimate is high for them).
const (
	bytesBase       = 45 << 20
	bytesPerProblem = 8400
)

// MemoryNeeded is the estimated peak memory of preparing n problems: the
// problems, their tokens and numbers, the vocabulary's counts and the
// rows, all held until the files are written.
func MemoryNeeded(n int) uint64 { return bytesBase + uint64(n)*bytesPerProblem }

// checkMemory refuses the preparation of n problems when MemoryNeeded
// does not fit in cfg.Memory (or the machine's).
func checkMemory(cfg Config, n int) error {
	return memory.Check(MemoryNeeded(n), cfg.Memory, fmt.Sprintf("preparing %d problems", n))
}

// progress counts the problems of a stage done and tells Config.Progress.
type progress struct {
	f     func(stage string, done, total int)
	stage string
	total int
	done  atomic.Int64
}

func newProgress(cfg Config, stage string, total int) *progress {
	p := &progress{f: cfg.Progress, stage: stage, total: total}
	if p.f != nil {
		p.f(stage, 0, total)
	}
	return p
}

// add counts one problem done.
func (p *progress) add() {
	if p.f == nil {
		return
	}
	if d := int(p.done.Add(1)); d%ProgressEvery == 0 || d == p.total {
		p.f(p.stage, d, p.total)
	}
}

// SplitCounts is a number per split.
type SplitCounts struct {
	Train int `json:"train"`
	Dev   int `json:"dev"`
	Test  int `json:"test"`
}

// add adds n to the count of a split.
func (c *SplitCounts) add(split data.Split, n int) {
	switch split {
	case data.Train:
		c.Train += n
	case data.Dev:
		c.Dev += n
	case data.Test:
		c.Test += n
	}
}

// The reasons for which Prepare skips a problem.
const (
	// SkipText: the text cannot be read (empty, too long; see
	// reader.ParseQuestion).
	SkipText = "unreadable text"
	// SkipCount: the text has no number, or more than any sketch takes
	// (model.MaxNumbers).
	SkipCount = "no number, or too many"
	// SkipAnswer: the answer is not a finite number.
	SkipAnswer = "answer not a number"
	// SkipNear: a training or dev problem is near a dev or test problem
	// of the excluded source (Config.Exclude).
	SkipNear = "near an excluded problem"
	// SkipEquation: the problem's equation does not parse, divides by
	// zero, or does not give its answer (EquationGives).
	SkipEquation = "equation not giving the answer"
)

// Skip is a problem that Prepare left out, and why.
type Skip struct {
	Split  data.Split `json:"split"`
	ID     int        `json:"id"`
	Reason string     `json:"reason"` // one of SkipText, SkipCount, SkipAnswer, SkipNear, SkipEquation
	Detail string     `json:"detail"`
}

// Summary is what Prepare did; it is also the content of prepared.json.
type Summary struct {
	// Source names the source of the dataset's splits ("cc", "synthetic").
	Source string `json:"source"`
	// Dir is the directory the source read ("" for generated problems).
	Dir string `json:"dir,omitempty"`
	// Exclude names the source whose dev and test problems the training
	// and dev splits were kept from (Config.Exclude), ExcludeDir the
	// directory it read; the problems near them are skipped (SkipNear).
	Exclude    string `json:"exclude,omitempty"`
	ExcludeDir string `json:"exclude_dir,omitempty"`
	Seed       int64  `json:"seed"`
	// Generated is the number of generated problems added to the source's
	// training split.
	Generated int `json:"generated"`
	// Mix is "general" when the generated problems are the general one-
	// and two-step ones (synth.GeneralMix), empty for CC's.
	Mix string `json:"mix,omitempty"`
	// VocabSize is the number of token ids, special tokens included.
	VocabSize int `json:"vocab_size"`
	// Augment says what Config.Augment and Config.UnusedDev did (nil
	// without them).
	Augment *AugmentSummary `json:"augment,omitempty"`
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
	split    data.Split
	file     string
	problems []source.Problem
	near     []string          // for each problem near an excluded one, the detail; "" for the others (and beyond)
	qs       []reader.Question // of the kept problems
	kept     []source.Problem
}

// Prepare makes the word algebra dataset: it reads cfg.Source's splits,
// adds cfg.Generated problems of synth.Generate to the training split,
// tokenises every problem and finds its numbers (reader.ParseQuestion). A
// problem whose text cannot be read, that does not have exactly three
// numbers, or whose numbers or answer are not integers in 0…model.ValueSize−1
// (the values ∂4 holds) is skipped, as is a training or dev problem of
// the source near a dev or test problem of cfg.Exclude: it is counted and
// listed with its reason in the Summary, and is not an error. The
// WordPiece vocabulary is learned from the kept training problems only
// (reader.LearnVocab), so that dev and test words unseen in training read
// as pieces.
//
// Prepare writes, in cfg.Out (made if missing), each file atomically:
// tokenizer.json and tokenizer_config.json (reader.Vocab.Save: the
// tokenizer that gives each row's token ids from its text), train.parquet,
// dev.parquet and test.parquet (Row, its Source the problem's), in the
// order of the source's splits, and last prepared.json (the Summary,
// indented JSON). It fails, with one line saying why, for a bad
// configuration, data that cannot be read, no training problem left, or a
// file that cannot be written.
func Prepare(cfg Config) (Summary, error) {
	fail := func(err error) (Summary, error) {
		return Summary{}, fmt.Errorf("preparing the word algebra data: %w", err)
	}
	switch {
	case cfg.Out == "":
		return fail(errors.New("no output directory"))
	case cfg.Source == nil:
		return fail(errors.New("no source of problems"))
	case cfg.VocabSize < 0:
		return fail(fmt.Errorf("the vocabulary size is %d, want 0 or more", cfg.VocabSize))
	case cfg.Generated < 0:
		return fail(fmt.Errorf("%d generated problems asked for, want 0 or more", cfg.Generated))
	case !(cfg.Augment >= 0 && cfg.Augment <= MaxAugment):
		return fail(fmt.Errorf("the augmentation is %v copies per training problem, want 0…%d", cfg.Augment, MaxAugment))
	case cfg.AugmentOwn && cfg.Augment == 0:
		return fail(fmt.Errorf("distractors of the story's own kind are made for augmented copies, but the augmentation is 0 copies per training problem"))
	}
	sum := Summary{Source: cfg.Source.Name(), Dir: cfg.Dir, Seed: cfg.Seed, SkippedByReason: map[string]int{}, Skipped: []Skip{}}
	if gen, ok := cfg.Source.(synth.Source); ok {
		if gen.Mix != synth.CCMix {
			sum.Mix = gen.Mix.String()
		}
		if err := checkMemory(cfg, gen.N[0]+gen.N[1]+gen.N[2]+cfg.Generated); err != nil {
			return fail(fmt.Errorf("%w: generate fewer", err))
		}
	}
	ds, err := cfg.Source.Read()
	if err != nil {
		return fail(err)
	}
	if err := checkMemory(cfg, len(ds[data.Train])+len(ds[data.Dev])+len(ds[data.Test])+cfg.Generated); err != nil {
		return fail(fmt.Errorf("%w: prepare fewer problems at once", err))
	}
	splits := []*prepSplit{{split: data.Train, file: TrainFile}, {split: data.Dev, file: DevFile}, {split: data.Test, file: TestFile}}
	if cfg.Exclude != nil {
		sum.Exclude, sum.ExcludeDir = cfg.Exclude.Name(), cfg.ExcludeDir
		if err := markNear(cfg.Exclude, ds, splits[:2]); err != nil {
			return fail(err)
		}
	}
	if cfg.Generated > 0 {
		gen, err := synth.Source{N: [3]int{cfg.Generated, 0, 0}, Seed: cfg.Seed, FirstID: nextID(ds), Mix: cfg.Mix}.Read()
		if err != nil {
			return fail(err)
		}
		ds[data.Train] = append(ds[data.Train], gen[data.Train]...)
		sum.Generated = len(gen[data.Train])
		if cfg.Mix != synth.CCMix {
			sum.Mix = cfg.Mix.String()
		}
	}
	for _, sp := range splits {
		sp.problems = ds[sp.split]
	}
	keepReadable(cfg, splits, &sum)
	switch {
	case len(splits[0].problems) == 0:
		return fail(fmt.Errorf("no training problem: %s has none (a test set only); add generated problems to train on", sum.Source))
	case len(splits[0].kept) == 0:
		return fail(fmt.Errorf("no training problem left (%d read, all skipped)", len(splits[0].problems)))
	}
	if cfg.Augment > 0 || cfg.UnusedDev {
		sum.Augment = augment(cfg, splits, ds)
		sum.Rows = SplitCounts{Train: len(splits[0].kept), Dev: len(splits[1].kept), Test: len(splits[2].kept)}
	}
	vocab := reader.LearnVocab(splits[0].qs, cfg.VocabSize)
	sum.VocabSize = vocab.Size()
	if err := writePrepared(cfg, splits, vocab, sum); err != nil {
		return fail(err)
	}
	return sum, nil
}

// keepReadable reads every problem of the splits (readProblem, on every
// CPU) and keeps those that can be answered, counting and listing the
// others in sum, in the splits' order.
func keepReadable(cfg Config, splits []*prepSplit, sum *Summary) {
	total := 0
	for _, sp := range splits {
		total += len(sp.problems)
	}
	prog := newProgress(cfg, "reading the problems", total)
	for _, sp := range splits {
		sum.Problems.add(sp.split, len(sp.problems))
		qs := make([]reader.Question, len(sp.problems))
		reasons, details := make([]string, len(sp.problems)), make([]string, len(sp.problems))
		par.For(len(sp.problems), func(j int) {
			if j < len(sp.near) && sp.near[j] != "" {
				reasons[j], details[j] = SkipNear, sp.near[j]
				return
			}
			qs[j], reasons[j], details[j] = readProblem(sp.problems[j])
			prog.add()
		})
		for j, p := range sp.problems {
			if reasons[j] != "" {
				sum.Skipped = append(sum.Skipped, Skip{Split: sp.split, ID: p.ID, Reason: reasons[j], Detail: details[j]})
				sum.SkippedByReason[reasons[j]]++
				continue
			}
			sp.qs = append(sp.qs, qs[j])
			sp.kept = append(sp.kept, p)
		}
		sum.Rows.add(sp.split, len(sp.kept))
	}
}

// augment adds the copies Config.Augment asks for to the kept training
// problems and gives the dev problems a sentence if Config.UnusedDev
// asks, both from the kept training problems alone.
func augment(cfg Config, splits []*prepSplit, ds source.Dataset) *AugmentSummary {
	train, trainQs := splits[0].kept, splits[0].qs
	a := &AugmentSummary{Ratio: cfg.Augment}
	if cfg.UnusedDev {
		var dev []source.Problem
		dev, splits[1].qs, a.DevLeft = unusedDev(train, splits[1].kept, splits[1].qs, cfg.Seed)
		splits[1].kept, a.Dev = dev, len(dev)
	}
	if cfg.Augment > 0 {
		ps, qs, s := augmentTrain(train, trainQs, cfg.Augment, cfg.AugmentOwn, cfg.Seed, nextID(ds))
		s.Dev, s.DevLeft = a.Dev, a.DevLeft
		a = &s
		splits[0].kept, splits[0].qs = append(train, ps...), append(trainQs, qs...)
	}
	return a
}

// nextID is the ID after every problem's of a dataset.
func nextID(ds source.Dataset) int {
	next := 0
	for _, sp := range ds {
		for _, p := range sp {
			next = max(next, p.ID+1)
		}
	}
	return next
}

// markNear reads the excluded source and marks, in each of splits, the
// problems of ds near one of its dev and test problems.
func markNear(exclude source.Source, ds source.Dataset, splits []*prepSplit) error {
	ex, err := exclude.Read()
	if err != nil {
		return fmt.Errorf("reading the excluded problems: %w", err)
	}
	var held []source.Problem
	var from []string // the held problems' splits
	for _, s := range []data.Split{data.Dev, data.Test} {
		held = append(held, ex[s]...)
		for range ex[s] {
			from = append(from, s.String())
		}
	}
	if len(held) == 0 {
		return fmt.Errorf("the excluded source %s has no dev or test problems", exclude.Name())
	}
	h := source.NewHeld(held)
	for _, sp := range splits {
		ps := ds[sp.split]
		sp.near = make([]string, len(ps))
		par.For(len(ps), func(j int) {
			if i, sim := h.Nearest(ps[j]); i >= 0 {
				sp.near[j] = fmt.Sprintf("similarity %.3f to %s %s problem %d", sim, exclude.Name(), from[i], held[i].ID)
			}
		})
	}
	return nil
}

// writePrepared writes the files of a prepared dataset to out (made if
// missing), each atomically: the tokenizer, the splits' rows, and last
// prepared.json.
func writePrepared(cfg Config, splits []*prepSplit, vocab *reader.Vocab, sum Summary) error {
	out := cfg.Out
	rows := make([][]Row, len(splits))
	prog := newProgress(cfg, "encoding the rows", sum.Rows.Train+sum.Rows.Dev+sum.Rows.Test)
	for i, sp := range splits {
		rows[i] = make([]Row, len(sp.kept))
		errs := make([]error, len(sp.kept))
		par.For(len(sp.kept), func(j int) {
			rows[i][j], errs[j] = wapRow(sp.kept[j], sp.qs[j], vocab)
			prog.add()
		})
		for j, err := range errs {
			if err != nil {
				return fmt.Errorf("%s problem %d: %w", sp.split, sp.kept[j].ID, err)
			}
		}
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := vocab.Save(filepath.Join(out, reader.TokenizerFile)); err != nil {
		return err
	}
	for i, sp := range splits {
		if err := WriteRows(filepath.Join(out, sp.file), rows[i]); err != nil {
			return err
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(sum); err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(out, PreparedFile), b.Bytes())
}

// readProblem parses a problem's text and checks its numbers and answer;
// it returns the reason (and details) to skip it, or "".
func readProblem(p source.Problem) (q reader.Question, reason, detail string) {
	q, err := reader.ParseQuestion(p.Text)
	if err != nil {
		return q, SkipText, err.Error()
	}
	if n := len(q.Quantities); n == 0 || n > model.MaxNumbers {
		return q, SkipCount, fmt.Sprintf("found %d numbers (at most %d): %s", n, model.MaxNumbers, q.NumberList())
	}
	if math.IsNaN(p.Answer) || math.IsInf(p.Answer, 0) {
		return q, SkipAnswer, fmt.Sprintf("answer %v", p.Answer)
	}
	if err := checkEquation(p); err != nil {
		return q, SkipEquation, err.Error()
	}
	return q, "", ""
}

// checkEquation checks that a problem's equation gives its answer
// (EquationGives), saying where the problem is written if it does not. A
// problem without an equation (the benchmark's) has nothing to check.
func checkEquation(p source.Problem) error {
	if p.Equation == "" {
		return nil
	}
	v, err := cc.EvalEquation(p.Equation)
	if err == nil && !EquationGives(v, p.Answer) {
		err = fmt.Errorf("equation %s is %v, the answer %v", quote.Short(p.Equation), v, p.Answer)
	}
	if err != nil && p.Where != "" {
		err = fmt.Errorf("%s: %w", p.Where, err)
	}
	return err
}

// EquationGives reports whether an equation's value v gives the answer:
// whether v rounded to the decimal places the answer is written with (its
// shortest decimal form: 3 for 3.333, 0 for 41) is the answer, up to a
// float's error (1e-9 of the answer, at least 1e-9). The public data
// round their answers so: 10/3 is written 3.333 or 3.33333, 41.03 as 41,
// 0.2492 as 0.25. On the SVAMP repository's files and CC, this refuses
// the equations that are wrong (34*4 for 134, (50+60)/2 for 54.545) and
// no answer that is only rounded.
func EquationGives(v, answer float64) bool {
	_, frac, _ := strings.Cut(strconv.FormatFloat(answer, 'f', -1, 64), ".")
	tol := 0.5*math.Pow(10, -float64(len(frac))) + 1e-9*max(1, math.Abs(answer))
	return math.Abs(v-answer) <= tol
}

// isValue reports whether v is an integer that ∂4's values hold.
func isValue(v float64) bool {
	return v == math.Trunc(v) && v >= 0 && v <= model.ValueSize-1
}

// exactAnswer is an answer as the exact rational it stands for: a float
// that a fraction of a small denominator matches to 1e-9 is that fraction
// (the public data write 13/3 as 4.333333333333333), any other the
// float's own value.
func exactAnswer(v float64) *big.Rat {
	for d := int64(1); d <= 1000; d++ {
		n := math.Round(v * float64(d))
		if math.Abs(n/float64(d)-v) <= 1e-9*max(1, math.Abs(v)) {
			return big.NewRat(int64(n), d)
		}
	}
	return new(big.Rat).SetFloat64(v)
}

// wapRow makes the stored row of a kept problem: its tokens are the
// vocabulary's pieces (NumberToken for each number).
func wapRow(p source.Problem, q reader.Question, vocab *reader.Vocab) (Row, error) {
	enc, err := vocab.Encode(q)
	if err != nil {
		return Row{}, err
	}
	r := Row{
		ID: int64(p.ID), Text: p.Text, Tokens: enc.Pieces,
		TokenIDs: make([]int32, len(enc.IDs)),
		NumPos:   make([]int32, len(enc.NumPos)),
		Numbers:  make([]int32, len(q.Quantities)),
		Values:   make([]string, len(q.Quantities)),
		Answer:   -1, Exact: exactAnswer(p.Answer).RatString(),
		Equation: p.Equation, Pattern: cc.EquationPattern(p.Equation), Source: p.Source,
		Type: p.Type, Variation: p.Variation, Grade: int32(p.Grade),
	}
	if isValue(p.Answer) {
		r.Answer = int32(p.Answer)
	}
	for i, id := range enc.IDs {
		r.TokenIDs[i] = int32(id)
	}
	for i, n := range q.Quantities {
		r.NumPos[i] = int32(enc.NumPos[i])
		r.Values[i] = n.Value.RatString()
		if model.InRange(n, model.ValueSize) {
			r.Numbers[i] = int32(n.Value.Num().Int64())
		}
	}
	return r, nil
}

// Prepared is a prepared dataset as LoadPrepared reads it.
type Prepared struct {
	Train, Dev, Test []Row
	Vocab            *reader.Vocab
	Summary          Summary
}

// Split returns the rows of a split.
func (p *Prepared) Split(s data.Split) []Row {
	return [...][]Row{data.Train: p.Train, data.Dev: p.Dev, data.Test: p.Test}[s]
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
	summary := filepath.Join(dir, PreparedFile)
	b, err := os.ReadFile(summary)
	if err != nil {
		return fail(err)
	}
	if err := json.Unmarshal(b, &p.Summary); err != nil {
		return fail(fmt.Errorf("%s: %w", summary, err))
	}
	if p.Vocab, err = reader.LoadVocab(filepath.Join(dir, reader.TokenizerFile)); err != nil {
		return fail(err)
	}
	for _, s := range []struct {
		file string
		rows *[]Row
	}{{TrainFile, &p.Train}, {DevFile, &p.Dev}, {TestFile, &p.Test}} {
		path := filepath.Join(dir, s.file)
		rows, err := ReadRows(path)
		if err != nil {
			return fail(err)
		}
		for i, r := range rows {
			for _, id := range r.TokenIDs {
				if id < 0 || int(id) >= p.Vocab.Size() {
					return fail(fmt.Errorf("%s: row %d (id %d) has token id %d, outside the %d ids of %s", path, i, r.ID, id, p.Vocab.Size(), reader.TokenizerFile))
				}
			}
		}
		*s.rows = rows
	}
	return &p, nil
}

// Synthetic is the source of a dataset of generated problems only, of a
// mix: n[i] problems of split i (a zero entry takes DefaultSyntheticN's),
// seeded with seed.
func Synthetic(n [3]int, seed int64, mix synth.Mix) source.Source {
	for i := range n {
		if n[i] == 0 {
			n[i] = DefaultSyntheticN[i]
		}
	}
	return synth.Source{N: n, Seed: seed, Mix: mix}
}

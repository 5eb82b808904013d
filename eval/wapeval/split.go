package wapeval

import (
	"fmt"
	"io"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/prepare"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/training"
)

// Options say what to evaluate and how the model decides (wap eval's
// flags).
type Options struct {
	Data, Model string     // the prepared data (or folds) and the model directory (or one per fold)
	Split       data.Split // the split of the prepared data
	Decode      answer.Decoding
	AsWritten   bool // read each question only as written (answer.Ensemble.AsWritten)
	// NoQuestion removes each problem's question and evaluates on the
	// problems whose numbers all stand in the rest (prepare.BodyOnly).
	NoQuestion bool
	// TrainedHere asks that the model was trained on the prepared data's
	// training and dev splits (a fold's model on its fold), as its
	// config.json's data checksum says.
	TrainedHere bool
}

// LoadModel loads the model of o.Model, to decode as o says.
func LoadModel(o Options) (*answer.Ensemble, model.Config, *reader.Vocab, error) {
	m, cfg, vocab, err := answer.Load(o.Model)
	if err != nil {
		return nil, model.Config{}, nil, err
	}
	m.Decode, m.AsWritten = o.Decode, o.AsWritten
	return m, cfg, vocab, nil
}

// SplitResult is how a model answered a split of prepared data: its
// configuration, the data's source and the scores.
type SplitResult struct {
	o      Options
	Config model.Config
	Source string
	Scores Scores
	// retokenized is set when the data was prepared with another
	// vocabulary than the model's, and read again with the model's.
	retokenized bool
	// leftOut counts, with NoQuestion, the problems left out because a
	// number stands in the question (or all of the text is the question).
	leftOut int
	// withQuestion is, with NoQuestion, the accuracy on the same
	// problems with their questions.
	withQuestion float64
}

// Evaluate evaluates the model of o.Model on a split of the prepared
// data of o.Data.
func Evaluate(o Options) (SplitResult, error) {
	m, cfg, vocab, err := LoadModel(o)
	if err != nil {
		return SplitResult{}, err
	}
	prep, err := prepare.LoadPrepared(o.Data)
	if err != nil {
		return SplitResult{}, err
	}
	if o.TrainedHere {
		if err := checkTrainedOn(m.Models[0], cfg, o.Model, prep, o.Data); err != nil {
			return SplitResult{}, err
		}
	}
	rows := prep.Split(o.Split)
	if len(rows) == 0 {
		return SplitResult{}, fmt.Errorf("the %s split of %s is empty", o.Split, o.Data)
	}
	// Data prepared with another vocabulary is read again with the
	// model's.
	other := !prep.Vocab.Equal(vocab)
	if other {
		if rows, err = prepare.Retokenize(rows, vocab); err != nil {
			return SplitResult{}, fmt.Errorf("reading the %s split of %s with the vocabulary of %s: %w", o.Split, o.Data, o.Model, err)
		}
	}
	left, withQ := 0, -1.0
	if o.NoQuestion {
		all := rows
		if rows, left, err = prepare.BodyOnly(rows, vocab); err != nil {
			return SplitResult{}, fmt.Errorf("the %s split of %s without its questions: %w", o.Split, o.Data, err)
		}
		// The same problems with their questions, for comparison.
		ids := map[int64]bool{}
		for _, r := range rows {
			ids[r.ID] = true
		}
		var kept []*model.Problem
		for _, p := range prepare.Problems(all) {
			if ids[p.ID] {
				kept = append(kept, p)
			}
		}
		if withQ, err = m.ExactAccuracy(kept); err != nil {
			return SplitResult{}, err
		}
	}
	ps := prepare.Problems(rows)
	sols, err := m.Solve(ps)
	if err != nil {
		return SplitResult{}, err
	}
	sc := NewScores()
	for i, r := range rows {
		sc.Add(r, answer.Right(sols[i], ps[i]))
	}
	return SplitResult{o: o, Config: cfg, Source: prep.Summary.Source, Scores: sc, retokenized: other, leftOut: left, withQuestion: withQ}, nil
}

// checkTrainedOn refuses a model (m, of config cfg, in modelDir) that was
// trained on other data than the training and dev splits of prep (in
// dataDir), as the data checksum its config.json records says (a model of
// an earlier version, which records none, is not refused).
func checkTrainedOn(m *model.Model, cfg model.Config, modelDir string, prep *prepare.Prepared, dataDir string) error {
	if cfg.Training == nil || cfg.Training.Data == "" {
		return nil
	}
	scored, err := training.Score(m, prepare.Problems(prep.Train)) // as m's supervision scored them in training
	if err != nil {
		return err
	}
	if here := training.DataHash(scored.Kept, prepare.Problems(prep.Dev)); here != cfg.Training.Data {
		return fmt.Errorf("the model %s was trained on other data than %s: its config.json records data sha256 %.12s… (from %s), the training and dev splits of %s give %.12s…: evaluate each fold's model on the fold it was trained on",
			modelDir, dataDir, cfg.Training.Data, cfg.DataDir, dataDir, here)
	}
	return nil
}

// Object is the result as the JSON object that wap eval --json prints.
func (r SplitResult) Object() map[string]any {
	all := r.Scores.All
	obj := map[string]any{"split": r.o.Split, "n": all.N, "accuracy": mathx.Round(all.Acc(), 2), "interval95": Interval95(all.Right, all.N),
		"data": r.Source, "trained_on": r.Config.Data}
	if r.retokenized {
		obj["retokenized"] = true
	}
	if r.o.NoQuestion {
		obj["no_question"], obj["left_out"], obj["with_question_accuracy"] = true, r.leftOut, mathx.Round(r.withQuestion, 2)
	}
	r.Scores.AddTo(obj)
	return obj
}

// Print writes the result beside the paper's Table 3, then per group of
// problems.
func (r SplitResult) Print(w io.Writer) {
	fmt.Fprintf(w, "model %s (%s), evaluated on the %s split of %s data (%d problems)\n",
		r.o.Model, answer.Describe(r.Config), r.o.Split, r.Source, r.Scores.All.N)
	if r.retokenized {
		fmt.Fprintf(w, "(%s was prepared with another vocabulary: its questions were read again with the model's)\n", r.o.Data)
	}
	if r.o.NoQuestion {
		fmt.Fprintf(w, "(--no-question: each problem read without its question; %d problems left out, a number of theirs stands in the question; the same %d problems with their questions: %.1f%%)\n",
			r.leftOut, r.Scores.All.N, r.withQuestion)
	}
	printTable3(w, r.Scores.All, r.Source != cc.Name || r.o.Split != data.Test)
	r.Scores.Print(w)
}

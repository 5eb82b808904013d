package answer

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source/cc"
)

// JSON is the JSON object of an answered question, as `wap answer --json`
// prints it and `wap serve` starts its answers with (NewJSON): with line
// and question when it comes from a file, or only its error.
type JSON struct {
	Line       int           `json:"line,omitempty"`
	Question   string        `json:"question,omitempty"`
	Answer     any           `json:"answer,omitempty"`
	Formula    string        `json:"formula,omitempty"`
	Confidence *float64      `json:"confidence,omitempty"`
	Numbers    []string      `json:"numbers,omitempty"`
	Choices    []int         `json:"choices,omitempty"`
	SetAside   *SetAsideJSON `json:"set_aside,omitempty"`
	TrainedOn  string        `json:"trained_on,omitempty"`
	Error      string        `json:"error,omitempty"`
}

// SetAsideJSON is a reading set aside (SetAside) in JSON: its formula, its
// value (none for a division by zero), its probability and why.
type SetAsideJSON struct {
	Formula string  `json:"formula"`
	Value   any     `json:"value,omitempty"`
	P       float64 `json:"p"`
	Why     string  `json:"why"`
}

// NumberJSON is an exact value in JSON: a number, or a fraction as a
// string ("7/3").
func NumberJSON(v *big.Rat) any {
	s := reader.FormatRat(v)
	if strings.Contains(s, "/") {
		return s
	}
	return json.Number(s)
}

// NewJSON is the JSON object of problem p's solution s by a model trained
// on trainedOn (TrainedOn): the numbers read, the answer, the formula with
// its value, the confidence (4 digits), the decisions, and the reading set
// aside, if any. A solution with an error is the object of its error
// alone.
func NewJSON(p *model.Problem, s Solution, trainedOn string) JSON {
	var obj JSON
	if s.Err != nil {
		obj.Error = s.Err.Error()
		return obj
	}
	for _, n := range p.Quantities {
		obj.Numbers = append(obj.Numbers, n.Text)
	}
	obj.Answer = NumberJSON(s.Answer)
	obj.Formula, obj.Confidence = s.Formula+" = "+reader.FormatRat(s.Answer), new(mathx.Round(s.Confidence, 4))
	obj.Choices, obj.TrainedOn = s.Choices, trainedOn
	if r := s.SetAside; r != nil {
		obj.SetAside = &SetAsideJSON{Formula: r.Formula, P: mathx.Round(r.Prob, 4), Why: r.Why}
		if r.Value != nil {
			obj.SetAside.Value = NumberJSON(r.Value)
		}
	}
	return obj
}

// TrainedOn says what a model was trained on: "synthetic data", "CC and
// 36000 generated problems".
func TrainedOn(cfg model.Config) string {
	if cfg.Generated > 0 && cfg.Data == cc.Name {
		return fmt.Sprintf("CC and %d generated problems", cfg.Generated)
	}
	return cfg.Data + " data"
}

// Describe says what a model is: trained on what (TrainedOn), an ensemble
// or which epoch.
func Describe(cfg model.Config) string {
	if len(cfg.Members) > 0 {
		return fmt.Sprintf("an ensemble of %d models trained on %s", len(cfg.Members), TrainedOn(cfg))
	}
	return fmt.Sprintf("trained on %s, epoch %d", TrainedOn(cfg), cfg.Epoch)
}

package svamp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/quote"
	"github.com/d4lang/d4/tasks/wap/source"
)

// JSONName names the problems of SVAMP.json in prepared data.
const JSONName = "svamp"

// JSONFile is the name of SVAMP's JSON file.
const JSONFile = "SVAMP.json"

// JSON is SVAMP.json (source.Source): the SVAMP problems, a test set only.
type JSON struct{ Path string }

// Name names the source.
func (JSON) Name() string { return JSONName }

// Read reads the problems into the test split (ReadJSON).
func (s JSON) Read() (source.Dataset, error) {
	var ds source.Dataset
	var err error
	ds[data.Test], err = ReadJSON(s.Path)
	return ds, err
}

// entry is a problem of SVAMP.json; a pointer is a field that must be
// there.
type entry struct {
	ID       *string  `json:"ID"`
	Body     *string  `json:"Body"`
	Question *string  `json:"Question"`
	Equation *string  `json:"Equation"`
	Answer   *float64 `json:"Answer"`
	Type     string   `json:"Type"`
}

// idRE finds the number that ends a problem's ID ("chal-17").
var idRE = regexp.MustCompile(`[0-9]+$`)

// ReadJSON reads the problems of SVAMP.json in file order (see the package
// doc). It fails, with one line naming the file and line, for malformed
// JSON, a problem without one of ID, Body, Question, Equation and Answer,
// with an ID that does not end in a number or that ends in the number of
// another problem's ("chal-1" and "chal-01"), or without text.
func ReadJSON(path string) ([]source.Problem, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	lineAt := func(off int64) int { return 1 + bytes.Count(b[:off], []byte("\n")) }
	malformed := func(err error) error {
		return fmt.Errorf("%s:%d: malformed JSON: %w", path, lineAt(dec.InputOffset()), err)
	}
	if t, err := dec.Token(); err != nil {
		return nil, malformed(err)
	} else if t != json.Delim('[') {
		return nil, malformed(fmt.Errorf("want an array of problems"))
	}
	var out []source.Problem
	type first struct {
		id   string
		line int
	}
	seen := map[int]first{} // the number of an ID → where it was first
	for dec.More() {
		line := source.ElementLine(b, dec.InputOffset())
		var e entry
		if err := dec.Decode(&e); err != nil {
			return nil, malformed(err)
		}
		p, err := jsonProblem(e)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if f, dup := seen[p.ID]; dup && f.id == *e.ID {
			return nil, fmt.Errorf("%s:%d: the ID %s is used on line %d too", path, line, quote.Short(*e.ID), f.line)
		} else if dup {
			return nil, fmt.Errorf("%s:%d: the ID %s ends in the number of the ID %s on line %d (a problem's ID is that number)", path, line, quote.Short(*e.ID), quote.Short(f.id), f.line)
		}
		seen[p.ID] = first{*e.ID, line}
		p.Where = fmt.Sprintf("%s:%d", path, line)
		out = append(out, p)
	}
	if _, err := dec.Token(); err != nil {
		return nil, malformed(err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no problems", path)
	}
	return out, nil
}

// jsonProblem makes the problem of an entry of SVAMP.json.
func jsonProblem(e entry) (source.Problem, error) {
	for _, f := range []struct {
		name string
		ok   bool
	}{{"ID", e.ID != nil}, {"Body", e.Body != nil}, {"Question", e.Question != nil}, {"Equation", e.Equation != nil}, {"Answer", e.Answer != nil}} {
		if !f.ok {
			return source.Problem{}, fmt.Errorf("a problem has no %s", f.name)
		}
	}
	digits := idRE.FindString(*e.ID)
	id, err := strconv.Atoi(digits)
	if err != nil {
		return source.Problem{}, fmt.Errorf("the ID %s does not end in a number", quote.Short(*e.ID))
	}
	text := strings.TrimSpace(strings.TrimSpace(*e.Body) + " " + strings.TrimSpace(*e.Question))
	if text == "" {
		return source.Problem{}, fmt.Errorf("problem %s has no text (Body and Question are empty)", quote.Short(*e.ID))
	}
	return source.Problem{ID: id, Text: text, Answer: *e.Answer, Equation: "X=" + strings.Join(strings.Fields(*e.Equation), ""),
		Source: JSONName, Type: strings.TrimSpace(e.Type)}, nil
}

package prepare

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/parquet-go/parquet-go"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/internal/par"
	"github.com/d4lang/d4/internal/quote"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/reader/lexicon"
	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/synth"
)

// Row is one prepared word algebra problem, a row of train.parquet,
// dev.parquet or test.parquet (see the package doc for the schema): its
// text, tokens, token ids in the vocabulary the dataset was prepared with,
// the positions of its numbers, their exact values (Values, as rationals:
// "50", "5/2") and the values ∂4 holds (Numbers: 0 for a number that is no
// integer in 0…ValueSize−1), and its answer, exactly (Exact) and as ∂4
// holds it (Answer: −1 when it holds none). Equation and Pattern are for
// analysis only; Type, Variation and Grade are the problem's
// (source.Problem), for reports per kind of problem. The optional columns
// read as empty from files written before they were added (ReadRows then
// takes the exact values from Numbers and Answer).
type Row struct {
	ID        int64    `parquet:"id"`
	Text      string   `parquet:"text"`
	Tokens    []string `parquet:"tokens,list"`
	TokenIDs  []int32  `parquet:"token_ids,list"`
	NumPos    []int32  `parquet:"num_pos,list"`
	Numbers   []int32  `parquet:"numbers,list"`
	Values    []string `parquet:"values,list" data:"optional"`
	Answer    int32    `parquet:"answer"`
	Exact     string   `parquet:"exact_answer" data:"optional"`
	Equation  string   `parquet:"equation"`
	Pattern   string   `parquet:"pattern"`
	Source    string   `parquet:"source"`
	Type      string   `parquet:"type" data:"optional"`
	Variation string   `parquet:"variation" data:"optional"`
	Grade     int32    `parquet:"grade" data:"optional"`
}

// rowSchema is the schema of the files of rows, named WAPRow in them.
var rowSchema = parquet.NewSchema("WAPRow", parquet.SchemaOf(Row{}))

// ErrSchema is wrapped by the errors of ReadRows for a Parquet file whose
// columns are not those of Row.
var ErrSchema = errors.New("not a WAP dataset")

// checkRow reports a row whose lists disagree: token ids and tokens of
// different lengths, number positions and numbers of different lengths,
// a position outside the tokens or not after the one before, a
// missing source or an unknown pattern.
func checkRow(i int, r Row) error {
	where := fmt.Sprintf("row %d (id %d)", i, r.ID)
	if len(r.TokenIDs) != len(r.Tokens) {
		return fmt.Errorf("%s: %d token ids for %d tokens", where, len(r.TokenIDs), len(r.Tokens))
	}
	if len(r.NumPos) != len(r.Numbers) || len(r.Values) != len(r.Numbers) {
		return fmt.Errorf("%s: %d number positions and %d exact values for %d numbers", where, len(r.NumPos), len(r.Values), len(r.Numbers))
	}
	for _, v := range append([]string{r.Exact}, r.Values...) {
		if _, ok := new(big.Rat).SetString(v); !ok {
			return fmt.Errorf("%s: %s is not an exact number", where, quote.Short(v))
		}
	}
	for j, p := range r.NumPos {
		if p < 0 || int(p) >= len(r.Tokens) {
			return fmt.Errorf("%s: number position %d is outside its %d tokens", where, p, len(r.Tokens))
		}
		if j > 0 && p <= r.NumPos[j-1] {
			return fmt.Errorf("%s: number positions %v are not increasing", where, r.NumPos)
		}
	}
	if r.Source == "" {
		return fmt.Errorf("%s: no source (the name of the dataset the row came from)", where)
	}
	if r.Pattern != cc.PatternOther && !slices.Contains(cc.Patterns, r.Pattern) {
		return fmt.Errorf("%s: pattern %s is not a CC pattern or %q", where, quote.Short(r.Pattern), cc.PatternOther)
	}
	return nil
}

// WriteRows writes rows to the Parquet file at path, replacing it
// atomically (data.WriteRows). Every row must be consistent: as many
// token ids as tokens, as many number positions as numbers, positions
// increasing and inside the tokens, a Source named, and
// Pattern one of cc.Patterns or "other".
func WriteRows(path string, rows []Row) error {
	return data.WriteRows(path, rowSchema, rows, checkRow)
}

// ReadRows reads the rows of a Parquet file written by WriteRows (or by any
// tool, with the same columns). It fails, naming the file, when the file
// cannot be opened, is not a Parquet file, lacks one of the Row columns
// or has it with another type (an error wrapping ErrSchema), or holds a
// row that WriteRows would refuse (naming the row). The returned lists are
// never nil.
func ReadRows(path string) ([]Row, error) {
	rows, err := data.ReadRows[Row](path, ErrSchema)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		r := &rows[i]
		for _, l := range []*[]int32{&r.TokenIDs, &r.NumPos, &r.Numbers} {
			if *l == nil {
				*l = []int32{}
			}
		}
		if r.Tokens == nil {
			r.Tokens = []string{}
		}
		if len(r.Values) == 0 && len(r.Numbers) > 0 { // a file without the column
			for _, n := range r.Numbers {
				r.Values = append(r.Values, strconv.Itoa(int(n)))
			}
		}
		if r.Values == nil {
			r.Values = []string{}
		}
		if r.Exact == "" && r.Answer >= 0 { // a file without the column
			r.Exact = strconv.Itoa(int(r.Answer))
		}
		if err := checkRow(i, *r); err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
	}
	return rows, nil
}

// Problems converts prepared rows to the problems the model reads (with
// their pieces, from which a model with a question reader reads their
// questions), spread over the CPUs. The rows must be checked (ReadRows
// checks them).
func Problems(rows []Row) []*model.Problem {
	out := make([]*model.Problem, len(rows))
	lex := lexicon.Default()
	par.For(len(rows), func(i int) {
		r := rows[i]
		p := &model.Problem{ID: r.ID, Answer: int(r.Answer), IDs: make([]int, len(r.TokenIDs)), Generated: r.Source == synth.Name,
			Classes: lex.Pieces(r.Tokens, reader.SubwordPrefix), NumPos: make([]int, len(r.NumPos)), Numbers: make([]int, len(r.Numbers))}
		p.Exact, _ = new(big.Rat).SetString(r.Exact)
		p.Equation, _ = r.EquationOf() // nil for a row without one: equation supervision leaves it out
		for t, id := range r.TokenIDs {
			p.IDs[t] = int(id)
		}
		for k := range r.NumPos {
			p.NumPos[k], p.Numbers[k] = int(r.NumPos[k]), int(r.Numbers[k])
			v, _ := new(big.Rat).SetString(r.Values[k])
			p.Quantities = append(p.Quantities, reader.Quantity{Text: r.Values[k], Value: v, Pos: p.NumPos[k], Len: 1})
		}
		p.Pieces = r.Tokens
		out[i] = p
	})
	return out
}

// Retokenize returns the rows as another vocabulary encodes them: each
// row's text read again (reader.ParseQuestion, as Prepare reads it) and
// encoded with vocab, its tokens, token ids and number positions replaced
// and everything else kept. A model evaluates data prepared with another
// vocabulary this way. A row whose text reads as other numbers than its
// values fails, naming the row.
func Retokenize(rows []Row, vocab *reader.Vocab) ([]Row, error) {
	out := make([]Row, len(rows))
	for i, r := range rows {
		q, err := reader.ParseQuestion(r.Text)
		if err != nil {
			return nil, fmt.Errorf("row %d (id %d): %w", i, r.ID, err)
		}
		if len(q.Quantities) != len(r.Values) {
			return nil, fmt.Errorf("row %d (id %d): the text reads as %d numbers (%s), the row has %d", i, r.ID, len(q.Quantities), q.NumberList(), len(r.Values))
		}
		enc, err := vocab.Encode(q)
		if err != nil {
			return nil, fmt.Errorf("row %d (id %d): %w", i, r.ID, err)
		}
		r.Tokens, r.TokenIDs, r.NumPos = enc.Pieces, make([]int32, len(enc.IDs)), make([]int32, len(enc.NumPos))
		for t, id := range enc.IDs {
			r.TokenIDs[t] = int32(id)
		}
		for k, p := range enc.NumPos {
			r.NumPos[k] = int32(p)
		}
		out[i] = r
	}
	return out, nil
}

// BodyOnly returns the rows with their questions removed: each row's text
// cut before its question (reader.SplitQuestion, the same cut that the
// question reader makes) and read again with vocab (Retokenize). A row
// whose question holds one of its numbers, or that is all question, is
// left out; left counts them.
func BodyOnly(rows []Row, vocab *reader.Vocab) (out []Row, left int, err error) {
	for i, r := range rows {
		body, err := reader.SplitQuestion(r.Text)
		if err != nil {
			return nil, 0, fmt.Errorf("row %d (id %d): %w", i, r.ID, err)
		}
		q, err := reader.ParseQuestion(body)
		if err != nil || body == "" || len(q.Quantities) != len(r.Values) {
			left++
			continue
		}
		r.Text = body
		out = append(out, r)
	}
	if out, err = Retokenize(out, vocab); err != nil {
		return nil, 0, err
	}
	return out, left, nil
}

// Operations counts the arithmetic operations of the row's equation
// (EquationOf). ok is false when the equation does not parse.
func (r Row) Operations() (n int, ok bool) {
	e, err := r.EquationOf()
	if err != nil {
		return 0, false
	}
	return e.Operations(), true
}

// EquationOf returns the row's equation as a tree over exact numbers
// (cc.ParseEquation): a number written as a decimal is its exact value
// ("28.3" is 283/10), and a division of two numbers written as a fraction
// that is one of the row's values ("1/6", which the SVAMP CSV's equations
// write "(1/6)") is that number, not a division. An empty equation or one
// that does not parse is an error.
func (r Row) EquationOf() (*model.Equation, error) {
	if r.Equation == "" {
		return nil, errors.New("no equation")
	}
	t, err := cc.ParseEquation(r.Equation)
	if err != nil {
		return nil, err
	}
	return equationOf(t, r.Values)
}

// equationOf converts an equation's tree, the row's values telling which
// divisions are fractions.
func equationOf(t *cc.Tree, values []string) (*model.Equation, error) {
	if t.Op == '/' && t.L.Op == 0 && t.R.Op == 0 && !strings.Contains(t.L.Text+t.R.Text, ".") &&
		slices.Contains(values, t.L.Text+"/"+t.R.Text) {
		t = &cc.Tree{Text: t.L.Text + "/" + t.R.Text}
	}
	if t.Op == 0 {
		v, ok := new(big.Rat).SetString(t.Text)
		if !ok {
			return nil, fmt.Errorf("%s is not a number", quote.Short(t.Text))
		}
		return &model.Equation{Value: v}, nil
	}
	op, ok := equationOps[t.Op]
	if !ok {
		return nil, fmt.Errorf("unknown operation %q", t.Op)
	}
	l, err := equationOf(t.L, values)
	if err != nil {
		return nil, err
	}
	rt, err := equationOf(t.R, values)
	if err != nil {
		return nil, err
	}
	return &model.Equation{Op: op, L: l, R: rt}, nil
}

// equationOps are the words of an equation's operations.
var equationOps = map[byte]forth.Prim{'+': forth.Add, '-': forth.Sub, '*': forth.Mul, '/': forth.Div}

// The kinds of problem (Row.Kind), by the steps of the equation and
// whether a number of the text is left unused: what issue 37's targets
// are set per kind.
const (
	KindOneStep        = "one step"
	KindOneStepUnused  = "one step, unused number"
	KindTwoSteps       = "two steps"
	KindTwoStepsUnused = "two steps, unused number"
)

// Kind names the row's kind from its equation (EquationOf): one step or
// two steps (its operations), with an unused number when a number of
// the text is not in the equation (the numbers compared by value, each
// of the equation's taking one of the text's). A row with no equation,
// or one of other than one or two operations, has no kind ("").
func (r Row) Kind() string {
	e, err := r.EquationOf()
	if err != nil {
		return ""
	}
	kinds := map[int][2]string{1: {KindOneStep, KindOneStepUnused}, 2: {KindTwoSteps, KindTwoStepsUnused}}
	k, ok := kinds[e.Operations()]
	if !ok {
		return ""
	}
	left := make([]*big.Rat, 0, len(r.Values))
	for _, v := range r.Values {
		x, _ := new(big.Rat).SetString(v) // checked values
		left = append(left, x)
	}
	for _, n := range e.Numbers(nil) {
		if i := slices.IndexFunc(left, func(x *big.Rat) bool { return x != nil && x.Cmp(n) == 0 }); i >= 0 {
			left = slices.Delete(left, i, i+1)
		}
	}
	if len(left) > 0 {
		return k[1]
	}
	return k[0]
}

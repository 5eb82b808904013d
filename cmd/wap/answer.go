package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/d4lang/d4/internal/cli"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/answer"
	"github.com/d4lang/d4/tasks/wap/model"
)

func answerCmd(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("wap answer", "usage: wap answer [flags] \"QUESTION\"\n       wap answer [flags] --file FILE   (or: wap answer [flags] - , reading standard input)\n"+
		"Answers a word algebra problem: the answer on the first line, then the formula the slots chose.\n"+
		"Numbers may be of any size, with thousands separators, decimals, fractions, a sign, a currency sign or a scale\n"+
		"($12.50, €5, 1,000, 2.5, 3 1/2, -3, 2 and a half, 3 thousand, 1.5 million, 5k);\n"+
		"the answer is the exact value of the formula (a decimal, or a fraction such as 7/3).\n"+
		"With a sketch that takes any count of numbers, number words are read too (three, twenty-five, two hundred fifty,\n"+
		"a dozen, half, twice: as 3, 25, 250, 12, 0.5, 2); the paper's three-number sketch reads digits only.\n"+
		"When the model's most probable reading is negative, divides by zero or is not whole (or not a finite decimal\n"+
		"where the numbers are decimals), the sensible decoding answers the most probable sensible reading and says what\n"+
		`it set aside on a line after the formula, "set aside the most probable reading, FORMULA = VALUE (p P): WHY".`+"\n"+
		"With --file, one question a line (blank lines are skipped): one line of output a question, ANSWER<tab>FORMULA,\n"+
		"with a third field <tab>set aside FORMULA = VALUE (p P): WHY when a reading was set aside, or with --json one\n"+
		"JSON object (line, question, answer, formula, …, set_aside, or error); questions that cannot be answered\n"+
		"get their error in their line, and the exit status is 1 at the end.", stderr)
	modelDir := fs.String("model", model.DefaultDir, "model directory")
	jsonOut := fs.Bool("json", false, "print one JSON object with answer and formula (with --file: one a line)")
	file := fs.String("file", "", "answer every question of this file, one a line ('-': standard input)")
	dec := answer.DecodeSensible
	fs.TextVar(&dec, "decode", answer.DecodeSensible, decodeUsage)
	asWritten := fs.Bool("as-written", false, asWrittenUsage)
	pos, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 1 && pos[0] == "-" && *file == "" {
		*file, pos = "-", nil
	}
	switch {
	case *file != "" && len(pos) > 0:
		return cli.Usagef("give the questions either as one argument or with --file, not both")
	case *file == "" && len(pos) == 0:
		return cli.Usagef("expected the QUESTION as one argument (quote it), or --file FILE")
	case len(pos) > 1:
		return cli.Usagef("expected the QUESTION as one argument, got %d: quote the question", len(pos))
	}
	var in io.Reader
	if *file == "-" {
		in = os.Stdin
	} else if *file != "" {
		f, err := os.Open(*file)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	m, cfg, vocab, err := answer.Load(*modelDir)
	if err != nil {
		return err
	}
	m.Decode, m.AsWritten = dec, *asWritten
	a := answerer{m: m, cfg: cfg, vocab: vocab}
	if in != nil {
		name := *file
		if name == "-" {
			name = "standard input"
		}
		return a.batch(in, name, *jsonOut, stdout)
	}
	return a.one(pos[0], *jsonOut, stdout)
}

// answerer answers questions with a model.
type answerer struct {
	m     *answer.Ensemble
	cfg   model.Config
	vocab *reader.Vocab
}

// answered is a question and its answer (or why it has none).
type answered struct {
	line     int
	question string
	p        *model.Problem
	s        answer.Solution
	err      error
}

// one answers one question: the answer, the formula and the confidence on
// three lines, or with jsonOut one JSON object.
func (a answerer) one(question string, jsonOut bool, stdout io.Writer) error {
	q := answered{question: question}
	a.solve([]*answered{&q})
	if q.err != nil {
		return q.err
	}
	if jsonOut {
		return json.NewEncoder(stdout).Encode(a.object(q, false))
	}
	_, err := io.WriteString(stdout, a.text(q))
	return err
}

// text is the text of an answered question: the answer, the formula, the
// reading set aside if any, and the confidence, a line each.
func (a answerer) text(q answered) string {
	ans := reader.FormatRat(q.s.Answer)
	out := fmt.Sprintf("%s\n%s = %s\n", ans, q.s.Formula, ans)
	if r := q.s.SetAside; r != nil {
		out += fmt.Sprintf("set aside the most probable reading, %s\n", setAsideText(r))
	}
	return out + fmt.Sprintf("confidence %.1f%%; model trained on %s\n", 100*q.s.Confidence, answer.TrainedOn(a.cfg))
}

// line is the line of an answered question of a file, without its end:
// ANSWER<tab>FORMULA = ANSWER, with a third field when a reading was set
// aside, or ?<tab>line N: ERROR.
func line(q answered) string {
	if q.err != nil {
		return fmt.Sprintf("?\tline %d: %v", q.line, q.err)
	}
	answer := reader.FormatRat(q.s.Answer)
	out := fmt.Sprintf("%s\t%s = %s", answer, q.s.Formula, answer)
	if r := q.s.SetAside; r != nil {
		out += "\tset aside " + setAsideText(r)
	}
	return out
}

// setAsideText writes a reading set aside: "5 - 8 = -3 (p 0.61): negative",
// or "8 / (5 - 5) (p 0.40): division by zero".
func setAsideText(r *answer.SetAside) string {
	f := r.Formula
	if r.Value != nil {
		f += " = " + reader.FormatRat(r.Value)
	}
	return fmt.Sprintf("%s (p %.2f): %s", f, r.Prob, r.Why)
}

// solve answers questions together, and one by one when the batch fails,
// so that an error belongs to its question.
func (a answerer) solve(qs []*answered) {
	var ok []*answered
	var ps []*model.Problem
	for _, q := range qs {
		if q.err != nil {
			continue // a line that is no question
		}
		if q.p, q.err = answer.NewProblem(q.question, a.vocab, a.m.Models[0].Layout); q.err == nil {
			ok, ps = append(ok, q), append(ps, q.p)
		}
	}
	if len(ps) == 0 {
		return
	}
	sols, err := a.m.Solve(ps)
	if err != nil && len(ps) > 1 {
		for _, q := range ok {
			a.solve([]*answered{q})
		}
		return
	}
	for i, q := range ok {
		if q.err = err; err == nil {
			q.s, q.err = sols[i], sols[i].Err
		}
	}
}

// object is the JSON object of an answered question (answer.NewJSON),
// with its line and question when it comes from a file.
func (a answerer) object(q answered, batch bool) answer.JSON {
	obj := answer.JSON{Error: fmt.Sprint(q.err)}
	if q.err == nil {
		obj = answer.NewJSON(q.p, q.s, answer.TrainedOn(a.cfg))
	}
	if batch {
		obj.Line, obj.Question = q.line, q.question
	}
	return obj
}

// batchSize is the number of questions answered together.
const batchSize = 64

// batch answers every question of in (named name), one a line, writing
// one line a question; it returns an error, after the last, if any had
// none, and for input that holds no question.
func (a answerer) batch(in io.Reader, name string, jsonOut bool, stdout io.Writer) error {
	lines := newLineReader(in, name)
	enc := json.NewEncoder(stdout)
	var failed []int
	n := 0
	for {
		qs, err := lines.next(batchSize)
		if err != nil {
			return err
		}
		if len(qs) == 0 {
			break
		}
		a.solve(qs)
		for _, q := range qs {
			n++
			if q.err != nil {
				failed = append(failed, q.line)
			}
			if jsonOut {
				enc.Encode(a.object(*q, true))
			} else {
				fmt.Fprintln(stdout, line(*q))
			}
		}
	}
	if n == 0 {
		return fmt.Errorf("%s holds no questions (one a line; blank lines are skipped)", name)
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d questions could not be answered (%s %s)", len(failed), n, map[bool]string{true: "line", false: "lines"}[len(failed) == 1], listLines(failed))
	}
	return nil
}

// listLines lists line numbers, the first few.
func listLines(ls []int) string {
	var s []string
	for i, l := range ls {
		if i == 5 {
			s = append(s, "…")
			break
		}
		s = append(s, fmt.Sprint(l))
	}
	return strings.Join(s, ", ")
}

// maxQuestion bounds a line of questions (far above the reader's limit of
// tokens, which gives the question's own error); maxLine bounds the line
// a reader skips to find the next one: input that has no end of line
// within it is not a file of questions.
const (
	maxQuestion = 64 << 10
	maxLine     = 16 << 20
)

// lineReader reads questions, one a line, skipping blank lines.
type lineReader struct {
	r    *bufio.Reader
	name string
	line int
}

func newLineReader(in io.Reader, name string) *lineReader {
	return &lineReader{r: bufio.NewReader(in), name: name}
}

// next reads up to n questions; a line too long to be a question is
// answered by its error.
func (l *lineReader) next(n int) ([]*answered, error) {
	var qs []*answered
	for len(qs) < n {
		text, long, err := l.read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading the questions of %s: line %d: %w", l.name, l.line+1, err)
		}
		l.line++
		q := &answered{line: l.line, question: text}
		if long {
			q.question = strings.ToValidUTF8(text[:80], "") + "…"
			q.err = fmt.Errorf("the line is longer than %d bytes: one question a line", maxQuestion)
		} else if strings.TrimSpace(text) == "" {
			continue
		}
		qs = append(qs, q)
	}
	return qs, nil
}

// read reads one line without its end: a line ends at \n, \r or \r\n (files
// written on any system). A line longer than maxQuestion is read to its
// end and returned cut, with long set. A NUL byte, or a line longer than
// maxLine, is an error: the input is not text, one question a line.
func (l *lineReader) read() (text string, long bool, err error) {
	var b bytes.Buffer
	for total := 0; ; total++ {
		c, err := l.r.ReadByte()
		switch {
		case err == io.EOF && total == 0:
			return "", false, io.EOF
		case err == io.EOF || c == '\n':
			return b.String(), long, nil
		case err != nil:
			return "", false, err
		case c == 0:
			return "", false, errors.New("a NUL byte: not a text file of questions")
		case total >= maxLine:
			return "", false, fmt.Errorf("no end of line within %d MB: not a file of questions, one a line", maxLine>>20)
		case c == '\r':
			if next, err := l.r.Peek(1); err == nil && next[0] == '\n' {
				l.r.ReadByte()
			}
			return b.String(), long, nil
		}
		if b.Len() < maxQuestion {
			b.WriteByte(c)
		} else {
			long = true
		}
	}
}

package forth

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Pos is a position in a source file. Line and Col count from 1; Col counts
// bytes, as go/scanner does.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string {
	file := p.File
	if file == "" {
		file = "<input>"
	}
	return fmt.Sprintf("%s:%d:%d", file, p.Line, p.Col)
}

// Error is a front-end error: what went wrong and where. Its text is one
// line, "file:line:col: message".
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

func errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// MaxLiteral bounds the magnitude of a literal in the source. Values are
// reduced modulo the machine's value size when they are pushed.
const MaxLiteral = 1 << 40

// MaxHeapCells bounds the heap cells a program's variables may take.
const MaxHeapCells = 1 << 20

// tokenKind says what a token is.
type tokenKind int

const (
	tokEOF    tokenKind = iota
	tokWord             // any whitespace-delimited word that is not a number
	tokNumber           // a decimal integer, optionally negative
)

// token is one whitespace-delimited word of the source with its position.
// Comments never become tokens.
type token struct {
	kind tokenKind
	text string
	val  int // for tokNumber
	pos  Pos
}

// lexer splits Forth source into tokens. Forth's lexical rules are simple:
// words are separated by whitespace; "\" starts a comment to the end of the
// line and "(" a comment to the next ")", both only when they stand alone as
// a word. The lexer is a small state machine over the bytes of the source.
type lexer struct {
	src  string
	file string
	off  int // offset of the next unread byte
	line int
	col  int
}

func newLexer(file, src string) *lexer {
	return &lexer{src: src, file: file, line: 1, col: 1}
}

func (l *lexer) pos() Pos { return Pos{File: l.file, Line: l.line, Col: l.col} }

// advance consumes one byte, keeping line and column up to date.
func (l *lexer) advance() {
	if l.src[l.off] == '\n' {
		l.line++
		l.col = 1
	} else {
		l.col++
	}
	l.off++
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// next returns the next token, skipping whitespace and comments.
func (l *lexer) next() (token, error) {
	for {
		for l.off < len(l.src) && isSpace(l.src[l.off]) {
			l.advance()
		}
		if l.off >= len(l.src) {
			return token{kind: tokEOF, pos: l.pos()}, nil
		}
		start := l.pos()
		begin := l.off
		for l.off < len(l.src) && !isSpace(l.src[l.off]) {
			l.advance()
		}
		text := l.src[begin:l.off]
		switch text {
		case "\\":
			for l.off < len(l.src) && l.src[l.off] != '\n' {
				l.advance()
			}
			continue
		case "(":
			for l.off < len(l.src) && l.src[l.off] != ')' {
				l.advance()
			}
			if l.off >= len(l.src) {
				return token{}, errorf(start, "unclosed comment: expected ) before the end of the file")
			}
			l.advance() // the ')'
			continue
		}
		if err := checkText(text, start); err != nil {
			return token{}, err
		}
		if v, ok, err := parseNumber(text); err != nil {
			return token{}, errorf(start, "%v", err)
		} else if ok {
			return token{kind: tokNumber, text: text, val: v, pos: start}, nil
		}
		return token{kind: tokWord, text: text, pos: start}, nil
	}
}

// checkText reports a word holding bytes that are not UTF-8 text or are
// control characters (a binary file, say), so that error messages, which
// quote words, stay one printable line.
func checkText(text string, start Pos) error {
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		pos := Pos{File: start.File, Line: start.Line, Col: start.Col + i}
		if r == utf8.RuneError && size == 1 {
			return errorf(pos, "byte 0x%02x is not UTF-8 text: expected a Forth source file", text[i])
		}
		if unicode.IsControl(r) {
			return errorf(pos, "control character %U in a word: expected a Forth source file (words are separated by spaces, tabs and newlines)", r)
		}
		if r == '\uFEFF' {
			return errorf(pos, "byte order mark U+FEFF in a word: expected plain UTF-8 text (save the file without a BOM)")
		}
		i += size
	}
	return nil
}

// parseNumber accepts decimal integers with an optional leading minus sign.
// Words such as "1+" and "1-" are not numbers. A number too large to be a
// value of any machine is an error.
func parseNumber(s string) (int, bool, error) {
	digits := s
	if len(digits) > 1 && digits[0] == '-' {
		digits = digits[1:]
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false, nil
		}
	}
	if digits == "" {
		return 0, false, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil || v > MaxLiteral || v < -MaxLiteral {
		return 0, false, fmt.Errorf("number %s out of range: literals must lie within ±%d", s, MaxLiteral)
	}
	return v, true, nil
}

// tokenize returns all tokens of src, ending with a tokEOF token.
func tokenize(file, src string) ([]token, error) {
	l := newLexer(file, src)
	var toks []token
	for {
		t, err := l.next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		if t.kind == tokEOF {
			return toks, nil
		}
	}
}

package main

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// A file of questions ends its lines with \n, \r or \r\n, in any mix;
// blank lines are skipped and the lines keep their numbers.
func TestLineReaderEnds(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string // "LINE:QUESTION"
	}{
		{"LF", "a b\nc d\n", []string{"1:a b", "2:c d"}},
		{"CR only", "a b\rc d\r", []string{"1:a b", "2:c d"}},
		{"CRLF", "a b\r\nc d\r\n", []string{"1:a b", "2:c d"}},
		{"mixed, blank lines", "a\r\rb\r\n\r\nc\n\nd", []string{"1:a", "3:b", "5:c", "7:d"}},
		{"no end", "a b", []string{"1:a b"}},
		{"CR at the end of a CRLF file", "a\r\n\r", []string{"1:a"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			qs, err := newLineReader(strings.NewReader(c.in), "q.txt").next(100)
			var got []string
			for _, q := range qs {
				got = append(got, fmt.Sprintf("%d:%s", q.line, q.question))
			}
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Errorf("questions %q, %v; want %q", got, err, c.want)
			}
		})
	}
	// A line too long is cut and answered by its error; a NUL byte ends
	// the reading.
	qs, err := newLineReader(strings.NewReader(strings.Repeat("x", maxQuestion+5)+"\rnext"), "q.txt").next(10)
	if err != nil || len(qs) != 2 || qs[0].err == nil || qs[1].question != "next" || qs[1].line != 2 {
		t.Errorf("a long line: %+v, %v", qs, err)
	}
	if _, err := newLineReader(strings.NewReader("a\rb\x00"), "q.txt").next(10); err == nil || !strings.Contains(err.Error(), "line 2: a NUL byte") {
		t.Errorf("a NUL byte: %v", err)
	}
}

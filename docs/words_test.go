package docs

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// words splits a shell command into simple commands and their words: quotes
// are removed, a comment ends the line, and the operators && || ; | & end a
// simple command. Redirections and their targets are dropped, and so are the
// leading NAME=VALUE assignments. It reads what the pages write, not all of sh.
func words(cmd string) ([][]string, error) {
	var out [][]string
	var cur []string
	var word strings.Builder
	inWord, skipNext := false, false
	end := func() {
		if !inWord {
			return
		}
		w := word.String()
		word.Reset()
		inWord = false
		switch {
		case skipNext:
			skipNext = false
		case redirect.MatchString(w): // "2>&1" and ">file" alone, "> file" with its target
			skipNext = redirectOnly.MatchString(w)
		case len(cur) == 0 && assignment.MatchString(w):
		default:
			cur = append(cur, w)
		}
	}
	flush := func() {
		end()
		if len(cur) > 0 {
			out = append(out, cur)
			cur = nil
		}
	}
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case c == '\'' || c == '"':
			j := strings.IndexByte(cmd[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unterminated %c quote in %q", c, cmd)
			}
			word.WriteString(cmd[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '#' && !inWord:
			flush()
			return out, nil
		case c == ' ' || c == '\t' || c == '\n':
			end()
		case c == ';' || c == '|' || (c == '&' && !(inWord && strings.HasSuffix(word.String(), ">"))):
			flush()
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	flush()
	return out, nil
}

var (
	assignment   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)
	redirect     = regexp.MustCompile(`^[0-9]*(>>?|<)`)
	redirectOnly = regexp.MustCompile(`^[0-9]*(>>?|<)$`)
)

func TestWords(t *testing.T) {
	tests := []struct {
		cmd  string
		want [][]string
	}{
		{`wap train && wap answer "A b?"`, [][]string{{"wap", "train"}, {"wap", "answer", "A b?"}}},
		{`tasks sort --save m > /dev/null 2>&1 &`, [][]string{{"tasks", "sort", "--save", "m"}}},
		{`wap eval --json | jq .accuracy   # a comment`, [][]string{{"wap", "eval", "--json"}, {"jq", ".accuracy"}}},
		{`NODE_PATH=/x node s.cjs data < in.txt`, [][]string{{"node", "s.cjs", "data"}}},
		{`wap answer --json - < q.txt`, [][]string{{"wap", "answer", "--json", "-"}}},
		{`go test ./x -run '^$' -bench B`, [][]string{{"go", "test", "./x", "-run", "^$", "-bench", "B"}}},
		{`d4 export --model m >out.fth; gforth 2>/dev/null`, [][]string{{"d4", "export", "--model", "m"}, {"gforth"}}},
	}
	for _, tt := range tests {
		got, err := words(tt.cmd)
		if err != nil {
			t.Errorf("words(%q): %v", tt.cmd, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("words(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
	if _, err := words(`wap answer "open`); err == nil {
		t.Error("words: an unterminated quote is no error")
	}
}

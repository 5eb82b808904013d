package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// command is one command a page shows.
type command struct {
	file  string   // the page, relative to the repository's root
	line  int      // the line of its "$ " or sh line
	block int      // the index of its fenced block in the page
	text  string   // the command as shown, continuation lines joined by newlines
	shown bool     // whether the page shows its output (a console block)
	want  []string // the output the page shows
}

// where names a command's place for messages.
func (c command) where() string { return fmt.Sprintf("%s:%d", c.file, c.line) }

// pages lists the README and every page of docs/, relative to the repository's root.
func pages(t *testing.T, root string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := []string{"README.md"}
	for _, f := range files {
		out = append(out, filepath.ToSlash(filepath.Join("docs", filepath.Base(f))))
	}
	return out
}

// readCommands reads the commands of the page file under root.
func readCommands(root, file string) ([]command, error) {
	src, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		return nil, err
	}
	return extract(file, string(src))
}

var fence = regexp.MustCompile("^```\\s*(\\S*)")

// extract returns the commands of a page's console and sh blocks, in order.
func extract(file, src string) ([]command, error) {
	var cmds []command
	lines := strings.Split(src, "\n")
	for i, block := 0, 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		start := i + 1
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
		}
		body := lines[start:i]
		var got []command
		var err error
		switch m[1] {
		case "console":
			got, err = consoleBlock(file, start, body)
		case "sh":
			got, err = shBlock(file, start, body)
		default:
			err = noCommands(file, start, m[1], body)
		}
		if err != nil {
			return nil, err
		}
		for k := range got {
			got[k].block = block
		}
		cmds = append(cmds, got...)
		block++
	}
	return cmds, nil
}

// consoleBlock reads "$ " commands, "> " continuations and output lines; first is
// the page's line number of body[0], counted from 1 less one.
func consoleBlock(file string, first int, body []string) ([]command, error) {
	var cmds []command
	for k, l := range body {
		switch {
		case strings.HasPrefix(l, "$ "):
			cmds = append(cmds, command{file: file, line: first + k + 1, text: l[2:], shown: true})
		case len(cmds) == 0:
			return nil, fmt.Errorf("%s:%d: a console block's first line must be a command (\"$ …\")", file, first+k+1)
		case strings.HasPrefix(l, "> ") && len(cmds[len(cmds)-1].want) == 0:
			cmds[len(cmds)-1].text += "\n" + l[2:]
		default:
			cmds[len(cmds)-1].want = append(cmds[len(cmds)-1].want, l)
		}
	}
	return cmds, nil
}

// shBlock reads one command a line, joining lines that end in a backslash.
func shBlock(file string, first int, body []string) ([]command, error) {
	var cmds []command
	for k := 0; k < len(body); k++ {
		l := strings.TrimSpace(body[k])
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		c := command{file: file, line: first + k + 1}
		for strings.HasSuffix(l, "\\") && k+1 < len(body) {
			k++
			l = strings.TrimSuffix(l, "\\") + " " + strings.TrimSpace(body[k])
		}
		c.text = l
		cmds = append(cmds, c)
	}
	return cmds, nil
}

// noCommands refuses a command in a block of another kind, where no test would
// find it.
func noCommands(file string, first int, info string, body []string) error {
	for k, l := range body {
		if strings.HasPrefix(l, "$ ") {
			return fmt.Errorf("%s:%d: a command in a %q block: show commands in console or sh blocks", file, first+k+1, info)
		}
	}
	if info == "bash" || info == "shell" {
		return fmt.Errorf("%s:%d: a %s block: show commands in console or sh blocks", file, first, info)
	}
	return nil
}

func TestExtract(t *testing.T) {
	src := "text\n```console\n$ d4 run x\n> more\n7 4\n\n$ ls\n```\n```sh\n# a comment\ngo test ./... \\\n  -run X\n\nwap train   # trains\n```\n```forth\n1 2 +\n```\n"
	want := []command{
		{file: "p.md", line: 3, block: 0, text: "d4 run x\nmore", shown: true, want: []string{"7 4", ""}},
		{file: "p.md", line: 7, block: 0, text: "ls", shown: true},
		{file: "p.md", line: 11, block: 1, text: "go test ./...  -run X"},
		{file: "p.md", line: 14, block: 1, text: "wap train   # trains"},
	}
	got, err := extract("p.md", src)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("extract:\n got %+v\nwant %+v", got, want)
	}
	for _, bad := range []string{"```\n$ d4 run x\n```\n", "```bash\nls\n```\n", "```console\nout\n$ ls\n```\n"} {
		if _, err := extract("p.md", bad); err == nil {
			t.Errorf("extract(%q): no error", bad)
		}
	}
}

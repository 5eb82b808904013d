//go:build unix

package docs

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
)

var (
	tools    = regexp.MustCompile(`(?:^|[\s|;&(])(gforth|jq|python3|node)\b`)
	nodePath = regexp.MustCompile(`\bNODE_PATH=(\S+)`)
)

// needs skips the test when the command needs a tool, a package or data that
// are not there.
func needs(t *testing.T, ru rule, cmd, dir string) {
	t.Helper()
	if ru.action == reduce {
		cmd = ru.replace
	}
	for _, m := range tools.FindAllStringSubmatch(cmd, -1) {
		if _, err := exec.LookPath(m[1]); err != nil {
			testskip.Skip(t, "needs %s, which is not installed", m[1])
		}
	}
	for _, n := range ru.needs {
		switch {
		case n == "cc":
			if _, err := os.Stat(filepath.Join(dir, "data", "cc")); err != nil {
				testskip.Skip(t, "needs the CC data beside the repository (../shared/data/cc)")
			}
		case strings.HasPrefix(n, "node:"):
			pkg := strings.TrimPrefix(n, "node:")
			c := exec.Command("node", "-e", "require.resolve(process.argv[1])", pkg)
			if m := nodePath.FindStringSubmatch(cmd); m != nil {
				c.Env = append(os.Environ(), "NODE_PATH="+m[1])
			}
			if err := c.Run(); err != nil {
				testskip.Skip(t, "needs the npm package %s on the command's NODE_PATH", pkg)
			}
		default:
			t.Fatalf("rule %s: unknown need %q", ru.pattern, n)
		}
	}
}

// checkFlags runs each d4, wap and tasks invocation of cmd with --help appended:
// Go's flag package parses every flag before --help, refusing unknown names
// and bad values (internal/cli's flag values check theirs as they are
// parsed: bounds, sketch files, table models), and then exits with status 0.
func checkFlags(t *testing.T, bin, dir string, c command, cmd string) {
	n, failures, err := helpRuns(bin, dir, cmd)
	if err != nil {
		t.Fatalf("%s: %v", c.where(), err)
	}
	for _, f := range failures {
		t.Errorf("%s: %s", c.where(), f)
	}
	if n == 0 {
		t.Fatalf("%s: %q runs none of d4, wap and tasks: its rule cannot check its flags", c.where(), c.text)
	}
}

// helpRuns runs each d4, wap and tasks invocation of cmd with --help
// appended, in dir with the binaries of bin, and returns how many it ran
// and a line for each that failed.
func helpRuns(bin, dir, cmd string) (n int, failures []string, err error) {
	ws, err := words(cmd)
	if err != nil {
		return 0, nil, err
	}
	for _, w := range ws {
		if w[0] != "d4" && w[0] != "wap" && w[0] != "tasks" {
			continue
		}
		n++
		h := exec.Command(filepath.Join(bin, w[0]), append(w[1:], "--help")...)
		h.Dir = dir
		if out, err := h.CombinedOutput(); err != nil {
			failures = append(failures, fmt.Sprintf("%s --help: %v\n%s", strings.Join(w, " "), err, lastLine(out)))
		}
	}
	return n, failures, nil
}

func lastLine(out []byte) string {
	s := strings.TrimSpace(string(out))
	return s[strings.LastIndexByte(s, '\n')+1:]
}

var testFunc = regexp.MustCompile(`(?m)^func ((Test|Benchmark|Fuzz|Example)\w*)\(`)

// checkGoTest checks that the packages of a `go test` command hold tests, and
// that its -run, -bench and -fuzz patterns each name one.
func checkGoTest(t *testing.T, root string, c command, cmd string) {
	ws, err := words(cmd)
	if err != nil {
		t.Fatalf("%s: %v", c.where(), err)
	}
	args := ws[0][2:]
	patterns := map[string]string{}
	var pkgs []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-run" || a == "-bench" || a == "-fuzz":
			i++
			patterns[a] = args[i]
		case a == "-fuzztime" || a == "-count" || a == "-timeout":
			i++
		case !strings.HasPrefix(a, "-"):
			pkgs = append(pkgs, a)
		}
	}
	for _, p := range pkgs {
		if p == "./..." {
			continue
		}
		names := testNames(t, filepath.Join(root, p))
		if len(names) == 0 {
			t.Errorf("%s: %s holds no tests", c.where(), p)
		}
		for flag, pat := range patterns {
			if pat != "^$" && !namesMatch(names, flag, pat) {
				t.Errorf("%s: %s %q names no test of %s", c.where(), flag, pat, p)
			}
		}
	}
	t.Logf("%s: packages and test names checked (the tests run in go test ./...)", c.where())
}

// testNames returns the test functions of the _test.go files in dir, by kind.
func testNames(t *testing.T, dir string) map[string][]string {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string][]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range testFunc.FindAllStringSubmatch(string(src), -1) {
			names[m[2]] = append(names[m[2]], m[1])
		}
	}
	return names
}

// namesMatch reports whether pattern, given to go test's flag, names a test.
func namesMatch(names map[string][]string, flag, pattern string) bool {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return false
	}
	kinds := map[string][]string{"-run": {"Test", "Example", "Fuzz"}, "-bench": {"Benchmark"}, "-fuzz": {"Fuzz"}}[flag]
	for _, k := range kinds {
		for _, n := range names[k] {
			if re.MatchString(n) {
				return true
			}
		}
	}
	return false
}

var seconds = regexp.MustCompile(`\b\d+(\.\d+)? ?m?s\b`)

// matches reports whether got is the output want shows: line by line, seconds
// as any number of seconds, "…" as any text within a line and a line "…" as
// any number of lines.
func matches(got string, want []string) bool {
	g := outputLines(got)
	w := outputLines(strings.Join(want, "\n"))
	memo := map[[2]int]bool{}
	var m func(i, j int) bool
	m = func(i, j int) bool {
		k := [2]int{i, j}
		if v, ok := memo[k]; ok {
			return v
		}
		var v bool
		switch {
		case j == len(w):
			v = i == len(g)
		case w[j] == "…":
			v = m(i, j+1) || (i < len(g) && m(i+1, j))
		default:
			v = i < len(g) && lineMatches(g[i], w[j]) && m(i+1, j+1)
		}
		memo[k] = v
		return v
	}
	return m(0, 0)
}

// outputLines splits an output into lines without trailing blanks, seconds
// made alike.
func outputLines(s string) []string {
	lines := strings.Split(seconds.ReplaceAllString(s, "<seconds>"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func lineMatches(got, want string) bool {
	if !strings.Contains(want, "…") {
		return got == want
	}
	parts := strings.Split(want, "…")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

func TestMatches(t *testing.T) {
	tests := []struct {
		got  string
		want []string
		ok   bool
	}{
		{"15\n", []string{"15"}, true},
		{"15\n", []string{"16"}, false},
		{"  0.4 s; model in m\n", []string{"  0.5 s; model in m"}, true},
		{"time: 1.2 s (11.3 ms per update)", []string{"time: 0.4 s (2 ms per update)"}, true},
		{"busy (pid 1234): wait", []string{"busy (pid …): wait"}, true},
		{"a\nb\nc\nd", []string{"a", "…", "d"}, true},
		{"a\nd", []string{"a", "…", "d"}, true},
		{"a\nb", []string{"a", "…", "d"}, false},
		{"a\n\n", []string{"a", ""}, true},
		{"", nil, true},
		{"x", nil, false},
	}
	for _, tt := range tests {
		if got := matches(tt.got, tt.want); got != tt.ok {
			t.Errorf("matches(%q, %q) = %v, want %v", tt.got, tt.want, got, tt.ok)
		}
	}
}

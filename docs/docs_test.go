//go:build unix

package docs

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
)

// TestDocCommands runs or checks every command of the README and docs/*.md
// (see the package documentation).
func TestDocCommands(t *testing.T) {
	if testing.Short() {
		testskip.Skip(t, "runs the pages' commands: about a minute of CPU")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := buildCommands(t, root)
	used := make([]bool, len(rules))
	t.Run("pages", func(t *testing.T) {
		for _, page := range pages(t, root) {
			cmds, err := readCommands(root, page)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cmds {
				if i := classify(normalise(c.text)); i >= 0 {
					used[i] = true
				}
			}
			t.Run(filepath.Base(page), func(t *testing.T) {
				t.Parallel()
				runPage(t, root, bin, page, cmds)
			})
		}
	})
	for i, u := range used {
		if !u {
			t.Errorf("rule %d (%s) matches no command of the pages: delete it or fix its pattern", i, rules[i].pattern)
		}
	}
}

// buildCommands builds d4, wap and tasks into a temporary directory.
func buildCommands(t *testing.T, root string) string {
	t.Helper()
	bin := t.TempDir()
	c := exec.Command("go", "build", "-buildvcs=false", "-o", bin+string(os.PathSeparator), "./cmd/d4", "./cmd/wap", "./cmd/tasks")
	c.Dir = root
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("building the commands: %v\n%s", err, out)
	}
	return bin
}

var (
	goRun    = regexp.MustCompile(`\bgo run \./cmd/(d4|wap|tasks)\b`)
	dotSlash = regexp.MustCompile(`(^|[\s"'(;|&])\./(d4|wap|tasks)\b`)
	goBuild  = regexp.MustCompile(`-o (\S+) \./cmd/(\S+)$`)
)

// normalise reads `go run ./cmd/NAME` and `./NAME` as NAME, the binary on PATH.
func normalise(cmd string) string {
	return dotSlash.ReplaceAllString(goRun.ReplaceAllString(cmd, "$1"), "$1$2")
}

// classify returns the index of the first rule that matches cmd, or -1.
func classify(cmd string) int {
	for i, ru := range rules {
		if ru.pattern.MatchString(cmd) {
			return i
		}
	}
	return -1
}

// runPage runs a page's commands in order in a working directory of its own.
// After a command fails or is skipped, the rest of its block is skipped.
func runPage(t *testing.T, root, bin, page string, cmds []command) {
	dir := t.TempDir()
	setUpDir(t, root, dir)
	s, err := newSession(dir, t.TempDir(), bin)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	for _, f := range fixtures[page] {
		if res, err := s.run(f); err != nil || res.status != 0 {
			t.Fatalf("preparing the fixture: %s: %v (status %d)\n%s", f, err, res.status, res.stderr)
		}
	}
	stopped := -1
	for _, c := range cmds {
		i := classify(normalise(c.text))
		installs := i >= 0 && rules[i].action == install
		t.Run(strconv.Itoa(c.line), func(t *testing.T) {
			defer func() {
				if t.Failed() || (t.Skipped() && !installs) {
					stopped = c.block
				}
			}()
			if c.block == stopped {
				testskip.Skip(t, "an earlier command of this block failed or was skipped")
			}
			if i < 0 {
				t.Fatalf("%s: no rule classifies %q: add one to rules in docs/rules_test.go", c.where(), c.text)
			}
			check(t, s, root, bin, c, rules[i])
		})
	}
	checkExamples(t, root, dir)
}

// setUpDir gives dir a copy of examples/, the repository's sketches/ and
// scripts/, and data/cc when the CC data are beside the repository.
func setUpDir(t *testing.T, root, dir string) {
	t.Helper()
	if err := os.CopyFS(filepath.Join(dir, "examples"), os.DirFS(filepath.Join(root, "examples"))); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"sketches", "scripts"} {
		if err := os.Symlink(filepath.Join(root, d), filepath.Join(dir, d)); err != nil {
			t.Fatal(err)
		}
	}
	cc := filepath.Join(root, "..", "shared", "data", "cc")
	if _, err := os.Stat(filepath.Join(cc, "questions.json")); err == nil {
		if err := os.Mkdir(filepath.Join(dir, "data"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(cc, filepath.Join(dir, "data", "cc")); err != nil {
			t.Fatal(err)
		}
	}
}

// checkExamples requires that the scripts a page ran wrote the committed
// examples/ byte for byte.
func checkExamples(t *testing.T, root, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "examples", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		want, err1 := os.ReadFile(f)
		got, err2 := os.ReadFile(filepath.Join(dir, "examples", filepath.Base(f)))
		if err1 != nil || err2 != nil {
			t.Fatalf("comparing examples/%s: %v %v", filepath.Base(f), err1, err2)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("the page's commands rewrote examples/%s with other bytes than the committed file", filepath.Base(f))
		}
	}
}

// check does what c's rule says.
func check(t *testing.T, s *session, root, bin string, c command, ru rule) {
	cmd := normalise(c.text)
	switch ru.action {
	case run, runOnly, reduce:
		needs(t, ru, cmd, s.dir)
		execute(t, s, c, cmd, ru)
	case flags:
		checkFlags(t, bin, s.dir, c, cmd)
	case build:
		m := goBuild.FindStringSubmatch(cmd)
		if m[1] != m[2] {
			t.Errorf("%s: %q names the binary of cmd/%s %s", c.where(), c.text, m[2], m[1])
		}
	case goTest:
		checkGoTest(t, root, c, cmd)
	case script:
		ws, err := words(cmd)
		if err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("bash", "-n", filepath.Join(root, ws[0][0])).CombinedOutput(); err != nil {
			t.Errorf("%s: bash -n %s: %v\n%s", c.where(), ws[0][0], err, out)
		}
		t.Logf("%s: %s: syntax checked", c.where(), ru.why)
	case install:
		testskip.Skip(t, "%s: %s: not run", c.where(), ru.why)
	}
}

// execute runs the command (or its reduction) and checks its status and output.
func execute(t *testing.T, s *session, c command, cmd string, ru rule) {
	if ru.action == reduce {
		cmd = ru.replace
		t.Logf("%s: %s: running %q", c.where(), ru.why, cmd)
	}
	res, err := s.run(cmd)
	if err != nil {
		t.Fatalf("%s: %q: %v", c.where(), c.text, err)
	}
	switch {
	case ru.action == run && c.shown:
		if !matches(res.shown(), c.want) {
			t.Errorf("%s: %q printed\n%s\nthe page shows\n%s", c.where(), c.text, res.shown(), strings.Join(c.want, "\n"))
		}
	case res.status != 0:
		t.Errorf("%s: %q exited with %d\n%s", c.where(), cmd, res.status, res.stderr)
	case ru.action == runOnly:
		t.Logf("%s: output not compared: %s", c.where(), ru.why)
	}
}

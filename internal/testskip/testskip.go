// Package testskip is how the repository's tests skip, so that a skip is
// never silent where it matters: Skip skips a test with its reason, except
// in CI (the environment variable CI is "true", as when .ci/run runs),
// where a skip that .ci/skips does not list fails the test instead, naming
// the test, its package and the reason. A skip that CI may take (the race
// detector's, the purego build's) is listed there with why it is allowed.
//
// .ci/skips holds one skip a line: the package's directory (from the
// repository's root), the test's name or a prefix of it that ends a name's
// element ("TestDocCommands" covers "TestDocCommands/README.md:12"), and
// after " — " the reason, which the skip's reason must contain. Blank lines
// and lines starting with # are comments.
//
// TestEverySkipIsOurs, in this package, keeps every other skip of the
// repository's tests going through Skip.
package testskip

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ListFile is the list of the skips CI allows, from the repository's root.
const ListFile = ".ci/skips"

// Skip skips t with the reason the format and arguments make; in CI it
// fails t instead unless ListFile lists the skip.
func Skip(t testing.TB, format string, args ...any) {
	t.Helper()
	reason := fmt.Sprintf(format, args...)
	if os.Getenv("CI") != "true" {
		t.Skip(reason)
	}
	root, pkg, err := where()
	if err != nil {
		t.Fatalf("skip %q in CI: %v", reason, err)
	}
	list, err := Read(filepath.Join(root, ListFile))
	if err != nil {
		t.Fatalf("skip %q in CI: %v", reason, err)
	}
	if !list.Allows(pkg, t.Name(), reason) {
		t.Fatalf("skipped in CI and not listed in %s: %s %s — %s", ListFile, pkg, t.Name(), reason)
	}
	t.Skip(reason + " (listed in " + ListFile + ")")
}

// An Entry is one skip CI allows.
type Entry struct {
	Pkg, Test, Reason string
	Line              int
}

// List is the skips CI allows.
type List []Entry

// Allows reports whether the list allows test (its full name) of package
// pkg to skip with reason.
func (l List) Allows(pkg, test, reason string) bool {
	for _, e := range l {
		if e.Pkg == pkg && (test == e.Test || strings.HasPrefix(test, e.Test+"/")) && strings.Contains(reason, e.Reason) {
			return true
		}
	}
	return false
}

// Read reads a list of skips, refusing a line that is not "PACKAGE TEST —
// REASON" with its file and line.
func Read(path string) (List, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var l List
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, reason, ok := strings.Cut(line, " — ")
		fields := strings.Fields(head)
		if !ok || len(fields) != 2 || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("%s:%d: want \"PACKAGE TEST — REASON\", got %q", path, n, line)
		}
		l = append(l, Entry{Pkg: fields[0], Test: fields[1], Reason: strings.TrimSpace(reason), Line: n})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return l, nil
}

// where returns the repository's root (the directory of go.mod above the
// working directory, which go test sets to the package's) and the
// package's directory from it.
func where() (root, pkg string, err error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", "", err
	}
	for root = dir; ; root = filepath.Dir(root) {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(root) == root {
			return "", "", fmt.Errorf("no go.mod above %s", dir)
		}
	}
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		return "", "", err
	}
	return root, filepath.ToSlash(rel), nil
}

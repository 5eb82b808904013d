package testskip

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAllows(t *testing.T) {
	l := List{
		{Pkg: "docs", Test: "TestDocCommands", Reason: "not run"},
		{Pkg: "internal/gemm", Test: "TestKernels", Reason: "no assembly kernel"},
	}
	cases := []struct {
		pkg, test, reason string
		want              bool
	}{
		{"docs", "TestDocCommands/README.md:12", "README.md:12: takes minutes: not run", true},
		{"docs", "TestDocCommands", "not run", true},
		{"docs", "TestDocCommandsX", "not run", false},
		{"docs", "TestDocCommands/README.md:12", "needs jq, which is not installed", false},
		{"internal/gemm", "TestKernels", "no assembly kernel for this CPU", true},
		{"internal/vecmath", "TestKernels", "no assembly kernel for this CPU", false},
	}
	for _, c := range cases {
		if got := l.Allows(c.pkg, c.test, c.reason); got != c.want {
			t.Errorf("Allows(%q, %q, %q) = %v, want %v", c.pkg, c.test, c.reason, got, c.want)
		}
	}
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good")
	os.WriteFile(good, []byte("# comment\n\ndocs TestDocCommands — not run\n"), 0o644)
	l, err := Read(good)
	if err != nil || len(l) != 1 || l[0] != (Entry{"docs", "TestDocCommands", "not run", 3}) {
		t.Errorf("Read = %v, %v", l, err)
	}
	for _, bad := range []string{"docs TestDocCommands not run\n", "docs — not run\n", "docs TestX —  \n", "a b c — why\n"} {
		p := filepath.Join(dir, "bad")
		os.WriteFile(p, []byte(bad), 0o644)
		if _, err := Read(p); err == nil || !strings.Contains(err.Error(), "bad:1:") {
			t.Errorf("Read(%q) = %v, want an error at bad:1", bad, err)
		}
	}
}

// The repository's own list reads, and names packages that exist.
func TestListFile(t *testing.T) {
	root, _, err := where()
	if err != nil {
		t.Fatal(err)
	}
	l, err := Read(filepath.Join(root, ListFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range l {
		if st, err := os.Stat(filepath.Join(root, e.Pkg)); err != nil || !st.IsDir() {
			t.Errorf("%s:%d: no package directory %s", ListFile, e.Line, e.Pkg)
		}
	}
}

// TestEverySkipIsOurs checks that no test of the repository skips but
// through Skip: no call of a method Skip, Skipf or SkipNow outside this
// package.
func TestEverySkipIsOurs(t *testing.T) {
	root, _, err := where()
	if err != nil {
		t.Fatal(err)
	}
	self, _ := os.Getwd()
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || filepath.Dir(path) == self {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				switch sel.Sel.Name {
				case "Skip", "Skipf", "SkipNow":
					if _, isPkg := sel.X.(*ast.Ident); isPkg && sel.X.(*ast.Ident).Name == "testskip" {
						return true
					}
					t.Errorf("%s: %s skips without testskip.Skip", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

package source_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/benchmark"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/source/svamp"
	"github.com/d4lang/d4/tasks/wap/synth"
)

// Every source package (the directories under source/, and the generator)
// defines a Source, as the package documentation counts the cost of a new
// format: one package with a type that has Name and Read. The sources'
// names are distinct: they name the rows of prepared data.
func TestEverySourcePackageHasASource(t *testing.T) {
	dirs := []string{"../synth"}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "testdata" {
			dirs = append(dirs, e.Name())
		}
	}
	for _, dir := range dirs {
		methods := map[string]map[string]bool{} // receiver type → methods
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
					continue
				}
				if id, ok := fd.Recv.List[0].Type.(*ast.Ident); ok {
					if methods[id.Name] == nil {
						methods[id.Name] = map[string]bool{}
					}
					methods[id.Name][fd.Name.Name] = true
				}
			}
		}
		found := false
		for _, ms := range methods {
			found = found || ms["Name"] && ms["Read"]
		}
		if !found {
			t.Errorf("%s: no type with Name and Read methods: a source package implements source.Source", filepath.Clean(dir))
		}
	}
	names := map[string]bool{}
	for _, s := range []source.Source{cc.Source{}, synth.Source{}, benchmark.Source{}, svamp.JSON{}, svamp.Fold{}} {
		if names[s.Name()] {
			t.Errorf("two sources are named %q", s.Name())
		}
		names[s.Name()] = true
	}
}

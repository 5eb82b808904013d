package forth_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
)

// coreFiles parses the Go files of the language core (interpreter/, the
// parent of this package), tests excepted, into fset, by path.
func coreFiles(t *testing.T, fset *token.FileSet) map[string]*ast.File {
	t.Helper()
	files := map[string]*ast.File{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		files[filepath.ToSlash(path)] = f
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// isConst reports whether e names the constant name of package forth:
// name in package forth, forth.name elsewhere.
func isConst(f *ast.File, e ast.Expr, name string) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return f.Name.Name == "forth" && e.Name == name
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		return ok && x.Name == "forth" && e.Sel.Name == name
	}
	return false
}

// tablesOf lists the tables of the language core whose length is the
// constant count of package forth, as "package.name": the variables of
// type [count]T, and the variables that `var _ [count]T = name` checks.
func tablesOf(files map[string]*ast.File, count string) []string {
	var tables []string
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			typ := vs.Type
			if len(vs.Values) == 1 {
				if lit, ok := vs.Values[0].(*ast.CompositeLit); ok && typ == nil {
					typ = lit.Type
				}
			}
			if at, ok := typ.(*ast.ArrayType); !ok || at.Len == nil || !isConst(f, at.Len, count) {
				return true
			}
			name := vs.Names[0].Name
			if name == "_" && len(vs.Values) == 1 {
				if id, ok := vs.Values[0].(*ast.Ident); ok {
					name = id.Name
				}
			}
			tables = append(tables, f.Name.Name+"."+name)
			return true
		})
	}
	slices.Sort(tables)
	return slices.Compact(tables)
}

// TestExtensionCost checks the places a new primitive word and a new kind
// of decoder take in the language core, as the package doc lists them:
// the tables indexed by the word or the kind (each with its length
// checked at compile time), and, for a decoder kind, no other mention of
// a kind than as the key of a table's row.
func TestExtensionCost(t *testing.T) {
	fset := token.NewFileSet()
	files := coreFiles(t, fset)
	tests := []struct {
		count string
		want  []string
	}{
		{"NumPrims", []string{"d4.primForms", "export.primForth", "forth.Prims", "symbolic.primRuns"}},
		{"NumDecoderKinds", []string{"corpus.DecoderSamples", "d4.decoderForms", "export.slotForms", "forth.Decoders", "symbolic.slotRuns"}},
	}
	for _, tc := range tests {
		if got := tablesOf(files, tc.count); !slices.Equal(got, tc.want) {
			t.Errorf("the tables indexed by %s are %v, the package doc lists %v", tc.count, got, tc.want)
		}
	}
	kinds := kindConsts(files["../forth/decoder.go"])
	if len(kinds) != int(forth.NumDecoderKinds) {
		t.Fatalf("decoder.go declares the kinds %v, want %d", kinds, forth.NumDecoderKinds)
	}
	for _, f := range files {
		keys := map[ast.Expr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				keys[n.Key] = true
			case *ast.GenDecl:
				return n.Tok != token.CONST // the kinds' declaration
			case ast.Expr:
				for _, k := range kinds {
					if !keys[n] && isConst(f, n, k) {
						t.Errorf("%s names the decoder kind %s outside a table's row", fset.Position(n.Pos()), k)
					}
				}
			}
			return true
		})
	}
}

// kindConsts lists the constants of type DecoderKind that f declares,
// NumDecoderKinds excepted.
func kindConsts(f *ast.File) []string {
	var names []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST || len(gd.Specs) == 0 {
			continue
		}
		if typ, ok := gd.Specs[0].(*ast.ValueSpec).Type.(*ast.Ident); !ok || typ.Name != "DecoderKind" {
			continue
		}
		for _, spec := range gd.Specs {
			for _, n := range spec.(*ast.ValueSpec).Names {
				if n.Name != "NumDecoderKinds" {
					names = append(names, n.Name)
				}
			}
		}
	}
	return names
}

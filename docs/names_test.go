package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestNamesExist checks that the names the documentation gives of the code
// are names the code has: in the README, docs/*.md and every Go comment, a
// path of the repository (`tasks/wap/model/exactloss.go`, `cmd/wap/`), a
// qualified Go name of one of our packages (`fit.Run`, `model.Model`) and,
// in Go comments, a camel-case word (`LoadModel`, `newTrainer`) must name
// a file or a declaration that exists. A path is found from the root, from
// the page's or the comment's directory or one of its parents; a camel-case
// word may also be part of a test's or benchmark's name (a -run or -bench
// pattern). Placeholders (`cmd/NAME`, `foldK`) are not names. Words that
// look like code but are not (a product's name, a dataset's, another
// library's) are listed in notCode.
func TestNamesExist(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	code := readCode(t, root)
	var stale []string
	for _, page := range pages(t, root) {
		src, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			for _, m := range backticked.FindAllStringSubmatch(line, -1) {
				if why := code.check(root, filepath.Join(root, filepath.Dir(page)), m[1], false); why != "" {
					stale = append(stale, page+":"+itoa(i+1)+": "+why)
				}
			}
		}
	}
	for _, c := range code.comments {
		for _, w := range commentWord.FindAllString(c.text, -1) {
			if why := code.check(root, c.dir, strings.Trim(w, "`"), true); why != "" {
				stale = append(stale, c.where+": "+why)
			}
		}
	}
	sort.Strings(stale)
	for _, s := range stale {
		t.Error(s)
	}
}

var (
	backticked = regexp.MustCompile("`([^`\\s]+)`")
	// commentWord: a word of a comment that may name code: a path with a
	// slash, a qualified name, or a camel-case word.
	commentWord = regexp.MustCompile("`[^`\\s]+`|[A-Za-z_][A-Za-z0-9_./-]*[A-Za-z0-9_]")
	camel       = regexp.MustCompile(`^[a-z]+[A-Z][A-Za-z0-9]*$|^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$`)
	placeholder = regexp.MustCompile(`(?:^|/)[A-Z]{2,}(?:/|$)|^[a-z]+[A-Z]$|^[a-z]+XX+$`)
	qualified   = regexp.MustCompile(`^([a-z][a-z0-9]*)\.([A-Z][A-Za-z0-9]*)(?:\.([A-Z][A-Za-z0-9]*))?(?:\(\))?$`)
	repoPath    = regexp.MustCompile(`^(?:\./)?(cmd|reader|interpreter|tasks|internal|learn|eval|docs|sketches|examples|scripts|optim|baseline|data)/[A-Za-z0-9_./-]*$`)
)

// notCode are words of the comments and pages that look like code names
// and are not ours: products, formats, datasets, other projects' names.
var notCode = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
		GitHub PyTorch DuckDB WordNet WordPiece GloVe RoBERTa GotoBLAS BiLSTM BiLSTMs SafeTensors
		MultiArith MathQA DeepProbLog ChromeDP OpenBLAS LeakSanitizer JavaScript TypeScript NumPy
		MAWPS ASDiv SVAMP DeductReasoner iIndex lQueryVars lEquations lSolutions sQuestion lAlignments
		WordLevel WhitespaceSplit BertPreTokenizer Lowercase PreTokenizer AutoTokenizer FromFile
		UsePreallocDo CallsExtern ReturnsPtr OverwritesInput DiffWRT SymDiff WriteHash
		McCallum PhD iOS macOS Seq2Seq TapeMachine LogSoftMax SoftMax ColorBrewer GiB NaNs AdamW
		SplitMix64 SequenceMatcher tFORM tI tLEMMA tNAME MemAvailable SkipNow`) {
		notCode[w] = true
	}
}

// userData are directories under data/ that are the user's data, not ours
// (git-ignored): the pages tell where to put them.
var userData = []string{"data/cc", "data/svamp", "data/mawps", "data/asdiv-a", "data/svamp-protocol",
	"data/prepared", "data/generated", "data/commoncore_"}

type comment struct {
	text, where, dir string
}

// codeNames is what the repository declares: every identifier its Go code
// uses, and the names each package (by package name) declares.
type codeNames struct {
	used     map[string]bool
	declared map[string]map[string]bool // package name → declared names
	comments []comment
}

func readCode(t *testing.T, root string) *codeNames {
	c := &codeNames{used: map[string]bool{}, declared: map[string]map[string]bool{}}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		c.add(f, fset, root, filepath.Dir(path))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (c *codeNames) add(f *ast.File, fset *token.FileSet, root, dir string) {
	pkg := f.Name.Name
	if c.declared[pkg] == nil {
		c.declared[pkg] = map[string]bool{}
	}
	decl := c.declared[pkg]
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			c.used[n.Name] = true
		case *ast.FuncDecl:
			decl[n.Name.Name] = true
		case *ast.TypeSpec:
			decl[n.Name.Name] = true
		case *ast.ValueSpec:
			for _, id := range n.Names {
				decl[id.Name] = true
			}
		case *ast.Field:
			for _, id := range n.Names {
				decl[id.Name] = true
			}
		}
		return true
	})
	for _, g := range f.Comments {
		pos := fset.Position(g.Pos())
		rel, _ := filepath.Rel(root, pos.Filename)
		c.comments = append(c.comments, comment{text: g.Text(), where: rel + ":" + itoa(pos.Line), dir: dir})
	}
}

// check returns why word names nothing of the repository, or "" when it
// names something or is not a name of code. dir is where relative paths
// start; camel words are checked only in comments (inComment).
func (c *codeNames) check(root, dir, word string, inComment bool) string {
	word = strings.TrimRight(word, ".,:;")
	switch {
	case placeholder.MatchString(word):
		return ""
	case repoPath.MatchString(word),
		strings.Contains(word, "/") && (strings.HasSuffix(word, ".go") || strings.HasSuffix(word, ".fth")):
		return checkPath(root, dir, word)
	case qualified.MatchString(word):
		m := qualified.FindStringSubmatch(word)
		decl, ours := c.declared[m[1]]
		if !ours || notCode[m[2]] {
			return "" // a package of the standard library or a dependency
		}
		for _, name := range m[2:] {
			if name != "" && !decl[name] {
				return "names " + word + ": package " + m[1] + " declares no " + name
			}
		}
	case inComment && camel.MatchString(word) && !notCode[word] && !c.used[word] && !c.inTestName(word):
		return "names " + word + ", which no Go code of the repository declares or uses"
	}
	return ""
}

// inTestName reports whether word is part of the name of a test, benchmark,
// fuzz target or example: a pattern of go test's -run or -bench.
func (c *codeNames) inTestName(word string) bool {
	for name := range c.used {
		for _, prefix := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
			if strings.HasPrefix(name, prefix) && strings.Contains(name[len(prefix):], word) {
				return true
			}
		}
	}
	return false
}

// checkPath checks a path of the repository: from dir or one of its
// parents up to root; a user's data directory (git-ignored) is not checked.
func checkPath(root, dir, p string) string {
	p = strings.TrimPrefix(p, "./")
	for _, u := range userData {
		if strings.HasPrefix(p, u) {
			return ""
		}
	}
	clean := strings.TrimSuffix(strings.TrimSuffix(p, "..."), "/")
	if strings.ContainsAny(clean, "*…") {
		return ""
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, clean)); err == nil {
			return ""
		}
		if d == root || len(d) < len(root) {
			return "names " + p + ", which does not exist"
		}
	}
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}

// The check itself: planted stale names fail, names of the code pass.
func TestNamesCheck(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	code := readCode(t, root)
	model := filepath.Join(root, "tasks", "wap", "model")
	cases := []struct {
		word      string
		dir       string
		inComment bool
		stale     bool
	}{
		{"fit.Run", root, false, false},
		{"learn.Writer.Save", root, false, false},
		{"learn.Fitt", root, false, true},
		{"model.Model.Executions", root, true, false},
		{"model.Model.Answers", root, true, true},
		{"tasks/wap/model/exactloss.go", root, false, false},
		{"tasks/wap/benchmark/", root, false, true},
		{"figures/trace.go", filepath.Join(root, "cmd", "tasks", "bench"), true, false},
		{"figures/trace.go", root, true, true}, // from the root it is cmd/tasks/figures/trace.go
		{"figures/tracer.go", filepath.Join(root, "cmd", "tasks", "bench"), true, true},
		{"../internal/corpus/corpus.go", filepath.Join(root, "interpreter", "forth"), true, false},
		{"exactloss.go", model, true, false},
		{"replayDecider", model, true, true},
		{"OnBatch", model, true, true},
		{"NewTrainer", model, true, false},
		{"StaticStepWAP", model, true, false},  // BenchmarkStaticStepWAP
		{"replayDecider", model, false, false}, // camel words are checked in comments only
		{"cmd/NAME", root, false, false},
		{"foldK", model, true, false},
		{"data/cc/", root, false, false},
		{"fmt.Println", root, true, false},
	}
	for _, c := range cases {
		why := code.check(root, c.dir, c.word, c.inComment)
		if (why != "") != c.stale {
			t.Errorf("check(%q) = %q, want stale %v", c.word, why, c.stale)
		}
	}
}

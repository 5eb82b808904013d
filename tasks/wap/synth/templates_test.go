package synth

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"math/rand"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const bookHead = "# a comment\nkey\ttext\n"

// TestBookFill reads a made-up phrase book and fills its templates.
func TestBookFill(t *testing.T) {
	b, err := decodeBook("probe.tsv", bookHead+
		"plain\tcharges by the hour\n"+
		"price\t{price} {each} at {where}\n"+
		"actor\tto {main's} friend {who}\n"+
		"quoted\t\"\"|at {where}|\" and \"\n"+
		"verb\tcome to/came to/come to\n"+
		"verbs\tcost/cost|be\n"+
		"noun\tbox/boxes\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		got  any
		want any
	}{
		{b.one("plain", nil), "charges by the hour"},
		{b.one("price", holes{"price": "$4", "each": "an hour", "where": "{main}"}), "$4 an hour at {main}"},
		{b.one("actor", holes{"who": "Ann"}), "to {main's} friend Ann"},
		{b.list("quoted", holes{"where": "the lake"}), []string{"", "at the lake", " and "}},
		{b.verb("verb"), verb{"come to", "came to", "come to"}},
		{b.verbs("verbs"), []verb{{"cost", "cost", "cost"}, {"be", "were", "been"}}},
		{b.noun("noun"), noun{"box", "boxes"}},
		{b.noun("plain"), noun{"charges by the hour", "charges by the hours"}},
		{b.get("price").holes, []string{"each", "price", "where"}},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("got %#v, want %#v", c.got, c.want)
		}
	}
	// pick draws as pick over the alternatives.
	r1, r2 := rand.New(rand.NewSource(5)), rand.New(rand.NewSource(5))
	for range 20 {
		want := pick(r2, []string{"", "at x", " and "})
		if got := b.pick(r1, "quoted", holes{"where": "x"}); got != want {
			t.Fatalf("pick gives %q, want %q as pick over the list", got, want)
		}
	}
}

// TestBookMisuse checks that asking a book wrongly panics with a message
// naming the key.
func TestBookMisuse(t *testing.T) {
	b, err := decodeBook("probe.tsv", bookHead+"price\t{price} each|free\nmany\ta|b\nfree\tfree\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		call func()
		want string
	}{
		{"missing key", func() { b.one("cost", nil) }, `no key "cost"`},
		{"hole without a value", func() { b.list("price", nil) }, `hole {price} has no value`},
		{"value without a hole", func() { b.one("free", holes{"price": "$1"}) }, `has no hole {price}`},
		{"one of many", func() { b.one("many", nil) }, `has 2 alternatives, want 1`},
		{"not a verb", func() { b.verb("price") }, `not a list of verbs`},
		{"two verbs", func() { b.verb("many") }, `has 2 verbs, want 1`},
		{"not one noun", func() { b.noun("many") }, `not one noun`},
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, c.want) {
					t.Errorf("%s: panic %q, want one containing %q", c.name, msg, c.want)
				}
			}()
			c.call()
		}()
	}
}

// TestDecodeBookErrors checks that a bad phrase book is an error naming
// the file, the line and what was wanted.
func TestDecodeBookErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{bookHead + "a\tx\na\ty\n", `probe.tsv:4: key "a" twice`},
		{bookHead + "a\tx||y\n", `probe.tsv:3: column text: "", want an alternative without blanks`},
		{bookHead + "a\t and \n", `want an alternative without blanks`},
		{bookHead + "a\t\"and\n", `want a Go string in double quotes`},
		{bookHead + "a\t{price\n", `a { without }`},
		{bookHead + "a\tprice}\n", `a } without {`},
		{bookHead + "a\t{Price}\n", `holes named in lower-case letters and digits: {Price}`},
		{bookHead + "\tx\n", `column key: "", want a value`},
	} {
		_, err := decodeBook("probe.tsv", c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("decoding %q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

// bookCall is a call of a phrase book's method in the package's Go code.
type bookCall struct {
	at     string // file:line
	book   string // the book's name
	method string
	key    string
	holes  []string // the names of a holes literal, sorted; nil for nil
}

// bookCalls finds every phrase book of the package's Go code (a variable
// set to phraseBook("name")) and every call of its methods.
func bookCalls(t *testing.T) (books map[string]string, calls []bookCall) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	books = map[string]string{} // variable → book name
	var parsed []*ast.File
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, af)
		ast.Inspect(af, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || len(vs.Values) != 1 {
				return true
			}
			if c, ok := vs.Values[0].(*ast.CallExpr); ok && isIdent(c.Fun, "phraseBook") {
				books[vs.Names[0].Name] = stringLit(t, fset, c.Args[0])
			}
			return true
		})
	}
	for _, af := range parsed {
		ast.Inspect(af, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if isIdent(c.Fun, "asked") {
				calls = append(calls, bookCall{at: fset.Position(c.Pos()).String(), book: "questions", method: "asked",
					key: stringLit(t, fset, c.Args[0]), holes: holesLit(t, fset, c.Args[2])})
				return true
			}
			sel, ok := c.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok || books[x.Name] == "" {
				return true
			}
			bc := bookCall{at: fset.Position(c.Pos()).String(), book: books[x.Name], method: sel.Sel.Name}
			args := c.Args
			if bc.method == "pick" || bc.method == "choose" {
				args = args[1:]
			}
			bc.key = stringLit(t, fset, args[0])
			if len(args) == 2 {
				bc.holes = holesLit(t, fset, args[1])
			}
			calls = append(calls, bc)
			return true
		})
	}
	return books, calls
}

// isIdent reports whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// stringLit is the value of a string literal; anything else fails the
// test, so that every key can be checked.
func stringLit(t *testing.T, fset *token.FileSet, e ast.Expr) string {
	if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.STRING {
		s, err := strconv.Unquote(bl.Value)
		if err == nil {
			return s
		}
	}
	t.Fatalf("%s: a phrase book's key must be a string literal", fset.Position(e.Pos()))
	return ""
}

// holesLit is the sorted names of a holes literal, or nil for nil;
// anything else fails the test.
func holesLit(t *testing.T, fset *token.FileSet, e ast.Expr) []string {
	if isIdent(e, "nil") {
		return nil
	}
	cl, ok := e.(*ast.CompositeLit)
	if !ok || !isIdent(cl.Type, "holes") {
		t.Fatalf("%s: a phrase book's holes must be nil or a holes{…} literal", fset.Position(e.Pos()))
	}
	names := []string{}
	for _, el := range cl.Elts {
		names = append(names, stringLit(t, fset, el.(*ast.KeyValueExpr).Key))
	}
	slices.Sort(names)
	return names
}

// TestPhraseBooks walks every call of a phrase book in the package's Go
// code: its key is in the book, its holes are the entry's holes, a verb
// or noun it asks for is one; and every entry of every book is read by
// some call, every book by some variable.
func TestPhraseBooks(t *testing.T) {
	books, calls := bookCalls(t)
	used := map[string]map[string]bool{}
	usedSets := map[string]bool{}
	for _, c := range calls {
		if c.method == "asked" {
			s, ok := questionSets[c.key]
			switch {
			case !ok:
				t.Errorf("%s: data/text/questions.tsv has no set %q", c.at, c.key)
			case !slices.Equal(c.holes, s.holes) && (c.holes != nil || len(s.holes) > 0):
				t.Errorf("%s: question set %q gets holes %q, it has %q", c.at, c.key, c.holes, s.holes)
			}
			usedSets[c.key] = true
			continue
		}
		b, ok := booksRead[c.book]
		if !ok {
			t.Errorf("%s: no phrase book %q", c.at, c.book)
			continue
		}
		e, ok := b.entries[c.key]
		if !ok {
			t.Errorf("%s: %s has no key %q", c.at, b.file, c.key)
			continue
		}
		if used[c.book] == nil {
			used[c.book] = map[string]bool{}
		}
		used[c.book][c.key] = true
		switch c.method {
		case "one", "pick", "list", "verbsWith":
			if len(e.holes) == 0 && c.holes == nil {
				break
			}
			if !slices.Equal(c.holes, e.holes) {
				t.Errorf("%s: key %q gets holes %q, its entry (%s) has %q", c.at, c.key, c.holes, e.where, e.holes)
			}
			if c.method == "one" && len(e.alts) != 1 {
				t.Errorf("%s: one of key %q, which has %d alternatives (%s)", c.at, c.key, len(e.alts), e.where)
			}
		case "choose":
			// The holes come with fill, which checks them as the
			// generator runs (TestGolden draws every alternative).
		case "verb", "verbs":
			if e.verbs == nil || (c.method == "verb" && len(e.verbs) != 1) {
				t.Errorf("%s: %s of key %q, which is not (%s)", c.at, c.method, c.key, e.where)
			}
		case "noun":
			if len(e.nouns) != 1 {
				t.Errorf("%s: noun of key %q, which is not one (%s)", c.at, c.key, e.where)
			}
		default:
			t.Errorf("%s: method %s of a phrase book is not one the test knows", c.at, c.method)
		}
	}
	files, err := fs.Glob(textFiles, "data/text/*.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for set, s := range questionSets {
		if !usedSets[set] {
			t.Errorf("%s: question set %q is asked by no call", s.qs[0].where, set)
		}
	}
	names := map[string]bool{"questions": true}
	for _, name := range books {
		names[name] = true
	}
	for _, f := range files {
		name := strings.TrimSuffix(path.Base(f), ".tsv")
		if !names[name] {
			t.Errorf("%s is read by no phrase book", f)
			continue
		}
		if name == "questions" {
			continue
		}
		for key, e := range booksRead[name].entries {
			if !used[name][key] {
				t.Errorf("%s: key %q is read by no call", e.where, key)
			}
		}
	}
}

const questionsHead = "set\twh\tsubject\tplural\tverb\taux\ttail\tterse\tno embed\n"

// TestAsked reads a made-up question file and asks its sets.
func TestAsked(t *testing.T) {
	sets, err := decodeQuestions("q.tsv", questionsHead+
		"spend\tHow much money\t{who}\t\tspend/spent\tdid\tin all\thow much\t\n"+
		"spend\tWhat\tmy total\t\tbe\tdo\t\twhats my total\tyes\n"+
		"made\t{full}\t\t{plural}\tbe {made}\t{aux}\tto each {one}\thow many per {one}\t\n")
	if err != nil {
		t.Fatal(err)
	}
	saved := questionSets
	defer func() { questionSets = saved }()
	questionSets = sets
	who := &actor{name: "Maya"}
	for _, c := range []struct {
		set  string
		h    holes
		want []question
	}{
		{"spend", nil, []question{
			{wh: "How much money", who: who, v: verb{"spend", "spent", "spent"}, aux: "did", tail: "in all", terse: "how much"},
			{wh: "What", subj: "my total", v: verb{"be", "were", "been"}, aux: "do", terse: "whats my total", noEmbed: true},
		}},
		{"made", holes{"full": "How many full bags", "plural": yes(true), "made": "filled", "aux": "can", "one": "friend"}, []question{
			{wh: "How many full bags", pl: true, v: verb{"be filled", "were filled", "been filled"}, aux: "can", tail: "to each friend", terse: "how many per friend"},
		}},
	} {
		if got := asked(c.set, who, c.h); !reflect.DeepEqual(got, c.want) {
			t.Errorf("asked(%q) gives\n%+v\nwant\n%+v", c.set, got, c.want)
		}
	}
	if got := sets["made"].holes; !slices.Equal(got, []string{"aux", "full", "made", "one", "plural"}) {
		t.Errorf("set made has holes %q", got)
	}
}

// TestDecodeQuestionsErrors checks that a bad question line is an error
// naming the file, the line and what was wanted.
func TestDecodeQuestionsErrors(t *testing.T) {
	good := []string{"spend", "How much", "{who}", "", "spend/spent", "did", "", "how much", ""}
	bad := func(col int, cell string) string {
		cs := slices.Clone(good)
		cs[col] = cell
		return questionsHead + strings.Join(cs, "\t") + "\n"
	}
	for _, c := range []struct{ text, want string }{
		{bad(0, ""), `q.tsv:2: column set: "", want a value`},
		{bad(1, ""), `column wh: "", want a value`},
		{bad(1, "How {many"), `a { without }`},
		{bad(3, "no"), `column plural: "no", want "yes" or nothing`},
		{bad(4, "spend/spent/spent/spent"), `column verb: "spend/spent/spent/spent", want a verb`},
		{bad(5, ""), `column aux: "", want a value`},
		{bad(8, "no"), `column no embed: "no", want "yes" or nothing`},
	} {
		_, err := decodeQuestions("q.tsv", c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("decoding %q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

// TestRowTemplate reads a table's column of templates: a hole the column
// does not allow is an error naming the file, the line and the column.
func TestRowTemplate(t *testing.T) {
	dec := func(r *row) template { return r.template("count", "count") }
	got, err := decode("p.tsv", "count\non {count}\n{count}\n", dec)
	if err != nil {
		t.Fatal(err)
	}
	if s := got[0].with(holes{"count": "3 days"}); s != "on 3 days" {
		t.Errorf("on {count} gives %q, want %q", s, "on 3 days")
	}
	for _, c := range []struct{ text, want string }{
		{"count\non {days}\n", `p.tsv:2: column count: "on {days}", want a template whose holes are among {count}`},
		{"count\non {count\n", `a { without }`},
		{"count\n\n", `no entries`},
	} {
		if _, err := decode("p.tsv", c.text, dec); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("decoding %q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

package synth

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"
)

// probe is an entry of a made-up table using every kind of cell.
type probe struct {
	name  string
	kinds []string
	w     noun
	vb    verb
	vs    []verb
	r     [2]int
	k     int
	ok    bool
	p     [2]string
	prep  string
	ps    [][2]string
	cs    map[string]int
	two   [2]noun
}

func probeRow(r *row) probe {
	return probe{r.need("name"), r.list("kinds"), r.noun("noun"), r.verb("verb"), r.verbs("verbs"),
		r.span("range"), r.number("number"), r.yes("yes"), r.pair("pair"), oneOf(r, "prep", preps),
		r.pairs("pairs"), r.counts("counts"), r.nounPair("nouns")}
}

const probeHead = "# a comment\nname\tkinds\tnoun\tverb\tverbs\trange\tnumber\tyes\tpair\tprep\tpairs\tcounts\tnouns\n"

func TestDecode(t *testing.T) {
	got, err := decode("probe.tsv", probeHead+"\napple\tred|green\tbox/boxes\tgive/gave/given\tget on/got on|board\t2-40\t7\tyes\ta/b\ton\tx/y|z/w\tday=7|hour=4\tchild/children|adult\n"+
		"pear\t\tpear\tbuy/bought\t\t\t\t\tx/y\tin\t\t\tgirl|boy\n", probeRow)
	if err != nil {
		t.Fatal(err)
	}
	want := []probe{
		{"apple", []string{"red", "green"}, noun{"box", "boxes"}, verb{"give", "gave", "given"},
			[]verb{{"get on", "got on", "got on"}, {"board", "boarded", "boarded"}}, [2]int{2, 40}, 7, true, [2]string{"a", "b"}, "on",
			[][2]string{{"x", "y"}, {"z", "w"}}, map[string]int{"day": 7, "hour": 4}, [2]noun{{"child", "children"}, {"adult", "adults"}}},
		{"pear", nil, noun{"pear", "pears"}, verb{"buy", "bought", "bought"}, nil, [2]int{}, 0, false, [2]string{"x", "y"}, "in",
			nil, map[string]int{}, [2]noun{{"girl", "girls"}, {"boy", "boys"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decode gives\n%+v\nwant\n%+v", got, want)
	}
}

// TestDecodeErrors checks that a bad entry is an error naming the file,
// the line and what was wanted.
func TestDecodeErrors(t *testing.T) {
	good := "apple\tred\tbox\tgive\tboard\t2-40\t7\tyes\ta/b\ton\tx/y\tday=7\tgirl|boy"
	bad := func(col int, cell string) string {
		cs := strings.Split(good, "\t")
		cs[col] = cell
		return probeHead + strings.Join(cs, "\t") + "\n"
	}
	for _, c := range []struct{ text, want string }{
		{"", "no header line"},
		{probeHead, "no entries"},
		{probeHead + "apple\tred\n", "probe.tsv:3: 2 cells, want 13"},
		{bad(0, ""), "probe.tsv:3: column name: \"\", want a value"},
		{bad(1, "red||green"), "column kinds: \"red||green\", want items separated by single bars"},
		{bad(2, "box/boxes/boxen"), "column noun: \"box/boxes/boxen\", want a noun"},
		{bad(3, "give/gave/given/giving"), "column verb: \"give/gave/given/giving\", want a verb"},
		{bad(4, "board|get on//gotten on"), "column verbs: \"get on//gotten on\", want a verb"},
		{bad(5, "40-2"), "column range: \"40-2\", want a range"},
		{bad(5, "2"), "column range: \"2\", want a range"},
		{bad(6, "seven"), "column number: \"seven\", want a whole number"},
		{bad(7, "no"), "column yes: \"no\", want \"yes\" or nothing"},
		{bad(8, "a/b/c"), "column pair: \"a/b/c\", want two parts"},
		{bad(9, "under"), "column prep: \"under\", want one of \"in\", \"on\""},
		{bad(10, "x/y|z"), "column pairs: \"z\", want two parts"},
		{bad(11, "day=7|day=8"), "column counts: \"day=8\", want \"name=number\", each name once"},
		{bad(11, "day"), "column counts: \"day\", want \"name=number\""},
		{bad(12, "girl"), "column nouns: \"girl\", want two nouns"},
		{strings.Replace(probeHead, "prep", "kinds", 1) + good + "\n", "column names"},
		{strings.Replace(probeHead, "prep", "place", 1) + good + "\n", "column prep: \"\", want a column of that name"},
		{strings.Replace(probeHead, "\n", "\textra\n", 2) + good + "\tx\n", "column \"extra\" is not one the table has"},
	} {
		_, err := decode("probe.tsv", c.text, probeRow)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("decoding %q: error %v, want one containing %q", c.text, err, c.want)
		}
	}
}

// TestDataFiles checks that every data file is read by a table (a file
// nothing reads is an error) and that every file's entries end in a
// newline with no trailing blanks in a cell.
func TestDataFiles(t *testing.T) {
	files, err := fs.Glob(dataFiles, "data/*.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !loaded[f] {
			t.Errorf("%s is read by no table", f)
		}
		b, _ := dataFiles.ReadFile(f)
		for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			for _, cell := range strings.Split(line, "\t") {
				if strings.TrimSpace(cell) != cell {
					t.Errorf("%s:%d: cell %q has blanks around it", f, i+1, cell)
				}
			}
		}
	}
	for name := range lists {
		if !listsRead[name] {
			t.Errorf("data/lists.tsv: list %q is read by no table", name)
		}
	}
	if len(files) != len(loaded) {
		t.Errorf("%d data files, %d read", len(files), len(loaded))
	}
}

// TestDataKeys checks the keys the data files name in other files beyond
// the things' (TestLexiconKeys): the supplies' verbs, the periods of
// activities, projects and rentals, the gatherings crowds fit into and the
// businesses with a trade.
func TestDataKeys(t *testing.T) {
	into, biz := map[string]bool{}, map[string]bool{}
	for _, g := range gatherings {
		into[g.into] = true
	}
	for _, th := range things {
		for _, b := range th.biz {
			biz[b] = true
		}
	}
	type ref struct {
		where string
		keys  []string
		table map[string]bool
		name  string
	}
	var refs []ref
	gainKeys, lossKeys, spoilKeys, periodKeys := keysOf(gains), keysOf(losses), keysOf(spoils), keysOf(periods)
	for _, rc := range recipes {
		refs = append(refs, ref{"recipes.tsv " + rc.product.sg, rc.supply.get, gainKeys, "gains.tsv"},
			ref{"recipes.tsv " + rc.product.sg, rc.supply.lose, lossKeys, "losses.tsv"},
			ref{"recipes.tsv " + rc.product.sg, rc.supply.spoil, spoilKeys, "spoils.tsv"})
	}
	for _, a := range activities {
		refs = append(refs, ref{"activities.tsv " + a.unit.sg, a.pers, periodKeys, "periods.tsv"})
	}
	for _, p := range projects {
		refs = append(refs, ref{"projects.tsv " + p.subj, p.pers, periodKeys, "periods.tsv"})
	}
	for _, r := range rentals {
		refs = append(refs, ref{"rentals.tsv " + r.thing, []string{r.per}, periodKeys, "periods.tsv"})
	}
	for _, c := range crowds {
		refs = append(refs, ref{"crowds.tsv " + c.where, c.fits, into, "gatherings.tsv's into"})
	}
	for b := range trades {
		refs = append(refs, ref{"trades.tsv", []string{b}, biz, "things.tsv's biz"})
	}
	for _, r := range refs {
		for _, k := range r.keys {
			if !r.table[k] {
				t.Errorf("%s: %q is not a key of %s", r.where, k, r.name)
			}
		}
	}
}

// keysOf is the set of a map's keys.
func keysOf[T any](m map[string]T) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

package prepare

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/d4lang/d4/data"
	"github.com/d4lang/d4/reader"
	"github.com/d4lang/d4/tasks/wap/source/benchmark"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/synth"
	"github.com/d4lang/d4/tasks/wap/waptest"
)

// proseIDs are the ids of a question as the reader made them before its
// tokenizer.json held the whole pipeline: prose's tokens, each quantity one
// NumberToken (a mixed number's two tokens too), a token holding a special
// token's text UnkToken, the others lower-cased and split into WordPiece
// pieces (greedy longest match over the vocabulary's pieces).
func proseIDs(v *reader.Vocab, q reader.Question) []int32 {
	pieces := map[string]int32{}
	for id := range v.Size() {
		pieces[v.Word(id)] = int32(id)
	}
	first := map[int]bool{} // the first token of each quantity
	rest := map[int]bool{}  // the other tokens of a quantity
	for _, n := range q.Quantities {
		first[n.Pos] = true
		for k := 1; k < n.Len; k++ {
			rest[n.Pos+k] = true
		}
	}
	ids := []int32{}
	for i, tok := range q.Tokens {
		w := strings.ToLower(tok)
		switch {
		case rest[i]:
			continue
		case first[i]:
			ids = append(ids, reader.NumID)
			continue
		case strings.Contains(w, reader.PadToken) || strings.Contains(w, reader.UnkToken) || strings.Contains(w, reader.NumberToken):
			ids = append(ids, reader.UnkID)
			continue
		}
		chars := []rune(w)
		var word []int32
		for start := 0; start < len(chars); {
			end := len(chars)
			for ; end > start; end-- {
				p := string(chars[start:end])
				if start > 0 {
					p = reader.SubwordPrefix + p
				}
				if id, ok := pieces[p]; ok {
					word = append(word, id)
					break
				}
			}
			if end == start || len(chars) > 100 {
				word = []int32{reader.UnkID}
				break
			}
			start = end
		}
		ids = append(ids, word...)
	}
	return ids
}

// agreement counts the questions whose ids, by the vocabulary's tokenizer,
// are prose's.
type agreement struct{ n, same int }

// check encodes one question; what names it in an error (never its text:
// the benchmark is not to be looked at).
func (a *agreement) check(t *testing.T, v *reader.Vocab, q reader.Question, stored []int32, what string) {
	t.Helper()
	a.n++
	want := proseIDs(v, q)
	enc, err := v.Encode(q)
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	got := make([]int32, len(enc.IDs))
	for i, id := range enc.IDs {
		got[i] = int32(id)
	}
	switch {
	case !reflect.DeepEqual(got, want):
		t.Errorf("%s: the tokenizer gives %d ids, prose's tokens %d, and they differ", what, len(got), len(want))
	case stored != nil && !reflect.DeepEqual(stored, want):
		t.Errorf("%s: the prepared file holds %d ids, prose's tokens give %d, and they differ", what, len(stored), len(want))
	default:
		a.same++
	}
}

// TestTokenizerGivesProseIDs checks that the tokenizer.json that prepare
// writes, run by the reader (sugarme/tokenizer), gives every question of
// the prepared datasets, of CC and of the benchmark the ids that prose's
// tokens gave the models trained before it: 6000 synthetic training
// problems (as 'wap prepare --synthetic --sizes 6000,300,300') always, CC
// with 6000 generated ones when the dataset is there.
func TestTokenizerGivesProseIDs(t *testing.T) {
	type dataset struct {
		name string
		cfg  func(t *testing.T) Config
	}
	sets := []dataset{
		{"synthetic", func(*testing.T) Config {
			return Config{Source: Synthetic([3]int{6000, 300, 300}, 1, synth.CCMix), Seed: 1}
		}},
		{"cc", func(t *testing.T) Config {
			dir := waptest.SharedData(t, "cc")
			return Config{Source: cc.Source{Dir: dir}, Dir: dir, Generated: 6000, Seed: 1}
		}},
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			cfg := set.cfg(t)
			cfg.Out = t.TempDir()
			if _, err := Prepare(cfg); err != nil {
				t.Fatal(err)
			}
			p, err := LoadPrepared(cfg.Out) // the vocabulary as tokenizer.json holds it
			if err != nil {
				t.Fatal(err)
			}
			var rows agreement
			for _, split := range [][]Row{p.Train, p.Dev, p.Test} {
				for _, r := range split {
					q, err := reader.ParseQuestion(r.Text)
					if err != nil {
						t.Fatalf("problem %d: %v", r.ID, err)
					}
					rows.check(t, p.Vocab, q, r.TokenIDs, fmt.Sprintf("problem %d", r.ID))
				}
			}
			t.Logf("%s: %d of %d prepared problems get prose's ids", set.name, rows.same, rows.n)
			if cfg.Dir != "" {
				// Every CC problem the reader reads, the skipped ones too.
				ds, err := cc.Load(cfg.Dir)
				if err != nil {
					t.Fatal(err)
				}
				var all agreement
				for _, pr := range append(append(ds[data.Train], ds[data.Dev]...), ds[data.Test]...) {
					if q, err := reader.ParseQuestion(pr.Text); err == nil {
						all.check(t, p.Vocab, q, nil, fmt.Sprintf("CC problem %d", pr.ID))
					}
				}
				t.Logf("%s: %d of %d readable CC problems get prose's ids", set.name, all.same, all.n)
			}
			var bench agreement
			for _, half := range benchmark.Sets {
				items, err := benchmark.Load(half)
				if err != nil {
					t.Fatal(err)
				}
				for _, it := range items {
					if q, err := reader.ParseQuestion(it.Text); err == nil {
						bench.check(t, p.Vocab, q, nil, "benchmark "+half+" item "+it.ID)
					}
				}
			}
			t.Logf("%s: %d of %d readable benchmark problems get prose's ids", set.name, bench.same, bench.n)
		})
	}
}

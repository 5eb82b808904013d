package export

import (
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/d4"
	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/internal/corpus"
)

// TestEveryWordExported checks that every primitive word has its
// instruction on the exported machine and that the exported program
// redefines each of its spellings to run it.
func TestEveryWordExported(t *testing.T) {
	for p := range forth.NumPrims {
		if primForth[p] == "" {
			t.Errorf("%s has no entry in primForth", p)
		}
		if !strings.Contains(prelude, ": "+machineWord(p)+" "+primForth[p]+" ;\n") {
			t.Errorf("the prelude does not define %s", machineWord(p))
		}
		w := &forth.Prims[p]
		for _, name := range append([]string{w.Name}, w.Aliases...) {
			if !strings.Contains(sketchWords, ": "+name+" "+machineWord(p)+" ;") {
				t.Errorf("the sketch's words do not redefine %s", name)
			}
		}
	}
}

// TestEveryDecoderExported checks that every kind of decoder has its form
// on the exported machine and that a slot of each kind is exported as a
// word (TestExportSlots runs them on gforth).
func TestEveryDecoderExported(t *testing.T) {
	for kind, src := range corpus.DecoderSamples {
		k := forth.DecoderKind(kind)
		if slotForms[k] == nil || src == "" {
			t.Errorf("%s: no entry in slotForms (%v) or no sample program in corpus.DecoderSamples", k, slotForms[k] == nil)
			continue
		}
		m, err := d4.NewModel("sample.fth", src, 9, 8, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := Forth(m, Options{})
		if err != nil {
			t.Errorf("%s: %v", k, err)
		} else if !strings.Contains(prog, "\n: slot-0 ( -- ) ") {
			t.Errorf("%s: the program does not define slot-0:\n%s", k, prog)
		}
	}
}

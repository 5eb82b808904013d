package export

import (
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
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

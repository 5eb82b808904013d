package prepare

import (
	"testing"

	"github.com/d4lang/d4/tasks/wap/model"
	"github.com/d4lang/d4/tasks/wap/source"
	"github.com/d4lang/d4/tasks/wap/source/cc"
	"github.com/d4lang/d4/tasks/wap/source/svamp"
	"github.com/d4lang/d4/tasks/wap/synth"
)

// CC gets DefaultGenerated problems of its five patterns by default; the
// other sources (and a directory of folds, nil) none, of the general mix.
func TestSourceDefaults(t *testing.T) {
	for _, tt := range []struct {
		src       source.Source
		generated int
		mix       synth.Mix
	}{
		{cc.Source{Dir: "data/cc"}, DefaultGenerated, synth.CCMix},
		{svamp.Fold{Dir: "fold0"}, 0, synth.GeneralMix},
		{svamp.JSON{Path: "SVAMP.json"}, 0, synth.GeneralMix},
		{nil, 0, synth.GeneralMix},
	} {
		if g, m := GeneratedFor(tt.src), MixFor(tt.src); g != tt.generated || m != tt.mix {
			t.Errorf("%T: %d generated of the %s mix, want %d of the %s mix", tt.src, g, m, tt.generated, tt.mix)
		}
	}
	for fixed, want := range map[int]synth.Mix{3: synth.CCMix, 0: synth.GeneralMix, 8: synth.GeneralMix} {
		if got := MixForLayout(model.Layout{Fixed: fixed}); got != want {
			t.Errorf("a sketch of %d fixed numbers: the %s mix, want %s", fixed, got, want)
		}
	}
}

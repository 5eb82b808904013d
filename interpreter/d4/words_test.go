package d4

import (
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/interpreter/internal/corpus"
	"github.com/d4lang/d4/interpreter/symbolic"
)

// TestWordsMatchSymbolic runs every primitive word, from random one-hot
// states, on ∂4 and on the symbolic machine: both must reach the same
// state, and ∂4's must be one-hot.
func TestWordsMatchSymbolic(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for p := range forth.NumPrims {
		if primForms[p] == nil {
			t.Errorf("%s has no differentiable form in primForms", p)
			continue
		}
		code, err := forth.ParseAndCompile("t.fth", "VARIABLE A VARIABLE B VARIABLE C "+p.String())
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 50; trial++ {
			sm, sz := randomState(t, code, rng)
			x := oneHotImage(sz, sm)
			if err := sm.Step(); err != nil {
				t.Fatal(err)
			}
			out, _, err := RunForward(code, sz, x, 1)
			if err != nil {
				t.Fatal(err)
			}
			if !sameState(t, p.String(), sz, out, sm) {
				break
			}
		}
	}
}

// TestDecodersMatchSymbolic runs a slot of every kind of decoder, from
// random one-hot states, with a random one-hot decoder output on ∂4 and
// with the decision it stands for (Sizes.Decision) on the symbolic
// machine: both must reach the same state. The output's decision is also
// the argmax decision of hybrid execution, and DecisionIndex takes it back
// to the output.
func TestDecodersMatchSymbolic(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for kind := range forth.NumDecoderKinds {
		src := corpus.DecoderSamples[kind]
		f := decoderForms[kind]
		if src == "" || f.outputs == nil || f.next == nil || f.decision == nil || f.index == nil || f.label == nil {
			t.Errorf("%s: a sample program (corpus.DecoderSamples) and every function of its decoderForms entry are needed", kind)
			continue
		}
		code, err := forth.ParseAndCompile("t.fth", src)
		if err != nil {
			t.Fatal(err)
		}
		sc := &code.Slots[0]
		for trial := 0; trial < 40; trial++ {
			sm, sz := randomState(t, code, rng)
			h, idx := randomOutput(t, sz, sc, rng)
			d, err := sz.Decision(sc, idx)
			if err != nil {
				t.Fatal(err)
			}
			back, err := sz.DecisionIndex(sc, d)
			if err != nil || !slices.Equal(back, idx) {
				t.Fatalf("%s: output %v is decision %+v, whose index is %v (%v)", kind, idx, d, back, err)
			}
			if hd := sz.decide(sc, h, nil); !reflect.DeepEqual(hd, d) {
				t.Fatalf("%s: output %v: hybrid execution decides %+v, want %+v", kind, idx, hd, d)
			}
			sm.Decider = fixed{d}
			x := oneHotImage(sz, sm)
			if err := sm.Step(); err != nil {
				t.Fatal(err)
			}
			if !sameState(t, kind.String(), sz, stepWith(code, sz, x, h), sm) {
				break
			}
		}
	}
}

// randomOutput returns a random one-hot output of slot sc and the
// positions of its 1s, one per group.
func randomOutput(t *testing.T, sz Sizes, sc *forth.SlotCode, rng *rand.Rand) ([]float64, []int) {
	width, group, err := sz.Outputs(sc)
	if err != nil {
		t.Fatal(err)
	}
	h := make([]float64, width)
	var idx []int
	for g := 0; g < width; g += group {
		idx = append(idx, rng.Intn(group))
		h[g+idx[len(idx)-1]] = 1
	}
	return h, idx
}

// fixed decides every slot with one decision.
type fixed struct{ d symbolic.Decision }

func (f fixed) Decide(*forth.SlotCode, *symbolic.Machine) (symbolic.Decision, error) {
	return f.d, nil
}

// stepWith runs one step of ∂4 from x with h as the output of slot 0.
func stepWith(code *forth.Code, sz Sizes, x, h []float64) []float64 {
	t := newTape()
	t.reset(false)
	k := &kernel{t: t, sz: sz, prog: code}
	outs := []vr{t.input(h)}
	return slices.Clone(t.v(k.pack(k.step(sz.split(t.input(x)), outs))))
}

// randomState returns a symbolic machine at the start of code with random
// values in every cell and random stack pointers, and the sizes of ∂4 for
// it.
func randomState(t *testing.T, code *forth.Code, rng *rand.Rand) (*symbolic.Machine, Sizes) {
	const v, l = 5, 6
	sm, err := symbolic.New(code, symbolic.Config{ValueSize: v, StackSize: l, MaxSteps: 10})
	if err != nil {
		t.Fatal(err)
	}
	sz, err := NewSizes(code, v, l, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*symbolic.Stack{&sm.D, &sm.R} {
		for i := range s.Cells {
			s.Cells[i] = rng.Intn(v)
		}
		s.Top = rng.Intn(l)
	}
	for i := range sm.H {
		sm.H[i] = rng.Intn(v)
	}
	return sm, sz
}

// oneHotImage returns the packed one-hot image of the symbolic machine's state.
func oneHotImage(sz Sizes, sm *symbolic.Machine) []float64 {
	x := make([]float64, sz.Len())
	s := sz.Unpack(x)
	for i := 0; i < sz.L; i++ {
		s.D[i*sz.V+sm.D.Cells[i]] = 1
		s.R[i*sz.W+sm.R.Cells[i]] = 1
	}
	for i := 0; i < sz.H; i++ {
		s.Heap[i*sz.V+sm.H[i]] = 1
	}
	s.DPtr()[sm.D.Top] = 1
	s.RPtr()[sm.R.Top] = 1
	s.C[sm.PC] = 1
	return x
}

// sameState reports whether the packed ∂4 state out is the one-hot image
// of the symbolic machine's state, and says where it is not.
func sameState(t *testing.T, what string, sz Sizes, out []float64, sm *symbolic.Machine) bool {
	t.Helper()
	s := sz.Unpack(out)
	D, dTop, R, rTop, H, pc := s.Discrete()
	switch {
	case s.Crispness() > 1e-12:
		t.Errorf("%s: ∂4's state is %g away from one-hot", what, s.Crispness())
	case !slices.Equal(D, sm.D.Cells) || dTop != sm.D.Top:
		t.Errorf("%s: data stack: ∂4 %v top %d, symbolic %v top %d", what, D, dTop, sm.D.Cells, sm.D.Top)
	case !slices.Equal(R, sm.R.Cells) || rTop != sm.R.Top:
		t.Errorf("%s: return stack: ∂4 %v top %d, symbolic %v top %d", what, R, rTop, sm.R.Cells, sm.R.Top)
	case !slices.Equal(H, sm.H):
		t.Errorf("%s: heap: ∂4 %v, symbolic %v", what, H, sm.H)
	case pc != sm.PC:
		t.Errorf("%s: program counter: ∂4 %d, symbolic %d", what, pc, sm.PC)
	default:
		return true
	}
	return false
}

// TestUnknownDecoder checks that a slot whose decoder kind is not in
// forth.Decoders is an error, not a network of some other kind.
func TestUnknownDecoder(t *testing.T) {
	code, err := forth.ParseAndCompile("t.fth", "{ static -> choose NOP DUP }")
	if err != nil {
		t.Fatal(err)
	}
	code.Slots[0].Dec.Kind = forth.NumDecoderKinds
	sz, err := NewSizes(code, 5, 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewMachine(code, sz, 1); err == nil || !strings.Contains(err.Error(), "unknown decoder kind") {
		t.Errorf("NewMachine: error %v, want an unknown decoder kind", err)
	}
}

package d4

import (
	"fmt"
	"math"
	"math/rand"

	"github.com/d4lang/d4/internal/mathx"
	"github.com/d4lang/d4/interpreter/forth"
	"gorgonia.org/tensor"
)

// Machine is a sketch compiled for ∂4: the code, the sizes of the state,
// and a network for each slot. The networks' parameters are the only
// trained quantities.
type Machine struct {
	Code  *forth.Code
	Sizes Sizes
	Slots []*SlotNet
}

// Param is one trained tensor, named for model files.
type Param struct {
	Name string
	T    *tensor.Dense
}

// SlotNet is a slot's network (§3.2): the encoder reads the observed
// elements (or, for static, the constant input 1), applies the chain of
// linear layers and activations, and the decoder projects to its output
// size with one more linear layer followed by a softmax: over the m
// alternatives of choose, over the m! permutations of permute, and over the
// V values of each of the m elements of manipulate.
type SlotNet struct {
	Slot   *forth.SlotCode
	InDim  int // width of the encoder input
	OutDim int // width of the decoder output
	Group  int // softmax group size
	Stages []Stage
}

// Stage is a linear layer (W: in×out, B: out) or an activation.
type Stage struct {
	Kind forth.LayerKind
	W, B *tensor.Dense
}

// NewMachine builds the slot networks of code for the given sizes, with
// weights drawn from a seeded Glorot-uniform distribution and zero biases.
func NewMachine(code *forth.Code, sz Sizes, seed int64) (*Machine, error) {
	rng := rand.New(rand.NewSource(seed))
	m := &Machine{Code: code, Sizes: sz}
	for i := range code.Slots {
		sc := &code.Slots[i]
		for _, e := range append(append([]forth.Elem(nil), sc.Enc.Observe...), sc.Dec.Elems...) {
			if e.Space != 'H' && -e.Index >= sz.L-1 {
				return nil, &forth.Error{Pos: e.Pos, Msg: fmt.Sprintf("element %s lies deeper than a stack of size %d can hold", e, sz.L)}
			}
			if e.Space == 'H' && e.Index >= sz.H {
				return nil, &forth.Error{Pos: e.Pos, Msg: fmt.Sprintf("heap element %s outside a heap of %d cells", e, sz.H)}
			}
		}
		s := &SlotNet{Slot: sc}
		if sc.Enc.Static {
			s.InDim = 1
		}
		for _, e := range sc.Enc.Observe {
			s.InDim += sz.Width(e)
		}
		if _, err := sc.Dec.Kind.Def(); err != nil {
			return nil, &forth.Error{Pos: sc.Dec.Pos, Msg: err.Error()}
		}
		s.OutDim, s.Group = decoderForms[sc.Dec.Kind].outputs(sz, sc)
		in := s.InDim
		for _, l := range encoderLayers(sc.Enc.Layers) {
			if l.Kind == forth.Linear {
				s.Stages = append(s.Stages, linearStage(rng, in, l.Size))
				in = l.Size
			} else {
				s.Stages = append(s.Stages, Stage{Kind: l.Kind})
			}
		}
		s.Stages = append(s.Stages, linearStage(rng, in, s.OutDim))
		m.Slots = append(m.Slots, s)
	}
	return m, nil
}

// encoderLayers orders an encoder chain for evaluation. The paper writes
// "observe D0 D-1 D-2 -> tanh -> linear 70": taken literally, a tanh of the
// one-hot input followed by linear maps is a linear model, which cannot
// learn what the addition sketches must. We read an activation written
// before the first linear layer as that layer's activation (a 70-unit tanh
// layer); every other activation applies to the output of the stage before
// it. A chain without linear layers applies its activations to the input.
func encoderLayers(layers []forth.Layer) []forth.Layer {
	first := -1
	for i, l := range layers {
		if l.Kind == forth.Linear {
			first = i
			break
		}
	}
	if first <= 0 {
		return layers
	}
	out := append([]forth.Layer{layers[first]}, layers[:first]...)
	return append(out, layers[first+1:]...)
}

// Width is the number of values an element holds, and of floats its
// distribution takes: the value size V, or W (values and return
// addresses) on the return stack.
func (sz Sizes) Width(e forth.Elem) int {
	if e.Space == 'R' {
		return sz.W
	}
	return sz.V
}

func linearStage(rng *rand.Rand, in, out int) Stage {
	limit := math.Sqrt(6 / float64(in+out))
	w := make([]float64, in*out)
	for i := range w {
		w[i] = (2*rng.Float64() - 1) * limit
	}
	return Stage{
		Kind: forth.Linear,
		W:    tensor.New(tensor.WithShape(in, out), tensor.WithBacking(w)),
		B:    tensor.New(tensor.WithShape(out), tensor.WithBacking(make([]float64, out))),
	}
}

// Params lists the trained tensors in a fixed order.
func (m *Machine) Params() []Param {
	var ps []Param
	for i, s := range m.Slots {
		for j, st := range s.Stages {
			if st.Kind != forth.Linear {
				continue
			}
			ps = append(ps,
				Param{fmt.Sprintf("slot%d.stage%d.W", i, j), st.W},
				Param{fmt.Sprintf("slot%d.stage%d.b", i, j), st.B})
		}
	}
	return ps
}

// Forward evaluates the network on an encoder input and returns the
// decoder's distribution(s).
func (s *SlotNet) Forward(x []float64) []float64 {
	return s.forwardStages(x, s.Stages)
}

// ForwardOneHot evaluates the network on a one-hot encoder input given by
// the index of the 1 in the input (a discrete state's observed elements).
// The first linear layer is then a sum of rows of its weights.
func (s *SlotNet) ForwardOneHot(ones []int) []float64 {
	return softmaxGroups(s.LogitsOneHot(ones), s.Group)
}

// LogitsOneHot is ForwardOneHot without the final softmax: the decoder's
// logits, whose argmax in each group is the decision.
func (s *SlotNet) LogitsOneHot(ones []int) []float64 {
	first := s.Stages[0]
	if first.Kind != forth.Linear {
		x := make([]float64, s.InDim)
		for _, i := range ones {
			x[i] = 1
		}
		return s.logits(x, s.Stages)
	}
	w := first.W.Float64s()
	h := append([]float64(nil), first.B.Float64s()...)
	n := len(h)
	for _, i := range ones {
		for j, wij := range w[i*n : (i+1)*n] {
			h[j] += wij
		}
	}
	return s.logits(h, s.Stages[1:])
}

// forwardStages runs x through stages and the decoder's softmax groups.
func (s *SlotNet) forwardStages(x []float64, stages []Stage) []float64 {
	return softmaxGroups(s.logits(x, stages), s.Group)
}

// logits applies stages to x.
func (s *SlotNet) logits(x []float64, stages []Stage) []float64 {
	h := x
	for _, st := range stages {
		switch st.Kind {
		case forth.Linear:
			out := append([]float64(nil), st.B.Float64s()...)
			addVecMat(out, h, st.W.Float64s())
			h = out
		case forth.Tanh:
			h = mapSlice(h, math.Tanh)
		case forth.Sigmoid:
			h = mapSlice(h, func(x float64) float64 { return 1 / (1 + math.Exp(-x)) })
		}
	}
	return h
}

// softmaxGroups returns the softmax of each group of k consecutive entries
// (the kernel's softmax without a tape).
func softmaxGroups(x []float64, k int) []float64 {
	z := make([]float64, len(x))
	mathx.Softmax(z, x, k)
	return z
}

func mapSlice(x []float64, f func(float64) float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = f(v)
	}
	return out
}

// Input returns the encoder input of the slot for a packed state: the
// observed elements read through the (possibly soft) pointers, or 1 for a
// static encoder.
func (m *Machine) Input(s *SlotNet, x []float64) []float64 {
	if s.Slot.Enc.Static {
		return []float64{1}
	}
	t := newTape()
	t.reset(false)
	k := &kernel{t: t, sz: m.Sizes, prog: m.Code}
	z := t.alloc(s.InDim)
	k.observe(m.Sizes.split(t.input(x)), s.Slot.Enc.Observe, z)
	return append([]float64(nil), t.v(z)...)
}

// Resized returns the machine with another stack size, sharing the slot
// networks: a model trained on short inputs runs on long ones (the slots'
// inputs depend on the value size, never on the stack size).
func (m *Machine) Resized(l int) (*Machine, error) {
	sz, err := NewSizes(m.Code, m.Sizes.V, l, m.Sizes.H)
	if err != nil {
		return nil, err
	}
	return &Machine{Code: m.Code, Sizes: sz, Slots: m.Slots}, nil
}

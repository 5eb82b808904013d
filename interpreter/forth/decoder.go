package forth

import (
	"fmt"
	"strings"
)

// DecoderKind is a kind of slot decoder. Decoders describes each; the
// symbolic machine and ∂4 each hold one table of what a kind does, keyed by
// the kind.
type DecoderKind int

const (
	Choose     DecoderKind = iota // choose w1 … wm: run one of the alternatives
	Manipulate                    // manipulate e1 … em: write a value into each element
	Permute                       // permute e1 … em: permute the elements' values
	Pick                          // pick w1 … wm: run one of the alternatives no earlier pick took
	NumDecoderKinds
)

// DecoderArgs says what a decoder's arguments are, and so what a slot with
// it may change.
type DecoderArgs uint8

const (
	// Alternatives are words and literals (Decoder.Choices), one of which
	// runs: the slot changes what that word changes.
	Alternatives DecoderArgs = iota
	// Elements are state elements (Decoder.Elems, each named once): the
	// slot writes them and nothing else.
	Elements
)

// DecoderDef describes a kind of decoder: its keyword, its arguments and
// how many it takes.
type DecoderDef struct {
	Name     string // the keyword, lower case
	Args     DecoderArgs
	Min, Max int // bounds on the number of arguments; Max 0: none
	// Need says what the decoder needs, after "NAME needs ", in the
	// error for a decoder with n arguments outside the bounds.
	Need func(n int) string
	// Distinct marks a decoder whose slots form one group in a program:
	// they list the same alternatives, and each decision of a run takes
	// an alternative that no earlier decision of the group took in that
	// run (Code.Distinct). Its decisions are alternatives, as choose's.
	Distinct bool
}

// Decoders describes every kind of decoder, indexed by the kind. It is read
// only.
var Decoders = [NumDecoderKinds]DecoderDef{
	Choose: {Name: "choose", Args: Alternatives, Min: 2,
		Need: func(n int) string { return fmt.Sprintf("at least two alternatives, found %d", n) }},
	Manipulate: {Name: "manipulate", Args: Elements, Min: 1,
		Need: func(int) string { return "at least one element to write (D0, D-1, …)" }},
	Permute: {Name: "permute", Args: Elements, Min: 2, Max: MaxPermute,
		Need: func(n int) string { return fmt.Sprintf("between 2 and %d elements, found %d", MaxPermute, n) }},
	Pick: {Name: "pick", Args: Alternatives, Min: 2, Distinct: true,
		Need: func(n int) string { return fmt.Sprintf("at least two alternatives, found %d", n) }},
}

// MaxPermute bounds the elements of a permute decoder: it mixes m! states.
const MaxPermute = 6

// Def returns the description of k, or an error when k is not a kind of
// decoder.
func (k DecoderKind) Def() (*DecoderDef, error) {
	if k < 0 || k >= NumDecoderKinds {
		return nil, fmt.Errorf("unknown decoder kind %d", int(k))
	}
	return &Decoders[k], nil
}

// String returns the decoder's keyword, DecoderDef.Name.
func (k DecoderKind) String() string {
	if d, err := k.Def(); err == nil {
		return d.Name
	}
	return fmt.Sprintf("DecoderKind(%d)", int(k))
}

// decoderByName maps each decoder keyword to its kind.
var decoderByName = func() map[string]DecoderKind {
	m := map[string]DecoderKind{}
	for k := range NumDecoderKinds {
		m[Decoders[k].Name] = k
	}
	return m
}()

// afterArrow lists what may follow an arrow in a slot, for errors:
// "linear N, sigmoid, tanh, choose, manipulate, permute or pick".
func afterArrow() string {
	words := []string{"linear N", "sigmoid", "tanh"}
	for _, d := range Decoders {
		words = append(words, d.Name)
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// checkArity reports a decoder whose number of arguments is outside its
// bounds.
func (s *Slot) checkArity(d *DecoderDef) error {
	n := len(s.Dec.Choices)
	if d.Args == Elements {
		n = len(s.Dec.Elems)
	}
	if n < d.Min || d.Max > 0 && n > d.Max {
		return errorf(s.Dec.Pos, "%s needs %s", d.Name, d.Need(n))
	}
	if d.Args == Elements {
		return noDuplicates(d.Name, s.Dec.Elems)
	}
	return nil
}

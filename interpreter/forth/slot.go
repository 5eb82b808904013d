package forth

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxLinear bounds the size of a linear encoder layer.
const MaxLinear = 1 << 16

// layerKeywords are the encoder layers that may follow an arrow in a slot.
var layerKeywords = map[string]bool{"linear": true, "sigmoid": true, "tanh": true}

// parseSlot reads "{ encoder -> … -> decoder }" after the opening brace.
//
//	encoder := "static" | "observe" elem+
//	layer   := "linear" N | "sigmoid" | "tanh"
//	decoder := keyword (word+ | elem+)   (a kind of Decoders: "choose" word+, …)
//	slot    := "{" encoder ("->" layer)* "->" decoder "}"
func (p *parser) parseSlot(open token) (*Slot, error) {
	s := &Slot{Pos: open.pos, Index: len(p.prog.Slots)}
	if err := p.parseEncoder(s, open); err != nil {
		return nil, err
	}
	for {
		arrow := p.next()
		if arrow.text != "->" {
			if arrow.kind == tokEOF {
				return nil, errorf(open.pos, "unclosed slot: expected -> and a decoder before the end of the file")
			}
			return nil, errorf(arrow.pos, "expected -> in slot, found %s", arrow.text)
		}
		t := p.next()
		kw := strings.ToLower(t.text)
		if kind, ok := decoderByName[kw]; ok {
			s.Dec.Pos, s.Dec.Kind = t.pos, kind
			if err := p.parseDecoder(s, open); err != nil {
				return nil, err
			}
			p.prog.Slots = append(p.prog.Slots, s)
			return s, nil
		}
		l, err := p.parseLayer(t, kw)
		if err != nil {
			return nil, err
		}
		s.Enc.Layers = append(s.Enc.Layers, l)
	}
}

// parseEncoder reads "static" or "observe e1 … em" after the opening brace.
func (p *parser) parseEncoder(s *Slot, open token) error {
	head := p.next()
	switch strings.ToLower(head.text) {
	case "static":
		s.Enc.Static = true
		return nil
	case "observe":
	default:
		if head.kind == tokEOF {
			return errorf(open.pos, "unclosed slot: expected an encoder (static or observe …) and } before the end of the file")
		}
		return errorf(head.pos, "expected an encoder (static or observe …) after {, found %s", head.text)
	}
	for {
		t := p.peek()
		if t.kind == tokEOF || t.text == "->" || t.text == "}" {
			break
		}
		kw := strings.ToLower(t.text)
		if _, ok := decoderByName[kw]; ok || layerKeywords[kw] {
			return errorf(t.pos, "expected -> in slot after the observed elements, found %s", t.text)
		}
		e, err := parseElem(p.next())
		if err != nil {
			return err
		}
		s.Enc.Observe = append(s.Enc.Observe, e)
	}
	if len(s.Enc.Observe) == 0 {
		return errorf(head.pos, "observe needs at least one element (D0, D-1, …, R0, …, H0, …)")
	}
	return noDuplicates("observe", s.Enc.Observe)
}

// parseLayer reads an encoder layer whose keyword t (kw in lower case)
// followed an arrow.
func (p *parser) parseLayer(t token, kw string) (Layer, error) {
	switch kw {
	case "linear":
		n := p.next()
		if n.kind != tokNumber || n.val <= 0 || n.val > MaxLinear {
			return Layer{}, errorf(n.pos, "linear needs a layer size between 1 and %d, found %s", MaxLinear, describe(n))
		}
		return Layer{Pos: t.pos, Kind: Linear, Size: n.val}, nil
	case "sigmoid":
		return Layer{Pos: t.pos, Kind: Sigmoid}, nil
	case "tanh":
		return Layer{Pos: t.pos, Kind: Tanh}, nil
	}
	return Layer{}, errorf(t.pos, "expected %s after ->, found %s", afterArrow(), describe(t))
}

// parseDecoder reads the arguments of the decoder s.Dec.Kind and the
// closing brace.
func (p *parser) parseDecoder(s *Slot, open token) error {
	d, err := s.Dec.Kind.Def()
	if err != nil {
		return errorf(s.Dec.Pos, "%v", err)
	}
	for {
		t := p.peek()
		if t.kind == tokEOF {
			return errorf(open.pos, "unclosed slot: expected } before the end of the file")
		}
		if t.text == "}" {
			p.next()
			break
		}
		if t.text == "->" || t.text == "{" {
			return errorf(t.pos, "expected } to close the slot after the %s decoder, found %s", d.Name, t.text)
		}
		p.next()
		if err := p.decoderArg(s, d, t); err != nil {
			return err
		}
	}
	return s.checkArity(d)
}

// decoderArg adds t to the decoder's arguments: an alternative or an
// element.
func (p *parser) decoderArg(s *Slot, d *DecoderDef, t token) error {
	if d.Args == Elements {
		e, err := parseElem(t)
		if err != nil {
			return err
		}
		s.Dec.Elems = append(s.Dec.Elems, e)
		return nil
	}
	if t.kind == tokNumber {
		s.Dec.Choices = append(s.Dec.Choices, &Literal{Pos: t.pos, Value: t.val})
		return nil
	}
	name := upper(t)
	if structureWords[name] || reserved[name] {
		return errorf(t.pos, "%s alternative must be a word, found the control word %s", d.Name, t.text)
	}
	w := &Word{Pos: t.pos, Text: t.text, Name: name}
	if prim, ok := primByName[name]; ok {
		w.Kind, w.Prim = WordPrim, prim
	} else {
		p.words = append(p.words, w)
	}
	s.Dec.Choices = append(s.Dec.Choices, w)
	return nil
}

func noDuplicates(what string, elems []Elem) error {
	for i := range elems {
		for j := 0; j < i; j++ {
			if elems[i].Space == elems[j].Space && elems[i].Index == elems[j].Index {
				return errorf(elems[i].Pos, "%s names %s twice", what, elems[i])
			}
		}
	}
	return nil
}

// checkSlots validates what can only be checked once every name is known:
// choose alternatives must be primitives, literals, variables or colon
// definitions, heap elements must lie inside the allocated heap, and the
// slots of a distinct decoder (pick) must list the same alternatives.
func (p *parser) checkSlots() error {
	var first *Slot // the first slot of a distinct decoder: its group's alternatives
	for _, s := range p.prog.Slots {
		if Decoders[s.Dec.Kind].Distinct {
			if first == nil {
				first = s
			} else if err := sameAlternatives(first, s); err != nil {
				return err
			}
		}
		for _, c := range s.Dec.Choices {
			if w, ok := c.(*Word); ok && w.Kind == WordMacro {
				return errorf(w.Pos, "choose alternative %s is a macro: only primitive words, literals, variables and words defined with : can be chosen", w.Text)
			}
		}
		elems := append(append([]Elem(nil), s.Enc.Observe...), s.Dec.Elems...)
		for _, e := range elems {
			if e.Space == 'H' && e.Index >= p.prog.HeapCells {
				return errorf(e.Pos, "heap element %s does not exist: the program allocates %d heap cells (VARIABLE, CREATE … ALLOT)", e, p.prog.HeapCells)
			}
		}
	}
	return nil
}

// sameAlternatives reports a slot s of a distinct decoder whose
// alternatives are not those of the first such slot: the slots of a group
// take from one list of alternatives, by position.
func sameAlternatives(first, s *Slot) error {
	name := Decoders[s.Dec.Kind].Name
	if len(s.Dec.Choices) != len(first.Dec.Choices) {
		return errorf(s.Dec.Pos, "%s slots form one group and must list the same alternatives: this one lists %d, the first (%s) %d", name, len(s.Dec.Choices), first.Pos, len(first.Dec.Choices))
	}
	for i, c := range s.Dec.Choices {
		if alternativeKey(c) != alternativeKey(first.Dec.Choices[i]) {
			return errorf(c.Position(), "%s slots form one group and must list the same alternatives: alternative %d is %s here, %s in the first (%s)", name, i+1, alternativeKey(c), alternativeKey(first.Dec.Choices[i]), first.Pos)
		}
	}
	return nil
}

// alternativeKey names an alternative for comparison: a literal's value or
// a word's name (in upper case).
func alternativeKey(n Node) string {
	switch c := n.(type) {
	case *Literal:
		return strconv.Itoa(c.Value)
	case *Word:
		return c.Name
	}
	return fmt.Sprintf("%v", n)
}

package forth

import (
	"strings"
)

// MaxPermute bounds the elements of a permute decoder: it mixes m! states.
const MaxPermute = 6

// MaxLinear bounds the size of a linear encoder layer.
const MaxLinear = 1 << 16

// slotKeywords are the words that follow an arrow in a slot.
var slotKeywords = map[string]bool{
	"linear": true, "sigmoid": true, "tanh": true, "choose": true, "manipulate": true, "permute": true,
}

// parseSlot reads "{ encoder -> … -> decoder }" after the opening brace.
//
//	encoder := "static" | "observe" elem+
//	layer   := "linear" N | "sigmoid" | "tanh"
//	decoder := "choose" word+ | "manipulate" elem+ | "permute" elem+
//	slot    := "{" encoder ("->" layer)* "->" decoder "}"
func (p *parser) parseSlot(open token) (*Slot, error) {
	s := &Slot{Pos: open.pos, Index: len(p.prog.Slots)}
	head := p.next()
	switch strings.ToLower(head.text) {
	case "static":
		s.Enc.Static = true
	case "observe":
		for {
			t := p.peek()
			if t.kind == tokEOF || t.text == "->" || t.text == "}" {
				break
			}
			if slotKeywords[strings.ToLower(t.text)] {
				return nil, errorf(t.pos, "expected -> in slot after the observed elements, found %s", t.text)
			}
			e, err := parseElem(p.next())
			if err != nil {
				return nil, err
			}
			s.Enc.Observe = append(s.Enc.Observe, e)
		}
		if len(s.Enc.Observe) == 0 {
			return nil, errorf(head.pos, "observe needs at least one element (D0, D-1, …, R0, …, H0, …)")
		}
		if err := noDuplicates("observe", s.Enc.Observe); err != nil {
			return nil, err
		}
	default:
		if head.kind == tokEOF {
			return nil, errorf(open.pos, "unclosed slot: expected an encoder (static or observe …) and } before the end of the file")
		}
		return nil, errorf(head.pos, "expected an encoder (static or observe …) after {, found %s", head.text)
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
		switch kw := strings.ToLower(t.text); kw {
		case "linear":
			n := p.next()
			if n.kind != tokNumber || n.val <= 0 || n.val > MaxLinear {
				return nil, errorf(n.pos, "linear needs a layer size between 1 and %d, found %s", MaxLinear, describe(n))
			}
			s.Enc.Layers = append(s.Enc.Layers, Layer{Pos: t.pos, Kind: Linear, Size: n.val})
		case "sigmoid":
			s.Enc.Layers = append(s.Enc.Layers, Layer{Pos: t.pos, Kind: Sigmoid})
		case "tanh":
			s.Enc.Layers = append(s.Enc.Layers, Layer{Pos: t.pos, Kind: Tanh})
		case "choose", "manipulate", "permute":
			s.Dec.Pos = t.pos
			if err := p.parseDecoder(s, kw, open); err != nil {
				return nil, err
			}
			p.prog.Slots = append(p.prog.Slots, s)
			return s, nil
		default:
			return nil, errorf(t.pos, "expected linear N, sigmoid, tanh, choose, manipulate or permute after ->, found %s", describe(t))
		}
	}
}

// parseDecoder reads the decoder's arguments and the closing brace.
func (p *parser) parseDecoder(s *Slot, kw string, open token) error {
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
			return errorf(t.pos, "expected } to close the slot after the %s decoder, found %s", kw, t.text)
		}
		p.next()
		switch kw {
		case "choose":
			if t.kind == tokNumber {
				s.Dec.Choices = append(s.Dec.Choices, &Literal{Pos: t.pos, Value: t.val})
				continue
			}
			name := upper(t)
			if structureWords[name] || reserved[name] {
				return errorf(t.pos, "choose alternative must be a word, found the control word %s", t.text)
			}
			w := &Word{Pos: t.pos, Text: t.text, Name: name}
			if prim, ok := primByName[name]; ok {
				w.Kind, w.Prim = WordPrim, prim
			} else {
				p.words = append(p.words, w)
			}
			s.Dec.Choices = append(s.Dec.Choices, w)
		default:
			e, err := parseElem(t)
			if err != nil {
				return err
			}
			s.Dec.Elems = append(s.Dec.Elems, e)
		}
	}
	switch kw {
	case "choose":
		s.Dec.Kind = Choose
		if len(s.Dec.Choices) < 2 {
			return errorf(s.Dec.Pos, "choose needs at least two alternatives, found %d", len(s.Dec.Choices))
		}
	case "manipulate":
		s.Dec.Kind = Manipulate
		if len(s.Dec.Elems) == 0 {
			return errorf(s.Dec.Pos, "manipulate needs at least one element to write (D0, D-1, …)")
		}
		return noDuplicates("manipulate", s.Dec.Elems)
	case "permute":
		s.Dec.Kind = Permute
		if len(s.Dec.Elems) < 2 || len(s.Dec.Elems) > MaxPermute {
			return errorf(s.Dec.Pos, "permute needs between 2 and %d elements, found %d", MaxPermute, len(s.Dec.Elems))
		}
		return noDuplicates("permute", s.Dec.Elems)
	}
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
// definitions, and heap elements must lie inside the allocated heap.
func (p *parser) checkSlots() error {
	for _, s := range p.prog.Slots {
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

package forth

import (
	"strings"
)

// Parse reads a Forth sketch and checks it: every word is known, every
// control structure is closed, every slot is well formed. file names the
// source in error messages. The first error found is returned as an *Error.
func Parse(file, src string) (*Program, error) {
	toks, err := tokenize(file, src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks, prog: &Program{File: file}, names: map[string]any{}}
	if err := p.parseProgram(); err != nil {
		return nil, err
	}
	if err := p.resolve(); err != nil {
		return nil, err
	}
	return p.prog, nil
}

// structureWords end or continue an enclosing construct; they are never
// ordinary words.
var structureWords = map[string]bool{
	";": true, "THEN": true, "ELSE": true, "WHILE": true, "REPEAT": true, "UNTIL": true,
	"LOOP": true, "}": true, "->": true, "ALLOT": true,
}

// reserved words cannot be used as names of definitions or variables.
var reserved = map[string]bool{
	":": true, "MACRO:": true, "VARIABLE": true, "CREATE": true, "IF": true, "BEGIN": true,
	"DO": true, "EXIT": true, "{": true,
}

// closes gives, for each structure word, the word that opens the construct
// it belongs to (":" stands for both : and MACRO:).
var closes = map[string]string{
	";": ":", "THEN": "IF", "ELSE": "IF", "WHILE": "BEGIN", "REPEAT": "BEGIN", "UNTIL": "BEGIN",
	"LOOP": "DO", "}": "{", "->": "{", "ALLOT": "CREATE",
}

// unmatched gives the message for a structure word met where nothing opened it.
var unmatched = map[string]string{
	";":      "; without a matching : or MACRO:",
	"THEN":   "THEN without a matching IF",
	"ELSE":   "ELSE without a matching IF",
	"WHILE":  "WHILE without a matching BEGIN",
	"REPEAT": "REPEAT without a matching BEGIN … WHILE",
	"UNTIL":  "UNTIL without a matching BEGIN",
	"LOOP":   "LOOP without a matching DO",
	"}":      "} without a matching {",
	"->":     "-> outside a slot: slots are written { encoder -> decoder }",
	"ALLOT":  "ALLOT must follow CREATE NAME SIZE",
}

type parser struct {
	toks  []token
	i     int
	prog  *Program
	names map[string]any // upper-cased name → *Def or *Var
	def   *Def           // the definition being parsed, if any
	dname string         // its name as written
	open  []string       // the constructs being parsed, outermost first (":", "IF", "BEGIN", "DO")
	words []*Word        // every word use, resolved after parsing
}

// isOpen reports whether a construct opened by the word kind is being parsed.
func (p *parser) isOpen(kind string) bool {
	for _, k := range p.open {
		if k == kind {
			return true
		}
	}
	return false
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

func upper(t token) string { return strings.ToUpper(t.text) }

func describe(t token) string {
	if t.kind == tokEOF {
		return "the end of the file"
	}
	return t.text
}

func (p *parser) parseProgram() error {
	for {
		t := p.peek()
		if t.kind == tokEOF {
			return nil
		}
		switch upper(t) {
		case ":", "MACRO:":
			if err := p.parseDef(); err != nil {
				return err
			}
		case "VARIABLE", "CREATE":
			if err := p.parseVar(); err != nil {
				return err
			}
		default:
			nodes, end, err := p.parseSeq(nil, token{}, "")
			if err != nil {
				return err
			}
			p.prog.Main = append(p.prog.Main, nodes...)
			if end.kind != tokEOF && !isTopLevelStart(end) {
				return errorf(end.pos, "%s", unmatched[upper(end)])
			}
		}
	}
}

func isTopLevelStart(t token) bool {
	switch upper(t) {
	case ":", "MACRO:", "VARIABLE", "CREATE":
		return t.kind == tokWord
	}
	return false
}

// parseName reads the name that follows a defining word.
func (p *parser) parseName(what token) (token, string, error) {
	t := p.next()
	name := upper(t)
	switch {
	case t.kind == tokEOF:
		return t, "", errorf(what.pos, "%s needs a name, found the end of the file", what.text)
	case t.kind == tokNumber:
		return t, "", errorf(t.pos, "%s needs a name, found the number %s", what.text, t.text)
	case reserved[name] || structureWords[name]:
		return t, "", errorf(t.pos, "%s needs a name, found the reserved word %s", what.text, t.text)
	}
	if _, ok := primByName[name]; ok {
		return t, "", errorf(t.pos, "cannot redefine the built-in word %s", t.text)
	}
	if prev, ok := p.names[name]; ok {
		return t, "", errorf(t.pos, "%s is already defined at %s", t.text, posOf(prev))
	}
	return t, name, nil
}

func posOf(x any) Pos {
	switch d := x.(type) {
	case *Def:
		return d.Pos
	case *Var:
		return d.Pos
	}
	return Pos{}
}

func (p *parser) parseDef() error {
	colon := p.next()
	nameTok, name, err := p.parseName(colon)
	if err != nil {
		return err
	}
	def := &Def{Name: name, Pos: nameTok.pos, Macro: upper(colon) == "MACRO:"}
	p.names[name] = def
	p.def, p.dname = def, nameTok.text
	defer func() { p.def, p.dname = nil, "" }()
	body, end, err := p.parseSeq([]string{";"}, colon, "; to end the definition of "+nameTok.text)
	if err != nil {
		return err
	}
	def.Body, def.EndPos = body, end.pos
	p.prog.Defs = append(p.prog.Defs, def)
	return nil
}

func (p *parser) parseVar() error {
	kw := p.next()
	nameTok, name, err := p.parseName(kw)
	if err != nil {
		return err
	}
	v := &Var{Name: name, Pos: nameTok.pos, Addr: p.prog.HeapCells, Cells: 1}
	if upper(kw) == "CREATE" {
		size := p.next()
		if size.kind != tokNumber {
			return errorf(size.pos, "CREATE %s needs a cell count and ALLOT (CREATE %s N ALLOT), found %s", nameTok.text, nameTok.text, describe(size))
		}
		if size.val <= 0 || size.val > MaxHeapCells {
			return errorf(size.pos, "ALLOT size must be between 1 and %d cells, found %s", MaxHeapCells, size.text)
		}
		allot := p.next()
		if upper(allot) != "ALLOT" || allot.kind != tokWord {
			return errorf(allot.pos, "expected ALLOT after CREATE %s %s, found %s", nameTok.text, size.text, describe(allot))
		}
		v.Cells = size.val
	}
	if p.prog.HeapCells+v.Cells > MaxHeapCells {
		return errorf(nameTok.pos, "%s would bring the variables to %d heap cells: a program's variables can take at most %d", nameTok.text, p.prog.HeapCells+v.Cells, MaxHeapCells)
	}
	p.prog.HeapCells += v.Cells
	p.names[name] = v
	p.prog.Vars = append(p.prog.Vars, v)
	return nil
}

// parseSeq reads code up to one of the structure words in stops (upper
// case), which it consumes and returns. opener and expect describe the
// enclosing construct for error messages; at the top level (stops == nil)
// the sequence also ends before a definition or variable, and at the end of
// the file.
func (p *parser) parseSeq(stops []string, opener token, expect string) ([]Node, token, error) {
	if stops != nil {
		kind := upper(opener)
		if kind == "MACRO:" {
			kind = ":"
		}
		p.open = append(p.open, kind)
		defer func() { p.open = p.open[:len(p.open)-1] }()
	}
	var nodes []Node
	for {
		t := p.peek()
		name := upper(t)
		if t.kind == tokEOF {
			if stops == nil {
				return nodes, t, nil
			}
			return nil, t, errorf(t.pos, "expected %s (opened at %s), found the end of the file", expect, opener.pos)
		}
		if t.kind == tokWord {
			for _, s := range stops {
				if name == s {
					p.next()
					return nodes, t, nil
				}
			}
			if structureWords[name] {
				// A word that closes no open construct is unmatched; one
				// that closes an enclosing construct leaves this one
				// unclosed.
				if !p.isOpen(closes[name]) {
					return nil, t, errorf(t.pos, "%s", unmatched[name])
				}
				return nil, t, errorf(t.pos, "expected %s (opened at %s), found %s", expect, opener.pos, t.text)
			}
			if isTopLevelStart(t) {
				if stops == nil {
					return nodes, t, nil
				}
				if p.def != nil {
					return nil, t, errorf(t.pos, "%s inside the definition of %s: definitions and variables belong at the top level", t.text, p.dname)
				}
				return nil, t, errorf(t.pos, "expected %s (opened at %s), found %s", expect, opener.pos, t.text)
			}
		}
		n, err := p.parseNode()
		if err != nil {
			return nil, t, err
		}
		nodes = append(nodes, n)
	}
}

// parseNode reads one node: a literal, a word, a control structure or a slot.
func (p *parser) parseNode() (Node, error) {
	t := p.next()
	if t.kind == tokNumber {
		return &Literal{Pos: t.pos, Value: t.val}, nil
	}
	switch name := upper(t); name {
	case "IF":
		n := &If{Pos: t.pos}
		var end token
		var err error
		n.Then, end, err = p.parseSeq([]string{"ELSE", "THEN"}, t, "ELSE or THEN to close IF")
		if err != nil {
			return nil, err
		}
		if upper(end) == "ELSE" {
			n.ElsePos = end.pos
			n.Else, end, err = p.parseSeq([]string{"THEN"}, t, "THEN to close IF … ELSE")
			if err != nil {
				return nil, err
			}
		}
		n.EndPos = end.pos
		return n, nil
	case "BEGIN":
		cond, end, err := p.parseSeq([]string{"WHILE", "UNTIL"}, t, "WHILE or UNTIL to close BEGIN")
		if err != nil {
			return nil, err
		}
		if upper(end) == "UNTIL" {
			return &BeginUntil{Pos: t.pos, Body: cond, UntilPos: end.pos}, nil
		}
		body, rep, err := p.parseSeq([]string{"REPEAT"}, t, "REPEAT to close BEGIN … WHILE")
		if err != nil {
			return nil, err
		}
		return &BeginWhile{Pos: t.pos, Cond: cond, WhilePos: end.pos, Body: body, RepeatPos: rep.pos}, nil
	case "DO":
		body, end, err := p.parseSeq([]string{"LOOP"}, t, "LOOP to close DO")
		if err != nil {
			return nil, err
		}
		return &DoLoop{Pos: t.pos, Body: body, LoopPos: end.pos}, nil
	case "EXIT":
		if p.def == nil {
			return nil, errorf(t.pos, "EXIT outside a colon definition: EXIT returns from a word defined with :")
		}
		if p.def.Macro {
			return nil, errorf(t.pos, "EXIT inside the macro %s: a macro is inlined where it is used, so only a word defined with : can EXIT", p.dname)
		}
		return &Exit{Pos: t.pos}, nil
	case "{":
		return p.parseSlot(t)
	default:
		w := &Word{Pos: t.pos, Text: t.text, Name: name}
		if prim, ok := primByName[name]; ok {
			w.Kind, w.Prim = WordPrim, prim
		} else {
			p.words = append(p.words, w) // resolved once every name is known
		}
		return w, nil
	}
}

// resolve binds every non-primitive word to its definition or variable.
// Names may be used before they are defined, so recursion by name and
// mutual recursion work.
func (p *parser) resolve() error {
	for _, w := range p.words {
		switch d := p.names[w.Name].(type) {
		case *Def:
			w.Def = d
			w.Kind = WordCall
			if d.Macro {
				w.Kind = WordMacro
			}
		case *Var:
			w.Var = d
			w.Kind = WordVar
		default:
			return errorf(w.Pos, "unknown word %s: expected a built-in word or a name defined with :, MACRO:, VARIABLE or CREATE", w.Text)
		}
	}
	return p.checkSlots()
}

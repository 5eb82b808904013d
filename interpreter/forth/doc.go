// Package forth is the front end of the Forth sketch language: a lexer, a
// parser that builds a checked syntax tree, and a compiler that lowers it to
// the low-level code both machines run (the symbolic machine in package
// symbolic and the differentiable machine ∂4).
//
// The language is the subset of Forth in appendix A of Bošnjak et al.,
// "Programming with a Differentiable Forth Interpreter" (ICML 2017):
// literals; 1+ 1- DUP SWAP OVER DROP + - * /; @ !; > < =; >R R> R@ (also
// written @R, and I inside DO … LOOP); NOP; IF ELSE THEN; BEGIN WHILE
// REPEAT and BEGIN UNTIL; DO LOOP; EXIT; ": NAME … ;" with recursion by
// name; "MACRO: NAME … ;" (inlined at each use); VARIABLE; CREATE NAME N
// ALLOT; comments "\ …" and "( … )". Words are case-insensitive.
//
// Slots "{ encoder -> decoder }" mark transitions to be learned. Encoders are
// "static" or "observe e1 … em" followed by any chain of "linear N",
// "sigmoid" and "tanh"; decoders are "choose w1 … wm" (primitive words,
// literals, variables or colon definitions), "manipulate e1 … em",
// "permute e1 … em" (2 to 6 elements) and "pick w1 … wm": a choose whose
// slots form one group (DecoderDef.Distinct; they must list the same
// alternatives), each decision of a run taking an alternative no earlier
// pick of the run took (symbolic.Machine.Picked). State elements are D0, D-1, … (data
// stack from the top), R0, R-1, … (return stack) and H0, H1, … (heap cells).
// A slot inside a macro is one slot, shared by every expansion.
//
// Lowering. The compiled Code starts with the top-level code, which ends in
// a halt instruction, followed by each colon definition ending in an exit.
// IF, WHILE, UNTIL and LOOP become conditional jumps that pop a value and
// jump when it is 0; ELSE and REPEAT become jumps; a use of a colon
// definition becomes a call (pushing the return address on the return
// stack); a variable becomes a literal address. DO … LOOP keeps the limit
// and the index on the return stack as ANS Forth does: DO is "SWAP >R >R"
// and LOOP is "R> 1+ DUP R@ = BRANCH0 back DROP R> DROP", so the body runs
// for start, start+1, … until the incremented index equals the limit.
//
// Every error carries the file:line:col of the offending word and says what
// was expected; Parse stops at the first one.
//
// # Words and decoders
//
// Prims describes every primitive word once: its spellings, its stack
// effect and its integer semantics (the values it pops, what it pushes and
// writes to the heap, and for an arithmetic word its one definition modulo
// v, PrimDef.Int). The parser reads its spellings from it, the symbolic
// machine runs the word as it describes (code generated from it) and the
// taint analysis of static traces follows it. Decoders describes every kind
// of slot decoder once: its keyword, whether its arguments are alternatives
// or elements, and how many it takes; the parser and the taint analysis
// read it. Each machine, and the export, keeps what it does with a word or
// a decoder in one table indexed by the word or the kind. ∂4's table of
// decoders also says which decision each one-hot output of a slot's
// network stands for, and back (d4.Sizes.Decision, DecisionIndex), and
// names the outputs (d4.OutputLabel): the tasks, the export and the
// figures ask it for these rather than work them out.
//
// A new primitive word takes five places in four files, and one command:
//
//   - prim.go: its constant before NumPrims, and its entry in Prims;
//   - ../d4/words.go: its differentiable form in primForms;
//   - ../export/export.go: its instruction on the exported machine in
//     primForth;
//   - ../internal/corpus/corpus.go: a program that uses it, in Cases;
//   - go generate ./interpreter/symbolic, which rewrites the symbolic
//     machine's words (primRuns in prims_gen.go) from Prims;
//
// besides its mention in the word list above and in the README, and, if
// gforth spells it otherwise than its name in lower case, in the
// translation of the differential test (../symbolic/gforth_test.go).
//
// A new kind of decoder takes six places in five files, each a row of a
// table indexed by the kind:
//
//   - decoder.go: its constant before NumDecoderKinds, and its entry in
//     Decoders;
//   - ../symbolic/machine.go: what it does with a decision, in slotRuns
//     (and, for a new kind of decision, a field of symbolic.Decision,
//     which FirstChoice in taint.go fills);
//   - ../d4/decoders.go: its differentiable form in decoderForms: the
//     shape of the network's output, the next state it makes, the
//     decision each one-hot output stands for and back, the outputs'
//     names;
//   - ../export/export.go: the word that replaces such a slot in the
//     exported program, in slotForms;
//   - ../internal/corpus/corpus.go: a program with such a slot, in
//     DecoderSamples.
//
// Above the language core, a trace figure shows the outputs of the slots
// by kind (optionLabels and outputIndex in cmd/tasks/figures/trace.go), and
// the word problems replay choose and permute decisions (replay in
// tasks/wap/answer/decode.go, deciderFunc in tasks/wap/answer/views.go).
//
// A missing entry fails: the last one at compile time (each table's length
// is checked against NumPrims or NumDecoderKinds), any other in the tests
// that run every word and every kind on both machines
// (TestWordsMatchSymbolic, TestDecodersMatchSymbolic in package d4), that
// check the generated code (TestPrimsGenerated in package symbolic), the
// exported machine (TestEveryWordExported, TestEveryDecoderExported in
// package export) and the corpus (TestGforthCorpusCoverage in package
// symbolic). TestExtensionCost keeps these lists true: the tables indexed
// by NumPrims and by NumDecoderKinds in the language core are those above,
// and no other code of the core names a kind of decoder.
package forth

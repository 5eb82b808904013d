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
// literals, variables or colon definitions), "manipulate e1 … em" and
// "permute e1 … em" (2 to 6 elements). State elements are D0, D-1, … (data
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
// read it. Each machine keeps what it does with a word or a decoder in one
// table indexed by the word or the kind.
//
// A new primitive word touches four places in three files, and one
// command:
//
//   - prim.go: its constant before NumPrims, and its entry in Prims;
//   - ../d4/words.go: its differentiable form in primForms;
//   - ../export/export.go: its instruction on the exported machine in
//     primForth;
//   - go generate ./interpreter/symbolic, which rewrites the symbolic
//     machine's words (prims_gen.go) from Prims;
//
// besides a program that uses it in the test corpus
// (../internal/corpus/corpus.go, which TestGforthCorpusCoverage asks for)
// and its mention in the word list above and in the README.
//
// A new kind of decoder touches four places in three files:
//
//   - decoder.go: its constant before NumDecoderKinds, and its entry in
//     Decoders;
//   - ../symbolic/machine.go: what it does with a decision, in slotRuns
//     (and, for a new kind of decision, a field of symbolic.Decision);
//   - ../d4/decoders.go: its differentiable form in decoderForms (the size
//     of the network's output, the next state it makes, the decision its
//     argmax stands for);
//
// and, to be exportable, the decoder switches of package export (table.go,
// export.go). A missing entry fails: the last one at compile time (each
// table's length is checked against NumPrims or NumDecoderKinds), any other
// in the tests that run every word and every kind on both machines
// (TestWordsMatchSymbolic, TestDecodersMatchSymbolic in package d4), that
// check the generated code (TestPrimsGenerated in package symbolic) and
// the exported machine (TestEveryWordExported in package export).
package forth

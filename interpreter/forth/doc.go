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
package forth

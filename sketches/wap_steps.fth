\ One- and two-step word problems over up to eight of the story's numbers:
\ the sketch `wap train` trains by default.
\
\ The reader fills the heap: QUESTION holds the question vector,
\ REPR_BUFFER the numbers' context vectors and NUM_BUFFER the numbers, in
\ the order the story tells them. A story may have two to eight numbers;
\ the cells past them are empty, and a decision that reads one is never
\ taken. A story with more numbers is refused.
\
\ The program picks two of the numbers (any two, in either order; a number
\ the question does not use is simply never picked) and an operation, then
\ a third number and how it meets the first result r: r + c, r - c, c - r,
\ r * c, r / c, c / r, or not at all (r alone). So it computes every
\ expression of one or two of + - * / over the numbers, in both tree shapes
\ and both operand orders, and each expression reads each number at most
\ once: the three `pick` slots form one group, and each takes a number
\ the earlier ones did not (its distribution renormalised over those). A
\ story of two numbers leaves the third pick none: then only r alone
\ answers (the exact machine's empty pick).
\
\ Every slot observes only the reader's cells (H0 = QUESTION, H1 ... H8 =
\ REPR_BUFFER), and no word's control depends on a slot: the trace is
\ static, each slot's distribution is fixed by the reader, and the
\ probability of an answer is a sum over the slots' decisions, which the
\ exact machine computes for numbers and answers of any size (the exact
\ loss). ∂4's soft execution runs one pick only (a later one depends on
\ what the earlier ones took): the sketch trains on the exact loss and
\ answers by hybrid execution. sketches/wap_steps_repeat.fth is this
\ sketch with `choose` slots, which may pick a number twice.

VARIABLE QUESTION            \ H0
CREATE REPR_BUFFER 8 ALLOT   \ H1 ... H8
CREATE NUM_BUFFER 8 ALLOT    \ H9 ... H16
\ the ways the third number c meets the first result r
VARIABLE R+C   VARIABLE R-C   VARIABLE C-R
VARIABLE R*C   VARIABLE R/C   VARIABLE C/R
VARIABLE R

\ the first result: a op b
{ observe H0 H1 H2 H3 H4 H5 H6 H7 H8 -> pick 0 1 2 3 4 5 6 7 }
NUM_BUFFER + @
{ observe H0 H1 H2 H3 H4 H5 H6 H7 H8 -> pick 0 1 2 3 4 5 6 7 }
NUM_BUFFER + @
{ observe H0 H1 H2 H3 H4 H5 H6 H7 H8 -> choose + - * / }

\ the third number c, and every way it meets r
{ observe H0 H1 H2 H3 H4 H5 H6 H7 H8 -> pick 0 1 2 3 4 5 6 7 }
NUM_BUFFER + @
OVER OVER + R+C !
OVER OVER - R-C !
OVER OVER SWAP - C-R !
OVER OVER * R*C !
OVER OVER / R/C !
OVER OVER SWAP / C/R !
DROP R !

\ the answer: one of them
{ observe H0 H1 H2 H3 H4 H5 H6 H7 H8 -> choose R+C R-C C-R R*C R/C C/R R }
@

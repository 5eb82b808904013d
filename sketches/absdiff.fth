\ |a - b| with one learned decision: the sketch compares a and b, and the
\ slot learns from the comparison whether to swap them before the
\ subtraction (values are taken modulo the value size, so a - b wraps
\ around when a < b). A sketch the paper does not have, for the README's
\ "Write your own sketch"; examples/absdiff_bare.fth lets the slot compare.
\ Input on the data stack: a b.  Output: |a - b|.

OVER OVER < >R                      \ a b, and a<b on the return stack
{ observe R0 -> choose NOP SWAP }
R> DROP -

\ |a - b| with the comparison left to the slot: it sees a and b and
\ chooses whether to swap them before the subtraction. It fits every
\ training pair, but the pairs it never sees are not all decided by them
\ (see the README); sketches/absdiff.fth gives the slot the comparison.
\ Input on the data stack: a b.  Output: |a - b|.

{ observe D0 D-1 -> choose NOP SWAP } -

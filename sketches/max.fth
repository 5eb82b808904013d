\ The largest of n values: a sketch the paper does not have, for the
\ README's "Write your own sketch". One slot looks at the two values on top
\ of the data stack and chooses whether to swap them; the top one is then
\ dropped, so the slot must learn to leave the smaller one on top.
\ Input on the data stack: a1 ... an n.  Output: the largest ai.

: LARGEST ( a1 ... an n -- max )
    BEGIN 1- DUP WHILE          \ n-1 comparisons
        >R { observe D0 D-1 -> choose NOP SWAP } DROP R>
    REPEAT
    DROP
;

LARGEST

\ The Compare sketch for bubble sort: Listing 1 of Bošnjak et al. (2017),
\ the "c" lines. Only the comparison is learned: the slot sees the two
\ values on top of the data stack and chooses whether to swap them.
\ Input on the data stack: a1 ... an n.

: BUBBLE ( a1 ... an n-1 -- one pass )
    DUP IF >R
        { observe D0 D-1 -> choose NOP SWAP }
        R> SWAP >R 1- BUBBLE R>
    ELSE
        DROP
    THEN
;

: SORT ( a1 .. an n -- sorted )
    1- DUP 0 DO >R R@ BUBBLE R> LOOP DROP
;

SORT

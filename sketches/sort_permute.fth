\ The Permute sketch for bubble sort: Listing 1 of Bošnjak et al. (2017),
\ the "b" lines. The slot sees the two values on top of the data stack and
\ permutes them together with the top of the return stack (the pass
\ counter); what it learns decides which value goes on and which is kept.
\ Input on the data stack: a1 ... an n.

: BUBBLE ( a1 ... an n-1 -- one pass )
    DUP IF >R
        { observe D0 D-1 -> permute D-1 D0 R0 }
        1- BUBBLE R>
    ELSE
        DROP
    THEN
;

: SORT ( a1 .. an n -- sorted )
    1- DUP 0 DO >R R@ BUBBLE R> LOOP DROP
;

SORT

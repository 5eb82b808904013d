\ Bubble sort in Forth: Listing 1 of Bošnjak et al. (2017), the "a" lines.
\ Input on the data stack: a1 ... an n.  Output: the sequence sorted with the
\ largest value at the bottom, e.g.  --stack "2 4 2 7 4"  leaves  7 4 2 2.
\ (The paper's example call, line 12, is "2 4 2 7 4 SORT".)

: BUBBLE ( a1 ... an n-1 -- one pass )
    DUP IF >R
        OVER OVER < IF SWAP THEN
        R> SWAP >R 1- BUBBLE R>
    ELSE
        DROP
    THEN
;

: SORT ( a1 .. an n -- sorted )
    1- DUP 0 DO >R R@ BUBBLE R> LOOP DROP
;

SORT

\ The Choose sketch for elementary addition: Listing 2 of Bošnjak et al.
\ (2017), the "b" lines. The first slot chooses the new carry and the second
\ the result digit, both from the two aligned digits and the carry.
\ Input on the data stack: a1 b1 ... an bn carry n.
\ Output: the n+1 result digits, most significant at the bottom.

: ADD-DIGITS ( a1 b1...an bn carry n -- r1 r2...r_{n+1} )
  DUP 0 = IF
    DROP
  ELSE
    >R \ put n on R
    { observe D0 D-1 D-2 -> tanh -> linear 10
      -> choose 0 1 }
    { observe D-1 D-2 D-3 -> tanh -> linear 50
      -> choose 0 1 2 3 4 5 6 7 8 9 }
      >R SWAP DROP SWAP DROP SWAP DROP R>
    R> 1- SWAP >R  \ new_carry n-1
    ADD-DIGITS \ call add-digits on n-1 subseq.
    R> \ put remembered results back on the stack
  THEN
;

ADD-DIGITS

\ The Manipulate sketch for elementary addition: Listing 2 of Bošnjak et al.
\ (2017), the "a" lines. The slot sees two aligned digits and the carry and
\ writes the new carry (D-2) and the result digit (D-1) directly.
\ Input on the data stack: a1 b1 ... an bn carry n.
\ Output: the n+1 result digits, most significant at the bottom.

: ADD-DIGITS ( a1 b1...an bn carry n -- r1 r2...r_{n+1} )
  DUP 0 = IF
    DROP
  ELSE
    >R \ put n on R
    { observe D0 D-1 D-2 -> tanh -> linear 70
      -> manipulate D-1 D-2 }
    DROP
    R> 1- SWAP >R  \ new_carry n-1
    ADD-DIGITS \ call add-digits on n-1 subseq.
    R> \ put remembered results back on the stack
  THEN
;

ADD-DIGITS

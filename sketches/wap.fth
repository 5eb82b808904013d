\ The complete Word Algebra Problem sketch of Bošnjak et al. (2017),
\ appendix "The complete Word Algebra Problem sketch".
\ The reader fills the heap: QUESTION holds the question vector,
\ REPR_BUFFER the three numbers' context vectors, NUM_BUFFER the numbers.

\ address of the question on H
VARIABLE QUESTION
\ allotting H for representations and numbers
CREATE REPR_BUFFER 4 ALLOT
CREATE NUM_BUFFER 4 ALLOT
\ addresses of the first representation and number
VARIABLE REPR
VARIABLE NUM

REPR_BUFFER REPR !
NUM_BUFFER NUM !

\ macro function for incrementing the pointer to numbers in H
MACRO: STEP_NUM
  NUM @ 1+ NUM !
;

\ macro function for incrementing the pointer to representations in H
MACRO: STEP_REPR
  REPR @ 1+ REPR !
;

\ macro functions for fetching current numbers and representations
MACRO: CURRENT_NUM NUM @ @ ;
MACRO: CURRENT_REPR REPR @ @ ;

\ copy numbers to D
CURRENT_NUM
STEP_NUM
CURRENT_NUM
STEP_NUM
CURRENT_NUM

\ copy question vector, and representations of numbers to R
QUESTION @ >R
CURRENT_REPR >R
STEP_REPR
CURRENT_REPR >R
STEP_REPR
CURRENT_REPR >R

\ permute stack elements, based on the question and number representations
{ observe R0 R-1 R-2 R-3 -> permute D0 D-1 D-2 }
\ choose the first operation
{ observe R0 R-1 R-2 R-3 -> choose + - * / }
\ choose whether to swap intermediate result and the bottom number
{ observe R0 R-1 R-2 R-3 -> choose SWAP NOP }
\ choose the second operation
{ observe R0 R-1 R-2 R-3 -> choose + - * / }

\ empty out R
R> DROP
R> DROP
R> DROP
R> DROP

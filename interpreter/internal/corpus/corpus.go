// Package corpus holds the Forth programs that both machines are tested
// on: the differential test against gforth (package symbolic) and the test
// that ∂4 started from one-hot state ends in the symbolic machine's final
// state (package d4). Together they use every word of the language;
// DecoderSamples has a slot of every kind of decoder.
package corpus

import (
	"strings"

	"github.com/d4lang/d4/interpreter/forth"
	"github.com/d4lang/d4/sketches"
)

// DecoderSamples holds a program with one slot for every kind of decoder,
// indexed by the kind: ∂4 runs it against the symbolic machine (package
// d4) and the export against hybrid execution (package export). A
// missing last entry fails to compile; any other fails those tests.
var DecoderSamples = [...]string{
	forth.Choose:     ": F 1+ ; VARIABLE A { observe D0 -> choose NOP SWAP 3 F ! R> @ }",
	forth.Manipulate: "VARIABLE A { observe D0 -> manipulate D0 D-2 R-1 H0 }",
	forth.Permute:    "VARIABLE A { observe D0 -> permute D0 D-2 R0 H0 }",
	forth.Pick:       ": F 1+ ; VARIABLE A { observe D0 -> pick NOP SWAP 3 F ! R> @ }",
}

var _ [forth.NumDecoderKinds]string = DecoderSamples

// Case is one program of the corpus.
type Case struct {
	Name  string
	V     int    // value size
	Src   string // the program
	Init  []int  // initial data stack, bottom first
	Empty bool   // the final stack is expected to be empty
}

func bubbleSource() string {
	src, ok := sketches.Embedded("bubble")
	if !ok {
		panic("corpus: embedded sketch bubble.fth not found")
	}
	return src
}

// bubbleWithCall replaces the final "SORT" of bubble.fth (which sorts the
// initial stack) by a call on literal input.
func bubbleWithCall(call string) string {
	src := strings.TrimSpace(bubbleSource())
	if !strings.HasSuffix(src, "SORT") {
		panic("corpus: bubble.fth no longer ends with the call SORT:\n" + src)
	}
	return strings.TrimSuffix(src, "SORT") + call + "\n"
}

// Cases returns the corpus.
func Cases() []Case {
	return []Case{
		{Name: "literals", V: 10, Src: "1 2 3 0 9"},
		{Name: "negative-literals", V: 10, Src: "-1 -3 -10 -27 0 -0"},
		{Name: "large-literals", V: 100, Src: "123456789 -123456789 100 1000000000000"},
		{Name: "inc-dec", V: 10, Src: "7 1+ 0 1- 5 1- 1- 2 1+ 1+ 1+"},
		{Name: "dup-swap-over-drop", V: 10, Src: "1 2 DUP 3 SWAP OVER DROP 4 5 DROP OVER OVER"},
		{Name: "add", V: 10, Src: "7 5 + 3 4 + 9 9 + 0 0 +"},
		{Name: "sub-wrap", V: 10, Src: "3 5 - 5 3 - 0 1 - 4 4 -"},
		{Name: "mul", V: 100, Src: "6 7 * 11 11 * 0 99 * 99 99 *"},
		{Name: "div-and-div-by-zero", V: 10, Src: "9 2 / 7 7 / 3 8 / 5 0 / 0 0 / 0 4 /"},
		{Name: "compare", V: 10, Src: "3 4 > 4 3 > 3 4 < 4 3 < 4 4 = 4 5 = 0 0 = 4 4 < 4 4 >"},
		{Name: "compare-after-wrap", V: 10, Src: "0 1- 1 > -1 0 < 9 1+ 0 = 5 5 + 9 <"},
		{Name: "wrap-around", V: 10, Src: "3 5 - 9 1+ 0 1- 5 5 + 7 8 * 1 9 - 1-"},
		{Name: "div-by-zero-chain", V: 10, Src: "7 0 / 1+ 0 0 / 9 3 / 3 5 - 0 /"},
		{Name: "big-value-size", V: 1000000, Src: "999999 1+ 123456 654321 + 1000 1000 * 0 1- 999 1000 *"},
		{Name: "nop", V: 10, Src: "1 NOP 2 NOP NOP + nop"},
		{Name: "case-insensitive", V: 100, Src: ": sq dup * ; variable x 4 Sq 3 sQ + DUP x ! X @ 1+"},
		{Name: "comments", V: 10, Src: "( a comment ) 1 \\ a line comment 5 6 7\n 2 ( multi\nline ) 3 \\ trailing"},
		{Name: "empty-program", V: 10, Src: "\\ nothing is left on the stack\nNOP ( really ) 1 DROP", Empty: true},
		{Name: "initial-stack", V: 10, Src: "+ SWAP 1-", Init: []int{4, 15, -2, 3}},
		{Name: "variables", V: 10, Src: "VARIABLE X VARIABLE Y 7 Y ! 3 X ! X @ Y @ X Y"},
		{Name: "create-allot", V: 10, Src: "CREATE B 3 ALLOT VARIABLE V 5 B 2 + ! 8 V ! B 2 + @ V @ B V B 1+ @"},
		{Name: "heap-starts-zero", V: 10, Src: "CREATE A 4 ALLOT VARIABLE N A @ A 3 + @ N @"},
		{Name: "return-stack", V: 10, Src: "4 >R 5 R@ R> 6 >R @R R> DROP 1 >R 2 >R R> R> -"},
		{Name: "if-else-then", V: 10, Src: "0 IF 1 ELSE 2 THEN 3 IF 4 ELSE 5 THEN 0 IF 6 THEN 1 IF 7 THEN 10 IF 8 THEN"},
		{Name: "nested-if", V: 10, Src: ": CLASS DUP 5 < IF 0 = IF 0 ELSE 1 THEN ELSE DROP 2 THEN ; 0 CLASS 3 CLASS 7 CLASS"},
		{Name: "begin-while", V: 10, Src: "5 BEGIN DUP WHILE DUP 1- REPEAT"},
		{Name: "begin-until", V: 10, Src: "0 BEGIN 1+ DUP 4 = UNTIL 0 7 BEGIN SWAP 1+ SWAP 1- DUP 0 = UNTIL"},
		{Name: "begin-until-heap", V: 10, Src: "VARIABLE N 0 N ! BEGIN N @ 1+ N ! N @ 7 = UNTIL N @"},
		{Name: "do-loop-i", V: 10, Src: "5 2 DO I LOOP"},
		{Name: "do-loop-r-fetch", V: 100, Src: "6 3 DO R@ DUP * LOOP"},
		{Name: "do-loop-limit-below-index", V: 10, Src: "4 1 DO R> R@ SWAP >R LOOP"},
		{Name: "nested-do-loops", V: 100, Src: "0 3 0 DO 4 0 DO 1+ LOOP LOOP 3 1 DO 3 1 DO I LOOP LOOP"},
		{Name: "nested-do-triangle", V: 100, Src: "5 1 DO 0 I 0 DO I + LOOP LOOP"},
		{Name: "top-level-control", V: 10, Src: "7 >R 1 IF R@ ELSE 0 THEN R> 2 0 DO I LOOP 3 1 DO I R@ + LOOP"},
		{Name: "colon", V: 10, Src: ": SQ DUP * ; : SQSQ SQ SQ ; 3 SQ 2 SQSQ"},
		{Name: "exit", V: 10, Src: ": F 1 EXIT 2 ; : CLAMP DUP 5 > IF DROP 5 EXIT THEN 1+ ; F 3 CLAMP 8 CLAMP"},
		{Name: "exit-from-begin", V: 10, Src: ": FIND5 BEGIN DUP 5 = IF EXIT THEN 1+ 0 UNTIL ; 2 FIND5 7 FIND5"},
		{Name: "recursive-countdown", V: 10, Src: ": COUNTDOWN DUP 0 = IF EXIT THEN DUP 1- COUNTDOWN ; 4 COUNTDOWN"},
		{Name: "recursive-sum", V: 100, Src: ": SUM DUP IF DUP 1- SUM + THEN ; 10 SUM 20 SUM"},
		{Name: "factorial-mod-v", V: 1000, Src: ": FACT DUP 1 > IF DUP 1- FACT * THEN ; 5 FACT 7 FACT 10 FACT 1 FACT"},
		{Name: "factorial-mod-10", V: 10, Src: ": FACT DUP 1 > IF DUP 1- FACT * THEN ; 4 FACT 3 FACT"},
		{Name: "power", V: 1000, Src: ": POW ( b e -- b^e ) DUP IF 1- OVER SWAP POW * ELSE DROP DROP 1 THEN ; 2 10 POW 3 5 POW 7 0 POW"},
		{Name: "fibonacci-do-loop", V: 1000, Src: ": FIB ( n -- f ) >R 0 1 R> 0 DO SWAP OVER + LOOP DROP ; 1 FIB 2 FIB 10 FIB 20 FIB"},
		{Name: "gcd-subtract", V: 100, Src: `
: GCD ( a b -- gcd ) BEGIN OVER OVER = 0 = WHILE
    OVER OVER > IF SWAP OVER - SWAP ELSE OVER - THEN
  REPEAT DROP ;
48 18 GCD 35 14 GCD 17 5 GCD 9 9 GCD`},
		{Name: "gcd-euclid-macro", V: 10000, Src: `
MACRO: MOD OVER OVER / * - ;   \ a b -- a mod b
: GCD BEGIN DUP WHILE SWAP OVER MOD REPEAT DROP ;
462 1071 GCD 17 13 GCD 100 75 GCD 13 MOD`, Init: []int{40}},
		{Name: "collatz", V: 10000, Src: `
: COLLATZ ( n -- steps ) 0 SWAP BEGIN DUP 1 = 0 = WHILE
    DUP 2 / 2 * OVER = IF 2 / ELSE 3 * 1+ THEN SWAP 1+ SWAP
  REPEAT DROP ;
6 COLLATZ 7 COLLATZ 27 COLLATZ`},
		{Name: "heap-array-sum", V: 100, Src: `
CREATE A 5 ALLOT  VARIABLE S
: FILL 5 0 DO I I * A I + ! LOOP ;
: SUM 0 S ! 5 0 DO A I + @ S @ + S ! LOOP S @ ;
FILL SUM A 4 + @`},
		{Name: "heap-array-reverse", V: 100, Src: `
CREATE A 6 ALLOT  VARIABLE LO  VARIABLE HI
: FILL 6 0 DO I 3 * 1+ A I + ! LOOP ;
: XCHG ( i j -- ) A + SWAP A + OVER @ OVER @ >R SWAP ! R> SWAP ! ;
: REVERSE 0 LO ! 5 HI ! BEGIN LO @ HI @ < WHILE LO @ HI @ XCHG LO @ 1+ LO ! HI @ 1- HI ! REPEAT ;
FILL REVERSE 6 0 DO A I + @ LOOP`},
		{Name: "macro", V: 10, Src: "MACRO: TWICE DUP + ; 3 TWICE TWICE 1 TWICE"},
		{Name: "macro-unbalanced-return-stack", V: 10, Src: `
MACRO: PUT >R ;  MACRO: GET R> ;
: T PUT 5 GET ;
1 2 PUT 3 GET 7 T`},
		{Name: "macro-nested", V: 1000, Src: ": SQ DUP * ; MACRO: SQ+1 SQ 1+ ; MACRO: TWO SQ+1 SQ+1 ; 3 TWO 2 SQ+1"},
		{Name: "macro-swap-under", V: 100, Src: `
MACRO: UNDER> >R SWAP R> ;  \ a b c -- b a c
MACRO: ROT >R SWAP R> SWAP ; \ a b c -- b c a
1 2 3 UNDER> 4 5 6 ROT`},
		{Name: "max-min", V: 100, Src: `
: MAX2 OVER OVER < IF SWAP THEN DROP ;
: MIN2 OVER OVER > IF SWAP THEN DROP ;
3 9 MAX2 9 3 MAX2 3 9 MIN2 9 3 MIN2 4 4 MAX2`},
		{Name: "bubble-initial-stack", V: 10, Src: bubbleSource(), Init: []int{2, 4, 2, 7, 4}},
		{Name: "bubble-call", V: 10, Src: bubbleWithCall("2 4 2 7 4 SORT")},
		{Name: "bubble-call-v100", V: 100, Src: bubbleWithCall("90 31 9 77 12 45 6 SORT 5 1 2 SORT")},
	}
}

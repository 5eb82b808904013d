//go:build !purego

#include "textflag.h"

// The AVX2+FMA functions: dst[i] = f(x[i]) for i < len(x), four values
// per ymm register, the last len(x) mod 4 through a masked load and store.
// The algorithms are in the package documentation.
//
// Registers:
//	SI  x, DI dst, CX len(x), BX iterations of four
//	Y0  x on entry to EXP, where it becomes r; Y1 n, then n − n₁; Y2 the
//	    result of EXP; Y3 2^n₁; Y5…Y10 the functions' own
//	Y12 the tail's mask; Y13, Y14 the clamps of x; Y15 1.0

// CONST defines a 32-byte constant: four copies of a float64's bits.
#define CONST(name, bits) \
	DATA name<>+0(SB)/8, bits; \
	DATA name<>+8(SB)/8, bits; \
	DATA name<>+16(SB)/8, bits; \
	DATA name<>+24(SB)/8, bits; \
	GLOBL name<>(SB), RODATA|NOPTR, $32

CONST(log2e, $0x3ff71547652b82fe) // log₂e
CONST(ln2hi, $0x3fe62e42fee00000) // ln 2 to 32 bits: n·ln2hi is exact
CONST(ln2lo, $0x3dea39ef35793c76) // ln 2 − ln2hi
CONST(c2, $0x3fe0000000000000)    // 1/2!
CONST(c3, $0x3fc5555555555555)    // 1/3!
CONST(c4, $0x3fa5555555555555)    // 1/4!
CONST(c5, $0x3f81111111111111)    // 1/5!
CONST(c6, $0x3f56c16c16c16c17)    // 1/6!
CONST(c7, $0x3f2a01a01a01a01a)    // 1/7!
CONST(c8, $0x3efa01a01a01a01a)    // 1/8!
CONST(c9, $0x3ec71de3a556c734)    // 1/9!
CONST(c10, $0x3e927e4fb7789f5c)   // 1/10!
CONST(c11, $0x3e5ae64567f544e4)   // 1/11!
CONST(c12, $0x3e21eed8eff8d898)   // 1/12!
CONST(c13, $0x3de6124613a86d09)   // 1/13!
CONST(hi, $0x4086300000000000)    // 710: e^x = +Inf from 709.79
CONST(lo, $0xc087500000000000)    // −746: e^x = 0 below −745.14
CONST(half, $0x3fe0000000000000)  // 0.5
CONST(one, $0x3ff0000000000000)   // 1
CONST(two, $0x4000000000000000)   // 2
CONST(magic, $0x43300000000003ff) // 2^52 + 1023: k + magic has k + 1023 in its low bits
CONST(sign, $0x8000000000000000)  // the sign bit
CONST(abs, $0x7fffffffffffffff)   // all bits but the sign
CONST(small, $0x3fe4000000000000) // 0.625: tanh's bound of the rational function
CONST(tp0, $0xbfeedc5baafd6f4b)   // tanh's P and Q (package math's)
CONST(tp1, $0xc058d26a0e26682d)
CONST(tp2, $0xc0993ac030580563)
CONST(tq0, $0x405c33f28a581b86)
CONST(tq1, $0x40a176fa0e5535fa)
CONST(tq2, $0x40b2ec102442040c)

// masks: for k = 1…3, at byte offset 32·k, the mask of the first k lanes.
DATA masks<>+32(SB)/8, $-1
DATA masks<>+64(SB)/8, $-1
DATA masks<>+72(SB)/8, $-1
DATA masks<>+96(SB)/8, $-1
DATA masks<>+104(SB)/8, $-1
DATA masks<>+112(SB)/8, $-1
GLOBL masks<>(SB), RODATA|NOPTR, $128

// TERM is a step of Horner's scheme: Y2 = Y2·r + c.
#define TERM(c) VFMADD213PD c<>(SB), Y0, Y2

// POW2 writes 2^k into reg, k an integral float64 in [−1022, 1023].
#define POW2(reg) \
	VADDPD magic<>(SB), reg, reg; \
	VPSLLQ $52, reg, reg

// EXP: Y2 = e^Y0 (Y0, Y1, Y3 overwritten).
#define EXP \
	VMINPD       Y0, Y14, Y0; \ // min and max return their last operand if one is NaN
	VMAXPD       Y0, Y13, Y0; \
	VMULPD       log2e<>(SB), Y0, Y1; \
	VROUNDPD     $0, Y1, Y1; \ // n, to nearest
	VFNMADD231PD ln2hi<>(SB), Y1, Y0; \
	VFNMADD231PD ln2lo<>(SB), Y1, Y0; \ // r
	VMOVUPD      c13<>(SB), Y2; \
	TERM(c12); \
	TERM(c11); \
	TERM(c10); \
	TERM(c9); \
	TERM(c8); \
	TERM(c7); \
	TERM(c6); \
	TERM(c5); \
	TERM(c4); \
	TERM(c3); \
	TERM(c2); \
	VFMADD213PD  Y15, Y0, Y2; \
	VFMADD213PD  Y15, Y0, Y2; \ // e^r
	VMULPD       half<>(SB), Y1, Y3; \
	VROUNDPD     $1, Y3, Y3; \ // n₁ = ⌊n/2⌋
	VSUBPD       Y3, Y1, Y1; \ // n − n₁
	POW2(Y3); \
	POW2(Y1); \
	VMULPD       Y3, Y2, Y2; \
	VMULPD       Y1, Y2, Y2

// SIGMOID: Y2 = 1/(1+e^−Y0).
#define SIGMOID \
	VXORPD sign<>(SB), Y0, Y0; \
	EXP; \
	VADDPD Y15, Y2, Y2; \
	VDIVPD Y2, Y15, Y2

// TANH: Y2 = tanh Y0, computed on z = |x| and given x's sign at the end:
// z + z·s·P(s)/Q(s), s = z², where z < 0.625, 1 − 2/(e^{2z}+1) elsewhere.
#define TANH \
	VANDPD      sign<>(SB), Y0, Y11; \ // x's sign
	VANDPD      abs<>(SB), Y0, Y6; \ // z
	VCMPPD      $1, small<>(SB), Y6, Y7; \ // z < 0.625
	VADDPD      Y6, Y6, Y0; \
	EXP; \
	VADDPD      Y15, Y2, Y2; \
	VMOVUPD     two<>(SB), Y8; \
	VDIVPD      Y2, Y8, Y2; \
	VSUBPD      Y2, Y15, Y2; \ // 1 − 2/(e^{2z}+1)
	VMULPD      Y6, Y6, Y8; \ // s
	VMOVUPD     tp0<>(SB), Y9; \
	VFMADD213PD tp1<>(SB), Y8, Y9; \
	VFMADD213PD tp2<>(SB), Y8, Y9; \ // P(s)
	VADDPD      tq0<>(SB), Y8, Y10; \
	VFMADD213PD tq1<>(SB), Y8, Y10; \
	VFMADD213PD tq2<>(SB), Y8, Y10; \ // Q(s)
	VDIVPD      Y10, Y9, Y9; \
	VMULPD      Y8, Y6, Y8; \
	VFMADD213PD Y6, Y8, Y9; \ // z + z·s·P/Q
	VBLENDVPD   Y7, Y9, Y2, Y2; \
	VORPD       Y11, Y2, Y2

// APPLY is the body of a function: F (EXP, SIGMOID or TANH) over x into
// dst.
#define APPLY(F) \
	MOVQ         dst_base+0(FP), DI; \
	MOVQ         x_base+24(FP), SI; \
	MOVQ         x_len+32(FP), CX; \
	VMOVUPD      hi<>(SB), Y14; \
	VMOVUPD      lo<>(SB), Y13; \
	VMOVUPD      one<>(SB), Y15; \
	MOVQ         CX, BX; \
	SHRQ         $2, BX; \
	JZ           tail; \
loop: \
	VMOVUPD      (SI), Y0; \
	F; \
	VMOVUPD      Y2, (DI); \
	ADDQ         $32, SI; \
	ADDQ         $32, DI; \
	DECQ         BX; \
	JNZ          loop; \
tail: \
	ANDQ         $3, CX; \
	JZ           done; \
	SHLQ         $5, CX; \
	LEAQ         masks<>(SB), AX; \
	VMOVUPD      (AX)(CX*1), Y12; \
	VMASKMOVPD   (SI), Y12, Y0; \
	F; \
	VMASKMOVPD   Y2, Y12, (DI); \
done: \
	VZEROUPPER; \
	RET

// func expAVX2(dst, x []float64)
TEXT ·expAVX2(SB), NOSPLIT, $0-48
	APPLY(EXP)

// func sigmoidAVX2(dst, x []float64)
TEXT ·sigmoidAVX2(SB), NOSPLIT, $0-48
	APPLY(SIGMOID)

// func tanhAVX2(dst, x []float64)
TEXT ·tanhAVX2(SB), NOSPLIT, $0-48
	APPLY(TANH)

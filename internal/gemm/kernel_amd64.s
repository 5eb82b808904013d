//go:build !purego

#include "textflag.h"

// The micro-kernels: C[0:MR][0:NR] = alpha·Σ_p a[p·MR : p·MR+MR]ᵀ·b[p·ldb : p·ldb+NR] + beta·C
// for p < kc, as kernel.tile describes. Both have the Go signature
//
//	func(kc int, a, b *float64, ldb int, c *float64, ldc int, alpha, beta float64)
//
// and the same structure: zero the accumulators (two vector registers per
// row of the tile, one for each half of the row), run over k two steps an
// iteration (then the odd step), each step loading the B row's two halves
// and, for each row i, broadcasting a[p·MR+i] and adding its products with
// both halves by fused multiply-add; then scale by alpha and store, adding
// beta·C unless beta is zero (then C is not read).
//
// General registers, in both:
//	AX  a: the packed A panel, MR values per step of k
//	BX  b: the current row of B (NR values)
//	CX  steps of k; R10 a count of iterations
//	DX  c: the current row of C
//	R8  ldb in bytes, R9 ldc in bytes

// ARGS loads the arguments into the general registers.
#define ARGS \
	MOVQ kc+0(FP), CX; \
	MOVQ a+8(FP), AX; \
	MOVQ b+16(FP), BX; \
	MOVQ ldb+24(FP), R8; \
	SHLQ $3, R8; \
	MOVQ c+32(FP), DX; \
	MOVQ ldc+40(FP), R9; \
	SHLQ $3, R9

// LOADB loads the B row into b0 (first half) and b1 (second half, at byte offset half).
#define LOADB(half, b0, b1) \
	VMOVUPD (BX), b0; \
	VMOVUPD half(BX), b1

// ROW broadcasts the A value at byte offset off into bc and adds its
// products with the B row (b0, b1) to the row's accumulators.
#define ROW(off, b0, b1, bc, acc0, acc1) \
	VBROADCASTSD off(AX), bc; \
	VFMADD231PD  b0, bc, acc0; \
	VFMADD231PD  b1, bc, acc1

// SCALE multiplies a row's accumulators by alpha (broadcast in al).
#define SCALE(al, acc0, acc1) \
	VMULPD al, acc0, acc0; \
	VMULPD al, acc1, acc1

// STORE writes a row's accumulators to C and moves DX to the next row.
#define STORE(half, acc0, acc1) \
	VMOVUPD acc0, (DX); \
	VMOVUPD acc1, half(DX); \
	ADDQ    R9, DX

// ADDSTORE adds beta (broadcast in be) times the C row to a row's
// accumulators, then stores them.
#define ADDSTORE(half, be, acc0, acc1) \
	VFMADD231PD (DX), be, acc0; \
	VFMADD231PD half(DX), be, acc1; \
	STORE(half, acc0, acc1)

// The AVX2+FMA kernel, MR = 6, NR = 8 (a half row is 4 values, 32 bytes).
//	Y0…Y11    the accumulators: row i in Y(2i) and Y(2i+1)
//	Y12, Y13  the B row
//	Y14, Y15  broadcast A values, alternating so that one row's broadcast
//	          does not wait for the previous row's FMAs; alpha, beta at the end
// A step of k: 2 loads of B, 6 broadcasts, 12 FMAs (96 FLOP).
#define STEP6x8 \
	LOADB(32, Y12, Y13); \
	ROW(0, Y12, Y13, Y14, Y0, Y1); \
	ROW(8, Y12, Y13, Y15, Y2, Y3); \
	ROW(16, Y12, Y13, Y14, Y4, Y5); \
	ROW(24, Y12, Y13, Y15, Y6, Y7); \
	ROW(32, Y12, Y13, Y14, Y8, Y9); \
	ROW(40, Y12, Y13, Y15, Y10, Y11); \
	ADDQ $48, AX; \
	ADDQ R8, BX

// func tile6x8(kc int, a, b *float64, ldb int, c *float64, ldc int, alpha, beta float64)
TEXT ·tile6x8(SB), NOSPLIT, $0-64
	ARGS
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	VXORPD Y8, Y8, Y8
	VXORPD Y9, Y9, Y9
	VXORPD Y10, Y10, Y10
	VXORPD Y11, Y11, Y11

	MOVQ CX, R10
	SHRQ $1, R10 // iterations of two steps
	JZ   tail

loop:
	STEP6x8
	STEP6x8
	DECQ R10
	JNZ  loop

tail:
	ANDQ $1, CX
	JZ   done
	STEP6x8

done:
	VBROADCASTSD alpha+48(FP), Y14
	SCALE(Y14, Y0, Y1)
	SCALE(Y14, Y2, Y3)
	SCALE(Y14, Y4, Y5)
	SCALE(Y14, Y6, Y7)
	SCALE(Y14, Y8, Y9)
	SCALE(Y14, Y10, Y11)

	MOVQ beta+56(FP), R10
	SHLQ $1, R10 // drops the sign bit: zero for beta = ±0
	JZ   overwrite

	VBROADCASTSD beta+56(FP), Y15
	ADDSTORE(32, Y15, Y0, Y1)
	ADDSTORE(32, Y15, Y2, Y3)
	ADDSTORE(32, Y15, Y4, Y5)
	ADDSTORE(32, Y15, Y6, Y7)
	ADDSTORE(32, Y15, Y8, Y9)
	ADDSTORE(32, Y15, Y10, Y11)
	VZEROUPPER
	RET

overwrite:
	STORE(32, Y0, Y1)
	STORE(32, Y2, Y3)
	STORE(32, Y4, Y5)
	STORE(32, Y6, Y7)
	STORE(32, Y8, Y9)
	STORE(32, Y10, Y11)
	VZEROUPPER
	RET

// The AVX-512 kernel, MR = 8, NR = 16 (a half row is 8 values, 64 bytes).
//	Z0…Z15    the accumulators: row i in Z(2i) and Z(2i+1)
//	Z16, Z17  the B row
//	Z18…Z21   broadcast A values, four in turn; alpha and beta at the end
// A step of k: 2 loads of B, 8 broadcasts, 16 FMAs (256 FLOP).
#define STEP8x16 \
	LOADB(64, Z16, Z17); \
	ROW(0, Z16, Z17, Z18, Z0, Z1); \
	ROW(8, Z16, Z17, Z19, Z2, Z3); \
	ROW(16, Z16, Z17, Z20, Z4, Z5); \
	ROW(24, Z16, Z17, Z21, Z6, Z7); \
	ROW(32, Z16, Z17, Z18, Z8, Z9); \
	ROW(40, Z16, Z17, Z19, Z10, Z11); \
	ROW(48, Z16, Z17, Z20, Z12, Z13); \
	ROW(56, Z16, Z17, Z21, Z14, Z15); \
	ADDQ $64, AX; \
	ADDQ R8, BX

// func tile8x16(kc int, a, b *float64, ldb int, c *float64, ldc int, alpha, beta float64)
TEXT ·tile8x16(SB), NOSPLIT, $0-64
	ARGS
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	VPXORQ Z3, Z3, Z3
	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5
	VPXORQ Z6, Z6, Z6
	VPXORQ Z7, Z7, Z7
	VPXORQ Z8, Z8, Z8
	VPXORQ Z9, Z9, Z9
	VPXORQ Z10, Z10, Z10
	VPXORQ Z11, Z11, Z11
	VPXORQ Z12, Z12, Z12
	VPXORQ Z13, Z13, Z13
	VPXORQ Z14, Z14, Z14
	VPXORQ Z15, Z15, Z15

	MOVQ CX, R10
	SHRQ $1, R10 // iterations of two steps
	JZ   tail

loop:
	STEP8x16
	STEP8x16
	DECQ R10
	JNZ  loop

tail:
	ANDQ $1, CX
	JZ   done
	STEP8x16

done:
	VBROADCASTSD alpha+48(FP), Z18
	SCALE(Z18, Z0, Z1)
	SCALE(Z18, Z2, Z3)
	SCALE(Z18, Z4, Z5)
	SCALE(Z18, Z6, Z7)
	SCALE(Z18, Z8, Z9)
	SCALE(Z18, Z10, Z11)
	SCALE(Z18, Z12, Z13)
	SCALE(Z18, Z14, Z15)

	MOVQ beta+56(FP), R10
	SHLQ $1, R10 // drops the sign bit: zero for beta = ±0
	JZ   overwrite

	VBROADCASTSD beta+56(FP), Z19
	ADDSTORE(64, Z19, Z0, Z1)
	ADDSTORE(64, Z19, Z2, Z3)
	ADDSTORE(64, Z19, Z4, Z5)
	ADDSTORE(64, Z19, Z6, Z7)
	ADDSTORE(64, Z19, Z8, Z9)
	ADDSTORE(64, Z19, Z10, Z11)
	ADDSTORE(64, Z19, Z12, Z13)
	ADDSTORE(64, Z19, Z14, Z15)
	VZEROUPPER
	RET

overwrite:
	STORE(64, Z0, Z1)
	STORE(64, Z2, Z3)
	STORE(64, Z4, Z5)
	STORE(64, Z6, Z7)
	STORE(64, Z8, Z9)
	STORE(64, Z10, Z11)
	STORE(64, Z12, Z13)
	STORE(64, Z14, Z15)
	VZEROUPPER
	RET

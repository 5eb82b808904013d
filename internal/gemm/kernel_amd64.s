#include "textflag.h"

// func tile6x8(kc int, a, b *float64, ldb int, c *float64, ldc int, alpha, beta float64)
//
// C[0:6][0:8] = alpha·Σ_p a[p·6 : p·6+6]ᵀ·b[p·ldb : p·ldb+8] + beta·C, for p < kc.
//
// Registers:
//	AX  a: the packed A panel, 6 values per step of k
//	BX  b: the current row of the B panel (8 values)
//	CX  steps of k left
//	DX  c: the current row of C
//	R8  ldb in bytes, R9 ldc in bytes
//	Y0…Y11  the accumulators: row i of the block in Y(2i) (columns 0–3) and Y(2i+1) (columns 4–7)
//	Y12, Y13  the B row; Y14, Y15  a broadcast A value (alternating, so that
//	          consecutive broadcasts do not wait for each other's FMAs)
//
// Loop: per step of k, 2 loads of B, 6 broadcasts of A, 12 FMAs (96 FLOP).

// ROW multiplies broadcast A value at offset off (row i) into the row's two accumulators.
#define ROW(off, bc, acc0, acc1) \
	VBROADCASTSD off(AX), bc; \
	VFMADD231PD  Y12, bc, acc0; \
	VFMADD231PD  Y13, bc, acc1

// STEP is one step of k: load the B row, update all six rows, advance.
#define STEP \
	VMOVUPD (BX), Y12; \
	VMOVUPD 32(BX), Y13; \
	ROW(0, Y14, Y0, Y1); \
	ROW(8, Y15, Y2, Y3); \
	ROW(16, Y14, Y4, Y5); \
	ROW(24, Y15, Y6, Y7); \
	ROW(32, Y14, Y8, Y9); \
	ROW(40, Y15, Y10, Y11); \
	ADDQ $48, AX; \
	ADDQ R8, BX

// SCALE multiplies both accumulators of a row by alpha (Y14).
#define SCALE(acc0, acc1) \
	VMULPD Y14, acc0, acc0; \
	VMULPD Y14, acc1, acc1

// STORE writes a row to C and moves DX to the next row.
#define STORE(acc0, acc1) \
	VMOVUPD acc0, (DX); \
	VMOVUPD acc1, 32(DX); \
	ADDQ    R9, DX

// ADDSTORE adds beta (Y15) times the C row to the row's accumulators, writes it, moves on.
#define ADDSTORE(acc0, acc1) \
	VFMADD231PD (DX), Y15, acc0; \
	VFMADD231PD 32(DX), Y15, acc1; \
	STORE(acc0, acc1)

TEXT ·tile6x8(SB), NOSPLIT, $0-64
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), BX
	MOVQ ldb+24(FP), R8
	SHLQ $3, R8
	MOVQ c+32(FP), DX
	MOVQ ldc+40(FP), R9
	SHLQ $3, R9

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

	// Two steps of k per iteration while at least two are left, then the odd one.
	MOVQ CX, R10
	SHRQ $1, R10
	JZ   tail

loop2:
	STEP
	STEP
	DECQ R10
	JNZ  loop2

tail:
	ANDQ $1, CX
	JZ   done
	STEP

done:
	VBROADCASTSD alpha+48(FP), Y14
	SCALE(Y0, Y1)
	SCALE(Y2, Y3)
	SCALE(Y4, Y5)
	SCALE(Y6, Y7)
	SCALE(Y8, Y9)
	SCALE(Y10, Y11)

	// beta == ±0: store without reading C (the shift drops the sign bit).
	MOVQ beta+56(FP), R10
	SHLQ $1, R10
	JZ   overwrite

	VBROADCASTSD beta+56(FP), Y15
	ADDSTORE(Y0, Y1)
	ADDSTORE(Y2, Y3)
	ADDSTORE(Y4, Y5)
	ADDSTORE(Y6, Y7)
	ADDSTORE(Y8, Y9)
	ADDSTORE(Y10, Y11)
	VZEROUPPER
	RET

overwrite:
	STORE(Y0, Y1)
	STORE(Y2, Y3)
	STORE(Y4, Y5)
	STORE(Y6, Y7)
	STORE(Y8, Y9)
	STORE(Y10, Y11)
	VZEROUPPER
	RET

// func tile8x16(kc int, a, b *float64, ldb int, c *float64, ldc int, alpha, beta float64)
//
// C[0:8][0:16] = alpha·Σ_p a[p·8 : p·8+8]ᵀ·b[p·ldb : p·ldb+16] + beta·C, for p < kc.
//
// Registers:
//	AX  a: the packed A panel, 8 values per step of k
//	BX  b: the current row of the B panel (16 values)
//	CX  steps of k left
//	DX  c: the current row of C
//	R8  ldb in bytes, R9 ldc in bytes
//	Z0…Z15  the accumulators: row i of the block in Z(2i) (columns 0–7) and Z(2i+1) (columns 8–15)
//	Z16, Z17  the B row; Z18…Z21  broadcast A values (four in turn)
//
// Loop: per step of k, 2 loads of B, 8 broadcasts of A, 16 FMAs (256 FLOP).

// ROW512 multiplies the A value at offset off (row i) into the row's two accumulators.
#define ROW512(off, bc, acc0, acc1) \
	VBROADCASTSD off(AX), bc; \
	VFMADD231PD  Z16, bc, acc0; \
	VFMADD231PD  Z17, bc, acc1

// STEP512 is one step of k: load the B row, update all eight rows, advance.
#define STEP512 \
	VMOVUPD (BX), Z16; \
	VMOVUPD 64(BX), Z17; \
	ROW512(0, Z18, Z0, Z1); \
	ROW512(8, Z19, Z2, Z3); \
	ROW512(16, Z20, Z4, Z5); \
	ROW512(24, Z21, Z6, Z7); \
	ROW512(32, Z18, Z8, Z9); \
	ROW512(40, Z19, Z10, Z11); \
	ROW512(48, Z20, Z12, Z13); \
	ROW512(56, Z21, Z14, Z15); \
	ADDQ $64, AX; \
	ADDQ R8, BX

// SCALE512 multiplies both accumulators of a row by alpha (Z18).
#define SCALE512(acc0, acc1) \
	VMULPD Z18, acc0, acc0; \
	VMULPD Z18, acc1, acc1

// STORE512 writes a row to C and moves DX to the next row.
#define STORE512(acc0, acc1) \
	VMOVUPD acc0, (DX); \
	VMOVUPD acc1, 64(DX); \
	ADDQ    R9, DX

// ADDSTORE512 adds beta (Z19) times the C row to the row's accumulators, writes it, moves on.
#define ADDSTORE512(acc0, acc1) \
	VFMADD231PD (DX), Z19, acc0; \
	VFMADD231PD 64(DX), Z19, acc1; \
	STORE512(acc0, acc1)

TEXT ·tile8x16(SB), NOSPLIT, $0-64
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), AX
	MOVQ b+16(FP), BX
	MOVQ ldb+24(FP), R8
	SHLQ $3, R8
	MOVQ c+32(FP), DX
	MOVQ ldc+40(FP), R9
	SHLQ $3, R9

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

	// Two steps of k per iteration while at least two are left, then the odd one.
	MOVQ CX, R10
	SHRQ $1, R10
	JZ   tail512

loop512:
	STEP512
	STEP512
	DECQ R10
	JNZ  loop512

tail512:
	ANDQ $1, CX
	JZ   done512
	STEP512

done512:
	VBROADCASTSD alpha+48(FP), Z18
	SCALE512(Z0, Z1)
	SCALE512(Z2, Z3)
	SCALE512(Z4, Z5)
	SCALE512(Z6, Z7)
	SCALE512(Z8, Z9)
	SCALE512(Z10, Z11)
	SCALE512(Z12, Z13)
	SCALE512(Z14, Z15)

	// beta == ±0: store without reading C (the shift drops the sign bit).
	MOVQ beta+56(FP), R10
	SHLQ $1, R10
	JZ   overwrite512

	VBROADCASTSD beta+56(FP), Z19
	ADDSTORE512(Z0, Z1)
	ADDSTORE512(Z2, Z3)
	ADDSTORE512(Z4, Z5)
	ADDSTORE512(Z6, Z7)
	ADDSTORE512(Z8, Z9)
	ADDSTORE512(Z10, Z11)
	ADDSTORE512(Z12, Z13)
	ADDSTORE512(Z14, Z15)
	VZEROUPPER
	RET

overwrite512:
	STORE512(Z0, Z1)
	STORE512(Z2, Z3)
	STORE512(Z4, Z5)
	STORE512(Z6, Z7)
	STORE512(Z8, Z9)
	STORE512(Z10, Z11)
	STORE512(Z12, Z13)
	STORE512(Z14, Z15)
	VZEROUPPER
	RET

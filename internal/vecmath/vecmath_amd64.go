//go:build !purego

package vecmath

import "golang.org/x/sys/cpu"

// The AVX2+FMA functions of vecmath_amd64.s: dst[i] = f(x[i]) for
// i < len(x); dst must be at least as long as x.
//
//go:noescape
func expAVX2(dst, x []float64)

//go:noescape
func sigmoidAVX2(dst, x []float64)

//go:noescape
func tanhAVX2(dst, x []float64)

var avx2 = impl{name: "avx2-fma", exp: expAVX2, sigmoid: sigmoidAVX2, tanh: tanhAVX2}

// impls lists the assembly implementations this CPU can run, the fastest
// first.
func impls() []*impl {
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		return []*impl{&avx2}
	}
	return nil
}

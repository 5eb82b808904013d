//go:build !amd64 || purego

package gemm

// kernels lists the assembly kernels this CPU can run: none but on amd64,
// and none when built with the purego tag.
func kernels() []*kernel { return nil }

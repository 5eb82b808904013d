//go:build !amd64

package gemm

// kernels lists the assembly kernels this CPU can run: none but on amd64.
func kernels() []*kernel { return nil }

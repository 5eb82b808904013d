//go:build !amd64

package gemm

// kernels lists the kernels this CPU can run, the fastest first.
func kernels() []*kernel { return []*kernel{&goKernel} }

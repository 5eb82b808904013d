//go:build !amd64

package gemm

// bestKernel is the fastest kernel this CPU can run.
func bestKernel() *kernel { return &goKernel }

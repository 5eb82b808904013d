//go:build !amd64

package vecmath

// impls lists the assembly implementations this CPU can run: none but on
// amd64.
func impls() []*impl { return nil }

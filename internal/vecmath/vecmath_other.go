//go:build !amd64 || purego

package vecmath

// impls lists the assembly implementations this CPU can run: none but on
// amd64, and none when built with the purego tag.
func impls() []*impl { return nil }

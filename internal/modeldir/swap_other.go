//go:build !linux

package modeldir

// swap puts the directory tmp in place of dir, leaving the old version (if
// any) at tmp; without an exchange, dir is missing for an instant.
func swap(tmp, dir string) error { return swapByRenames(tmp, dir) }

//go:build !unix

package modeldir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// lockDir creates the file at path exclusively (without flock, a killed
// writer leaves it: the error says to remove it).
func lockDir(dir, path string) (*Locked, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("model directory %s is being written by another process (or one that was killed: then remove %s)", dir, path)
	}
	if err != nil {
		return nil, fmt.Errorf("model directory %s cannot be written: %w", dir, err)
	}
	return &Locked{f: f, path: path}, nil
}

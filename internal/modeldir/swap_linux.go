package modeldir

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// swap puts the directory tmp in place of dir in one step, leaving the old
// version (if any) at tmp.
func swap(tmp, dir string) error {
	err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.ENOENT): // dir does not exist
		return os.Rename(tmp, dir)
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EOPNOTSUPP):
		return swapByRenames(tmp, dir) // a file system without the exchange
	}
	return &os.LinkError{Op: "exchange", Old: tmp, New: dir, Err: err}
}

//go:build unix

package modeldir

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// lockDir takes an exclusive flock of the file at path, which records the
// holder's pid. A holder removes the file when it unlocks, so the file
// that was opened is checked to be the one at path once locked.
func lockDir(dir, path string) (*Locked, error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("model directory %s cannot be written: %w", dir, err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			pid, _ := io.ReadAll(io.LimitReader(f, 32))
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("model directory %s is being written by another process (pid %s): wait for it to finish, or name another directory", dir, strings.TrimSpace(string(pid)))
			}
			return nil, fmt.Errorf("model directory %s: locking %s: %w", dir, path, err)
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			f.Truncate(0)
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
			return &Locked{f: f, path: path}, nil
		}
		f.Close() // removed by its holder meanwhile: lock the new one
	}
}

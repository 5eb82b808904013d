package modeldir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Locked is a directory's writer's lock, held until Unlock or the end of
// the process.
type Locked struct {
	f    *os.File
	path string
}

// lockPath is the lock file of dir.
func lockPath(dir string) string {
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".lock")
}

// Lock takes the writer's lock of the model directory dir (creating its
// parent directories) and checks that dir, if it exists, is a directory
// that can be written. A directory that another process is writing is an
// error that names it.
func Lock(dir string) (*Locked, error) {
	dir, err := Resolve(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("model directory %s: %w", dir, err)
	}
	l, err := lockDir(dir, lockPath(dir))
	if err != nil {
		return nil, err
	}
	if err := checkWritable(dir); err != nil {
		l.Unlock()
		return nil, err
	}
	return l, nil
}

// Resolve returns the path of the model directory dir: dir itself, or
// the directory a symbolic link dir points to (a link is written through:
// the directory it names gets the new versions). A link to nothing is an
// error that says so.
func Resolve(dir string) (string, error) {
	dir = filepath.Clean(dir)
	st, err := os.Lstat(dir)
	if err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return dir, nil
	}
	target, err := filepath.EvalSymlinks(dir)
	if err != nil {
		to, _ := os.Readlink(dir)
		return "", fmt.Errorf("model directory %s is a symbolic link to %s, which does not exist", dir, to)
	}
	return target, nil
}

// Unlock releases the lock and removes its file.
func (l *Locked) Unlock() {
	os.Remove(l.path) // while locked: see lock
	l.f.Close()
}

// checkWritable checks that dir, if it exists, is a directory in which a
// file can be made.
func checkWritable(dir string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil && !st.IsDir() {
		err = errors.New("exists and is not a directory")
	}
	if err != nil {
		return fmt.Errorf("model directory %s: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".write-test.tmp*")
	if err != nil {
		return fmt.Errorf("model directory %s cannot be written: %w", dir, errors.Unwrap(err))
	}
	f.Close()
	return os.Remove(f.Name())
}

// Open takes the writer's lock of the model directory dir (Lock), removes
// what a killed writer left (Clean) and runs check, if not nil, on what
// dir holds. On an error the lock is released.
func Open(dir string, check func() error) (*Locked, error) {
	l, err := Lock(dir)
	if err != nil {
		return nil, err
	}
	if err = Clean(dir); err == nil && check != nil {
		err = check()
	}
	if err != nil {
		l.Unlock()
		return nil, err
	}
	return l, nil
}

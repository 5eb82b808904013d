// Package atomicfile writes files so that a reader, or a crash, never sees
// them half written: the content goes to a temporary file in the same
// directory, which is synced and then renamed over the target.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write calls write with a temporary file beside path and, when it
// succeeds, makes the file path (mode 0644). On any failure the temporary
// file is removed and path is left as it was. A path that names something
// other than a regular file (a device such as /dev/full, a directory, a
// pipe), itself or through a link, is an error: the rename would replace
// it.
func Write(path string, write func(f *os.File) error) error {
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return fmt.Errorf("writing %s: it exists and is not a regular file (%s)", path, kind(st.Mode()))
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // a no-op after the rename
	fail := func(err error) error {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := write(tmp); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	// Make the rename durable; not every system can sync a directory, so a
	// failure here is not reported.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// WriteBytes writes data to path atomically.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(f *os.File) error {
		_, err := f.Write(data)
		return err
	})
}

// kind names a file mode that is not a regular file's.
func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeNamedPipe != 0:
		return "a pipe"
	}
	return "a " + m.Type().String() + " file"
}

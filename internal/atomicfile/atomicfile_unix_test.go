//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/d4lang/d4/internal/testskip"
)

// A path that names a pipe, a directory or a link to one is refused and
// left as it is (as root, a rename would replace a device such as
// /dev/full itself).
func TestWriteRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		testskip.Skip(t, "no named pipes here: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(pipe, link); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{pipe: "a pipe", link: "a pipe", dir: "a directory"} {
		err := WriteBytes(path, []byte("x"))
		if err == nil || !strings.Contains(err.Error(), "exists and is not a regular file ("+want+")") {
			t.Errorf("%s: %v", path, err)
		}
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced (%v)", err)
	}
}

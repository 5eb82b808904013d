// Package modeldir is the one model store of the project: the layout of a
// model directory, its writer and its reader, for every kind of model
// (package learn's sketches, package tasks/wap's word-problem models and
// their ensembles).
//
// Layout. A model directory holds config.json — a Header (the format,
// the member subdirectories, the SHA-256 of every other file) and the
// model's own fields — beside model.safetensors (the weights by name),
// any files the model adds (a vocabulary) and, while it trains,
// checkpoint.safetensors (package learn/fit's checkpoint). An ensemble is a
// directory whose members are model directories of their own; its
// config.json records their config.json's checksums, which cover their
// files in turn. A Writer (Create) publishes whole versions (Version,
// WriteConfig fills in the checksums); Read reads one version and checks
// every file it is asked for against its checksum, reading again a
// directory replaced meanwhile; EncodeWeights and DecodeWeights write and
// check the weights (names, shapes, finite values); Settings are what a
// checkpoint records of a training run, compared by name on resume.
//
// Whole on disk. A model directory stays whole, whatever happens to the
// process that writes it.
//
// A new version of a directory is built in a fresh directory beside it
// (".NAME.new-*", on the same file system), every file and directory is
// synced, and the new version is put in place in one step (Publish): on
// Linux the two directories are exchanged by renameat2(RENAME_EXCHANGE), so
// that at every moment the path names the old version or the new one, and
// a reader, or a kill at any moment, finds one whole version, never a mix.
// (Where the exchange is not available the old version is first renamed
// away, so that for an instant the path names nothing.) Files that do not
// change are hard links to the previous version's, so that a publication
// costs only the files that changed; a file is never written in place.
//
// One writer at a time: Lock takes an exclusive lock (flock) of a file
// ".NAME.lock" beside the directory, which the kernel releases when the
// process ends, however it ends, so a killed writer never leaves it stuck;
// Lock also checks that the directory can be written, before any work.
// Clean removes what a killed writer leaves: staging directories beside the
// directory and temporary files (".*.tmp*") inside it.
package modeldir

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/d4lang/d4/internal/atomicfile"
)

// Fault, when set (by tests), is called before every step of a
// publication that a kill could interrupt: "link" (the unchanged files),
// "write NAME" (each file), "swap", "remove" (the old version). A panic
// there stops the publication as a kill would, without cleaning up.
var Fault func(step string)

// Fail, when set (by tests), is called before every step that Fault is
// called before; an error it returns fails that step as a full disk
// would: the publication stops, cleans up and returns the error.
var Fail func(step string) error

// Step calls Fault and Fail, if set, with the step's name, and returns
// Fail's error.
func Step(name string) error {
	if Fault != nil {
		Fault(name)
	}
	if Fail != nil {
		return Fail(name)
	}
	return nil
}

// stagingPrefix is the name prefix of the staging directories of dir.
func stagingPrefix(dir string) string { return "." + filepath.Base(dir) + ".new-" }

// Publish replaces the directory dir by a new version, as a unit. build
// writes the new version's files into the fresh directory it is given
// (with WriteFile or Write); with keep, that directory first holds hard
// links to every file of the current version (build then replaces or adds
// files), else it starts empty. On an error nothing changes at dir.
func Publish(dir string, keep bool, build func(tmp string) error) error {
	dir = filepath.Clean(dir)
	st, err := os.Lstat(dir)
	switch {
	case err == nil && !st.IsDir():
		return fmt.Errorf("model directory %s: exists and is not a directory", dir)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("model directory %s: %w", dir, err)
	case err != nil:
		keep = false
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("model directory %s: %w", dir, err)
	}
	tmp, err := os.MkdirTemp(parent, stagingPrefix(dir))
	if err != nil {
		return fmt.Errorf("model directory %s: %w", dir, err)
	}
	// Not deferred: a fault (a simulated kill) must leave what a kill leaves.
	fail := func(err error) error {
		os.RemoveAll(tmp)
		return fmt.Errorf("saving the model directory %s: %w", dir, err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fail(err)
	}
	if keep {
		if err := Step("link"); err != nil {
			return fail(err)
		}
		if err := linkTree(dir, tmp); err != nil {
			return fail(err)
		}
	}
	if err := build(tmp); err != nil {
		return fail(err)
	}
	if err := syncTree(tmp); err != nil {
		return fail(err)
	}
	if err := Step("swap"); err != nil {
		return fail(err)
	}
	if err := swap(tmp, dir); err != nil {
		return fail(err)
	}
	syncDir(parent)
	// The old version, if there was one, goes; if this fails (or Fail
	// says it does), Clean removes it.
	Step("remove")
	os.RemoveAll(tmp)
	return nil
}

// WriteFile writes a file of a version being built (atomically, synced).
func WriteFile(path string, data []byte) error {
	return Write(path, func(path string) error { return atomicfile.WriteBytes(path, data) })
}

// Write writes a file of a version being built with write, which must
// create a new file (never write into an existing one: it may be a link to
// the current version's).
func Write(path string, write func(path string) error) error {
	if err := Step("write " + filepath.Base(path)); err != nil {
		return err
	}
	return write(path)
}

// linkTree makes dst a copy of the tree src of hard links (copies where
// links are not possible), leaving out temporary files.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil || rel == "." {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case IsTemp(d.Name()):
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.IsDir():
			return os.Mkdir(target, 0o755)
		case !d.Type().IsRegular():
			return fmt.Errorf("%s is not a regular file or a directory", path)
		}
		if os.Link(path, target) == nil {
			return nil
		}
		return copyFile(path, target)
	})
}

// copyFile copies a regular file.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	return atomicfile.Write(dst, func(f *os.File) error {
		_, err := io.Copy(f, in)
		return err
	})
}

// syncTree syncs every directory of a tree (files are synced as written).
func syncTree(root string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return syncDir(path)
	})
}

// syncDir makes a directory's entries durable; not every system can sync
// a directory, so only a failure to open it is reported.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	d.Sync()
	return d.Close()
}

// swapByRenames puts tmp in place of dir by two renames (where the two
// cannot be exchanged in one step), leaving the old version at tmp.
func swapByRenames(tmp, dir string) error {
	if _, err := os.Lstat(dir); errors.Is(err, fs.ErrNotExist) {
		return os.Rename(tmp, dir)
	}
	old := tmp + ".old"
	if err := os.Rename(dir, old); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(old, dir)
		return err
	}
	return os.Rename(old, tmp)
}

// IsTemp reports whether a file name is that of a temporary file of an
// atomic write (internal/atomicfile) or a staging directory: ".*.tmp*"
// or ".*.new-*".
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && (strings.Contains(name, ".tmp") || strings.Contains(name, ".new-"))
}

// Clean removes what a killed writer of dir left: staging directories
// beside dir and temporary files inside it. The caller must hold the lock.
func Clean(dir string) error {
	dir = filepath.Clean(dir)
	entries, err := os.ReadDir(filepath.Dir(dir))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("model directory %s: %w", dir, err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), stagingPrefix(dir)) {
			if err := os.RemoveAll(filepath.Join(filepath.Dir(dir), e.Name())); err != nil {
				return fmt.Errorf("removing a staging directory of %s: %w", dir, err)
			}
		}
	}
	if _, err := os.Stat(dir); err != nil {
		return nil
	}
	var temps []string
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && IsTemp(d.Name()) {
			temps = append(temps, path)
			if d.IsDir() {
				return filepath.SkipDir
			}
		}
		return err
	})
	for _, p := range temps {
		if err == nil {
			err = os.RemoveAll(p)
		}
	}
	if err != nil {
		return fmt.Errorf("removing the temporary files of %s: %w", dir, err)
	}
	return nil
}

// SHA256 returns the hex SHA-256 of b: what a model directory's
// config.json records of each file beside it.
func SHA256(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

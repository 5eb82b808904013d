package modeldir

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/d4lang/d4/internal/safetensors"
)

// The files every model directory has, or may have, beside the ones a
// model adds (a vocabulary).
const (
	ConfigFile     = "config.json"            // what the model is: a Header and the model's fields
	WeightsFile    = "model.safetensors"      // the weights by name
	CheckpointFile = "checkpoint.safetensors" // while (or after) training: package learn/fit's State
)

// Header is what every config.json holds besides its model's own fields:
// the format, the subdirectories that are models of their own (an
// ensemble's members), and the SHA-256 of every other file of the
// directory ("restart-1/config.json" for a member's, which covers the
// member's own files in turn). A model's configuration embeds it.
type Header struct {
	Format  string            `json:"format"`
	Members []string          `json:"members,omitempty"`
	Files   map[string]string `json:"files_sha256"`
}

// header returns the header itself: what Configured asks for.
func (h *Header) header() *Header { return h }

// Configured is a configuration that embeds a Header.
type Configured interface{ header() *Header }

// Writer is a model directory open for writing: it holds the directory's
// lock until Close, and publishes whole versions of it (Publish).
type Writer struct {
	Dir   string
	lock  *Locked
	fresh bool // the next version replaces whatever the directory holds
}

// Create opens the model directory dir for writing: it takes the
// directory's lock, removes what a killed writer left, and runs check, if
// not nil, on what dir holds (a directory of something else must never be
// written into). With fresh, the first version replaces what dir holds;
// else it starts from it (Publish with keep). A symbolic link dir is
// written through (Resolve).
func Create(dir string, fresh bool, check func() error) (*Writer, error) {
	dir, err := Resolve(dir)
	if err != nil {
		return nil, err
	}
	l, err := Open(dir, check)
	if err != nil {
		return nil, err
	}
	return &Writer{Dir: dir, lock: l, fresh: fresh}, nil
}

// Close releases the directory's lock.
func (w *Writer) Close() { w.lock.Unlock() }

// Publish builds a new version of the directory and puts it in place as a
// unit (see the package doc). With keep (and unless the writer is fresh
// and has not published yet), the version starts with the files of the
// current one, which build may replace; else it starts empty. On an error
// the directory is as it was.
func (w *Writer) Publish(keep bool, build func(v *Version) error) error {
	err := Publish(w.Dir, keep && !w.fresh, func(tmp string) error { return build(&Version{root: tmp}) })
	if err == nil {
		w.fresh = false
	}
	return err
}

// Version is a version of a model directory (or of one of its members)
// being built.
type Version struct{ root string }

// Member returns the version of the member directory name, making it.
func (v *Version) Member(name string) (*Version, error) {
	dir := filepath.Join(v.root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &Version{root: dir}, nil
}

// WriteFile writes the file name of the version.
func (v *Version) WriteFile(name string, data []byte) error {
	return WriteFile(filepath.Join(v.root, name), data)
}

// WriteWith writes the file name of the version with write, which gets its
// path and must create it (never write into an existing file: it may be
// a link to the current version's).
func (v *Version) WriteWith(name string, write func(path string) error) error {
	return Write(filepath.Join(v.root, name), write)
}

// Remove removes the file name from the version, if it is there.
func (v *Version) Remove(name string) error {
	err := os.Remove(filepath.Join(v.root, name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// WriteConfig writes config.json, last: cfg with its Header's Files set to
// the SHA-256 of every other file of the version (a member's config.json
// for each of Header.Members). It returns the bytes written.
func (v *Version) WriteConfig(cfg Configured) ([]byte, error) {
	h := cfg.header()
	h.Files = map[string]string{}
	entries, err := os.ReadDir(v.root)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == ConfigFile || IsTemp(name) || e.IsDir():
			continue
		case !e.Type().IsRegular():
			return nil, fmt.Errorf("%s is not a regular file", name)
		}
		b, err := os.ReadFile(filepath.Join(v.root, name))
		if err != nil {
			return nil, err
		}
		h.Files[name] = SHA256(b)
	}
	for _, m := range h.Members {
		b, err := os.ReadFile(filepath.Join(v.root, m, ConfigFile))
		if err != nil {
			return nil, fmt.Errorf("member %s: %w", m, err)
		}
		h.Files[m+"/"+ConfigFile] = SHA256(b)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // a sketch's source as written: ">R", not "\u003eR"
	enc.SetIndent("", "  ")
	if err := enc.Encode(cfg); err != nil {
		return nil, fmt.Errorf("writing %s: %w", ConfigFile, err)
	}
	return buf.Bytes(), v.WriteFile(ConfigFile, buf.Bytes())
}

// Snapshot is one version of a model directory as Read found it: its
// config.json, the files of it that were asked for (checked against their
// checksums), and its members, each a snapshot of its own.
type Snapshot struct {
	Dir     string
	Config  []byte
	Header  Header
	Files   map[string][]byte
	Members map[string]*Snapshot
}

// ErrChanged is wrapped by the error of a file whose checksum is not the
// one config.json records.
var ErrChanged = errors.New("does not match the checksum in config.json")

// Read reads the model directory dir: config.json, whose Header check
// accepts or refuses (a format of another kind or version: the error says
// which), the files named in want that the Header lists, each checked
// against its checksum, and the same of every member (whose config.json is
// checked against the checksum its parent records). A
// directory replaced while it is read (config.json differs afterwards) is
// read again; every other problem is an error that says what is wrong.
func Read(dir string, check func(Header) error, want ...string) (*Snapshot, error) {
	var err error
	for range 5 {
		var s *Snapshot
		if s, err = read(dir, check, want); err == nil {
			after, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
			if bytes.Equal(s.Config, after) {
				return s, nil
			}
			err = errReplaced
		}
		if !errors.Is(err, ErrChanged) && !errors.Is(err, errReplaced) && !errors.Is(err, fs.ErrNotExist) {
			break
		}
	}
	return nil, err
}

// errReplaced is the error of a directory that a new version replaced
// while it was read.
var errReplaced = errors.New("the directory was replaced while it was read (by a training run?)")

// read reads dir once.
func read(dir string, check func(Header) error, want []string) (*Snapshot, error) {
	b, err := os.ReadFile(filepath.Join(dir, ConfigFile))
	if err != nil {
		return nil, err
	}
	s := &Snapshot{Dir: dir, Config: b, Files: map[string][]byte{}, Members: map[string]*Snapshot{}}
	if err := json.Unmarshal(b, &s.Header); err != nil {
		return nil, fmt.Errorf("%s: malformed JSON: %w", ConfigFile, err)
	}
	if check != nil {
		if err := check(s.Header); err != nil {
			return nil, err
		}
	}
	for _, m := range s.Header.Members {
		if m == "" || m == "." || m == ".." || strings.ContainsAny(m, `/\`) {
			return nil, fmt.Errorf("%s names a member %q that is not a subdirectory", ConfigFile, m)
		}
		if _, ok := s.Header.Files[m+"/"+ConfigFile]; !ok {
			return nil, fmt.Errorf("%s records no checksum of member %s", ConfigFile, m)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(s.Header.Files)) {
		if slices.Contains(want, name) || strings.HasSuffix(name, "/"+ConfigFile) {
			if err := s.readFile(name); err != nil {
				return nil, err
			}
		}
	}
	for _, m := range s.Header.Members {
		ms, err := read(filepath.Join(dir, m), check, want)
		if err == nil && !bytes.Equal(ms.Config, s.Files[m+"/"+ConfigFile]) {
			err = errReplaced
		}
		if err != nil {
			return nil, fmt.Errorf("member %s: %w", m, err)
		}
		s.Members[m] = ms
	}
	return s, nil
}

// readFile reads a file the header lists and checks its checksum.
func (s *Snapshot) readFile(name string) error {
	clean := path.Clean(name)
	if clean != name || path.IsAbs(name) || strings.HasPrefix(name, "..") || strings.Count(name, "/") > 1 {
		return fmt.Errorf("%s lists a file %q outside the directory", ConfigFile, name)
	}
	b, err := os.ReadFile(filepath.Join(s.Dir, filepath.FromSlash(name)))
	if err != nil {
		return err
	}
	if SHA256(b) != s.Header.Files[name] {
		return fmt.Errorf("%s %w", name, ErrChanged)
	}
	s.Files[name] = b
	return nil
}

// File returns a file of the snapshot that Read was asked for; any other
// is an error that names it.
func (s *Snapshot) File(name string) ([]byte, error) {
	b, ok := s.Files[name]
	switch {
	case ok:
		return b, nil
	case s.Header.Files[name] == "":
		return nil, fmt.Errorf("%s records no %s", ConfigFile, name)
	}
	return nil, fmt.Errorf("%s was not read from %s", name, s.Dir)
}

// EncodeWeights returns model.safetensors of named weights, with meta in
// its header.
func EncodeWeights(weights []safetensors.Tensor, meta map[string]string) ([]byte, error) {
	return safetensors.Marshal(weights, meta)
}

// DecodeWeights reads model.safetensors into the weights like names (each
// by name, with its shape; nothing else may be there), and returns the
// file's metadata. Every weight must be finite: a NaN or an infinity is an
// error that names the tensor. The file is decoded straight into the
// weights, so after an error they may hold some of it.
func DecodeWeights(b []byte, like []safetensors.Tensor) (map[string]string, error) {
	meta, err := safetensors.DecodeInto(b, like)
	if err != nil {
		return nil, err
	}
	for _, t := range like {
		for _, x := range t.Data {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("tensor %s holds %v: the weights are not finite", t.Name, x)
			}
		}
	}
	return meta, nil
}

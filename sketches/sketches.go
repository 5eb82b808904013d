// Package sketches holds the Forth sketches of the ∂4 paper, embedded so
// that the programs run from any directory:
//
//	bubble.fth          plain bubble sort (Listing 1, "a" lines)
//	sort_permute.fth    sort, Permute sketch (Listing 1, "b" lines)
//	sort_compare.fth    sort, Compare sketch (Listing 1, "c" lines)
//	add_manipulate.fth  addition, Manipulate sketch (Listing 2, "a" lines)
//	add_choose.fth      addition, Choose sketch (Listing 2, "b" lines)
//	max.fth             the largest of n values (not in the paper; README)
//	absdiff.fth         |a - b| with one choose slot (not in the paper; README)
//	wap.fth             the complete word algebra problem sketch (appendix)
//	wap_steps.fth       one- and two-step word problems over up to eight
//	                    numbers, each read once (not in the paper; wap
//	                    train's default)
//	wap_steps_repeat.fth  wap_steps.fth with choose slots, which may read a
//	                    number twice (the default before it)
package sketches

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
)

//go:embed *.fth
var files embed.FS

// Names lists the embedded sketches, without the .fth suffix.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".fth"))
	}
	return names
}

// Embedded returns the source of an embedded sketch by name ("bubble",
// "bubble.fth" or "sketches/bubble.fth").
func Embedded(name string) (string, bool) {
	dir, base := path.Split(name)
	if dir != "" && dir != "sketches/" && dir != "./sketches/" {
		return "", false
	}
	if !strings.HasSuffix(base, ".fth") {
		base += ".fth"
	}
	b, err := files.ReadFile(base)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// MaxFileSize bounds the size of a sketch file that Load reads.
const MaxFileSize = 8 << 20

// Load reads a sketch: the file at name if it exists, otherwise the
// embedded sketch of that name. It returns the name to use in messages.
// Only regular files of at most MaxFileSize bytes are read, so that a
// device such as /dev/zero or a named pipe cannot exhaust memory or block.
func Load(name string) (file, src string, err error) {
	b, ferr := readFile(name)
	if ferr == nil {
		return name, string(b), nil
	}
	if src, ok := Embedded(name); ok && os.IsNotExist(ferr) {
		return name, src, nil
	}
	if os.IsNotExist(ferr) {
		return "", "", fmt.Errorf("sketch %s: no such file, and no embedded sketch of that name (embedded: %s)", name, strings.Join(Names(), ", "))
	}
	return "", "", fmt.Errorf("sketch %s: %w", name, ferr)
}

func readFile(name string) ([]byte, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	switch {
	case info.IsDir():
		return nil, fmt.Errorf("is a directory: expected a sketch file")
	case !info.Mode().IsRegular():
		return nil, fmt.Errorf("is not a regular file (a device, pipe or socket): expected a sketch file")
	case info.Size() > MaxFileSize:
		return nil, fmt.Errorf("file of %d bytes is too large: a sketch file may have at most %d bytes", info.Size(), MaxFileSize)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFileSize {
		return nil, fmt.Errorf("file is too large: a sketch file may have at most %d bytes", MaxFileSize)
	}
	return b, nil
}

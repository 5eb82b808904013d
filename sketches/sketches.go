// Package sketches holds the Forth sketches of the ∂4 paper, embedded so
// that the programs run from any directory:
//
//	bubble.fth          plain bubble sort (Listing 1, "a" lines)
//	sort_permute.fth    sort, Permute sketch (Listing 1, "b" lines)
//	sort_compare.fth    sort, Compare sketch (Listing 1, "c" lines)
//	add_manipulate.fth  addition, Manipulate sketch (Listing 2, "a" lines)
//	add_choose.fth      addition, Choose sketch (Listing 2, "b" lines)
//	wap.fth             the complete word algebra problem sketch (appendix)
package sketches

import (
	"embed"
	"fmt"
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

// Load reads a sketch: the file at name if it exists, otherwise the
// embedded sketch of that name. It returns the name to use in messages.
func Load(name string) (file, src string, err error) {
	b, ferr := os.ReadFile(name)
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

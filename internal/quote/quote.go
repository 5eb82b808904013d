// Package quote quotes text that comes from input (a file, a command line)
// in error messages, at most a few dozen characters of it, so that a huge
// token never makes a huge error line.
package quote

import (
	"fmt"
	"unicode/utf8"
)

// Max is the number of characters Short keeps.
const Max = 40

// Short quotes s as %q does, cut to Max characters with "…".
func Short(s string) string { return N(s, Max) }

// N quotes s as %q does, cut to n characters with "…".
func N(s string, n int) string {
	if utf8.RuneCountInString(s) > n {
		s = string([]rune(s)[:n]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// Package cli holds what the commands (d4, wap, tasks) share, so that they
// behave alike. Main runs a command's sub-commands (Command): --help,
// --version, and every error as one line on stderr, with exit status 2 for
// a bad command line (UsageError, Status) and 1 for any other, a failed
// write to stdout included; a panic is one "internal error" line. Flags
// may stand before and after the positional arguments (NewFlagSet, Parse;
// ParseFlags for a command that takes flags alone), and --help prints the
// usage and the flags; Given, Ints and PositiveInts read what flags hold,
// CheckFinite refuses a NaN or infinite float flag, and Optional is a flag
// whose absence means a default (a flag that names a value of a small
// type is enum.Names.Var). Progress goes to stderr on a bar (NewBar,
// LazyBar; where stderr is not a terminal, a line every few seconds), through a LineWriter that knows
// whether a line is open (a progress bar's), so that an error line starts
// a line of its own. Version is the line that --version prints, and
// Changes lists the settings a resumed training would change.
package cli

import (
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// Version returns the line `CMD --version` prints: the module version the
// binary was built at (go install …@version, or the pseudo-version of a
// checkout's commit), or "devel" with the VCS revision when there is
// none; then the Go version.
func Version(cmd string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Sprintf("%s devel (%s)", cmd, runtime.Version())
	}
	v := bi.Main.Version
	var extra []string
	if v == "" || v == "(devel)" {
		v = "devel"
		settings := map[string]string{}
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
		if r := settings["vcs.revision"]; r != "" {
			extra = append(extra, "revision "+r[:min(12, len(r))])
		}
		if t := settings["vcs.time"]; t != "" {
			extra = append(extra, t)
		}
		if settings["vcs.modified"] == "true" {
			extra = append(extra, "modified")
		}
	}
	extra = append(extra, bi.GoVersion)
	return fmt.Sprintf("%s %s (%s)", cmd, v, strings.Join(extra, ", "))
}

// CheckFinite returns an error naming the first float flag of fs whose
// value is NaN or infinite.
func CheckFinite(fs *flag.FlagSet) error {
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok || err != nil {
			return
		}
		if x, ok := g.Get().(float64); ok && (math.IsNaN(x) || math.IsInf(x, 0)) {
			err = fmt.Errorf("--%s must be a finite number, got %v", f.Name, x)
		}
	})
	return err
}

// LineWriter writes to W and remembers whether the last byte written ended
// a line, and the first error of writing.
type LineWriter struct {
	W    io.Writer
	mu   sync.Mutex
	open bool
	err  error
}

// Write writes p to W, noting whether it ends a line and any error.
func (l *LineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.W.Write(p)
	if n > 0 {
		l.open = p[n-1] != '\n'
	}
	if err != nil && l.err == nil {
		l.err = err
	}
	return n, err
}

// Err returns the first error of writing to W, if any: a command that does
// not check each write (fmt.Fprintf) still learns that its output failed.
func (l *LineWriter) Err() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}

// EndLine ends the open line, if any (a progress bar's), so that what is
// written next starts a line of its own.
func (l *LineWriter) EndLine() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open {
		io.WriteString(l.W, "\n")
		l.open = false
	}
}

// Setting is a flag's value in an earlier run and now.
type Setting struct {
	Flag     string
	Was, Now any
}

// Compare is the setting flag, with its value then and now.
func Compare(flag string, was, now any) Setting { return Setting{Flag: flag, Was: was, Now: now} }

// Changes lists the settings whose value changed, as "--lr 0.01, now
// 0.02; --batch 50, now 20" ("" when none did).
func Changes(settings ...Setting) string {
	var d []string
	for _, s := range settings {
		if s.Was != s.Now {
			d = append(d, fmt.Sprintf("%s %v, now %v", s.Flag, s.Was, s.Now))
		}
	}
	return strings.Join(d, "; ")
}

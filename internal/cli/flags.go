package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/d4lang/d4/internal/quote"
)

// UsageError is an error in the command line: the commands report it in
// one line and exit with status 2 (Status).
type UsageError struct{ Err error }

// Error returns the message of the error the command line caused.
func (e UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the error the command line caused.
func (e UsageError) Unwrap() error { return e.Err }

// Usagef returns a UsageError with the formatted message.
func Usagef(format string, args ...any) error { return UsageError{fmt.Errorf(format, args...)} }

// FlagUsagef is a usage error about fs's flags found after they parsed
// (two flags that do not go together), worded as Parse words a bad flag:
// the message, then where to read the flags.
func FlagUsagef(fs *flag.FlagSet, format string, args ...any) error {
	return flagUsage(fs, fmt.Errorf(format, args...))
}

// flagUsage is err as a usage error that says to run 'NAME --help'.
func flagUsage(fs *flag.FlagSet, err error) error {
	return UsageError{fmt.Errorf("%w; run '%s --help' for the flags", err, fs.Name())}
}

// Status is the exit status of a command that returned err: 0 for none or
// for --help (flag.ErrHelp), 2 for a UsageError, 1 for any other error.
func Status(err error) int {
	var ue UsageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		return 2
	}
	return 1
}

// NewFlagSet returns a flag set whose --help prints usage (one or more
// lines) and the flags to stderr. Parse reports every other error.
func NewFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintln(stderr, usage)
		var b strings.Builder
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fs.SetOutput(stderr)
		io.WriteString(stderr, typeNames(fs, b.String()))
	}
	return fs
}

// typeNames names the type of this package's flag values (IntVar,
// OptionalVar, StringVar) in flag.PrintDefaults's text, which calls any
// flag.Value not of the flag package a "value": "-epochs int".
func typeNames(fs *flag.FlagSet, defaults string) string {
	fs.VisitAll(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if name, _ := flag.UnquoteUsage(f); !ok || name != "value" {
			return
		}
		typ := map[string]string{"int": "int", "float64": "float", "string": "string"}[fmt.Sprintf("%T", g.Get())]
		if typ != "" {
			defaults = strings.Replace(defaults, "  -"+f.Name+" value\n", "  -"+f.Name+" "+typ+"\n", 1)
		}
	})
	return defaults
}

// Parse parses the flags of fs, which may stand before, between and after
// the positional arguments, and returns the positional arguments. A bad
// flag is a UsageError of one line that names it and says to run
// 'NAME --help' (fs.Name()), with nothing else printed; -h or --help calls
// fs.Usage and returns flag.ErrHelp.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				usage()
				return nil, err
			}
			return nil, flagUsage(fs, err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// Given reports whether the flag name was set on the command line.
func Given(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// Ints reads the value of the flag name as space-separated integers ("3 1
// 2"); a value that is not one is a UsageError naming it.
func Ints(name, s string) ([]int, error) {
	fields := strings.Fields(s)
	out := make([]int, len(fields))
	for i, f := range fields {
		x, err := strconv.Atoi(f)
		if errors.Is(err, strconv.ErrRange) {
			return nil, Usagef("%s: value %d, %s, is out of range for an integer", name, i+1, f)
		}
		if err != nil {
			return nil, Usagef("%s: value %d, %q, is not an integer (want space-separated integers, e.g. \"3 1 2\")", name, i+1, f)
		}
		out[i] = x
	}
	return out, nil
}

// PositiveInts reads a comma-separated list of positive integers ("2,4,8",
// spaces allowed around each).
func PositiveInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// ParseFlags parses the flags of a command that takes only flags (Parse)
// and checks them: a positional argument, or a NaN or infinite float flag
// (CheckFinite), is a UsageError of one line.
func ParseFlags(fs *flag.FlagSet, args []string) error {
	pos, err := Parse(fs, args)
	switch {
	case err != nil:
		return err
	case len(pos) > 0:
		return Usagef("unexpected argument %s (%s takes only flags)", quote.Short(pos[0]), fs.Name())
	}
	if err := CheckFinite(fs); err != nil {
		return UsageError{err}
	}
	return nil
}

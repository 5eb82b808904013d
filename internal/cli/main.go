package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Command is a sub-command of a command (d4 run, wap train): its name, a
// one-line summary for the usage, and Run, which parses its own flags from
// args, writes its results to stdout and its progress and --help to
// stderr.
type Command struct {
	Name, Summary string
	Run           func(args []string, stdout, stderr io.Writer) error
}

// InternalError is the exit status of a command that panicked: a bug,
// reported in one line.
const InternalError = 3

// Main runs the command line args of the command name, whose sub-commands
// are cmds, and returns its exit status. --help (-h, help) prints the usage
// to stderr, --version prints Version(name) to stdout, and anything else
// runs the sub-command it names. Every error is one line on stderr,
// "NAME SUB: message", with exit status 2 for a bad command line (a
// UsageError) and 1 for any other (Status); a failed write to stdout is
// such an error. A panic is reported in one line too, with status
// InternalError.
func Main(name string, cmds []Command, args []string, stdout, stderr io.Writer) (status int) {
	// An error line starts a line of its own, after a progress bar's.
	errw := &LineWriter{W: stderr}
	out := &LineWriter{W: stdout}
	prefix := name
	fail := func(msg string) {
		errw.EndLine()
		fmt.Fprintf(errw, "%s: %s\n", prefix, strings.Join(strings.Fields(msg), " "))
	}
	defer func() {
		if r := recover(); r != nil {
			fail(fmt.Sprintf("internal error (please report it): %v", r))
			status = InternalError
		}
	}()
	err := dispatch(name, cmds, args, out, errw, &prefix)
	// A command that failed because stdout did is reported as that.
	if ferr := finishStdout(out); ferr != nil && (Status(err) == 0 || errors.Is(err, out.Err())) {
		err = ferr
	}
	if status = Status(err); status != 0 {
		fail(err.Error())
	}
	return status
}

// dispatch runs what args ask for, setting *prefix to the sub-command's
// name ("d4 run") for its error line.
func dispatch(name string, cmds []Command, args []string, stdout, stderr io.Writer, prefix *string) error {
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = c.Name
	}
	if len(args) == 0 {
		return Usagef("no command given (commands: %s); run '%s --help' for usage", strings.Join(names, ", "), name)
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stderr, name, cmds)
		return flag.ErrHelp
	case "-version", "--version":
		fmt.Fprintln(stdout, Version(name)) // stdout keeps its errors for Main
		return nil
	}
	for _, c := range cmds {
		if c.Name == args[0] {
			*prefix = name + " " + c.Name
			return c.Run(args[1:], stdout, stderr)
		}
	}
	return Usagef("unknown command %q (commands: %s); run '%s --help' for usage", args[0], strings.Join(names, ", "), name)
}

// usage prints the command's usage: its sub-commands and their summaries.
func usage(w io.Writer, name string, cmds []Command) {
	width := 0
	for _, c := range cmds {
		width = max(width, len(c.Name))
	}
	fmt.Fprintf(w, "usage: %s COMMAND [flags] [args]\ncommands:\n", name)
	for _, c := range cmds {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.Name, c.Summary)
	}
	fmt.Fprintf(w, "Run '%[1]s COMMAND --help' for a command's flags, '%[1]s --version' for the version.\n", name)
}

// finishStdout closes stdout, the W of out, if it is a file (an error
// writing it may only show on closing), and returns the first error of
// writing to it or closing it.
func finishStdout(out *LineWriter) error {
	err := out.Err()
	if f, ok := out.W.(io.Closer); ok {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("writing to stdout: %w", err)
	}
	return nil
}

// Package docs holds the project's documentation, the Markdown pages beside
// this file that the README links to, and the test that keeps them true: every
// command the README or a page shows is run or checked by go test ./docs.
//
// A page shows commands in two kinds of fenced blocks. In a console block, a
// line "$ COMMAND" is a command, a following line "> MORE" continues it, and the
// other lines up to the next command are its output: what it prints on stdout,
// followed by stderr when it fails. In the output, "…" stands for any text
// within a line (a pid, a seed-dependent figure), and a line of "…" alone for
// any number of lines; seconds and milliseconds are compared as numbers of any
// value. In a sh block, every line that is not blank or a comment is a command
// whose output the page does not show. Any other block that holds a line
// starting with "$ " is an error: commands belong in console or sh blocks.
//
// The test builds d4, wap and tasks into a temporary directory on PATH, reads
// `go run ./cmd/NAME` and `./NAME` as that binary, and runs each page's commands
// in order in one bash session, in a working directory of its own that holds a
// copy of examples/, the repository's sketches/ and scripts/, and data/cc when
// the CC data are beside the repository (../shared/data/cc). Each command is
// classified by the first rule of the table in rules_test.go that matches it:
// run as written and compared with the page; run on a smaller training that the
// test prepares first (the page then shows the full training's output, which is
// not compared); run with fewer problems and updates; or, for a command that
// takes minutes, checked by running each d4, wap and tasks invocation in it with
// --help appended, which parses and validates every flag before it. A `go test`
// command is checked for its package and test names. A command that no rule
// matches fails the test, and so does a rule that matches no command, so that a
// new command cannot go unchecked and the table does not outlive the pages. A
// command that needs a tool that is missing (gforth, jq, python3, node and its
// packages) is skipped with a message that names it.
package docs

// Package data stores the project's datasets in Parquet files
// (github.com/parquet-go/parquet-go), so that every run trains and tests on
// exactly what the files hold and any Parquet tool (pyarrow, DuckDB,
// parquet-tools, …) can inspect them. It knows rows, columns and files,
// not tasks: a task keeps its rows here through WriteRows and ReadRows (the
// word algebra task's prepared problems, package wap's Row) or through the
// DATA files below (the sort and addition tasks, package tasks).
//
// WriteRows writes the rows of any struct type with parquet tags, and
// ReadRows reads them back from the file's own layout (below). Fields
// tagged "list" are written in the three-level LIST layout of the Parquet
// specification.
//
// Every writer of the package (WriteRows, WriteExamples) writes
// atomically: the rows go to a temporary file in the destination's
// directory, which is synced and then renamed over the destination, so a
// reader never sees a half-written file and a failed write leaves any
// previous file in place. Every file the package writes is
// zstd-compressed. ReadRows reads each column from the file's own layout,
// as other tools write it (DuckDB and pyarrow make every column optional):
// required or optional columns and elements, integers of any width,
// signed or unsigned, three-level LIST or bare repeated lists, any
// compression; extra columns are ignored. A missing column, or one of
// another kind (strings for integers, a list for a scalar), is an error
// wrapping the schema error the caller gives rather than a set of
// zero-filled rows, unless its field is tagged `data:"optional"` (a column
// added since older files were written, zero in their rows); a null, or an integer beyond the field's width, is an
// error naming the row (counted from 1) and the column. Lists read back
// are never nil: an empty list is an empty slice.
//
// DATA files (ReadExamples, WriteExamples) are what `d4 train` and `d4 eval`
// read and the tasks write: one example a row, the initial data stack
// "input" and the final data stack "output", bottom to top. A ".jsonl"
// file has one object {"input": [...], "output": [...]} a line; a
// ".parquet" file has the columns input and output as lists of integers,
// read from the file's own layout: three-level LIST or bare repeated
// fields, required or optional lists and elements (DuckDB and pyarrow
// write them optional), any integer width, signed or unsigned, any
// compression. Values are integers from 0 to MaxValue; a null list or
// element, a negative or fractional value, a missing column are errors
// that name the file and the line or row (counted from 1).
//
// The package also holds the two ideas every task shares: Example, the
// one input/output pair (a DATA file's row, a task's example, ∂4's and the
// Seq2Seq baseline's training pair) with Set, examples and the file they
// came from; and Split, the train, dev and test splits of a task's
// dataset and of a word-problem source.
//
// Bounds. Every size a file states is checked before anything is
// allocated for it: a JSONL line is read up to a cap and parsed as a
// stream, a list of more than MaxRowLen values refused as it is read; a
// Parquet file's footer, page headers and page sizes are checked against
// the bytes the file holds and fixed bounds before parquet-go reads them;
// a file holds at most MaxRows rows. A panic of parquet-go on a damaged
// file is an error that names the file.
package data

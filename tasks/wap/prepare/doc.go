// Package prepare makes the word-problem task's data: Prepare reads a
// source's problems (package source: CC, generated, …), adds generated
// problems to the training split if asked, and copies of its problems
// with a sentence of another training problem inserted (a number the
// question does not use: Config.Augment, augment.go; with
// Config.AugmentOwn, one of the story's own sentences told of another
// thing, own.go; Config.UnusedDev does it to the dev split, to measure
// on), tokenises every problem and
// reads its numbers (package reader), skips those the model cannot take
// or whose equation does not give their answer (EquationGives; counted
// and listed by reason in the Summary, with the file and line where the
// source gives them), learns the WordPiece
// vocabulary from the training split only, and writes tokenizer.json and
// tokenizer_config.json (a Hugging Face tokenizer), train.parquet,
// dev.parquet, test.parquet and prepared.json. LoadPrepared reads them
// back, and Problems turns rows into the problems the model reads.
// PrepareFolds prepares each fold of a cross-validation into OUT/foldK,
// and PreparedFolds finds those folds again for training and evaluation
// (both through Folds, which follows links to fold directories and
// refuses what is not one). Prepare refuses, before it starts, a
// preparation MemoryNeeded says does not fit in the machine's memory
// (package internal/memory), and tells Config.Progress how far it is.
// CheckReplace and CheckReplaceFolds refuse to replace data that another
// recipe prepared (wap prepare's --force asks for it).
//
// The word-problem task's data settings live here too: the directories
// the commands take by default (DefaultDir, DefaultOut), the generated
// problems a source gets unless asked otherwise (GeneratedFor, MixFor:
// CC's DefaultGenerated problems of its five patterns, none for the other
// sources), the mix of problems a sketch takes (MixForLayout), and
// LoadOrSynthesise, which prepares generated problems where there are
// none.
//
// The Parquet files hold one Row a problem (WriteRows, ReadRows, stored
// through package data), in one plain schema:
//
//	message WAPRow {
//	  required int64 id;
//	  required binary text (STRING);
//	  required group tokens (LIST) { repeated group list { required binary element (STRING); } }
//	  required group token_ids (LIST) { repeated group list { required int32 element; } }
//	  required group num_pos (LIST) { repeated group list { required int32 element; } }
//	  required group numbers (LIST) { repeated group list { required int32 element; } }
//	  required int32 answer;
//	  required binary equation (STRING);
//	  required binary pattern (STRING);
//	  required binary source (STRING);
//	  required binary type (STRING);
//	  required binary variation (STRING);
//	  required int32 grade;
//	}
//
// token_ids has one id per token, num_pos the increasing token positions of
// the numbers, numbers their values; source names the problem's source
// ("cc", "synthetic"), pattern is one of the five CC patterns or "other".
// type, variation and grade are what the source says of the problem's kind
// (source.Problem's Type, Variation and Grade: SVAMP's Type and Variation
// Type, ASDiv-A's Type and Grade), empty or 0 where it says nothing; they
// were added later, and files without them read as empty.
// Both functions refuse rows where these disagree; writes are atomic and
// compressed, and reading accepts the layouts other tools write (a missing
// column or one of another kind is an error wrapping data.ErrSchema).
package prepare

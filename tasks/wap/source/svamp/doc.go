// Package svamp reads the word problems of the SVAMP repository
// (github.com/arkilpatel/SVAMP; Patel, Bhattamishra and Goyal, "Are NLP
// Models really able to Solve Simple Math Word Problems?", NAACL 2021): the
// SVAMP challenge set and the cross-validation folds of MAWPS and ASDiv-A
// that the field reports on. Its two sources (source.Source) are the two
// formats of that repository.
//
// JSON is SVAMP.json, the 1000 SVAMP problems: an array of objects with ID
// ("chal-17"), Body, Question, Equation (infix over the literal numbers,
// "( 76.0 - 25.0 )"), Answer and Type. SVAMP is a test set only, so the
// Dataset has only a test split. A problem's ID is the number at the end of
// its ID, its text the Body and the Question joined by a space, its
// Equation the file's with "X=" before it and no spaces ("X=(76.0-25.0)").
//
// Fold is a directory of CSV files, one fold of a cross-validation
// (cv_mawps/fold0, cv_asdiv-a/fold3) or the SVAMP setting
// (mawps-asdiv-a_svamp): train.csv is the training split and dev.csv, the
// fold's held-out part, the test split, so that a figure on the test split
// is the fold's figure. The dev split is carved from train.csv: the rows
// whose question text (numbers put back) has a SHA-256 whose first 8
// bytes, a big-endian number, are divisible by DevEvery (10): about one in
// ten, the same in every fold, identical texts (MAWPS repeats some rows)
// always together. Each split
// keeps its file's order.
//
// A CSV row has the columns Question (the text, tokenised, its numbers
// written number0, number1, … in text order), Numbers (their values,
// space-separated), Equation (prefix notation over numberK and constants),
// Answer, and optionally Type, Variation Type (SVAMP) and Grade (ASDiv-A);
// other columns are ignored. A problem's ID is the line its row starts on,
// its text the Question with each numberK replaced by its value: a value
// that is a whole number is written without decimals ("8.0" becomes "8"),
// and a value with more than MaxDecimals decimal places that is the
// nearest float64 to p/q for a denominator q ≤ MaxDenominator is written
// as that fraction ("7.666666666666667" becomes "23/3", the smallest such
// q); any other value is written as the shortest decimal that reads back
// as it ("28.3", "0.6667"). The Equation is the prefix one written in
// CC's format, every operation in parentheses, numbers as in the text (a
// fraction in parentheses), constants as numbers: "* number0 + number1
// number2" with Numbers "8.0 4.0 6.0" is "X=(8*(4+6))". Answer is the
// file's, even where it disagrees with the equation (a few MAWPS rows do;
// package prepare leaves them out, naming the problem's Where, its file
// and line, as both sources set it).
//
// Every fault is one error naming the file and line: a missing file (a
// fold directory without train.csv or dev.csv), a missing column, a row
// with a value that is not a number, a numberK beyond the Numbers or a
// number the question does not use, an equation that does not parse.
package svamp

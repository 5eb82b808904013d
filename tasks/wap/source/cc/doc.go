// Package cc reads the Common Core (CC) word algebra dataset (Roy and Roth,
// "Solving General Arithmetic Word Problems", EMNLP 2015) that the word
// algebra task of package wap trains and tests on, and parses its
// equations.
//
// A CC directory holds questions.json, a JSON array of problems (iIndex,
// sQuestion, lEquations, lSolutions), and three split files, train.tsv,
// dev.tsv and test.tsv, each listing the iIndex of its problems one a line
// (300, 100 and 200 problems in the paper's split). Load reads them into
// Problems, checking that every listed id is in questions.json and that no
// problem is in two splits; any fault is one error naming the file and
// line.
//
// Every CC equation has three numbers and one of five patterns,
// (a+b)−c, a·(b+c), (a+b)/c, a·(b−c) and (a−b)/c, with a, b and c in the
// order the numbers appear. EvalEquation evaluates an equation in CC's
// format ("X=((32.0+42.0)-35.0)"), EquationNumbers lists its numbers and
// EquationPattern names its pattern (PatternOther for any other shape);
// ParseEquation gives its tree. The model learns from questions and
// answers, or with `wap train --supervise equations` from the equations'
// trees. Package synth makes problems of the same kind.
package cc

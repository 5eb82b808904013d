#!/usr/bin/env python3
"""Writes the example data of docs/sketches.md: examples/max_{train,dev,test}.jsonl and
examples/absdiff_{train,dev,test}.jsonl, one row a line, {"input": [...], "output": [...]}
(the initial and the final data stack, bottom to top).

    python3 scripts/make_examples.py [DIR]     (DIR: default examples)

max: 1000 training and 100 dev rows of 4 values 0..15, then n, and 100 test rows of 10 values;
the output is the largest value. absdiff: the 256 pairs a, b of 0..15, shuffled: 160 training and
40 dev pairs, and all 256 sorted for testing; the output is |a - b|. The seeds are fixed, so the
files are the committed ones, byte for byte.
"""
import json
import os
import random
import sys


def write(path, rows):
    with open(path, "w") as f:
        for i, o in rows:
            f.write(json.dumps({"input": i, "output": o}) + "\n")


def largest(n, count):
    """count rows of n values 0..15, then n; output: the largest."""
    rows = []
    for _ in range(count):
        a = [random.randrange(16) for _ in range(n)]
        rows.append((a + [n], [max(a)]))
    return rows


def absdiff(path, pairs):
    write(path, [([a, b], [abs(a - b)]) for a, b in pairs])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "examples"
    random.seed(1)
    write(os.path.join(out, "max_train.jsonl"), largest(4, 1000))
    write(os.path.join(out, "max_dev.jsonl"), largest(4, 100))
    write(os.path.join(out, "max_test.jsonl"), largest(10, 100))
    random.seed(2)
    pairs = [(a, b) for a in range(16) for b in range(16)]
    random.shuffle(pairs)
    absdiff(os.path.join(out, "absdiff_train.jsonl"), pairs[:160])
    absdiff(os.path.join(out, "absdiff_dev.jsonl"), pairs[160:200])
    absdiff(os.path.join(out, "absdiff_test.jsonl"), sorted(pairs))


if __name__ == "__main__":
    main()

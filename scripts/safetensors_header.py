#!/usr/bin/env python3
"""Prints the header of a safetensors file (model.safetensors, checkpoint.safetensors) with
Python's standard library alone, to show that the format needs no special reader.

    python3 scripts/safetensors_header.py FILE              the tensors: {name: dtype[shape]}
    python3 scripts/safetensors_header.py FILE KEY ...      the number of tensors and the
                                                            metadata's values of the KEYs
                                                            (a.b.c: field b.c of the JSON
                                                            value of metadata key a)

A safetensors file starts with the length of its JSON header (8 bytes, little-endian), then the
header: each tensor's name, dtype, shape and offsets, and "__metadata__" (strings).
"""
import json
import struct
import sys


def header(path):
    with open(path, "rb") as f:
        return json.loads(f.read(struct.unpack("<Q", f.read(8))[0]))


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: python3 scripts/safetensors_header.py FILE [KEY ...]")
    h = header(sys.argv[1])
    keys = sys.argv[2:]
    if not keys:
        print({name: t["dtype"] + str(t["shape"]) for name, t in h.items() if name != "__metadata__"})
        return
    meta = h.get("__metadata__", {})
    print(len(h) - ("__metadata__" in h), "tensors;", {k: lookup(meta, k) for k in keys})


def lookup(meta, key):
    """The metadata's value of key; a.b.c descends into the JSON value of a."""
    first, *rest = key.split(".")
    value = meta.get(first)
    if rest and value is not None:
        value = json.loads(value)
        for part in rest:
            value = value.get(part) if isinstance(value, dict) else None
    return value


if __name__ == "__main__":
    main()

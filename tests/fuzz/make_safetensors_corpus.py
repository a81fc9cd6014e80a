#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the seed corpus of fuzz_safetensors (tests/fuzz/corpus/safetensors/): valid files (with and without
__metadata__, zero-size tensors, every element size) and each refusal of the reader (lying or huge header
length, holes, overlaps, span size, trailing data, bad JSON). Deterministic; no numpy needed."""
import json
import os
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "safetensors")


def file_of(header, data, length=None):
    text = json.dumps(header, separators=(",", ":")).encode()
    return struct.pack("<Q", len(text) if length is None else length) + text + data


def entry(dtype, shape, begin, end):
    return {"dtype": dtype, "shape": shape, "data_offsets": [begin, end]}


def seeds():
    two = {"a": entry("F32", [2, 2], 0, 16), "b": entry("BF16", [3], 16, 22), "__metadata__": {"format": "pt"}}
    yield "valid-two", file_of(two, bytes(22))
    yield "valid-empty", file_of({}, b"")
    yield "valid-zero-size", file_of({"z": entry("F16", [0, 4], 0, 0), "a": entry("F16", [2], 0, 4)}, bytes(4))
    sizes = {"F64": 8, "I64": 8, "F32": 4, "I32": 4, "F16": 2, "I16": 2, "U16": 2, "U8": 1, "I8": 1, "BOOL": 1,
             "F8_E4M3": 1, "F8_E5M2": 1}
    header, offset = {}, 0
    for dtype, size in sizes.items():
        header[dtype.lower()] = entry(dtype, [2], offset, offset + 2 * size)
        offset += 2 * size
    yield "valid-every-dtype", file_of(header, bytes(offset))
    yield "lying-length", file_of(two, bytes(22), length=200)
    yield "huge-length", file_of(two, bytes(22), length=1 << 40)
    yield "short", b"\x05\x00\x00"
    yield "holed", file_of({"a": entry("F32", [2], 0, 8), "b": entry("F32", [1], 12, 16)}, bytes(16))
    yield "overlapping", file_of({"a": entry("F32", [2], 0, 8), "b": entry("F32", [2], 4, 12)}, bytes(12))
    yield "span-size", file_of({"a": entry("F32", [3], 0, 8)}, bytes(8))
    yield "trailing-data", file_of({"a": entry("F32", [2], 0, 8)}, bytes(12))
    yield "truncated-data", file_of({"a": entry("F32", [4], 0, 16)}, bytes(8))
    yield "f4-dtype", file_of({"a": entry("F4", [2], 0, 1)}, bytes(1))
    yield "bad-metadata", file_of({"__metadata__": {"n": 1}}, b"")
    yield "huge-shape", file_of({"a": entry("F32", [1 << 32, 1 << 32, 1 << 32], 0, 8)}, bytes(8))
    text = b'{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]'
    yield "bad-json", struct.pack("<Q", len(text)) + text + bytes(8)


def main():
    os.makedirs(ROOT, exist_ok=True)
    for name, data in seeds():
        with open(os.path.join(ROOT, name + ".safetensors"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the seed corpus of the fuzz targets (tests/fuzz/corpus/<target>/): every measured failure
of the upload parser (wrapping sizes, oversized numbers, truncated files, silent substitutions,
long messages) and every case of the parser's Catch2 tests, as small files. Deterministic;
run again after adding a case. No numpy needed: .npy files are built byte by byte as numpy writes them."""
import json
import math
import os
import struct
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def npy_raw(dict_text, data=b"", version=1, header_len=None):
    prefix = 10 if version == 1 else 12
    header = dict_text + " " * (64 - (prefix + len(dict_text) + 1) % 64) + "\n"
    length = len(header) if header_len is None else header_len
    size = struct.pack("<H", length) if version == 1 else struct.pack("<I", length)
    return b"\x93NUMPY" + bytes([version, 0]) + size + header.encode("latin1") + data


def dict_text(descr, shape, fortran=False):
    tup = "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"
    return "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (descr, "True" if fortran else "False", tup)


def npy(descr, shape, values, fortran=False, version=1):
    fmt = {"<f8": "<d", ">f8": ">d", "<f4": "<f", "<i4": "<i", "<i8": "<q", "<u2": "<H", "<f2": "<H",
           "|u1": "B", "|b1": "B", "|i1": "b", "|O": "<d"}[descr]
    return npy_raw(dict_text(descr, shape, fortran), b"".join(struct.pack(fmt, v) for v in values), version)


def inputs():
    dense = [1, 0, 2, 0, 0, 3]
    eight = [0.0] * 64
    for i in range(4):
        eight[i * 8 + i] = 1.0
    c3 = [100 * i + 10 * j + k for i in range(2) for j in range(3) for k in range(2)]
    f3 = [100 * i + 10 * j + k for k in range(2) for j in range(3) for i in range(2)]
    good_v2 = npy("<f8", [2, 2], [1, 0, 0, 1], version=2)
    files = {
        # sizes that wrap around
        "npy-u1-2pow32-squared-16-bytes.npy": npy_raw(dict_text("|u1", [2**32, 2**32]), b"\x01" * 16),
        "npy-f8-2pow31-squared.npy": npy_raw(dict_text("<f8", [2**31, 2**31]), b"\x00" * 64),
        "npy-f8-2pow62-by-4.npy": npy_raw(dict_text("<f8", [2**62, 4]), b"\x00" * 8),
        # a 30-digit shape
        "npy-shape-30-digits.npy": npy_raw("{'descr': '<f8', 'fortran_order': False, "
                                           "'shape': (123456789012345678901234567890, 1), }"),
        "json-shape-30-digits.json": b'{"shape": [123456789012345678901234567890, 1], "data": [1]}',
        # a 10-byte version 2 file, truncated headers
        "npy-v2-10-bytes.npy": b"\x93NUMPY\x02\x00\x76\x00",
        "npy-v2-truncated-40.npy": good_v2[:40],
        "npy-v2-header-len-4GiB.npy": b"\x93NUMPY\x02\x00\xff\xff\xff\xff{}",
        "npy-truncated-data.npy": npy("<f8", [2, 3], dense)[:100],
        # the header's shape is authoritative
        "npy-all-zero-3x3.npy": npy("<f8", [3, 3], [0] * 9),
        "npy-8x8-empty-trailing-rows.npy": npy("<f8", [8, 8], eight),
        "npy-4097-claim-short.npy": npy_raw(dict_text("|u1", [4097, 4097]), b"\x01"),
        "csv-index-4096.csv": b"0,0,1\n4096,0,1\n",
        "json-n-4097.json": b'{"n": 4097, "entries": [[0, 1, 2.5]]}',
        # dtypes, orders, versions
        "npy-f8-2x3.npy": npy("<f8", [2, 3], dense),
        "npy-f4-2x3.npy": npy("<f4", [2, 3], dense),
        "npy-i4-2x3.npy": npy("<i4", [2, 3], dense),
        "npy-i8-2x3.npy": npy("<i8", [2, 3], dense),
        "npy-u2-2x3.npy": npy("<u2", [2, 3], dense),
        "npy-u1-2x3.npy": npy("|u1", [2, 3], dense),
        "npy-b1-2x3.npy": npy("|b1", [2, 3], [1, 0, 7, 0, 0, 1]),
        "npy-i1-neg.npy": npy("|i1", [1, 2], [-1, -128]),
        "npy-f2.npy": npy("<f2", [1, 2], [0x3C00, 0xC100]),
        "npy-f2-inf.npy": npy("<f2", [1, 2], [0x3C00, 0x7C00]),
        "npy-v2.npy": good_v2,
        "npy-v3.npy": npy("<f8", [2, 3], dense, version=3),
        "npy-fortran-2x3.npy": npy("<f8", [2, 3], [1, 0, 0, 0, 2, 3], fortran=True),
        "npy-fortran-2x3x2.npy": npy("<f8", [2, 3, 2], f3, fortran=True),
        "npy-c-2x3x2.npy": npy("<f8", [2, 3, 2], c3),
        "npy-big-endian.npy": npy(">f8", [2, 3], dense),
        "npy-object.npy": npy("|O", [2, 3], dense),
        "npy-1d.npy": npy("<f8", [6], dense),
        "npy-nan.npy": npy("<f8", [2, 2], [1, 0, math.nan, 1]),
        "npy-inf.npy": npy("<f8", [2, 3], [1, 0, math.inf, 0, 0, 3]),
        "npy-negative.npy": npy("<f8", [2, 2], [1, 0, -1, 1]),
        "npy-0x0.npy": npy("<f8", [0, 0], []),
        "npy-trailing-bytes.npy": npy("<f8", [2, 3], dense + [7]),
        "npy-structured.npy": npy_raw("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (1, 1)}",
                                      b"\x00" * 8),
        "npy-complex.npy": npy_raw(dict_text("<c16", [1, 1]), b"\x00" * 16),
        "npy-missing-shape.npy": npy_raw("{'descr': '<f8', 'fortran_order': False, }", b"\x00" * 8),
        "npy-repeated-key.npy": npy_raw("{'descr': '<f8', 'descr': '<f8', 'fortran_order': False, 'shape': (1, 1)}",
                                        b"\x00" * 8),
        "npy-long-suffix.npy": npy_raw("{'descr':'<f8','fortran_order':False,'shape':(1L, 1L)}", struct.pack("<d", 1)),
        "npy-version-4.npy": b"\x93NUMPY\x04\x00\x10\x00" + b" " * 16,
        "npy-descr-newline.npy": npy_raw("{'descr': 'x\nx', 'fortran_order': False, 'shape': (1, 1)}"),
        "not-npy.npy": b"i,j,value\n",
        # CSV (the old Vitest cases and more)
        "csv-good.csv": b"# a pattern\ni,j,value\n0,0,1.5\n\n2, 1, -3e-2\n1;2;4\n3\t3\t1\n4 0 2\r\n",
        "csv-bad-field.csv": b"0,0,1\n1,x,2\n",
        "csv-two-fields.csv": b"0,0,1\n1,1\n",
        "csv-negative-index.csv": b"0,0,1\n-1,0,2\n",
        "csv-fraction-index.csv": b"0,0,1\n1.5,0,2\n",
        "csv-nan.csv": b"0,0,NaN\n",
        "csv-abc.csv": b"0,0,abc\n",
        "csv-comment-only.csv": b"# only a comment\n",
        "csv-repeat.csv": b"i,j,v\n0,0,1\n1,1,1\n0,0,2\n",
        "csv-all-zero.csv": b"0,0,0\n1,1,0\n",
        "csv-empty-field.csv": b"0,,1\n",
        "csv-hex.csv": b"0x1,0,1\n",
        "csv-dense.csv": b"a,b,c\n1,2,3\n# note\n4;5;6\n",
        "csv-ragged.csv": b"1 2 3\n4 5\n",
        "csv-long-value.csv": b"0,0,1\n0,1," + b"z" * 2000 + b"\n",
        "csv-control.csv": b"0,0,1\n0,1,a\x01\x7f\n",
        # JSON
        "json-entries.json": b'{"entries": [[0, 1, 2.5], [3, 0, -1]]}',
        "json-n4.json": b'{"n": 4, "entries": [[0, 1, 2.5]]}',
        "json-n1.json": b'{"n": 1, "entries": [[0, 1, 2.5]]}',
        "json-short-entry.json": b'{"entries": [[0, 1, 2.5], [3, 0]]}',
        "json-string-field.json": b'{"entries": [[0, "a", 2.5]]}',
        "json-fraction.json": b'{"entries": [[0, 1.5, 2.5]]}',
        "json-rows.json": b'{"rows": []}',
        "json-empty.json": b'{"entries": []}',
        "json-unterminated.json": b'{"entries": [[0, 1, 2]',
        "json-repeat.json": b'{"entries": [[0, 1, 2], [0, 1, 3]]}',
        "json-duplicate-key.json": b'{"entries": [[0, 1, 2]], "entries": []}',
        "json-huge-number.json": b'{"entries": [[0, 0, 1e999]]}',
        "json-skipped.json": b'{"note": {"a": [1, [2, {"b": null}]]}, "entries": [[0, 0, 1]]}',
        "json-shape-data.json": b'{"shape": [2, 1, 3], "data": [1, 2, 3, 4, 5, 6]}',
        "json-nested.json": b"[[1, 2, 3], [4, 5, 6]]",
        "json-ragged.json": b"[[1, 2, 3], [4, 5]]",
        "json-mixed-depth.json": b"[[1, 2], [3, [4]]]",
        # paper 3's head bundles (read by the head rules: q, attention)
        "bundle-qk.json": b'{"format": "qk", "scale": 0.125, "name": "L3H7", '
                          b'"q": [[1, 2], [3, 4]], "k": [[5, 6], [7, 8]]}',
        "bundle-heads.json": b'{"format": "qk", "tokens": ["a", "b"], '
                             b'"heads": [{"q": [[1, 2]], "k": [[3, 4]]}, {"k": [[5, 6]], "q": [[7, 8]]}]}',
        "bundle-attn.json": b'{"format": "attn", "p": [[0.5, 0.5], [1, 0]]}',
        "bundle-mismatch.json": b'{"format": "qk", "heads": [{"q": [[1, 2]]}, {"q": [[1], [2]]}]}',
        "bundle-both.json": b'{"format": "qk", "q": [[1]], "heads": [{"q": [[1]]}]}',
        "bundle-no-format.json": b'{"q": [[1, 2]], "k": [[1, 2]]}',
        "json-huge-shape.json": b'{"shape": [4294967296, 4294967296], "data": [1, 2]}',
        "json-shape-mismatch.json": b'{"shape": [3, 2], "data": [[1, 2, 3], [4, 5, 6]]}',
        "json-grid-pattern.json": b"[[0, 2, 0], [0, 0, 0], [0, 0, 0]]",
        "json-deep.json": b"[" * 200 + b"]" * 200,
        "json-deep-skipped.json": b'{"x": ' + b"[" * 200 + b"]" * 200 + b"}",
        "json-string-newline.json": b'{"entries": [[0, 0, "a\\nb"]]}',
    }
    return files


def params():
    cases = [
        {}, {"n": "512"}, {"n": 512}, {"n": "abc"}, {"n": "0x10"}, {"n": "+16"}, {"n": " 16"}, {"n": 1e300},
        {"n": [1, 2]}, {"n": None}, {"n": True}, {"beta": "-5"}, {"beta": "0"}, {"beta": "1e-320"},
        {"geometry": "cube"}, {"geometry": "ball"}, {"ns": "16,"}, {"ns": "16,32,64"}, {"ns": [16, "32"]},
        {"ns": ",".join(["16"] * 100)}, {"eps": "0.5,0.2"}, {"eps": "1"}, {"seed": "18446744073709551616"},
        {"seed": "-1"}, {"budget": "1e9"}, {"budget": "0"}, {"zzz": 1}, {"n": "9" * 400},
    ]
    files = {"params-%02d.json" % k: json.dumps(c).encode() for k, c in enumerate(cases)}
    files["params-not-object.json"] = b"[1, 2]"
    files["params-nested.json"] = b'{"n": {"a": 1}}'
    files["params-nan-text.json"] = b'{"beta": "nan"}'
    return files


def main():
    for target, files in (("inputs", inputs()), ("params", params())):
        folder = os.path.join(ROOT, target)
        os.makedirs(folder, exist_ok=True)
        for name, data in sorted(files.items()):
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        print("%s: %d files in %s" % (target, len(files), os.path.relpath(folder)), file=sys.stderr)


if __name__ == "__main__":
    main()

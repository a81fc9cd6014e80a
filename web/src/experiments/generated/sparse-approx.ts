// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** sparse-approx: its parameters, named inputs and result shape, as its core declares them. */
export const SPARSE_APPROX_SCHEMA = {
  "id": "sparse-approx",
  "family": "sparse",
  "module": "sparse",
  "singleJob": true,
  "hasTheory": false,
  "params": [
    {
      "key": "n",
      "kind": "int",
      "default": 256,
      "min": 8,
      "max": 4096,
      "unit": "tokens",
      "help": "Size of the n × n pattern A (an uploaded pattern brings its own n)."
    },
    {
      "key": "k",
      "kind": "int",
      "default": 2,
      "min": 1,
      "max": 16,
      "help": "Sparsity: at most k nonzeros in every row and column of A."
    },
    {
      "key": "gamma",
      "kind": "real",
      "default": 2,
      "min": 1,
      "max": 1000000,
      "help": "Dynamic range: within a row, largest nonzero / smallest nonzero ≤ γ (weights log-uniform in [1, γ])."
    },
    {
      "key": "eps1",
      "kind": "real",
      "default": 1,
      "min": 0,
      "max": 10,
      "minOpen": true,
      "help": "Spread condition: ratios of nonzeros kept within a factor 1 + ε1."
    },
    {
      "key": "eps2",
      "kind": "real",
      "default": 0.5,
      "min": 0,
      "max": 1,
      "minOpen": true,
      "maxOpen": true,
      "help": "Gap condition: every zero of A stays below ε2 times each nonzero of its row."
    },
    {
      "key": "d",
      "kind": "int",
      "default": 384,
      "min": 1,
      "max": 16384,
      "help": "Projection width: columns of Y; the input X = [X(1) | X(2)] has hidden size 2d."
    },
    {
      "key": "causal",
      "kind": "enum",
      "default": "0",
      "values": [
        "0",
        "1"
      ],
      "help": "Causal attention: masks the entries above the diagonal, so A is lower-triangular."
    },
    {
      "key": "proj",
      "kind": "enum",
      "default": "gauss",
      "values": [
        "gauss",
        "orth"
      ],
      "help": "The random projection Y: Gaussian N(0, 1/d) entries, or an orthogonal (Haar) frame, exact at d = n."
    },
    {
      "key": "split",
      "kind": "enum",
      "default": "asym",
      "values": [
        "asym",
        "sym"
      ],
      "help": "How X(1), X(2) factor B: as B·G and G (asymmetric, no SVD), or as UΣ½ and VΣ½ (symmetric, the paper's likely reading)."
    },
    {
      "key": "delta",
      "kind": "real",
      "default": 0,
      "min": 0,
      "max": 100,
      "help": "Offset Δ added to the nonzeros of B; 0 means the proof's value ln(1/ε2) + ln(1+ε1)."
    },
    {
      "key": "redraws",
      "kind": "int",
      "default": 20,
      "min": 1,
      "max": 1000,
      "help": "Las Vegas loop: draw a fresh Y until (23) and (24) hold, at most this many times."
    },
    {
      "key": "row",
      "kind": "int",
      "default": 0,
      "min": 0,
      "max": 4095,
      "help": "The row whose A and M entries are overlaid (0-based)."
    },
    {
      "key": "scale",
      "kind": "enum",
      "default": "log",
      "values": [
        "log",
        "linear"
      ],
      "help": "Colour scale shared by the A and M heatmaps; a logarithmic scale shows how small the zeros of A become in M."
    },
    {
      "key": "px",
      "kind": "int",
      "default": 256,
      "min": 16,
      "max": 1024,
      "unit": "cells",
      "help": "Heatmaps larger than this are downsampled, keeping the largest entry of each block."
    },
    {
      "key": "budget",
      "kind": "real",
      "default": 1024,
      "min": 1,
      "max": 4000,
      "unit": "MiB",
      "help": "Runs that would need more memory are refused, with an explanation, before anything is allocated."
    },
    {
      "key": "seed",
      "kind": "int",
      "default": 1,
      "min": 0,
      "max": 9007199254740991,
      "help": "Every random number derives from this seed: the same seed gives the same numbers everywhere."
    },
    {
      "key": "rng",
      "kind": "enum",
      "default": "ziggurat",
      "values": [
        "box-muller",
        "ziggurat"
      ],
      "help": "Which random-number recipe turns the seed into numbers. box-muller: the recipe of links made before December 2026 (kept so they reproduce exactly); ziggurat: about 10× faster at making the numbers (whole runs up to 3× faster), the default for new links."
    }
  ],
  "inputs": [
    {
      "name": "pattern",
      "kind": "sparse-pattern",
      "minRank": 2,
      "maxRank": 2,
      "minSide": 8,
      "maxSide": 4096,
      "square": true,
      "nonNegative": true,
      "formats": [
        "csv",
        "tsv",
        "txt",
        "npy",
        "json"
      ],
      "replaces": [
        "n",
        "k",
        "gamma"
      ]
    }
  ],
  "result": {
    "pass": "bool",
    "tries": "int",
    "n": "int",
    "d": "int",
    "uploaded": "bool",
    "measuredK": "int",
    "rho": "number",
    "shapes": {
      "x": "int[]",
      "wq": "int[]",
      "wk": "int[]"
    },
    "spread": {
      "worst": "number",
      "threshold": "number"
    },
    "gap": {
      "worst": "number|null",
      "threshold": "number"
    },
    "worstRow": {
      "spread": "int",
      "gap": "int"
    },
    "rowSpread": "number[]",
    "rowGap": "(number|null)[]",
    "heatmapA": {
      "rows": "int",
      "cols": "int",
      "data": "number[]"
    },
    "heatmapM": {
      "rows": "int",
      "cols": "int",
      "data": "number[]"
    },
    "row": "int",
    "rowA": "number[]",
    "rowM": "number[]",
    "delta": "number",
    "bound": "number"
  }
} as const;

/** The result of sparse-approx, as its core declares it. */
export interface SparseApproxResult {
  pass: boolean;
  tries: number;
  n: number;
  d: number;
  uploaded: boolean;
  measuredK: number;
  rho: number;
  shapes: {
    x: number[];
    wq: number[];
    wk: number[];
  };
  spread: {
    worst: number;
    threshold: number;
  };
  gap: {
    worst: number | null;
    threshold: number;
  };
  worstRow: {
    spread: number;
    gap: number;
  };
  rowSpread: number[];
  rowGap: (number | null)[];
  heatmapA: {
    rows: number;
    cols: number;
    data: number[];
  };
  heatmapM: {
    rows: number;
    cols: number;
    data: number[];
  };
  row: number;
  rowA: number[];
  rowM: number[];
  delta: number;
  bound: number;
}

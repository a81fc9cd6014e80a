// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

export const SCHEMAS = [
  {
    "id": "attention-map",
    "family": "attention",
    "singleJob": true,
    "hasTheory": false,
    "params": [
      {
        "key": "n",
        "kind": "int",
        "default": 256,
        "min": 2,
        "max": 4096,
        "unit": "tokens",
        "help": "Number of points; P is n × n and its SVD costs about n³."
      },
      {
        "key": "d",
        "kind": "int",
        "default": 3,
        "min": 1,
        "max": 256,
        "help": "Dimension of the points x_i (queries = keys: self-attention)."
      },
      {
        "key": "geometry",
        "kind": "enum",
        "default": "sphere",
        "values": [
          "sphere",
          "ball",
          "gauss"
        ],
        "help": "Where the points live: the unit sphere, the uniform unit ball, or the Gaussian lift (ball of radius 1/2 with −β|x_j|²/2 added to each logit)."
      },
      {
        "key": "beta",
        "kind": "real",
        "default": 8,
        "min": 0,
        "max": 1000,
        "help": "Inverse temperature: logits L = β·X Xᵀ with no 1/√d factor; β = 0 gives uniform rows."
      },
      {
        "key": "causal",
        "kind": "enum",
        "default": "0",
        "values": [
          "0",
          "1"
        ],
        "help": "Causal mask: 1 makes P lower-triangular (row i sees keys j ≤ i)."
      },
      {
        "key": "order",
        "kind": "enum",
        "default": "tour",
        "values": [
          "tour",
          "sample"
        ],
        "help": "Order of the points in P: tour puts neighbours next to each other (by angle for d = 2), sample keeps the order they were drawn in. Spectra do not depend on it."
      },
      {
        "key": "px",
        "kind": "int",
        "default": 512,
        "min": 16,
        "max": 2048,
        "unit": "cells",
        "help": "The heatmap pools P (largest |P_ij| per block) to at most this many cells per side."
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
      }
    ],
    "inputs": [],
    "result": {
      "n": "int",
      "d": "int",
      "order": "string",
      "singularValues": "number[]",
      "rowEntropy": "number[]",
      "effectiveRank": "number",
      "maxEntropy": "number",
      "rowSumError": "number",
      "sphereLawScale": "number|null",
      "heatmap": {
        "rows": "int",
        "cols": "int",
        "data": "number[]"
      }
    }
  },
  {
    "id": "sparse-approx",
    "family": "sparse",
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
        "help": "Condition (23): ratios of nonzeros kept within a factor 1 + ε1."
      },
      {
        "key": "eps2",
        "kind": "real",
        "default": 0.5,
        "min": 0,
        "max": 1,
        "minOpen": true,
        "maxOpen": true,
        "help": "Condition (24): every zero of A stays below ε2 times each nonzero of its row."
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
        "help": "Causal attention: 1 masks the entries above the diagonal, so A is lower-triangular."
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
        "help": "How X(1), X(2) factor B: asym uses B·G and G (no SVD); sym uses UΣ½ and VΣ½, the paper's likely reading."
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
        "help": "Colour scale shared by the A and M heatmaps; log shows how small the zeros of A become in M."
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
  },
  {
    "id": "sparse-dmin",
    "family": "sparse",
    "singleJob": false,
    "hasTheory": false,
    "params": [
      {
        "key": "ns",
        "kind": "intList",
        "default": [
          128,
          256,
          512,
          1024
        ],
        "min": 8,
        "max": 4096,
        "maxCount": 12,
        "unit": "tokens",
        "help": "Sequence lengths n, comma-separated; one pattern A per n and seed (an uploaded pattern brings its own n)."
      },
      {
        "key": "k",
        "kind": "intList",
        "default": [
          2
        ],
        "min": 1,
        "max": 16,
        "maxCount": 6,
        "help": "Sparsity: at most k nonzeros in every row and column of A; a list draws one curve per value."
      },
      {
        "key": "gamma",
        "kind": "realList",
        "default": [
          2
        ],
        "min": 1,
        "max": 1000000,
        "maxCount": 6,
        "help": "Dynamic range: within a row, largest nonzero / smallest nonzero ≤ γ."
      },
      {
        "key": "eps1",
        "kind": "realList",
        "default": [
          1
        ],
        "min": 0,
        "max": 10,
        "minOpen": true,
        "maxCount": 6,
        "help": "Condition (23): ratios of nonzeros kept within a factor 1 + ε1."
      },
      {
        "key": "eps2",
        "kind": "realList",
        "default": [
          0.5
        ],
        "min": 0,
        "max": 1,
        "minOpen": true,
        "maxOpen": true,
        "maxCount": 6,
        "help": "Condition (24): every zero of A stays below ε2 times each nonzero of its row."
      },
      {
        "key": "causal",
        "kind": "enum",
        "default": "0",
        "values": [
          "0",
          "1"
        ],
        "help": "Causal attention: 1 masks the entries above the diagonal, so A is lower-triangular."
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
        "help": "How X(1), X(2) factor B: asym uses B·G and G (no SVD); sym uses UΣ½ and VΣ½, the paper's likely reading."
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
        "key": "step",
        "kind": "int",
        "default": 16,
        "min": 1,
        "max": 1024,
        "help": "d is scanned over step, 2·step, 3·step, … in ascending order."
      },
      {
        "key": "dmax",
        "kind": "int",
        "default": 16384,
        "min": 1,
        "max": 65536,
        "help": "The scan stops here; a point that never passes is reported as capped."
      },
      {
        "key": "seeds",
        "kind": "int",
        "default": 3,
        "min": 1,
        "max": 50,
        "help": "Independent patterns per n; their random streams derive from the seed."
      },
      {
        "key": "draws",
        "kind": "intList",
        "default": [
          1
        ],
        "min": 1,
        "max": 100,
        "maxCount": 6,
        "help": "A grid point passes if any of this many fresh draws of Y passes (1 = the paper's protocol)."
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
        ]
      }
    ],
    "result": {
      "perN": [
        {
          "n": "int",
          "dmin": "(int|null)[]",
          "seeds": "int[]",
          "seedsDone": "int",
          "mean": "number|null",
          "sd": "number|null",
          "capped": "bool",
          "cappedSeeds": "int",
          "dcap": "int",
          "bound": "number"
        }
      ],
      "fit": {
        "a": "number",
        "b": "number",
        "r2": "number|null",
        "$nullable": true
      },
      "curveParam": "string|null",
      "curves": [
        {
          "param": "string|null",
          "value": "number|null",
          "setting": {
            "k": "int",
            "gamma": "number",
            "eps1": "number",
            "eps2": "number",
            "draws": "int"
          },
          "perN": [
            {
              "n": "int",
              "dmin": "(int|null)[]",
              "seeds": "int[]",
              "seedsDone": "int",
              "mean": "number|null",
              "sd": "number|null",
              "capped": "bool",
              "cappedSeeds": "int",
              "dcap": "int",
              "bound": "number"
            }
          ],
          "fit": {
            "a": "number",
            "b": "number",
            "r2": "number|null",
            "$nullable": true
          },
          "bounds": [
            {
              "n": "int",
              "bound": "number"
            }
          ]
        }
      ],
      "jobsDone": "int",
      "jobsTotal": "int"
    }
  }
] as const;

/** The result of attention-map, as its core declares it. */
export interface AttentionMapResult {
  n: number;
  d: number;
  order: string;
  singularValues: number[];
  rowEntropy: number[];
  effectiveRank: number;
  maxEntropy: number;
  rowSumError: number;
  sphereLawScale: number | null;
  heatmap: {
    rows: number;
    cols: number;
    data: number[];
  };
}

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

/** The result of sparse-dmin, as its core declares it. */
export interface SparseDminResult {
  perN: Array<{
    n: number;
    dmin: (number | null)[];
    seeds: number[];
    seedsDone: number;
    mean: number | null;
    sd: number | null;
    capped: boolean;
    cappedSeeds: number;
    dcap: number;
    bound: number;
  }>;
  fit: {
    a: number;
    b: number;
    r2: number | null;
  } | null;
  curveParam: string | null;
  curves: Array<{
    param: string | null;
    value: number | null;
    setting: {
      k: number;
      gamma: number;
      eps1: number;
      eps2: number;
      draws: number;
    };
    perN: Array<{
      n: number;
      dmin: (number | null)[];
      seeds: number[];
      seedsDone: number;
      mean: number | null;
      sd: number | null;
      capped: boolean;
      cappedSeeds: number;
      dcap: number;
      bound: number;
    }>;
    fit: {
      a: number;
      b: number;
      r2: number | null;
    } | null;
    bounds: Array<{
      n: number;
      bound: number;
    }>;
  }>;
  jobsDone: number;
  jobsTotal: number;
}

/** Result types by experiment id. */
export interface ResultOf {
  'attention-map': AttentionMapResult;
  'sparse-approx': SparseApproxResult;
  'sparse-dmin': SparseDminResult;
}

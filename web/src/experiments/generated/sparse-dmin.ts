// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** sparse-dmin: its parameters, named inputs and result shape, as its core declares them. */
export const SPARSE_DMIN_SCHEMA = {
  "id": "sparse-dmin",
  "family": "sparse",
  "module": "sparse",
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
      "help": "Spread condition: ratios of nonzeros kept within a factor 1 + ε1."
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
      "help": "Gap condition: every zero of A stays below ε2 times each nonzero of its row."
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
} as const;

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
